"""The common pattern's part of a registry (calculator/standard.py applies it): what a reserve and a call
order cite and warn besides [percent] and [readings], the rounding modes, and the wording of the common
steps with the parameters a message may name."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Protocol

from calculator.params import Parameter
from calculator.registry_checks import RegistryError, _need, _refs

#: How a count is rounded (the ``rounding_parameter`` of [percent]): the value the registry writes.
ROUNDINGS = ("meio_para_cima", "para_cima", "para_baixo")


@dataclass(frozen=True)
class Common:
    """What the common pattern (calculator/standard.py) reads besides [percent] and [readings]."""

    list_order: int | None
    norm_warnings: tuple[str, ...]  # catalogue keys that hold whatever the input (`parametros`)
    reserve_warnings: tuple[str, ...]  # catalogue keys given with every reserve
    order_warnings: tuple[str, ...]  # catalogue keys given with every call order ({reading}, {other}…)
    whole_basis: tuple[str, ...]  # the provision applied when P% of N is a whole number (no rounding)
    reserve_basis: tuple[str, ...]  # the provisions every reserve answer cites first ([reserve] basis)
    beyond_basis: tuple[str, ...]  # provisions on nominations beyond the vacancies ([order] beyond_basis)
    #: [edital]: what the text says of counting per cargo and for the concurso read as one — reading →
    #: (basis, text); an empty basis means the corpus has none for that reading
    edital_readings: dict[str, tuple[tuple[str, ...], str]]
    shortfall_basis: tuple[str, ...]  # provisions that fix a cargo's count (the basis of a "falta")
    per_cargo_notes: frozenset[str]  # warning codes that only make sense per cargo (dropped for the concurso)
    messages: dict[str, str]  # [reserve.messages]: the norm's wording of the common steps (standard.MESSAGES)


def _common(data: dict, slug: str, catalogue: dict, parameters: dict, path: Path) -> Common:
    def keys(raw: object, where: str) -> tuple[str, ...]:
        if not isinstance(raw, list) or not all(isinstance(k, str) for k in raw):
            raise RegistryError(f"{path}: {where} deve ser uma lista de chaves de [warnings]")
        for key in raw:
            if key not in catalogue:
                raise RegistryError(f"{path}: {where}: {key!r} não está em [warnings]")
        return tuple(raw)

    name = data["percent"]["rounding_parameter"]  # required by the schema
    value = parameters[name][0].value if len(parameters[name]) == 1 else None
    if value not in ROUNDINGS:
        raise RegistryError(f"{path}: o parâmetro {name!r} (percent.rounding_parameter) deve valer um "
                            f"de {ROUNDINGS}")
    reserve = data.get("reserve", {})
    ed = data.get("edital", {})
    readings = {}
    for name in ("cargo", "concurso"):
        raw = ed.get(name)
        if raw is None:
            readings[name] = ((), _SILENT[name])
        else:
            readings[name] = (_refs(slug, raw.get("basis", []), f"edital.{name}.basis", path),
                              _need(raw, "text", str, f"edital.{name}.", path))
    return Common(list_order=data.get("list_order"),
                  norm_warnings=keys(data.get("norm_warnings", []), "norm_warnings"),
                  reserve_warnings=keys(reserve.get("warnings", []), "reserve.warnings"),
                  order_warnings=keys(data.get("order", {}).get("warnings", []), "order.warnings"),
                  whole_basis=_refs(slug, reserve.get("whole_basis", []), "reserve.whole_basis", path),
                  reserve_basis=_refs(slug, reserve.get("basis", []), "reserve.basis", path),
                  beyond_basis=_refs(slug, data.get("order", {}).get("beyond_basis", []),
                                     "order.beyond_basis", path),
                  edital_readings=readings, messages=_messages(reserve),
                  shortfall_basis=_refs(slug, ed.get("shortfall_basis", []), "edital.shortfall_basis", path),
                  per_cargo_notes=frozenset(catalogue[k].code for k in
                                            keys(ed.get("per_cargo_notes", []), "edital.per_cargo_notes")))


#: What [edital] says when the registry has no entry for a reading: the corpus is silent.
_SILENT = {"cargo": "a norma não diz se a reserva se conta por cargo ou pelo concurso (sem base no corpus)",
           "concurso": "idem (sem base no corpus)"}


#: The generic wording of the common steps (calculator/standard.py); a registry may give its own in
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


def _messages(reserve: dict) -> dict[str, str]:
    # the keys and their type are the schema's (calculator/registry_schema.py), checked before this runs
    return dict(reserve.get("messages", {}))


class _Parametrised(Protocol):
    """A registry's Norm, as far as its messages need it (calculator/registry.py imports this module)."""

    parameters: dict[str, tuple[Parameter, ...]]


def parameter_placeholders(norm: _Parametrised) -> dict[str, str]:
    """{name}: a single-valued parameter's value as a message shows it ("20%", "3", "10"), so that a
    message names the registry's fact instead of repeating it."""
    from calculator.rules import format_int, format_percent

    out = {}
    for name, values in norm.parameters.items():
        if len(values) != 1:
            continue
        value = values[0].value
        if isinstance(value, Fraction):
            out[name] = format_percent(value) if name.startswith("percentual") else str(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            out[name] = format_int(value)
    return out
