"""The site on a phone, in a real browser (Debian's Chromium through Playwright), on the project's throttled
phone profile: 390 × 844, CPU 4× slower, 9 Mbit/s with 150 ms round trips (DevTools protocol, on the page).

- the answer in view: arriving by a shared link with a question, and after a Calcular press, the answer's
  box is on screen and focused (a screen reader reads it), and the form is one Shift+Tab away;
- nothing sideways: on every page of the site, at 100% and at 200% text (the browser's default font size
  doubled, as a visitor's setting does), the page is never wider than the screen; also with each tool's
  answer on the calculator page;
- legible in every scheme: axe-core (node_modules) finds nothing serious or critical on any page, light,
  dark and high contrast (there, no text under 7:1 either), nor on the calculator with each tool's answer,
  the edital report's boxes included.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from sitebuild.share_pages import SHARE_DIR
from tests import pace
from tests.support import ROOT, SCHEMES, SITE, SiteServer, axe_options

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
ARRIVAL = "calculadora.html?ferramenta=reserva&norma=ubatuba&vagas=40&data_edital=2016-03-01"
PY_TIMEOUT = pace.ms(120_000)
# A table whose per-cargo and whole-contest reserves differ: the report then shows the national context box.
FRACTIONED = "cargo;vagas;reservadas\n" + "".join(f"Cargo {i};2;0\n" for i in range(5))
EDITAL_LINK = f"calculadora.html?ferramenta=edital&norma=ubatuba&tabela={quote(FRACTIONED)}#edital"


def pages() -> list[str]:
    """Every page of the built site (the assets' own HTML aside); of the share pages, all made by one
    template (sitebuild/share_pages.py), the first of each norm and tool."""
    found = []
    for path in sorted(SITE.rglob("*.html")):
        rel = path.relative_to(SITE)
        if rel.parts[0] == "assets" or rel.parts[0] == SHARE_DIR and not rel.name.endswith("-1.html"):
            continue
        found.append(rel.as_posix())
    return found


def own_style(rel: str) -> bool:
    """Pages with a small stylesheet of their own, without the theme's type scale or colour schemes: the 404
    page and the share pages."""
    return rel == "404.html" or rel.startswith(f"{SHARE_DIR}/")


@pytest.fixture(scope="module")
def server(served_site) -> SiteServer:
    return served_site


def phone(browser, scheme: str = "default", text: int = 100, throttled: bool = True):
    """A context and page on the phone profile, landing in this colour scheme (tests.support.SCHEMES);
    text=200 doubles the browser's default font size."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="pt-BR",
                                  **SCHEMES[scheme])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    if throttled:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                                                      "downloadThroughput": 9_000_000 / 8,
                                                      "uploadThroughput": 9_000_000 / 8})
    if text != 100:
        size = 16 * text // 100
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": size * 13 // 16}})
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return context, page


IN_VIEW = """(sel) => {
  const out = document.querySelector(sel);
  const head = out.querySelector('.calc-resposta') || out;
  const top = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const box = out.getBoundingClientRect(), h = head.getBoundingClientRect();
  return {boxTop: box.top, headBottom: h.bottom, headerBottom: top, height: innerHeight,
          focused: document.activeElement === out};
}"""


def assert_in_view(page, selector: str):
    v = page.evaluate(IN_VIEW, selector)
    assert v["boxTop"] >= v["headerBottom"] - 1 and v["headBottom"] <= v["height"],\
        f"a resposta não está na tela: {v}"
    assert v["focused"], "o foco não foi para a resposta"


# --------------------------------------------------------------------------- the answer in view
@pytest.mark.parametrize("fragment", ["", "#reserva"])
def test_shared_link_answer_is_in_view_and_focused_on_the_phone(browser, server, fragment):
    context, page = phone(browser)
    try:
        page.goto(server.base + ARRIVAL + fragment, wait_until="load")
        page.wait_for_selector('#reserva-resultado[data-origem="tabela"]')
        page.wait_for_function("document.activeElement === document.querySelector('#reserva-resultado')")
        assert "8 vagas reservadas de 40" in page.inner_text("#reserva-resultado")
        assert_in_view(page, "#reserva-resultado")
        # the form is not hidden from the keyboard: Shift+Tab goes back to its Calcular button
        page.keyboard.press("Shift+Tab")
        form = page.evaluate("(document.activeElement.closest('form') || {}).id")
        assert form == "form-reserva"
        assert page.errors == []
    finally:
        context.close()


def test_shared_link_answer_is_in_view_on_the_desktop(browser, server):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="pt-BR")
    try:
        page = context.new_page()
        page.goto(server.base + "calculadora.html?ferramenta=ordem&norma=ubatuba&vagas=40", wait_until="load")
        page.wait_for_selector('#ordem-resultado[data-origem="tabela"]')
        page.wait_for_function("document.activeElement === document.querySelector('#ordem-resultado')")
        assert_in_view(page, "#ordem-resultado")
    finally:
        context.close()


def test_calcular_press_brings_the_answer_into_view(browser, server):
    context, page = phone(browser)
    try:
        page.goto(server.base + "calculadora.html", wait_until="load")
        page.select_option("#ordem-norma", "quissama")
        page.click("#ordem-vagas")
        page.keyboard.type("30")
        page.keyboard.press("Enter")
        page.wait_for_selector('#ordem-resultado[data-origem="tabela"]')
        page.wait_for_function("document.activeElement === document.querySelector('#ordem-resultado')")
        assert_in_view(page, "#ordem-resultado")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement.closest('form').id") == "form-ordem"
        # an answer computed again (not asked for) does not move the page: no focus theft while reading
        page.focus("#reserva-vagas")
        page.evaluate("window.scrollTo(0, 0)")
        page.evaluate("CotasCalculadora.ensurePython()")  # (as the page does when a question needs it)
        page.wait_for_selector('#calc-status[data-state="ready"]', timeout=PY_TIMEOUT)
        page.wait_for_selector('#ordem-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
        assert page.evaluate("[document.activeElement.id, scrollY]") == ["reserva-vagas", 0]
        assert page.errors == []
    finally:
        context.close()


# --------------------------------------------------------------------------- nothing sideways
SIDEWAYS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("text", [100, 200])
def test_no_page_scrolls_sideways_on_the_phone(browser, server, text):
    context, page = phone(browser, text=text)
    try:
        wide = {}
        for rel in pages():
            page.goto(server.base + rel, wait_until="load")
            font = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
            if not own_style(rel):
                assert font == pytest.approx(20 * text / 100), (rel, font)  # Material's 125% of the default
            over = page.evaluate(SIDEWAYS)
            if over > 0:
                wide[rel] = over
        assert wide == {}, f"páginas que rolam para o lado a {text}% do texto (px a mais): {wide}"
    finally:
        context.close()


@pytest.mark.parametrize("text", [100, 200])
def test_calculator_answers_fit_the_phone(browser, server, text):
    context, page = phone(browser, text=text, throttled=False)
    try:
        page.goto(server.base + "calculadora.html?ferramenta=ordem&norma=ubatuba&vagas=40#ordem")
        page.wait_for_selector('#ordem-resultado[data-origem="tabela"]')
        assert page.evaluate(SIDEWAYS) <= 0, "ordem"
        page.click("#simular-exemplo")
        page.wait_for_selector('#simular-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
        assert page.evaluate(SIDEWAYS) <= 0, "simulação"
        page.goto(server.base + EDITAL_LINK)
        page.wait_for_selector('#edital-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
        assert page.locator("#edital-resultado .calc-contexto").count() == 1
        assert page.evaluate(SIDEWAYS) <= 0, "edital"
    finally:
        context.close()


# --------------------------------------------------------------------------- legible in every scheme
def serious(page, scheme: str) -> list:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("async (o) => (await axe.run(document, o)).violations", axe_options(scheme))
    return [(v["id"], [n["target"] for n in v["nodes"]][:4]) for v in found
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_nothing_serious_on_any_page(browser, server, scheme):
    context, page = phone(browser, scheme=scheme)
    try:
        found = {}
        for rel in pages():
            page.goto(server.base + rel, wait_until="load")
            if not own_style(rel):
                assert page.get_attribute("body", "data-md-color-scheme") == scheme
            if problems := serious(page, scheme):
                found[rel] = problems
        assert found == {}, found
    finally:
        context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_nothing_serious_in_any_tools_answer(browser, server, scheme):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="pt-BR", **SCHEMES[scheme])
    try:
        page = context.new_page()
        page.goto(server.base + EDITAL_LINK)
        page.wait_for_selector('#edital-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
        aside = page.locator("#edital-resultado .calc-contexto")
        assert aside.count() == 1
        page.click("#edital-resultado details.calc-edital-passos summary")
        page.fill("#ordem-vagas", "40")
        page.click("#form-ordem button[type=submit]")
        page.wait_for_selector('#ordem-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
        page.fill("#reserva-vagas", "1500")
        page.click("#form-reserva button[type=submit]")
        page.wait_for_selector('#reserva-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
        page.click("#simular-exemplo")
        page.wait_for_selector('#simular-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
        page.focus("#simular-exemplo")  # a focused outlined button keeps its contrast
        assert serious(page, scheme) == []
    finally:
        context.close()


# --------------------------------------------------------------------------- the small ones
@pytest.mark.parametrize("query", ["vigência", "vigencia"])
def test_search_highlights_the_word_with_and_without_accents(browser, server, query):
    page = browser.new_page()
    try:
        page.goto(server.base + "sobre.html")
        page.click(".md-search__input")
        page.type(".md-search__input", query, delay=30)
        link = page.locator(".md-search-result__item a[href*='ubatuba.html']").first
        link.wait_for()
        page.wait_for_function(
            "(q) => [...document.querySelectorAll('.md-search-result__item a')].every("
            "a => new URL(a.href).searchParams.get('h') === q)", arg=query)
        link.click()
        page.wait_for_url("**/ubatuba.html*")
        page.wait_for_function("document.querySelectorAll('.md-content mark').length >= 11",
                               timeout=pace.ms(15000))
        marks = page.eval_on_selector_all(".md-content mark",
                                          "ms => ms.map(m => m.textContent.toLowerCase())")
        assert {"vigência", "vigencia"} >= set(marks) and "vigência" in marks
    finally:
        page.close()


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1366, "height": 900}])
def test_every_tab_stop_can_be_seen(browser, server, viewport):
    context = browser.new_context(viewport=viewport, locale="pt-BR")
    try:
        page = context.new_page()
        page.goto(server.base + "calculadora.html", wait_until="load")
        unseen = []
        for _ in range(40):
            page.keyboard.press("Tab")
            stop = page.evaluate("""() => {
              const e = document.activeElement;
              // a radio of the theme's palette is drawn by the label after it, which shows the focus ring
              const next = e.nextElementSibling;
              const shown = e.classList.contains("md-option") && next && next.tagName === "LABEL" ? next : e;
              const r = shown.getBoundingClientRect();
              return {what: `${e.tagName}.${e.className}#${e.id}`, seen: r.width > 0 && r.height > 0
                && getComputedStyle(shown).visibility === "visible"};
            }""")
            if not stop["seen"]:
                unseen.append(stop["what"])
        assert unseen == []
    finally:
        context.close()


# --------------------------------------------------------------------------- the bench's throttled start
def test_python_start_on_the_throttled_page(browser):
    """Why bench/ times the Python start on a page: Chromium refuses to throttle a Web Worker's CPU (even
    through the worker's own DevTools target), and does throttle the page's main thread. The bench page
    (bench/python_na_pagina.html) runs the site's worker.js there, unchanged: it must start the same Python
    (the plain start, the calculator imported) from the same files. If a later Chromium throttles workers,
    the first assertion fails, and the bench can throttle the site's own worker instead."""
    from bench.profiles import HARNESS
    from bench.server import SiteServer as BenchServer

    with BenchServer(SITE, precompressed=True) as srv:
        context = browser.new_context(locale="pt-BR")
        try:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            refusals = []

            def attached(event):
                message = '{"id": 1, "method": "Emulation.setCPUThrottlingRate", "params": {"rate": 4}}'
                for msg in (message, '{"id": 2, "method": "Runtime.runIfWaitingForDebugger"}'):
                    cdp.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"], "message": msg})

            cdp.on("Target.attachedToTarget", attached)
            cdp.on("Target.receivedMessageFromTarget",
                   lambda e: '"id":1,' in e["message"] and refusals.append(e["message"]))
            cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                              "flatten": False})
            page.goto(srv.url("calculadora.html?ferramenta=reserva&norma=ubatuba&vagas=1500"))
            page.wait_for_selector('#reserva-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
            assert refusals and "only supported for pages" in refusals[0], refusals
            context.close()

            context = browser.new_context(locale="pt-BR")
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})  # accepted on the page
            page.goto(srv.url().replace(srv.prefix, HARNESS), wait_until="load")
            srv.counter.reset()
            page.click("#iniciar")
            page.wait_for_function("window.__readyAt !== null", timeout=PY_TIMEOUT, polling=500)
            result = page.evaluate("window.__result")
            assert result["type"] == "ready" and result["boot"] == "plain", result
            assert result["via"]["pyodide.asm.wasm"] == "zst"
            fetched = {p.rsplit("/", 1)[-1] for p in srv.counter.paths}
            assert {"worker.js", "fzstd.mjs", "pyodide.asm.wasm.zst", "python_stdlib.zip.zst",
                    "calculator.zip.zst"} <= fetched
        finally:
            context.close()


def test_the_edital_tool_starts_python_when_the_visitor_starts_filling_it(browser, server):
    """Every Edital answer needs Python: its download begins with the first thing typed in the tool (a table
    takes a while to fill), not at Calcular; passing through with Tab downloads nothing."""
    context = browser.new_context(locale="pt-BR")
    try:
        page = context.new_page()
        asked = []
        page.on("request", lambda r: "pyodide" in r.url and asked.append(r.url))
        page.goto(server.base + "calculadora.html", wait_until="networkidle")
        page.focus("#edital-norma")
        for _ in range(4):
            page.keyboard.press("Tab")
        page.wait_for_timeout(pace.ms(500))
        assert asked == [] and page.get_attribute("#calc-status", "data-state") == "idle"
        page.locator("#edital-linhas input[name='linha-cargo']").first.type("Professor")
        page.wait_for_selector('#calc-status[data-state="loading"], #calc-status[data-state="ready"]')
        pace.until(page, lambda: asked, 10_000, "o Python não começou a baixar")
        assert page.locator("#edital-resultado *").count() == 0  # nothing computed yet: only the download
    finally:
        context.close()


def test_on_a_slow_link_the_wasm_comes_first_and_the_progress_total_holds(browser):
    """On the phone's link (bench/server.py: 150 ms, 9 Mbit/s shared), the standard library is asked for when
    the wasm is nearly in, not beside it (the wasm, which everything waits for, gets the whole link), and
    the "x de y MB" total, once shown, never changes."""
    from bench.profiles import HARNESS, PROFILES
    from bench.server import SiteServer as BenchServer

    with BenchServer(SITE, precompressed=False, network=PROFILES["celular"]["net"]) as srv:
        context = browser.new_context(locale="pt-BR")
        try:
            page = context.new_page()
            page.goto(srv.url().replace(srv.prefix, HARNESS), wait_until="load")
            page.click("#iniciar")
            page.wait_for_function("window.__readyAt !== null", timeout=PY_TIMEOUT, polling=500)
            assert page.evaluate("window.__result.type") == "ready"
            timing = {name: (start, end) for name, start, end in page.evaluate(
                "performance.getEntriesByType('resource').map(e => [e.name.split('/').pop(), e.startTime,"
                " e.responseEnd])")}
            wasm_start, wasm_end = timing["pyodide.asm.wasm.zst"]
            stdlib_start, stdlib_end = timing["python_stdlib.zip.zst"]
            assert stdlib_start > wasm_start + (wasm_end - wasm_start) / 2, timing
            assert wasm_end < stdlib_end, timing
            texts = [m["text"] for _, m in page.evaluate("window.__messages") if m.get("type") == "progress"]
            totals = {t.group(1) for t in (re.search(r" de (\d+,\d) MB", x) for x in texts) if t}
            amounts = [t.group(1) for t in (re.search(r"site: (\d+,\d)", x) for x in texts) if t]
            assert len(totals) == 1, texts
            assert len(amounts) >= 5, texts  # the download was long enough to report progress
        finally:
            context.close()
