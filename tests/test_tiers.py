"""The fast tier (`make check`) leaves out exactly the tests that need a browser, a server, the built site,
Node, a build or the wheel: conftest.py marks them from what they use."""

import re
import subprocess
import sys

from tests.support import ROOT

FAST = re.search(r'^FAST := (.+)$', (ROOT / "Makefile").read_text(encoding="utf-8"), re.M).group(1)


def _collected(*args: str) -> set[str]:
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=",
                           "-p", "no:cacheprovider", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return {line.split("[")[0] for line in proc.stdout.splitlines() if "::" in line}


def test_fast_tier_leaves_out_browser_site_and_node_tests_and_keeps_the_rest():
    files = ["tests/test_browser_edital.py", "tests/test_pyodide_parity.py", "tests/test_pyodide_pack.py",
             "tests/test_golden.py", "tests/test_edital.py", "tests/test_check_contract.py",
             "tests/test_build.py"]
    fast = _collected("-m", FAST, *files)
    every = _collected(*files)
    # a browser test (fixture), a Node test (subprocess "node"), a test reading site/ (a helper it calls)
    assert not any(t.startswith(("tests/test_browser_edital.py", "tests/test_pyodide_parity.py"))
                   for t in fast)
    assert "tests/test_pyodide_pack.py::test_pack_copies_only_the_runtime_files_and_an_empty_lock" not in fast
    assert "tests/test_golden.py::test_pyodide_reproduces_the_recorded_answers_from_the_built_site"\
        not in fast
    # the mutation pipeline builds each mutant's page; a copy of docs/ with the generated pages needs a build
    assert not any("test_every_mutant_is_refused" in t for t in fast)
    assert "tests/test_build.py::test_a_broken_link_fails_the_build" not in fast
    assert "tests/test_check_contract.py::test_the_mutants_cover_every_key_and_every_line" in fast
    # the pure-Python tests stay
    assert {t for t in every if t.startswith("tests/test_edital.py")} <= fast
    tables = {t for t in every if "::test_each_norms_precomputed_table_reproduces" in t}
    assert tables and tables <= fast
