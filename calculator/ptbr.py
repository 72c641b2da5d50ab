"""Brazilian Portuguese as the answers write it: numbers, percentages, dates, counts and lists.

Numbers stay exact: ``fractions.Fraction`` and ``int`` only (never ``float``, never ``round()``).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from calculator.arithmetic import round_half_up


def format_int(n: int) -> str:
    """12345678 → "12.345.678"."""
    return f"{n:,}".replace(",", ".")


def count_phrase(n: int, singular: str, plural: str) -> str:
    """count_phrase(1, "vaga reservada", "vagas reservadas") → "1 vaga reservada"; 0 and 2+: plural."""
    return f"{format_int(n)} {singular if n == 1 else plural}"


def reserved_phrase(n: int) -> str:
    """"1 vaga reservada", "3 vagas reservadas"."""
    return count_phrase(n, "vaga reservada", "vagas reservadas")


def format_number(x: Fraction | int) -> str:
    """Exact pt-BR decimal: 13/5 → "2,6"; 1/3 → "1/3" (no finite decimal); 51/2 → "25,5"."""
    x = Fraction(x)
    den = x.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return str(x)
    digits = max(twos, fives)
    if digits == 0:
        return format_int(x.numerator)
    scaled = x * 10**digits
    assert scaled.denominator == 1
    sign = "-" if scaled < 0 else ""
    n = abs(scaled.numerator)
    whole, frac = divmod(n, 10**digits)
    return f"{sign}{format_int(whole)},{frac:0{digits}d}"


def format_percent(p: Fraction) -> str:
    """51/2 → "25,5%"."""
    return format_number(p) + "%"


def approx_percent(x: Fraction | int) -> str:
    """A share as a percentage with one decimal, "≈" when not exact: 2/12 → "≈ 16,7%"; 1/4 → "25%"."""
    pct = Fraction(x) * 100
    tenths = round_half_up(pct * 10)
    if Fraction(tenths, 10) == pct:
        return format_percent(pct)
    return "≈ " + format_percent(Fraction(tenths, 10))


def fraction_str(x: Fraction | int) -> str:
    """Machine form of an exact number: "51/2", "3"."""
    return str(Fraction(x))


def format_date(d: date) -> str:
    """date(2014, 6, 16) → "16/06/2014"."""
    return f"{d.day:02d}/{d.month:02d}/{d.year:04d}"


#: The months as Brazilian legal texts write them (the corpus's dates are read with these too).
MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
          "outubro", "novembro", "dezembro")


def format_long_date(d: date) -> str:
    """date(2014, 6, 16) → "16 de junho de 2014" (legal style: "1º" for the first day)."""
    return f"{'1º' if d.day == 1 else d.day} de {MONTHS[d.month - 1]} de {d.year}"


def either(names: list[str], word: str = "ou") -> str:
    """["a", "b", "c"] → "a, b ou c" (``word`` = "e": "a, b e c")."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


def ordinal_list(positions: list[int], total: int | None = None, limit: int = 60) -> str:
    """[3, 8, 13] → "3ª, 8ª e 13ª"; beyond ``limit`` shown, ", … (N no total)"; none: "nenhuma" (the page
    writes the same phrase from the same numbers: calculadora.js, positionsPhrase)."""
    total = len(positions) if total is None else total
    shown = [f"{format_int(p)}ª" for p in positions[:limit]]
    if not shown:
        return "nenhuma"
    if total > len(shown):
        return ", ".join(shown) + f", … ({format_int(total)} no total)"
    return either(shown, "e")


def sentence(text: str) -> str:
    """End a clause with exactly one full stop ("…" already ends it)."""
    text = text.rstrip(".")
    return text if text.endswith("…") else text + "."


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def alternative_note(alternative: dict) -> str:
    """The other reading's count, as it stands beside the number ("arredondando para baixo, seriam 0")."""
    n = alternative["reserved"]
    return f"{alternative['label']}, {'seria' if n == 1 else 'seriam'} {format_int(n)}"
