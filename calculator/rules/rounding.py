"""How a norm rounds P% of N: its rounding parameter (``[percent] rounding_parameter``, one of the values of
calculator/arithmetic.py's ROUNDINGS), the count it gives, the step that shows it and, for a rounding the
text does not set, the count the other direction would give."""

from __future__ import annotations

from fractions import Fraction

from calculator.answer import step
from calculator.arithmetic import HALF, HUNDRED, ROUNDINGS, ceil, floor
from calculator.norms.model import Parameter, Registry
from calculator.ptbr import format_int, format_number, format_percent, reserved_phrase


def rounding(registry: Registry) -> Parameter:
    """The norm's rounding parameter (value, basis, and whether it is an interpretation)."""
    return registry.params()[registry.percent_parameters["rounding_parameter"]]


def reserved_count(registry: Registry, percent: Fraction, vacancies: int) -> int:
    """P% of N vacancies, rounded by the norm's rule (exact arithmetic)."""
    return ROUNDINGS[rounding(registry).value](percent / HUNDRED * vacancies)


def rounding_step(registry: Registry, percent: Fraction, vacancies: int, reserved: int,
                  whole_basis: list[str] | tuple[str, ...]) -> dict:
    """"P% de N = E; parte decimal …: R vagas reservadas." with the rounding's basis, or the whole
    number's step (no rounding) with ``whole_basis``; an interpreted rounding says so, without basis."""
    exact = percent / HUNDRED * vacancies
    head = f"{format_percent(percent)} de {format_int(vacancies)} = {format_number(exact)}"
    rule = rounding(registry)
    if exact.denominator == 1:
        return step(f"{head}: {reserved_phrase(reserved)} (número inteiro, sem arredondamento).", whole_basis)
    if rule.value == "meio_para_cima":
        how = f"parte decimal {'igual ou maior' if exact - floor(exact) >= HALF else 'menor'} que 0,5"
    else:
        how = "arredondado " + ("para cima" if rule.value == "para_cima" else "para baixo")
    if rule.interpretation:
        return step(f"{head}; {how}: {reserved_phrase(reserved)} (arredondamento por interpretação; sem base "
                    "no corpus).", [], no_basis=True)
    return step(f"{head}; {how}: {reserved_phrase(reserved)}.", rule.basis)


#: Each rounding's name, as the parameters' list shows it (`parametros`, the site's tables).
ROUNDING_NAMES = {"meio_para_cima":
                  "meio para cima (parte decimal igual ou maior que 0,5 arredonda para cima)",
                  "para_cima": "para cima (toda parte decimal arredonda para cima)",
                  "para_baixo": "para baixo (a parte decimal é desprezada)"}
#: How each rounding is said in a warning that names the one used.
ROUNDING_WORDS = {"meio_para_cima": "parte decimal ≥ 0,5 para cima e < 0,5 para baixo",
                  "para_cima": "sempre para cima", "para_baixo": "sempre para baixo"}


def other_rounding(exact: Fraction, used: str) -> tuple[str, int]:
    """The other direction of rounding than ``used`` and its count (for a rounding the text does not set)."""
    down = floor(exact)
    if used == "para_cima":
        return "para baixo", down
    if used == "para_baixo":
        return "para cima", ceil(exact)
    if exact - down >= HALF:
        return "para baixo", down
    return "para cima", down + 1
