"""A table of cargos copied from a PDF viewer and pasted as it comes: text whose columns are aligned with
runs of spaces (two or more, or a tab among spaces).  Each character's column is its x and each line a row
of words (calculator/csv/layout.py rebuilds the table from them, as it would from a PDF's words); the rows
come back with the text's line numbers, for the reader of the table of cargos
(calculator/csv/cargos.py) to read as it reads a CSV's rows.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

from calculator.csv.layout import Word, rebuild
from calculator.csv.text import LINE, decode, table_too_large
from calculator.errors import InputError

FIELD = "csv"
#: the longest text read as a table copied from a PDF (a table of EDITAL_CARGOS rows of 100 characters;
#: rebuilding rows from positions costs about a second per megabyte here, more in the browser): a longer
#: text keeps the CSV's message
MAX_PASTED_CHARS = 2_000_000
#: a tab moves to the next multiple of this column, and at least two columns on (it always separates)
TAB = 8
#: a monospaced character's line is about twice as tall as the character is wide: a text line is 2 high
TEXT_LINE = 2


def pasted_table(data: bytes) -> tuple[int, list[str], list[tuple[int, list[str]]]] | None:
    """The vacancy table in a text aligned with spaces: ``(header's line, header's cells, [(line,
    cells)…])``, each row's cells one per column of the header; None if the text is not aligned with
    spaces, has no vacancy table's header or is longer than :data:`MAX_PASTED_CHARS`.  A row whose cells
    cannot be placed in the columns is refused, naming its line."""
    text, _encoding = decode(bytes(data), table_too_large)
    if len(text) > MAX_PASTED_CHARS:
        return None
    lines = [m.group().rstrip("\r\n") for m in LINE.finditer(text.lstrip("\ufeff"))]
    if not aligned(lines):
        return None
    words, numbers = words_of_text(lines)
    found = rebuild(words)
    if found is None:
        return None
    header_line = numbers[found.header.line - 1]
    if found.unplaced is not None:
        raise InputError(
            f"Linha {numbers[found.unplaced.line - 1]}: as colunas desta linha não se alinham com as do "
            f"cabeçalho (linha {header_line}): um texto passa por baixo de duas colunas. Numa tabela copiada "
            "de um PDF, deixe ao menos dois espaços entre as colunas, ou salve a tabela como CSV.", FIELD)
    return header_line, found.header.cells, [(numbers[row.line - 1], row.cells) for row in found.rows]


def aligned(lines: list[str]) -> bool:
    """Some line has its columns apart by two spaces or more, or by a tab among spaces."""
    return any("  " in line or ("\t" in line and " " in line) for line in lines)


def words_of_text(lines: list[str]) -> tuple[list[Word], list[int]]:
    """Lines of text (a PDF viewer's copy) → words at their characters' columns, all on page 1, and the
    text's line number (from 1) of each line that has words: the rebuilder's line ``k`` is
    ``numbers[k - 1]``."""
    words: list[Word] = []
    numbers: list[int] = []
    for number, line in enumerate(lines, 1):
        top = TEXT_LINE * (number - 1)  # a blank line is a gap
        placed = list(_text_words(line, top))
        if placed:
            words.extend(placed)
            numbers.append(number)
    return words, numbers


def _text_words(line: str, top: int):
    column = 0
    word = ""
    for ch in line + " ":
        if ch.isspace():  # as str.strip sees it, so the rebuilder drops no word this keeps
            if word:
                yield Word(1, column - len(word), column, top, top + TEXT_LINE, word)
                word = ""
            if ch == "\t":
                stop = (column // TAB + 1) * TAB
                column = stop if stop - column >= 2 else stop + TAB
            else:
                column += 1
        else:
            word += ch
            column += 1
