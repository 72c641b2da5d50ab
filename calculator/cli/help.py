"""The CLI's help texts about the norms, written from the registries (so a new norm shows up in them
without an edit here): which norms there are, the percentage each takes, the vínculos and the readings."""

from __future__ import annotations

from calculator import norms
from calculator.norms.model import Registry
from calculator.ptbr import either, format_number


def _city(norm: Registry) -> str:
    return norm.place.split("/")[0]


def _norms() -> list[Registry]:
    return [norms.registry_of(slug) for slug in norms.discover()]


def norm_help() -> str:
    """"ubatuba, quissama ou lins"."""
    return either(list(norms.discover()))


def percent_help() -> str:
    """"Ubatuba: ≥ 20, padrão 20; Quissamã: fixado em lei; Lins: obrigatório"."""
    parts = []
    for norm in _norms():
        if norm.percent_rule == "minimum":
            minimum = format_number(norm.value(norm.percent_parameters["parameter"]))
            parts.append(f"{_city(norm)}: ≥ {minimum}, padrão {minimum}")
        elif norm.percent_rule == "fixed":
            fixed = format_number(norm.value(norm.percent_parameters["parameter"]))
            parts.append(f"{_city(norm)}: fixado em lei ({fixed})")
        elif norm.percent_rule == "tiered":
            parts.append(f"{_city(norm)}: fixado em lei")
        else:
            parts.append(f"{_city(norm)}: obrigatório")
    return "; ".join(parts)


def scope_help() -> str:
    """"efetivo (padrão), emprego, comissao ou estagio (comissao e estagio só em Ubatuba)"."""
    norms = _norms()
    names = list(dict.fromkeys(name for norm in norms for name in norm.scopes))
    shown = [name + (" (padrão)" if all(n.default_scope == name for n in norms) else "") for name in names]
    only = {}
    for name in names:
        having = [_city(n) for n in norms if name in n.scopes]
        if len(having) < len(norms):
            only.setdefault(either(having, "e"), []).append(name)
    notes = "; ".join(f"{either(scopes, 'e')} só em {where}" for where, scopes in only.items())
    return either(shown) + (f" ({notes})" if notes else "")


def reading_help() -> str:
    """"proporcional (padrão em Ubatuba e Lins) ou quinta (padrão em Quissamã; só quinta em Quissamã)"."""
    norms = _norms()
    names = list(dict.fromkeys(name for norm in norms for name in norm.readings))
    shown = []
    for name in names:
        default = [_city(n) for n in norms if n.default_reading == name]
        shown.append(name + (f" (padrão em {either(default, 'e')})" if default else ""))
    single = [f"{_city(n)}: só {next(iter(n.readings))}" for n in norms if len(n.readings) == 1]
    return either(shown) + (f"; {'; '.join(single)}" if single else "")


def places_help() -> str:
    """"Ubatuba, Quissamã, Lins"."""
    return ", ".join(_city(n) for n in _norms())
