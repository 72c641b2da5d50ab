"""The Content-Security-Policy of Como hospedar, for real: every page of the built site opened in Chromium
with that exact header (read from the built page's nginx snippet), zero violations, search and calculator
working.  No 'unsafe-inline': the theme's inline scripts and the 404 page's style are allowed by hash."""

from __future__ import annotations

import functools
import html
import http.server
import re
import threading
from pathlib import Path

import pytest

from sitebuild import csp
from tests.support import require_site_files, verified_copy

READY = '#calc-status[data-state="ready"]'


def snippet_policy(site: Path, lang: str) -> str:
    page = (site / "hospedar.html").read_text(encoding="utf-8")
    m = re.search(rf'<code class="language-{lang}">(.*?)</code>', page, re.S)
    assert m, f"bloco {lang} não encontrado em hospedar.html"
    code = html.unescape(m.group(1))
    found = re.search(r'Content-Security-Policy "([^"]+)"', code)
    assert found, code
    return found.group(1)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    require_site_files(["hospedar.html", "calculadora.html", "404.html", "search/search_index.json"])
    return verified_copy(tmp_path_factory.mktemp("csp") / "site")


def test_policy_is_the_same_in_both_snippets_and_has_no_unsafe_inline(site):
    nginx, apache = snippet_policy(site, "nginx"), snippet_policy(site, "apache")
    assert nginx == apache == csp.csp_policy(site)
    assert "unsafe-inline" not in nginx and "__CSP_" not in nginx
    hashes = csp.inline_hashes(site)
    assert hashes["script"] and hashes["style"]
    for h in hashes["script"] + hashes["style"]:
        assert h in nginx
    assert "img-src 'self' data:" in nginx and "'wasm-unsafe-eval'" in nginx
    # no inline style="" (tables use align="") and no on…="" handlers anywhere
    for page in site.rglob("*.html"):
        text = re.sub(r"<(script|style)\b.*?</\1>", "", page.read_text(encoding="utf-8"), flags=re.S)
        assert not re.search(r"<[a-zA-Z][^>]*\s(style|on[a-z]+)\s*=", text), page


class _CspHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}
    policy = ""

    def end_headers(self):
        self.send_header("Content-Security-Policy", self.policy)
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - http.server's signature
        pass


def _serve(site: Path, policy: str):
    handler = type("H", (_CspHandler,), {"policy": policy})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


@pytest.fixture(scope="module")
def server(site):
    httpd, url = _serve(site, snippet_policy(site, "nginx"))
    yield url
    httpd.shutdown()
    httpd.server_close()


WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def open_page(browser, url: str, then=None) -> tuple[list[str], list[str]]:
    context = browser.new_context()
    context.add_init_script(WATCH)
    errors: list[str] = []  # what the policy breaks: refusals (pages and workers) and script exceptions

    def console(m):
        if m.type == "error" and ("Content Security Policy" in m.text or "Refused" in m.text):
            errors.append(m.text)

    page = context.new_page()
    page.on("console", console)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("worker", lambda w: w.on("console", console))
    try:
        page.goto(url, wait_until="load")
        if then:
            then(page)
        page.wait_for_timeout(300)  # late violations (fonts, icons, deferred scripts)
        return page.evaluate("() => window.__csp"), errors
    finally:
        context.close()


def test_every_page_loads_under_the_policy_with_zero_violations(site, server, browser):
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert len(pages) > 10
    # the pages of shared answers are one template (sitebuild/share_pages.py) a thousand times: one of each
    # norm and tool is enough
    pages = [rel for rel in pages if not rel.startswith("compartilhar/") or rel.endswith(("/reserva-1.html",
                                                                                        "/ordem-1.html"))]
    problems = {}
    for rel in pages:
        violations, errors = open_page(browser, server + rel)
        if violations or errors:
            problems[rel] = violations + errors
    assert problems == {}


def test_search_works_under_the_policy(server, browser):
    def search(page):
        page.click(".md-search__input")
        page.type(".md-search__input", "heteroidentificação", delay=20)
        page.wait_for_selector(".md-search-result__item", timeout=30_000)

    violations, errors = open_page(browser, server + "index.html", search)
    assert violations == [] and errors == []


def test_calculator_runs_python_under_the_policy(server, browser):
    def calculate(page):
        page.click("#calc-carregar")  # Python loads on demand
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        # a question outside the precomputed answers (another percentage): Python answers it
        page.goto(page.url.split("?")[0] + "?ferramenta=reserva&norma=ubatuba&vagas=10&percentual=25#reserva")
        page.wait_for_selector('#reserva-resultado[data-origem="python"]', state="attached", timeout=120_000)

    violations, errors = open_page(browser, server + "calculadora.html", calculate)
    assert violations == [] and errors == []


def _runtime_via(page) -> dict:
    via = [v for v in (w.evaluate("() => self.packedVia || null") for w in page.workers) if v]
    assert len(via) == 1, via
    return via[0]


def test_under_the_policy_the_runtime_script_travels_compressed(server, browser):
    """blob: in script-src lets the worker run pyodide.asm.mjs from its own decompressed .zst twin: a
    server that compresses nothing (this one) sends 0.22 MB instead of 1.25 MB."""
    seen = {}

    def calculate(page):
        page.click("#calc-carregar")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        seen.update(_runtime_via(page))

    violations, errors = open_page(browser, server + "calculadora.html", calculate)
    assert violations == [] and errors == []
    assert seen["pyodide.asm.mjs"] == "zst"


def test_without_blob_in_the_policy_python_still_starts_from_the_original_script(site, browser):
    """A stricter policy of the site's own (no blob:): the worker's probe is refused, nothing is
    downloaded in vain, and Pyodide imports pyodide.asm.mjs itself."""
    policy = snippet_policy(site, "nginx").replace(" blob:", "")
    assert "blob:" not in policy
    httpd, url = _serve(site, policy)
    seen, requests = {}, []

    def calculate(page):
        page.on("request", lambda r: requests.append(r.url))
        page.click("#calc-carregar")
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        seen.update(_runtime_via(page))

    try:
        violations, errors = open_page(browser, url + "calculadora.html", calculate)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert seen["pyodide.asm.mjs"] == "original" and seen["pyodide.asm.wasm"] == "zst"
    assert any(u.endswith("/pyodide.asm.mjs") for u in requests)
    assert not any(u.endswith(("/pyodide.asm.mjs.gz", "/pyodide.asm.mjs.zst")) for u in requests)
    # the only refusal may be the probe's (a blob: script, in the worker); the page itself sees none
    assert violations == []
    assert [e for e in errors if "blob:" not in e] == []
