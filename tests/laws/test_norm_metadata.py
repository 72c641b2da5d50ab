"""Structured metadata and citations on the norm pages: schema.org Legislation JSON-LD (laws/jsonld.py)
and the ABNT NBR 6023 reference (laws/abnt.py), checked in the built site against the corpus and the
calculator."""

from __future__ import annotations

import datetime
import html
import json
import re
from html.parser import HTMLParser

import pytest

import calculator
from laws import NORM_SLUGS, abnt, jsonld, lexml, load_corpus
from tests.support import ROOT


@pytest.fixture(scope="module")
def site(built_site):
    return built_site


class Scan(HTMLParser):
    """The JSON-LD blocks, the ids and the header's data attributes of one page."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.ids: set[str] = set()
        self.header: dict = {}
        self._in_ld = False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "script" and a.get("type") == "application/ld+json":
            self._in_ld = True
            self.blocks.append("")
        if "cabecalho-norma" in (a.get("class") or "").split():
            self.header = a

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_ld = False

    def handle_data(self, data):
        if self._in_ld:
            self.blocks[-1] += data


def page_of(site, slug) -> Scan:
    return Scan((site / "gerado" / f"{slug}.html").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- JSON-LD


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_jsonld_matches_the_corpus(site, slug):
    norm = load_corpus().norm(slug)
    page = page_of(site, slug)
    assert len(page.blocks) == 1
    data = json.loads(page.blocks[0])
    assert data["@context"] == "https://schema.org" and data["@type"] == "Legislation"
    assert data["legislationIdentifier"] == norm.urn
    assert data["name"] == jsonld.formal_name(norm)
    assert data["alternateName"] == norm.title
    assert data["description"] == norm.meta["ementa"]
    assert data["legislationDate"] == norm.meta["date"]
    # every kind the folder schema allows (laws/folder_schema.py)
    assert data["legislationType"] == {"lei": "Lei", "decreto": "Decreto",
                                       "lei.complementar": "Lei Complementar"}[norm.meta["kind"]]
    assert data["inLanguage"] == "pt-BR"
    place = data["legislationJurisdiction"]
    assert place["name"] == norm.meta["municipality"]
    assert place["containedInPlace"]["identifier"] == f"BR-{norm.meta['state']}"
    assert data["url"] == f"{slug}.html"
    # the norms it cites: those of meta.toml, with the URN where the corpus knows it
    cites = norm.meta.get("cites", [])
    assert [c["name"] for c in data.get("citation", [])] == [c["label"] for c in cites]
    for entry, c in zip(cites, data.get("citation", []), strict=True):
        assert c.get("legislationIdentifier") == entry.get("urn")
    # one part per article, each with its own URN and the anchor of the article on this page
    parts = data["hasPart"]
    assert len(parts) == sum(p.kind == "artigo" for p in norm.provisions)
    for n, part in enumerate(parts, 1):
        assert part["@type"] == "Legislation"
        assert part["legislationIdentifier"] == f"{norm.urn}!art{n}"
        assert part["name"] == norm.citation(f"art{n}")
        page_name, _, anchor = part["url"].partition("#")
        assert page_name == f"{slug}.html" and anchor == f"art{n}" and anchor in page.ids


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_jsonld_legal_force_is_the_calculators_on_its_date(site, slug):
    data = json.loads(page_of(site, slug).blocks[0])
    on = datetime.date.fromisoformat(data["sdDatePublished"])
    rule = calculator.rules.validity_on(calculator.NORMS[slug].registry, on)
    if rule["applies"] is None:  # the corpus cannot tell: no claim either way
        assert "legislationLegalForce" not in data
    else:
        force = "https://schema.org/InForce" if rule["applies"] else "https://schema.org/NotInForce"
        assert data["legislationLegalForce"] == force
    assert data["temporalCoverage"] == f"{rule['in_force_from']}/{rule['last_day'] or '..'}"


def test_jsonld_legal_force_examples():
    """What the rule gives on a fixed date (Ubatuba's ten years ended on 16/06/2024; Quissamã's were
    extended to 2032; Lins sets no end)."""
    corpus = load_corpus()
    on = datetime.date(2026, 12, 1)
    got = {}
    for slug in ("ubatuba", "quissama", "lins"):
        rule = calculator.rules.validity_on(calculator.NORMS[slug].registry, on)
        data = jsonld.legislation(corpus.norm(slug), f"{slug}.html", in_force=rule["applies"],
                                  start=rule["in_force_from"], last_day=rule["last_day"], on=on.isoformat())
        got[slug] = (data["legislationLegalForce"].rsplit("/", 1)[1], data["temporalCoverage"])
    assert got == {"ubatuba": ("NotInForce", "2014-06-16/2024-06-16"),
                   "quissama": ("InForce", "2012-03-03/2032-03-03"),
                   "lins": ("InForce", "2024-02-08/..")}


def test_jsonld_makes_no_claim_the_rule_cannot_make():
    norm = load_corpus().norm("lins")
    data = jsonld.legislation(norm, "lins.html", in_force=None, start=None, last_day=None, on="2026-12-01")
    assert "legislationLegalForce" not in data and "temporalCoverage" not in data


def test_jsonld_block_cannot_end_early():
    script = jsonld.script({"name": "a </script> <b> & c"})
    inner = script.removeprefix('<script type="application/ld+json">').removesuffix("</script>")
    assert "<" not in inner and ">" not in inner and "&" not in inner
    assert json.loads(inner) == {"name": "a </script> <b> & c"}


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_jsonld_block_is_the_same_in_every_process(site, slug):
    """The block build.py wrote (another interpreter, other string hashes) is, byte for byte, the one
    computed here for the same norm and date."""
    text = (site / "gerado" / f"{slug}.html").read_text(encoding="utf-8")
    on = json.loads(page_of(site, slug).blocks[0])["sdDatePublished"]
    rule = calculator.rules.validity_on(calculator.NORMS[slug].registry, datetime.date.fromisoformat(on))
    node = jsonld.legislation(load_corpus().norm(slug), f"{slug}.html", in_force=rule["applies"],
                              start=rule["in_force_from"], last_day=rule["last_day"], on=on)
    assert jsonld.script(node) in text


# --------------------------------------------------------------------------- ABNT


def test_abnt_reference_of_each_norm():
    corpus = load_corpus()
    assert abnt.reference_head(corpus.norm("ubatuba")).startswith(
        "UBATUBA (SP). Lei nº 3.765, de 16 de junho de 2014. Dispõe sobre reserva de vagas para negros, "
        "índios e quilombolas nos concursos públicos")
    assert abnt.reference_head(corpus.norm("quissama")).startswith(
        "QUISSAMÃ (RJ). Lei nº 1.289, de 3 de março de 2012. Dispõe sobre a reserva de vagas")
    lins = abnt.reference_head(corpus.norm("lins"))
    assert lins.startswith("LINS (SP). Decreto nº 13.760, de 8 de fevereiro de 2024. Regulamenta o artigo 8º")
    # Lins's gazette header is in the corpus, so its publication data is too
    assert lins.endswith("destas leis. Imprensa Oficial - Lins: seção Atos Oficiais, Lins, SP, ano 8, "
                         "n. 1490, 8 fev. 2024.")
    for norm in corpus.norms:
        head = abnt.reference_head(norm)
        assert norm.meta["ementa"] in head  # transcribed as published
        url = "https://exemplo.gov.br/cotas/gerado/x.html"
        expected = f"{head} Disponível em: {url}. Acesso em: 1 dez. 2026."
        assert abnt.reference(norm, url, "2026-12-01") == expected


@pytest.mark.parametrize(("iso", "text"), [("2026-01-01", "1 jan. 2026"), ("2026-05-03", "3 maio 2026"),
                                           ("2024-02-08", "8 fev. 2024"), ("2025-09-30", "30 set. 2025")])
def test_abnt_date_of_access(iso, text):
    assert abnt.short_date(iso) == text


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_page_carries_the_citation_data(site, slug):
    """The ¶ panel's three forms come from the page: data-abnt, data-urn and each ¶'s own id."""
    norm = load_corpus().norm(slug)
    page = page_of(site, slug)
    assert page.header["data-abnt"] == abnt.reference_head(norm)
    assert page.header["data-urn"] == norm.urn
    text = (site / "gerado" / f"{slug}.html").read_text(encoding="utf-8")
    hrefs = re.findall(r'<a class="citar" href="#([^"]+)"', text)
    assert hrefs and all(norm.get(pid) is not None for pid in hrefs)
    assert {f"{page.header['data-urn']}!{pid}" for pid in hrefs} == {
        norm.provision_urn(p.id) for p in norm.walk() if p.text}
    assert html.escape(abnt.reference_head(norm), quote=False) in text  # the visible reference (header)


# --------------------------------------------------------------------------- downloads


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_downloads_offer_the_lexml_file(site, slug):
    norm = load_corpus().norm(slug)
    published = (site / "gerado" / "downloads" / f"{slug}.xml").read_bytes()
    assert published == lexml.to_xml(norm).encode("utf-8")
    assert lexml.validate(published) == []
    for page in ("downloads.html", f"{slug}.html"):
        assert f'href="downloads/{slug}.xml"' in (site / "gerado" / page).read_text(encoding="utf-8"), page


def test_page_script_abbreviates_months_as_abnt_py():
    """citacao.js writes the date of access itself; its month list is laws/abnt.py's (checked for May in
    Chromium, tests/browser/test_citacao.py)."""
    script = (ROOT / "docs" / "assets" / "citacao.js").read_text(encoding="utf-8")
    months = re.search(r"var MONTHS = \[([^\]]*)\]", script).group(1)
    assert json.loads(f"[{months}]") == list(abnt.MONTHS)
