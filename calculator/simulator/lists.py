"""Lists and eligibility: who is in which list, who is out of all of them (eliminado, or excluded by the
heteroidentificação where the norm regulates it), and the published specific lists."""

from __future__ import annotations

from calculator.answer import warning
from calculator.simulator.policy import HeteroResult, every
from calculator.simulator.records import AMPLA, FEM, PCD, RESERVA, SPECIFIC, Agreed, Exclusion, Move
from calculator.simulator.state import Run


def hetero_result(run: Run, c) -> HeteroResult | None:
    """The heteroidentificação result that takes effect for c (an optant, under a norm that regulates it)."""
    hetero = run.policy.hetero
    if not c.hetero or hetero is None or not c.cotista:  # the usual case first: no result in the file
        return None
    if run.procedures_off is not None:  # the norm's procedures were not in force for this edital
        return None
    return hetero.results.get(c.hetero)


def status(run: Run, c) -> str:
    """"ok" | "skip" (desistente/inapto: replaced) | "out" (eliminated/excluded: not in any list)."""
    if c.situacao == "eliminado":
        return "out"
    if c.hetero and run.policy.hetero is not None:
        result = hetero_result(run, c)
        if result is not None and result.effect == "excluded":
            return "out"
    if c.situacao in ("desistente", "inapto"):
        return "skip"
    return "ok"


def in_racial(run: Run, c) -> bool:
    if not c.cotista:
        return False
    if not c.hetero or run.policy.hetero is None:
        return True
    result = hetero_result(run, c)
    return not (result is not None and result.effect == "ampla")


def lists_of(run: Run, c) -> list[str]:
    out = []
    if run.quota[RESERVA] and in_racial(run, c):
        out.append(RESERVA)
    if run.quota[FEM] and c.genero == "F":
        out.append(FEM)
    if run.quota[PCD] and c.pcd:
        out.append(PCD)
    return out


def _exclusion(c, code: str, reason: str, basis: list[str]) -> Exclusion:
    return Exclusion(c.inscricao, c.nome, c.rank, code, reason, basis)


def record_exclusions(run: Run) -> None:
    """Candidates out of every list, and optants moved to the ampla concorrência by the verification."""
    hetero = run.policy.hetero
    if hetero is not None and run.procedures_off is not None:
        _procedures_not_in_force(run, hetero)
        hetero = None
    note = hetero.note if hetero else ""
    note_basis = hetero.note_basis if hetero else ()
    for c in run.cands:
        if c.situacao == "eliminado":
            # where a commission verifies, an elimination after it is the authority's decision on the
            # commission's opinion: the same caveat as for the verification's own results
            elim_note = hetero is not None and hetero.eliminated
            run.excluded.append(_exclusion(
                c, "eliminado", "eliminado do concurso (ex.: declaração falsa); não entra em nenhuma lista"
                + (note if elim_note else "")
                + ("; decisão do próprio edital: os procedimentos da norma não estavam em vigor"
                   if run.procedures_off and run.policy.hetero else ""),
                # before the norm's procedures took effect, an elimination is the edital's own decision
                [] if run.procedures_off else run.refs("eliminated", *(note_basis if elim_note else ()))))
            continue
        result = hetero_result(run, c)
        if result is None:
            continue
        reason = result.reason.format_map(Agreed([c.genero])) + (note if result.note else "")
        if result.effect == "excluded":
            run.excluded.append(_exclusion(c, c.hetero, reason, run.refs(*result.basis)))
        else:
            run.moved.append(Move(c.inscricao, RESERVA, AMPLA, reason, run.refs(*result.basis)))
    if run.policy.hetero is None and any(c.hetero for c in run.cands):
        run.warnings.append(warning(
            "simulacao_heteroidentificacao_ignorada", "aviso",
            f"A coluna heteroidentificacao só tem efeito em {_where_regulated()}; nesta norma ela foi "
            "ignorada. Para eliminar um candidato por declaração falsa, use situacao = eliminado.",
            run.refs("eliminated")))
    if hetero is not None and any(c.hetero and not c.cotista for c in run.cands):
        run.warnings.append(warning(
            "simulacao_heteroidentificacao_nao_optante", "aviso",
            "Há resultado de heteroidentificação para candidato que não optou pela reserva; ele foi "
            "ignorado (a análise só alcança quem se autodeclarou).",
            run.refs("hetero")))


def _procedures_not_in_force(run: Run, hetero) -> None:
    """An edital published before the regulating decree took effect: its verification and exclusions (the
    heteroidentificação column) are not applied, and the warning names whose results were set aside and
    the reading that would apply them."""
    names = [c.inscricao for c in run.cands
             if c.hetero in hetero.results and c.cotista and c.situacao != "eliminado"]
    if not names:
        return
    start, basis = run.procedures_off
    shown = ", ".join(names[:5]) + ("…" if len(names) > 5 else "")
    run.warnings.append({**warning(
        "simulacao_procedimentos_fora_de_vigor", "premissa",
        f"Edital publicado antes de {start}, quando os procedimentos de {hetero.where} entraram em vigor: "
        f"os resultados da coluna heteroidentificacao não foram aplicados ({shown}), e esses candidatos "
        "seguem na lista de cotas. Se a verificação foi feita depois dessa data, pode-se sustentar que o "
        "procedimento se aplica de imediato (interpretação que esta simulação não adota); para excluir um "
        "candidato por decisão própria do edital, use situacao = eliminado.", basis), "beside": True})


def _where_regulated() -> str:
    """The norms whose simulation applies the heteroidentificação column (their registries' words)."""
    names = [p.hetero.where for _, p in every() if p.hetero is not None]
    if not names:
        return "normas que regulam a heteroidentificação"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " e " + names[-1]


def publish(run: Run) -> None:
    """Position of each candidate in the published specific lists (eligible members, rank order)."""
    counters = {lst: 0 for lst in SPECIFIC}
    for c in run.cands:
        if status(run, c) == "out":
            continue
        run.published[AMPLA].append(c.inscricao)
        for lst in lists_of(run, c):
            counters[lst] += 1
            run.list_pos[lst][c.inscricao] = counters[lst]
            run.published[lst].append(c.inscricao)
