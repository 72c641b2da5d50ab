"""The public computations: reserve() and order() for any norm, as JSON-ready dicts.

Each is the same pipeline of stages (calculator/README.md, "As etapas de uma resposta"): the input checks,
applicability (calculator/applicability.py), the reserve and the order (the norm's rules:
calculator/standard.py or its hook module, over calculator/engine.py), then the headline
(calculator/headline.py).  A stage after applicability does not run when it says the norm does not apply.

Inputs may be given as typed by the user (strings) or as Python values (int, Fraction, date);
bad input raises :class:`calculator.errors.InputError` with a pt-BR message.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from types import ModuleType

from calculator import discovery, engine, registry
from calculator.applicability import Applicability, applicability
from calculator.errors import InputError
from calculator.headline import compose, other_model_count, positions_phrase
from calculator.options import either
from calculator.params import parameters_table
from calculator.rules import (
    HUNDRED,
    collect_basis,
    count_phrase,
    format_int,
    format_number,
    format_percent,
    fraction_str,
    parse_date,
    parse_percent,
    parse_vacancies,
    reserved_phrase,
    step,
)
from calculator.standard import StandardRules


def rules_of(slug: str) -> ModuleType | StandardRules:
    """A norm's rules: its hook module when the registry names one, else the common pattern."""
    norm = registry.load(slug)
    return importlib.import_module(norm.hooks) if norm.hooks else StandardRules(norm)


class _Norms(Mapping):
    """slug → the norm's rules, for every norm discovery found, read on first use: importing the package
    reads no folder, asking for one norm reads only its registry (discovery.available), and a folder that
    does not load leaves only itself out (discovery.problems)."""

    def __init__(self):
        self._rules: dict[str, ModuleType | StandardRules] = {}

    def __getitem__(self, slug: str) -> ModuleType | StandardRules:
        if slug not in self._rules:
            if not discovery.available(slug):
                raise KeyError(slug)
            self._rules[slug] = rules_of(slug)
        return self._rules[slug]

    def __contains__(self, slug: object) -> bool:
        return discovery.available(slug)

    def __iter__(self):
        return iter(discovery.discover())

    def __len__(self) -> int:
        return len(discovery.discover())


#: slug → the norm's rules (each has NORM, SLUG, TITLE, CITATION, PARAMS, SCOPES, READINGS,
#: DEFAULT_READING, reserved_seats, call_count, call_positions, validity), for every registry file found
#: (laws/*/norma.toml, in the registries' list_order).
NORMS: Mapping[str, ModuleType | StandardRules] = _Norms()


def get_norm(norm: object) -> ModuleType | StandardRules:
    """A norm's rules for a slug typed by the user (case- and accent-insensitive: "Quissamã" accepted)."""
    if not isinstance(norm, str) or not norm.strip():
        raise InputError(f"informe a norma: {_choices()}", "norma")
    key = "".join(c for c in unicodedata.normalize("NFKD", norm.strip().lower())
                  if not unicodedata.combining(c))
    if key not in NORMS:
        if (problem := discovery.problem(key)) is not None:
            raise InputError(f"a norma {key!r} não pôde ser carregada: {problem}", "norma")
        shown = " ".join(norm.split())
        shown = "".join(ch if ch.isprintable() else "?" for ch in shown)
        if len(shown) > 40:
            shown = shown[:39] + "…"
        raise InputError(f"norma desconhecida: {shown!r} (use {_choices()})", "norma")
    return NORMS[key]


def _choices() -> str:
    """"ubatuba, quissama ou lins": the norms, in the order of NORMS."""
    return either(list(NORMS))


def _vacancies(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return parse_vacancies(value)


def _percent(value: object) -> Fraction | None:
    if isinstance(value, Fraction):
        return _bounded(value)
    return parse_percent(value)


def _bounded(value: Fraction) -> Fraction:
    if value <= 0:
        raise InputError("o percentual deve ser maior que zero", "percentual")
    if value > 100:
        raise InputError("o percentual não pode passar de 100%", "percentual")
    return value


def input_date(value: object) -> date | None:
    """The date of a request as typed (AAAA-MM-DD) or a ``date``; None when not given."""
    if isinstance(value, date):
        return value
    return parse_date(value)


def _option(value: object, field: str, what: str) -> str | None:
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None
    if not isinstance(value, str):
        raise InputError(f"valor inválido para {what}: {value!r}", field)
    return value.strip().lower()


def _common(module: ModuleType, vacancies: int) -> dict:
    return {
        "norm": module.SLUG,
        "norm_title": module.TITLE,
        "norm_citation": module.CITATION,
        "vacancies": vacancies,
    }


def _percent_fields(p: Fraction) -> dict:
    return {"percent": fraction_str(p), "percent_display": format_percent(p)}


def _inputs(module, n: int, p: Fraction | None, sc: str | None) -> Fraction:
    """The input checks every stage relies on (the vínculo and the percentage, in the norm's words), run
    before applicability so that bad input is refused whatever the date."""
    engine.scope(module.NORM, sc)
    return engine.legal_percent(module.NORM, n, p)


def _not_calculated(app: Applicability, what: str) -> dict:
    """The step of a stage that does not run because the norm does not apply."""
    where = "a essa nomeação" if app.date_kind == "nomeacao" else "a esse edital"
    return step(f"Como a norma não se aplica {where}, {what}.", app.stop_basis())


def beside_number(res: dict) -> list[dict]:
    """The reserve stage's warnings; where the headline carries a reading that changes the count (its
    ``headline_count`` or ``headline_note``), the interpretations are marked "beside": the page shows
    them beside the number, not folded."""
    if not (res.get("headline_count") or res.get("headline_note")):
        return list(res["warnings"])
    return [{**w, "beside": True} if w["kind"] == "interpretacao" else w for w in res["warnings"]]


def reserve(norm: object, vacancies: object, percent: object = None, edital_date: object = None,
            scope: object = None) -> dict:
    """Reserved seats for ``vacancies`` vacancies under ``norm``: the applicability stage (norm, vínculo,
    date), then the reserve stage (the count with its readings), then the headline."""
    module = get_norm(norm)
    n = _vacancies(vacancies)
    p = _percent(percent)
    d = input_date(edital_date)
    sc = _option(scope, "vinculo", "vínculo")
    legal = _inputs(module, n, p, sc)
    app = applicability(module, d, sc)
    if app.stops:
        # the reserve stage does not run; under the other extension model it would, and the headline
        # says what it would give
        other = other_model_count(module, app, n, p, sc)
        steps = app.steps + [_not_calculated(app, "a reserva não é calculada: nenhuma vaga reservada")]
        warnings = list(app.premises)
        res = {"reserved": 0, "applies": False, "percent": legal, "exact": legal / HUNDRED * n, "basis": []}
        headline = compose(app, "", refusal="Nenhuma vaga reservada", other_answer=other)
        count = None
    else:
        res = module.reserved_seats(n, p, sc)
        steps = app.steps + list(res["steps"])
        warnings = list(app.premises) + beside_number(res)
        # What the headline must say beside the bare count (a conflict, the other reading's number)
        count = res.get("headline_count") or f"{reserved_phrase(res['reserved'])} de {format_int(n)}"
        notes = [res["headline_note"]] if res.get("headline_note") else []
        stage_reason = (res.get("reason") or "a reserva não se aplica") if not res["applies"] else None
        headline = compose(app, count, refusal="Nenhuma vaga reservada", notes=notes,
                           stage_reason=stage_reason)
    applies = False if not res["applies"] else app.applies
    return {
        **_common(module, n),
        **_percent_fields(res["percent"]),
        "command": "reserva",
        "exact": fraction_str(res["exact"]),
        "exact_display": format_number(res["exact"]),
        "reserved": res["reserved"] if applies is not False else 0,
        "applies": applies,
        "headline": headline,
        # the count as the headline words it, with the readings it rests on (null: no reserve stage)
        "count_text": count if applies is not False else None,
        "scope": sc or module.DEFAULT_SCOPE,
        "edital_date": d.isoformat() if d else None,
        **app.window_fields(),
        "basis": collect_basis(res["basis"], steps, warnings),
        "warnings": warnings,
        "steps": [s for s in steps if s["text"]],
    }


def order_refusal(module, sc: str | None) -> str | None:
    """Why the norm has no call order for the vínculo ``sc`` (a minimum over a set of posts, such as
    cargos em comissão: no list of approved candidates to call), or None."""
    if sc not in module.NORM.set_scopes:
        return None
    own = (getattr(module, "ORDER_REFUSALS", None) or {}).get(sc)
    return own or (f"a norma não fixa ordem de convocação para {module.NORM.scopes[sc]}: o mínimo vale para "
                   "um conjunto de postos, não para as nomeações de um concurso; use a reserva (comando "
                   "reserva)")


def order(norm: object, vacancies: object, percent: object = None, reading: object = None,
          scope: object = None, edital_date: object = None) -> dict:
    """Which of the first ``vacancies`` nominations go to the reserved list (see :func:`order_stages`)."""
    return order_stages(norm, vacancies, percent, reading, scope, edital_date)[0]


def order_stages(norm: object, vacancies: object, percent: object = None, reading: object = None,
                 scope: object = None, edital_date: object = None) -> tuple[dict, Applicability]:
    """Which of the first ``vacancies`` nominations go to the reserved list: the applicability stage
    (norm, vínculo, date), then the reserve and the order stages, then the headline.

    ``positions`` lists at most ``POSITIONS_LIMIT`` (100,000) positions; ``positions_total`` is how many
    there are, ``positions_truncated`` says whether the list was cut, and ``pattern`` describes the
    period ({"period": b, "reserved_per_period": a, "first_period": [...] | None}).  A vínculo whose
    minimum is over a set of posts has no call order: refused, with the reason.
    """
    module = get_norm(norm)
    n = _vacancies(vacancies)
    p = _percent(percent)
    rd = _option(reading, "leitura", "leitura")
    sc = _option(scope, "vinculo", "vínculo")
    d = input_date(edital_date)
    legal = _inputs(module, n, p, sc)
    chosen = engine.reading(module.NORM, rd).name
    refusal = order_refusal(module, sc)
    if refusal is not None:
        raise InputError(refusal, "vinculo")
    app = applicability(module, d, sc)
    lead = "Nenhuma nomeação pela lista reservada"
    if app.stops:
        other = other_model_count(module, app, n, p, sc)
        res = {"positions": [], "positions_total": 0, "positions_truncated": False,
               "interpreted_positions": [], "pattern": None, "reserved": 0, "applies": False,
               "reading": chosen, "percent": legal, "basis": [], "warnings": [],
               "steps": [_not_calculated(app, "a reserva e a ordem de nomeação não são calculadas: nenhuma "
                                              "nomeação vai para a lista reservada")]}
        headline = compose(app, "", refusal=lead, other_answer=other)
    else:
        res = module.call_positions(n, p, rd, sc)
        if res["positions_truncated"]:
            res["steps"] = list(res["steps"]) + [step(
                f"Lista abreviada: mostradas as {format_int(len(res['positions']))} primeiras de "
                f"{format_int(res['positions_total'])} posições; o padrão se repete a cada "
                f"{format_int(res['pattern']['period'])} nomeações "
                f"({count_phrase(res['pattern']['reserved_per_period'], 'reservada', 'reservadas')} "
                "por período).", [])]
        if res["positions_total"]:
            answer = "nomeações pela lista reservada: " + positions_phrase(
                res["positions"], res["positions_total"], res.get("interpreted_positions", []))
        else:
            answer = f"nenhuma das {format_int(n)} nomeações vai para a lista reservada"
        if res["applies"] and not res.get("order_grounded", True):
            answer += " (ordem por leitura, sem base no corpus)"
        stage_reason = (res.get("reason") or "a reserva não se aplica") if not res["applies"] else None
        headline = compose(app, answer, refusal=lead, stage_reason=stage_reason)
    steps = app.steps + list(res["steps"])
    warnings = list(app.premises) + list(res["warnings"])
    applies = False if not res["applies"] else app.applies
    return ({
        **_common(module, n),
        **_percent_fields(res["percent"]),
        "command": "ordem",
        "positions": res["positions"],
        "positions_total": res["positions_total"],
        "positions_truncated": res["positions_truncated"],
        "interpreted_positions": res.get("interpreted_positions", []),
        "pattern": res["pattern"],
        "reserved": res["reserved"],
        "applies": applies,
        "headline": headline,
        "reading": res["reading"],
        "reading_description": module.READINGS[res["reading"]],
        "scope": sc or module.DEFAULT_SCOPE,
        "edital_date": d.isoformat() if d else None,
        **app.window_fields(),
        "basis": collect_basis(res["basis"], steps, warnings),
        "warnings": warnings,
        "steps": [s for s in steps if s["text"]],
    }), app


def parameters(norm: object) -> dict:
    """A norm's parameters (value, basis, period, note), JSON-ready."""
    module = get_norm(norm)
    table = parameters_table(module.PARAMS)
    norm_warnings = getattr(module, "norm_warnings", list)()
    # like every answer, it starts from applicability: with no edital, the window the values hold for
    app = applicability(module, None)
    article = "O" if module.CITATION.startswith("Decreto") else "A"
    headline = (f"Parâmetros d{article.lower()} {module.CITATION}, que só se aplica a edital "
                f"{app.window['short']}.")
    return {"norm": module.SLUG, "norm_title": module.TITLE, "parameters": table, "applies": app.applies,
            "headline": headline, "validity_window": app.window,
            "basis": collect_basis(table, norm_warnings), "warnings": norm_warnings, "steps": []}
