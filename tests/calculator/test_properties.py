"""Property tests (hypothesis) of reserved seats and call order for the three norms."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import calculator
from calculator.arithmetic import period_of, positions_from_count
from calculator.rules.calls import call_count

vacancies = st.integers(min_value=1, max_value=400)
# Percentages as typed, with up to 2 decimals: Ubatuba ≥ 20, Lins > 0, both ≤ 100.
ubatuba_pct = st.integers(min_value=2000, max_value=10000).map(lambda c: Fraction(c, 100))
lins_pct = st.integers(min_value=1, max_value=10000).map(lambda c: Fraction(c, 100))
cases = st.one_of(
    st.tuples(st.just("ubatuba"), st.one_of(st.none(), ubatuba_pct), st.sampled_from([None, "quinta"])),
    st.tuples(st.just("quissama"), st.none(), st.just(None)),
    st.tuples(st.just("lins"), lins_pct, st.sampled_from([None, "quinta"])),
)


@settings(max_examples=300, deadline=None)
@given(cases, vacancies)
def test_reserved_between_zero_and_n(case, n):
    norm, p, _ = case
    r = calculator.reserve(norm, n, p)
    assert 0 <= r["reserved"] <= n
    assert r["applies"] is not False or r["reserved"] == 0
    assert r["applies"] is not True  # undated: the answer depends on the date


@settings(max_examples=300, deadline=None)
@given(cases, vacancies)
def test_reserved_monotone_in_n(case, n):
    # Holds everywhere in all three norms, including the thresholds (Ubatuba 2 → 3: 0 → ≥ 1;
    # Quissamã 5 → 6: 1 → 1, where the percentage changes from 10% to 20%).
    norm, p, _ = case
    assert calculator.reserve(norm, n, p)["reserved"] <= calculator.reserve(norm, n + 1, p)["reserved"]


@settings(max_examples=300, deadline=None)
@given(cases, vacancies)
def test_order_is_prefix_of_next(case, n):
    norm, p, reading = case
    # positions placed by interpretation (a reserved seat the reading leaves out, put at the last
    # nomination among the n) are not part of the schedule that grows with n
    ra, rb = calculator.order(norm, n, p, reading), calculator.order(norm, n + 1, p, reading)
    a = [x for x in ra["positions"] if x not in ra["interpreted_positions"]]
    b = [x for x in rb["positions"] if x not in rb["interpreted_positions"]]
    assert b[:len(a)] == a
    # Strong form: the positions for n are exactly those for n + 1 that fall within 1..n, except at
    # Ubatuba's minimum (n = 2 → 3), where the exam gains its reserve (aviso ubatuba_minimo_e_ordem).
    if not (norm == "ubatuba" and n < 3):
        assert a == [x for x in b if x <= n]


@settings(max_examples=300, deadline=None)
@given(cases, vacancies)
def test_positions_count_is_what_the_norm_places(case, n):
    norm, p, reading = case
    r = calculator.order(norm, n, p, reading)
    pos = r["positions"]
    assert pos == sorted(set(pos)) and all(1 <= x <= n for x in pos)
    assert len(pos) == r["positions_total"]
    module = calculator.NORMS[norm]
    if not r["reserve_required"]:
        assert pos == []
        return
    assert len(pos) == r["reserved"]  # the whole reserve is placed, whatever the reading
    extra = r["interpreted_positions"]
    pos = [x for x in pos if x not in extra]
    assert len(pos) == call_count(module.registry, n, p, reading)
    if norm == "quissama":
        assert len(pos) == n // 5  # art. 3º, § 1º
    elif reading in (None, "proporcional"):
        assert extra == []  # cumulative proportionality places the whole reserve by itself
    assert len(extra) <= 1
    # The k-th position is the first n where the norm's own count reaches k.
    for k, x in enumerate(pos, 1):
        registry = module.registry
        assert call_count(registry, x, p, reading) >= k > call_count(registry, x - 1, p, reading)


@settings(max_examples=100, deadline=None)
@given(cases, st.integers(min_value=1, max_value=10**12), st.integers(min_value=1, max_value=20))
def test_truncated_positions_agree_with_full(case, n, limit):
    norm, p, reading = case
    module = calculator.NORMS[norm]
    if norm == "ubatuba" and n < 3:
        return
    full_count = call_count(module.registry, n, p, reading)
    part = positions_from_count(lambda m: call_count(module.registry, m, p, reading), n, limit)
    assert part["positions_total"] == full_count
    assert len(part["positions"]) == min(limit, full_count)
    assert part["positions_truncated"] is (full_count > limit)


@settings(max_examples=150, deadline=None)
@given(cases, st.integers(min_value=1, max_value=10**12), st.integers(min_value=1, max_value=400))
def test_periodic_shortcut_equals_the_search(case, n, limit):
    # positions_from_count(period=...) shifts the first period; it must give exactly the searched list
    norm, p, reading = case
    module = calculator.NORMS[norm]
    pct = p if p is not None else (Fraction(20) if norm != "lins" else None)
    if pct is None or (norm == "ubatuba" and n < 3):
        return

    def count(m):
        return call_count(module.registry, m, p, reading)

    fast = positions_from_count(count, n, limit, period_of(pct))
    slow = positions_from_count(count, n, limit)
    assert fast == slow


@given(vacancies)
def test_modules_agree_with_public_api(n):
    ubatuba, quissama, lins = (calculator.NORMS[s] for s in ("ubatuba", "quissama", "lins"))
    assert ubatuba.reserved_seats(n)["reserved"] == calculator.reserve("ubatuba", n)["reserved"]
    assert quissama.reserved_seats(n)["reserved"] == calculator.reserve("quissama", n)["reserved"]
    assert lins.reserved_seats(n, Fraction(20))["reserved"] == calculator.reserve("lins", n, "20")["reserved"]


def test_property_tests_are_reproducible_and_untimed():
    """Every Hypothesis test of the suite runs derandomized and without a deadline (tests/conftest.py)."""
    import importlib

    for name in ("tests.calculator.test_properties", "tests.calculator.csv.test_csv",
                 "tests.calculator.simulator.test_properties", "tests.laws.test_properties"):
        module = importlib.import_module(name)
        tests = [f for f in vars(module).values() if hasattr(f, "hypothesis")]
        assert tests, name
        for f in tests:
            used = f._hypothesis_internal_use_settings
            assert used.derandomize is True and used.deadline is None, (name, f.__name__)
