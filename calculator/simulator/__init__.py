"""Nomination simulator: from a published classification list to who is called to which seat.

Input: the classification list (CSV bytes, read by :mod:`calculator.csv.candidates`), the norm, the number
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
7. ``result``: seats are called in order (the i-th seat of a list takes the i-th winner of that list);
   ``notices``: the warnings, with the norm's own (its ``simulation_warnings``); the text is the CLI's
   (calculator/cli/simulation_text.py).

What differs between norms is data (``policy``: the ``[simulation]`` section of laws/<slug>/norma.toml)
or an exception its ``Rules`` declares; ``records`` holds the records, ``state`` one run's state.
"""

from calculator.csv.text import request_bytes, too_large
from calculator.simulator import policy
from calculator.simulator.options import flag
from calculator.simulator.policy import BASIS_KINDS
from calculator.simulator.result import RESERVED_POSITIONS_LIMIT
from calculator.simulator.run import MAX_SIM_VACANCIES, simulate, simulate_norm
from calculator.simulator.schedule import seat_types
from calculator.stages.inputs import check_fields

__all__ = ["API_FIELDS", "BASIS", "BASIS_KINDS", "MAX_SIM_VACANCIES", "RESERVED_POSITIONS_LIMIT",
           "api_simular", "policy",
           "seat_types", "simulate", "simulate_norm"]

#: The fields of a `simular` request (api.handle).
API_FIELDS = ("norma", "vagas", "percentual", "leitura", "vinculo", "vagas_pcd", "vagas_femininas",
              "precedencia", "precedencia_feminina", "substituicao", "equidade_genero", "preenchimento",
              "data_edital", "csv", "csv_base64")


def api_simular(req: dict, data: bytes | None = None) -> dict:
    """api.handle runner.  The classification list comes as ``csv`` (text, as the browser reads the
    file; encoded back as UTF-8) or ``csv_base64`` (the file's bytes, base64: the page sends a loaded
    file so).  The CLI passes the file's bytes as ``data`` (no base64 round trip: one copy less of a
    large file); everything else is the same path."""
    check_fields(req, API_FIELDS, ("norma", "vagas"))
    if data is None:
        data = request_bytes(req, too_large, "a lista", "o texto do arquivo",
                             "cole ou envie a lista de classificação (arquivo CSV)")
    return simulate(req["norma"], req["vagas"], data, percent=req.get("percentual"),
                    reading=req.get("leitura"),
                    scope=req.get("vinculo"), pcd_seats=req.get("vagas_pcd"),
                    female_seats=req.get("vagas_femininas"), precedence=req.get("precedencia"),
                    replacement=req.get("substituicao"),
                    gender_equity=flag(req.get("equidade_genero"), "equidade_genero"),
                    fill=req.get("preenchimento"), female_precedence=req.get("precedencia_feminina"),
                    edital_date=req.get("data_edital"))


def __getattr__(name: str):
    # BASIS: every norm's [simulation.basis] (kind → provision ids without the prefix), for the site's
    # Metodologia and the tests; read from the registries on first use.
    if name == "BASIS":
        from calculator.rules import NORMS
        from calculator.simulator.policy import of

        return {slug: dict(of(m.registry).basis) for slug, m in NORMS.items()}
    raise AttributeError(f"module 'calculator.simulator' has no attribute {name!r}")
