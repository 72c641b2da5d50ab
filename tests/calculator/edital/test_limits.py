"""The edital's own limits (calculator/limits.py), each checked before any answer is computed, with one pt-BR
message: the cargos of a table and the distinct figures it asks for; and a text report written a line at a
time."""

from __future__ import annotations

import re
from collections.abc import Iterator

from calculator.cli.edital_text import render_text
from calculator.csv.cargos import read_cargos
from calculator.edital import edital
from calculator.limits import EDITAL_CARGOS, EDITAL_FIGURES
from tests.support import run_cli


def table(rows: int, figures: int) -> bytes:
    lines = ["cargo;vagas;nomeacoes"]
    lines += [f"Cargo {i};{10 + i % 7};{10**15 - i % figures}" for i in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def test_a_table_past_the_cargo_limit_is_refused_at_the_row_that_passes_it():
    out = run_cli("calculator", "edital", "--norma", "ubatuba", "-", stdin=table(EDITAL_CARGOS + 1, 7),
                  text=False)
    assert out.returncode == 2 and out.stdout == b""
    message = out.stderr.decode()
    assert f"Linha {EDITAL_CARGOS + 2}: a tabela passa de 20.000 cargos" in message
    assert "Traceback" not in message


def test_a_table_at_the_cargo_limit_answers():
    res = edital("ubatuba", read_cargos(table(EDITAL_CARGOS, 7)), lazy=True)
    assert res["totals"]["cargos"] == EDITAL_CARGOS


def test_too_many_distinct_figures_are_refused_before_any_is_computed():
    rows = table(EDITAL_FIGURES + 1, EDITAL_FIGURES + 1)
    out = run_cli("calculator", "edital", "--norma", "ubatuba", "-", stdin=rows)
    assert out.returncode == 2 and out.stdout == b""
    assert "1.001 combinações diferentes de vagas e nomeações; o limite é 1.000" in out.stderr.decode()
    # within the limit, the same kind of table answers
    assert edital("ubatuba", read_cargos(table(EDITAL_FIGURES, EDITAL_FIGURES)))["totals"]["cargos"] == 1000


def test_the_text_report_comes_a_line_at_a_time_and_reads_the_cargos_lazily():
    made = []
    res = edital("ubatuba", read_cargos(table(50, 3)), lazy=True)
    make = res["cargos"]._make
    res["cargos"]._make = lambda *a: made.append(a[0]) or make(*a)
    pieces = render_text(res)
    assert isinstance(pieces, Iterator)
    head = [next(pieces) for _ in range(2)]
    assert head[0].startswith("Edital — ") and made == []  # nothing made before the table is reached
    text = "".join(head) + "".join(pieces)
    assert len(re.findall(r"^Cargo \d", text, re.M)) == 50 and len(made) <= 3 * 50
