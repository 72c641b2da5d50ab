"""Shared pytest setup: the Hypothesis profile of every property test, and the fixtures of the built site.

derandomize: the examples come from a fixed seed, so a failure seen once is seen at every run (and by the
next developer); the search is still wide (each test sets max_examples). deadline=None: timing belongs to
bench/, and on a shared 2-core machine the default 200 ms per example fails tests that are correct.

Fixtures for any test file (ask for them by name):
- built_site: the site/ path, or one clear failure if build.py has not made it;
- served_site: that site served under /cotas/ (``.base`` the site's address, ``.origin`` the server's);
- browser: Debian's Chromium through Playwright, one per test module.
What a module imports (ROOT, SITE, run_cli("calculator", …), require_site_files, watched_page, SiteServer,
verified_copy…) is in tests/support.py: pytest loads this file by itself, and a module importing it would
load a second copy.

Tiers: every test that needs a browser, a server, the built site, Node or a build of its own gets a
marker here, from what it uses (see :func:`_tiers`), so no test file lists its own tier. `make check`
runs the rest (the Makefile's FAST expression); `make test` runs everything.
"""

import inspect
import json
import os
import types
from pathlib import Path

# Every test runs with the fixture norms present (tests/fixtures/normas: two data-only norms beside the
# corpus's), so that a test that holds only for the corpus's own norms fails; the site the tests read is
# built with them too (`make test`). `COTAS_NORMAS_EXTRA= pytest …` runs on the corpus alone.
os.environ.setdefault("COTAS_NORMAS_EXTRA", str(Path(__file__).resolve().parent / "fixtures" / "normas"))

import pytest  # noqa: E402  (the norms are discovered when the calculator is first imported)
from hypothesis import settings  # noqa: E402

from tests import pace  # noqa: E402
from tests.support import (  # noqa: E402
    BUILT_FILES,
    CHROMIUM,
    CHROMIUM_ARGS,
    SiteServer,
    require_site_files,
)

settings.register_profile("cotas", derandomize=True, deadline=None, database=None, print_blob=True)
settings.load_profile("cotas")

#: marker → what makes a test need it: fixtures it asks for, names its code uses (through the functions
#: and fixtures of its own module it calls), string constants in that code.
TIERS = {
    "browser": {"fixtures": {"browser"}, "names": {"sync_playwright", "watched_page", "CHROMIUM"}},
    "server": {"fixtures": {"served_site"}, "names": {"SiteServer"}},
    "site": {"fixtures": {"built_site", "docs_copy"}, "names": {"require_site_files", "SITE", "verified_copy",
                                                   "try_verified_copy", "BUILT_FILES"}},
    # the precomputed answers are checked with the page's decoder in Node (sitebuild/answer_tables.py)
    "node": {"consts": {"node"}, "names": {"NODE_SCRIPT", "pack_calculator", "compile_bytecode",
                                           "decode_answers", "norm_answers", "write_answers"}},
    # build.py, or the mutation pipeline that builds each mutant's page (tests/laws/test_check_contract.py)
    "build": {"consts": {"build.py"}, "names": {"build", "_PIPELINE_RUN"}},
    "wheel": {"names": {"built_wheel"}, "fixtures": {"built_wheel", "wheel_venv"}},
}


def pytest_configure(config):
    for name in TIERS:
        config.addinivalue_line("markers", f"{name}: needs {name} (left out of `make check`)")


def _code_uses(code: types.CodeType, names: set, consts: set) -> None:
    names.update(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            _code_uses(const, names, consts)
        elif isinstance(const, str):
            consts.add(const)


def _tiers(item) -> set[str]:
    """The tiers a test needs: the fixtures it uses (directly or through other fixtures), and what the
    code of the test and of the module's own functions and fixtures it reaches refers to."""
    fixtures = set(item.fixturenames)
    module = getattr(item, "module", None)
    names: set[str] = set()
    consts: set[str] = set()
    seen: set = set()
    todo = [getattr(item, "function", None)]
    info = getattr(item, "_fixtureinfo", None)
    for defs in (info.name2fixturedefs.values() if info else ()):
        todo += [d.func for d in defs if inspect.getmodule(d.func) is module]
    while todo:
        fn = todo.pop()
        code = getattr(inspect.unwrap(fn), "__code__", None) if fn is not None else None
        if code is None or code in seen:
            continue
        seen.add(code)
        found: set[str] = set()
        _code_uses(code, found, consts)
        names |= found
        for name in found:  # functions of the same module it calls, and so on
            target = getattr(module, name, None)
            if inspect.isfunction(target) and inspect.getmodule(target) is module:
                todo.append(target)
    out = set()
    for tier, what in TIERS.items():
        if fixtures & what.get("fixtures", set()) or names & what.get("names", set())\
                or consts & what.get("consts", set()):
            out.add(tier)
    return out


def pytest_collection_modifyitems(config, items):
    tiers = {}
    for item in items:
        tiers[item.nodeid] = sorted(_tiers(item))
        for tier in tiers[item.nodeid]:
            item.add_marker(tier)
    # tests/test_tiers.py reads every test's tiers from one collection
    if os.environ.get("COTAS_TIERS_FILE"):
        Path(os.environ["COTAS_TIERS_FILE"]).write_text(json.dumps(tiers), encoding="utf-8")


@pytest.fixture(scope="session")
def built_site() -> Path:
    """site/ as build.py made it, or a clear failure (never a skip, never a build behind the test's back):
    `make test` builds before pytest; by hand, `.venv/bin/python build.py`."""
    return require_site_files(BUILT_FILES)


@pytest.fixture(scope="session")
def served_site(built_site):
    """The built site served by http.server on 127.0.0.1 under /cotas/ (``.base``, ``.origin``)."""
    server = SiteServer(built_site)
    yield server
    server.close()


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, headless, through Playwright (its own browser download does not work here).
    Module scope: a test that starts Playwright itself (test_distribution_servers) must not find one
    running."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium não encontrado em {CHROMIUM}: `apt-get install chromium` (ou `make test`).",
                    pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield PacedBrowser(launched)
        launched.close()


class PacedBrowser:
    """The browser, with every new context's and page's default wait (Playwright's 30 s) scaled by how slow
    this machine is (tests/pace.py), so no click or fill times out on a loaded runner."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.set_default_timeout(pace.ms(30_000))
        return context

    def new_page(self, **options):
        page = self._browser.new_page(**options)
        page.set_default_timeout(pace.ms(30_000))
        return page

    def __getattr__(self, name):
        return getattr(self._browser, name)


def pytest_report_header(config):
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"waits scaled by {pace.factor():.1f} (tests/pace.py; load {load:.1f} on {os.cpu_count()} cores)"
