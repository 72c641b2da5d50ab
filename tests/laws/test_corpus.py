"""The corpus: verbatim texts, parser (tree, ids, labels), citation resolver, metadata."""

import re

import pytest

from calculator.labels import int_to_roman
from calculator.norms import path_of
from laws import NORM_SLUGS, load_corpus
from laws.corpus import Norm
from laws.parser import ParseError, parse, roman_to_int
from tests.support import ROOT

SEED_FILES = {
    "ubatuba": "ubatuba-lei-3765-2014.txt",
    "quissama": "quissama-lei-1289-2012.txt",
    "lins": "lins-decreto-13760-2024.txt",
}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


# --- verbatim text and round trip ----------------------------------------------------------------
@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_text_is_the_pinned_copy_of_its_seed(slug):
    """The byte-exact check, inside the repository: texto.txt has the SHA-256 pinned in meta.toml (taken
    from the seed file named there), so an edit of the text cannot pass unnoticed."""
    import hashlib
    import tomllib

    folder = path_of(slug).parent
    meta = tomllib.loads((folder / "meta.toml").read_text(encoding="utf-8"))
    pinned = meta["text_file"]
    assert pinned["path"] == "texto.txt" and pinned["source"]
    assert pinned.get("seed") == SEED_FILES.get(slug, pinned.get("seed"))  # the real norms name their seed
    data = (folder / "texto.txt").read_bytes()
    assert hashlib.sha256(data).hexdigest() == pinned["sha256"]
    assert re.fullmatch(r"[0-9a-f]{64}", pinned["sha256"])


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_round_trip(corpus, slug):
    norm = corpus.norm(slug)
    raw = (path_of(slug).parent / "texto.txt").read_bytes().decode("utf-8")
    assert "".join(p.text + p.tail for p in norm.walk()) == raw


def test_quissama_has_no_trailing_newline(corpus):
    norm = corpus.norm("quissama")
    assert not norm.text.endswith("\n")
    assert norm.get("aviso").tail == ""


@pytest.mark.parametrize("slug,articles", [("ubatuba", 15), ("quissama", 6), ("lins", 12)])
def test_article_count(corpus, slug, articles):
    norm = corpus.norm(slug)
    arts = [p for p in norm.provisions if p.kind == "artigo"]
    assert [p.id for p in arts] == [f"art{n}" for n in range(1, articles + 1)]


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_ids_unique_and_well_formed(corpus, slug):
    ids = [p.id for p in corpus.norm(slug).walk()]
    assert len(ids) == len(set(ids))
    for pid in ids:
        assert re.fullmatch(r"(art\d+(_cpt|_par1u|_par\d+)?(_inc\d+(_ali\d+)?)?(_nota\d+)?"
                            r"|cabecalho\d|nota\d|assinatura\d|registro\d|epigrafe|ementa|preambulo|fecho|aviso)",
                            pid), pid


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_parents_and_children_agree(corpus, slug):
    for p in corpus.norm(slug).walk():
        for child in p.children:
            assert child.parent is p
            assert child.id.startswith(p.id + "_")
        if p.kind == "artigo":
            assert p.text == p.tail == "" and p.children[0].kind == "caput"


# --- labels ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("ref,label", [
    ("ubatuba:art2_par3", "art. 2º, § 3º"),
    ("ubatuba:art1_par1u_inc2", "art. 1º, parágrafo único, inciso II"),
    ("ubatuba:art1_cpt", "art. 1º, caput"),
    ("ubatuba:art7_par1_inc3", "art. 7º, § 1º, inciso III"),
    ("ubatuba:art15", "art. 15"),
    ("lins:art6_cpt_inc4", "art. 6º, inciso IV"),
    ("lins:art10", "art. 10"),
    ("lins:art10_par1u_inc2", "art. 10, parágrafo único, inciso II"),
    ("lins:art8_par1_inc2", "art. 8º, § 1º, inciso II"),
    ("lins:art9", "art. 9º"),
    ("quissama:art5_cpt_nota1", "art. 5º, caput, nota"),
    ("quissama:art6_par1u", "art. 6º, parágrafo único"),
    ("lins:cabecalho2", "cabeçalho, linha 2"),
    ("ubatuba:ementa", "ementa"),
])
def test_labels(corpus, ref, label):
    assert corpus.resolve(ref).label == label


def test_citation(corpus):
    assert corpus.norm("ubatuba").citation("art2_par3") == "Lei nº 3.765/2014, art. 2º, § 3º"
    assert corpus.norm("lins").citation("art6_cpt_inc4") == "Decreto nº 13.760/2024, art. 6º, inciso IV"
    assert corpus.norm("quissama").citation("art1_par7") == "Lei nº 1.289/2012, art. 1º, § 7º"
    with pytest.raises(KeyError):
        corpus.norm("ubatuba").citation("art16")


def _expected_label(pid):
    """An independent statement of the labelling rule for article ids."""
    ordinal = lambda n: f"{n}º" if int(n) < 10 else n  # noqa: E731
    m = re.fullmatch(r"art(\d+)(?:_(cpt|par1u|par\d+))?(?:_inc(\d+))?", pid)
    art, unit, inc = m.groups()
    out = [f"art. {ordinal(art)}"]
    if unit == "cpt" and not inc:
        out.append("caput")
    elif unit == "par1u":
        out.append("parágrafo único")
    elif unit and unit.startswith("par"):
        out.append(f"§ {ordinal(unit[3:])}")
    if inc:
        out.append(f"inciso {int_to_roman(int(inc))}")
    return ", ".join(out)


def test_citation_is_the_title_and_the_label_of_the_id_shape(corpus):
    """norm.citation is "<title>, <label>", the label as the rule for the id's shape writes it."""
    seen = {}
    for norm in corpus.norms:
        for p in norm.walk():
            citation = norm.citation(p.id)
            assert citation.startswith(norm.meta["title"] + ", ")
            seen[p.id] = label = citation.removeprefix(norm.meta["title"] + ", ")
            if re.fullmatch(r"art\d+(_(cpt|par1u|par\d+))?(_inc\d+)?", p.id):
                assert label == _expected_label(p.id)
    assert {"art1", "art1_cpt", "art1_par1", "art10_par1u"} <= seen.keys()  # shared by several norms


# --- parser details ----------------------------------------------------------------------------------
def test_markers_and_styles(corpus):
    ub, qu, li = (corpus.norm(s) for s in SEED_FILES)
    assert ub.get("art10_cpt").marker == "Art. 10"  # "Art. 10 Os…"
    assert li.get("art1_cpt").marker == "Art. 1º -"  # "Art. 1º - Para…"
    assert li.get("art10_cpt").marker == "Art. 10 -"
    assert li.get("art1_par1").marker == "§ 1º -"
    assert ub.get("art1_par1u").marker == "Parágrafo Único."
    assert li.get("art4_par1u").marker == "Parágrafo único -"
    assert li.get("art2_cpt_inc3").marker == "III -"
    assert ub.get("art2_par3").body.startswith("Se da aplicação")


def test_opening_and_closing_parts(corpus):
    ub, qu, li = (corpus.norm(s) for s in SEED_FILES)
    assert [p.kind for p in li.provisions[:6]] == ["cabecalho"] * 3 + ["epigrafe", "ementa", "preambulo"]
    assert li.get("cabecalho2").text.startswith("Publicado em 08 de fevereiro de 2024 | Edição nº 1490")
    assert [p.id for p in ub.provisions[:4]] == ["epigrafe", "nota1", "ementa", "preambulo"]
    assert ub.get("nota1").text.startswith("(Autógrafo nº 22/14")
    assert [p.id for p in li.provisions[-5:]] == ["fecho", "assinatura1", "registro1", "assinatura2", "aviso"]
    assert li.get("assinatura2").text == "Marco Antonio Legramandi\nSecretário de Administração"
    assert ub.get("assinatura1").text == "MAURICIO HUMBERTO FORNARI MOROMIZATO\n\nPrefeito Municipal"
    assert [p.id for p in qu.provisions[-3:]] == ["fecho", "assinatura1", "aviso"]
    for norm in (ub, qu, li):
        assert re.match(r"Este (texto|conteúdo) não substitui", norm.get("aviso").text)
        assert norm.get("aviso").text == norm.meta["disclaimer"]
        assert norm.get("ementa").text == norm.meta["ementa"]
        assert norm.get("epigrafe").text == norm.meta["epigrafe"]


def test_quissama_note_is_its_own_node(corpus):
    norm = corpus.norm("quissama")
    caput, note = norm.get("art5_cpt"), norm.get("art5_cpt_nota1")
    assert note.kind == "nota" and note.parent is caput
    assert note.text == "(Prazo prorrogado por mais 10 anos pela Lei nº 2.189, de 18 de março de 2022)"
    assert caput.text.endswith("no término da vigência do concurso.")
    assert caput.tail == " " and note.tail == "\n\n"


def test_parser_rejects_broken_numbering():
    text = "LEI Nº 1, DE 1 DE JANEIRO DE 2000\nEmenta.\nPreâmbulo:\nArt. 1º Um.\nArt. 3º Três.\nLocal, data."
    with pytest.raises(ParseError, match="esperado 2"):
        parse(text)
    with pytest.raises(ParseError):
        parse("sem artigos")


def test_parser_on_a_small_text_with_alineas():
    text = ("LEI Nº 1, DE 1 DE JANEIRO DE 2000\nEmenta.\nPreâmbulo:\nArt. 1º Caput:\nI - um:\na) letra;\n"
            "b) letra.\n§ 1º Parágrafo.\nArt. 2º Vigência.\nLocal, data.\nFulano\nCargo")
    top = parse(text)
    ids = [p.id for t in top for p in t.walk()]
    assert ids == ["epigrafe", "ementa", "preambulo", "art1", "art1_cpt", "art1_cpt_inc1",
                   "art1_cpt_inc1_ali1", "art1_cpt_inc1_ali2", "art1_par1", "art2", "art2_cpt", "fecho",
                   "assinatura1"]
    assert top[3].children[0].children[0].children[1].label == "art. 1º, inciso I, alínea b"


def test_roman_numerals():
    for n in range(1, 60):
        assert roman_to_int(int_to_roman(n)) == n
    assert int_to_roman(4) == "IV" and int_to_roman(9) == "IX"


# --- references --------------------------------------------------------------------------------------
def _refs(norm):
    return {(r.from_id, r.text): r for r in norm.references}


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_reference_offsets_and_internal_targets_exist(corpus, slug):
    norm = corpus.norm(slug)
    assert norm.references or slug not in SEED_FILES  # each real norm cites something
    for r in norm.references:
        assert norm.get(r.from_id).text[r.start:r.end] == r.text
        if r.target and r.target["type"] == "internal":
            assert norm.get(r.target["id"]) is not None
            assert corpus.resolve(f"{slug}:{r.target['id']}") is not None
        assert (r.target is None) == (r.note is not None)


@pytest.mark.parametrize("slug,from_id,text,target", [
    ("ubatuba", "art2_cpt", "artigo 1º desta Lei", "art1"),
    ("ubatuba", "art7_par2", "§ 1º deste artigo", "art7_par1"),
    ("ubatuba", "art1_par1u", "caput deste artigo", "art1_cpt"),
    ("quissama", "art2_cpt", "Art. 1º, §4º", "art1_par4"),
    ("quissama", "art1_par7", "caput", "art1_cpt"),
    ("lins", "art7_cpt", "artigo 2º deste Decreto", "art2"),
    ("lins", "art8_par2", "inciso II do parágrafo anterior", "art8_par1_inc2"),
    ("lins", "art8_par3", "§ 1º deste artigo", "art8_par1"),
    ("lins", "art1_par3", '"caput" deste artigo', "art1_cpt"),
])
def test_internal_references(corpus, slug, from_id, text, target):
    assert _refs(corpus.norm(slug))[(from_id, text)].target == {"type": "internal", "id": target}


@pytest.mark.parametrize("slug,from_id,text,expected", [
    ("ubatuba", "art7_cpt", "artigo 93 da Lei Federal nº 8.213, de 24 de julho de 1991",
     {"kind": "lei", "number": "8.213", "year": 1991, "scope": "federal", "provision": "art93",
      "label": "Lei Federal nº 8.213/1991, art. 93", "date": "1991-07-24"}),
    ("quissama", "art5_cpt_nota1", "Lei nº 2.189, de 18 de março de 2022",
     {"kind": "lei", "number": "2.189", "year": 2022, "scope": "municipal", "provision": None,
      "date": "2022-03-18"}),
    ("lins", "art2_cpt_inc1", "Lei nº 7.739/23",
     {"kind": "lei", "number": "7.739", "year": 2023, "provision": None,
      "label": "Lei Municipal nº 7.739/2023"}),
    ("lins", "ementa", "artigo 8º da Lei nº 7.739/2023",
     {"number": "7.739", "year": 2023, "provision": "art8", "label": "Lei Municipal nº 7.739/2023, art. 8º"}),
    ("lins", "art5_cpt", "§ 2º do artigo 16 da Lei Complementar Municipal nº 1.745/23",
     {"kind": "lei.complementar", "number": "1.745", "year": 2023, "scope": "municipal",
      "provision": "art16_par2", "label": "Lei Complementar Municipal nº 1.745/2023, art. 16, § 2º"}),
])
def test_external_references(corpus, slug, from_id, text, expected):
    target = _refs(corpus.norm(slug))[(from_id, text)].target
    assert target["type"] == "external"
    assert {k: target[k] for k in expected} == expected


def test_dangling_reference_is_reported_not_guessed(corpus):
    norm = corpus.norm("ubatuba")
    ref = _refs(norm)[("art8_par1u", "§ 1º deste artigo")]
    assert ref.target is None
    assert "não existe" in ref.note and "parágrafo único" in ref.note
    assert norm.get("art8_par1") is None
    unresolved = [(r.from_id, r.text) for n in corpus.norms for r in n.references if r.target is None]
    assert unresolved == [("art8_par1u", "§ 1º deste artigo")]


def test_bill_number_and_self_mentions_are_not_references(corpus):
    texts = [r.text for n in corpus.norms for r in n.references]
    assert not any("26/14" in t for t in texts)  # "Projeto de Lei nº 26/14" is a bill, not a norm
    assert "desta Lei" not in texts and "deste Decreto" not in texts


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_meta_cites_match_the_references(corpus, slug):
    norm = corpus.norm(slug)
    found = {}
    for r in norm.references:
        if r.target and r.target["type"] == "external":
            t = r.target
            entry = found.setdefault((t["kind"], t["number"], t["year"]),
                                     {"provisions": set(), "cited_in": set(), "scope": t["scope"]})
            entry["cited_in"].add(r.from_id)
            if t["provision"]:
                entry["provisions"].add(t["provision"])
            assert t["label"].split(", art.")[0] == next(
                c["label"] for c in norm.meta.get("cites", []) if c["number"] == t["number"])
    listed = {(c["kind"], c["number"], c["year"]): {"provisions": set(c["provisions"]), "scope": c["scope"],
                                                    "cited_in": set(c["cited_in"])}
              for c in norm.meta.get("cites", [])}
    assert found == listed


# --- metadata ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug,urn,title", [
    ("ubatuba", "urn:lex:br;sao.paulo;ubatuba:municipal:lei:2014-06-16;3765", "Lei nº 3.765/2014"),
    ("quissama", "urn:lex:br;rio.de.janeiro;quissama:municipal:lei:2012-03-03;1289", "Lei nº 1.289/2012"),
    ("lins", "urn:lex:br;sao.paulo;lins:municipal:decreto:2024-02-08;13760", "Decreto nº 13.760/2024"),
])
def test_meta_identity(corpus, slug, urn, title):
    norm = corpus.norm(slug)
    assert norm.urn == urn and norm.title == title
    assert norm.provision_urn("art1") == urn + "!art1"


def _provision_ids(value):
    """Every "provision" / "provisions" / "cited_in" value that names this norm's provisions."""
    if isinstance(value, dict):
        for key, sub in value.items():
            if key in ("provision", "cited_in") and sub is not None:
                yield from ([sub] if isinstance(sub, str) else sub)
            elif key not in ("cites",):
                yield from _provision_ids(sub)
    elif isinstance(value, list):
        for item in value:
            yield from _provision_ids(item)


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_meta_provisions_exist(corpus, slug):
    norm = corpus.norm(slug)
    ids = list(_provision_ids(norm.meta)) + [i for c in norm.meta.get("cites", []) for i in c["cited_in"]]
    assert ids
    for pid in ids:
        assert norm.get(pid) is not None, pid


def test_meta_dates_and_terms(corpus):
    ub, qu, li = (corpus.norm(s).meta for s in SEED_FILES)
    assert ub["entry_into_force"]["provision"] == "art15"
    assert (ub["term"]["provision"], ub["term"]["years"]) == ("art13", 10)
    assert ub["transition"]["provision"] == "art14"
    assert (qu["term"]["provision"], qu["entry_into_force"]["provision"]) == ("art5", "art6")
    assert qu["transition"]["provision"] == "art6_par1u"
    assert qu["term"]["extension"] == {
        "years": 10, "by": "Lei nº 2.189/2022", "date": "2022-03-18", "provision": "art5_cpt_nota1",
        "rule": "(Prazo prorrogado por mais 10 anos pela Lei nº 2.189, de 18 de março de 2022)"}
    assert li["entry_into_force"] == {
        "rule": "na data de sua publicação", "date": "2024-02-08", "provision": "art11"}
    assert (li["publication"]["edition"], li["publication"]["volume"], li["publication"]["date"]) == (
        1490, "VIII", "2024-02-08")
    assert "term" not in li
    assert [s["name"] for s in li["signatories"]] == ["João Luis Lopes Pandolfi", "Marco Antonio Legramandi"]


def test_meta_verbatim_strings_are_in_the_text(corpus):
    for norm in corpus.norms:
        for s in norm.meta.get("signatories", []):
            assert all(s[k] in norm.get(s["provision"]).text for k in ("name", "office") if k in s)
        if "registration" in norm.meta:
            assert norm.meta["registration"]["text"] == norm.get(norm.meta["registration"]["provision"]).text


# --- corpus API -------------------------------------------------------------------------------------
def test_corpus_api(corpus):
    assert [n.slug for n in corpus.norms] == list(NORM_SLUGS)
    assert load_corpus() is corpus  # cached
    p = corpus.resolve("ubatuba:art2_par3")
    assert p.kind == "paragrafo" and p.text.startswith("§ 3º Se da aplicação")
    assert p.parent is corpus.norm("ubatuba").get("art2")
    for bad in ("ubatuba:art99", "santos:art1", "ubatuba", "", "lins:"):
        assert corpus.resolve(bad) is None
    with pytest.raises(KeyError):
        corpus.norm("santos")


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_annotations_point_to_existing_provisions(corpus, slug):
    norm = corpus.norm(slug)
    for pid, note in norm.annotations.items():
        assert norm.get(pid) is not None, pid
        assert isinstance(note["texto"], str) and note["texto"].strip()


def test_missing_annotations_file_means_none(tmp_path):
    folder = tmp_path / "quissama"
    folder.mkdir()
    for name in ("texto.txt", "meta.toml", "norma.toml"):
        (folder / name).write_bytes((ROOT / "laws" / "quissama" / name).read_bytes())
    norm = Norm.load("quissama", tmp_path)
    assert norm.annotations == {}
    assert norm.get("art1_par7") is not None
