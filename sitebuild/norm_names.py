"""pt-BR names the pages give to places, the calculator's rules and its parameters."""

from __future__ import annotations

import re

from calculator.labels import display_label
from calculator.norms import path_of, registry_of


class _Places(dict):
    """slug → "Ubatuba/SP", read from the norm's registry (laws/<slug>/norma.toml) on first use."""

    def __missing__(self, slug: str) -> str:
        self[slug] = registry_of(slug).place
        return self[slug]

    def __contains__(self, slug: object) -> bool:
        return isinstance(slug, str) and path_of(slug).is_file()


PLACE = _Places()


def site_citation(norm, pid: str) -> str:
    """Citation of a provision for the ¶ permalinks; a note printed inside a provision (Quissamã's "(Prazo
    prorrogado…)") is named as the source's compilation note, never as a provision of the law."""
    if norm.get(pid).kind == "nota" and "_nota" in pid:
        return f"{norm.meta['title']}, {display_label(pid)}"
    return norm.citation(pid)


def rule_anchor(rule: str) -> str:
    return "regra-" + re.sub(r"[^a-z0-9]+", "-", rule.lower()).strip("-")


# Human pt-BR names for the calculator's rules (the Python name is shown beside, as code).
RULE_LABELS = {"reserved_seats": "vagas reservadas", "call_positions": "ordem de convocação",
               "concurso_reserved_seats": "vagas reservadas",
               "set_reserved_seats": "vagas reservadas num conjunto de postos",
               "legal_percent": "percentual da norma",
               "reserve_notes": "avisos da reserva", "headline_notes": "o que acompanha o número",
               "order_notes": "notas sobre a ordem de nomeação",
               "vacancies_gate": "mínimo de vagas para haver reserva",
               "reserved_count": "contagem da reserva, com o arredondamento da norma",
               "validity_on": "vigência", "simulate": "simulação de nomeações",
               # the simulator's rules (calculator/simulator/), each beside the provisions it implements
               "fill_ampla": "simulação: vagas de ampla concorrência (concorrência simultânea)",
               "fill_specific": "simulação: vagas das listas específicas",
               "revert_to_other_gender": "simulação: reversão entre gêneros",
               "lists_of": "simulação: listas de cada candidato",
               "in_racial": "simulação: opção pela reserva",
               "record_exclusions": "simulação: eliminados e excluídos",
               "hetero_result": "simulação: resultado da heteroidentificação",
               "publish": "simulação: listas publicadas",
               "choose": "simulação: precedência entre listas",
               "precedence_order": "simulação: ordem de precedência entre listas",
               "note_conflict": "simulação: quem é nomeado por uma lista sai das outras",
               "skip": "simulação: substituição de desistente ou inapto",
               "revert": "simulação: reversão das vagas sem candidatos"}
def rule_short(rule: str) -> str:
    """"calculator.rules.ubatuba.UbatubaRules.set_reserved_seats" →
    "rules.ubatuba.UbatubaRules.set_reserved_seats"."""
    return rule.removeprefix("calculator.")


def rule_label(rule: str) -> str:
    """"calculator.rules.ubatuba.UbatubaRules.set_reserved_seats" → "vagas reservadas (Ubatuba/SP)"."""
    parts = rule_short(rule).split(".")
    name = parts[-1]
    text = RULE_LABELS.get(name, name.replace("_", " "))
    norm = next((part for part in parts[:2] if part in PLACE), None)  # a norm's own module: rules.<slug>
    return f"{text} ({PLACE[norm]})" if norm else text


def param_label(slug: str, name: str) -> str:
    """A parameter's pt-BR name, as its registry labels it (the CLI's `parametros` prints the same)."""
    return registry_of(slug).params()[name].label
