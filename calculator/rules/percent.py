"""The percentage a norm applies, by its registry's ``[percent] rule``, and the fewest vacancies with a
reserve."""

from __future__ import annotations

from fractions import Fraction

from calculator.errors import InputError
from calculator.norms.model import Registry
from calculator.ptbr import count_phrase, format_percent


def legal_percent(registry: Registry, vacancies: int | None, percent: Fraction | None) -> Fraction:
    """The percentage to apply, by the registry's ``[percent] rule``:

    "minimum": the parameter's value by default; an edital may reserve more, never less;
    "tiered": the parameter's value, or the reduced one up to ``reduced_up_to`` vacancies; a given
    percentage must be that one;
    "fixed": the parameter's value, always; a given percentage must be that one;
    "given": the user's percentage, required (the norm that sets it is not in the corpus)."""
    names = registry.percent_parameters
    refusal = registry.percent_refusal
    if registry.percent_rule == "minimum":
        minimum = registry.value(names["parameter"])
        if percent is None:
            return minimum
        if percent < minimum:
            raise InputError(refusal.format(minimum=format_percent(minimum), percent=format_percent(percent)),
                             "percentual")
        return percent
    if registry.percent_rule == "fixed":
        legal = registry.value(names["parameter"])
        if percent is not None and percent != legal:
            raise InputError(refusal.format(legal=format_percent(legal), percent=format_percent(percent)),
                             "percentual")
        return legal
    if registry.percent_rule == "tiered":
        small = vacancies <= registry.value(names["reduced_up_to_parameter"])
        legal = registry.value(names["reduced_parameter"] if small else names["parameter"])
        if percent is not None and percent != legal:
            raise InputError(refusal.format(legal=format_percent(legal), percent=format_percent(percent),
                                            vacancies=count_phrase(vacancies, "vaga", "vagas")), "percentual")
        return legal
    if percent is None:  # "given"
        raise InputError(refusal, "percentual")
    return percent


def minimum_vacancies(registry: Registry) -> int | None:
    """Fewest vacancies with a reserve (``minimum_vacancies_parameter``), or None when the norm has none."""
    name = registry.percent_parameters.get("minimum_vacancies_parameter")
    return None if name is None else registry.value(name)
