"""What a visitor downloads does not grow with the number of norms (issue 21, part 6), in Debian's Chromium:
the calculator page loads only the chosen norm's precomputed answers (respostas/<slug>.js), another norm's
when the reader picks it; the search index waits until the reader opens the search, and the search works."""

from __future__ import annotations

from calculator import NORMS
from tests import pace
from tests.browser.test_calculadora import handle, order_from_tables, result_of


def _requests(page) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    return seen


def _answers_loaded(seen: list[str]) -> list[str]:
    """The norms' answer files the page asked for."""
    return sorted(u.rsplit("/", 1)[1] for u in seen if "/assets/calculadora/respostas/" in u)


def _search_downloads_the_index(page, seen: list[str], query: str) -> list[str]:
    """Types ``query`` in the (open) search field: results come, and only now is the index downloaded.
    Returns the results' links."""
    page.keyboard.type(query, delay=20)
    page.wait_for_selector(".md-search-result__item a", timeout=pace.ms(20_000))
    assert any(u.endswith("/search/search_index.json") for u in seen)
    return page.eval_on_selector_all(".md-search-result__item a", "as => as.map(a => a.href)")


def test_the_calculator_loads_only_the_chosen_norms_answers(browser, served_site):
    others = [slug for slug in NORMS if slug not in ("quissama", "ubatuba")]
    assert others  # lins, and the fixture norms when the site is built with them
    page = browser.new_page()
    try:
        seen = _requests(page)
        page.goto(served_site.base + "calculadora.html?ferramenta=reserva&norma=quissama&vagas=13")
        text = result_of(page, "reserva", "tabela")
        want = handle({"command": "reserva", "norma": "quissama", "vagas": "13"})["result"]
        assert want["headline"] in text
        page.wait_for_load_state("networkidle")
        assert _answers_loaded(seen) == ["quissama.js"]
        assert not any("search_index" in u for u in seen)
        # another norm: its answers are loaded then, and the answer still comes from the tables
        order_from_tables(page, "ubatuba", "20")
        assert _answers_loaded(seen) == ["quissama.js", "ubatuba.js"]
        assert not any(f"/respostas/{slug}.js" in u for u in seen for slug in others)
        assert not any("pyodide" in u or "worker.js" in u for u in seen)
    finally:
        page.close()


def test_the_search_index_is_downloaded_when_the_search_is_opened(browser, served_site):
    page = browser.new_page()
    try:
        seen = _requests(page)
        page.goto(served_site.base + "gerado/ubatuba.html")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(pace.ms(500))
        assert not any("search_index" in u for u in seen), seen
        page.click(".md-search__input")
        hrefs = _search_downloads_the_index(page, seen, "heteroidentificacao")
        assert hrefs and all(h.startswith(served_site.base) for h in hrefs), hrefs
    finally:
        page.close()


def test_a_search_key_also_starts_the_index(browser, served_site):
    page = browser.new_page()
    try:
        seen = _requests(page)
        page.goto(served_site.base + "index.html")
        page.wait_for_load_state("networkidle")
        assert not any("search_index" in u for u in seen)
        page.keyboard.press("/")
        page.wait_for_function("document.activeElement.classList.contains('md-search__input')")
        assert _search_downloads_the_index(page, seen, "vigencia")
    finally:
        page.close()


def test_a_page_opened_from_a_search_result_loads_the_index_for_the_highlight(browser, served_site):
    page = browser.new_page()
    try:
        seen = _requests(page)
        page.goto(served_site.base + "gerado/ubatuba.html?h=vigencia")
        page.wait_for_function("document.querySelectorAll('.md-content mark').length >= 1",
                               timeout=pace.ms(20_000))
        assert any(u.endswith("/search/search_index.json") for u in seen)
    finally:
        page.close()


