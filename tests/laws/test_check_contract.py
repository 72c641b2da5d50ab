"""`python -m laws check` is the contract: every mutant of the fixture norms (one key of meta.toml,
norma.toml or anotacoes.toml dropped, renamed or given a wrong value; one line of texto.txt dropped, altered
or repeated, its SHA-256 pinned again) is either refused by the check with a message, or goes through the
pipeline: the norm's page, its LexML (valid, every line intact), the page's fields and a sweep of every
command of the calculator (tools/mutate_norm.py). The check runs the folder's casos.toml too, so a mutant
that changes what the norm answers (a percentage, a minimum, a date) is refused by the case it breaks; the
mutants of casos.toml itself are in tests/laws/test_cases.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted(p.parent for p in (ROOT / "tests" / "fixtures" / "normas").glob("*/norma.toml"))

_PIPELINE_RUN = """
import json, sys
from pathlib import Path
from tools.mutate_norm import run_all
print(json.dumps(run_all(Path(sys.argv[1]))))
"""


@pytest.mark.parametrize("folder", FIXTURES, ids=[f.name for f in FIXTURES])
def test_every_mutant_is_refused_by_the_check_or_goes_through_the_pipeline(folder):
    import json

    # a process of its own: the pipeline points the calculator at the mutants' folder
    env = {k: v for k, v in os.environ.items() if k != "COTAS_NORMAS_EXTRA"}  # the mutant's folder only
    proc = subprocess.run([sys.executable, "-c", _PIPELINE_RUN, str(folder)], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=1800, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    total, refused, failures = json.loads(proc.stdout.splitlines()[-1])
    assert failures == []
    assert total > 300 and 0 < refused < total  # mutants of every kind, some accepted, some refused


def test_the_mutants_cover_every_key_and_every_line():
    from tools.mutate_norm import mutants

    folder = ROOT / "tests" / "fixtures" / "normas" / "exemplo"
    labels = [label for label, _ in mutants(folder)]
    text_lines = [ln for ln in (folder / "texto.txt").read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert sum(label.endswith("sem a linha") for label in labels) == len(text_lines)
    registry_keys = [ln for ln in (folder / "norma.toml").read_text(encoding="utf-8").splitlines()
                     if "=" in ln and not ln.startswith("#") and not ln.startswith(" ")]
    assert sum(label.startswith("norma.toml") and " sem " in label for label in labels) == len(registry_keys)
