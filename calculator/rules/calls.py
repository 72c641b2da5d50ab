"""The call order: how many of the first n nominations go to the reserved list under a reading, and which
ones (the positions), with what the norm says of them.

A reading's count is ``proportional`` (P/100 · n rounded by the norm's own rounding parameter: one fact, so a
norm that rounds up places its seats as it counts them) or ``whole_blocks`` (one per whole block of 100/P
nominations). :func:`call_positions` asks the norm's rules for two things:

- ``reserved_seats(vacancies, percent, scope) -> dict`` — the reserve with its steps and warnings;
- ``order_notes(order: OrderContext) -> (steps, warnings)`` — what the norm says about the call order it
  was given (readings, positions placed by interpretation), appended to the reserve's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from calculator.answer import beside_number, collect_basis, step
from calculator.arithmetic import (
    POSITIONS_LIMIT,
    period_of,
    periodic_pattern,
    place_unplaced,
    positions_from_count,
    proportional_count,
    whole_blocks_count,
)
from calculator.norms.model import Registry
from calculator.rules.choices import reading_of
from calculator.rules.percent import legal_percent
from calculator.rules.rounding import rounding


def counter(registry: Registry, count: str, share: Fraction) -> Callable[[int], int]:
    """n → reserved-list nominations among the first n, for a reading's ``count`` and ``share`` (of 100)."""
    if count == "whole_blocks":
        return lambda n: whole_blocks_count(share, n)
    rule = rounding(registry).value
    return lambda n: proportional_count(share, n, rule)


def call_count(registry: Registry, n: int, percent: Fraction | None = None,
               reading_name: str | None = None) -> int:
    """Reserved-list nominations among the first n nominations, under the reading.  A reading with a fixed
    share does not depend on the percentage; otherwise the percentage is checked first."""
    fixed = all(r.share is not None for r in registry.readings.values())
    p = None if fixed else legal_percent(registry, n, percent)
    r = reading_of(registry, reading_name)
    return counter(registry, r.count, r.share if r.share is not None else p)(n)


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
    """What :func:`call_positions` asks of a norm's rules (calculator/rules/default.py's ``DefaultRules`` and
    the subclasses declaring a norm's exceptions)."""

    def reserved_seats(self, vacancies: int, percent: Fraction | None = None,
                       scope: str | None = None) -> dict: ...

    def order_notes(self, order: OrderContext) -> tuple[list[dict], list[dict]]: ...


def call_positions(registry: Registry, rules: NormRules, vacancies: int, percent: Fraction | None = None,
                   reading_name: str | None = None, scope_name: str | None = None,
                   limit: int = POSITIONS_LIMIT) -> dict:
    """Which of the first ``vacancies`` nominations go to the reserved list, with the norm's notes.

    Returns {"positions", "positions_total", "positions_truncated", "interpreted_positions", "pattern",
    "reserved", "reading", "percent", "applies", "basis", "warnings", "steps"}."""
    r = reading_of(registry, reading_name)
    res = rules.reserved_seats(vacancies, percent, scope_name)
    steps = list(res["steps"])
    warnings = beside_number(res)
    if not res["applies"]:
        name = registry.percent_parameters.get("minimum_vacancies_parameter")
        steps.append(step("Sem reserva, não há nomeações pela lista reservada.",
                          registry.params()[name].basis if name else []))
        return {"positions": [], "positions_total": 0, "positions_truncated": False, "pattern": None,
                "reserved": 0, "reading": r.name, "percent": res["percent"], "applies": False,
                "reason": res.get("reason"),
                "basis": collect_basis(steps, warnings), "warnings": warnings, "steps": steps}
    share = r.share if r.share is not None else res["percent"]
    count = counter(registry, r.count, share)
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
            # the reserve's own wording of its count and the other reading's, where it rests on one
            "headline_count": res.get("headline_count"), "alternative": res.get("alternative"),
            "basis": collect_basis(registry.order_basis, res["basis"], steps, warnings),
            "warnings": warnings, "steps": steps}
