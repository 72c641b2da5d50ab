"""The table of cargos of an edital (CSV), as editais print it: one row per cargo, with its vacancies and,
optionally, the reserve the edital announced, its PcD vacancies and its nominations.

Decoded and cut like the classification list (calculator/csv/text.py: ``,``, ``;`` or tab, as Excel writes
it or as a table pasted from Excel arrives; UTF-8 with or without BOM, Windows-1252; the lines read
lazily).  A text whose header the separator cannot cut into the columns, but whose columns are aligned
with runs of spaces (a table copied from a PDF viewer), is rebuilt by calculator/csv/pasted.py and its rows
read the same way.  The columns are recognised from the header, case- and accent-insensitive, with the
synonyms editais use (:data:`COLUMN_ALIASES`); extra columns are ignored.  The layouts (:data:`LAYOUTS`):

- ``vagas``: one count of vacancies (``VAGAS``), with or without ``PcD`` and the racial reserve.  Whether
  that count is the cargo's total or only the ampla concorrência share is in the edital's footnote: the
  ``vacancies_are`` option says which (``total`` by default; with ``ampla`` the total is the sum);
- ``total``: an explicit total (``Total``, ``Vagas totais``), with or without the parts;
- ``total_partes``: the total and the ampla concorrência share (``Total | AC | PcD | Negros``): the parts
  must add up to the total, or the line is refused;
- ``partes``: the parts without a total (``AC | PcD | Negros``): the total is their sum.

A dash or an empty cell means none; where the parts make the total, an empty part is 0, and in a table
without parts an empty ``reservadas`` cell means the edital did not say (no status).  ``CR`` (cadastro
de reserva) is 0 vacancies.  A row whose cargo reads like a total ("Total", "TOTAL GERAL", "Soma") is
not a cargo: it is left out with a warning that says whether it matches the rows above it.

Every problem is an InputError with one pt-BR line naming the line and the column (field "csv").
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass, field

from calculator.csv.cargo_columns import (
    COLUMN_ALIASES,
    HEADER_TO_COLUMN,
    NON_COUNT,
    RESERVE_LIKE,
    TOTAL_ROW,
    VACANCIES_ARE,
    WHAT,
    header_key,
    total_key,
)
from calculator.csv.counts import count_cell
from calculator.csv.pasted import pasted_table
from calculator.csv.table_notes import (
    area_joined_warning,
    empty_vacancies_warning,
    footnote_marks_warning,
    heading_rows_warning,
    ignored_columns_warning,
    reserve_list_warning,
    total_row_warning,
)
from calculator.csv.text import (
    MAX_CSV_BYTES,
    csv_reason,
    data_rows,
    open_lines,
    safe_text,
    sep_name,
    table_too_large,
)
from calculator.errors import InputError
from calculator.limits import EDITAL_CARGOS, MAX_VACANCIES
from calculator.ptbr import format_int
from calculator.stages.inputs import BLANKS

FIELD = "csv"
_BLANK_RUN = re.compile(f"[{BLANKS}]+")

@dataclass(slots=True)
class CargoRow:
    """One row of the table of cargos (values validated): ``vacancies`` is the cargo's total."""

    name: str
    vacancies: int
    line: int
    announced: int | None = None
    pcd: int | None = None
    nominations: int | None = None
    section: str | None = None  # the title of the section the cargo is printed under ("NÍVEL MÉDIO")


@dataclass(slots=True)
class CargoTable:
    """The cargos read from a table, and what the reading found about the table itself."""

    rows: list[CargoRow]
    layout: str  # a key of LAYOUTS
    columns: dict[str, str]  # canonical column → the header as written
    warnings: list[dict] = field(default_factory=list)
    #: the total is the sum of the parts read, and a column not read holds numbers: it may be a part, so the
    #: total may be short of the edital's and no cargo's status is judged
    uncertain_total: bool = False
    #: the headers of the columns that never count vacancies (requisitos, jornada, vencimento…), left aside
    skipped: list[str] = field(default_factory=list)
    #: (row, title) of the section heading rows, labels of the cargos below them, never counted
    sections: list[tuple[int, str]] = field(default_factory=list)

    def __iter__(self):
        return iter(self.rows)

    def __len__(self):
        return len(self.rows)


# --- reading the table ---------------------------------------------------------------------------
def read_cargos(data: bytes, vacancies_are: object = None) -> CargoTable:
    """Parse and validate a table of cargos (CSV bytes).  ``vacancies_are``: what a lone ``vagas`` column
    counts, ``"total"`` (default) or ``"ampla"``.  Raises InputError (field "csv", or "vagas_sao")."""
    if vacancies_are in (None, ""):
        vacancies_are = None
    elif not isinstance(vacancies_are, str) or vacancies_are.strip(BLANKS).lower() not in VACANCIES_ARE:
        raise InputError(f"a coluna de vagas deve ser lida como “total” ou “ampla”, não "
                         f"“{safe_text(str(vacancies_are))}”", "vagas_sao")
    else:
        vacancies_are = vacancies_are.strip(BLANKS).lower()
    if isinstance(data, bytes | bytearray | memoryview) and len(data) > MAX_CSV_BYTES:
        raise table_too_large()
    lines, first, delimiter, _encoding = open_lines(
        data, "Linha 1: o arquivo está vazio (falta o cabeçalho com as colunas cargo e vagas).",
        table_too_large)
    state = {"line": first + 1}
    try:
        return _parse(lines, first, delimiter, state, vacancies_are, data)
    except csv.Error as exc:
        raise InputError(f"Linha {state['line']}: CSV malformado ({csv_reason(exc)}).",
                         FIELD) from None


def _layout(col_index: dict, display: dict, header_line: int, delimiter: str, header: list[str],
            vacancies_are: str | None) -> str:
    if "cargo" not in col_index or not col_index.keys() & {"vagas", "total", "ampla"}:
        missing = "cargo" if "cargo" not in col_index else "vagas"
        sep = sep_name(delimiter)
        bar = (" O separador “|” não é aceito: use “;”, “,” ou tabulação." if delimiter != "|" and
               any("|" in cell for cell in header) else "")
        raise InputError(
            f"Linha {header_line}: falta a coluna obrigatória “{missing}” no cabeçalho (colunas: cargo, "
            "vagas — ou total, ou ampla concorrência — e, opcionais, reservadas, vagas_pcd e nomeacoes; "
            f"separador detectado: “{sep}”).{bar}", FIELD)
    if "vagas" in col_index and "total" in col_index:
        raise InputError(
            f"Linha {header_line}: o cabeçalho tem “{display['vagas']}” e “{display['total']}”; não dá para "
            "saber qual é o total de vagas de cada cargo. Deixe só uma das duas colunas (ou renomeie para "
            "ampla concorrência a que conta só a ampla).", FIELD)
    if "vagas" in col_index and "ampla" not in col_index:
        return "vagas_ampla" if vacancies_are == "ampla" else "vagas"
    if vacancies_are == "ampla":
        raise InputError(
            "a tabela já diz o que cada coluna conta (tem a coluna de ampla concorrência ou a de total): "
            "a leitura da coluna vagas como ampla concorrência só vale quando ela é a única coluna de vagas",
            "vagas_sao")
    if "ampla" in col_index:
        return "total_partes" if col_index.keys() & {"vagas", "total"} else "partes"
    return "total"


def _parse(lines, first: int, delimiter: str, state: dict, vacancies_are: str | None,
           data: bytes) -> CargoTable:
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    header = next(reader)
    if not _names_columns(header) and (pasted := _read_pasted(data, vacancies_are)) is not None:
        return pasted
    table = _Table(header, first + 1, delimiter, vacancies_are)
    for line, row in data_rows(reader, first, len(header), delimiter, state):
        table.read_row(line, row)
    return table.finish()


def _names_columns(header: list[str]) -> bool:
    """The header, cut by the separator sniffed, names the cargo and a count column."""
    columns = {HEADER_TO_COLUMN.get(header_key(raw)) for raw in header}
    return "cargo" in columns and bool(columns & {"vagas", "total", "ampla"})


#: a table's name for its separator, when its columns are aligned with spaces
_SPACES = "espaços"


def _read_pasted(data: bytes, vacancies_are: str | None) -> CargoTable | None:
    """A table copied from a PDF, its columns aligned with spaces (calculator/csv/pasted.py), read as a
    CSV's rows are; None if the text has no such table (the CSV's own message stands)."""
    if (found := pasted_table(data)) is None:
        return None
    header_line, header, rows = found
    table = _Table(header, header_line, _SPACES, vacancies_are)
    for line, cells in rows:
        table.read_row(line, cells)
    return table.finish()


class _Table:
    """The table being read: its columns (and layout) from the header, then row by row the cargos, the
    total rows said in warnings, and the rows whose number cells say "CR"."""

    def __init__(self, header: list[str], header_line: int, delimiter: str, vacancies_are: str | None):
        self.header_line = header_line
        self.index: dict[str, int] = {}
        self.display: dict[str, str] = {}
        self.skipped: list[str] = []  # headers of the columns that never count vacancies
        ignored: list[tuple[int, str]] = []
        for i, raw in enumerate(header):
            col = HEADER_TO_COLUMN.get(header_key(raw))
            if col == "cargo" and "cargo" in self.index and "area" not in self.index:
                col = "area"  # "Cargo | Especialidade": the second names the cargo's area
            if col is None:
                if NON_COUNT.fullmatch(header_key(raw)):
                    self.skipped.append(safe_text(raw))
                elif raw.strip(BLANKS):
                    ignored.append((i + 1, raw))
                continue
            if col in self.index:
                raise InputError(
                    f"Linha {header_line}, coluna {i + 1} (“{safe_text(raw)}”): a coluna “{col}” aparece "
                    f"mais de uma vez no cabeçalho (também na coluna {self.index[col] + 1}).", FIELD)
            self.index[col] = i
            self.display[col] = safe_text(raw) or col
        self.layout = _layout(self.index, self.display, header_line, delimiter, header, vacancies_are)
        self.summed = self.layout in ("vagas_ampla", "total_partes", "partes")  # the parts make the total
        self.total_col = ("total" if "total" in self.index else
                          "vagas" if self.layout in ("vagas", "total_partes") else None)
        self.rows: list[CargoRow] = []
        self.seen: dict[str, int] = {}
        self.reserve_lines: list[int] = []
        self.empty_lines: list[int] = []  # rows whose vacancies cell is empty (read as 0)
        self.marks: list[tuple[int, str]] = []  # (row, cell as printed) of numbers with a footnote mark
        self.headings: list[tuple[int, str]] = []  # (row, title) of the section rows, not cargos
        self.warnings: list[dict] = []
        self.since = [0, 0, 0]  # vacancies, reserved, pcd of the cargos since the last total row
        self.overall = [0, 0, 0]
        self.ignored = ignored
        self.numeric_ignored: set[int] = set()  # the ignored columns with a digit in some row

    def where(self, line: int, col: str) -> str:
        return f"Linha {line}, coluna {self.index[col] + 1} (“{self.display[col]}”)"

    def cell(self, row: list[str], line: int, col: str, reserve_list: list[int] | None,
             summed: bool | None = None) -> int | None:
        """A count cell: None if the column is absent (or an empty reservadas cell not in a sum)."""
        if col not in self.index:
            return None
        return count_cell(row[self.index[col]], self.where(line, col), WHAT[col], col,
                          self.summed if summed is None else summed, reserve_list, line, self.marks)

    def read_row(self, line: int, row: list[str]) -> None:
        for number, _raw in self.ignored:
            if number not in self.numeric_ignored and number <= len(row) \
                    and any(ch.isdigit() for ch in row[number - 1]):
                self.numeric_ignored.add(number)
        name = _BLANK_RUN.sub(" ", row[self.index["cargo"]]).strip(BLANKS)
        if not name:
            raise InputError(f"{self.where(line, 'cargo')}: o nome do cargo está vazio.", FIELD)
        area = _BLANK_RUN.sub(" ", row[self.index["area"]]).strip(BLANKS) if "area" in self.index else ""
        if area:
            name = f"{name} — {area}"
        if self.heading(row, name):
            self.headings.append((line, name))
            return
        cr: list[int] = []
        total = self.cell(row, line, self.total_col, cr) if self.total_col else None
        if self.total_col and not self.summed and not row[self.index[self.total_col]].strip(BLANKS):
            self.empty_lines.append(line)
        announced = self.cell(row, line, "reservadas", cr)
        pcd = self.cell(row, line, "vagas_pcd", cr)
        women = self.cell(row, line, "feminino", cr)
        nominations = self.cell(row, line, "nomeacoes", None, summed=False)
        if self.summed:
            total = self._summed_total(row, line, total, announced, pcd, women, cr)
        if TOTAL_ROW.fullmatch(total_key(name)):
            self.warnings.append(total_row_warning(name, line, total, announced, pcd, self.since,
                                                    self.overall))
            self.since[:] = [0, 0, 0]
            return
        self._check(name, line, total, announced, pcd, nominations)
        if women is not None and women > total:
            raise InputError(f"{self.where(line, 'feminino')}: {format_int(women)} vagas para mulheres é "
                             f"mais que as {format_int(total)} vagas do cargo.", FIELD)
        for i, x in enumerate((total, announced or 0, pcd or 0)):
            self.overall[i] += x
            self.since[i] += x
        if cr:
            self.reserve_lines.append(line)
        if len(self.rows) == EDITAL_CARGOS:
            raise InputError(f"Linha {line}: a tabela passa de {format_int(EDITAL_CARGOS)} cargos, o limite "
                             "de um edital; divida-a em partes.", FIELD)
        # the cargo is under the last section heading read (none before the first)
        section = self.headings[-1][1] if self.headings else None
        self.rows.append(CargoRow(name, total, line, announced, pcd, nominations, section))

    def heading(self, row: list[str], name: str) -> bool:
        """A section's title ("NÍVEL MÉDIO"): a row of a table of three columns or more whose every cell but
        the name is empty (a cargo row would have its numbers, requisitos or salary)."""
        cargo = self.index["cargo"]
        return len(row) >= 3 and not TOTAL_ROW.fullmatch(total_key(name)) and all(
            not cell.strip(BLANKS) for i, cell in enumerate(row) if i != cargo)

    def _summed_total(self, row, line, total, announced, pcd, women, cr) -> int:
        base = (self.cell(row, line, "ampla", cr) if "ampla" in self.index
                else self.cell(row, line, "vagas", cr)) or 0
        parts = base + (pcd or 0) + (announced or 0) + (women or 0)
        if total is not None and total != parts:
            # with a column not read, "only the parts" would drop it from the total: the hint names it
            unread = next((raw for n, raw in self.ignored if n <= len(row) and row[n - 1].strip(BLANKS)),
                          None)
            hint = (f". A coluna “{safe_text(unread)}” não foi lida: se ela é uma parte das vagas, dê a ela "
                    "o nome de uma das colunas do guia." if unread is not None
                    else " (ou deixe só o total ou só as partes).")
            raise InputError(
                f"{self.where(line, self.total_col)}: o total ({format_int(total)}) não é a soma das partes: "
                f"{_parts_text(self.display, base, pcd, announced, women)} = {format_int(parts)}. Confira a "
                f"linha{hint}", FIELD)
        return parts

    def _check(self, name: str, line: int, total: int, announced, pcd, nominations) -> None:
        key = cargo_key(name)
        if key in self.seen:
            raise InputError(
                f"{self.where(line, 'cargo')}: o cargo “{safe_text(name)}” repete o da linha "
                f"{self.seen[key]} "
                "(cada cargo deve aparecer uma vez; some as vagas numa linha só).", FIELD)
        self.seen[key] = line
        if announced is not None and announced > total:
            raise InputError(
                f"{self.where(line, 'reservadas')}: {format_int(announced)} vagas reservadas é mais "
                f"que as {format_int(total)} vagas do cargo.", FIELD)
        if pcd is not None and pcd > total:
            raise InputError(
                f"{self.where(line, 'vagas_pcd')}: {format_int(pcd)} vagas PcD é mais que as "
                f"{format_int(total)} vagas do cargo.", FIELD)
        if nominations is not None and nominations < total:
            raise InputError(
                f"{self.where(line, 'nomeacoes')}: {format_int(nominations)} nomeações é menos que as "
                f"{format_int(total)} vagas do cargo (as nomeações incluem as vagas oferecidas).", FIELD)
        if self.overall[0] + total > MAX_VACANCIES:
            raise InputError(
                f"Linha {line}: somadas até esta linha, as vagas da tabela passam de "
                f"{format_int(MAX_VACANCIES)}, o limite da ferramenta.", FIELD)

    def finish(self) -> CargoTable:
        if not self.rows:
            raise InputError(f"Linha {self.header_line + 1}: o arquivo tem cabeçalho, mas nenhum cargo.",
                             FIELD)
        if self.reserve_lines:
            self.warnings.append(reserve_list_warning(self.reserve_lines))
        if self.empty_lines:
            self.warnings.append(empty_vacancies_warning(self.empty_lines))
        if self.marks:
            self.warnings.append(footnote_marks_warning(self.marks))
        if self.headings:
            self.warnings.append(heading_rows_warning(self.headings))
        if "area" in self.index:
            self.warnings.append(area_joined_warning(self.display["cargo"], self.display["area"]))
        columns = {col: self.display[col] for col in COLUMN_ALIASES if col in self.index}
        uncertain = self.summed and "total" not in self.index and bool(self.numeric_ignored)
        if self.ignored:
            reserve_like = None if "reservadas" in self.index else next(
                ((n, raw) for n, raw in self.ignored if RESERVE_LIKE.search(header_key(raw))), None)
            self.warnings.insert(0, ignored_columns_warning(self.ignored, self.header_line, reserve_like,
                                                            uncertain))
        return CargoTable(self.rows, self.layout, columns, self.warnings, uncertain, self.skipped,
                          self.headings)


def _parts_text(display: dict, base: int, pcd: int | None, announced: int | None, women: int | None) -> str:
    label = display.get("ampla") or display.get("vagas") or "ampla"
    parts = [f"{label} {format_int(base)}"]
    if "vagas_pcd" in display:
        parts.append(f"{display['vagas_pcd']} {format_int(pcd or 0)}")
    if "reservadas" in display:
        parts.append(f"{display['reservadas']} {format_int(announced or 0)}")
    if "feminino" in display:
        parts.append(f"{display['feminino']} {format_int(women or 0)}")
    return " + ".join(parts)


def cargo_key(name: str) -> str:
    """Two cargos are the same if their names differ only in case, accents or spacing: "Matemática" =
    "matematica", but "Professor α" ≠ "Professor β", "Nível 1/2" ≠ "Nível 1-2" and "C--" ≠ "C"."""
    plain = name.casefold()
    if not plain.isascii():
        plain = "".join(ch for ch in unicodedata.normalize("NFKD", plain) if not unicodedata.combining(ch))
    return " ".join(plain.split())
