"""The seat schedule: which of the N seats are reserved (the norm's call order: calculator/rules/calls.py,
``call_positions``/``call_count``), which are PcD or female seats (spread by cumulative proportionality),
and the rest ampla concorrência."""

from __future__ import annotations

from fractions import Fraction

from calculator.arithmetic import round_half_up
from calculator.rules.calls import call_count, call_positions
from calculator.rules.choices import reading_of
from calculator.rules.percent import legal_percent
from calculator.simulator.records import AMPLA, FEM, PCD, RESERVA
from calculator.stages.reserve import not_calculated


def racial_schedule(rules, vacancies: int, percent, reading, scope) -> dict:
    """Reserved seats and their call positions, from the norm module's building blocks
    (``call_positions`` for the reserve, the reading and its warnings; ``call_count`` walked once over
    1..N for the positions themselves: O(N) evaluations, no quadratic step)."""
    placed = call_positions(rules.registry, rules, vacancies, percent, reading, scope, limit=0)
    # seats the reading leaves without a position, placed by the norm module (labelled interpretation)
    extras = list(placed.get("interpreted_positions", []))
    total = placed["positions_total"] - len(extras)
    if not total:
        return {**placed, "positions": extras}
    p, rd = placed["percent"], placed["reading"]

    def count(n: int) -> int:
        return call_count(rules.registry, n, p, rd)

    # The schedule repeats every `period` nominations with `per` reserved calls (count(n + b) =
    # count(n) + a when P/100 = a/b); walk one period and repeat it, then check against the norm's
    # own total.  Falls back to walking 1..N.
    pattern = placed.get("pattern") or {}
    period, per = pattern.get("period"), pattern.get("reserved_per_period")
    positions = _walk(count, min(vacancies, period) if period else vacancies, total)
    if period and vacancies > period and len(positions) == per:
        first = positions
        positions = []
        offset = 0
        while len(positions) < total:
            positions.extend(x + offset for x in first if x + offset <= vacancies)
            offset += period
            if offset >= vacancies:
                break
        positions = positions[:total]
    if len(positions) != total or (positions and count(positions[-1]) != total)\
            or (positions and count(positions[-1] - 1) != total - 1):
        positions = _walk(count, vacancies, total)
    return {**placed, "positions": sorted(positions + extras)}


def no_reserve(rules, vacancies: int, percent, reading, app) -> dict:
    """The schedule when the norm does not apply (applicability said no): no reserved seat, every seat
    ampla concorrência; the reserve and the order stages do not run, and the steps say why."""
    return {"positions": [], "positions_total": 0, "reserved": 0, "applies": False,
            "percent": legal_percent(rules.registry, vacancies, percent),
            "reading": reading_of(rules.registry, reading).name, "reason": app.reason,
            "steps": app.steps + [not_calculated(app, "não há vaga reservada: todas as vagas são de ampla "
                                                      "concorrência, na ordem da classificação geral")],
            "warnings": list(app.premises)}


def _walk(count, upto: int, total: int) -> list[int]:
    """Positions n in 1..upto where count(n) grows (count is non-decreasing, +1 at most per step)."""
    out: list[int] = []
    prev = 0
    for n in range(1, upto + 1):
        c = count(n)
        if c > prev:
            out.append(n)
            prev = c
            if prev >= total:
                break
    return out


def _proportional_positions(k: int, n_total: int) -> list[int]:
    """k seats among n_total spread by cumulative proportionality: the i-th at the first n with
    round_half_up(k·n/N) ≥ i, i.e. n = ⌈N·(2i − 1) / 2k⌉ (exact integer arithmetic)."""
    out: list[int] = []
    for i in range(1, k + 1):
        n = max(1, -((-n_total * (2 * i - 1)) // (2 * k)))
        assert round_half_up(Fraction(k * n, n_total)) >= i
        out.append(n)
    return out


def seat_types(vacancies: int, racial_positions: list[int], pcd: int, female: int) -> list[str]:
    """Type of each seat 1..N.  Racial seats sit exactly on ``racial_positions``; PcD and female seats
    follow their own cumulative schedule and, when they collide with a racial seat, take the next
    free seat (never beyond N)."""
    types = [AMPLA] * vacancies
    racial = set(racial_positions)
    for pos in racial_positions:
        types[pos - 1] = RESERVA
    due = {PCD: iter(_proportional_positions(pcd, vacancies)),
           FEM: iter(_proportional_positions(female, vacancies))}
    next_due = {lst: next(it, None) for lst, it in due.items()}
    backlog = {PCD: 0, FEM: 0}
    left = {PCD: pcd, FEM: female}
    racial_left = len(racial_positions)
    for n in range(1, vacancies + 1):
        for lst in (PCD, FEM):
            if next_due[lst] == n:
                backlog[lst] += 1
                next_due[lst] = next(due[lst], None)
        if n in racial:
            racial_left -= 1
            continue
        remaining_seats = vacancies - n + 1 - racial_left
        forced = remaining_seats <= left[PCD] + left[FEM]
        for lst in (PCD, FEM):
            if left[lst] and (backlog[lst] or forced):
                types[n - 1] = lst
                left[lst] -= 1
                backlog[lst] = max(0, backlog[lst] - 1)
                break
    return types



def pcd_first(types: list[str], pcd: int) -> list[str]:
    """The PcD seats as the first nominations (1..K); the seats after them keep the order the simulation
    uses otherwise."""
    return [PCD] * pcd + [t for t in types if t != PCD]
