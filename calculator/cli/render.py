"""Readable pt-BR text for CLI results (basis shown as labels such as "art. 2º, § 3º")."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from calculator.answer import NO_BASIS
from calculator.labels import NORM_CITATION, short_labels
from calculator.ptbr import either, format_date, format_int, format_number, reserved_phrase
from calculator.rules.rounding import ROUNDING_NAMES

#: At most this many positions are written in text mode (JSON carries up to POSITIONS_LIMIT).
TEXT_POSITIONS = 60

#: Last line of every text answer of the CLI (not of --json).
DISCLAIMER = ("Não é orientação jurídica: a calculadora aplica o texto das normas do corpus, com as "
              "premissas e interpretações indicadas; confira o edital e, se preciso, procure a Defensoria "
              "Pública ou um advogado.")

#: warning kind → pt-BR name shown in text output
KIND_NAMES = {"conflito": "conflito", "interpretacao": "interpretação", "premissa": "premissa",
              "aviso": "aviso"}


def refs_label(refs: list[str], item: dict | None = None) -> str:
    """" [art. 2º, § 3º]" after a step or warning; " [sem base no corpus]" where it has none and does not say
    so itself."""
    if not refs and item is not None and item.get("basis_kind") == "sem_base_no_corpus":
        said = NO_BASIS in (item.get("text") or item.get("message") or "")
        return "" if said else f" [{NO_BASIS}]"
    return f" [{short_labels(refs)}]" if refs else ""


def _common_tail(result: dict) -> list[str]:
    lines = ["", "Passo a passo:"]
    for i, s in enumerate(result.get("steps", []), 1):
        lines.append(f"  {i}. {s['text']}{refs_label(s['basis'], s)}")
    if result.get("warnings"):
        lines += ["", "Avisos:"]
        for w in result["warnings"]:
            kind = KIND_NAMES.get(w.get("kind"), "aviso")
            lines.append(f"  - ({kind}) {w['message']}{refs_label(w['basis'], w)}")
    by_norm: dict[str, list[str]] = {}
    for ref in result.get("basis", []):
        by_norm.setdefault(ref.partition(":")[0], []).append(ref)
    lines += ["", "Base legal:"]
    for norm, refs in by_norm.items():
        lines.append(f"  {NORM_CITATION.get(norm, norm)}: {short_labels(refs)}")
    return lines


def render_reserve(r: dict) -> str:
    lines = [r["norm_title"], f"Vagas: {format_int(r['vacancies'])} · Percentual: {r['percent_display']}"]
    if r.get("edital_date"):
        # the date the answer is for: an edital's publication or, for a vínculo dated by it, a nomination
        when = "Nomeação" if r.get("date_kind") == "nomeacao" else "Edital"
        lines[-1] += f" · {when}: {format_date(date.fromisoformat(r['edital_date']))}"
    if r.get("headline"):
        lines.append(f"Resultado: {r['headline']}")
    elif r["applies"]:
        lines.append(f"Resultado: {reserved_phrase(r['reserved'])}.")
    else:
        lines.append("Resultado: a reserva não se aplica (nenhuma vaga reservada).")
    return "\n".join(lines + _common_tail(r))


def render_order(r: dict) -> str:
    lines = [r["norm_title"], f"Vagas: {format_int(r['vacancies'])} · Percentual: {r['percent_display']} · "
             f"Leitura: {r['reading']}"]
    lines.append(f"Resultado: {r['headline']}")
    if r["positions_total"]:
        lines.append(f"Vagas reservadas: {format_int(r['reserved'])}; chamadas entre as "
                     f"{format_int(r.get('nominations', r['vacancies']))} primeiras nomeações: "
                     f"{format_int(r['positions_total'])}.")
    if r.get("nominations", r["vacancies"]) != r["vacancies"]:
        lines.append(f"Nomeações além das vagas: {format_int(r['nominations'])} nomeações para "
                     f"{format_int(r['vacancies'])} vagas oferecidas (limiares e reserva: os das vagas).")
    return "\n".join(lines + _common_tail(r))


_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def _join_ptbr(items: list[str]) -> str:
    """["a", "b", "c"] → "a, b e c"; none: "—"."""
    return either([str(i) for i in items], "e") if items else "—"


def _date_ptbr(iso: str) -> str:
    m = _ISO_DATE.fullmatch(iso)
    return f"{m.group(3)}/{m.group(2)}/{m.group(1)}" if m else iso


def parameter_value(p: dict) -> str:
    """A parameter's JSON form (``parametros``: value, unit, value_label) as pt-BR text, by its unit: "20%",
    "3", "16/06/2014", "sim", a list joined, a rounding in words, a value's label."""
    value, unit = p["value"], p["unit"]
    if value is None:
        return "não fixado nesta norma (informe o do edital)"
    if p.get("value_label"):
        return p["value_label"]
    if unit == "percentual":
        return format_number(Fraction(value)) + "%"
    if unit in ("vagas", "anos"):
        return format_int(value)
    if unit == "sim_nao":
        return "sim" if value else "não"
    if unit == "lista":
        return _join_ptbr(value)
    if unit == "data":
        return _date_ptbr(value)
    if unit == "arredondamento":
        return ROUNDING_NAMES[value]
    return str(value)


def render_parameters(r: dict) -> str:
    lines = [r["norm_title"]] + ([r["headline"]] if r.get("headline") else []) + ["", "Parâmetros:"]
    for p in r["parameters"]:
        period = f"desde {_date_ptbr(p['start'])}" + (f" até {_date_ptbr(p['end'])}" if p["end"] else "")
        name = p["label"]
        shown = parameter_value(p)
        if p.get("interpretation"):
            shown += " (interpretação)"
        lines.append(f"  - {name}: {shown} "
                     f"({period}){refs_label(p['basis'], {'basis_kind': 'sem_base_no_corpus'})}")
        lines.append(f"      {p['note']}")
    if r.get("warnings"):
        lines += ["", "Avisos:"]
        for w in r["warnings"]:
            kind = KIND_NAMES.get(w.get("kind"), "aviso")
            lines.append(f"  - ({kind}) {w['message']}{refs_label(w['basis'], w)}")
    return "\n".join(lines)
