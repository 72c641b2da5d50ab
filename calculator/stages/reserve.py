"""Stage 2, the reserve: how many seats the norm reserves for the vacancies given, with the readings the
count rests on (``reserva``).

The stage runs after applicability (calculator/stages/applicability.py) and only when it does not say "no";
its default rule is calculator/rules/default.py's ``reserved_seats``, and a norm's own rule is a declared
exception in its rules class (calculator/rules/ubatuba.py, calculator/rules/quissama.py).  The headline is the
one composer's (calculator/stages/headline.py).  Also here: what every answer says of its norm and
percentage, and the step of a stage that does not run.
"""

from __future__ import annotations

from fractions import Fraction

from calculator.answer import beside_number, collect_basis, identity, step
from calculator.arithmetic import HUNDRED
from calculator.ptbr import format_int, format_number, format_percent, fraction_str, reserved_phrase
from calculator.rules import rules_for
from calculator.stages.applicability import Applicability, applicability
from calculator.stages.headline import compose, other_model_count
from calculator.stages.inputs import checked_inputs, input_date, input_option, input_percent, input_vacancies


def percent_fields(p: Fraction) -> dict:
    return {"percent": fraction_str(p), "percent_display": format_percent(p)}


#: how the step of a stage that does not run begins (the edital and the simulation find it by it)
NOT_CALCULATED = "Como a norma não se aplica"


def not_calculated(app: Applicability, what: str) -> dict:
    """The step of a stage that does not run because the norm does not apply."""
    where = "a essa nomeação" if app.date_kind == "nomeacao" else "a esse edital"
    return step(f"{NOT_CALCULATED} {where}, {what}.", app.stop_basis())


def is_not_calculated(s: dict) -> bool:
    """Whether the step ``s`` is one :func:`not_calculated` wrote."""
    return s["text"].startswith(NOT_CALCULATED)


def count_text(res: dict, vacancies: int) -> str:
    """The reserve's count as every headline words it: the norm's own wording where the count rests on a
    reading (``headline_count``), else "2 vagas reservadas de 10"."""
    return res.get("headline_count") or f"{reserved_phrase(res['reserved'])} de {format_int(vacancies)}"


def reserve(norm: object, vacancies: object, percent: object = None, edital_date: object = None,
            scope: object = None) -> dict:
    """Reserved seats for ``vacancies`` vacancies under ``norm``: the applicability stage (norm, vínculo,
    date), then the reserve stage (the count with its readings), then the headline."""
    rules = rules_for(norm)
    n = input_vacancies(vacancies)
    p = input_percent(percent)
    d = input_date(edital_date)
    sc = input_option(scope, "vinculo", "vínculo")
    legal = checked_inputs(rules, n, p, sc)
    app = applicability(rules, d, sc)
    if app.stops:
        # the reserve stage does not run; under the other extension model it would, and the headline
        # says what it would give
        other = other_model_count(rules, app, n, p, sc)
        steps = app.steps + [not_calculated(app, "a reserva não é calculada: nenhuma vaga reservada")]
        warnings = list(app.premises)
        res = {"reserved": 0, "applies": False, "percent": legal, "exact": legal / HUNDRED * n, "basis": []}
        headline = compose(app, "", refusal="Nenhuma vaga reservada", other_answer=other)
        count = None
    else:
        res = rules.reserved_seats(n, p, sc)
        steps = app.steps + list(res["steps"])
        warnings = list(app.premises) + beside_number(res)
        # What the headline must say beside the bare count (a conflict, the other reading's number)
        count = count_text(res, n)
        notes = [res["headline_note"]] if res.get("headline_note") else []
        stage_reason = (res.get("reason") or "a reserva não se aplica") if not res["applies"] else None
        headline = compose(app, count, refusal="Nenhuma vaga reservada", notes=notes,
                           stage_reason=stage_reason)
    # `applies`: the applicability stage's verdict alone (validity, scope); whether these vacancies call for
    # a reserve at all (a norm's minimum of vacancies) is `reserve_required`
    applies = False if app.stops else app.applies
    required = bool(res["applies"]) and applies is not False
    return {
        **identity(rules),
        "vacancies": n,
        **percent_fields(res["percent"]),
        "command": "reserva",
        "exact": fraction_str(res["exact"]),
        "exact_display": format_number(res["exact"]),
        "reserved": res["reserved"] if required else 0,
        "applies": applies,
        "reserve_required": required,
        "headline": headline,
        # the count as the headline words it, with the readings it rests on (null: no reserve stage)
        "count_text": count if required else None,
        # the other reading's count, where the count rests on a reading (null: it does not)
        "alternative": res.get("alternative") if required else None,
        "scope": sc or rules.registry.default_scope,
        "edital_date": d.isoformat() if d else None,
        **app.window_fields(),
        "basis": collect_basis(res["basis"], steps, warnings),
        "warnings": warnings,
        "steps": [s for s in steps if s["text"]],
    }


