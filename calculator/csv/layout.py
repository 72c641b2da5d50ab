"""The table of cargos rebuilt from positioned words, as a PDF lays it out: the words grouped into lines by
their height on the page, the lines cut into cells where the gap between two words is wide, and the cells
placed in the columns of the vacancy table's header.  The header is found by the same synonyms the CSV
reader uses (calculator/csv/cargo_columns.py); the rows found are handed to that reader unchanged, so every
check, warning and message of a table of cargos applies to them.

What the rebuilder decides, and why:

- **The table** starts at the first line whose cells name the cargo and a count column (``CARGO | VAGAS``).
  It stops at another table's header (``CARGO | REQUISITOS``), at a blank gap of two text heights or more,
  or at a line that does not fit its columns (a cell across two of them: a signature, a paragraph); it
  starts again where the same header is printed again (the header repeated at the top of the next page:
  the page's running title and number in between are left out, and the repeated header is not a row).
  A line that does not fit is :attr:`Table.unplaced` (the reader refuses the table, naming it) when it has
  a count-like cell ("12", "-", "CR") or rows with counts follow it before the table's end: then it was a
  row whose cells are out of place, and the rows under it would be lost.
- **A heading row** (``NÍVEL MÉDIO``): a line of one cell, in the first column or across several, is passed
  on as a row with only the cargo's cell, as the CSV reader reads a section title.  Such lines after the
  table's last row (a signature, a date, a note) are not rows.  A line of one cell across several columns
  that ends in two counts ("… Complementar 2 - 1") is no title: it is a row a PDF reader gave as one run of
  text (PDF.js joins a line printed as one string, its spaces collapsed), out of place like the above.
- **A cargo's name broken over two lines**: the counts are on the name's first line (cells aligned at the
  top, as editais print them).  A line with text only in the cargo column, right under a cargo's row (no
  blank gap), continues that cargo's name when it has a lowercase letter ("Saúde", "do Trabalho") or the
  name above ends in a hyphen or a linking word ("de", "e", "para"); otherwise (``NÍVEL SUPERIOR``,
  ``Nível Médio``, a note starting with ``*``) it is a heading, and the CSV reader says so in its warning
  about section titles.  When the counts sit on the name's second line instead, its first line is read as
  a heading (or as the end of the name above): that warning shows it.
- **A row of totals** is a row like the others: the CSV reader knows it by its name.

Positions are compared exactly: ints and Fractions as given, a float (a PDF reader's) turned into the
Fraction it stands for.  Positions never reach a count; the counts are read from the cells' text.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from calculator.csv.cargo_columns import HEADER_TO_COLUMN, NON_COUNT, TOTAL_ROW, header_key, total_key

#: a position as the rebuilder computes with it (exact)
Position = int | Fraction
#: two words are in different cells when the gap between them is wider than this share of the text's
#: height (a space is about a quarter of it in a PDF; in a monospaced text, where a character is half as
#: wide as its line is tall, one space is not a column break and two are)
COLUMN_GAP = Fraction(1, 2)
#: a vertical gap of this many text heights between two lines ends the table
BLANK_GAP = 2
#: a name broken after one of these words goes on in the next line
_LINKING = frozenset({"a", "as", "o", "os", "e", "de", "da", "das", "do", "dos", "em", "na", "nas", "no",
                      "nos", "para", "com", "ou", "ao", "aos", "à", "às", "sem", "por", "sob"})
#: a line starting so is a section's title, never the rest of a name ("Nível Médio", "Ensino Superior")
_HEADING = re.compile(r"(cargos?_(de_)?)?(nivel|ensino|escolaridade)(_.*)?")
#: the columns whose cells are counts (a vacancy table's header names the cargo and one of these)
_COUNTS = frozenset({"vagas", "total", "ampla"})
#: a line starting so is a note under the table ("* Vagas para…", "¹ …", "Obs.: …"), never the rest of a name
#: a cell that reads as a count ("12", "-", "CR", "02 + CR"): a line with one is a row of the table
_COUNT = re.compile(r"(?i)\d+[*¹²³⁴⁵⁶⁷⁸⁹⁰]*|[-–—]|c\.?\s?r\.?|\d+\s*\+\s*c\.?\s?r\.?")
_NOTE = re.compile(r"[*†¹²³⁴⁵⁶⁷⁸⁹⁰]|(obs|nota)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Word:
    """A word where the page prints it: x grows to the right, y (top, bottom) downwards."""

    page: int
    x0: int | Fraction | float
    x1: int | Fraction | float
    top: int | Fraction | float
    bottom: int | Fraction | float
    text: str


@dataclass(frozen=True, slots=True)
class Row:
    """A row of the table, one cell per column of its header, and where it came from: ``line`` counts the
    lines of ``page`` that have words, from 1."""

    cells: list[str]
    page: int
    line: int


@dataclass(frozen=True, slots=True)
class Table:
    """The header, the rows under it, and the first line that ended the table by not fitting its columns
    (cells of a row across two columns: the reader refuses it rather than drop the rows below it)."""

    header: Row
    rows: list[Row]
    unplaced: Row | None = None


@dataclass(slots=True)
class _Cell:
    x0: Position
    x1: Position
    text: str


@dataclass(slots=True)
class _Line:
    page: int
    number: int
    top: Position
    bottom: Position
    height: Position
    cells: list[_Cell]
    above: Position | None  # the blank height between this line and the one above it, None at a page's top


def _exact(value) -> Position:
    """A position as an exact number: a float (a PDF reader's) is the Fraction it stands for."""
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        return value
    if isinstance(value, float):
        return Fraction(value)
    raise TypeError(f"a word's position must be a number, not {type(value).__name__}")


def lines_of(words: list[Word]) -> list[_Line]:
    """The words in lines (a word whose middle lies within a line's height is on it), each cut into cells."""
    placed = sorted(((w.page, _exact(w.top), _exact(w.bottom), _exact(w.x0), _exact(w.x1), w.text)
                     for w in words if w.text.strip()), key=lambda w: (w[0], w[1], w[3]))
    groups: list[list[tuple]] = []
    bottom = 0  # the lowest bottom of the line being grouped
    for word in placed:
        if groups and groups[-1][0][0] == word[0] and word[1] + word[2] <= 2 * bottom:
            groups[-1].append(word)
            bottom = max(bottom, word[2])
        else:
            groups.append([word])
            bottom = word[2]
    lines: list[_Line] = []
    for group in groups:
        same_page = bool(lines) and lines[-1].page == group[0][0]
        top = min(w[1] for w in group)
        height = max(w[2] - w[1] for w in group)
        cells = _cells(sorted(group, key=lambda w: w[3]), height)
        number, above = (lines[-1].number + 1, top - lines[-1].bottom) if same_page else (1, None)
        lines.append(_Line(group[0][0], number, top, max(w[2] for w in group), height, cells, above))
    return lines


def _cells(words: list[tuple], height: Position) -> list[_Cell]:
    cells: list[_Cell] = []
    for _page, _top, _bottom, x0, x1, text in words:
        # (x0 - x1 <= COLUMN_GAP * height, in integers when the positions are)
        if cells and (x0 - cells[-1].x1) * COLUMN_GAP.denominator <= COLUMN_GAP.numerator * height:
            cells[-1].x1 = max(cells[-1].x1, x1)
            cells[-1].text += " " + text.strip()
        else:
            cells.append(_Cell(x0, x1, text.strip()))
    return cells


def _keys(line: _Line) -> list[str]:
    return [header_key(cell.text) for cell in line.cells]


def _header_like(line: _Line) -> bool:
    """Two cells or more, each a column the reader knows (its own or one it leaves aside)."""
    return len(line.cells) > 1 and all(_known(header_key(cell.text)) for cell in line.cells)


def _known(key: str) -> bool:
    return key in HEADER_TO_COLUMN or NON_COUNT.fullmatch(key) is not None


def is_header(line: _Line) -> bool:
    """The vacancy table's header: every cell a column the reader knows, the cargo and a count among them."""
    if not _header_like(line):
        return False
    columns = {HEADER_TO_COLUMN.get(key) for key in _keys(line)}
    return "cargo" in columns and bool(_COUNTS & columns)


class _Columns:
    """The columns of a header: a cell goes in the column whose header it lies under (or the nearest)."""

    def __init__(self, header: _Line):
        self.spans = [(cell.x0, cell.x1) for cell in header.cells]
        self.cargo = [HEADER_TO_COLUMN.get(key) for key in _keys(header)].index("cargo")

    def only_name(self, cells: list[str]) -> bool:
        """A row with text in the cargo's cell only (a heading, or the rest of a name)."""
        return bool(cells[self.cargo]) and not any(c for i, c in enumerate(cells) if i != self.cargo)

    def under(self, cell: _Cell) -> list[int]:
        return [i for i, (x0, x1) in enumerate(self.spans) if cell.x0 < x1 and x0 < cell.x1]

    def place(self, line: _Line) -> list[str] | None:
        """The line's cells, one per column (two cells in one column joined), or None if a cell lies under
        two columns' headers."""
        out = [""] * len(self.spans)
        for cell in line.cells:
            under = self.under(cell)
            if len(under) > 1:
                return None
            i = under[0] if under else min(range(len(self.spans)), key=lambda i: self._distance(cell, i))
            out[i] = f"{out[i]} {cell.text}".strip()
        return out

    def _distance(self, cell: _Cell, i: int) -> Position:
        x0, x1 = self.spans[i]
        return x0 - cell.x1 if cell.x1 <= x0 else cell.x0 - x1


def rebuild(words: list[Word]) -> Table | None:
    """The vacancy table among the words, or None if no line is its header.  The rows keep the order of
    the pages; the header's own line is not a row."""
    lines = lines_of(words)
    start = next((i for i, line in enumerate(lines) if is_header(line)), None)
    if start is None:
        return None
    header = lines[start]
    keys = _keys(header)
    columns = _Columns(header)
    rows: list[Row] = []
    unplaced: Row | None = None
    misfit: _Line | None = None  # the line that did not fit, while the lines under it may be rows
    inside = True
    for line in lines[start + 1:]:
        if len(line.cells) == len(keys) and _keys(line) == keys:
            # the header again (the next page's top): the lines since the last row were the page's foot
            _drop_trailing(rows, columns)  # and head
            inside, misfit = True, None
            continue
        ends = _ends(line)
        if misfit is not None and not ends and _has_counts(_fit(line, columns), columns):
            unplaced = unplaced or _row(misfit)  # rows go on under it: it was a row whose cells are
            misfit = None                        # out of place, not the text after the table
        if not inside or ends:
            inside, misfit = False, (None if ends else misfit)
            continue
        cells = _fit(line, columns)
        if cells is None:
            inside, misfit = False, line
            if any(_COUNT.fullmatch(cell.text) for cell in line.cells) or _counts_at_end(line):
                unplaced = unplaced or _row(line)
        elif rows and _continues(rows[-1], cells, line, columns):
            name = rows[-1].cells[columns.cargo]  # a hyphen at the break joins ("Técnico-Administrativo")
            rows[-1].cells[columns.cargo] = name + ("" if name.endswith("-") else " ") + cells[columns.cargo]
        else:
            rows.append(Row(cells, line.page, line.number))
    _drop_trailing(rows, columns)
    return Table(_row(header), rows, unplaced)


def _row(line: _Line) -> Row:
    return Row([cell.text for cell in line.cells], line.page, line.number)


def _has_counts(cells: list[str] | None, columns: _Columns) -> bool:
    """A row in the columns with a count-like cell beside the cargo's."""
    return cells is not None and any(_COUNT.fullmatch(c) for i, c in enumerate(cells) if i != columns.cargo)


def _ends(line: _Line) -> bool:
    """A blank gap on the page, or another table's header ("CARGO | REQUISITOS"): the table is over."""
    return (line.above is not None and line.above >= BLANK_GAP * line.height) or _header_like(line)


def _drop_trailing(rows: list[Row], columns: _Columns) -> None:
    """Lines of one cell after the last row (a note, a date, a page's foot) head nothing: not rows."""
    while rows and columns.only_name(rows[-1].cells):
        rows.pop()


def _fit(line: _Line, columns: _Columns) -> list[str] | None:
    """The line's cells in the header's columns; a line of one cell across several is a heading row, unless
    it ends in counts (a row whose cells a PDF reader gave as one run of text: not a title)."""
    cells = columns.place(line)
    if cells is None and len(line.cells) == 1 and not _counts_at_end(line):
        cells = [""] * len(columns.spans)
        cells[columns.cargo] = line.cells[0].text
    return cells


def _counts_at_end(line: _Line) -> bool:
    """One cell whose last two words read as counts ("… Complementar 2 - 1"): a title ends in at most one
    number ("QUADRO 2")."""
    words = line.cells[0].text.split() if len(line.cells) == 1 else []
    return len(words) > 2 and all(_COUNT.fullmatch(word) for word in words[-2:])


def _continues(above: Row, cells: list[str], line: _Line, columns: _Columns) -> bool:
    """A line with text only in the cargo column, with no gap under a cargo's row, that reads as the rest
    of its name (a lowercase letter, or the name above broken after a hyphen or a linking word)."""
    name = above.cells[columns.cargo]
    if not columns.only_name(cells) or columns.only_name(above.cells) or line.above is None \
            or line.above >= line.height or TOTAL_ROW.fullmatch(total_key(name)):
        return False
    text = cells[columns.cargo]
    if _HEADING.fullmatch(header_key(text)) or _NOTE.match(text):
        return False
    last = name.split()[-1].lower() if name.split() else ""
    return any(ch.islower() for ch in text) or last.endswith("-") or last in _LINKING
