"""The scheme toggle (assets/paleta.js, in place of the theme's palette component) and the e-MAG access key
to the footer (assets/acessibilidade.js) in real Chromium.

The system's preference on a first visit (a request for more contrast included), the toggle through light,
dark and high contrast by click and by Enter, the choice kept across pages, the browser's theme-color, and no
rewrite of the body's colour attributes on a load that changes nothing (the theme's component rewrote them,
restyling the whole page twice in its start-up task). Alt+4, and its link among the skip links, bring the
footer into view with the focus.
"""

from __future__ import annotations

import pytest

from tests import pace

# Records the writes of the body's colour attributes once the header is parsed (the theme's inline script
# in the header applies a saved choice while the page is parsed, before anything is styled).
WATCH = """
window.__colour_writes = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target === document.body && /^data-md-color-(scheme|primary|accent)$/.test(r.attributeName)
        && document.querySelector(".md-container")) {
      window.__colour_writes.push(r.attributeName);
    }
  }
}).observe(document, { attributes: true, subtree: true });
"""


@pytest.fixture
def context_for(browser):
    made = []

    def make(scheme: str, contrast: str = "no-preference"):
        context = browser.new_context(locale="pt-BR", color_scheme=scheme, contrast=contrast)
        context.add_init_script(WATCH)
        made.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield make
    for context in made:
        context.close()


def scheme(page) -> str:
    return page.get_attribute("body", "data-md-color-scheme")


def visible_toggle(page):
    return page.locator("form[data-paleta] label:not([hidden])")


def test_light_system_first_visit_writes_no_colour_attribute(context_for, served_site):
    base_url = served_site.base
    page = context_for("light")
    page.goto(base_url + "calculadora.html")
    page.wait_for_function("document.querySelector('meta[name=theme-color]')")
    assert scheme(page) == "default"
    assert page.evaluate("window.__colour_writes") == []
    assert visible_toggle(page).count() == 1
    assert visible_toggle(page).get_attribute("title") == "Usar o tema escuro"
    # the phone's toolbar takes the header's colour (Material's brown primary)
    header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    rgb = [int(c) for c in header[header.index("(") + 1:header.index(")")].split(",")[:3]]
    assert page.get_attribute("meta[name=theme-color]", "content") == "#" + "".join(f"{c:02x}" for c in rgb)
    assert page.errors == []


def test_dark_system_toggle_by_click_and_enter_kept_across_pages(context_for, served_site):
    base_url = served_site.base
    page = context_for("dark")
    page.goto(base_url + "index.html")
    assert scheme(page) == "slate"
    assert visible_toggle(page).get_attribute("title") == "Usar o alto contraste"
    page.wait_for_function("document.querySelector('meta[name=color-scheme]')?.content === 'dark'")
    visible_toggle(page).click()
    assert scheme(page) == "alto-contraste"
    assert visible_toggle(page).get_attribute("title") == "Usar o tema claro"
    page.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")
    # the black header: the phone's toolbar turns black, and the form controls stay dark
    page.wait_for_function("document.querySelector('meta[name=theme-color]').content === '#000000'")
    assert page.get_attribute("meta[name=color-scheme]", "content") == "dark"
    visible_toggle(page).click()
    assert scheme(page) == "default"
    assert visible_toggle(page).get_attribute("title") == "Usar o tema escuro"
    page.wait_for_function("document.querySelector('meta[name=color-scheme]').content === 'light'")
    # the choice is kept on the next page, applied while it is parsed and not rewritten after
    page.goto(base_url + "gerado/ubatuba.html")
    assert scheme(page) == "default"
    page.wait_for_load_state("load")
    page.wait_for_timeout(pace.ms(200))
    assert page.evaluate("window.__colour_writes") == []
    # keyboard: the toggle's radio takes the focus with Tab and Enter switches, through the three schemes
    page.focus("#__palette_0")
    for expected, focused in (("slate", 1), ("alto-contraste", 2), ("default", 0)):
        page.keyboard.press("Enter")
        assert scheme(page) == expected
        assert page.evaluate("document.activeElement.id") == f"__palette_{focused}"
    assert page.errors == []


def test_high_contrast_by_keyboard_kept_across_pages(context_for, served_site):
    base_url = served_site.base
    page = context_for("light")
    page.goto(base_url + "index.html")
    page.focus("#__palette_0")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert scheme(page) == "alto-contraste"
    # black page, white text: the scheme's own colours (site.css), not the light scheme's left under it
    colours = page.evaluate("[getComputedStyle(document.body).backgroundColor, getComputedStyle("
                            "document.querySelector('article.md-typeset')).color]")
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]
    page.goto(base_url + "calculadora.html")
    assert scheme(page) == "alto-contraste"
    assert visible_toggle(page).get_attribute("title") == "Usar o tema claro"
    page.wait_for_load_state("load")
    page.wait_for_timeout(pace.ms(200))
    assert page.evaluate("window.__colour_writes") == []
    # printed, the page is the light one (the scheme's colours are for the screen only)
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(0, 0, 0)"
    assert page.errors == []


@pytest.mark.parametrize("system", ["light", "dark"])
def test_a_system_asking_for_more_contrast_gets_the_high_contrast(context_for, served_site, system):
    page = context_for(system, contrast="more")
    page.goto(served_site.base + "sobre.html")
    assert scheme(page) == "alto-contraste"
    assert visible_toggle(page).get_attribute("title") == "Usar o tema claro"
    assert page.errors == []


def footer_in_view(page) -> bool:
    return page.evaluate("(() => { const r = document.getElementById('rodape').getBoundingClientRect();"
                         " return r.top < innerHeight && r.bottom > 0; })()")


def test_alt_4_and_its_skip_link_bring_the_footer_into_view_with_the_focus(context_for, served_site):
    page = context_for("light")
    page.goto(served_site.base + "gerado/ubatuba.html")  # a long page: its footer is far below
    assert not footer_in_view(page)
    page.keyboard.press("Alt+4")
    page.wait_for_function("document.activeElement?.id === 'rodape'")
    assert page.evaluate("document.activeElement.tagName") == "FOOTER"
    page.wait_for_function("scrollY > 0")
    assert footer_in_view(page)
    # the same through the skip links at the top of the page (Tab, then Enter), the access key on the link
    page.evaluate("scrollTo(0, 0); document.activeElement.blur()")
    keys = page.eval_on_selector_all(".atalhos-emag a[accesskey]", "as => as.map(a => a.accessKey)")
    assert keys == ["1", "2", "3", "4"]
    link = page.locator(".atalhos-emag a[accesskey='4']")
    assert link.inner_text() == "Ir para o rodapé [Alt+4]"
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement?.id === 'rodape'")
    assert footer_in_view(page)
    # the footer is a landmark reached on purpose, not one more Tab stop
    assert page.get_attribute("#rodape", "tabindex") == "-1"
    assert page.errors == []
