"""How long a test that drives a browser or a subprocess may wait: a generous limit for a quiet machine,
scaled by how slow this machine is when the session starts.

A wait always ends as soon as the state it needs is there, so a large limit costs nothing when things go
well; it only decides how long a broken page is waited for. The factor is measured, not guessed: a fixed
piece of pure-Python work is timed against its time on the quiet 2-core reference machine, and the load
average per core is read; the larger of the two (never below 1, never above MAX_FACTOR) scales every
limit. ``COTAS_TEST_PACE`` sets the factor by hand (a CI runner known to be slow).
"""

from __future__ import annotations

import functools
import os
import time

#: Seconds the reference work takes on the quiet 2-core machine the limits were set on (best of 3).
REFERENCE_SECONDS = 0.027
#: A machine this many times slower still gets a finite wait: a hung page fails, it does not stall CI.
MAX_FACTOR = 8.0


def _reference_work() -> float:
    start = time.perf_counter()
    total = 0
    for i in range(400_000):
        total += i * i % 7
    return time.perf_counter() - start


def _load_per_core() -> float:
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:  # no load average on this platform
        return 0.0


@functools.cache
def factor() -> float:
    """The scale for every wait in this test session (measured once)."""
    if os.environ.get("COTAS_TEST_PACE"):
        return min(MAX_FACTOR, max(1.0, float(os.environ["COTAS_TEST_PACE"])))
    cpu = min(_reference_work() for _ in range(3)) / REFERENCE_SECONDS
    return min(MAX_FACTOR, max(1.0, cpu, _load_per_core()))


def ms(quiet_ms: float) -> int:
    """A Playwright timeout (ms) for a wait that takes at most quiet_ms on the quiet reference machine."""
    return int(quiet_ms * factor())


def seconds(quiet_seconds: float) -> float:
    """A subprocess or socket timeout (s), scaled the same way."""
    return quiet_seconds * factor()


def until(page, check, quiet_ms: float, message: str) -> None:
    """Poll check() (a Python-side condition, e.g. a request seen by a route) until it holds, for at most
    ms(quiet_ms); fail with message otherwise."""
    deadline = time.monotonic() + ms(quiet_ms) / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(message)
        page.wait_for_timeout(50)
