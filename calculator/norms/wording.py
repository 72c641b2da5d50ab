"""The wording of the common steps (calculator/rules/default.py writes them): the generic messages, the
placeholders each may use, and the parameters a registry message may name by ``{name}``. A registry may
give its own wording in ``[reserve.messages]`` (same keys, same placeholders)."""

from __future__ import annotations

import re
from typing import Protocol

from calculator.ptbr import format_int, format_percent

#: The generic wording of the common steps (calculator/rules/default.py); a registry may give its own in
#: [reserve.messages] (same keys, same placeholders, and the parameters by name).
MESSAGES = {
    "percent": "Percentual: {percent}, o mínimo fixado pela norma.",
    "percent_given": "Percentual: {percent}, informado pelo edital (a norma fixa o mínimo de {minimum}).",
    "percent_fixed": "Percentual: {percent}, fixado pela norma.",
    "percent_reduced": "Vagas oferecidas: {vacancies} (até {limit}): percentual de {percent}.",
    "percent_full": "Vagas oferecidas: {vacancies} (mais de {limit}): percentual de {percent}.",
    "percent_user": "Percentual: {percent}, informado (sem base no corpus: a norma não o fixa).",
    "vacancies_below": "Vagas oferecidas: {vacancies}, menos de {minimum_vacancies}: não há reserva.",
    "vacancies_reason": "a reserva só existe com {minimum_vacancies} vagas ou mais ({basis})",
    "vacancies_enough": "Vagas oferecidas: {vacancies} ({minimum_vacancies} ou mais): atingem o mínimo de "
                        "{minimum_vacancies} vagas para haver reserva.",
    "below_minimum_headline": "{reserved} de {vacancies} ({share}: abaixo do mínimo de {minimum}; veja o "
                              "conflito)",
    "interpreted_rounding_headline": "{reserved} de {vacancies}, com arredondamento por interpretação (a "
                                     "norma não trata disso)",
    "order": "Ordem de nomeação ({reading}): {description}",
    "order_no_basis": "Ordem de nomeação ({reading}, interpretação; sem base no corpus: a norma não a "
                      "define): {description}",
}

#: The placeholders each message may use (besides the parameters' names): laws/check/registry.py checks them.
MESSAGE_VALUES = {
    "percent": ("percent", "minimum"), "percent_given": ("percent", "minimum"),
    "percent_fixed": ("percent",),
    "percent_reduced": ("vacancies", "limit", "percent"), "percent_full": ("vacancies", "limit", "percent"),
    "percent_user": ("percent",), "vacancies_below": ("vacancies", "minimum_vacancies"),
    "vacancies_reason": ("minimum_vacancies", "basis"),
    "vacancies_enough": ("vacancies", "minimum_vacancies"),
    "below_minimum_headline": ("reserved", "vacancies", "share", "minimum"),
    "interpreted_rounding_headline": ("reserved", "vacancies", "percent"),
    "order": ("reading", "description"), "order_no_basis": ("reading", "description"),
}


class _Parametrised(Protocol):
    """A registry, as far as its messages need it."""

    parameters: dict


#: The units whose value a message may name by {parameter}, and how it is shown ("20%", "3", "10").
_SHOWN = {"percentual": format_percent, "vagas": format_int, "anos": format_int}


def parameter_placeholders(registry: _Parametrised) -> dict[str, str]:
    """{name}: a single-valued parameter's value as a message shows it ("20%", "3", "10"), by its unit, so
    that a message names the registry's fact instead of repeating it."""
    return values_shown(registry.parameters)


def values_shown(parameters: dict) -> dict[str, str]:
    """name → the value as a message shows it, for each single-valued parameter with a value of a unit a
    message may name (see parameter_placeholders)."""
    out = {}
    for name, values in parameters.items():
        if len(values) == 1 and values[0].value is not None and values[0].unit in _SHOWN:
            out[name] = _SHOWN[values[0].unit](values[0].value)
    return out


_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def filled(text: str, values: dict[str, str]) -> str:
    """``text`` with each {name} of ``values`` replaced (any other brace left as written: a registry's prose
    is data, not a format string)."""
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def unknown_placeholders(text: str, values: dict[str, str]) -> list[str]:
    """The {names} of ``text`` that ``values`` does not have (a misspelt parameter, in the reader's way)."""
    return [m.group(1) for m in _PLACEHOLDER.finditer(text) if m.group(1) not in values]
