"""The norms and the input checks every stage starts from: ``NORMS`` (slug → the norm's rules, built on first
use), ``get_norm`` for a slug as typed, the checks of vacancies, percentage, dates and options, and
``parameters`` (a norm's dated values).  The stages themselves are calculator/stages/ (calculator/README.md,
"As etapas de uma resposta").

Inputs may be given as typed by the user (strings) or as Python values (int, Fraction, date);
bad input raises :class:`calculator.errors.InputError` with a pt-BR message.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Mapping
from datetime import date
from fractions import Fraction

from calculator import discovery, engine, registry
from calculator.errors import InputError
from calculator.options import either
from calculator.params import parameters_table
from calculator.rules import (
    collect_basis,
    parse_date,
    parse_percent,
    parse_vacancies,
)
from calculator.stages.applicability import applicability
from calculator.standard import StandardRules


def rules_of(slug: str) -> StandardRules:
    """A norm's rules: the common pattern over its registry, or, when the registry names a hooks module,
    that module's ``Rules``, which declares the norm's exceptions to it (imported only now: asking for one
    norm imports no other norm's rules)."""
    norm = registry.load(slug)
    return importlib.import_module(norm.hooks).Rules(norm) if norm.hooks else StandardRules(norm)


class _Norms(Mapping):
    """slug → the norm's rules, for every norm discovery found, read on first use: importing the package
    reads no folder, asking for one norm reads only its registry (discovery.available), and a folder that
    does not load leaves only itself out (discovery.problems)."""

    def __init__(self):
        self._rules: dict[str, StandardRules] = {}

    def __getitem__(self, slug: str) -> StandardRules:
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
NORMS: Mapping[str, StandardRules] = _Norms()


def get_norm(norm: object) -> StandardRules:
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


def input_vacancies(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return parse_vacancies(value)


def input_percent(value: object) -> Fraction | None:
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


def input_option(value: object, field: str, what: str) -> str | None:
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None
    if not isinstance(value, str):
        raise InputError(f"valor inválido para {what}: {value!r}", field)
    return value.strip().lower()


def checked_inputs(module, n: int, p: Fraction | None, sc: str | None) -> Fraction:
    """The input checks every stage relies on (the vínculo and the percentage, in the norm's words), run
    before applicability so that bad input is refused whatever the date."""
    engine.scope(module.NORM, sc)
    return engine.legal_percent(module.NORM, n, p)


def parameters(norm: object) -> dict:
    """A norm's parameters (value, basis, period, note), JSON-ready."""
    module = get_norm(norm)
    table = parameters_table(module.PARAMS)
    norm_warnings = module.norm_warnings()
    # like every answer, it starts from applicability: with no edital, the window the values hold for
    app = applicability(module, None)
    article = "O" if module.CITATION.startswith("Decreto") else "A"
    headline = (f"Parâmetros d{article.lower()} {module.CITATION}, que só se aplica a edital "
                f"{app.window['short']}.")
    return {"norm": module.SLUG, "norm_title": module.TITLE, "parameters": table, "applies": app.applies,
            "headline": headline, "validity_window": app.window,
            "basis": collect_basis(table, norm_warnings), "warnings": norm_warnings, "steps": []}
