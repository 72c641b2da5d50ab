"""The simulation as readable pt-BR text (the CLI without --json)."""

from __future__ import annotations

from calculator.answer import NO_BASIS
from calculator.cli.render import KIND_NAMES
from calculator.cli.terminal import visible
from calculator.csv import candidates
from calculator.labels import NORM_CITATION, short_labels
from calculator.ptbr import count_phrase, format_int
from calculator.simulator.records import AMPLA, FEM, PCD, RESERVA


def input_line(res: dict) -> str:
    """How the file was read: what decided the ranking (and how the scores were read), ignored columns."""
    info = res.get("input", {})
    if info.get("ranked_by") == "nota":
        text = (f"Ordem: pela coluna nota, da maior para a menor; "
                f"{candidates.SCORE_FORMATS.get(info.get('score_format'), '')}; empates na ordem das linhas.")
    else:
        text = "Ordem: pela coluna classificacao."
    if info.get("ignored_columns"):
        text += " Colunas ignoradas: " + ", ".join(f"“{c}”" for c in info["ignored_columns"]) + "."
    return text


def render_text(res: dict) -> str:
    """Readable pt-BR table for the CLI.  Values from the file (inscrições, names) go through
    terminal.visible: a control or bidi character in a name is shown, never obeyed."""
    lines = []
    lines.append(f"Simulação de nomeações — {res.get('norm_title') or res['norm']} — "
                 f"{count_phrase(res['vacancies'], 'vaga', 'vagas')}"
                 + (f", reserva de {res['percent_display']}"
                    if res.get("percent_display") and res.get("applies") is not False else ""))
    if res.get("headline"):
        lines.append(f"Resultado: {res['headline']}")
    seats = res["seats"]
    lines.append(f"Vagas: {format_int(seats[AMPLA])} de ampla concorrência, {format_int(seats[RESERVA])} "
                 f"{'reservada' if seats[RESERVA] == 1 else 'reservadas'}, {format_int(seats[PCD])} PcD, "
                 f"{count_phrase(seats[FEM], 'feminina', 'femininas')}. "
                 f"Candidatos no arquivo: {format_int(res['input']['candidates'])}.")
    lines.append(visible(input_line(res)))
    lines.append("")
    noms = [{**n, "candidate": visible(n["candidate"]), "name": visible(n["name"])}
            for n in res["nominations"]]
    w_insc = max([len("Inscrição")] + [len(n["candidate"]) for n in noms])
    w_name = min(30, max([len("Nome")] + [len(n["name"]) for n in noms]))
    lines.append(f"{'Vaga':>5}  {'Inscrição':<{w_insc}}  {'Nome':<{w_name}}  {'Class.':>6}  {'Lista':<8}  "
                 "Base legal")
    for n in noms:
        lines.append(f"{n['seat']:>5}  {n['candidate']:<{w_insc}}  {n['name'][:w_name]:<{w_name}}  "
                     f"{n['rank']:>6}  {n['list']:<8}  {short_labels(n['basis']) or NO_BASIS}")
        lines.append(f"{'':>5}  ↳ {n['reason']}")
    for u in res["unfilled_seats"]:
        if u["count"] == 1:
            lines.append(f"{u['seat']:>5}  (vaga não preenchida: {u['reason']})")
        else:
            lines.append(f"{'':>5}  (vagas {format_int(u['from'])} a {format_int(u['to'])} — "
                         f"{format_int(u['count'])} — não preenchidas: {u['reason']})")
    if res["excluded"]:
        lines.append("")
        lines.append("Desistentes, inaptos, eliminados e excluídos:")
        for e in res["excluded"]:
            rep = f" → substituído por {e['replaced_by']}" if e.get("replaced_by") else ""
            lines.append(f"  - {e['candidate']}: {e['reason']}{rep} [{short_labels(e['basis']) or NO_BASIS}]")
    if res["moved"]:
        lines.append("")
        lines.append("Candidatos que mudaram de lista:")
        for m in res["moved"]:
            lines.append(f"  - {m['candidate']}: {m['reason']} [{short_labels(m['basis']) or NO_BASIS}]")
    if res["reverted_seats"]:
        lines.append("")
        lines.append("Vagas revertidas:")
        for r in res["reverted_seats"]:
            seat = f"vaga {r['seat']}" if r.get("seat") else r.get("candidate", "")
            lines.append(f"  - {seat}: {r['reason']} [{short_labels(r['basis']) or NO_BASIS}]")
    if res["warnings"]:
        lines.append("")
        lines.append("Avisos:")
        for w in res["warnings"]:
            kind = KIND_NAMES.get(w.get("kind"), "aviso")
            refs = short_labels(w["basis"])
            if not refs and w.get("basis_kind") == "sem_base_no_corpus" and NO_BASIS not in w["message"]:
                refs = NO_BASIS
            lines.append(f"  - ({kind}) {w['message']}" + (f" [{refs}]" if refs else ""))
    by_norm: dict[str, list[str]] = {}
    for ref in res.get("basis", []):
        by_norm.setdefault(ref.partition(":")[0], []).append(ref)
    if by_norm:
        lines += ["", "Base legal:"]
        for slug, refs in by_norm.items():
            lines.append(f"  {NORM_CITATION.get(slug, slug)}: {short_labels(refs)}")
    # every other line may carry an inscrição or a name too (excluded, moved, warnings)
    return "\n".join(visible(line) for line in lines)
