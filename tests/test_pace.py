"""The slow tiers' waits scale with the machine (tests/pace.py); none is written as a bare number."""

from __future__ import annotations

import re

import pytest

from tests import pace
from tests.support import ROOT


@pytest.fixture
def fresh_factor(monkeypatch):
    pace.factor.cache_clear()
    yield monkeypatch
    pace.factor.cache_clear()


def test_the_factor_is_measured_and_bounded(fresh_factor):
    fresh_factor.delenv("COTAS_TEST_PACE", raising=False)
    assert 1.0 <= pace.factor() <= pace.MAX_FACTOR


def test_a_loaded_machine_waits_longer(fresh_factor):
    fresh_factor.delenv("COTAS_TEST_PACE", raising=False)
    fresh_factor.setattr(pace, "_load_per_core", lambda: 3.5)
    assert pace.factor() >= 3.5
    assert pace.ms(1000) >= 3500 and pace.seconds(10) >= 35


def test_the_factor_can_be_set_and_stays_bounded(fresh_factor):
    fresh_factor.setenv("COTAS_TEST_PACE", "2.5")
    assert pace.ms(1000) == 2500
    pace.factor.cache_clear()
    fresh_factor.setenv("COTAS_TEST_PACE", "100")
    assert pace.factor() == pace.MAX_FACTOR
    pace.factor.cache_clear()
    fresh_factor.setenv("COTAS_TEST_PACE", "0.1")
    assert pace.factor() == 1.0


BARE_WAIT = re.compile(r"\btimeout=\d|wait_for_timeout\(\d|^PY_TIMEOUT = \d", re.M)


@pytest.mark.parametrize("folder", ["browser", "site", "node"])
def test_no_slow_tier_waits_a_bare_number(folder):
    found = [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}"
             for path in sorted((ROOT / "tests" / folder).glob("*.py"))
             for text in [path.read_text(encoding="utf-8")]
             for m in BARE_WAIT.finditer(text)]
    assert found == []
