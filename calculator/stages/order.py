"""Stage 3, the order: which of the first nominations go to the reserved list (``ordem``).

It runs the reserve stage first (a call order places the reserved seats), after applicability, and only when
that does not say "no"; a vínculo whose minimum is over a set of posts has no call order and is refused with
the norm's reason (``ORDER_REFUSALS``).  The positions are the default rule's (calculator/rules/calls.py,
``call_positions``, over the registry's readings); what a norm says of them is its ``order_notes``.
Nominations beyond the vacancies continue the same order: calculator/stages/nominations.py.
"""

from __future__ import annotations

from calculator.answer import collect_basis, identity, step
from calculator.arithmetic import POSITIONS_LIMIT
from calculator.errors import InputError
from calculator.ptbr import count_phrase, format_int
from calculator.rules import rules_for
from calculator.rules.calls import call_positions
from calculator.rules.choices import reading_of
from calculator.stages.applicability import Applicability, applicability
from calculator.stages.headline import compose, other_model_count, positions_phrase, reading_notes
from calculator.stages.inputs import checked_inputs, input_date, input_option, input_percent, input_vacancies
from calculator.stages.reserve import count_text, not_calculated, percent_fields


def order_refusal(rules, sc: str | None) -> str | None:
    """Why the norm has no call order for the vínculo ``sc`` (a minimum over a set of posts, such as
    cargos em comissão: no list of approved candidates to call), or None."""
    if sc not in rules.registry.set_scopes:
        return None
    own = rules.ORDER_REFUSALS.get(sc)
    return own or (f"a norma não fixa ordem de convocação para {rules.registry.scopes[sc]}: o mínimo vale "
                   "para "
                   "um conjunto de postos, não para as nomeações de um concurso; use a reserva (comando "
                   "reserva)")


def shortened_step(res: dict) -> dict:
    """The step of a list of positions cut at the limit: the pattern it repeats."""
    return step(
        f"Lista abreviada: mostradas as {format_int(len(res['positions']))} primeiras de "
        f"{format_int(res['positions_total'])} posições; o padrão se repete a cada "
        f"{format_int(res['pattern']['period'])} nomeações "
        f"({count_phrase(res['pattern']['reserved_per_period'], 'reservada', 'reservadas')} "
        "por período).", [])


def order(norm: object, vacancies: object, percent: object = None, reading: object = None,
          scope: object = None, edital_date: object = None) -> dict:
    """Which of the first ``vacancies`` nominations go to the reserved list (see :func:`order_stages`)."""
    return order_stages(norm, vacancies, percent, reading, scope, edital_date)[0]


def order_stages(norm: object, vacancies: object, percent: object = None, reading: object = None,
                 scope: object = None, edital_date: object = None,
                 limit: int = POSITIONS_LIMIT) -> tuple[dict, Applicability]:
    """Which of the first ``vacancies`` nominations go to the reserved list: the applicability stage
    (norm, vínculo, date), then the reserve and the order stages, then the headline.

    ``positions`` lists at most ``limit`` (POSITIONS_LIMIT, 100,000; an edital spends one budget over its
    cargos) positions; ``positions_total`` is how many
    there are, ``positions_truncated`` says whether the list was cut, and ``pattern`` describes the
    period ({"period": b, "reserved_per_period": a, "first_period": [...] | None}).  A vínculo whose
    minimum is over a set of posts has no call order: refused, with the reason.
    """
    rules = rules_for(norm)
    n = input_vacancies(vacancies)
    p = input_percent(percent)
    rd = input_option(reading, "leitura", "leitura")
    sc = input_option(scope, "vinculo", "vínculo")
    d = input_date(edital_date)
    legal = checked_inputs(rules, n, p, sc)
    chosen = reading_of(rules.registry, rd).name
    refusal = order_refusal(rules, sc)
    if refusal is not None:
        raise InputError(refusal, "vinculo")
    app = applicability(rules, d, sc)
    lead = "Nenhuma nomeação pela lista reservada"
    if app.stops:
        other = other_model_count(rules, app, n, p, sc)
        res = {"positions": [], "positions_total": 0, "positions_truncated": False,
               "interpreted_positions": [], "pattern": None, "reserved": 0, "applies": False,
               "reading": chosen, "percent": legal, "basis": [], "warnings": [],
               "steps": [not_calculated(app, "a reserva e a ordem de nomeação não são calculadas: nenhuma "
                                              "nomeação vai para a lista reservada")]}
        headline = compose(app, "", refusal=lead, other_answer=other)
    else:
        res = call_positions(rules.registry, rules, n, p, rd, sc, limit)
        if res["positions_truncated"]:
            res["steps"] = list(res["steps"]) + [shortened_step(res)]
        if res["positions_total"]:
            answer = "nomeações pela lista reservada: " + positions_phrase(
                res["positions"], res["positions_total"], res.get("interpreted_positions", []))
        else:
            answer = f"nenhuma das {format_int(n)} nomeações vai para a lista reservada"
        if res["applies"] and not res.get("order_grounded", True):
            answer += " (ordem por leitura, sem base no corpus)"
        stage_reason = (res.get("reason") or "a reserva não se aplica") if not res["applies"] else None
        headline = compose(app, answer, refusal=lead, stage_reason=stage_reason,
                           notes=reading_notes(res.get("alternative"), count_text(res, n)))
    steps = app.steps + list(res["steps"])
    warnings = list(app.premises) + list(res["warnings"])
    applies = False if app.stops else app.applies  # validity and scope only, as `reserva`
    required = bool(res["applies"]) and applies is not False
    return ({
        **identity(rules),
        "vacancies": n,
        **percent_fields(res["percent"]),
        "command": "ordem",
        "positions": res["positions"],
        "positions_total": res["positions_total"],
        "positions_truncated": res["positions_truncated"],
        "interpreted_positions": res.get("interpreted_positions", []),
        "pattern": res["pattern"],
        "reserved": res["reserved"],
        # the reserve's count as `reserva` words it, and the other reading's, where the count rests on one
        "count_text": count_text(res, n) if required else None,
        "alternative": res.get("alternative") if required else None,
        "applies": applies,
        "reserve_required": required,
        "headline": headline,
        "reading": res["reading"],
        "reading_description": rules.readings[res["reading"]],
        "scope": sc or rules.registry.default_scope,
        "edital_date": d.isoformat() if d else None,
        **app.window_fields(),
        "basis": collect_basis(res["basis"], steps, warnings),
        "warnings": warnings,
        "steps": [s for s in steps if s["text"]],
    }), app


