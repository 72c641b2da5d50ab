"""The public computations: reserve() and order() for any norm, as JSON-ready dicts.

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

from calculator import discovery, registry
from calculator.errors import InputError
from calculator.options import either
from calculator.params import parameters_table
from calculator.rules import (
    collect_basis,
    count_phrase,
    format_date,
    format_int,
    format_number,
    format_percent,
    fraction_str,
    parse_date,
    parse_percent,
    parse_vacancies,
    reserved_phrase,
    sentence,
    step,
    warning,
)
from calculator.standard import StandardRules


def rules_of(slug: str) -> ModuleType | StandardRules:
    """A norm's rules: its hook module when the registry names one, else the common pattern."""
    norm = registry.load(slug)
    return importlib.import_module(norm.hooks) if norm.hooks else StandardRules(norm)


class _Norms(Mapping):
    """slug → the norm's rules, for every norm discovery found, read on first use: importing the package
    reads no folder, and a folder that does not load leaves only itself out (discovery.problems)."""

    def __init__(self):
        self._rules: dict[str, ModuleType | StandardRules] = {}

    def __getitem__(self, slug: str) -> ModuleType | StandardRules:
        if slug not in self._rules:
            if slug not in discovery.discover():
                raise KeyError(slug)
            self._rules[slug] = rules_of(slug)
        return self._rules[slug]

    def __contains__(self, slug: object) -> bool:
        return slug in discovery.discover()

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


def _date(value: object) -> date | None:
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


def reserve(norm: object, vacancies: object, percent: object = None, edital_date: object = None,
            scope: object = None) -> dict:
    """Reserved seats for ``vacancies`` vacancies under ``norm`` (and validity if ``edital_date``)."""
    module = get_norm(norm)
    n = _vacancies(vacancies)
    p = _percent(percent)
    d = _date(edital_date)
    sc = _option(scope, "vinculo", "vínculo")
    res = module.reserved_seats(n, p, sc)
    steps = list(res["steps"])
    warnings = list(res["warnings"])
    applies = res["applies"]
    reserved = res["reserved"]
    validity = None
    window = module.validity_window()
    reason = res.get("reason")
    # What the headline must say beside the bare count (a conflict, the other reading's number): the
    # count as the norm words it, a note after it, and what validity adds (the other extension model).
    count = res.get("headline_count")
    notes = [res["headline_note"]] if res.get("headline_note") else []
    if d is None:
        warnings.append(warning(
            "vigencia_nao_verificada", "premissa",
            f"Data de publicação do edital não informada: a norma só se aplica a edital {window['text']}. "
            "O cálculo supõe que o edital está nesse período; informe a data para verificar.",
            window["basis"]))
    else:
        v = module.validity(d)
        validity = {"applies": v["applies"], "in_force_from": v["in_force_from"], "last_day": v["last_day"],
                    "edital_date": d.isoformat()}
        if "decree_in_force" in v:  # a regulating norm: its own procedures vs. the regulated law's reserve
            validity["decree_in_force"] = v["decree_in_force"]
        steps = [step(f"Edital publicado em {format_date(d)}.", [])] + v["steps"] + steps
        warnings = v["warnings"] + warnings
        if v["applies"] is False and applies:
            applies = False
            reason = v["reason"]
            would = (f"seria {count_phrase(reserved, 'vaga', 'vagas')}" if reserved == 1
                     else f"seriam {count_phrase(reserved, 'vaga', 'vagas')}")
            steps.append(step(f"Como a norma não se aplica a esse edital, não há reserva (pelo cálculo, "
                              f"{would}).", v["steps"][-1]["basis"]))
            reserved = 0
            if v.get("other_model") and v["other_model"]["applies"]:
                # the model adopted says no; the other one says yes: the headline gives both outcomes
                other = count_phrase(res["reserved"], "vaga", "vagas") if res["reserved"] else "nenhuma vaga"
                reason = sentence(reason) + " " + v["other_model"]["text"].format(count=other)
                notes = []
        elif v["applies"] is None and applies:
            # the corpus cannot tell: `reserved` stays the count the norm would give if it applies
            applies = None
            reason = v["reason"]
        if applies and v.get("other_model") and v["other_model"]["applies"] is False:
            count = ((count or f"{reserved_phrase(reserved)} de {format_int(n)}") + ", "
                     + v["other_model"]["text"])
    headline = reserve_headline(reserved, n, applies, reason, window if d is None else None, count, notes)
    return {
        **_common(module, n),
        **_percent_fields(res["percent"]),
        "command": "reserva",
        "exact": fraction_str(res["exact"]),
        "exact_display": format_number(res["exact"]),
        "reserved": reserved,
        "applies": applies,
        "headline": headline,
        "scope": sc or module.DEFAULT_SCOPE,
        "edital_date": d.isoformat() if d else None,
        "validity": validity,
        "validity_window": window if d is None else None,
        "basis": collect_basis(res["basis"], steps, warnings),
        "warnings": warnings,
        "steps": [s for s in steps if s["text"]],
    }


def reserve_headline(reserved: int, vacancies: int, applies: bool | None, reason: str | None,
                     window: dict | None, count: str | None = None, notes: list[str] | tuple = ()) -> str:
    """The one pt-BR answer to `reserva` — the same on the CLI, in the tables and on the page.

    ``applies`` True: the count (conditional on the norm's validity window when no edital date was
    given); False: why not; None: the corpus cannot tell, and the count if the norm applies.
    ``count`` replaces the bare "N vagas reservadas de M" when the norm must say more right beside it
    (a conflict); ``notes`` are sentences after it (the other reading's or the other model's outcome)."""
    count = count or f"{reserved_phrase(reserved)} de {format_int(vacancies)}"
    tail = "".join(" " + sentence(capitalise(note)) for note in notes)
    if applies is None:
        return sentence(capitalise(reason or "não é possível determinar com o corpus se a reserva se aplica")
                        + f"; se se aplicar: {count}") + tail
    if applies is False:
        return sentence("Nenhuma vaga reservada: " + (reason or "a reserva não se aplica"))
    if window is not None:
        return sentence(capitalise(count) + f", se o edital foi {window['short']}") + tail
    return sentence(capitalise(count)) + tail


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def order(norm: object, vacancies: object, percent: object = None, reading: object = None,
          scope: object = None) -> dict:
    """Which of the first ``vacancies`` nominations go to the reserved list.

    ``positions`` lists at most ``POSITIONS_LIMIT`` (100,000) positions; ``positions_total`` is how many
    there are, ``positions_truncated`` says whether the list was cut, and ``pattern`` describes the
    period ({"period": b, "reserved_per_period": a, "first_period": [...] | None}).
    """
    module = get_norm(norm)
    n = _vacancies(vacancies)
    p = _percent(percent)
    rd = _option(reading, "leitura", "leitura")
    sc = _option(scope, "vinculo", "vínculo")
    res = module.call_positions(n, p, rd, sc)
    steps = list(res["steps"])
    if res["positions_truncated"]:
        steps.append(step(
            f"Lista abreviada: mostradas as {format_int(len(res['positions']))} primeiras de "
            f"{format_int(res['positions_total'])} posições; o padrão se repete a cada "
            f"{format_int(res['pattern']['period'])} nomeações "
            f"({count_phrase(res['pattern']['reserved_per_period'], 'reservada', 'reservadas')} "
            "por período).", []))
    return {
        **_common(module, n),
        **_percent_fields(res["percent"]),
        "command": "ordem",
        "positions": res["positions"],
        "positions_total": res["positions_total"],
        "positions_truncated": res["positions_truncated"],
        "interpreted_positions": res.get("interpreted_positions", []),
        "pattern": res["pattern"],
        "reserved": res["reserved"],
        "applies": res["applies"],
        "reading": res["reading"],
        "reading_description": module.READINGS[res["reading"]],
        "scope": sc or module.DEFAULT_SCOPE,
        "basis": collect_basis(res["basis"], steps, res["warnings"]),
        "warnings": res["warnings"],
        "steps": [s for s in steps if s["text"]],
    }


def parameters(norm: object) -> dict:
    """A norm's parameters (value, basis, period, note), JSON-ready."""
    module = get_norm(norm)
    table = parameters_table(module.PARAMS)
    norm_warnings = getattr(module, "norm_warnings", list)()
    return {"norm": module.SLUG, "norm_title": module.TITLE, "parameters": table,
            "basis": collect_basis(table, norm_warnings), "warnings": norm_warnings, "steps": []}
