"""The shared arithmetic, exact: rounding, the count of reserved nominations among the first n, and the
search for the nominations where that count grows (the call positions), with their period.

``fractions.Fraction`` and ``int`` only (never ``float``, never ``round()``): every stage that counts seats
or places them calls these (calculator/rules/rounding.py and calculator/rules/calls.py read which one a norm's
registry names).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

HALF = Fraction(1, 2)
HUNDRED = Fraction(100)

#: At most this many call positions are listed; the rest is summarised by ``pattern``.
POSITIONS_LIMIT = 100_000


def digits_value(digits: str) -> int:
    """A run of ASCII digits as an integer, its leading zeros dropped first: Python's int() refuses a string
    of over 4,300 digits, and "000…03" (callers have bounded the significant digits) is 3."""
    return int(digits.lstrip("0") or "0")


def round_half_up(x: Fraction | int) -> int:
    """Round a non-negative rational: fraction ≥ 1/2 goes up, < 1/2 goes down (0,5 → 1; 2,5 → 3)."""
    x = Fraction(x)
    if x < 0:
        raise ValueError("round_half_up expects a non-negative number")
    return (x + HALF).__floor__()


def floor(x: Fraction | int) -> int:
    return Fraction(x).__floor__()


def ceil(x: Fraction | int) -> int:
    return -Fraction(-x).__floor__()


#: The roundings a registry may name (the value of its ``[percent] rounding_parameter``) → the rule: the one
#: table of them, which the loader checks a registry against and every count uses.
ROUNDINGS: dict[str, Callable[[Fraction | int], int]] = {
    "meio_para_cima": round_half_up,  # a decimal part of 0,5 or more rounds up; less, down
    "para_cima": ceil,
    "para_baixo": floor,
}


def proportional_count(percent: Fraction, n: int, rounding: str) -> int:
    """Reserved seats among n vacancies, P/100 · n rounded by the norm's ``rounding`` (a key of ROUNDINGS)."""
    return ROUNDINGS[rounding](percent / HUNDRED * n)


def whole_blocks_count(percent: Fraction, n: int) -> int:
    """Reserved seats counting only whole blocks: ⌊P/100 · n⌋ (20% → one in every 5: 5th, 10th…)."""
    return floor(percent / HUNDRED * n)


def period_of(percent: Fraction) -> tuple[int, int]:
    """(a, b) with P/100 = a/b in lowest terms: every schedule here satisfies count(n + b) = count(n) + a."""
    share = Fraction(percent) / HUNDRED
    return share.numerator, share.denominator


def positions_from_count(count: Callable[[int], int], vacancies: int, limit: int = POSITIONS_LIMIT,
                         period: tuple[int, int] | None = None) -> dict:
    """Call positions within 1..vacancies: the k-th reserved seat is the first n where count(n) ≥ k.

    Returns {"positions": first ≤ limit positions, "positions_total": count(vacancies),
    "positions_truncated": bool}.  Positions are distinct as long as count grows by at most 1 per
    step (true for every percentage ≤ 100% with these roundings).  Each position is found by a
    galloping search from the previous one, so the cost is O(limit · log(gap)) whatever N is.

    With ``period`` = (a, b) (count(n + b) = count(n) + a), only the first a positions are searched
    and the rest are the same shifted by b (position k + a = position k + b); spot checks against
    ``count`` fall back to the search if the schedule is not periodic after all.
    """
    total = count(vacancies)
    shown = min(total, limit)
    truncated = total > shown
    if period is not None and 0 < period[0] < shown:
        a, b = period
        first = _search_positions(count, vacancies, a)
        if len(first) == a and count(b) == a:
            positions = [first[k % a] + (k // a) * b for k in range(shown)]
            if all(count(positions[k]) >= k + 1 and count(positions[k] - 1) < k + 1
                   for k in {a, shown // 2, shown - 1} if k < shown):
                return {"positions": positions, "positions_total": total, "positions_truncated": truncated}
    return {"positions": _search_positions(count, vacancies, shown), "positions_total": total,
            "positions_truncated": truncated}


def _search_positions(count: Callable[[int], int], vacancies: int, shown: int) -> list[int]:
    """The first ``shown`` positions, by galloping search (see positions_from_count)."""
    positions: list[int] = []
    prev = 0  # count(prev) < k holds for the next k
    for k in range(1, shown + 1):
        prev = gallop_reaching(count, k, prev, vacancies)
        positions.append(prev)
    return positions


def gallop_reaching(count: Callable[[int], int], k: int, prev: int, upper: int) -> int:
    """Smallest n in prev+1..upper with count(n) ≥ k, given count(prev) < k ≤ count(upper) (count
    non-decreasing): steps of doubling size from prev, then bisection, so a nearby answer costs few calls."""
    step_size = 1
    hi = min(prev + step_size, upper)
    while count(hi) < k:
        prev = hi
        step_size *= 2
        hi = min(prev + step_size, upper)
    return bisect_reaching(count, k, prev + 1, hi)


def bisect_reaching(count: Callable[[int], int], k: int, lo: int, hi: int) -> int:
    """Smallest n in lo..hi with count(n) ≥ k, given count(hi) ≥ k (count non-decreasing): bisection."""
    while lo < hi:
        mid = (lo + hi) // 2
        if count(mid) >= k:
            hi = mid
        else:
            lo = mid + 1
    return lo


def place_unplaced(count: Callable[[int], int], vacancies: int, placed: dict, reserved: int,
                   limit: int = POSITIONS_LIMIT) -> dict:
    """Keep the reserve's count when the call order gives fewer positions than reserved seats.

    A reading whose count falls short of the reserve (⌊P/100 · N⌋ < round_half_up(P/100 · N)) would
    leave a reserved seat with no nomination among the N, handing it to the general list: the
    reserve itself would shrink.  Each such seat is placed at the last nomination among the N that is
    not already a reserved position (with 20%: the last nomination of the incomplete block of five) —
    an interpretation, labelled by the caller.

    ``placed`` is positions_from_count's answer; returns it updated, with ``interpreted_positions``
    (the placed positions, ascending; usually none, at most one with these roundings)."""
    extras: list[int] = []
    deficit = reserved - placed["positions_total"]
    n = vacancies
    while deficit > 0 and n >= 1:
        if count(n) == count(n - 1):  # n is not already a position of the count
            extras.append(n)
            deficit -= 1
        n -= 1
    extras.reverse()
    if not extras:
        return {**placed, "interpreted_positions": []}
    total = placed["positions_total"] + len(extras)
    merged = sorted(placed["positions"] + extras)[:limit]
    return {**placed, "positions": merged, "positions_total": total,
            "positions_truncated": total > len(merged), "interpreted_positions": extras}


def periodic_pattern(percent: Fraction, first_positions: list[int], count: Callable[[int], int]) -> dict:
    """Describe the period of a proportional schedule: with P/100 = a/b (lowest terms), the pattern
    repeats every b nominations with a reserved seats per period (position k + a = position k + b)."""
    share = percent / HUNDRED
    a, b = share.numerator, share.denominator
    in_first = [p for p in first_positions if p <= b]
    return {
        "period": b,
        "reserved_per_period": a,
        "first_period": in_first if len(in_first) == count(b) else None,
    }
