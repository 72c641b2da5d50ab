"""The law pages in a real browser (Debian's Chromium through Playwright), served from a sub-path.

Checks the permalink that copies a citation, the Portuguese search, the print layout, and that no request
leaves the origin. A missing Chromium fails (conftest.browser); it is never skipped.
"""

from __future__ import annotations

import pytest

from calculator import NORMS
from tests import pace
from tests.support import ROOT, SCHEMES, axe_options, watched_page


@pytest.fixture(scope="module")
def base_url(served_site):
    return served_site.base


@pytest.fixture
def page(browser, served_site):
    with watched_page(browser, served_site.origin) as pg:
        yield pg


def test_permalink_copies_citation_and_link(page, base_url):
    page.goto(base_url + "gerado/ubatuba.html")
    page.click('a.citar[href="#art2_par3"]')
    expected = f"Lei nº 3.765/2014, art. 2º, § 3º — {base_url}gerado/ubatuba.html#art2_par3"
    page.wait_for_selector(".citacao-copiada")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    assert page.url.endswith("#art2_par3")
    assert page.outside == [] and page.errors == []


def test_search_in_portuguese(page, base_url):
    page.goto(base_url + "index.html")
    page.click(".md-search__input")
    page.type(".md-search__input", "heteroidentificação", delay=20)
    page.wait_for_selector(".md-search-result__item", timeout=pace.ms(15000))
    page.wait_for_function(
        "document.querySelector('.md-search-result').innerText.includes('Heteroidentificação')",
        timeout=pace.ms(15000))
    # pt-BR interface: "N documentos encontrados"
    assert "encontrado" in page.inner_text(".md-search-result__meta")
    assert page.outside == [] and page.errors == []


def _search(page, text):
    page.click(".md-search__input")
    page.fill(".md-search__input", "")
    page.type(".md-search__input", text, delay=20)
    page.wait_for_selector(".md-search-result__meta", timeout=pace.ms(15000))
    page.wait_for_function("!/Inicializando|Digite/.test(document.querySelector('.md-search-result__meta')"
                           ".textContent)", timeout=pace.ms(15000))
    page.wait_for_timeout(pace.ms(400))
    # the hit without its highlight parameter (?h=…, the typed words): page and anchor
    return page.eval_on_selector_all(".md-search-result__item a",
                                     "as => as.map(a => a.origin + a.pathname + a.hash)")


def test_search_ignores_accents_and_lands_at_the_provision(page, base_url):
    page.goto(base_url + "index.html")
    with_accents = _search(page, "desistência")
    without = _search(page, "desistencia")
    assert with_accents and sorted(without) == sorted(with_accents)
    # a hit on a law page points at the article, not at the top of the page
    law_hits = [h for h in without if "#" in h and any(f"/gerado/{slug}.html" in h
                                                       for slug in ("ubatuba", "quissama", "lins"))]
    assert law_hits and all("#titulo-art" in h for h in law_hits), without
    page.goto(law_hits[0])
    anchor = law_hits[0].split("#", 1)[1]
    top = page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", anchor)
    assert 0 <= top < 300
    assert page.outside == [] and page.errors == []


def test_law_page_side_index_lists_the_articles(page, base_url):
    page.goto(base_url + "gerado/ubatuba.html")
    toc = page.eval_on_selector_all(".md-sidebar--secondary a.md-nav__link",
                                    "as => as.map(a => a.textContent.trim())")
    assert "Art. 1º" in toc and "Art. 15" in toc, toc


def test_print_layout_keeps_text_and_notes(page, base_url):
    page.goto(base_url + "gerado/quissama.html")
    page.emulate_media(media="print")
    assert page.is_hidden(".md-sidebar--primary")
    assert page.is_hidden("a.citar >> nth=0")
    assert page.is_visible(".admonition >> nth=0")
    assert page.is_visible("#art3_par1")
    assert page.outside == []


@pytest.mark.parametrize("path", ["sobre.html", "glossario.html", "gerado/conflitos.html"])
def test_printed_pages_keep_the_disclaimer(page, base_url, path):
    page.goto(base_url + path)
    page.emulate_media(media="print")
    assert page.is_visible(".md-copyright__highlight")
    assert "Não é orientação jurídica" in page.inner_text(".md-copyright__highlight")
    assert page.is_hidden(".md-footer__inner")  # the previous/next links are not printed


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


GENERATED = (*NORMS, "comparativo", "conflitos", "metodologia", "tabelas", "downloads")
PAGES = ["index.html", "glossario.html", "sobre.html", "contexto-nacional.html", "404.html"]
PAGES += [f"gerado/{name}.html" for name in GENERATED]


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violations(page, base_url, path, scheme):
    page.emulate_media(**SCHEMES[scheme])
    page.goto(base_url + path)
    if path != "404.html":
        assert page.get_attribute("body", "data-md-color-scheme") == scheme
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        "(o) => axe.run(document, o).then(r => r.violations.filter(v => v.impact === 'serious'"
        " || v.impact === 'critical').map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' '))"
        ".join(', ')))", axe_options(scheme))
    assert violations == []
    assert page.outside == []


def test_hovered_and_focused_buttons_keep_their_contrast(page, base_url):
    """Material's deep-orange accent (hover/focus of buttons) gave white text 2.8:1; site.css darkens it."""
    page.goto(base_url + "gerado/ubatuba.html")
    page.add_script_tag(path=str(AXE))
    for selector in (".acoes .md-button--primary", ".acoes .md-button:not(.md-button--primary)"):
        page.hover(selector)
        page.focus(selector)
        # Material's buttons fade their colours in 125 ms: measure the state reached, not a frame of the fade
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        violations = page.evaluate(
            "(s) => axe.run(document.querySelector(s), {runOnly: {type: 'rule', values: ['color-contrast']}})"
            ".then(r => r.violations.map(v => v.id))", selector)
        assert violations == [], selector
