"""The calculator page's forms come from the registry (normas.js), in a real browser (Debian's Chromium via
Playwright): a norm added to the metadata appears in every norm select with its own fields, labels,
hints and choices, on the unzipped site opened from disk (file://), where the tables still answer."""

from __future__ import annotations

import shutil

from calculator.norms import registry_of
from laws import NORM_SLUGS
from sitebuild import frontend
from tests.browser.test_calculadora import fill_reserve, handle, require_site, reserve_request, result_of
from tests.sitebuild.test_frontend import corpus_provisions, fourth_norm
from tests.support import SITE

SHOWN = ("(form) => [...document.querySelectorAll(`#form-${form} .calc-campo:not([hidden])`)]"
         ".map((b) => { const c = b.querySelector('input, select, textarea');"
         " return [c.name, b.querySelector('label').textContent, c.disabled,"
         " c.tagName === 'SELECT' ? [...c.options].map((o) => [o.value, o.text]) : null]; })")


def site_with(tmp_path, norms) -> str:
    """A copy of the built site (without the Python runtime) whose normas.js lists ``norms``."""
    require_site()
    site = tmp_path / "site"
    shutil.copytree(SITE, site, ignore=shutil.ignore_patterns("*.gz", "*.snapshot.bin", "pyodide*", "*.zip"))
    (site / "assets" / "calculadora" / frontend.FILENAME).write_text(
        frontend.script(frontend.metadata(norms, corpus_provisions())), encoding="utf-8")
    return (site / "calculadora.html").as_uri()


def test_a_norm_in_the_metadata_appears_in_every_select_with_its_fields(browser, tmp_path):
    norms = [registry_of(s) for s in NORM_SLUGS] + [fourth_norm(tmp_path)]
    context = browser.new_context(locale="pt-BR")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(site_with(tmp_path, norms))
        page.wait_for_selector('#calc-status[data-state="disk"]')
        for form in ("reserva", "ordem", "simular", "edital"):
            options = page.eval_on_selector_all(f"#{form}-norma option",
                                                "os => os.map((o) => [o.value, o.text])")
            assert options == [[n.slug, f"{n.place} — {n.citation}"] for n in norms]
        # the new norm: the percentage with its own hint; one vínculo and one reading, so no such field
        page.select_option("#reserva-norma", "teste")
        assert page.is_visible("#reserva-percentual") and page.is_enabled("#reserva-percentual")
        hint = page.inner_text("#reserva-percentual-dica")
        assert hint == "Opcional no Teste: a lei reserva no mínimo 25,5%."
        assert not page.is_visible("#reserva-vinculo") and page.is_disabled("#reserva-vinculo")
        page.select_option("#simular-norma", "teste")
        shown = page.evaluate(SHOWN, "simular")
        assert ["substituicao", "Vaga de quem desiste (Teste, art. 3º)", False,
                [["", "Próximo optante (padrão)"], ["geral", "Próximo da classificação geral"]]] in shown
        assert [s[0] for s in shown] == ["norma", "vagas", "percentual", "vagas_pcd", "substituicao",
                                         "data_edital", "csv", "arquivo"]
        # the same field for Ubatuba, which declares it too, with Ubatuba's own label and choices
        page.select_option("#simular-norma", "ubatuba")
        ubatuba = registry_of("ubatuba").simulation_options["substituicao"]
        shown = {s[0]: s for s in page.evaluate(SHOWN, "simular")}
        assert shown["substituicao"][1:] == [ubatuba["label"], False, [list(c) for c in ubatuba["choices"]]]
        assert "equidade_genero" in shown and "leitura" in shown
        # the norms already there still answer from the tables, from disk
        fill_reserve(page, "quissama", "13", "", "")
        res = handle(reserve_request("quissama", "13", "", ""))["result"]
        assert res["headline"] in result_of(page, "reserva", "tabela")
        # the new one has no precomputed answers: the page says it needs Python (a local server)
        fill_reserve(page, "teste", "10", "20", "")
        assert "servidor local" in result_of(page, "reserva", "espera")
        # the theme's search cannot load its index from disk (tests/browser/test_calculadora.py's file:// test
        # says why)
        assert [e for e in errors if "search_index" not in e] == []
    finally:
        context.close()


def test_a_link_with_a_field_the_norm_does_not_take_says_so(browser, tmp_path):
    """?norma=quissama&leitura=…: Quissamã's order is fixed (one reading), so the link's value is an error
    on the form, not silently dropped."""
    context = browser.new_context(locale="pt-BR")
    try:
        page = context.new_page()
        page.goto(site_with(tmp_path, [registry_of(s) for s in NORM_SLUGS])
                  + "?ferramenta=ordem&norma=quissama&vagas=10&leitura=proporcional#ordem")
        box = page.locator("#ordem-geral-erro")
        box.wait_for(state="visible")
        assert "“proporcional”" in box.inner_text() and "não usa" in box.inner_text()
        assert page.inner_text("#ordem-resultado") == ""
        assert not page.is_visible("#ordem-leitura")
    finally:
        context.close()


def test_edital_from_disk_says_it_needs_a_local_server(browser, tmp_path):
    """From the unzipped folder the edital cannot run (its module and Python do not load from disk): it
    says so, instead of reloading the page."""
    context = browser.new_context(locale="pt-BR")
    try:
        page = context.new_page()
        page.goto(site_with(tmp_path, [registry_of(s) for s in NORM_SLUGS]))
        page.wait_for_selector('#calc-status[data-state="disk"]')
        page.select_option("#edital-norma", "lins")
        page.click("#form-edital button[type=submit]")
        page.wait_for_selector('#edital-resultado[data-origem="falha"]')
        assert "servidor local" in page.inner_text("#edital-resultado")
        assert page.get_attribute("#edital-resultado", "aria-busy") is None
        assert not page.is_disabled("#form-edital button[type=submit]")
        assert page.url.endswith("calculadora.html") and page.input_value("#edital-norma") == "lins"
    finally:
        context.close()
