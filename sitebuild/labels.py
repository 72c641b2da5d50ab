"""pt-BR names the pages give to places, the calculator's rules and its parameters."""

from __future__ import annotations

import re

from calculator import registry
from calculator.labels import display_label
from sitebuild.dates import br_date


class _Places(dict):
    """slug → "Ubatuba/SP", read from the norm's registry (laws/<slug>/norma.toml) on first use."""

    def __missing__(self, slug: str) -> str:
        self[slug] = registry.load(slug).place
        return self[slug]

    def __contains__(self, slug: object) -> bool:
        return isinstance(slug, str) and registry.path_of(slug).is_file()


PLACE = _Places()


def site_citation(norm, pid: str) -> str:
    """Citation of a provision for the ¶ permalinks; a note printed inside a provision (Quissamã's "(Prazo
    prorrogado…)") is named as the source's compilation note, never as a provision of the law."""
    if norm.get(pid).kind == "nota" and "_nota" in pid:
        return f"{norm.meta['title']}, {display_label(pid)}"
    return norm.citation(pid)


def rule_anchor(rule: str) -> str:
    return "regra-" + re.sub(r"[^a-z0-9]+", "-", rule.lower()).strip("-")


# Human pt-BR names for the calculator's rules and parameters (the Python name is shown beside, as code).
RULE_LABELS = {"reserved_seats": "vagas reservadas", "call_positions": "ordem de convocação",
               "validity": "vigência", "simulate": "simulação de nomeações",
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
PARAM_LABELS = {
    "beneficiarios": "Beneficiários", "percentual": "Percentual", "percentual_minimo": "Percentual mínimo",
    "percentual_ate_5_vagas": "Percentual com até 5 vagas", "vagas_minimas": "Número mínimo de vagas",
    "limite_vagas_percentual_reduzido": "Vagas até as quais vale o percentual reduzido",
    "arredondamento": "Arredondamento", "abrangencia": "Abrangência",
    "ordem_de_nomeacao": "Ordem de nomeação",
    "entrada_em_vigor": "Entrada em vigor", "prazo_de_vigencia_anos": "Prazo de vigência",
    "prorrogacao": "Prorrogação", "editais_anteriores_excluidos": "Editais publicados antes da lei",
}
VALUE_LABELS = {
    "meio_para_cima": "0,5 ou mais arredonda para cima; menos de 0,5, para baixo",
    "alternancia_e_proporcionalidade": "alternância e proporcionalidade",
    "quinta_de_cada_cinco": "a 5ª de cada 5 nomeações",
}


def rule_short(rule: str) -> str:
    """"calculator.ubatuba.reserved_seats" → "ubatuba.reserved_seats"."""
    return rule.removeprefix("calculator.")


def rule_label(rule: str) -> str:
    """"calculator.ubatuba.reserved_seats" → "vagas reservadas (Ubatuba/SP)"."""
    module, _, name = rule_short(rule).rpartition(".")
    text = RULE_LABELS.get(name, name.replace("_", " "))
    return f"{text} ({PLACE[module]})" if module in PLACE else text


def param_label(name: str) -> str:
    return PARAM_LABELS.get(name) or name.replace("_", " ").capitalize()


def param_value(name: str, value) -> str:
    """A parameter's value in pt-BR words (never a Python literal)."""
    if value is None:
        if name.startswith("percentual"):
            return "não fixado no corpus: informado pelo usuário"
        return "não fixado"
    if isinstance(value, bool):
        if name == "editais_anteriores_excluidos":
            return "excluídos (a reserva não se aplica)" if value else "incluídos"
        return "sim" if value else "não"
    if isinstance(value, (list, tuple)):
        return ", ".join(param_value(name, v) for v in value)
    if isinstance(value, int):
        if name.endswith("_anos"):
            return f"{value} anos"
        return f"{value} vagas" if "vagas" in name else str(value)
    text = str(value)
    if name.startswith("percentual") and re.fullmatch(r"\d+([.,]\d+)?", text):
        return text.replace(".", ",") + "%"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return br_date(text)
    if text in VALUE_LABELS:
        return VALUE_LABELS[text]
    return text.replace("_", " ")
