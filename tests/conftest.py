"""Shared pytest setup: the Hypothesis profile of every property test.

derandomize: the examples come from a fixed seed, so a failure seen once is seen at every run (and by the
next developer); the search is still wide (each test sets max_examples). deadline=None: timing belongs to
bench/, and on a shared 2-core machine the default 200 ms per example fails tests that are correct.
"""

from hypothesis import settings

settings.register_profile("cotas", derandomize=True, deadline=None, database=None, print_blob=True)
settings.load_profile("cotas")
