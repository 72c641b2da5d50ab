"""sitebuild/share_pages.py: the build's page of each shared answer — its preview tags carry the answer,
it shows the answer with its legal basis and a link to the same question in the calculator, and every
text is escaped."""

from __future__ import annotations

import html
import re

import pytest

import calculator
from sitebuild import share_pages
from sitebuild.context import TABLE_MAX, Context

_META = re.compile(r'<meta property="(og:[a-z:]+)" content="([^"]*)"')


@pytest.fixture(scope="module")
def ctx() -> Context:
    return Context(today="2026-01-01")


def og(text: str) -> dict[str, str]:
    return {name: html.unescape(value) for name, value in _META.findall(text)}


def test_one_page_per_answer_of_the_tables(ctx):
    pages = list(share_pages.share_pages(ctx))
    assert len(pages) == len(ctx.slugs) * 2 * TABLE_MAX
    assert len({p.path for p in pages}) == len(pages)
    assert "compartilhar/exemplo/reserva-1.html" in {p.path for p in pages}


def test_the_preview_and_the_page_carry_the_calculators_own_answer(ctx):
    answer = calculator.reserve("exemplo", 10)
    text = share_pages.render(ctx, share_pages.share_page("reserva", "exemplo", 10))
    tags = og(text)
    assert tags["og:title"].endswith(f"10 vagas: {answer['headline']}")
    assert tags["og:locale"] == "pt_BR" and tags["og:image"] == "../../assets/previa.png"
    assert "og:url" not in tags  # no address given: nothing absolute to say
    assert html.unescape(re.search(r"<h1>(.*?)</h1>", text).group(1)) == answer["headline"]
    for ref in answer["basis"]:
        assert f'href="../../gerado/exemplo.html#{ref.partition(":")[2]}"' in text
    assert 'href="../../calculadora.html?ferramenta=reserva&amp;norma=exemplo&amp;vagas=10#reserva"' in text
    assert "<script" not in text and "style=" not in text


def test_a_norm_whose_percentage_comes_from_the_edital_opens_with_it():
    assert share_pages.calculator_query("ordem", "lins", 13) == \
        "calculadora.html?ferramenta=ordem&norma=lins&vagas=13&percentual=20#ordem"


def test_with_the_sites_address_the_preview_is_absolute():
    ctx = Context(today="2026-01-01", site_url="https://www.exemplo.sp.gov.br/cotas/")
    text = share_pages.render(ctx, share_pages.share_page("ordem", "exemplo", 3))
    tags = og(text)
    assert tags["og:url"] == "https://www.exemplo.sp.gov.br/cotas/compartilhar/exemplo/ordem-3.html"
    assert tags["og:image"] == "https://www.exemplo.sp.gov.br/cotas/assets/previa.png"
    assert f'<link rel="canonical" href="{tags["og:url"]}">' in text


def test_every_text_of_a_norm_is_escaped(ctx, monkeypatch):
    """A norm folder is untrusted: a place or a title with markup and quotes is shown as typed."""
    hostile = '<script>alert("x")</script> "Vila" & <b>'
    monkeypatch.setitem(share_pages.PLACE, "exemplo", hostile)
    real = calculator.reserve
    monkeypatch.setitem(share_pages.COMMANDS, "reserva", (
        lambda *a, **k: {**real(*a, **k), "norm_title": hostile, "headline": hostile}, "Vagas reservadas",
        "reserva"))
    text = share_pages.render(ctx, share_pages.share_page("reserva", "exemplo", 10))
    assert "<script" not in text and "<b>" not in text and '"Vila"' not in text
    assert og(text)["og:title"] == f"{hostile}, 10 vagas: {hostile}"
    assert og(text)["og:description"].startswith(f"Vagas reservadas: {hostile}.")
    assert html.unescape(re.search(r"<h1>(.*?)</h1>", text).group(1)) == hostile


def test_the_pages_stylesheet_uses_the_sites_colours(ctx, tmp_path):
    from sitebuild import images

    share_pages.write_share_pages(ctx, tmp_path)
    css = (tmp_path / "compartilhar" / "compartilhar.css").read_text(encoding="utf-8")
    assert images.PRIMARY in css and images.ACCENT in css and "{{" not in css
    assert len(list((tmp_path / "compartilhar").rglob("*.html"))) == len(ctx.slugs) * 2 * TABLE_MAX
