"""The site offline, in real Chromium: the service worker (site/sw.js, sitebuild/offline.py) and the Python
files the calculator's worker keeps decoded (docs/assets/calculadora/src/worker/store.js).

Each test serves its own verified copy of the built site, so that "offline" is the server really gone, and
a "new build" is the copy changed and its service worker written again by the build's own stage."""

from __future__ import annotations

import json
import re

import pytest

from sitebuild import offline
from tests import pace
from tests.support import QuietHandler, SiteServer, verified_copy

PY_TIMEOUT = pace.ms(90_000)
# A question the precomputed tables do not answer (more than 1,000 vacancies): Python answers it.
PYTHON_QUESTION = ("calculadora.html?ferramenta=reserva&norma=ubatuba&vagas=2500&data_edital=2016-03-01"
                   "#reserva")
PYTHON_ANSWER = '#reserva-resultado[data-origem="python"]'
CONTROLLED = "navigator.serviceWorker.controller !== null"
PYTHON_KEPT = """async (names) => {
  const cache = await caches.open(names.cache);
  const kept = (await cache.keys()).map((r) => r.url.split("/").pop());
  return names.files.every((f) => kept.includes(f));
}"""
SITE_CACHES_ARE = ("async (name) => (await caches.keys()).filter((k) => k.startsWith('cotas-site-')).join()"
                   " === name")
DECODED = ["pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "calculator.zip"]



@pytest.fixture
def site(tmp_path):
    return verified_copy(tmp_path / "site")


@pytest.fixture
def context(browser):
    context = browser.new_context(locale="pt-BR")
    context.errors = []
    yield context
    context.close()


def test_python_and_pages_work_offline_on_the_second_visit(site, context):
    server = SiteServer(site)
    runtime = offline.read_build(site)["runtime"]
    QuietHandler.sent.clear()
    page = context.new_page()
    try:
        page.goto(server.base + PYTHON_QUESTION)
        page.wait_for_selector(PYTHON_ANSWER, timeout=PY_TIMEOUT)
        first = page.inner_text("#reserva-resultado")
        page.wait_for_function(CONTROLLED, timeout=PY_TIMEOUT)
        page.wait_for_function(PYTHON_KEPT, arg={"cache": f"cotas-python-{runtime}", "files": DECODED},
                               timeout=PY_TIMEOUT, polling=500)
        # every download of the worker carried the runtime's version: no older copy from the HTTP cache
        asked = [path for path, _ in QuietHandler.sent if "/assets/pyodide/" in path]
        assert asked and all(f"v={runtime}" in path for path in asked), asked
    finally:
        server.close()

    # the server is gone: the page, Python and a law page come from this browser's storage
    page.reload()
    page.wait_for_selector(PYTHON_ANSWER, timeout=PY_TIMEOUT)
    assert page.inner_text("#reserva-resultado") == first
    via = {k: v for w in page.workers for k, v in (w.evaluate("() => self.packedVia || {}") or {}).items()}
    assert {via.get(name) for name in DECODED} == {"cache"}, via
    page.goto(server.base + "gerado/ubatuba.html")
    assert "Lei nº 3.765" in page.inner_text("h1")
    page.goto(server.base + "pagina-que-nao-foi-guardada.html")
    assert page.inner_text("h1").startswith("Sem conexão")
    assert "calculadora em Python" in page.inner_text("article")


def test_a_new_build_is_offered_and_replaces_the_cache(site, context):
    server = SiteServer(site)
    try:
        page = context.new_page()
        page.goto(server.base + "sobre.html")
        page.wait_for_function(CONTROLLED, timeout=PY_TIMEOUT)
        old = offline.read_build(site)
        assert f"cotas-site-{old['version']}" in page.evaluate("caches.keys()")

        # a new build: a page changed, and the build's own stage writes the service worker again
        about = site / "sobre.html"
        text = about.read_text(encoding="utf-8")
        changed = re.sub(r"(<h1[^>]*>Sobre e como citar)", r"\1 (nova versão)", text, count=1)
        assert changed != text
        about.write_text(changed, encoding="utf-8")
        offline.write_service_worker(site, old["runtime"])
        new = offline.read_build(site)
        assert new["version"] != old["version"]

        page.reload()  # the browser checks sw.js past its HTTP cache (updateViaCache: "none")
        page.wait_for_selector("#nova-versao", timeout=PY_TIMEOUT)
        # until the reader accepts it, every page is the old build's: no mix of versions
        assert "nova versão" not in page.inner_text("h1")
        with page.expect_navigation(timeout=PY_TIMEOUT):
            page.get_by_role("button", name="Atualizar agora").click()
        assert page.inner_text("h1").startswith("Sobre e como citar (nova versão)")
        page.wait_for_function(SITE_CACHES_ARE, arg=f"cotas-site-{new['version']}", timeout=PY_TIMEOUT)
    finally:
        server.close()


def test_the_site_is_installable(site, context):
    """Chromium's own installability check (the manifest, its icons, the service worker) finds nothing but
    the test's own private profile (a Playwright context is one; a reader's browser is not)."""
    server = SiteServer(site)
    try:
        page = context.new_page()
        page.goto(server.base + "index.html")
        page.wait_for_function(CONTROLLED, timeout=PY_TIMEOUT)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors] == ["in-incognito"], errors
        shown = cdp.send("Page.getAppManifest")
        assert shown["errors"] == [] and shown["url"] == server.base + offline.MANIFEST_NAME
        manifest = json.loads(shown["data"])
        assert manifest["name"] == "Cotas em Concursos" and manifest["lang"] == "pt-BR"
    finally:
        server.close()
