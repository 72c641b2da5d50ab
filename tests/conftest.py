"""Shared pytest setup: the Hypothesis profile of every property test, and the fixtures of the built site.

derandomize: the examples come from a fixed seed, so a failure seen once is seen at every run (and by the
next developer); the search is still wide (each test sets max_examples). deadline=None: timing belongs to
bench/, and on a shared 2-core machine the default 200 ms per example fails tests that are correct.

The importable helpers (ROOT, SITE, run_cli, SiteServer, require_site_files…) are in tests/support.py:
pytest loads this file by itself, and a module importing it would load a second copy.
"""

from pathlib import Path

import pytest
from hypothesis import settings

from tests.support import BUILT_FILES, SiteServer, require_site_files

settings.register_profile("cotas", derandomize=True, deadline=None, database=None, print_blob=True)
settings.load_profile("cotas")


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
