"""The table of cargos of an edital (CSV): one row per cargo, with its vacancies and, optionally, the
reserve the edital announced, its PcD vacancies and its nominations.

Decoded like the classification list (calculator.csvtext: ``,``, ``;`` or tab; UTF-8 with or without
BOM, Windows-1252; header names case- and accent-insensitive; extra columns ignored).  Every problem is
an InputError with one pt-BR line naming the line and the column (field "csv").
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass

from calculator import csvtext
from calculator.errors import InputError
from calculator.rules import MAX_VACANCIES, format_int

FIELD = "csv"

#: canonical column → accepted (normalised) header spellings
COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "cargo": ("cargo", "cargos", "cargo_emprego", "cargo_funcao", "funcao", "emprego", "especialidade"),
    "vagas": ("vagas", "n_vagas", "no_vagas", "numero_de_vagas", "total_de_vagas", "vagas_oferecidas",
              "total_vagas", "vagas_totais"),
    "reservadas": ("reservadas", "vagas_reservadas", "reserva", "reserva_racial", "vagas_negros",
                   "cotas", "cota_racial", "vagas_cotas"),
    "vagas_pcd": ("vagas_pcd", "pcd", "vagas_deficiencia", "vagas_pessoas_com_deficiencia"),
    "nomeacoes": ("nomeacoes", "nomeacoes_previstas", "n_nomeacoes"),
}
_HEADER_TO_COLUMN = {alias: col for col, aliases in COLUMN_ALIASES.items() for alias in aliases}
_REQUIRED = ("cargo", "vagas")
_SEPARATORS = re.compile(r"[\s\-./]+")


@dataclass(slots=True)
class CargoRow:
    """One row of the table of cargos (values validated)."""

    name: str
    vacancies: int
    line: int
    announced: int | None = None
    pcd: int | None = None
    nominations: int | None = None


# --- reading the table ---------------------------------------------------------------------------
def read_cargos(data: bytes) -> list[CargoRow]:
    """Parse and validate a table of cargos (CSV bytes). Raises InputError (field "csv")."""
    if isinstance(data, bytes | bytearray | memoryview) and len(data) > csvtext.MAX_CSV_BYTES:
        raise InputError(f"O arquivo passa de {csvtext.MAX_CSV_LABEL}, o limite da tabela de cargos; "
                         "retire as colunas que a ferramenta não usa ou divida a tabela.", FIELD)
    text, _encoding = csvtext.decode(data)
    if "\x00" in text:
        if csvtext.looks_utf16(text):
            raise InputError(csvtext.UTF16, FIELD)
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise InputError(f"Linha {line}: o arquivo contém o caractere nulo (não é um CSV de texto).", FIELD)
    bom = 0  # a second byte-order mark (a file saved twice "with BOM") is not part of the first name
    while text.startswith("\ufeff", bom):
        bom += 1
    if not text[bom:].strip():
        raise InputError("Linha 1: o arquivo está vazio (falta o cabeçalho com as colunas cargo e vagas).",
                         FIELD)
    lines = [m.group() for m in csvtext.LINE.finditer(text, bom)]
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    delimiter = csvtext.sniff_delimiter(lines[first])
    state = {"line": first + 1}
    try:
        return _parse(lines, first, delimiter, state)
    except csv.Error as exc:
        raise InputError(f"Linha {state['line']}: CSV malformado ({csvtext.csv_reason(exc)}).",
                         FIELD) from None


def _parse(lines: list[str], first: int, delimiter: str, state: dict) -> list[CargoRow]:
    reader = csv.reader(lines[first:], delimiter=delimiter, strict=True)
    header = next(reader)
    header_line = first + 1
    col_index: dict[str, int] = {}
    display: dict[str, str] = {}
    for i, raw in enumerate(header):
        col = _HEADER_TO_COLUMN.get(csvtext.normalise(raw))
        if col is None:
            continue
        if col in col_index:
            raise InputError(
                f"Linha {header_line}, coluna {i + 1} (“{csvtext.safe_text(raw)}”): a coluna “{col}” aparece "
                "mais de uma vez no cabeçalho.", FIELD)
        col_index[col] = i
        display[col] = csvtext.safe_text(raw) or col
    for col in _REQUIRED:
        if col not in col_index:
            sep = csvtext.sep_name(delimiter)
            raise InputError(
                f"Linha {header_line}: falta a coluna obrigatória “{col}” no cabeçalho (colunas: cargo, "
                f"vagas e, opcionais, reservadas, vagas_pcd e nomeacoes; separador detectado: “{sep}”).",
                FIELD)
    width = len(header)

    def where(line: int, col: str) -> str:
        return f"Linha {line}, coluna {col_index[col] + 1} (“{display[col]}”)"

    rows: list[CargoRow] = []
    seen: dict[str, int] = {}
    for line, row in csvtext.data_rows(reader, first, width, delimiter, state):
        name = " ".join(row[col_index["cargo"]].split())
        if not name:
            raise InputError(f"{where(line, 'cargo')}: o nome do cargo está vazio.", FIELD)
        key = _cargo_key(name)
        if key in seen:
            raise InputError(
                f"{where(line, 'cargo')}: o cargo “{csvtext.safe_text(name)}” repete o da linha {seen[key]} "
                "(cada cargo deve aparecer uma vez; some as vagas numa linha só).", FIELD)
        seen[key] = line
        vacancies = _count(row[col_index["vagas"]], where(line, "vagas"), "o número de vagas", True)
        values = {}
        for col, what in (("reservadas", "o número de vagas reservadas"),
                          ("vagas_pcd", "o número de vagas PcD"), ("nomeacoes", "o número de nomeações")):
            values[col] = (_count(row[col_index[col]], where(line, col), what, False)
                           if col in col_index else None)
        if values["reservadas"] is not None and values["reservadas"] > vacancies:
            raise InputError(
                f"{where(line, 'reservadas')}: {format_int(values['reservadas'])} vagas reservadas é mais "
                f"que as {format_int(vacancies)} vagas do cargo.", FIELD)
        if values["vagas_pcd"] is not None and values["vagas_pcd"] > vacancies:
            raise InputError(
                f"{where(line, 'vagas_pcd')}: {format_int(values['vagas_pcd'])} vagas PcD é mais que as "
                f"{format_int(vacancies)} vagas do cargo.", FIELD)
        if values["nomeacoes"] is not None and values["nomeacoes"] < vacancies:
            raise InputError(
                f"{where(line, 'nomeacoes')}: {format_int(values['nomeacoes'])} nomeações é menos que as "
                f"{format_int(vacancies)} vagas do cargo (as nomeações incluem as vagas oferecidas).", FIELD)
        rows.append(CargoRow(name, vacancies, line, values["reservadas"], values["vagas_pcd"],
                             values["nomeacoes"]))
    if not rows:
        raise InputError(f"Linha {header_line + 1}: o arquivo tem cabeçalho, mas nenhum cargo.", FIELD)
    return rows


def _cargo_key(name: str) -> str:
    """Two cargos are the same if their names differ only in case, accents, spaces or punctuation."""
    plain = name.casefold()
    if not plain.isascii():  # accents off ("Matemática" = "Matematica"); other symbols dropped
        plain = unicodedata.normalize("NFKD", plain).encode("ascii", "ignore").decode("ascii") or plain
    return _SEPARATORS.sub("_", plain).strip("_")


def _count(raw: str, where: str, what: str, required: bool) -> int | None:
    s = raw.strip()
    if not s:
        if required:
            raise InputError(f"{where}: {what} está vazio (use 0 se o cargo não oferece vagas).", FIELD)
        return None
    if s.isascii() and s.isdigit():
        if len(s.lstrip("0")) > len(str(MAX_VACANCIES)) or int(s) > MAX_VACANCIES:
            raise InputError(f"{where}: número grande demais (o limite é {format_int(MAX_VACANCIES)}).",
                             FIELD)
        return int(s)
    shown = csvtext.safe_text(s)
    if s.startswith("-") and s[1:].strip().isascii() and s[1:].strip().isdigit():
        raise InputError(f"{where}: {what} não pode ser negativo (“{shown}”).", FIELD)
    raise InputError(f"{where}: {what} deve ser um número inteiro (ex.: 12), não “{shown}”.", FIELD)
