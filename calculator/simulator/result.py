"""The report: seats called in order (the i-th seat of a list takes the i-th winner of that list), the
published lists, the steps, and the answer as a JSON-ready dict."""

from __future__ import annotations

from calculator.answer import collect_basis, identity, step
from calculator.csv import candidates
from calculator.ptbr import count_phrase, format_int, format_percent, fraction_str, ordinal_list
from calculator.simulator.notices import final_warnings
from calculator.simulator.records import (
    AMPLA,
    FEM,
    LISTS,
    PCD,
    RESERVA,
    SPECIFIC,
    Nomination,
    Reversion,
    add_unfilled,
)
from calculator.simulator.replacement import link_replacements
from calculator.simulator.state import Run

#: At most this many reserved call positions are listed in ``reserved_positions`` (the total is in
#: ``reserved_positions_total``; each nomination and unfilled range carries its seat type anyway).
RESERVED_POSITIONS_LIMIT = 1000


def call_seats(run: Run) -> tuple[list[Nomination], list]:
    """Walk the seats 1..N: each takes the next winner of its list, or of the ampla concorrência when its
    list's seat was converted or reverted; seats no one fills are merged into ranges."""
    nominations: list[Nomination] = []
    unfilled: list = []
    iters = {lst: iter(run.winners[lst]) for lst in run.winners}
    ordinal = {lst: 0 for lst in SPECIFIC}
    filled = {lst: len(run.winners[lst]) for lst in SPECIFIC}
    for seat, typ in enumerate(run.types, start=1):
        via = typ
        seat_note = None
        revert = None
        converted = False
        if typ != AMPLA:
            k = ordinal[typ]
            ordinal[typ] += 1
            if typ == RESERVA and k in run.converted:
                via = AMPLA
                converted = True
                seat_note = run.policy.option_value("substituicao", "geral", "seat_note").format(
                    candidate=run.converted[k])
            elif filled[typ] > 0:
                filled[typ] -= 1
            else:
                via = AMPLA
                short = run.shortfalls[typ]
                revert = Reversion(seat, typ, AMPLA, short.why + "; a vaga é revertida para a ampla "
                                   "concorrência, na ordem de classificação", short.basis)
                seat_note = (f"esta vaga, de {run.names[typ]}, foi revertida para a ampla "
                             "concorrência e segue a ordem da classificação geral")
        entry = next(iters[via], None)
        if entry is None:
            # a reverted seat that no one fills is reported once, inside an unfilled range
            # ("lists" counts it under its original type), not also as a reverted seat
            add_unfilled(unfilled, seat, typ, run.refs("ranking"))
            continue
        if revert is not None:
            run.reverted.append(revert)
        c, reason, basis = entry.candidate, entry.reason, entry.basis
        if seat_note:
            reason = reason + " — " + seat_note
            extra_refs = run.refs("replace_reserve") if converted else run.shortfalls[typ].basis
            basis = basis + [b for b in extra_refs if b not in basis]
        nominations.append(Nomination(seat, c.inscricao, c.nome, c.rank, via, typ, reason,
                                      list(dict.fromkeys(basis))))
    return nominations, unfilled


def assemble(run: Run) -> dict:
    nominations, unfilled = call_seats(run)
    link_replacements(run, nominations)
    final_warnings(run, nominations)
    steps = _steps(run, unfilled)
    rules, sched = run.rules, run.sched
    pct = sched.get("percent")
    positions = sched["positions"]
    result = {
        **identity(rules),
        "vacancies": run.vacancies,
        "percent": fraction_str(pct) if pct is not None else None,
        "percent_display": format_percent(pct) if pct is not None else None,
        "reading": sched.get("reading"),
        "reserved": sched.get("reserved", 0),
        "seats": {AMPLA: run.quota[AMPLA], RESERVA: run.quota[RESERVA], PCD: run.options.pcd_seats,
                  FEM: run.options.female_seats},
        # at most RESERVED_POSITIONS_LIMIT positions (each nomination's seat_type says the rest)
        "reserved_positions": list(positions[:RESERVED_POSITIONS_LIMIT]),
        "reserved_positions_total": len(positions),
        "reserved_positions_truncated": len(positions) > RESERVED_POSITIONS_LIMIT,
        "options": run.options.to_dict(),
        "input": {"candidates": len(run.cands), "delimiter": run.table.delimiter,
                  "encoding": run.table.encoding, "ranked_by": run.table.ranked_by,
                  "score_format": run.table.score_format,
                  "ignored_columns": list(run.table.ignored_columns)},
        "nominations": [n.to_dict() for n in nominations],
        "unfilled_seats": [u.to_dict() for u in unfilled],
        "unfilled_count": sum(u.count for u in unfilled),
        "published_lists": _published(run),
        "moved": [m.to_dict() for m in run.moved],
        "excluded": [e.to_dict() for e in run.excluded],
        "reverted_seats": [r.to_dict() for r in run.reverted],
        "warnings": run.warnings,
        "steps": steps,
    }
    result["basis"] = collect_basis(
        run.refs("ranking", "concurrent", "call_order"),
        [b for nom in nominations for b in nom.basis],
        result["warnings"], result["steps"],
        [b for e in run.excluded for b in e.basis],
        [b for e in run.moved for b in e.basis],
        [b for e in run.reverted for b in e.basis],
    )
    return result


def _pcd_first_step(run: Run) -> dict:
    racial = [n for n, t in enumerate(run.types, start=1) if t == RESERVA]
    k = run.quota[PCD]
    first = ("na 1ª nomeação" if k == 1 else
             f"nas nomeações {ordinal_list(list(range(1, k + 1)))}" if k <= 3 else
             f"nas nomeações 1ª a {format_int(k)}ª")
    after = ""
    if racial:
        listed = ordinal_list(racial[:20]) + ("…" if len(racial) > 20 else "")
        after = ("; depois delas, por interpretação, a vaga reservada fica na " + listed + " nomeação"
                 if len(racial) == 1 else
                 "; depois delas, por interpretação, as vagas reservadas ficam nas nomeações " + listed)
    spec = run.policy.pcd_first
    return step(spec["step"].format(first=first, after=after), run.policy.ids(spec.get("step_basis", ())))


def _steps(run: Run, unfilled: list) -> list[dict]:
    s = list(run.sched.get("steps", []))
    q = run.quota
    s.append(step(
        f"{count_phrase(run.vacancies, 'vaga', 'vagas')}: "
        f"{count_phrase(q[RESERVA], 'chamada', 'chamadas')} pela reserva "
        f"racial nas posições da ordem de nomeação, {format_int(q[PCD])} para pessoas com deficiência, "
        f"{count_phrase(q[FEM], 'feminina', 'femininas')} e {format_int(q[AMPLA])} "
        "de ampla concorrência.",
        run.refs("call_order"), no_basis=not run.refs("call_order")))  # Lins: the decree sets no order
    if run.pcd_first:
        s.append(_pcd_first_step(run))
    t = run.table
    if t.ranked_by == "nota":
        ranking = (f"Classificação geral: pela coluna nota, da maior para a menor; "
                   f"{candidates.SCORE_FORMATS[t.score_format]}; empates na ordem das linhas do arquivo.")
    else:
        ranking = "Classificação geral: pela coluna classificacao do arquivo."
    s.append(step(ranking, run.refs("ranking")))
    s.append(step(
        "Ampla concorrência: os candidatos mais bem classificados na lista geral ocupam as vagas de "
        "ampla concorrência, optantes ou não; o optante assim nomeado não ocupa vaga reservada.",
        run.refs("concurrent", "ampla_excludes")))
    s.append(step(
        "Vagas reservadas: preenchidas pelos optantes seguintes, na ordem da lista específica; quem "
        "não optou concorre só às demais vagas.",
        run.refs("reserve", "reserve_only_optants")))
    if run.excluded:
        s.append(step(
            ("1 candidato desistente, inapto, eliminado ou excluído: " if len(run.excluded) == 1
             else f"{format_int(len(run.excluded))} candidatos desistentes, inaptos, eliminados ou "
             "excluídos: ")
            + "cada vaga passa ao seguinte da mesma lista.",
            run.refs("replace_reserve", "eliminated")))
    if run.reverted:
        s.append(step(
            f"{count_phrase(len(run.reverted), 'vaga revertida', 'vagas revertidas')} por falta de "
            "candidatos na lista específica.",
            run.refs("revert_reserve")))
    if unfilled:
        total = sum(u.count for u in unfilled)
        s.append(step(f"{count_phrase(total, 'vaga', 'vagas')} sem candidato habilitado.",
                      run.refs("ranking")))
    return s


def _published(run: Run) -> dict:
    pol = run.policy
    own = {lst: pol.ids(pol.list_basis.get(lst, ())) for lst in LISTS}
    basis = {
        AMPLA: run.refs("ranking") + own[AMPLA],
        RESERVA: run.refs("lists") + own[RESERVA],
        PCD: run.refs("lists") + own[PCD],
        FEM: run.refs("female") + own[FEM],
    }
    out = {}
    for lst in LISTS:
        if lst != AMPLA and not run.quota[lst] and lst != RESERVA:
            continue
        ranking = run.published[lst]
        entry = {"title": run.titles[lst], "basis": basis[lst], "candidates": ranking,
                 "all_candidates": ranking, "within_vacancies": False, "vacancies": None}
        if pol.publish_within_vacancies and lst != AMPLA:
            # the specific lists publish those approved within the list's number of seats; the whole
            # ranking stays under "all_candidates"
            k = run.quota[lst]
            entry.update({
                "title": run.titles[lst] + f" — aprovados dentro do número de vagas da lista "
                         f"({count_phrase(k, 'vaga', 'vagas')})",
                "candidates": ranking[:k], "within_vacancies": True, "vacancies": k})
        out[lst] = entry
    return out
