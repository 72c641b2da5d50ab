"""What several test files (and bench/) share, in one place: the repository root, where the built site
and Chromium are, how Chromium is launched, the check that the built site is there, the CLIs run as a
user runs them, a server of the built site under a sub-path, sha256sum over a site's SHA256SUMS and a
verified copy of the built site.

Not a test module (pytest collects only test_*.py). Imported as ``tests.support``: the repository root
is on sys.path (pyproject's pythonpath for pytest; ``python -m bench`` runs from the root). The fixtures
made of these (``built_site``, ``served_site``) are in conftest.py, which pytest loads by itself and no
module imports. pytest is imported only by the helpers that fail a test, so bench/ can use the rest
without it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests import pace

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"  # made by build.py
#: Files of every complete build: the pages of each norm and of the calculator, the precomputed tables,
#: and SHA256SUMS, which build.py writes after every other file.
BUILT_FILES = ["index.html", "calculadora.html", "gerado/ubatuba.html", "gerado/quissama.html",
               "gerado/lins.html", "gerado/tabelas.json", "SHA256SUMS"]

CHROMIUM = "/usr/bin/chromium"  # Debian's package
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: The site's three colour schemes (the body's data-md-color-scheme, assets/paleta.js) → the media a browser
#: context emulates for a first visit to land in it: the system's light or dark preference, or its request
#: for more contrast (which wins over either).
SCHEMES = {
    "default": {"color_scheme": "light", "contrast": "no-preference"},
    "slate": {"color_scheme": "dark", "contrast": "no-preference"},
    "alto-contraste": {"color_scheme": "light", "contrast": "more"},
}


def axe_options(scheme: str) -> dict:
    """axe.run's options for a page in this scheme: the high contrast promises 7:1 (WCAG AAA), so its runs
    add axe's enhanced-contrast rule, which axe leaves off by default."""
    return {"resultTypes": ["violations"],
            "rules": {"color-contrast-enhanced": {"enabled": scheme == "alto-contraste"}}}


def require_site_files(needed: list[str]) -> Path:
    """The built site, or a clear failure (never a skip) naming the files build.py did not produce."""
    import pytest

    missing = [p for p in needed if not (SITE / p).is_file()]
    if missing:
        pytest.fail(
            f"site/ não foi gerado ou está incompleto (faltam: {', '.join(missing)}). "
            "Rode `.venv/bin/python build.py` (ou `make test`, que gera o site antes do pytest).",
            pytrace=False,
        )
    normas = SITE / "assets" / "calculadora" / "normas.js"
    if normas.is_file():
        from calculator.norms import discover

        shown = normas.read_text(encoding="utf-8")
        absent = [slug for slug in discover() if f'"{slug}"' not in shown]
        if absent:
            pytest.fail(f"site/ foi gerado sem as normas {', '.join(absent)}, que os testes têm: gere-o com "
                        "`make test` ou `COTAS_NORMAS_EXTRA=tests/fixtures/normas .venv/bin/python "
                        "build.py`.",
                        pytrace=False)
    return SITE


def run_cli(module: str, *args: str, stdin: bytes | str | None = None, text: bool = False,
            env: dict | None = None, timeout: float = 120, **kw) -> subprocess.CompletedProcess:
    """``python -m <module> <args>`` run from the repository root, the way a user runs it: stdout and
    stderr captured (bytes; UTF-8 str with text=True), env added to this environment, and a timeout so a
    CLI that hangs fails its test instead of the session (scaled by tests/pace.py on a slow machine).
    Other keywords go to subprocess.run (a test of output failures passes its own stdout=)."""
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    if text:
        kw.update(text=True, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, input=stdin,
                          timeout=pace.seconds(timeout), env={**os.environ, **env} if env else None, **kw)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".csv": "text/csv",
        ".zip": "application/zip",
    }

    sent: list[tuple[str, int]] = []  # (path, bytes) of every response body, for the measurements

    def log_message(self, format, *args):  # noqa: A002 - http.server's signature
        pass

    def copyfile(self, source, outputfile):
        start = source.tell()
        try:
            super().copyfile(source, outputfile)
        except (ConnectionResetError, BrokenPipeError):
            pass  # the browser left the page (or a test ended) mid-download
        self.sent.append((self.path, source.tell() - start))


class SiteServer:
    """Serves a temp dir whose /cotas/ is a symlink to a site (the site knows nothing of that prefix, so
    every URL it uses must be relative).  ``base`` is the site's address, ``origin`` the server's."""

    SUBPATH = "/cotas/"

    def __init__(self, site: Path):
        self._tmp = tempfile.TemporaryDirectory()
        (Path(self._tmp.name) / self.SUBPATH.strip("/")).symlink_to(site, target_is_directory=True)
        handler = functools.partial(QuietHandler, directory=self._tmp.name)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.base = self.origin + self.SUBPATH
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self._tmp.cleanup()


@contextlib.contextmanager
def watched_page(browser, origin: str):
    """A page in a new browser context allowed to use the clipboard, whose requests to anything but origin
    are aborted and kept in ``page.outside``, and whose console errors and uncaught exceptions are kept in
    ``page.errors`` (the tests assert both stay empty)."""
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.outside, page.errors = [], []

    def route(r):
        if r.request.url.startswith(origin + "/"):
            r.continue_()
        else:
            page.outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()


def sha256sum_check(folder: Path, strict: bool = True) -> subprocess.CompletedProcess:
    """``sha256sum --check [--strict] --quiet SHA256SUMS`` run in folder (output captured as text)."""
    return subprocess.run(
        ["sha256sum", "--check", *(["--strict"] if strict else []), "--quiet", "SHA256SUMS"],
        cwd=folder,
        capture_output=True,
        text=True,
    )


def try_verified_copy(dest: Path, site: Path = SITE) -> Path | None:
    """A copy of site/ (or another built site) at dest whose SHA256SUMS verifies, retrying while another
    build rewrites it; None if it never does."""
    for _ in range(40):
        shutil.rmtree(dest, ignore_errors=True)
        try:
            shutil.copytree(site, dest)
        except (shutil.Error, OSError):
            time.sleep(3)
            continue
        if (dest / "SHA256SUMS").is_file() and sha256sum_check(dest).returncode == 0:
            return dest
        time.sleep(3)
    return None


def verified_copy(dest: Path) -> Path:
    """try_verified_copy, or a clear test failure: the tests then run on a site no build can change."""
    import pytest

    copy = try_verified_copy(dest)
    if copy is None:
        pytest.fail("site/ não foi gerado por completo: rode `.venv/bin/python build.py`.", pytrace=False)
    return copy


def repository_copy(tmp_path: Path) -> Path:
    """tmp_path/repo: the repository's tracked files (git ls-files) and a link to its node_modules, for a
    test that runs build.py with extra corpus folders without touching the repository."""
    repo = tmp_path / "repo"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, files.decode("utf-8").split("\0")):
        src, dest = ROOT / name, repo / name
        if src.is_file():
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
    (repo / "node_modules").symlink_to(ROOT / "node_modules")
    return repo
