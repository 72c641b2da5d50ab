"""What the built site says (site/, produced by `python build.py`): the validity timeline agrees with the
calculator, the disclaimer is on every page, the conflicts, the national context, the sources, the wording.
"""

from __future__ import annotations

import datetime
import html
import re
from pathlib import Path

import pytest

import calculator
from laws import NORM_SLUGS, load_corpus
from tests.support import require_site_files

DISCLAIMER = "Não é orientação jurídica"
FIRST, LAST = datetime.date(2010, 1, 1), datetime.date(2035, 12, 31)  # the range the timeline covers


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    return require_site_files(["contexto-nacional.html"])


def read(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def text_of(fragment: str) -> str:
    """Visible text of an HTML fragment, whitespace collapsed."""
    fragment = re.sub(r"<(script|style)\b.*?</\1>", "", fragment, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def article(page: str) -> str:
    return re.search(r"<article\b.*?</article>", page, flags=re.S).group(0)


def section(page: str, anchor: str) -> str:
    """The HTML from the heading with id ``anchor`` to the next heading of the same or a higher level."""
    m = re.search(rf'<h([1-6])[^>]*\bid="{re.escape(anchor)}"', page)
    assert m, f"seção #{anchor} ausente"
    level = int(m.group(1))
    rest = page[m.start():]
    end = re.search(rf"<h[1-{level}]\b", rest[3:])
    return rest[: end.start() + 3] if end else rest


def annotation(page: str, label: str) -> str:
    """Text of the explanatory note of a provision (by its label, e.g. "art. 13")."""
    m = re.search(r'<p class="admonition-title">Nota explicativa — não é orientação jurídica \('
                  + re.escape(label) + r'\)</p>(.*?)</div>', page, flags=re.S)
    assert m, f"nota de {label} ausente"
    return m.group(1)


# --------------------------------------------------------------------------- validity timeline


def timeline_items(page: str) -> dict[str, list[tuple[datetime.date, datetime.date, str, str]]]:
    """The text equivalent of the timeline: per norm, (first day, last day, applies, text) of every period."""
    fig = re.search(r'<figure class="linha-do-tempo".*?</figure>', page, flags=re.S)
    assert fig, "linha do tempo ausente"
    out = {}
    parts = re.split(r'<li><a href="(?:gerado/)?([a-z0-9_]+)\.html#vigencia-situacao">', fig.group(0))[1:]
    for slug, body in zip(parts[::2], parts[1::2], strict=True):
        found = re.findall(r'<li data-inicio="([\d-]+)" data-fim="([\d-]+)" data-aplica="(\w+)">(.*?)</li>',
                           body)
        out[slug] = [(datetime.date.fromisoformat(a), datetime.date.fromisoformat(b), c, text_of(t))
                     for a, b, c, t in found]
    return out


def timeline_periods(page: str) -> dict[str, list[tuple[datetime.date, datetime.date, str]]]:
    return {slug: [row[:3] for row in rows] for slug, rows in timeline_items(page).items()}


@pytest.mark.parametrize("path", ["index.html", "gerado/comparativo.html"])
def test_timeline_svg_with_text_equivalent(site, path):
    page = read(site, path)
    fig = re.search(r'<figure class="linha-do-tempo".*?</figure>', page, flags=re.S).group(0)
    svg = re.search(r"<svg\b[^>]*>.*?</svg>", fig, flags=re.S).group(0)
    assert 'role="img"' in svg and "aria-labelledby=" in svg
    assert re.search(r"<title[^>]*>[^<]+</title>", svg) and "<desc" in svg
    assert svg.count("<rect") >= 3
    text = text_of(fig[fig.index("</svg>"):])
    assert "Em texto:" in text
    for norm in load_corpus().norms:
        assert norm.meta["title"] in text
    assert "presumida" in text and "presumida" in svg
    assert not re.search(r"<[a-zA-Z][^>]*\s(style|on[a-z]+)\s*=", fig)  # the hosting CSP forbids them


@pytest.mark.parametrize("path", ["index.html", "gerado/comparativo.html"])
def test_timeline_dates_are_the_calculators(site, path):
    """Every edital date of the range falls in exactly one period, whose answer is the calculator's."""
    periods = timeline_periods(read(site, path))
    assert sorted(periods) == sorted(NORM_SLUGS)
    word = {True: "sim", False: "nao", None: "indeterminado"}
    for slug, rows in periods.items():
        assert rows[0][0] == FIRST and rows[-1][1] == LAST
        for (_, end, _), (start, _, _) in zip(rows, rows[1:], strict=False):
            assert start == end + datetime.timedelta(days=1), f"{slug}: lacuna ou sobreposição em {end}"
        registry = calculator.NORMS[slug].registry

        def rule(day, registry=registry):
            return calculator.rules.validity_on(registry, day)
        for first, last, applies in rows:
            day = first
            while day <= last:
                assert word[rule(day)["applies"]] == applies, f"{slug}, edital de {day}"
                day += datetime.timedelta(days=1)


@pytest.mark.parametrize("path", ["index.html", "gerado/comparativo.html"])
def test_timeline_marks_dates_that_follow_from_a_presumed_publication(site, path):
    """Where the publication date is presumed, the start and every term counted from it (its anniversaries,
    Código Civil art. 132, § 3º, as the calculator counts) are marked "(presumida)"; other dates are not."""
    items = timeline_items(read(site, path))
    marked = 0
    for slug in NORM_SLUGS:
        res = calculator.rules.validity_on(calculator.NORMS[slug].registry, datetime.date(2020, 1, 1))
        if not any(w["code"].endswith("_publicacao_presumida") for w in res["warnings"]):
            continue
        start = datetime.date.fromisoformat(res["in_force_from"])
        for first, last, _, text in items[slug]:
            for day in (first, last):
                near = {day, day - datetime.timedelta(days=1), day + datetime.timedelta(days=1)}
                on_term = any((d.month, d.day) == (start.month, start.day) for d in near)
                if day in (FIRST, LAST) or not on_term:
                    continue
                assert f"{day.strftime('%d/%m/%Y')} (presumida)" in text, (slug, day)
                marked += 1
    assert marked >= 4


def _ubatuba_term() -> tuple[str, str]:
    res = calculator.rules.validity_on(calculator.NORMS["ubatuba"].registry, datetime.date(2020, 1, 1))
    return tuple(datetime.date.fromisoformat(res[key]).strftime("%d/%m/%Y")
                 for key in ("in_force_from", "last_day"))


@pytest.mark.parametrize("path", ["index.html", "gerado/comparativo.html", "gerado/ubatuba.html"])
def test_ubatuba_term_is_past_and_presumed(site, path):
    start, end = _ubatuba_term()
    assert f"Vigorou de {start} (presumida) a {end} (presumida)" in text_of(read(site, path))


def test_norm_pages_state_validity_from_the_timeline(site):
    for slug in NORM_SLUGS:
        page = read(site, f"gerado/{slug}.html")
        box = re.search(r'<dd class="situacao" id="vigencia-situacao">.*?</dd>', page, flags=re.S)
        situacao = text_of(box.group(0))
        assert "regra de vigência da calculadora" in situacao
        assert 'href="comparativo.html#linha-do-tempo"' in page


# --------------------------------------------------------------------------- disclaimer and sources


def test_disclaimer_on_every_page(site):
    pages = [p for p in site.rglob("*.html") if "assets" not in p.relative_to(site).parts]
    assert len(pages) >= 15
    for path in pages:
        page = path.read_text(encoding="utf-8")
        if path.name == "404.html" or "compartilhar" in path.relative_to(site).parts:
            # pages of their own, without the theme's footer (sitebuild/share_pages.py)
            assert DISCLAIMER in text_of(page), path
            continue
        footer = re.search(r'<div class="md-copyright">.*?</div>\s*</div>', page, flags=re.S)
        assert footer and DISCLAIMER in text_of(footer.group(0)), path


def test_every_page_with_the_themes_footer_gives_it_the_access_keys_id(site):
    """Alt+4 (e-MAG, assets/acessibilidade.js) goes to id="rodape", which docs/overrides/main.html adds to the
    theme's footer: a change of the theme's markup would leave the key with nowhere to go."""
    pages = [p for p in site.rglob("*.html") if "assets" not in p.relative_to(site).parts]
    footers = {p.relative_to(site).as_posix(): re.findall(r"<footer\b[^>]*>", p.read_text(encoding="utf-8"))
               for p in pages}
    footers = {path: found for path, found in footers.items() if found}  # the 404 page has none
    assert len(footers) >= 15
    for path, found in footers.items():
        assert found == ['<footer class="md-footer" id="rodape">'], path


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_each_norm_names_its_source_and_excludes_later_changes(site, slug):
    norm = load_corpus().norm(slug)
    fonte = text_of(re.search(r'<dd class="fonte">.*?</dd>', read(site, f"gerado/{slug}.html"), flags=re.S)
                    .group(0))
    closing = [line for line in norm.text.split("\n") if line.strip()][-1]
    if "disclaimer" in norm.meta:  # the source's own notice, quoted
        assert closing == norm.meta["disclaimer"] and closing in fonte
    else:  # a text with none (the guide says to omit the key): said, and no line of the text taken for one
        assert "não traz aviso da fonte" in fonte and closing not in fonte
    assert "Alterações posteriores não incluídas" in fonte


def test_lgpd_note(site):
    note = text_of(section(read(site, "sobre.html"), "lgpd"))
    for words in ("dados pessoais sensíveis", "Lei nº 13.709/2018", "art. 5º, inciso II", "art. 11",
                  "navegador", "não os transmite"):
        assert words in note
    assert 'href="sobre.html#lgpd"' in read(site, "index.html")


# --------------------------------------------------------------------------- national context


CONTEXT_SECTIONS = {"lei-12990": ("12.990", "2014"), "adc-41": ("ADC 41", "08/06/2017"),
                    "adi-7654": ("ADI 7.654", "14/06/2024"), "lei-15142": ("15.142", "04/06/2025"),
                    "quem-conta": ("12.288", "branca, preta, parda, amarela e indígena")}


def test_national_context_page(site):
    page = article(read(site, "contexto-nacional.html"))
    assert "Contexto nacional — fora do corpus, não aplicado pela calculadora" in text_of(page)
    for anchor, words in CONTEXT_SECTIONS.items():
        body = text_of(section(page, anchor))
        for w in words:
            assert w in body, (anchor, w)
        if anchor != "quem-conta":
            assert "Fonte:" in body, anchor
    # past tense: the 2014 law was revoked in 2025
    assert "revogada" in text_of(section(page, "lei-12990"))
    assert "não os municípios" in text_of(section(page, "lei-15142"))


@pytest.mark.parametrize("path, target", [
    ("index.html", "contexto-nacional.html"),
    ("gerado/conflitos.html", "../contexto-nacional.html"),
    ("gerado/ubatuba.html", "../contexto-nacional.html#adi-7654"),
    ("gerado/ubatuba.html", "../contexto-nacional.html#lei-12990"),
    ("gerado/ubatuba.html", "../contexto-nacional.html#adc-41"),
    ("gerado/quissama.html", "../contexto-nacional.html#quem-conta"),
    ("gerado/lins.html", "../contexto-nacional.html#quem-conta"),
    ("glossario.html", "contexto-nacional.html#adc-41"),
])
def test_national_context_is_linked(site, path, target):
    assert f'href="{target}"' in read(site, path)


# --------------------------------------------------------------------------- conflicts

CONFLICTS = {"a": "ubatuba-art2-por-cargo", "b": "ubatuba-minimo-arredondamento", "c": "quissama-par7",
             "d": "quissama-par6", "e": "ubatuba-empregos", "f": "lins-exclusao",
             "g": "lins-tres-listas-candidata"}


@pytest.mark.parametrize("letter", sorted(CONFLICTS))
def test_conflicts_a_to_g(site, letter):
    page = read(site, "gerado/conflitos.html")
    body = section(page, CONFLICTS[letter])
    assert text_of(body).startswith(f"({letter})")
    assert "<blockquote>" in body  # the provisions quoted verbatim
    assert f'href="#{CONFLICTS[letter]}"' in page  # listed in the summary


def test_conflict_numbers_are_the_calculators(site):
    page = read(site, "gerado/conflitos.html")
    b = text_of(section(page, CONFLICTS["b"]))
    assert calculator.reserve("ubatuba", 7)["reserved"] == 1
    assert re.search(r"\b7 1 ≈ 14,3%", b)  # the share as the answers show it
    c = text_of(section(page, CONFLICTS["c"]))
    for n, with_20 in ((3, 1), (4, 1)):
        assert calculator.reserve("quissama", n)["reserved"] == 0
        assert re.search(rf"\b{n} 0 {with_20}\b", c)
    a = text_of(section(page, CONFLICTS["a"]))
    assert "ADC 41" in a and "argumento" in a and "interpretação" in a


def test_ultratividade(site):
    conflitos = text_of(section(read(site, "gerado/conflitos.html"), "vigencia"))
    assert "A data do edital decide" in conflitos
    assert "data do edital" in text_of(annotation(read(site, "gerado/ubatuba.html"), "art. 14, caput"))
    quissama = read(site, "gerado/quissama.html")
    assert "data do edital" in text_of(annotation(quissama, "art. 6º, parágrafo único"))
    assert "Ultratividade" in text_of(read(site, "glossario.html"))


# --------------------------------------------------------------------------- corrected wording


def comparativo_row(site, topic: str) -> list[str]:
    page = read(site, "gerado/comparativo.html")
    row = re.search(r"<tr>\s*<td><strong>" + re.escape(topic) + r"</strong></td>(.*?)</tr>", page, flags=re.S)
    assert row, topic
    return re.findall(r"<td>(.*?)</td>", row.group(1), flags=re.S)


def test_comparativo_wording(site):
    ubatuba, quissama, lins = comparativo_row(site, "Autodeclaração e verificação")
    for cell in (ubatuba, quissama):
        assert "a lei não prevê, o edital pode prever" in text_of(cell)
        assert "sem heteroidentificação" not in text_of(cell)
    *_, lins = comparativo_row(site, "Concorrência simultânea")
    assert 'href="lins.html#art5_cpt"' in lins and "entre si" in text_of(lins)
    *_, lins = comparativo_row(site, "Monitoramento")
    assert "acompanha a política" not in text_of(lins)
    _, quissama, _ = comparativo_row(site, "Vagas mínimas")
    assert "na prática" in text_of(quissama)
    assert [calculator.reserve("quissama", n)["reserved"] for n in range(1, 6)] == [0, 0, 0, 0, 1]
    assert "Sem piso;" not in text_of(quissama)


def test_quissama_no_floor_in_practice(site):
    page = read(site, "gerado/quissama.html")
    assert "na prática não há reserva com menos de 5 vagas" in text_of(annotation(page, "art. 1º, § 7º"))
    assert "nota de compilação da fonte" in text_of(annotation(page, "art. 5º, caput"))


def test_ubatuba_annotations(site):
    page = read(site, "gerado/ubatuba.html")
    art1 = text_of(annotation(page, "art. 1º, caput"))
    assert "três situações" not in art1 and "duas situações" in art1
    art2 = text_of(annotation(page, "art. 2º, caput"))
    assert "leitura" in art2 and "oferecidos no concurso" in art2
    assert 'href="conflitos.html#ubatuba-art2-por-cargo"' in annotation(page, "art. 2º, caput")
    assert "a lei não prevê; o edital pode prever" in text_of(annotation(page, "art. 3º, caput"))


def test_lins_decree_regulates_only_art8(site):
    note = text_of(annotation(read(site, "gerado/lins.html"), "art. 1º, caput"))
    assert "o art. 8º da Lei nº 7.739/2023" in note
    assert "não pode ir além da lei" in note
    for item in ("percentual", "número mínimo de vagas", "ordem de nomeação", "arredondamento", "prazo"):
        assert item in note


def test_who_counts(site):
    assert 'não define "negro"' in text_of(annotation(read(site, "gerado/quissama.html"), "art. 1º, § 4º"))
    glossary = read(site, "glossario.html")
    assert "branca, preta, parda, amarela e indígena" in text_of(section(glossary, "cor-ou-raca"))
    assert "12.288/2010" in text_of(section(glossary, "negro"))


def test_glossary_wording(site):
    glossary = read(site, "glossario.html")
    nomeacao = text_of(section(glossary, "nomeacao"))
    assert "as normas dizem em que posições" not in nomeacao and "Só Quissamã" in nomeacao
    selecao = text_of(section(glossary, "selecao-publica"))
    assert "empregos públicos temporários" not in selecao
    assert "art. 37, IX" in selecao and "não ocupa cargo efetivo nem emprego público" in selecao
    hetero = text_of(section(glossary, "heteroidentificacao"))
    assert "a lei não prevê; o edital pode prever" in hetero


@pytest.mark.parametrize("path", ["gerado/quissama.html", "gerado/comparativo.html", "gerado/conflitos.html"])
def test_compilation_note_is_never_cited_as_a_provision(site, path):
    """Quissamã's "(Prazo prorrogado…)" belongs to whoever compiled the source, not to the law of 2012."""
    page = read(site, path)
    assert "art. 5º, caput, nota" not in page
    assert "nota de compilação da fonte" in text_of(page)


def test_comparativo_cites_no_merely_nearby_provision(site):
    for topic in ("Vagas mínimas", "Arredondamento", "Ordem de nomeação"):
        *_, lins = comparativo_row(site, topic)
        assert "sem base no corpus" in text_of(lins), topic
        assert 'href="lins.html#ementa"' in lins, topic
    *_, lins = comparativo_row(site, "Arredondamento")
    assert 'href="lins.html#art5_cpt"' not in lins
    ubatuba, *_ = comparativo_row(site, "Percentual")
    assert 'href="ubatuba.html#art8_cpt"' not in ubatuba  # art. 8º is about cargos em comissão
