"""The whole edital: many cargos, the reserve each one requires, whether the edital complies, and the
reserve of the concurso read as one.

Generic over the norms: each cargo's answer is exactly `reserva` (calculator.stages.reserve) and `ordem`
(calculator.stages.order, or calculator.stages.nominations beyond the vacancies) for the same inputs; what
differs between norms is only data — which reading of "per cargo" vs "the concurso" each text supports (the
registry's ``[edital]``) and what kind of percentage the norm sets (its ``[percent] rule``).

One module a concept: ``compute`` (the question and each distinct cargo's answer), ``shared`` (what the
cargos share, said once), ``answers`` (each cargo's status and line), ``totals`` (what is said of the whole
edital), ``readings`` (the two readings of the text), ``meaning`` (what a lone vagas column counts). The
table of cargos is read by calculator/csv/cargos.py; the headline is the one composer's
(calculator/stages/headline.py).
"""

from __future__ import annotations

from fractions import Fraction

from calculator.answer import collect_basis, identity
from calculator.csv.cargos import CargoRow, CargoTable, read_cargos
from calculator.csv.text import request_bytes, table_too_large
from calculator.edital.answers import CargoAnswers, cargo_answers, statuses
from calculator.edital.compute import CargoCache, Question, question
from calculator.edital.readings import STATUS_LABELS, reading_lead
from calculator.edital.shared import shared
from calculator.edital.totals import edital_steps, edital_warnings, set_basis, totals
from calculator.rules import rules_for
from calculator.stages.headline import edital_headline, other_model_count
from calculator.stages.inputs import check_fields

__all__ = ["API_FIELDS", "CargoAnswers", "api_edital", "edital"]

#: The fields of an `edital` request (api.handle).
API_FIELDS = ("norma", "percentual", "data_edital", "vinculo", "leitura", "nomeacoes", "vagas_sao", "csv",
              "csv_base64")


def edital(norm: object, cargos: CargoTable | list[CargoRow], percent: object = None,
           edital_date: object = None, scope: object = None, nominations: object = None,
           reading: object = None, lazy: bool = False) -> dict:
    """Reserve, call order and compliance for every cargo of an edital, and the totals.  ``cargos``: the
    table as calculator/csv/cargos.py read it (its layout and its own warnings are said), or a list of rows.
    ``lazy``: the cargos' answers as a :class:`CargoAnswers`, each made when read (the CLI writes a table
    of 100k cargos so, without holding 100k dicts), instead of a list."""
    q = question(norm, cargos, percent, edital_date, scope, nominations, reading)
    cache = CargoCache(q)
    cache.fill()
    said_once = shared(cache)
    st = statuses(cache, said_once)
    rows = cargo_answers(cache, st)
    steps = edital_steps(q, said_once, st)
    warnings, context = edital_warnings(cache, said_once, st)
    result = {
        "command": "edital", **identity(q.rules), **_percent_and_validity(q),
        "cargos": rows if lazy else list(rows), "totals": totals(q, st, warnings),
        "aggregated": _aggregated(q),
        "basis": collect_basis(steps, warnings, *(v[2] for v in st.by_key.values()), q.aggregated["basis"]),
        "warnings": warnings, "context": context, "steps": steps,
    }
    if q.table is not None:
        from calculator.edital.meaning import other_meaning

        note = other_meaning(norm, q.table, result, percent, edital_date, scope)
        result["warnings"][:0] = q.table.warnings + ([note] if note else [])
    result["headline"] = edital_headline(result, q.app)
    return result


def _percent_and_validity(q: Question) -> dict:
    agg, app, lead = q.aggregated, q.app, reading_lead(q.rules.registry)
    fixed = q.kind == "fixo"
    return {
        "percent": None if fixed else agg["percent"],
        "percent_display": None if fixed else agg["percent_display"],
        "percent_kind": q.kind, "scope": agg["scope"], "set_scope": q.set_scope,
        "edital_date": agg["edital_date"], "date_kind": app.date_kind, "validity": agg["validity"],
        "validity_window": None if app.dated else app.window,
        "applies": agg["applies"] if q.total else (False if app.stops else None),
        "validity_reason": q.validity_reason,
        "reading_lead": "conjunto" if q.set_scope else lead,
        "status_label": "Situação" if q.set_scope else STATUS_LABELS[lead],
    }


def _aggregated(q: Question) -> dict:
    """The concurso read as one."""
    agg, total = q.aggregated, q.total
    return {"vacancies": total, "reserved": q.reserved_aggregated,
            "percent": agg["percent"] if total else None, "exact": agg["exact"] if total else "0",
            "percent_display": agg["percent_display"] if total else None,
            "exact_display": agg["exact_display"] if total else "0",
            "basis_readings": (set_basis(q) if q.set_scope
                               else list(q.rules.registry.edital_readings["concurso"][0])),
            "steps": agg["steps"] if total else [], "basis": agg["basis"],
            "count_text": agg["count_text"] if total else None,
            "other_model_count": other_model_count(q.rules, q.app, max(total, 1), Fraction(agg["percent"]),
                                                   agg["scope"])}


def api_edital(req: dict, data: bytes | None = None) -> dict:
    """api.handle runner for "edital".  The CLI passes the file's bytes as ``data`` (no base64 round trip:
    one copy less of a large file); everything else is the same path.  A request with ``editais`` asks for
    several editais at once (calculator/edital/several.py)."""
    if data is None and "editais" in req:
        from calculator.edital.several import api_several

        return api_several(req)
    check_fields(req, API_FIELDS, ("norma",))
    rules_for(req["norma"])
    from_cli = data is not None  # the CLI writes the cargos as they are made (calculator/cli/jsonstream.py)
    if data is None:
        data = request_bytes(req, table_too_large, "a tabela", "o texto da tabela",
                             "campo obrigatório ausente: csv (a tabela de cargos)")
    cargos = read_cargos(data, req.get("vagas_sao"))
    return edital(req["norma"], cargos, req.get("percentual"), req.get("data_edital"), req.get("vinculo"),
                  req.get("nomeacoes"), req.get("leitura"), lazy=from_cli)
