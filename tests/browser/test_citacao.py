"""The ¶ panel of the law pages in a real browser (Debian's Chromium through Playwright), site served from a
sub-path: the short citation, the ABNT reference (address of the page, date of access) and the URN of a
sample of provisions, each equal to what the corpus gives; keyboard use; no accessibility violation."""

from __future__ import annotations

import datetime

import pytest

from laws import abnt, load_corpus
from sitebuild import norm_names
from tests.support import ROOT, require_site_files, watched_page

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# A provision of each kind, including an inline note and a parágrafo único's inciso.
SAMPLE = [("ubatuba", "art2_par3"), ("ubatuba", "art1_par1u_inc2"), ("ubatuba", "epigrafe"),
          ("quissama", "art5_cpt_nota1"), ("quissama", "art1_cpt"), ("lins", "art8_par1_inc2"),
          ("lins", "art12_cpt")]
TODAY = datetime.datetime(2026, 5, 3, 12, 0, 0)  # May: the month ABNT writes out ("3 maio 2026")


@pytest.fixture(scope="module")
def base_url(served_site):
    require_site_files(["assets/citacao.js"])
    return served_site.base


@pytest.fixture
def page(browser, served_site):
    with watched_page(browser, served_site.origin) as pg:
        pg.clock.set_fixed_time(TODAY)
        yield pg


def expected_forms(base_url, slug, pid):
    norm = load_corpus().norm(slug)
    address = f"{base_url}gerado/{slug}.html"
    return {
        # norm_names.site_citation: a compilation note is cited as such, never as a provision
        "curta": f"{norm_names.site_citation(norm, pid)} — {address}#{pid}",
        "abnt": abnt.reference(norm, address, TODAY.date().isoformat()),
        "urn": norm.provision_urn(pid),
    }


@pytest.mark.parametrize(("slug", "pid"), SAMPLE)
def test_panel_offers_the_three_forms(page, base_url, slug, pid):
    page.goto(f"{base_url}gerado/{slug}.html")
    page.click(f'a.citar[href="#{pid}"]')
    page.wait_for_selector(".citacao-opcoes")
    expected = expected_forms(base_url, slug, pid)
    shown = {key: page.inner_text(f'.citacao-opcoes .citacao-texto[data-forma="{key}"]') for key in expected}
    assert shown == expected
    # the click itself copied the short citation, as the ¶ always did
    assert page.evaluate("navigator.clipboard.readText()") == expected["curta"]
    for key in ("abnt", "urn", "curta"):
        page.click(f'.citacao-opcoes button[data-forma="{key}"]')
        page.wait_for_function("(t) => navigator.clipboard.readText().then(c => c === t)", arg=expected[key])
    assert page.url.endswith(f"#{pid}")
    assert page.outside == [] and page.errors == []


def test_header_shows_the_filled_abnt_reference(page, base_url):
    page.goto(f"{base_url}gerado/lins.html")
    norm = load_corpus().norm("lins")
    expected = abnt.reference(norm, f"{base_url}gerado/lins.html", TODAY.date().isoformat())
    assert page.inner_text(".referencia-abnt") == expected
    assert "Acesso em: 3 maio 2026." in expected


def test_panel_by_keyboard(page, base_url):
    page.goto(f"{base_url}gerado/quissama.html")
    link = 'a.citar[href="#art1_par7"]'
    assert page.get_attribute(link, "aria-expanded") == "false"
    page.focus(link)
    page.keyboard.press("Enter")
    page.wait_for_selector(".citacao-opcoes")
    # focus moves into the panel, which is named for screen readers and tied to the ¶ that opened it
    page.wait_for_function("document.activeElement && document.activeElement.id === 'citacao-opcoes'")
    assert page.get_attribute(".citacao-opcoes", "role") == "group"
    assert "art. 1º, § 7º" in page.get_attribute(".citacao-opcoes", "aria-label")
    assert page.get_attribute(link, "aria-expanded") == "true"
    assert page.get_attribute(link, "aria-controls") == "citacao-opcoes"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Copiar citação curta"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Copiar referência ABNT"
    page.keyboard.press("Enter")
    expected = expected_forms(base_url, "quissama", "art1_par7")["abnt"]
    page.wait_for_function("(t) => navigator.clipboard.readText().then(c => c === t)", arg=expected)
    # the notice is announced (role=status)
    assert page.get_attribute(".citacao-copiada >> nth=-1", "role") == "status"
    page.keyboard.press("Escape")
    assert page.query_selector(".citacao-opcoes") is None
    assert page.evaluate("document.activeElement.getAttribute('href')") == "#art1_par7"
    assert page.get_attribute(link, "aria-expanded") == "false"
    # "Fechar" closes too, and one panel at a time
    page.click('a.citar[href="#art2_cpt"]')
    page.click('a.citar[href="#art3_cpt"]')
    assert len(page.query_selector_all(".citacao-opcoes")) == 1
    page.click(".citacao-opcoes .citacao-fechar")
    assert page.query_selector(".citacao-opcoes") is None
    assert page.errors == []


def test_open_panel_has_no_serious_accessibility_violation(page, base_url):
    page.goto(f"{base_url}gerado/ubatuba.html")
    page.click('a.citar[href="#art2_par3"]')
    page.wait_for_selector(".citacao-opcoes")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        "axe.run(document.querySelector('.citacao-opcoes')).then(r => r.violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id))")
    assert violations == []


def test_panel_is_not_printed(page, base_url):
    page.goto(f"{base_url}gerado/ubatuba.html")
    page.click('a.citar[href="#art2_par3"]')
    page.wait_for_selector(".citacao-opcoes")
    page.emulate_media(media="print")
    assert page.is_hidden(".citacao-opcoes")
