"""The row rebuilder (calculator/csv/layout.py) on positioned words as a PDF reader gives them: lines by
height, cells by wide gaps, columns by the vacancy table's header; the header repeated on the next page,
heading rows, a name over two lines, another table after, a totals row, a signature under it."""

from __future__ import annotations

from fractions import Fraction

from calculator.csv.layout import Word, rebuild

#: points per character of the synthetic font, and its height
CHAR, HEIGHT = 5, 10


def line(page: int, top, *cells: tuple[int, str]) -> list[Word]:
    """Words of one line: each cell (x, text) cut at its spaces, a space being one character wide."""
    words = []
    for x, text in cells:
        for word in text.split(" "):
            words.append(Word(page, x, x + CHAR * len(word), top, top + HEIGHT, word))
            x += CHAR * (len(word) + 1)
    return words


COLUMNS = (0, 200, 260, 320)  # x of CARGO, VAGAS, PcD, NEGROS


def row(page: int, top, *texts: str) -> list[Word]:
    return line(page, top, *((x, t) for x, t in zip(COLUMNS, texts, strict=False) if t))


def two_pages() -> list[Word]:
    words = []
    words += line(1, 10, (0, "EDITAL Nº 1/2024 — QUADRO DE VAGAS"))
    words += row(1, 40, "CARGO", "VAGAS", "PcD", "NEGROS")
    words += row(1, 54, "NÍVEL MÉDIO")
    words += row(1, 68, "Agente Comunitário de", "05", "-", "1")
    words += row(1, 80, "Saúde")  # the name's second line, tight under the first
    words += row(1, 94, "Auxiliar Administrativo", "12", "1", "3")
    words += line(1, 780, (250, "Página 1 de 2"))
    words += line(2, 10, (0, "PREFEITURA MUNICIPAL"))
    words += row(2, 40, "CARGO", "VAGAS", "PcD", "NEGROS")  # repeated at the new page's top
    words += row(2, 54, "NÍVEL SUPERIOR")
    words += row(2, 68, "Enfermeiro", "19", "1", "5")
    words += row(2, 82, "Psicólogo", "CR", "—", "—")
    words += row(2, 96, "TOTAL", "36", "2", "9")
    words += row(2, 140, "CARGO", "REQUISITOS")
    words += line(2, 154, (0, "Enfermeiro"), (200, "Graduação em Enfermagem e registro no COREN"))
    return words


def test_two_pages_with_the_header_repeated_a_heading_a_name_over_two_lines_and_requisitos_after():
    table = rebuild(two_pages())
    assert table is not None and table.unplaced is None
    assert table.header.cells == ["CARGO", "VAGAS", "PcD", "NEGROS"]
    assert (table.header.page, table.header.line) == (1, 2)
    assert [r.cells for r in table.rows] == [
        ["NÍVEL MÉDIO", "", "", ""],
        ["Agente Comunitário de Saúde", "05", "-", "1"],
        ["Auxiliar Administrativo", "12", "1", "3"],
        ["NÍVEL SUPERIOR", "", "", ""],
        ["Enfermeiro", "19", "1", "5"],
        ["Psicólogo", "CR", "—", "—"],
        ["TOTAL", "36", "2", "9"],
    ]
    assert [(r.page, r.line) for r in table.rows] == [(1, 3), (1, 4), (1, 6), (2, 3), (2, 4), (2, 5), (2, 6)]


def test_float_and_fraction_positions_give_the_same_rows():
    as_int = rebuild(two_pages())
    floats = [Word(w.page, float(w.x0) + 0.25, float(w.x1) + 0.25, w.top / 1, w.bottom / 1, w.text)
              for w in two_pages()]
    fractions = [Word(w.page, Fraction(w.x0, 3), Fraction(w.x1, 3), Fraction(w.top, 3),
                      Fraction(w.bottom, 3), w.text) for w in two_pages()]
    assert rebuild(floats).rows == as_int.rows == rebuild(fractions).rows


def test_a_heading_without_a_lowercase_letter_is_not_the_rest_of_a_name():
    words = row(1, 0, "Cargo", "Vagas", "PcD", "Negros") + row(1, 14, "Auxiliar de Serviços", "3", "-", "1") \
        + row(1, 28, "Gerais") + row(1, 42, "Motorista", "2", "-", "-") + row(1, 56, "NÍVEL SUPERIOR") \
        + row(1, 70, "Nível Técnico") + row(1, 84, "Médico", "1", "-", "-")
    cells = [r.cells[0] for r in rebuild(words).rows]
    assert cells == ["Auxiliar de Serviços Gerais", "Motorista", "NÍVEL SUPERIOR", "Nível Técnico", "Médico"]


def test_a_blank_gap_ends_the_table_and_a_note_after_it_is_no_row():
    words = row(1, 0, "Cargo", "Vagas", "PcD", "Negros") + row(1, 14, "Motorista", "2", "-", "-") \
        + row(1, 28, "* vagas para 2024") + row(1, 80, "Vigia", "1", "-", "-")
    table = rebuild(words)
    assert [r.cells[0] for r in table.rows] == ["Motorista"] and table.unplaced is None


def test_a_row_across_two_columns_ends_the_table_and_is_named():
    words = row(1, 0, "Cargo", "Vagas", "PcD", "Negros") + row(1, 14, "Motorista", "2", "-", "-") \
        + line(1, 28, (0, "Operador de Máquinas Pesadas e Equipamentos"), (260, "-"))
    table = rebuild(words)
    assert [r.cells[0] for r in table.rows] == ["Motorista"]
    assert (table.unplaced.page, table.unplaced.line) == (1, 3)


def test_no_header_no_table():
    assert rebuild(line(1, 0, (0, "Cargo"), (200, "Requisitos")) + row(1, 14, "Motorista", "CNH D")) is None


HEAD = row(1, 0, "Cargo", "Vagas", "PcD", "Negros") + row(1, 14, "Motorista", "2", "-", "-")
#: a signature under the table, its cells across the columns
SIGNATURE = line(1, 28, (0, "Ubatuba, 1 de setembro de 2014"), (180, "Prefeito Municipal"))


def test_text_across_the_columns_after_the_table_ends_it_quietly():
    table = rebuild(HEAD + SIGNATURE + line(1, 42, (180, "Fulano de Tal")))
    assert [r.cells[0] for r in table.rows] == ["Motorista"] and table.unplaced is None


def test_a_line_across_the_columns_with_rows_under_it_is_named():
    table = rebuild(HEAD + SIGNATURE + row(1, 42, "Vigia", "1", "-", "-"))
    assert [r.cells[0] for r in table.rows] == ["Motorista"]
    assert table.unplaced.line == 3 and table.unplaced.cells[0] == "Ubatuba, 1 de setembro de 2014"


def test_a_line_of_one_run_across_the_columns_ending_in_counts_is_a_row_out_of_place_not_a_title():
    """PDF.js gives a line printed as one string as one run, its spaces collapsed: "… Complementar 2 - 1"
    across every column is a row whose cells cannot be placed (refused), while "QUADRO 2" stays a title."""
    header = [Word(1, 0, 40, 0, 10, "CARGO"), Word(1, 150, 180, 0, 10, "VAGAS"),
              Word(1, 200, 220, 0, 10, "PCD"), Word(1, 240, 280, 0, 10, "NEGROS")]
    merged = Word(1, 0, 275, 12, 22, "Assistente de Saúde Bucal 2 - 1")
    after = [Word(1, 0, 50, 24, 34, "Enfermeiro"), Word(1, 160, 166, 24, 34, "5")]
    found = rebuild(header + [merged] + after)
    assert found.unplaced is not None and found.unplaced.line == 2
    alone = rebuild(header + [merged])
    assert alone.unplaced is not None and alone.unplaced.line == 2
    title = rebuild(header + [Word(1, 60, 260, 12, 22, "QUADRO 2")] + after)
    assert title.unplaced is None
    assert [row.cells for row in title.rows] == [["QUADRO 2", "", "", ""], ["Enfermeiro", "5", "", ""]]
