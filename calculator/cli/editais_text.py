"""The text of several editais (``cotas edital a.csv b.csv …``): each edital's report, exactly the one it
gets alone, then the comparison across them (calculator/edital/across.py)."""

from __future__ import annotations

from collections.abc import Iterator

from calculator.cli.edital_text import render_text
from calculator.cli.render import KIND_NAMES, refs_label
from calculator.cli.terminal import visible
from calculator.labels import NORM_CITATION, short_labels
from calculator.ptbr import count_phrase, either, format_int


def render_edital(res: dict) -> Iterator[str]:
    """One edital's report, or several editais' and their comparison."""
    return _last_unended(render_several(res)) if "editais" in res else render_text(res)


def _last_unended(lines: Iterator[str]) -> Iterator[str]:
    """The lines, the last without its newline (the CLI adds the disclaimer after a blank line)."""
    previous = None
    for line in lines:
        if previous is not None:
            yield previous
        previous = line
    if previous is not None:
        yield previous.rstrip("\n")


def render_several(res: dict) -> Iterator[str]:
    """Each edital under its file's name, then the comparison, a line at a time."""
    n = len(res["editais"])
    for i, e in enumerate(res["editais"], 1):
        yield f"=== Edital {i} de {n}: {visible(e['name'])} ===\n"
        yield from render_text(e["result"])
        yield "\n\n"
    yield "=== Comparação entre editais ===\n"
    yield visible(res["headline"]) + "\n"
    yield from _groups(res["comparison"]["groups"])
    yield from _cargos(res["comparison"]["cargos"])
    if res["warnings"]:
        yield "\nAvisos:\n"
    for w in res["warnings"]:
        kind = KIND_NAMES.get(w["kind"], "aviso")
        yield f"  - ({kind}) {visible(w['message'])}{refs_label(w['basis'], w)}\n"
    for ctx in res["context"]:
        yield f"\n{ctx['text']} Fonte: {ctx['source']}.\n"
    yield from _basis(res["basis"])


def _names(names: list[str]) -> str:
    return either([visible(name) for name in names], "e")


def _groups(groups: list[dict]) -> Iterator[str]:
    """Which editais were compared together (same norm, percentage, vínculo and period), and which not."""
    yield "\nComparados entre si (mesma norma, percentual, vínculo e período):\n"
    for g in groups:
        if len(g["editais"]) > 1:
            yield f"  - {_names(g['editais'])}\n"
    alone = [g["editais"][0] for g in groups if len(g["editais"]) == 1]
    if alone:
        yield f"Sem outro edital da mesma norma e período: {_names(alone)}.\n"


def _cargos(cargos: list[dict]) -> Iterator[str]:
    """Each cargo offered in two or more of the editais compared: its counts alone and together."""
    if not cargos:
        return
    yield "\nCargos em mais de um edital (vagas → reserva):\n"
    for c in cargos:
        alone = "; ".join(f"{visible(f['name'])}: {format_int(f['vacancies'])} → {format_int(f['reserved'])}"
                          for f in c["editais"])
        mark = " — fracionamento entre editais" if c["fragmented"] else ""
        yield (f"  - {visible(c['cargo'])}: {alone}; somados: "
               f"{count_phrase(c['vacancies'], 'vaga', 'vagas')} → {format_int(c['reserved_together'])} "
               f"(separados: {format_int(c['reserved_separately'])}){mark}\n")


def _basis(refs: list[str]) -> Iterator[str]:
    """The provisions the comparison cites (each edital's are in its own report)."""
    if not refs:
        return
    by_norm: dict[str, list[str]] = {}
    for ref in refs:
        by_norm.setdefault(ref.partition(":")[0], []).append(ref)
    yield "\nBase legal (comparação):"
    for slug, group in by_norm.items():
        yield f"\n  {NORM_CITATION.get(slug, slug)}: {short_labels(group)}"
