"""The pages that list the norms list every norm of the registry (the fixture norms too, when the site is
built with them): the home page's table and timeline, Downloads and corpus.json, Tabelas, the calculator's
lists; Comparativo and Conflitos name, in one sentence, the norms they have no analysis for."""

from __future__ import annotations

import html
import json
import re

import pytest

from calculator import NORMS
from calculator.norms import MESSAGES, registry_of, vocabulary
from tests.support import require_site_files

PAGES = ["index.html", "gerado/downloads.html", "gerado/comparativo.html", "gerado/conflitos.html",
         "gerado/tabelas.html", "gerado/tabelas.json", "gerado/downloads/corpus.json",
         "assets/calculadora/normas.js", "assets/calculadora/respostas.js"]


@pytest.fixture(scope="module")
def site():
    return require_site_files(PAGES)


def _text(site, page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", (site / page).read_text(encoding="utf-8")))


def test_the_home_page_lists_every_norm_in_its_table_and_timeline(site):
    page = (site / "index.html").read_text(encoding="utf-8")
    table = page[page.index("<table"):page.index("</table>")]
    assert re.findall(r'href="gerado/([a-z0-9_]+)\.html"', table) == list(NORMS)
    timeline = page[page.index('<ul class="linha-do-tempo-texto">'):]
    for slug in NORMS:
        assert f'href="gerado/{slug}.html#vigencia-situacao"' in timeline, slug
        assert html.escape(registry_of(slug).place) in table
    for word in ("três normas", "3 normas"):
        assert word not in _text(site, "index.html")


def test_downloads_and_corpus_json_have_every_norm(site):
    page = (site / "gerado" / "downloads.html").read_text(encoding="utf-8")
    for slug in NORMS:
        assert f'href="downloads/{slug}.txt"' in page and f'href="downloads/{slug}.xml"' in page, slug
        assert (site / "gerado" / "downloads" / f"{slug}.xml").is_file()
    assert "três normas" not in _text(site, "gerado/downloads.html")
    corpus = json.loads((site / "gerado" / "downloads" / "corpus.json").read_text(encoding="utf-8"))
    assert [n["slug"] for n in corpus["norms"]] == list(NORMS)
    from tests.laws.test_schema import validate

    assert validate(corpus) == []


def test_the_tables_and_the_calculator_list_every_norm(site):
    tables = json.loads((site / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    assert sorted(tables["norms"]) == sorted(NORMS)  # a JSON object, keys sorted
    normas = json.loads((site / "assets/calculadora/normas.js").read_text(encoding="utf-8")
                        .split("=", 1)[1].strip().rstrip(";"))
    assert [n["slug"] for n in normas["norms"]] == list(NORMS)
    # one file of precomputed answers per norm, and none in the shared file (loaded on arrival)
    from sitebuild.answer_tables import PER_NORM_DIR, read_answers

    folder = site / "assets" / "calculadora"
    assert sorted(p.stem for p in (folder / PER_NORM_DIR).glob("*.js")) == sorted(NORMS)
    assert '"norms":{}' in (folder / "respostas.js").read_text(encoding="utf-8")
    assert sorted(read_answers(site)["norms"]) == sorted(NORMS)
    text = _text(site, "gerado/tabelas.html")
    for slug in NORMS:
        assert registry_of(slug).place in text, slug


@pytest.mark.parametrize("page", ["gerado/comparativo.html", "gerado/conflitos.html"])
def test_the_analysis_pages_say_which_norms_they_do_not_analyse(site, page):
    source = (site / page).read_text(encoding="utf-8")
    text = _text(site, page)
    missing = [slug for slug in NORMS if not re.search(rf'href="{slug}\.html#(?!vigencia-situacao)', source)]
    sentences = re.findall(r"Esta página ainda não tem análise escrita para [^:]+:", text)
    if not missing:
        assert sentences == []
        return
    assert len(sentences) == 1
    for slug in missing:
        norm = registry_of(slug)
        assert norm.place in sentences[0] and norm.citation in sentences[0], slug


def test_the_guide_lists_the_keys_the_code_accepts(site):
    """Como incluir uma norma shows, from the code, every value the loader accepts in the keys it lists."""
    from calculator.arithmetic import ROUNDINGS
    from calculator.simulator import policy

    page = _text(site, "incluir-norma.html")
    for value in (*vocabulary.PERCENT_RULES, *ROUNDINGS, *vocabulary.COUNTS,
                  *vocabulary.WARNING_KINDS, *vocabulary.VALIDITY_CASES, *policy.BASIS_KINDS,
                  *MESSAGES):
        assert value in page, value
    for key, text in MESSAGES.items():
        assert text in page, key


def test_the_guide_lists_every_key_of_norma_toml_from_the_loaders_schema(site):
    """Como incluir uma norma's table of norma.toml is calculator/norms/schema.py, the description the
    loader and laws check use: every key (the simulation's options included), its type and the values a
    closed key takes."""
    from calculator.norms.schema import SCHEMA
    from sitebuild.pages import registry_keys

    raw = (site / "incluir-norma.html").read_text(encoding="utf-8")
    rows = registry_keys()
    assert len(rows) == len(SCHEMA)
    for row in rows:
        assert f"<td><code>{html.escape(str(row['shown']), quote=False)}</code></td>" in raw, row["shown"]
    assert "<td><code>[simulation.options.&lt;nome&gt;] refusal</code></td>" in raw
    assert "<td><code>[[parameters.values]] interpretation</code></td>" in raw


def test_the_guide_lists_every_key_of_meta_toml_from_its_schema(site):
    """Como incluir uma norma's tables of meta.toml and anotacoes.toml are the schema laws check uses: every
    key, its type and whether it is required; the examples are shown as written."""
    from laws.folder_schema import ANNOTATION_KEYS
    from sitebuild.pages import meta_keys

    raw = (site / "incluir-norma.html").read_text(encoding="utf-8")
    for row in meta_keys() + meta_keys(ANNOTATION_KEYS):
        assert f"<td><code>{html.escape(row['shown'], quote=False)}</code></td>" in raw, row["shown"]
    assert "<td>lista de tabelas</td>" in raw
    assert '<code>"lei", "lei.complementar", "decreto"</code>' in raw  # not &#34;lei&#34;
    assert "&lt;estado&gt;" in raw  # the URN's pattern is shown as text, not read as a tag
