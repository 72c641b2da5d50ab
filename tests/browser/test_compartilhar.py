"""The "Compartilhar" button of the calculator's answers and the build's page of each shared answer, in
Chromium (Playwright) on the built site served under /cotas/.

The phone's share sheet is stubbed (add_init_script) and asked what it received; without it, the link goes
to the clipboard (the context is granted clipboard access and the test reads it back). Every wait ends on
the state it needs, its limit scaled by tests/pace.py.
"""

from __future__ import annotations

import json

import pytest

from tests import pace

UBATUBA_RESERVE = "calculadora.html?ferramenta=reserva&norma=ubatuba&vagas="
TABLE_ANSWER = '#reserva-resultado[data-origem="tabela"] .calc-resposta'
SHARE_STUB = """
window.__shared = [];
Object.defineProperty(Navigator.prototype, "share", { configurable: true,
  value: function (data) { window.__shared.push(data); return Promise.resolve(); } });
"""
NO_SHARE = 'Object.defineProperty(Navigator.prototype, "share", { configurable: true, value: undefined });'
NO_CLIPBOARD = NO_SHARE + """
Object.defineProperty(Navigator.prototype, "clipboard", { configurable: true, get() { return {
  writeText: () => Promise.reject(new DOMException("recusado", "NotAllowedError")) }; } });
"""


def expected(command: str, slug: str, n: int) -> dict:
    from calculator.api import handle
    from sitebuild.context import example_percent

    request = {"command": command, "norma": slug, "vagas": str(n)}
    if example_percent(slug) is not None:
        request["percentual"] = str(example_percent(slug))
    return json.loads(handle(json.dumps(request)))["result"]


@pytest.fixture
def page_with(browser, served_site):
    """A new page whose context runs ``script`` before the site's (None: none) and may use the clipboard."""
    contexts = []

    def make(script: str | None):
        context = browser.new_context(locale="pt-BR", permissions=["clipboard-read", "clipboard-write"])
        contexts.append(context)
        if script:
            context.add_init_script(script)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


def shared_from(page, address: str) -> dict:
    """What the (stubbed) share sheet receives when the reserve answer at ``address`` is shared."""
    page.goto(address)
    page.wait_for_selector(TABLE_ANSWER, timeout=pace.ms(20_000))
    page.click("#reserva-compartilhar button")
    page.wait_for_function("window.__shared.length === 1", timeout=pace.ms(10_000))
    return page.evaluate("window.__shared[0]")


def test_the_share_sheet_gets_the_answer_and_the_link_of_its_own_page(page_with, served_site):
    page = page_with(SHARE_STUB)
    shared = shared_from(page, f"{served_site.base}{UBATUBA_RESERVE}10#reserva")
    assert shared["title"] == "Cotas em Concursos — Ubatuba/SP — Lei nº 3.765/2014"
    assert shared["text"] == expected("reserva", "ubatuba", 10)["headline"]
    assert shared["url"] == f"{served_site.base}compartilhar/ubatuba/reserva-10.html"
    assert page.errors == []


def test_an_answer_without_a_page_of_its_own_shares_the_calculators_link(page_with, served_site):
    """Past the pages the build writes (101 vacancies), the link is the calculator's address, which
    reproduces the answer when opened."""
    page = page_with(SHARE_STUB)
    url = shared_from(page, f"{served_site.base}{UBATUBA_RESERVE}101#reserva")["url"]
    assert url == f"{served_site.base}{UBATUBA_RESERVE}101#reserva"
    other = page_with(None)
    other.goto(url)
    other.wait_for_selector(TABLE_ANSWER, timeout=pace.ms(20_000))
    assert other.inner_text(TABLE_ANSWER) == expected("reserva", "ubatuba", 101)["headline"]


def test_without_a_share_sheet_the_link_is_copied_and_said(page_with, served_site):
    page = page_with(NO_SHARE)
    page.goto(f"{served_site.base}calculadora.html?ferramenta=ordem&norma=quissama&vagas=12#ordem")
    page.wait_for_selector('#ordem-resultado[data-origem="tabela"] .calc-resposta', timeout=pace.ms(20_000))
    page.click("#ordem-compartilhar button")
    status = page.locator("#ordem-compartilhar [role=status]")
    status.filter(has_text="Link copiado").wait_for(timeout=pace.ms(10_000))
    assert status.get_attribute("aria-live") == "polite"
    assert page.evaluate("navigator.clipboard.readText()") == \
        f"{served_site.base}compartilhar/quissama/ordem-12.html"


def test_a_refused_clipboard_leaves_the_link_selected_to_copy(page_with, served_site):
    page = page_with(NO_CLIPBOARD)
    page.goto(f"{served_site.base}calculadora.html?ferramenta=reserva&norma=lins&vagas=7&percentual=20#reserva")
    page.wait_for_selector(TABLE_ANSWER, timeout=pace.ms(20_000))
    page.click("#reserva-compartilhar button")
    field = page.locator("#reserva-compartilhar input.calc-compartilhar-endereco")
    field.wait_for(timeout=pace.ms(10_000))
    assert field.input_value() == f"{served_site.base}compartilhar/lins/reserva-7.html"
    assert page.evaluate("document.activeElement.classList.contains('calc-compartilhar-endereco')")


@pytest.mark.parametrize("command, slug, n", [("reserva", "ubatuba", 10), ("ordem", "lins", 13)])
def test_a_shared_page_shows_the_answer_and_opens_it_in_the_calculator(page_with, served_site, command, slug,
                                                                      n):
    answer = expected(command, slug, n)
    page = page_with(None)
    page.goto(f"{served_site.base}compartilhar/{slug}/{command}-{n}.html")
    assert page.inner_text("h1") == answer["headline"]
    og = page.get_attribute('meta[property="og:title"]', "content")
    assert answer["headline"] in og
    assert page.locator("main ul li a").count() == len(answer["basis"])
    page.click("a.abrir")
    selector = f'#{command}-resultado[data-origem="tabela"] .calc-resposta'
    page.wait_for_selector(selector, timeout=pace.ms(20_000))
    assert page.inner_text(selector) == answer["headline"]
    assert page.errors == []


def test_a_shared_simulation_says_the_list_stays_and_offers_the_sample(page_with, served_site):
    page = page_with(None)
    page.goto(f"{served_site.base}calculadora.html?ferramenta=simular&norma=ubatuba&vagas=10#simulacao")
    notice = page.locator("#simular-pede-arquivo")
    notice.wait_for(timeout=pace.ms(20_000))
    assert "não vai no link" in notice.inner_text() and "exemplo" in notice.inner_text()
    page.click("#simular-pede-exemplo")
    # the site's sample fills the list (then the simulation runs, with Python)
    page.wait_for_function("document.getElementById('simular-csv').value.startsWith('inscricao')",
                           timeout=pace.ms(20_000))
    assert page.input_value("#simular-vagas") == "10"
