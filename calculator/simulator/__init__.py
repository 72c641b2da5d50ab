"""Nomination simulator: from a published classification list to who is called to which seat.

Input: the classification list (CSV bytes, read by :mod:`calculator.csvinput`), the norm, the number
of vacancies N and options.  Output: the nominations in call order, each with the list that filled
the seat and its legal basis; the published lists; candidates moved between lists or excluded; seats
reverted; warnings.  Standard library only; O(n + N) after sorting (no quadratic step).

How a result is built (see docs/simulacao.md for the pt-BR explanation), one module a concept:

1. ``options``: the options, checked against the norms' registries (``[simulation.options]``).
2. ``schedule``: seat types.  The racial reserve R and its call positions come from the norm module's
   ``call_positions`` / ``call_count``; PcD and female seats are spread over the N calls by cumulative
   proportionality (or called first, where the norm says so); all other seats are ``ampla``.
3. ``lists``: who is in which list, who is out of all (eliminated; the heteroidentificação where the norm
   regulates it), the published specific lists.
4. ``filling``: the A best eligible candidates of the general list fill the ampla seats, whatever lists
   they are also in (concurrent competition); the rest, in general rank order, take a seat in the
   specific lists they belong to, choosing by the norm's precedence (``[simulation.precedence]``).
5. ``replacement``: a desisting/unfit candidate is skipped and the seat goes to the next of the same list.
6. ``reversion``: reserved seats left empty go to the ampla concorrência, filled by the next candidates
   of the general list in rank order.
7. ``report``: seats are called in order (the i-th seat of a list takes the i-th winner of that list);
   ``notices``: the warnings, with the norm's own (its ``simulation_warnings``); ``render``: text.

What differs between norms is data (``policy``: the ``[simulation]`` section of laws/<slug>/norma.toml)
or an exception its ``Rules`` declares; ``records`` holds the records, ``state`` one run's state.
"""

from calculator.simulator.interface import (
    API_FIELDS,
    _read_file,
    api_simular,
    cli_arguments,
    cli_run,
)
from calculator.simulator.policy import BASIS_KINDS
from calculator.simulator.render import render_text
from calculator.simulator.report import RESERVED_POSITIONS_LIMIT
from calculator.simulator.run import MAX_SIM_VACANCIES, simulate, simulate_norm
from calculator.simulator.schedule import seat_types

__all__ = ["API_FIELDS", "BASIS", "BASIS_KINDS", "MAX_SIM_VACANCIES", "RESERVED_POSITIONS_LIMIT",
           "_read_file",
           "api_simular", "cli_arguments", "cli_run", "render_text", "seat_types", "simulate",
           "simulate_norm"]


def __getattr__(name: str):
    # BASIS: every norm's [simulation.basis] (kind → provision ids without the prefix), for the site's
    # Metodologia and the tests; read from the registries on first use.
    if name == "BASIS":
        from calculator.core import NORMS
        from calculator.simulator.policy import of

        return {slug: dict(of(m.NORM).basis) for slug, m in NORMS.items()}
    raise AttributeError(f"module 'calculator.simulator' has no attribute {name!r}")
