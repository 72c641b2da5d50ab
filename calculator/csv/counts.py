"""A count cell of an edital's table, as editais print it: digits; a dash (none); "CR" (cadastro de reserva,
no vacancy offered); "N + CR" (N vacancies and a cadastro de reserva); a number with a footnote mark ("5*",
"3¹", "2 (1)"), read as the number and reported, since the note may change what it counts."""

from __future__ import annotations

import re

from calculator.arithmetic import digits_value
from calculator.csv.text import normalise, safe_text
from calculator.errors import InputError
from calculator.limits import MAX_VACANCIES
from calculator.ptbr import format_int
from calculator.stages.inputs import BLANKS

FIELD = "csv"
DASHES = frozenset("-–—−‐‑")
RESERVE_LIST = frozenset({"cr", "c_r", "cadastro_de_reserva", "cadastro_reserva", "so_cr"})
NOT_WORD = re.compile(r"[^0-9a-z]+")
#: a footnote mark after a number: asterisks, superscript digits or a small number in parentheses
_MARKED = re.compile(r"(\d+)\s*(\*+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\(\s*\d{1,2}\s*\))")
_PLUS = re.compile(r"(\d+)\s*\+\s*(.+)")


def is_reserve_list(text: str) -> bool:
    return NOT_WORD.sub("_", normalise(text)).strip("_") in RESERVE_LIST


def count_cell(raw: str, where: str, what: str, col: str, summed: bool, reserve_list: list[int] | None,
               line: int, marks: list[tuple[int, str]] | None = None) -> int | None:
    """A count cell → int; a dash is 0; "CR" is 0 and "N + CR" is N (both noted in reserve_list); a
    footnote mark is taken off (noted in marks, with the cell as printed); an empty cell is 0, except an
    empty reservadas, vagas_pcd or nomeacoes cell outside a sum of parts, which is None (not said)."""
    s = raw.strip(BLANKS)
    if not s:
        if col in ("reservadas", "vagas_pcd", "nomeacoes") and not summed:
            return None
        return 0
    if s.isascii() and s.isdigit():
        return _number(s, where)
    if len(s) == 1 and s in DASHES:
        return None if col == "nomeacoes" else 0
    if reserve_list is not None and is_reserve_list(s):
        reserve_list.append(line)
        return 0
    plus = _PLUS.fullmatch(s)
    if reserve_list is not None and plus and plus.group(1).isascii() and is_reserve_list(plus.group(2)):
        reserve_list.append(line)
        return _number(plus.group(1), where)
    marked = _MARKED.fullmatch(s)
    if marks is not None and marked and marked.group(1).isascii():
        marks.append((line, safe_text(s)))
        return _number(marked.group(1), where)
    shown = safe_text(s)
    if s[0] in DASHES and s[1:].strip(BLANKS).isascii() and s[1:].strip(BLANKS).isdigit():
        raise InputError(f"{where}: {what} não pode ser negativo (“{shown}”).", FIELD)
    raise InputError(f"{where}: {what} deve ser um número inteiro (ex.: 12), não “{shown}”.", FIELD)


def _number(digits: str, where: str) -> int:
    if len(digits.lstrip("0")) > len(str(MAX_VACANCIES)) or digits_value(digits) > MAX_VACANCIES:
        raise InputError(f"{where}: número grande demais (o limite é {format_int(MAX_VACANCIES)}).", FIELD)
    return digits_value(digits)
