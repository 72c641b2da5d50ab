"""The edital's plain-text report (the CLI's output): the table of cargos, steps, warnings, basis."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from calculator.answer import collect_basis
from calculator.cli.render import KIND_NAMES, refs_label
from calculator.cli.terminal import visible
from calculator.labels import NORM_CITATION, short_labels
from calculator.limits import EDITAL_POSITIONS_EACH
from calculator.ptbr import count_phrase, format_int, reserved_phrase
from calculator.stages.headline import announced_note, below_depends, compare_announced

STATUS_NAMES = {"conforme": "conforme", "abaixo": "abaixo", "acima": "acima",
                "reserva_voluntaria": "reserva voluntária", "nao_se_aplica": "norma não se aplica",
                "conjunto": "só no conjunto", None: "—"}
#: the first positions of each cargo (what every cargo of an edital's answer lists, however large)
TEXT_POSITIONS = EDITAL_POSITIONS_EACH


def _positions_text(c: dict) -> str:
    if not c["positions_total"]:
        return "—"
    shown = ", ".join(f"{format_int(p)}ª" for p in c["positions"][:TEXT_POSITIONS])
    if c["positions_total"] > TEXT_POSITIONS:
        shown += f", … ({format_int(c['positions_total'])})"
    return shown



def _concerned(names: list[str] | None) -> str | None:
    """"3 cargos (A, B e C)" for a warning shared by some cargos; None when it concerns them all."""
    if not names:
        return None
    shown = ", ".join(names[:3]) + (f" e mais {format_int(len(names) - 3)}" if len(names) > 3 else "")
    return f"{count_phrase(len(names), 'cargo', 'cargos')} ({shown})"


def _shown_warning(w: dict) -> dict:
    """A warning as the terminal shows it: the cargo names come from the user's table, so their control and
    bidi characters (ESC, U+202E…) are made visible, as the simulator does with candidates' names."""
    return {**w, "message": visible(w["message"]),
            **({"cargos": [visible(n) for n in w["cargos"]]} if w.get("cargos") else {})}


def _shown_cargos(res: dict) -> Iterator[dict]:
    """Each cargo as the terminal shows it, made when read (an edital's cargos are never held as a list)."""
    for c in res["cargos"]:
        yield {**c, "cargo": visible(c["cargo"]), "warnings": [_shown_warning(w) for w in c["warnings"]]}


def _cells(c: dict) -> list[str]:
    status = STATUS_NAMES[c["status"]]
    if c["status"] == "abaixo":
        status += f" ({'falta' if c['missing'] == 1 else 'faltam'} {format_int(c['missing'])})"
    elif c["status"] == "acima":
        status += f" (+{format_int(c['excess'])})"
    if c.get("status_note"):
        status += " *"  # the status flips under the other reading of the count: said below the table
    vac = format_int(c["vacancies"])
    if c["nominations"] != c["vacancies"]:
        vac += f" ({format_int(c['nominations'])} nom.)"
    return [c["cargo"], vac, "—" if c["reserved"] is None else format_int(c["reserved"]),
            "—" if c["announced"] is None else format_int(c["announced"]), status, _positions_text(c)]


def render_text(res: dict) -> Iterator[str]:
    """The report, a line at a time (each ends in a newline but the last): the cargos are read three times
    (the columns' widths and the basis, the table, the warnings), each made when read, so a table of 100k
    cargos is written with the memory of one."""
    res = {**res, "warnings": [_shown_warning(w) for w in res["warnings"]]}
    t = res["totals"]
    yield f"Edital — {res['norm_title']}\n"
    info = [count_phrase(t["cargos"], "cargo", "cargos"), count_phrase(t["vacancies"], "vaga", "vagas")]
    if res.get("percent_display"):
        info.append(f"percentual {res['percent_display']}")
    if res.get("edital_date"):
        d = res["edital_date"]
        info.append(f"edital de {d[8:10]}/{d[5:7]}/{d[0:4]}")
    yield " · ".join(info) + "\n"
    yield res["headline"] + "\n"
    label = res.get("status_label", "Situação")
    # (where neither reading has a basis, the headline already compares the announced seats with both)
    if (t["announced"] is not None and (res.get("validity") or {}).get("applies") is not False
            and res.get("reading_lead") not in ("nenhuma", "conjunto")):
        yield (f"O edital anuncia {reserved_phrase(t['announced'])}: "
               f"{compare_announced(t['announced'], t['reserved'], t['reserved_aggregated'])}"
               f"{announced_note(t)}.\n")
    if t["status_counts"]["abaixo"]:
        where = "" if label == "Situação" else f", na {label[:1].lower()}{label[1:]}"
        if res.get("applies") is None:  # conditional, like the headline: on the edital's date
            where += ", se a norma se aplicar ao edital"
        yield (f"Cargos abaixo da reserva{where}: {format_int(t['status_counts']['abaixo'])} "
               f"({'falta' if t['missing'] == 1 else 'faltam'} "
               f"{count_phrase(t['missing'], 'vaga reservada', 'vagas reservadas')}){below_depends(t)}.\n")
    yield "\n"
    headers = ["Cargo", "Vagas", "Exigidas", "Anunciadas", label, "Nomeações pela reserva"]
    # never cut to the names' width
    widths = [len(h) for h in headers[:-1]]
    widths[0] = max(widths[0], len("Total (soma por cargo)"), len("Concurso como um todo"))
    cargo_basis: dict[str, None] = {}  # in the order first seen, as each cargo's basis is listed
    for c in _shown_cargos(res):  # first reading: the widths, and the basis the cargos add
        widths = [max(w, len(cell)) for w, cell in zip(widths, _cells(c), strict=False)]
        cargo_basis.update(dict.fromkeys(c["basis"]))
    widths = [min(40, w) for w in widths]
    right = {1, 2, 3}

    def fmt(row: list[str]) -> str:
        cells = []
        for i, cell in enumerate(row[:-1]):
            cell = cell if len(cell) <= widths[i] else cell[: widths[i] - 1] + "…"
            cells.append(cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]))
        return "  ".join(cells + [row[-1]]).rstrip() + "\n"

    rule = "  ".join("-" * w for w in widths) + "  " + "-" * len(headers[-1]) + "\n"
    yield fmt(headers)
    yield rule
    section = None
    for c in _shown_cargos(res):
        if c.get("section") and c["section"] != section:  # the edital's section heading, above its cargos
            section = c["section"]
            yield f"{visible(section)}\n"
        yield fmt(_cells(c))
    yield rule
    yield fmt(["Total (soma por cargo)", format_int(t["vacancies"]), format_int(t["reserved"]),
               "—" if t["announced"] is None else format_int(t["announced"]), "", ""])
    yield fmt(["Concurso como um todo", format_int(t["vacancies"]), format_int(t["reserved_aggregated"]),
               "", "", ""])
    if t.get("status_depends"):
        yield ("* A situação muda com a outra leitura da contagem (arredondamento ou mínimo da norma): "
               "veja o aviso do cargo.\n")
    yield "\nPasso a passo (concurso):\n"
    for i, s in enumerate(res["steps"], 1):
        yield f"  {i}. {s['text']}{refs_label(s['basis'], s)}\n"
    yield from _warning_lines(res)
    for ctx in res.get("context", []):
        yield f"\n{ctx['text']} Fonte: {ctx['source']}.\n"
    by_norm: dict[str, list[str]] = {}
    for ref in collect_basis(res["basis"], cargo_basis):
        by_norm.setdefault(ref.partition(":")[0], []).append(ref)
    yield "\nBase legal:"
    for slug, refs in by_norm.items():
        yield f"\n  {NORM_CITATION.get(slug, slug)}: {short_labels(refs)}"


def _warning_lines(res: dict) -> Iterator[str]:
    """The edital's warnings (a shared one names its cargos), then each cargo's own."""
    first = True
    edital_warned = ((_concerned(w.get("cargos")), w) for w in res["warnings"])
    cargo_warned = ((c["cargo"], w) for c in _shown_cargos(res) for w in c["warnings"])
    for cargo, w in itertools.chain(edital_warned, cargo_warned):
        if first:
            yield "\nAvisos:\n"
            first = False
        where = f"{cargo}: " if cargo else ""
        kind = KIND_NAMES.get(w["kind"], "aviso")
        yield f"  - ({kind}) {where}{w['message']}{refs_label(w['basis'], w)}\n"
