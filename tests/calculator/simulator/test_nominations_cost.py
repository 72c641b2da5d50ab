"""`ordem --nomeacoes M` costs O(positions shown) whatever M is: the positions beyond the vacancies repeat
with the percentage's period, so only one period is searched. The periodic answer must be exactly the
searched one (every norm, reading, vínculo and a range of vacancies, nominations and percentages); the
time for M = 10⁶ is measured in bench/bench_nominations.py, not here."""

from __future__ import annotations

import pytest

from calculator import NORMS
from calculator.arithmetic import POSITIONS_LIMIT
from calculator.limits import MAX_VACANCIES
from calculator.norms import registry_of
from calculator.stages import nominations

PERCENTS = {"lins": ["20", "23,5", "33,33", "7", "23,4567"]}


def _cases():
    for slug in NORMS:
        norm = registry_of(slug)
        percents = PERCENTS.get(slug, [None]) if norm.percent_rule == "given" else [None]
        for reading in norm.readings:
            for percent in percents:
                yield slug, reading, percent


@pytest.mark.parametrize(("slug", "reading", "percent"), list(_cases()))
def test_the_periodic_continuation_is_the_searched_one(monkeypatch, slug, reading, percent):
    for n in (*range(1, 31), 57, 100):
        for m in (n, n + 1, n + 4, n + 5, n + 37, 3 * n + 11, n + 1000):
            fast = nominations.order_with_nominations(slug, n, m, percent, reading)
            with monkeypatch.context() as patch:
                patch.setattr(nominations, "_periods", lambda *_: ())
                slow = nominations.order_with_nominations(slug, n, m, percent, reading)
            assert fast == slow, (slug, reading, percent, n, m)


def test_a_million_nominations_list_the_capped_positions_and_count_them_all():
    res = nominations.order_with_nominations("ubatuba", 100, 1_000_000)
    assert res["positions_total"] == 200_000 and len(res["positions"]) == POSITIONS_LIMIT
    assert res["positions_truncated"] is True
    assert res["positions"][:3] == [3, 8, 13] and res["positions"][-1] == 499_998  # 5k − 2


def test_the_largest_number_of_nominations_is_truncated_like_ordem():
    res = nominations.order_with_nominations("quissama", 10, MAX_VACANCIES, None)
    assert len(res["positions"]) == POSITIONS_LIMIT and res["positions_truncated"] is True
    assert res["positions"][-1] == 5 * POSITIONS_LIMIT and res["positions_total"] == MAX_VACANCIES // 5
