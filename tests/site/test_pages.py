"""Tests of the built site (site/), produced by `python build.py`.

`make test` builds the site before pytest; a missing site fails (conftest.built_site), it is never built here.
"""

from __future__ import annotations

import datetime
import html
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import calculator
from calculator.labels import display_label
from calculator.norms import path_of
from laws import NORM_SLUGS, load_corpus
from tests.support import ROOT, SITE


@pytest.fixture(scope="session")
def site(built_site) -> Path:
    return built_site


class Page(HTMLParser):
    """Collects ids, and the URLs of links and loaded resources, of one HTML file."""

    LOADS = {"script": "src", "img": "src", "iframe": "src", "source": "src", "audio": "src", "video": "src",
             "embed": "src", "track": "src", "object": "data", "link": "href", "input": "src"}

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[tuple[str, str]] = []  # (tag, url): every href/src, to check internal targets
        self.loads: list[tuple[str, str]] = []  # (tag, url): resources the browser fetches by itself
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name"):
            if a.get(key) and (key == "id" or tag == "a"):
                self.ids.append(a[key])
        for key in ("href", "src", "data", "poster", "srcset"):
            if a.get(key):
                self.links.append((tag, a[key]))
        attr = self.LOADS.get(tag)
        if attr and a.get(attr):
            self.loads.append((tag, a[attr]))
        if a.get("srcset"):
            self.loads.extend((tag, part.split()[0]) for part in a["srcset"].split(",") if part.strip())
        if a.get("style") and "url(" in a["style"]:
            self.loads.extend((tag, u) for u in re.findall(r"url\(\s*['\"]?([^'\")]+)", a["style"]))


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def law_text_of(page_html: str) -> str:
    """The law text of a norm page: the text of its .dispositivo blocks, one block per line."""
    blocks = re.findall(r'<div class="dispositivo[^"]*">(.*?)</div>', page_html, flags=re.S)
    assert blocks, "nenhum bloco de texto legal encontrado"
    lines = []
    for block in blocks:
        block = re.sub(r'<a class="citar"[^>]*>.*?</a>', "", block, flags=re.S)  # the ¶ buttons are not text
        block = re.sub(r"<br>\n?", "\n", block)
        lines.append(html.unescape(re.sub(r"<[^>]+>", "", block)))
    return "\n".join(lines)


def seed_file(slug: str) -> Path:
    """The norm's verbatim text: laws/<slug>/texto.txt, pinned by SHA-256 to the seed (tests/laws/test_corpus.py)."""
    return path_of(slug).parent / "texto.txt"


# --------------------------------------------------------------------------- law pages


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_every_line_of_the_seed_is_on_its_page(site, slug):
    seed = seed_file(slug).read_text(encoding="utf-8")
    text = law_text_of((site / "gerado" / f"{slug}.html").read_text(encoding="utf-8"))
    page_lines = text.split("\n")
    seed_lines = [line for line in seed.split("\n") if line.strip()]
    for line in seed_lines:
        assert line in page_lines, f"linha ausente ou alterada em {slug}: {line!r}"
    # same lines, same order, nothing added inside the law text
    assert [x for x in page_lines if x.strip()] == seed_lines


PERMALINK = "\x00"


def law_blocks_with_permalinks(page_html: str) -> list[list[str]]:
    """Each .dispositivo block as its text lines, with every ¶ permalink kept as a PERMALINK marker."""
    out = []
    for block in re.findall(r'<div class="dispositivo[^"]*">(.*?)</div>', page_html, flags=re.S):
        block = re.sub(r'<a class="citar"[^>]*>.*?</a>', PERMALINK, block, flags=re.S)
        block = re.sub(r"<br>\n?", "\n", block)
        out.append(html.unescape(re.sub(r"<[^>]+>", "", block)).split("\n"))
    return out


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_every_seed_line_is_one_intact_run_in_one_block(site, slug):
    """A seed line is never split by a permalink or spread over two blocks: the ¶ links come after it
    (Quissamã's art. 5º caput and its inline note "(Prazo prorrogado…)" form one line)."""
    seed_lines = [line for line in seed_file(slug).read_text(encoding="utf-8").split("\n") if line.strip()]
    blocks = law_blocks_with_permalinks((site / "gerado" / f"{slug}.html").read_text(encoding="utf-8"))
    runs = [line.rstrip(PERMALINK).strip() for block in blocks for line in block]
    for line in seed_lines:
        assert line.strip() in runs, f"linha partida ou ausente em {slug}: {line!r}"


def test_inline_note_keeps_its_anchor_inside_the_line(site):
    page_html = (site / "gerado" / "quissama.html").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r'<div class="dispositivo[^"]*">(.*?)</div>', page_html, flags=re.S)
                 if 'id="art5_cpt"' in b)
    assert 'id="art5_cpt_nota1"' in block and "nota-na-linha" in block
    assert block.index('class="citar"') > block.index("(Prazo prorrogado")


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_every_provision_has_its_anchor_and_permalink(site, slug):
    page_html = (site / "gerado" / f"{slug}.html").read_text(encoding="utf-8")
    ids = Page(page_html).ids
    assert len(ids) == len(set(ids)), "ids repetidos na página"
    norm = load_corpus().norm(slug)
    for prov in norm.walk():
        assert prov.id in ids, f"{slug}: sem âncora #{prov.id}"
        if prov.text:
            # a note inside a provision is cited as the source's compilation note (labels.site_citation)
            expected = norm.citation(prov.id)
            if prov.kind == "nota" and "_nota" in prov.id:
                expected = f"{norm.meta['title']}, {display_label(prov.id)}"
            citation = html.escape(expected)
            assert f'href="#{prov.id}" data-citacao="{citation}"' in page_html


def test_citation_example(site):
    page_html = (site / "gerado" / "ubatuba.html").read_text(encoding="utf-8")
    assert 'data-citacao="Lei nº 3.765/2014, art. 2º, § 3º"' in page_html


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_annotations_are_set_apart_and_present(site, slug):
    page_html = (site / "gerado" / f"{slug}.html").read_text(encoding="utf-8")
    norm = load_corpus().norm(slug)
    for pid in norm.annotations:  # annotations are optional (docs/incluir-norma.md); those written are shown
        label = html.escape(norm.get(pid).label, quote=False)
        assert f"Nota explicativa — não é orientação jurídica ({label})" in page_html
    # notes never sit inside the law text blocks
    assert "Nota explicativa" not in law_text_of(page_html)


def test_cross_references_are_rendered(site):
    ubatuba = (site / "gerado" / "ubatuba.html").read_text(encoding="utf-8")
    # internal: "§ 1º deste artigo" in art. 7º, § 2º → #art7_par1
    assert re.search(r'<a class="remissao" href="#art7_par1"[^>]*>§ 1º deste artigo</a>', ubatuba)
    # unresolved: art. 8º, parágrafo único → not linked, shown as such with a note
    assert re.search(r'<span class="remissao nao-resolvida"[^>]*>§ 1º deste artigo</span>', ubatuba)
    assert "Remissão não resolvida" in ubatuba
    # external, labelled
    assert "Lei Federal nº 8.213/1991, art. 93" in ubatuba
    lins = (site / "gerado" / "lins.html").read_text(encoding="utf-8")
    assert 'class="remissao externa"' in lins and "Lei nº 7.739/2023" in lins


def test_header_box(site):
    for norm in load_corpus().norms:
        page_html = (site / "gerado" / f"{norm.slug}.html").read_text(encoding="utf-8")
        box = page_html[page_html.index('class="cabecalho-norma"'):page_html.index("indice-artigos")]
        # the source's notice where the text has one (a norm may have none: the guide omits the key)
        for value in (norm.meta["urn"], norm.meta["number"], norm.meta.get("disclaimer", "")):
            assert html.escape(value, quote=False) in box
        assert "Situação" in box and "segundo a calculadora" in box


# --------------------------------------------------------------------------- offline


def _external(url: str) -> bool:
    return bool(re.match(r"^\s*(https?:)?//", url, flags=re.I))


def test_no_loads_from_other_hosts_in_html(site):
    bad = []
    for path in html_files(site):
        text = path.read_text(encoding="utf-8")
        page = Page(text)
        bad += [(path.name, tag, url) for tag, url in page.loads if _external(url)]
        for style in re.findall(r"<style[^>]*>(.*?)</style>", text, flags=re.S):
            bad += [(path.name, "style", u) for u in _css_loads(style) if _external(u)]
        for script in re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", text, flags=re.S):
            bad += [(path.name, "script", u) for u in _js_loads(script)]
    assert bad == []


def _css_loads(css: str) -> list[str]:
    urls = re.findall(r"url\(\s*['\"]?([^'\")\s]+)", css)
    urls += re.findall(r"@import\s+(?:url\()?\s*['\"]?([^'\")\s;]+)", css)
    return urls


_JS_LOAD = re.compile(
    r"""(?:\bfetch|\bimportScripts|\bimport|new\s+Worker|new\s+SharedWorker|new\s+EventSource|new\s+WebSocket|
        \.sendBeacon|\.open)\s*\(\s*["'`]((?:https?:|wss?:)?//[^"'`]+)"""
    r"""|\bfrom\s*["'`]((?:https?:)?//[^"'`]+)""",
    re.X,
)


def _js_loads(js: str) -> list[str]:
    return [a or b for a, b in _JS_LOAD.findall(js)]


def test_no_loads_from_other_hosts_in_css_and_js(site):
    bad = []
    for path in site.rglob("*.css"):
        bad += [(str(path.relative_to(site)), u) for u in _css_loads(path.read_text(encoding="utf-8"))
                if _external(u)]
    for path in list(site.rglob("*.js")) + list(site.rglob("*.mjs")):
        js = path.read_text(encoding="utf-8", errors="replace")
        bad += [(str(path.relative_to(site)), u) for u in _js_loads(js)]
    assert bad == []


def test_no_font_or_analytics_configuration(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    for needle in ("fonts.googleapis", "fonts.gstatic", "googletagmanager", "google-analytics",
                   "cdn.jsdelivr", "unpkg.com"):
        assert needle not in index


# --------------------------------------------------------------------------- links


def test_no_broken_internal_links_or_anchors(site):
    ids_cache: dict[Path, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        if path not in ids_cache:
            ids_cache[path] = set(Page(path.read_text(encoding="utf-8")).ids)
        return ids_cache[path]

    broken = []
    checked = 0
    for path in html_files(site):
        # 404.html included: its links are relative to the site root (and fixed at run time for any depth)
        for _tag, url in Page(path.read_text(encoding="utf-8")).links:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https", "mailto", "tel", "data", "blob") or url.startswith("//"):
                continue
            if url.startswith("/"):
                broken.append((str(path.relative_to(site)), url, "URL absoluta (quebra em subdiretório)"))
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.exists():
                broken.append((str(path.relative_to(site)), url, "arquivo inexistente"))
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in ids_of(
                    target):
                broken.append((str(path.relative_to(site)), url, "âncora inexistente"))
    assert checked > 1000
    assert broken == []


# --------------------------------------------------------------------------- search and language


def test_search_index_in_portuguese(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == ["pt"]
    assert any("quilombolas" in doc["text"] for doc in index["docs"])
    assert (site / "assets" / "javascripts" / "lunr" / "min" / "lunr.pt.min.js").exists()
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pt-BR"' in index  # pt-BR declared (docs/overrides/partials/languages/custom.html)
    assert "Pular para conteúdo" in index and "Buscar" in index  # pt-BR interface strings


def test_search_index_leaves_out_tables_of_figures(site):
    """Every page's arrival downloads the search index: tables of figures (Desempenho's measurements,
    Metodologia's parameters, kept on the page and in the Na calculadora blocks) stay out of it; the prose
    around them stays in."""
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = {}
    for doc in index["docs"]:
        page = doc["location"].split("#")[0]
        text[page] = text.get(page, "") + doc["text"]
    assert "Python pronto" in text["desempenho.html"]  # a heading and its prose
    assert "CPU do início limitada (worker.js na página)" not in text["desempenho.html"]  # a table header
    assert "<table" not in text["desempenho.html"]
    assert "Parâmetros da calculadora" in text["gerado/metodologia.html"]
    assert "Valor e nota" not in text["gerado/metodologia.html"]  # the parameter table's header
    html = (site / "desempenho.html").read_text(encoding="utf-8")
    assert "CPU do início limitada (worker.js na página)" in html and html.count("<table") >= 5


# --------------------------------------------------------------------------- tables


def _percent(slug):
    data = json.loads((SITE / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    return data["norms"][slug]["percent"]


def test_tables_json_equals_the_calculator(site):
    data = json.loads((site / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    assert set(data["norms"]) == set(NORM_SLUGS)
    assert data["norms"]["lins"]["percent_is_example"] is True and data["norms"]["lins"]["percent"]
    for slug, table in data["norms"].items():
        assert [r["vacancies"] for r in table["rows"]] == list(range(1, 101))
        for row in table["rows"]:
            n = row["vacancies"]
            assert row["reserved"] == calculator.reserve(slug, n, percent=table["percent"])["reserved"]
            assert row["positions"] == calculator.order(slug, n, percent=table["percent"])["positions"]


def test_tables_page_equals_the_calculator(site):
    page_html = (site / "gerado" / "tabelas.html").read_text(encoding="utf-8")
    for slug in NORM_SLUGS:
        start = page_html.index(f'id="{slug}"')
        section = page_html[start:]
        table = section[:section.index("</table>")]
        cell = r"\s*<td[^>]*>([^<]*)</td>"
        rows = re.findall(r"<tr>" + cell * 3 + r"\s*</tr>", table)
        assert [int(r[0]) for r in rows] == list(range(1, 101)), slug
        pct = _percent(slug)
        for n, reserved, positions in rows:
            n = int(n)
            res = calculator.reserve(slug, n, percent=pct)
            # a count that rests on a reading carries the other reading's beside it, marked †
            other = res["alternative"]
            assert reserved == (f"{res['reserved']} † (outra leitura: {other['reserved']})" if other
                                else str(res["reserved"])), (slug, n)
            order = calculator.order(slug, n, percent=pct)
            extra = order["interpreted_positions"]
            expected = [f"{p}*" if p in extra else str(p) for p in order["positions"]]
            assert positions == (", ".join(expected) if expected else "—")  # *: placed by interpretation
    assert "exemplo" in page_html.lower()


def test_known_values():
    # Written from the law text, independently of the tables: Ubatuba 13 vagas → 2,6 → 3;
    # 2 vagas → 0 (art. 2º, § 2º); Quissamã 5 vagas → 10% → 0,5 → 1 (art. 1º, § 7º);
    # positions 5, 10 for 13 vagas (art. 3º, § 1º), and 13 for the third seat of art. 1º.
    data = json.loads((SITE / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    rows = {slug: {r["vacancies"]: r for r in t["rows"]} for slug, t in data["norms"].items()}
    assert rows["ubatuba"][13]["reserved"] == 3
    assert rows["ubatuba"][2]["reserved"] == 0
    assert rows["quissama"][5]["reserved"] == 1
    # art. 3º, § 1º: 5ª and 10ª; art. 1º's third seat at the 13ª (last of the incomplete block)
    assert rows["quissama"][13]["positions"] == [5, 10, 13]
    assert rows["quissama"][13]["interpreted_positions"] == [13]


# --------------------------------------------------------------------------- other pages


def test_cross_norm_pages_cite_provisions(site):
    comparativo = (site / "gerado" / "comparativo.html").read_text(encoding="utf-8")
    table = comparativo[comparativo.index("<table"):comparativo.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, flags=re.S)[1:]
    assert len(rows) == 15
    for row in rows:
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)[1:]
        assert len(cells) == 3
        for slug, cell in zip(("ubatuba", "quissama", "lins"), cells, strict=True):  # the norms analysed
            assert re.search(rf'href="{slug}\.html#[a-z0-9_]+"', cell), (slug, cell)
    conflitos = (site / "gerado" / "conflitos.html").read_text(encoding="utf-8")
    for anchor in ("ubatuba-art8", "lins-tres-listas", "quissama-art1-art3", "lins-art4-art6",
                   "ubatuba-genero", "ubatuba-posteriormente", "vigencia"):
        assert f'id="{anchor}"' in conflitos
    metodologia = (site / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    assert "Cobertura" in metodologia and 'id="regra-calculator-rules-percent-legal-percent"' in metodologia


def test_downloads(site):
    for slug in NORM_SLUGS:
        assert (site / "gerado" / "downloads" / f"{slug}.txt").read_bytes() == seed_file(slug).read_bytes()
        page_html = (site / "gerado" / f"{slug}.html").read_text(encoding="utf-8")
        assert f'href="downloads/{slug}.txt"' in page_html
    exported = subprocess.run([sys.executable, "-m", "laws", "export"], cwd=ROOT, check=True,
                              capture_output=True).stdout
    assert (site / "gerado" / "downloads" / "corpus.json").read_bytes() == exported
    # the version a reader cites beside a number, the one the JSON answers and `cotas --version` give
    from calculator import VERSION

    downloads = (site / "gerado" / "downloads.html").read_text(encoding="utf-8")
    assert f"versão <strong>{VERSION}</strong> da calculadora" in downloads


def test_home_links_to_the_calculator(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Quantas vagas são reservadas no meu concurso?" in index
    assert 'href="calculadora.html"' in index
    assert (site / "calculadora.html").exists()


def test_print_stylesheet(site):
    css = (site / "assets" / "site.css").read_text(encoding="utf-8")
    assert "@media print" in css
    printed = css[css.index("@media print"):]
    assert ".md-sidebar" in printed and "a.citar" in printed and "admonition" in printed


def test_annotation_rules_exist_and_link_both_ways(site):
    from sitebuild.calcblock import resolve_rule

    metodologia = (site / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    for norm in load_corpus().norms:
        page_html = (site / "gerado" / f"{norm.slug}.html").read_text(encoding="utf-8")
        for pid, ann in norm.annotations.items():
            rule = ann.get("regra")
            if not rule:
                continue
            assert callable(resolve_rule(rule)), rule
            anchor = "regra-" + re.sub(r"[^a-z0-9]+", "-", rule.lower()).strip("-")
            assert f'href="metodologia.html#{anchor}"' in page_html  # provision → rule
            section = metodologia[metodologia.index(f'id="{anchor}"'):]
            section = section[:section.find("<h3", 10) if "<h3" in section[10:] else len(section)]
            assert f'href="{norm.slug}.html#{pid}"' in section  # rule → provision


def _visible_text(fragment: str) -> str:
    """Text a reader sees, without <code> (Python names shown to developers are code)."""
    fragment = re.sub(r"<code[^>]*>.*?</code>", " ", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def test_methodology_shows_human_labels_not_python_names(site):
    metodologia = (site / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    main = metodologia[metodologia.index('id="cobertura"'):]
    visible = _visible_text(main)
    for norm in NORM_SLUGS:
        for p in calculator.parameters(norm)["parameters"]:
            assert f"<code>{p['name']}</code>" in main  # still there, as code, for developers
            if "_" in p["name"]:
                assert p["name"] not in visible, p["name"]
            for literal in ("True", "False", "None"):
                assert not re.search(rf"\b{literal}\b", visible), literal
            if isinstance(p["value"], str) and "_" in p["value"]:
                assert p["value"].split(" ")[0] not in visible, p["value"]
    assert "calculator." not in visible
    assert "acumulada" not in visible and "cumulativa" in visible


def test_law_pages_name_rules_readably(site):
    page_html = (site / "gerado" / "ubatuba.html").read_text(encoding="utf-8")
    assert "Regra na calculadora:" in page_html
    assert "calculator.rules" not in _visible_text(page_html)
    assert "<code>rules.ubatuba.UbatubaRules.order_notes</code>" in page_html or \
        "<code>rules.percent.legal_percent</code>" in page_html


def test_coverage_is_consistent_with_the_parameters(site):
    """A provision cited as the basis of a calculator parameter is never listed as "not implemented"."""
    metodologia = (site / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    for norm in load_corpus().norms:
        section = metodologia[metodologia.index(f'id="{norm.slug}"'):]
        section = section[section.index("Não implementados"):]
        section = section[:section.index("</ul>")]
        not_done = set(re.findall(rf'href="{norm.slug}\.html#([^"]+)"', section))
        params = calculator.parameters(norm.slug)["parameters"]
        cited = {b.split(":", 1)[1] for p in params for b in p["basis"]}
        for pid in not_done:
            sub = {p.id for p in norm.get(pid).walk()}
            assert not (sub & cited), f"{norm.slug}:{pid} é base de parâmetro e aparece como não implementado"


def test_law_page_button_preselects_the_norm(site):
    for slug in NORM_SLUGS:
        page_html = (site / "gerado" / f"{slug}.html").read_text(encoding="utf-8")
        assert f'href="../calculadora.html?norma={slug}#reserva">Calcular vagas reservadas' in page_html


def test_tables_json_carries_the_calculators_warnings_and_validity(site):
    data = json.loads((site / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    for slug, table in data["norms"].items():
        validity = table["validity"]
        assert validity["date"] == data["generated"]
        rule = calculator.rules.validity_on(calculator.NORMS[slug].registry,
                                            datetime.date.fromisoformat(data["generated"]))
        assert validity["applies"] == rule["applies"]
        for row in table["rows"]:
            res = calculator.reserve(slug, row["vacancies"], percent=table["percent"])
            shown = [table["messages"][k] for k in row["reserve_warnings"]]
            assert [w["message"] for w in shown] == [w["message"] for w in res["warnings"]]
            order = calculator.order(slug, row["vacancies"], percent=table["percent"])
            assert [table["messages"][k]["message"] for k in row["order_warnings"]] ==\
                [w["message"] for w in order["warnings"]]
        verdict = "a reserva se aplica" if validity["applies"] else "a reserva não se aplica"
        assert verdict in validity["summary"], slug


def test_tables_page_states_validity_per_norm(site):
    page_html = (site / "gerado" / "tabelas.html").read_text(encoding="utf-8")
    data = json.loads((site / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    for slug, table in data["norms"].items():
        section = page_html[page_html.index(f'id="{slug}"'):]
        section = section[:section.index("<table")]
        assert html.escape(table["validity"]["summary"], quote=False) in section, slug
