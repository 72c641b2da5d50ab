"""The scores (``nota``) of a classification list, read in ONE format for the whole file, decided from all
its cells: ``virgula`` (8,5 and 1.234,5), ``ponto`` (8.5 and 1,234.5) or ``inteiro``.  A file that mixes
the two, or whose every score could be read both ways ("1.234" alone), is refused: a score is never
guessed cell by cell.  Then each score becomes an exact integer key to sort by.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import re

from calculator.csv.text import FIELD, safe_text
from calculator.errors import InputError
from calculator.stages.inputs import BLANKS


class ScoreFormat:
    """Decides, from every score of the file, how its separators are read — once, for the file.

    A cell is checked against both conventions: pt-BR (``1.234,5``: ``.`` groups thousands, ``,`` is
    decimal) and en (``1,234.5``).  Cells valid in only one decide; cells valid in both with the same
    value (``78``) are neutral; cells valid in both with different values (``1.234``) follow the
    decided convention, and with nothing to decide the file is refused."""

    _BR = re.compile(r"[+-]?(?:[0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+)(?:,[0-9]+)?")
    _EN = re.compile(r"[+-]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?")

    def __init__(self):
        self.first = {"virgula": None, "ponto": None, "ambos": None}  # (line, raw) of the first such cell
        self.cache: dict[str, str] = {}

    def see(self, raw: str, line: int, where) -> None:
        kind = self.cache.get(raw)
        if kind is None:
            text = _compact(raw)
            br, en = self._BR.fullmatch(text), self._EN.fullmatch(text)
            if len(text) > 40:  # no real score; and int() refuses 4,300 digits
                br = en = None
            if not br and not en:
                shown = f"“{safe_text(raw)}”" if raw.strip(BLANKS) else "vazia"
                raise InputError(f"{where(line, 'nota')}: nota {shown} não é um número (ex.: 78,5).", FIELD)
            if br and en:
                kind = "ambos" if ("." in text or "," in text) else "neutro"
            else:
                kind = "virgula" if br else "ponto"
            self.cache[raw] = kind
        if kind != "neutro" and self.first[kind] is None:
            self.first[kind] = (line, raw)

    def decide(self, where) -> str:
        comma, point, both = self.first["virgula"], self.first["ponto"], self.first["ambos"]
        if comma and point:
            (l1, r1), (l2, r2) = sorted((comma, point))
            k1, k2 = ("vírgula", "ponto") if (l1, r1) == comma else ("ponto", "vírgula")
            raise InputError(
                f"{where(l2, 'nota')}: a nota “{safe_text(r2)}” usa {k2} como separador decimal, mas a da "
                f"linha {l1} (“{safe_text(r1)}”) usa {k1}; use um só formato em todo o arquivo "
                "(ex.: 1234,5).",
                FIELD)
        if comma:
            return "virgula"
        if point:
            return "ponto"
        if both:
            line, raw = both
            text = _compact(raw)
            sep = "ponto" if "." in text else "vírgula"
            raise InputError(
                f"{where(line, 'nota')}: a nota “{safe_text(raw)}” pode ser lida com {sep} separando "
                "milhares ou como separador decimal, e nenhuma outra nota do arquivo decide; escreva as "
                "notas sem separador de milhar (ex.: 1234 ou 1,234).",
                FIELD)
        return "inteiro"


#: Spaces a score may use to group thousands (1 234,5): plain, no-break and narrow no-break.
SPACES = " \u00a0\u202f"
_SPACED = re.compile(r"[+-]?[0-9]{1,3}(?:[ \u00a0\u202f][0-9]{3})+(?:[.,][0-9]+)?")


def _compact(raw: str) -> str:
    """The score without its spaces, when they only group thousands ("1 234,5" → "1234,5"); otherwise as
    written, spaces and all, so that it is refused ("8 5" is not 85)."""
    text = raw.strip(BLANKS)
    if not any(ch in SPACES for ch in text):
        return text
    if not _SPACED.fullmatch(text):
        return text
    return "".join(ch for ch in text if ch not in SPACES)


def score_keys(notas: list, score_format: str) -> None:
    """Replace each score cell, in place, by an exact integer key: the score times 10^d, d the largest
    number of decimals in the file (1,5 and 1,50 → 150 and 150).  Integers take a third of the memory
    of Decimals, and each cell's text is freed as its key is made."""
    most = 0
    for i, raw in enumerate(notas):
        text = _compact(raw)
        if score_format == "virgula":
            text = text.replace(".", "").replace(",", ".")
        elif score_format == "ponto":
            text = text.replace(",", "")
        point = text.find(".")
        decimals = len(text) - point - 1 if point >= 0 else 0
        most = max(most, decimals)
        notas[i] = (text.replace(".", ""), decimals)
    scale = [10 ** (most - d) for d in range(most + 1)]
    for i, (digits, decimals) in enumerate(notas):
        notas[i] = int(digits) * scale[decimals]
