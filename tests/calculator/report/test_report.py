"""The report a person attaches (calculator/report/, api.handle's ``relatorio``): every part present, the
hashes and the URN right, the provisions quoted verbatim from the corpus, input escaped, no script and no
external resource, every tag closed, the same bytes for the same request, and clear refusals."""

from __future__ import annotations

import hashlib
import json
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import forget_norms, norms
from calculator.api import handle
from calculator.report.quotes import UNAVAILABLE, norm_text
from tests.support import ROOT

TIME = 1_700_000_000  # 14/11/2023, 19:13:20 in Brasília
TABLE = "cargo;vagas;reservadas\nProfessor;13;2\nMédico;4;1\n<script>alert(1)</script>;2;0\n"
NAME = 'edital "final".csv'
VOID = {"meta", "br", "link", "img", "hr", "input", "wbr"}


def relatorio(**fields) -> dict:
    request = {"command": "relatorio", "norma": "ubatuba", "csv": TABLE, "gerado_em": TIME, **fields}
    return json.loads(handle(json.dumps(request)))


def html_of(**fields) -> str:
    answer = relatorio(**fields)
    assert answer["ok"], answer
    return answer["result"]["html"]


class Tags(HTMLParser):
    """Every tag, attribute and the nesting (an end tag that is not the open one is an error)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.tags, self.attrs, self.errors, self.text = [], [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [v or "" for _, v in attrs]
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def parsed(html: str) -> Tags:
    p = Tags()
    p.feed(html)
    p.close()
    return p


def test_the_report_has_every_part_with_the_right_hashes_and_urn():
    html = html_of(arquivos=[{"nome": "edital.csv"}])
    text = "".join(parsed(html).text)
    registry = norms.registry_of("ubatuba")
    for part in ("A norma", "Arquivos analisados", "Parâmetros e leituras usados", "Situação de cada cargo",
                 "O concurso como um todo", "Passo a passo do edital", "Avisos", "Dispositivos citados",
                 "Não é orientação jurídica", "horário de Brasília", "14/11/2023, 19:13:20",
                 "Versão da calculadora", f"cotas {__import__('calculator').VERSION}",
                 registry.citation, registry.place, registry.urn, "leitura que a calculadora faz do texto"):
        assert part in text, part
    law = hashlib.sha256((ROOT / "laws" / "ubatuba" / "texto.txt").read_bytes()).hexdigest()
    assert law in text
    # no arquivos' sha256: the table's bytes as analysed (the csv text, UTF-8)
    assert hashlib.sha256(TABLE.encode("utf-8")).hexdigest() in text
    assert "abaixo da reserva exigida (falta 1)" in text and "conforme" in text


def test_each_cited_provision_is_quoted_verbatim_from_the_corpus_with_its_label():
    from laws import load_corpus

    corpus = load_corpus()
    html = html_of()
    text = "".join(parsed(html).text)
    for ref, label in (("ubatuba:art2_par3", "art. 2º, § 3º"), ("ubatuba:art2_par2", "art. 2º, § 2º"),
                       ("ubatuba:art13", "art. 13")):
        assert f"Lei nº 3.765/2014 (Ubatuba), {label}" in text
        for p in corpus.resolve(ref).walk():
            if p.text:
                assert f"<p>{__import__('html').escape(p.text)}</p>" in html, ref


def test_input_is_escaped_and_there_is_no_script_nor_external_resource():
    html = html_of(arquivos=[{"nome": NAME, "origem": "<b>página 3</b>"}])
    tags = parsed(html)
    assert "script" not in tags.tags and "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "edital &quot;final&quot;.csv" in html and "&lt;b&gt;página 3&lt;/b&gt;" in html
    assert not [a for a in tags.attrs if "//" in a or a.startswith(("javascript:", "data:"))]
    assert "url(" not in html and "@import" not in html and "http" not in html.lower().replace(
        "http-equiv", "")


def test_the_report_is_well_formed_and_prints_on_a4_with_repeated_headers():
    html = html_of()
    tags = parsed(html)
    assert tags.errors == [] and tags.stack == []
    assert html.startswith("<!doctype html>") and '<html lang="pt-BR">' in html
    assert "@page { size: A4;" in html and "thead { display: table-header-group; }" in html
    assert "<details" not in html and "display: none" not in html


def test_the_same_request_gives_the_same_bytes_and_another_time_another_stamp():
    assert html_of() == html_of()
    other = relatorio(gerado_em=TIME + 60)["result"]
    assert other["arquivo"] == "relatorio-edital-ubatuba-20231114-1914.html"
    assert other["html"] != html_of()


def test_a_file_read_from_a_pdf_keeps_its_own_hash_beside_the_tables():
    pdf = "ab" * 32
    html = html_of(arquivos=[{"nome": "edital.pdf", "sha256": pdf.upper(),
                              "origem": "tabela lida da página 3"}])
    text = "".join(parsed(html).text)
    assert pdf in text and "tabela lida da página 3" in text
    assert f"tabela analisada (CSV): {hashlib.sha256(TABLE.encode('utf-8')).hexdigest()}" in text


def test_several_editais_each_verdict_and_the_comparison():
    editais = [{"nome": "edital-1.csv", "csv": "cargo;vagas\nFiscal;2\nMédico;5\n"},
               {"nome": "edital-2.csv", "csv": "cargo;vagas\nFiscal;2\n"}]
    answer = json.loads(handle(json.dumps({"command": "relatorio", "norma": "ubatuba", "editais": editais,
                                           "data_edital": "2020-03-02", "gerado_em": TIME})))
    assert answer["ok"], answer
    html, text = answer["result"]["html"], "".join(parsed(answer["result"]["html"]).text)
    assert answer["result"]["arquivo"] == "relatorio-edital-2-editais-20231114-1913.html"
    assert "Edital 1 de 2: edital-1.csv" in text and "Edital 2 de 2: edital-2.csv" in text
    assert "Comparação entre editais" in text and "Fracionamento entre editais" in text
    assert "sim: somar as vagas muda a reserva" in text
    for e in editais:
        assert hashlib.sha256(e["csv"].encode("utf-8")).hexdigest() in text
    assert parsed(html).errors == []


@pytest.mark.parametrize(("fields", "field"), [
    ({"gerado_em": None}, "gerado_em"), ({"gerado_em": "2023"}, "gerado_em"),
    ({"gerado_em": True}, "gerado_em"), ({"gerado_em": -1}, "gerado_em"),
    ({"arquivos": [{"nome": "a.csv"}, {"nome": "b.csv"}]}, "arquivos"),
    ({"arquivos": [{"nome": "a.csv", "sha256": "xyz"}]}, "arquivos"),
    ({"arquivos": [{"nome": "a.csv", "tamanho": 3}]}, "arquivos"), ({"arquivos": [{"nome": ""}]}, "arquivos"),
    ({"percentual": "10"}, "percentual"), ({"csv": None}, "csv")])
def test_a_bad_request_is_refused_with_one_message_naming_the_field(fields, field):
    answer = relatorio(**fields)
    assert not answer["ok"] and answer["error"]["field"] == field, answer
    assert answer["error"]["message"]


def test_a_norm_whose_text_cannot_be_used_says_so_and_the_others_still_quote(tmp_path, monkeypatch):
    import shutil

    folder = tmp_path / "exemplo"
    shutil.copytree(ROOT / "tests" / "fixtures" / "normas" / "exemplo", folder)
    (folder / "texto.txt").write_bytes((folder / "texto.txt").read_bytes() + b"\nlinha a mais\n")
    monkeypatch.setenv(norms.EXTRA_ENV, str(tmp_path))
    forget_norms()
    try:
        assert norm_text("exemplo") is None and norm_text("ubatuba") is not None
        html = html_of(norma="exemplo")
        assert UNAVAILABLE in html
        assert "Dispositivos citados" in html
    finally:
        monkeypatch.undo()
        forget_norms()


def test_the_answer_meets_the_published_schema():
    from jsonschema import Draft202012Validator

    from calculator import answer_schema

    validator = Draft202012Validator(answer_schema.schema("relatorio"))
    assert not list(validator.iter_errors(relatorio()["result"]))
    assert list(validator.iter_errors({**relatorio()["result"], "novo": 1}))


@given(st.text())
def test_the_reports_escape_is_html_escape(text):
    import html

    from calculator.report.edital_html import esc

    assert esc(text) == html.escape(text)
