"""Readable pt-BR text for CLI results (basis shown as labels such as "art. 2º, § 3º")."""

from __future__ import annotations

from calculator.labels import NORM_CITATION, short_labels
from calculator.rules import format_int

#: At most this many positions are written in text mode (JSON carries up to POSITIONS_LIMIT).
TEXT_POSITIONS = 60

_KIND = {"conflito": "conflito", "interpretacao": "interpretação", "premissa": "premissa", "aviso": "aviso"}


def _refs(refs: list[str]) -> str:
    return f" [{short_labels(refs)}]" if refs else ""


def _common_tail(result: dict) -> list[str]:
    lines = ["", "Passo a passo:"]
    for i, s in enumerate(result.get("steps", []), 1):
        lines.append(f"  {i}. {s['text']}{_refs(s['basis'])}")
    if result.get("warnings"):
        lines += ["", "Avisos:"]
        for w in result["warnings"]:
            lines.append(f"  - ({_KIND.get(w.get('kind'), 'aviso')}) {w['message']}{_refs(w['basis'])}")
    by_norm: dict[str, list[str]] = {}
    for ref in result.get("basis", []):
        by_norm.setdefault(ref.partition(":")[0], []).append(ref)
    lines += ["", "Base legal:"]
    for norm, refs in by_norm.items():
        lines.append(f"  {NORM_CITATION.get(norm, norm)}: {short_labels(refs)}")
    return lines


def _ordinal_list(positions: list[int]) -> str:
    return ", ".join(f"{format_int(p)}ª" for p in positions)


def render_reserve(r: dict) -> str:
    lines = [r["norm_title"], f"Vagas: {format_int(r['vacancies'])} · Percentual: {r['percent_display']}"]
    if r.get("edital_date"):
        lines[-1] += f" · Edital: {r['edital_date']}"
    if r["applies"]:
        lines.append(f"Resultado: {format_int(r['reserved'])} vaga(s) reservada(s).")
    else:
        lines.append("Resultado: a reserva não se aplica (0 vaga reservada).")
    return "\n".join(lines + _common_tail(r))


def render_order(r: dict) -> str:
    lines = [r["norm_title"], f"Vagas: {format_int(r['vacancies'])} · Percentual: {r['percent_display']} · "
             f"Leitura: {r['reading']}"]
    if not r["positions_total"]:
        lines.append("Resultado: nenhuma das nomeações vai para a lista reservada.")
    else:
        shown = _ordinal_list(r["positions"][:TEXT_POSITIONS])
        if r["positions_truncated"] or len(r["positions"]) > TEXT_POSITIONS:
            shown += f", … ({format_int(r['positions_total'])} no total)"
        lines.append(f"Resultado: nomeações pela lista reservada: {shown}.")
        lines.append(f"Vagas reservadas: {format_int(r['reserved'])}; chamadas entre as "
                     f"{format_int(r['vacancies'])} primeiras nomeações: {format_int(r['positions_total'])}.")
    return "\n".join(lines + _common_tail(r))


def render_parameters(r: dict) -> str:
    lines = [r["norm_title"], "", "Parâmetros:"]
    for p in r["parameters"]:
        period = f"desde {p['start']}" + (f" até {p['end']}" if p["end"] else "")
        lines.append(f"  - {p['name']} = {p['value']} ({period}){_refs(p['basis'])}")
        lines.append(f"      {p['note']}")
    return "\n".join(lines)
