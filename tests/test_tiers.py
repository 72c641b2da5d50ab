"""The fast tier (`make check`) leaves out exactly the tests that need a browser, a server, the built site,
Node, a build or the wheel: conftest.py marks them from what they use."""

import functools
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.support import ROOT

#: the Makefile's fast tier: the tests with none of these markers
FAST_LEAVES_OUT = {"browser", "server", "site", "node", "build", "wheel"}


@functools.cache
def tiers_of_every_test() -> dict[str, frozenset[str]]:
    """Every test of the suite (parameters dropped) → the tiers conftest.py gives it, from one collection."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "tiers.json"
        proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=",
                               "-p", "no:cacheprovider", "-p", "no:xdist"], cwd=ROOT, capture_output=True,
                              text=True, timeout=300, env={**os.environ, "COTAS_TIERS_FILE": str(out)})
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        tiers: dict[str, frozenset[str]] = {}
        for nodeid, names in json.loads(out.read_text(encoding="utf-8")).items():
            test = nodeid.split("[")[0]
            tiers[test] = tiers.get(test, frozenset()) | frozenset(names)
        return tiers


def test_the_fast_tier_is_the_makefiles():
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert set(re.search(r"^FAST := not \((.+)\)$", make, re.M).group(1).split(" or ")) == FAST_LEAVES_OUT


def test_fast_tier_leaves_out_browser_site_and_node_tests_and_keeps_the_rest():
    every = tiers_of_every_test()
    fast = {t for t, tiers in every.items() if not tiers & FAST_LEAVES_OUT}
    # a browser test (fixture), a Node test (subprocess "node"), a test reading site/ (a helper it calls)
    assert not any(t.startswith(("tests/browser/", "tests/node/test_pyodide_parity.py")) for t in fast)
    assert "tests/node/test_pyodide_pack.py::test_pack_copies_only_the_runtime_files_and_an_empty_lock"\
        not in fast
    golden = "tests/calculator/test_golden.py::test_pyodide_reproduces_the_recorded_answers_"
    assert golden + "from_the_built_site" not in fast
    # the mutation pipeline builds each mutant's page; a copy of docs/ with the generated pages needs a build
    assert not any("test_every_mutant_is_refused" in t for t in fast)
    assert "tests/sitebuild/test_build.py::test_a_broken_link_fails_the_build" not in fast
    assert "tests/laws/test_check_contract.py::test_the_mutants_cover_every_key_and_every_line" in fast
    # the pure-Python tests stay
    assert {t for t in every if t.startswith("tests/calculator/edital/test_edital.py")} <= fast
    tables = {t for t in every if "::test_each_norms_precomputed_table_reproduces" in t}
    assert tables and tables <= fast


#: the tier folders: every test in one needs its tier (conftest.py marks it from what it uses)
TIER_FOLDERS = {"browser": "browser", "node": "node", "site": "site"}


def test_the_tier_folders_hold_only_their_tier():
    """tests/browser/, tests/node/ and tests/site/ hold only tests that need a browser, Node or the built
    site; the other folders mirror the packages they test (calculator/, laws/, sitebuild/)."""
    every = tiers_of_every_test()
    for folder, tier in TIER_FOLDERS.items():
        inside = {t: tiers for t, tiers in every.items() if t.startswith(f"tests/{folder}/")}
        assert inside, folder
        assert [t for t, tiers in inside.items() if tier not in tiers] == [], folder
    folders = {p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert folders == {"calculator", "laws", "sitebuild", *TIER_FOLDERS}
    for sub in (ROOT / "tests" / "calculator").iterdir():
        if sub.is_dir() and (sub / "__init__.py").is_file():
            assert (ROOT / "calculator" / sub.name / "__init__.py").is_file(), sub  # mirrors a package
