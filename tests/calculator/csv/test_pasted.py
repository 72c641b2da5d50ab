"""A table of cargos copied from a PDF viewer and pasted as it comes (columns aligned with runs of spaces:
calculator/csv/pasted.py, through calculator/csv/layout.py) reads as the same table written as CSV:
the same cargos, sections, warnings and answer; a paste whose columns cannot be placed is refused with
one pt-BR line naming it, and what read before reads the same."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.api import handle
from calculator.csv.cargos import read_cargos
from calculator.csv.pasted import MAX_PASTED_CHARS, words_of_text
from calculator.csv.text import normalise
from calculator.errors import InputError
from tests.support import ROOT, run_cli

SAMPLE = ROOT / "docs" / "assets" / "editais" / "copiado-do-pdf.txt"
#: the sample's vacancy table written as CSV
AS_CSV = """CARGO;VAGAS*;PcD (5%);NEGROS (20%);VENCIMENTO (R$)
NÍVEL MÉDIO;;;;
Agente Comunitário de Saúde;12;1;3;1.450,00
Auxiliar de Enfermagem;CR;—;—;1.980,00
NÍVEL SUPERIOR;;;;
Enfermeiro;19;1;5;3.850,00
Médico Plantonista;4;—;1;9.200,00
TOTAL;35;2;9;
"""
_LINES = re.compile(r"\b([Ll]inhas?) \d+(?:(?:, | e )\d+)*")


def answer(table: str, **fields) -> dict:
    return json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba", "data_edital": "2014-09-01",
                                         "csv": table, **fields}, ensure_ascii=False)))


def without_lines(value):
    """An answer with the table's line numbers taken out (the paste has a title and a name over two
    lines above and among its rows; the CSV has not)."""
    if isinstance(value, dict):
        return {k: without_lines(v) for k, v in value.items() if k not in ("line", "lines")}
    if isinstance(value, list):
        return [without_lines(v) for v in value]
    if isinstance(value, str):
        return _LINES.sub(r"\1 N", value)
    return value


def test_the_sample_pasted_from_a_pdf_answers_as_the_same_table_in_csv():
    pasted, written = answer(SAMPLE.read_text(encoding="utf-8")), answer(AS_CSV)
    assert pasted["ok"] and written["ok"], (pasted, written)
    assert [(c["cargo"], c["section"], c["vacancies"]) for c in pasted["result"]["cargos"]] == [
        ("Agente Comunitário de Saúde", "NÍVEL MÉDIO", 12), ("Auxiliar de Enfermagem", "NÍVEL MÉDIO", 0),
        ("Enfermeiro", "NÍVEL SUPERIOR", 19), ("Médico Plantonista", "NÍVEL SUPERIOR", 4)]
    assert without_lines(pasted) == without_lines(written)


def test_the_rows_keep_the_lines_of_the_pasted_text():
    table = read_cargos(SAMPLE.read_bytes())
    assert [(r.name, r.line) for r in table.rows] == [("Agente Comunitário de Saúde", 8),
                                                      ("Auxiliar de Enfermagem", 10), ("Enfermeiro", 12),
                                                      ("Médico Plantonista", 13)]
    assert table.sections == [(7, "NÍVEL MÉDIO"), (11, "NÍVEL SUPERIOR")]
    assert table.skipped == ["VENCIMENTO (R$)"]


@pytest.mark.parametrize("paste", [
    # a ragged right edge, CRLF, a tab among the spaces, a header with a comma (today's sniffing takes ",")
    "Cargo" + " " * 19 + "Vagas   Negros, índios e quilombolas   \r\n"
    "Fiscal de Tributos\t3       1\r\n"
    "Psicólogo" + " " * 15 + "CR      -   \r\n",
    # accented headers, a dash cell, an indented copy, the names longer than their header
    "   Função                        Nº de vagas    Pessoas negras\n"
    "   Fiscal de Tributos                 3              1\n"
    "   Psicólogo                          CR             —\n",
])
def test_pasted_tables_that_the_separator_refused_are_read(paste):
    table = read_cargos(paste.encode("utf-8"))
    assert [(r.name, r.vacancies, r.announced) for r in table.rows] == [("Fiscal de Tributos", 3, 1),
                                                                       ("Psicólogo", 0, 0)]


def test_the_cli_reads_the_pasted_file_as_the_csv(tmp_path):
    written = tmp_path / "quadro.csv"
    written.write_text(AS_CSV, encoding="utf-8")
    outs = [run_cli("calculator", "edital", "--norma", "ubatuba", "--data-edital", "2014-09-01", "--json",
                    str(path)) for path in (SAMPLE, written)]
    assert [o.returncode for o in outs] == [0, 0] and outs[0].stderr == b"", outs[0].stderr
    pasted, csv = (json.loads(o.stdout) for o in outs)
    assert without_lines(pasted) == without_lines(csv)
    assert without_lines(pasted) == without_lines(answer(AS_CSV)["result"])


UNPLACEABLE = ("Cargo          Vagas    Negros\n"
               "Motorista        2        -\n"
               "Operador de Máquinas   1    -\n")
UNPLACEABLE_MESSAGE = ("Linha 3: as colunas desta linha não se alinham com as do cabeçalho (linha 1): um "
                       "texto passa por baixo de duas colunas. Numa tabela copiada de um PDF, deixe ao menos "
                       "dois espaços entre as colunas, ou salve a tabela como CSV.")


def test_a_paste_whose_columns_cannot_be_placed_is_refused_naming_the_line():
    with pytest.raises(InputError) as err:
        read_cargos(UNPLACEABLE.encode("utf-8"))
    assert (str(err.value), err.value.field) == (UNPLACEABLE_MESSAGE, "csv")


def test_the_cli_refuses_an_unplaceable_paste_in_one_line(tmp_path):
    path = tmp_path / "colado.txt"
    path.write_text(UNPLACEABLE, encoding="utf-8")
    out = run_cli("calculator", "edital", "--norma", "ubatuba", str(path), text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and UNPLACEABLE_MESSAGE in out.stderr, out.stderr


@pytest.mark.parametrize("table, message", [
    # no runs of spaces: the separator's message, as before
    ("Quadro de vagas\nCargo Vagas\nMotorista 2\n", "falta a coluna obrigatória “cargo”"),
    # runs of spaces but no header of a vacancy table: the same
    ("Cargo        Requisitos\nMotorista    CNH D\n", "falta a coluna obrigatória “cargo”"),
])
def test_what_has_no_pasted_table_keeps_its_message(table, message):
    with pytest.raises(InputError, match=message):
        read_cargos(table.encode("utf-8"))


def test_a_csv_with_aligned_cells_reads_as_before():
    table = read_cargos(b"cargo;vagas;reservadas\nMotorista  ;  2;  1\nVigia  de  obras;3;-\n")
    assert [(r.name, r.vacancies, r.announced) for r in table.rows] == [("Motorista", 2, 1),
                                                                       ("Vigia de obras", 3, 0)]


def test_a_text_longer_than_a_pasted_table_keeps_the_csv_message():
    # rebuilding rows from positions is slow: past MAX_PASTED_CHARS the text is not read as a paste
    rows = "Motorista        2        -\n" * (MAX_PASTED_CHARS // 27 + 1)
    with pytest.raises(InputError, match="falta a coluna obrigatória “cargo”"):
        read_cargos(("Cargo          Vagas    Negros\n" + rows).encode())


NAMES = st.text(st.sampled_from("abcdeçãé ÁBCD-/()"), min_size=1, max_size=30).map(str.strip).filter(
    lambda s: s and "  " not in s and any(ch.isalpha() for ch in s) and s[0] not in "-–—"
    and not re.fullmatch(r"(?i)\W*(sub)?tota.*|soma.*", s))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(NAMES, st.integers(0, 999), st.integers(0, 9)), min_size=1, max_size=8,
                unique_by=lambda r: normalise(r[0])), st.integers(2, 6), st.booleans())
def test_a_table_aligned_with_spaces_reads_as_its_csv(rows, gap, right):
    """Any table written with ";" and the same table padded into columns (at least two spaces apart,
    numbers left- or right-aligned, as PDF viewers copy them) give the same cargos."""
    header = ["Cargo", "Vagas", "Negros"]
    table = [header] + [[name, str(v), str(min(r, v))] for name, v, r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    aligned = "\n".join((" " * gap).join(cell.rjust(w) if right and i else cell.ljust(w)
                                         for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
                        for row in table)
    as_csv = "\n".join(";".join(row) for row in table)
    read = [(r.name, r.vacancies, r.announced, r.line) for r in read_cargos(aligned.encode())]
    assert read == [(r.name, r.vacancies, r.announced, r.line) for r in read_cargos(as_csv.encode())]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["Cargo", "Vagas", "PcD", "Negros", "Total", "TOTAL", "NÍVEL MÉDIO", "12",
                                 "CR", "—", "Requisitos", "Saúde", "de", "  ", "   ", "\t", " ", "\n", "\r\n",
                                 "*", "\u2003", "1.000"]), max_size=60))
def test_any_text_of_runs_of_spaces_gets_a_table_or_an_input_error(pieces):
    try:
        read_cargos("".join(pieces).encode() or b" ")
    except InputError as err:
        assert err.field == "csv" and "\n" not in str(err)


def test_text_aligned_with_spaces_becomes_words_at_character_columns():
    words, numbers = words_of_text(["", "Cargo     Vagas  PcD", "Técnico em\tObras   2"])
    assert numbers == [2, 3]
    assert [(w.x0, w.x1, w.top, w.text) for w in words] == [
        (0, 5, 2, "Cargo"), (10, 15, 2, "Vagas"), (17, 20, 2, "PcD"),
        (0, 7, 4, "Técnico"), (8, 10, 4, "em"), (16, 21, 4, "Obras"), (24, 25, 4, "2")]


def test_a_line_of_unusual_spaces_is_no_line_of_words():
    words, numbers = words_of_text(["Cargo  Vagas", "\u2003\x0b", "Vigia  2"])
    assert numbers == [1, 3] and [w.text for w in words] == ["Cargo", "Vagas", "Vigia", "2"]
