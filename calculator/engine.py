"""The generic rules, driven by a norm's registry (calculator/registry.py): the percentage, the vínculo and
reading options, the count of reserved nominations and the call order.

What really differs between norms is a norm's rules object (calculator/standard.py's ``StandardRules``, or
the subclass declaring its exceptions), which :func:`call_positions` asks for two things:

- ``reserved_seats(vacancies, percent, scope) -> dict`` — the reserve with its steps and warnings
  ({"reserved", "applies", "percent", "exact", "basis", "warnings", "steps"[, "reason"]});
- ``order_notes(order: OrderContext) -> (steps, warnings)`` — what the norm says about the call order it
  was given (readings, positions placed by interpretation), appended to the reserve's own.

The reserve and the order here are the second and third stages of every answer; they run only when the
first one, applicability, does not say "no".  No norm is named here: every difference is a registry
entry or a declared exception.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from calculator.arithmetic import (
    HALF,
    HUNDRED,
    POSITIONS_LIMIT,
    ceil,
    floor,
    period_of,
    periodic_pattern,
    place_unplaced,
    positions_from_count,
    proportional_count,
    round_half_up,
    whole_blocks_count,
)
from calculator.errors import InputError
from calculator.params import Parameter
from calculator.registry import Norm, Reading
from calculator.rules import (
    collect_basis,
    count_phrase,
    format_int,
    format_number,
    format_percent,
    pick_scope,
    reserved_phrase,
    sentence,
    step,
)


def _either(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " ou " + names[-1]


# --- the percentage --------------------------------------------------------------------------------
def legal_percent(norm: Norm, vacancies: int | None, percent: Fraction | None) -> Fraction:
    """The percentage to apply, by the registry's ``[percent] rule``:

    "minimum": the parameter's value by default; an edital may reserve more, never less;
    "tiered": the parameter's value, or the reduced one up to ``reduced_up_to`` vacancies; a given
    percentage must be that one;
    "fixed": the parameter's value, always; a given percentage must be that one;
    "given": the user's percentage, required (the norm that sets it is not in the corpus)."""
    names = norm.percent_parameters
    refusal = norm.percent_refusal
    if norm.percent_rule == "minimum":
        minimum = norm.value(names["parameter"])
        if percent is None:
            return minimum
        if percent < minimum:
            raise InputError(refusal.format(minimum=format_percent(minimum), percent=format_percent(percent)),
                             "percentual")
        return percent
    if norm.percent_rule == "fixed":
        legal = norm.value(names["parameter"])
        if percent is not None and percent != legal:
            raise InputError(refusal.format(legal=format_percent(legal), percent=format_percent(percent)),
                             "percentual")
        return legal
    if norm.percent_rule == "tiered":
        small = vacancies <= norm.value(names["reduced_up_to_parameter"])
        legal = norm.value(names["reduced_parameter"] if small else names["parameter"])
        if percent is not None and percent != legal:
            raise InputError(refusal.format(legal=format_percent(legal), percent=format_percent(percent),
                                            vacancies=count_phrase(vacancies, "vaga", "vagas")), "percentual")
        return legal
    if percent is None:  # "given"
        raise InputError(refusal, "percentual")
    return percent


def minimum_vacancies(norm: Norm) -> int | None:
    """Fewest vacancies with a reserve (``minimum_vacancies_parameter``), or None when the norm has none."""
    name = norm.percent_parameters.get("minimum_vacancies_parameter")
    return None if name is None else norm.value(name)


# --- the rounding ---------------------------------------------------------------------------------
#: The registry's rounding values (parameter named by ``[percent] rounding_parameter``) → the rule.
ROUNDERS: dict[str, Callable[[Fraction], int]] = {
    "meio_para_cima": round_half_up,  # a decimal part of 0,5 or more rounds up; less, down
    "para_cima": ceil,
    "para_baixo": floor,
}


def rounding(norm: Norm) -> Parameter:
    """The norm's rounding parameter (value, basis, and whether it is an interpretation)."""
    name = norm.percent_parameters.get("rounding_parameter")
    if name is None:
        raise ValueError(f"{norm.path}: falta percent.rounding_parameter")
    return norm.params()[name]


def reserved_count(norm: Norm, percent: Fraction, vacancies: int) -> int:
    """P% of N vacancies, rounded by the norm's rule (exact arithmetic)."""
    return ROUNDERS[rounding(norm).value](percent / HUNDRED * vacancies)


def rounding_step(norm: Norm, percent: Fraction, vacancies: int, reserved: int,
                  whole_basis: list[str] | tuple[str, ...]) -> dict:
    """"P% de N = E; parte decimal …: R vagas reservadas." with the rounding's basis, or the whole
    number's step (no rounding) with ``whole_basis``; an interpreted rounding says so, without basis."""
    exact = percent / HUNDRED * vacancies
    head = f"{format_percent(percent)} de {format_int(vacancies)} = {format_number(exact)}"
    rule = rounding(norm)
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


def other_rounding(exact: Fraction) -> tuple[str, int]:
    """The other direction of rounding and its count (for a rounding the text does not set)."""
    down = floor(exact)
    if exact - down >= HALF:
        return "para baixo", down
    return "para cima", down + 1


# --- options ---------------------------------------------------------------------------------------
def scope(norm: Norm, value: str | None) -> str:
    """The vínculo asked for, or the norm's default; an unknown one is refused in the norm's words."""
    refusal = norm.scope_refusal or f"vínculo desconhecido: {{scope}} (use {_either(norm.scopes)})"
    return pick_scope(value, norm.scopes, norm.default_scope, refusal)


def reading(norm: Norm, value: str | None) -> Reading:
    """The reading asked for (field "leitura"), or the norm's default."""
    name = value or norm.default_reading
    if name not in norm.readings:
        refusal = norm.reading_refusal or f"leitura desconhecida: {{reading}} (use {_either(norm.readings)})"
        raise InputError(refusal.format(reading=repr(name)), "leitura")
    return norm.readings[name]


def reading_values(norm: Norm, name: str) -> dict[str, str]:
    """Placeholders of a warning that names the reading used and the other one (norms with two readings):
    {reading} and {other_reading} are the descriptions as sentences, {other} the other one's name."""
    other = next(r for r in norm.readings if r != name)
    return {"reading": sentence(norm.readings[name].description), "other": other,
            "other_reading": sentence(norm.readings[other].description)}


# --- the count of reserved nominations --------------------------------------------------------------
COUNTS: dict[str, Callable[[Fraction, int], int]] = {
    "half_up": proportional_count,  # round_half_up(P/100 · n): the norm's own count with its rounding
    "whole_blocks": whole_blocks_count,  # ⌊P/100 · n⌋: one per whole block of 100/P nominations
}


def call_count(norm: Norm, n: int, percent: Fraction | None = None, reading_name: str | None = None) -> int:
    """Reserved-list nominations among the first n nominations, under the reading.  A reading with a fixed
    share does not depend on the percentage; otherwise the percentage is checked first."""
    fixed = all(r.share is not None for r in norm.readings.values())
    p = None if fixed else legal_percent(norm, n, percent)
    r = reading(norm, reading_name)
    return COUNTS[r.count](r.share if r.share is not None else p, n)


# --- the call order --------------------------------------------------------------------------------
@dataclass(frozen=True)
class OrderContext:
    """What a norm's ``order_notes`` is told about the call order just computed."""

    vacancies: int
    reading: str
    scope: str | None  # as given (None: the norm's default)
    percent: Fraction  # the reserve's percentage
    share: Fraction  # the share that drives the order (the reading's fixed share, or the percentage)
    reserve: dict  # the norm's reserved_seats answer
    positions_total: int  # positions the reading gives, before any placed by interpretation
    placed: dict  # positions_from_count + place_unplaced


class NormRules(Protocol):
    """What :func:`call_positions` asks of a norm's rules (calculator/standard.py's ``StandardRules`` and
    the subclasses declaring a norm's exceptions)."""

    def reserved_seats(self, vacancies: int, percent: Fraction | None = None,
                       scope: str | None = None) -> dict: ...

    def order_notes(self, order: OrderContext) -> tuple[list[dict], list[dict]]: ...


def call_positions(norm: Norm, rules: NormRules, vacancies: int, percent: Fraction | None = None,
                   reading_name: str | None = None, scope_name: str | None = None,
                   limit: int = POSITIONS_LIMIT) -> dict:
    """Which of the first ``vacancies`` nominations go to the reserved list, with the norm's notes.

    Returns {"positions", "positions_total", "positions_truncated", "interpreted_positions", "pattern",
    "reserved", "reading", "percent", "applies", "basis", "warnings", "steps"}."""
    r = reading(norm, reading_name)
    res = rules.reserved_seats(vacancies, percent, scope_name)
    steps = list(res["steps"])
    warnings = list(res["warnings"])
    if not res["applies"]:
        name = norm.percent_parameters.get("minimum_vacancies_parameter")
        steps.append(step("Sem reserva, não há nomeações pela lista reservada.",
                          norm.params()[name].basis if name else []))
        return {"positions": [], "positions_total": 0, "positions_truncated": False, "pattern": None,
                "reserved": 0, "reading": r.name, "percent": res["percent"], "applies": False,
                "reason": res.get("reason"),
                "basis": collect_basis(steps, warnings), "warnings": warnings, "steps": steps}
    share = r.share if r.share is not None else res["percent"]

    def count(n: int) -> int:
        return COUNTS[r.count](share, n)

    blocks = positions_from_count(count, vacancies, limit, period_of(share))
    placed = place_unplaced(count, vacancies, blocks, res["reserved"], limit)
    more_steps, more_warnings = rules.order_notes(OrderContext(
        vacancies, r.name, scope_name, res["percent"], share, res, blocks["positions_total"], placed))
    steps += more_steps
    warnings += more_warnings
    return {**placed, "pattern": periodic_pattern(share, placed["positions"], count),
            "reserved": res["reserved"], "reading": r.name, "percent": res["percent"], "applies": True,
            # whether the order itself has a provision (else the headline says it is a reading)
            "order_grounded": any(s["basis"] for s in more_steps),
            "basis": collect_basis(norm.order_basis, res["basis"], steps, warnings),
            "warnings": warnings, "steps": steps}
