"""The shared reading of a PDF's vacancy table (calculator/csv/pdf_table.py, api.handle's ``pdf_tabela``):
positioned runs → the table as CSV text and where it came from; every fixture of tests/pdfs.py read as
expected from the runs the CLI's reader gives; malformed input refused with one pt-BR line (field pdf)."""

from __future__ import annotations

import json
import math

import pytest

from calculator.api import handle
from calculator.csv.pdf_table import NO_TEXT, pdf_table
from calculator.errors import InputError
from calculator.limits import PDF_PAGES, PDF_RUNS
from tests import pdfs

pytest.importorskip("pdfminer")
pytest.importorskip("fpdf")

#: a table as one run per line, cells apart by runs of spaces (as a PDF.js item can hold them): each run
#: 37 characters 5 points wide, so a column's characters are at the same x on every line
RUNS = [[1, 50, 235, 100 + 12 * i, 110 + 12 * i, text] for i, text in enumerate([
    "CARGO                   VAGAS  NEGROS",
    "Agente de Saúde         12     3     ",
    "Técnico em Informática  3      1     "])]


def call(**fields) -> dict:
    return json.loads(handle(json.dumps({"command": "pdf_tabela", **fields}, ensure_ascii=False)))


def test_runs_are_cut_at_two_spaces_and_read_as_a_table():
    found = pdf_table(RUNS, "edital.pdf", 1)
    assert found.csv == "CARGO;VAGAS;NEGROS\nAgente de Saúde;12;3\nTécnico em Informática;3;1\n"
    assert [(r.page, r.line) for r in found.rows] == [(1, 2), (1, 3)]
    assert found.source == "O PDF “edital.pdf”: tabela de vagas lida na página 1, linhas 1 a 3."


def test_the_api_answer_is_the_contracts():
    out = call(nome="edital.pdf", paginas=2, palavras=RUNS)
    assert out["ok"], out
    result = out["result"]
    assert set(result) == {"command", "schema_version", "calculator_version", "csv", "header", "rows",
                           "pages", "source", "warnings"}
    assert result["header"] == ["CARGO", "VAGAS", "NEGROS"]
    assert result["rows"][0] == {"cells": ["Agente de Saúde", "12", "3"], "page": 1, "line": 2}
    assert result["pages"] == [1]
    # page 2 has no text: said, since the table may go on there
    assert [w["code"] for w in result["warnings"]] == ["pdf_paginas_sem_texto"]
    assert "página 2" in result["warnings"][0]["message"]


def test_the_csv_reads_as_the_same_table_written_by_hand():
    """The CSV text is a table the edital's reader reads: the answer is the CSV's."""
    csv_text = call(palavras=RUNS)["result"]["csv"]
    by_hand = "CARGO;VAGAS;NEGROS\nAgente de Saúde;12;3\nTécnico em Informática;3;1\n"
    ask = {"command": "edital", "norma": "ubatuba", "data_edital": "2014-09-01"}
    assert handle(json.dumps({**ask, "csv": csv_text})) == handle(json.dumps({**ask, "csv": by_hand}))


def test_a_cell_with_the_separator_is_quoted():
    runs = [[1, 0, 160, 0, 10, "CARGO           VAGAS"], [1, 0, 160, 12, 22, "Agente; Saúde   4    "]]
    assert pdf_table(runs).csv == 'CARGO;VAGAS\n"Agente; Saúde";4\n'


@pytest.mark.parametrize("name", pdfs.TABLES)
def test_each_fixture_reads_into_its_table(name):
    from calculator.cli.pdf_reader import pdf_runs

    runs, pages = pdf_runs(pdfs.make(name), f"{name}.pdf")
    found = pdf_table(runs, f"{name}.pdf", pages)
    assert found.csv == pdfs.expected_csv(name)


@pytest.mark.parametrize("name", ["misaligned", "no_table", "scan"])
def test_each_refused_fixture_says_why(name):
    from calculator.cli.pdf_reader import pdf_runs

    runs, pages = pdf_runs(pdfs.make(name), f"{name}.pdf")
    with pytest.raises(InputError) as err:
        pdf_table(runs, f"{name}.pdf", pages)
    assert err.value.message.startswith(pdfs.EXPECTED[name]) and err.value.field == "pdf"


def test_a_table_over_two_pages_says_both():
    from calculator.cli.pdf_reader import pdf_runs

    found = pdf_table(*pdf_runs(pdfs.make("two_pages"), "x.pdf")[:1], "x.pdf")
    assert found.pages == [1, 2]
    assert "nas páginas 1 e 2" in found.source


@pytest.mark.parametrize("runs", [[], [[1, 0, 10, 0, 10, "   "]], [[2, 0, 10, 0, 10, ""]]])
def test_no_text_is_a_scan(runs):
    with pytest.raises(InputError, match="^PDF sem texto: digitalizado") as err:
        pdf_table(runs)
    assert err.value.message == NO_TEXT


def test_text_without_the_header_says_what_it_looks_for_and_how_many_pages():
    runs = [[1, 0, 100, 0, 10, "EDITAL"], [3, 0, 100, 0, 10, "ETAPA    DATA"]]
    with pytest.raises(InputError, match="nas 3 páginas lidas.*CARGO.*VAGAS, TOTAL ou AMPLA"):
        pdf_table(runs, "e.pdf")


@pytest.mark.parametrize(("palavras", "message"), [
    ({"a": 1}, "deve ser uma lista"),
    ([[1, 0, 10, 0, 10]], "item 1: cada trecho"),
    (["texto"], "item 1: cada trecho"),
    ([[0, 0, 10, 0, 10, "x"]], "item 1: a página deve ser um inteiro ≥ 1"),
    ([[True, 0, 10, 0, 10, "x"]], "a página deve ser um inteiro"),
    ([[1.0, 0, 10, 0, 10, "x"]], "a página deve ser um inteiro"),
    ([[3, 0, 10, 0, 10, "x"]], "a página 3 passa da última \\(2\\)"),
    ([[1, "0", 10, 0, 10, "x"]], "números finitos"),
    ([[1, 0, 10, 0, True, "x"]], "números finitos"),
    ([[1, 0, 10, 10, 0, "x"]], "topo < base"),
    ([[1, 10, 0, 0, 10, "x"]], "x0 ≤ x1"),
    ([[1, 0, 10, 0, 10, 5]], "o texto deve ser um texto"),
])
def test_malformed_runs_are_refused_in_one_line(palavras, message):
    out = call(palavras=palavras, paginas=2)
    assert out["ok"] is False and out["error"]["field"] == "pdf"
    assert __import__("re").search(message, out["error"]["message"]), out["error"]["message"]


def test_non_finite_positions_are_refused():
    with pytest.raises(InputError, match="números finitos"):
        pdf_table([[1, math.inf, 10, 0, 10, "x"]])
    with pytest.raises(InputError, match="números finitos"):
        pdf_table([[1, math.nan, 10, 0, 10, "x"]])


def test_limits_of_runs_and_pages():
    with pytest.raises(InputError, match="trechos de texto: o limite"):
        pdf_table([[1, 0, 1, 0, 1, ""]] * (PDF_RUNS + 1))
    with pytest.raises(InputError, match="páginas: o limite"):
        pdf_table(RUNS, None, PDF_PAGES + 1)
    with pytest.raises(InputError, match="inteiro ≥ 1"):
        pdf_table(RUNS, None, 0)


def test_unknown_and_missing_fields_are_refused():
    assert call(palavras=RUNS, extra=1)["error"]["field"] == "extra"
    assert call(nome="x.pdf")["error"]["field"] == "palavras"
