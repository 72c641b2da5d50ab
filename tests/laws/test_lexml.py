"""The LexML Brasil export (laws/lexml.py, `python -m laws export --lexml NORMA`) against the official rigid
schema copied into laws/schema/lexml/, validated with lxml."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from calculator.labels import int_to_roman
from calculator.norms import path_of
from laws import NORM_SLUGS, Norm, load_corpus
from laws.lexml import NS, SCHEMA, lines, to_xml, validate
from tests.laws.test_properties import articles, ordinal
from tests.support import ROOT, run_cli

Q = f"{{{NS}}}"
ARTICLE_PARTS = {"Artigo", "Caput", "Paragrafo", "Inciso", "Alinea"}


def doc(slug: str) -> ET.Element:
    return ET.fromstring(to_xml(load_corpus().norm(slug)).encode("utf-8"))


def local(el: ET.Element) -> str:
    return el.tag.rpartition("}")[2]


def test_schema_is_in_the_repository():
    assert SCHEMA.is_relative_to(ROOT)
    for name in ("lexml-br-rigido.xsd", "lexml-base.xsd", "xml.xsd", "xlink-href.xsd", "mathml2.xsd",
                 "README.md"):
        assert (SCHEMA.parent / name).is_file(), name


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_document_validates_against_the_rigid_schema(slug):
    assert validate(to_xml(load_corpus().norm(slug))) == []


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_article_count(slug):
    """One Artigo per "Art. N" line of the text, numbered as printed."""
    root = doc(slug)
    articles = root.findall(f"{Q}Norma/{Q}Articulacao/{Q}Artigo")
    printed = re.findall(r"^Art\. (\d+)", load_corpus().norm(slug).text, flags=re.M)
    assert [a.get("id") for a in articles] == [f"art{n}" for n in printed]
    assert printed == [str(n) for n in range(1, len(printed) + 1)]


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_ids_are_the_corpus_ids(slug):
    norm = load_corpus().norm(slug)
    root = doc(slug)
    article_ids = [el.get("id") for el in root.find(f"{Q}Norma/{Q}Articulacao").iter()
                   if local(el) in ARTICLE_PARTS]
    corpus_ids = [p.id for p in norm.walk() if p.kind in ("artigo", "caput", "paragrafo", "inciso", "alinea")]
    assert article_ids == corpus_ids  # same ids, same order
    # every id in the document is a corpus id; only the signatures have none (Assinatura has no id)
    all_ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert all_ids == {p.id for p in norm.walk() if p.kind != "assinatura"}
    # and each element is the kind of provision the corpus says
    kinds = {"Artigo": "artigo", "Caput": "caput", "Paragrafo": "paragrafo", "Inciso": "inciso",
             "Alinea": "alinea", "Epigrafe": "epigrafe", "Ementa": "ementa", "Preambulo": "preambulo",
             "LocalDataFecho": "fecho", "EmLinha": "nota"}
    for el in root.iter():
        if el.get("id") and local(el) in kinds:
            assert norm.get(el.get("id")).kind == kinds[local(el)], el.get("id")


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_every_seed_line_is_recoverable(slug):
    """Read back by id, in corpus order, the lines are texto.txt's non-blank lines, each intact."""
    norm = load_corpus().norm(slug)
    found = lines(doc(slug))
    recovered = []
    for prov in norm.walk():
        if prov.id in found:
            recovered.extend(found[prov.id].split("\n"))
    seed = (path_of(slug).parent / "texto.txt").read_bytes().decode("utf-8")
    assert recovered == [ln for ln in seed.split("\n") if ln.strip()]


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_urn_and_parts(slug):
    norm = load_corpus().norm(slug)
    root = doc(slug)
    assert root.find(f"{Q}Metadado/{Q}Identificacao").get("URN") == norm.urn
    assert root.find(f"{Q}Norma").get("{http://www.w3.org/XML/1998/namespace}lang") == "pt-BR"
    initial = root.find(f"{Q}Norma/{Q}ParteInicial")
    assert [local(c) for c in initial] == ["Epigrafe", "Ementa", "Preambulo"]
    assert "".join(initial.find(f"{Q}Ementa").itertext()) == norm.meta["ementa"]
    final = root.find(f"{Q}Norma/{Q}ParteFinal")
    assert final.find(f"{Q}LocalDataFecho/{Q}p").text == norm.get("fecho").text
    signed = [(s.findtext(f"{Q}NomePessoa"), s.findtext(f"{Q}Cargo"))
              for s in final.findall(f"{Q}Assinatura")]
    # a signature the text prints without a name has an empty NomePessoa (the schema requires one)
    assert signed == [(s.get("name", ""), s.get("office")) for s in norm.meta.get("signatories", [])]


def test_notes_and_disclaimers_are_marked_as_such():
    """Lines outside the norm's text are Metadado notes with their class, never provisions."""
    expected = {
        "ubatuba": {"nota1": "processo-legislativo", "registro1": "registro", "aviso": "aviso-da-fonte"},
        "quissama": {"aviso": "aviso-da-fonte"},
        "lins": {"cabecalho1": "cabecalho-da-publicacao", "cabecalho2": "cabecalho-da-publicacao",
                 "cabecalho3": "cabecalho-da-publicacao", "registro1": "registro", "aviso": "aviso-da-fonte"},
    }
    for slug, notes in expected.items():
        root = doc(slug)
        got = {n.get("id"): n.get("class") for n in root.iter(f"{Q}Nota")}
        assert got == notes, slug
        articulacao = root.find(f"{Q}Norma/{Q}Articulacao")
        assert not any(el.get("id") in notes for el in articulacao.iter())
        assert load_corpus().norm(slug).meta["disclaimer"] == "".join(
            next(n for n in root.iter(f"{Q}Nota") if n.get("id") == "aviso").itertext()).strip()
    # Ubatuba's legislative-process note is referenced from the epígrafe it follows
    ref = doc("ubatuba").find(f"{Q}Norma/{Q}ParteInicial/{Q}Epigrafe/{Q}NotaReferenciada")
    assert ref.get("nota") == "nota1"
    # Quissamã's "(Prazo prorrogado …)" stays inside the line of art. 5º, marked as the compiler's
    caput = next(el for el in doc("quissama").iter(f"{Q}Caput") if el.get("id") == "art5_cpt")
    note = caput.find(f"{Q}p/{Q}EmLinha")
    assert (note.get("nome"), note.get("id")) == ("nota-do-compilador", "art5_cpt_nota1")
    assert "".join(note.itertext()).startswith("(Prazo prorrogado")


def test_references_link_only_to_known_urns():
    corpus = load_corpus()
    hrefs = {slug: [r.get("{http://www.w3.org/1999/xlink}href") for r in doc(slug).iter(f"{Q}Remissao")]
             for slug in NORM_SLUGS}
    assert "urn:lex:br:federal:lei:1991-07-24;8213!art93" in hrefs["ubatuba"]
    assert f"{corpus.norm('quissama').urn}!art1_par4" in hrefs["quissama"]
    for slug, links in hrefs.items():
        for href in links:
            urn, _, pid = href.partition("!")
            if urn == corpus.norm(slug).urn:
                assert corpus.norm(slug).get(pid) is not None, href
    # Lei nº 7.739/2023 has no date in the corpus, hence no URN: its mentions stay plain text
    assert not any("7739" in h for h in hrefs["lins"])


def test_export_is_the_same_in_every_process():
    """Two interpreters with different string hashes (set and dict orders) write the same document."""
    seeds = [run_cli("laws", "export", "--lexml", "lins", env={"PYTHONHASHSEED": seed})
             for seed in ("1", "2")]
    assert [r.returncode for r in seeds] == [0, 0]
    assert seeds[0].stdout == seeds[1].stdout == to_xml(load_corpus().norm("lins")).encode("utf-8")


def test_wrong_id_is_rejected():
    xml = to_xml(load_corpus().norm("ubatuba"))
    assert 'id="art2_par3"' in xml
    for wrong in ('id="art2_paragrafo3"', 'id="art2_par2"', 'id="2_par3"'):
        errors = validate(xml.replace('id="art2_par3"', wrong, 1))
        assert errors and wrong.split('"')[1] in errors[0], wrong


def test_missing_required_element_is_rejected():
    xml = to_xml(load_corpus().norm("quissama"))
    broken = xml.replace("<Rotulo>Art. 1º</Rotulo>", "", 1)
    assert broken != xml and validate(broken)


def test_schema_loads_without_network():
    parser = etree.XMLParser(no_network=True)
    etree.XMLSchema(etree.parse(str(SCHEMA), parser))


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_cli_prints_the_document(slug):
    res = run_cli("laws", "export", "--lexml", slug)
    assert res.returncode == 0 and res.stderr == b""
    assert res.stdout.decode("utf-8") == to_xml(load_corpus().norm(slug))


def test_cli_on_a_non_utf8_stdout_is_lossless():
    """cp1252 cannot take every character: character references keep the same document."""
    res = run_cli("laws", "export", "--lexml", "lins", env={"PYTHONIOENCODING": "cp1252"})
    assert res.returncode == 0 and res.stderr == b""
    assert res.stdout.isascii()
    expected = ET.tostring(ET.fromstring(to_xml(load_corpus().norm("lins")).encode("utf-8")))
    assert ET.tostring(ET.fromstring(res.stdout)) == expected


def test_cli_accepts_the_norm_as_typed():
    assert run_cli("laws", "export", "--lexml", "Quissamã").stdout.decode("utf-8") == to_xml(
        load_corpus().norm("quissama"))


@pytest.mark.parametrize("args", [("export", "--lexml", "santos"), ("export", "--lexml"),
                                  ("export", "--lexml", "ubatuba", "lins")])
def test_cli_bad_input(args):
    res = run_cli("laws", *args)
    assert res.returncode == 2
    assert res.stdout == b""
    message = res.stderr.decode("utf-8")
    assert message.count("\n") == 1 and message.startswith("erro: ")
    assert "Traceback" not in message


# --------------------------------------------------------------------------- any text in the seeds' styles


@settings(max_examples=60, deadline=None)
@given(articles=articles, sep=st.sampled_from(["\n", "\n\n"]), dash=st.sampled_from(["", " -"]),
       sole=st.sampled_from(["Parágrafo Único.", "Parágrafo único -"]), header=st.booleans(),
       note=st.booleans(), signatures=st.integers(min_value=1, max_value=2), unnamed=st.booleans())
def test_generated_norms_validate_and_keep_every_line(articles, sep, dash, sole, header, note, signatures,
                                                      unnamed):
    lines_in = ["IMPRENSA OFICIAL", "Publicado em 1 de janeiro de 2024"] if header else []
    lines_in += ["LEI Nº 1, DE 1 DE JANEIRO DE 2024", "Dispõe sobre x.", "O PREFEITO decreta:"]

    def add_incisos(items):
        lines_in.extend(f"{int_to_roman(k)} - {text}" for k, text in enumerate(items, 1))

    for n, (caput, caput_incisos, pars) in enumerate(articles, 1):
        lines_in.append(f"Art. {ordinal(n)}{dash} {caput}")
        if note and n == 1:
            lines_in[-1] += " (Redação dada pela Lei nº 2, de 3 de março de 2025)"
        add_incisos(caput_incisos)
        if pars and pars[0] == "único":
            lines_in.append(f"{sole} {pars[1][0]}")
            add_incisos(pars[1][1])
        else:
            for k, (text, items) in enumerate(pars, 1):
                lines_in.append(f"§ {ordinal(k)}{dash} {text}")
                add_incisos(items)
    lines_in.append("Cidade, 1 de janeiro de 2024.")
    signatories = []
    for k in range(signatures):
        # a signature printed without the name (meta.toml declares only the office) stays one line
        signatories.append({"office": "Prefeito"} if unnamed and k == signatures - 1 else
                           {"name": f"FULANO {k}", "office": "Prefeito"})
        lines_in += list(signatories[-1].values())
        if k == 0:
            lines_in.append("Registrado e publicado nesta data.")
    lines_in.append("Este texto não substitui o original.")
    meta = {"date": "2024-01-01", "title": "Lei nº 1/2024", "signatories": signatories,
            "disclaimer": "Este texto não substitui o original.",
            "urn": "urn:lex:br;x;y:municipal:lei:2024-01-01;1"}
    norm = Norm("teste", sep.join(lines_in) + "\n", meta)

    xml = to_xml(norm)
    assert validate(xml) == []
    found = lines(ET.fromstring(xml.encode("utf-8")))
    recovered = [ln for p in norm.walk() if p.id in found for ln in found[p.id].split("\n")]
    assert recovered == lines_in
    articulacao = ET.fromstring(xml.encode("utf-8")).find(f"{Q}Norma/{Q}Articulacao")
    assert len(articulacao) == len(articles)
