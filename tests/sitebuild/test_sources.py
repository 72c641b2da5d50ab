"""What the build makes of its sources, checked without a built site: every provision annotated, the
scanners that find loads from another host, the validity line and timeline on fixed dates, the annotations'
pointers to the calculator, and the words the pages must not use."""

import datetime

import pytest

from laws import load_corpus
from sitebuild import calcblock
from tests.site.test_content import FIRST, LAST
from tests.site.test_pages import Page, _css_loads, _external, _js_loads
from tests.support import ROOT


def test_every_provision_with_legal_effect_is_annotated():
    """In the curated corpus (the norms copied from a seed file, meta.toml [text_file] seed), every caput,
    parágrafo, inciso and alínea has a note, its own or its parent's (which covers it); in any norm, every
    note is about a provision of its text and says something."""
    for norm in load_corpus().norms:
        for prov in norm.walk() if norm.meta["text_file"].get("seed") else ():
            if prov.kind not in ("caput", "paragrafo", "inciso", "alinea"):
                continue
            node = prov
            while node is not None and node.id not in norm.annotations:
                node = node.parent
            assert node is not None, f"{norm.slug}: {prov.label} sem nota explicativa"
        for pid, ann in norm.annotations.items():
            assert norm.get(pid) is not None, f"{norm.slug}: nota para id inexistente {pid}"
            assert len(ann["texto"].strip()) > 20


def test_the_scanners_catch_external_loads():
    page = Page('<link rel="stylesheet" href="https://fonts.googleapis.com/css">'
                '<script src="//cdn.x/y.js"></script><a href="https://www.planalto.gov.br/">ok</a>')
    assert [u for _, u in page.loads if _external(u)] == ["https://fonts.googleapis.com/css", "//cdn.x/y.js"]
    assert _css_loads("@import url('https://fonts.googleapis.com/x'); a{background:url(//cdn/x.png)}") == [
        "https://fonts.googleapis.com/x", "//cdn/x.png", "https://fonts.googleapis.com/x"]
    js = 'fetch("https://api.example.com/x"); import("https://cdn/x.mjs"); fetch("data.json")'
    assert _js_loads(js) == [
        "https://api.example.com/x", "https://cdn/x.mjs"]


@pytest.fixture(scope="module")
def build_context():
    """One build context for the module (its timeline, computed once, does not depend on the build date)."""
    from sitebuild import context

    return context.Context()


@pytest.mark.parametrize(("day", "applies"), [
    ("2014-06-15", False), ("2014-06-16", True), ("2020-01-01", True),
    ("2024-06-16", True), ("2024-06-17", False), ("2030-01-01", False)])
def test_validity_summary_on_fixed_build_dates(build_context, day, applies):
    """The tables' validity line for Ubatuba (ten years from 16/06/2014, art. 13), on fixed build dates:
    the same assertions whatever the day the suite runs."""
    from sitebuild import dates, tables

    ctx = build_context
    ctx.today = day
    status = tables.table_validity(ctx, ctx.corpus.norm("ubatuba"))
    assert status["applies"] is applies and status["date"] == day
    assert status["last_day"] == "2024-06-16"
    verdict = "a reserva se aplica" if applies else "a reserva não se aplica"
    assert f"Para um edital publicado em {dates.br_date(day)} (data de geração do site), {verdict}"\
        in status["summary"]


def test_no_present_tense_federal_practice():
    """Lei nº 12.990/2014 was revoked in 2025: no page, note or calculator message speaks of it as today's
    "prática federal"."""
    files = [*ROOT.glob("laws/*/anotacoes.toml"), *ROOT.glob("docs/*.md"), *ROOT.glob("docs/templates/*"),
             *ROOT.glob("calculator/**/*.py")]
    assert files
    for path in files:
        assert "prática federal" not in path.read_text(encoding="utf-8"), path


def test_timeline_states_what_the_corpus_cannot_decide():
    """A rule that answers null (Lins before its decree, if the law's date is unknown) is said in words."""
    from sitebuild import timeline

    def rule(day):
        applies = None if day < datetime.date(2024, 2, 8) else True
        if day < datetime.date(2023, 1, 1):
            applies = False
        return {"applies": applies, "steps": [{"text": f"passo de {day.isoformat()}"}], "warnings": []}

    periods = timeline.validity_periods(rule)
    assert [(p["start"], p["end"], p["applies"]) for p in periods] == [
        (FIRST, datetime.date(2022, 12, 31), False),
        (datetime.date(2023, 1, 1), datetime.date(2024, 2, 7), None),
        (datetime.date(2024, 2, 8), LAST, True)]
    assert all(p["why"] == "" for p in periods)  # a reason quoting each day's date is not the period's
    summary = timeline.validity_summary(periods, datetime.date(2026, 1, 1))
    assert summary.startswith("Em vigor desde 08/02/2024")
    assert "de 01/01/2023 a 07/02/2024, não é possível determinar com o corpus" in summary


def test_an_annotation_naming_a_missing_function_stops_the_build():
    assert calcblock.resolve_rule("calculator.rules.ubatuba.UbatubaRules.set_reserved_seats").__name__ == (
        "set_reserved_seats")
    with pytest.raises(SystemExit, match="regra inexistente na calculadora: "
                                         "calculator.rules.ubatuba.nao_existe"):
        calcblock.resolve_rule("calculator.rules.ubatuba.nao_existe")
    with pytest.raises(SystemExit, match="regra inexistente"):
        calcblock.resolve_rule("calculator.modulo_que_nao_existe.f")
