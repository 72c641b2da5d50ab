"""Reversion: specific seats left without candidates go to the ampla concorrência, filled by the next
candidates of the general list in rank order."""

from __future__ import annotations

from calculator.answer import warning
from calculator.ptbr import count_phrase
from calculator.simulator.filling import ampla_candidates
from calculator.simulator.records import AMPLA, FEM, PCD, RESERVA, SPECIFIC, Shortfall, Winner
from calculator.simulator.state import Run


def revert(run: Run) -> int:
    """Record each list's shortfall (``run.shortfalls``) and return how many extra ampla calls are due."""
    pol = run.policy
    extra = len(run.converted)
    if run.converted:
        run.extra_basis.extend(run.refs("replace_reserve"))
    for lst in SPECIFIC:
        missing = run.final_quota[lst] - run.taken[lst]
        if missing <= 0:
            continue
        extra += missing
        if lst == RESERVA:
            basis = run.refs("revert_reserve")
            why = "não há optantes aprovados em número suficiente"
            partial = pol.reversion.get("partial_warning")
            if partial and run.taken[RESERVA]:
                run.warnings.append(run.rules.registry.warning(
                    partial, approved=_approved(run),
                    reserved=count_phrase(run.final_quota[RESERVA], "vaga reservada", "vagas reservadas"),
                    rest=count_phrase(missing, "vaga restante ficaria reservada",
                                      "vagas restantes ficariam reservadas")))
        elif lst == FEM:
            basis = run.refs("revert_reserve", "female")
            why = shortage(run, FEM)
        else:
            basis = run.refs("pcd")
            why = shortage(run, PCD)
            run.warnings.append(warning(
                "simulacao_reversao_pcd", "premissa",
                ("Vaga para pessoas com deficiência sem candidato: a simulação a reverteu para a "
                 if missing == 1 else
                 "Vagas para pessoas com deficiência sem candidatos: a simulação as reverteu para a ")
                + "ampla concorrência, como é usual nos editais; a regra não está nesta norma.",
                run.refs("pcd")))
        if lst != RESERVA and pol.reversion.get("other_lists"):
            # seats from other laws, where the norm's reversion speaks of the reserved seats only: applying
            # it to them is an analogy, without basis
            basis = []
            why += pol.reversion["other_lists"]
        run.extra_basis.extend(b for b in basis if b not in run.extra_basis)
        run.shortfalls[lst] = Shortfall(missing, why, basis)
    return extra


def _approved(run: Run) -> str:
    """The approved cotistas the reserve could still take, and how many were approved in all: the trigger
    of a reversion is whether there are approved candidates, so those nominated by the ampla concorrência
    (or who left) are counted, not dropped ("1 cotista aprovado disponível para a reserva (2 aprovados;
    1 nomeado pela ampla concorrência)")."""
    available = run.taken[RESERVA]
    members = run.published[RESERVA]
    by_ampla = len({w.candidate.inscricao for w in run.winners[AMPLA]} & set(members))
    gone = len(members) - available - by_ampla
    said = count_phrase(available, "cotista aprovado disponível", "cotistas aprovados disponíveis")
    said += " para a reserva"
    if len(members) == available:
        return said
    why = []
    if by_ampla:
        why.append(count_phrase(by_ampla, "nomeado", "nomeados") + " pela ampla concorrência")
    if gone > 0:
        why.append(count_phrase(gone, "desistente ou inapto", "desistentes ou inaptos"))
    return (f"{said} ({count_phrase(len(members), 'aprovado', 'aprovados')}; " + "; ".join(why) + ")")


def shortage(run: Run, lst: str) -> str:
    """Why PcD or female seats are left: no approved member of the list, or those approved went
    through other lists (or desisted)."""
    members = run.published[lst]
    who, one = {PCD: ("pessoas com deficiência aprovadas", "pessoa com deficiência aprovada"),
                FEM: ("candidatas aprovadas", "candidata aprovada")}[lst]
    if not members:
        return f"não há {who}" + (" para as vagas femininas" if lst == FEM else "")
    via = {w.candidate.inscricao: other for other in (AMPLA, *SPECIFIC) if other != lst
           for w in run.winners[other]}
    names = {AMPLA: "pela ampla concorrência", RESERVA: "pela reserva racial", PCD: "pela vaga de PcD",
             FEM: "pela vaga feminina"}
    # the provision that sent a PcD candidate to the other list, where the norm names one
    rule = {other: f" ({label})" for other, label in run.policy.over_pcd.items()} if lst == PCD else {}

    def path(insc: str) -> str:
        other = via.get(insc)
        return f"foi nomeada {names[other]}{rule.get(other, '')}" if other else "desistiu ou é inapta"

    if len(members) == 1:
        return f"a única {one} ({members[0]}) {path(members[0])}"
    parts = "; ".join(f"{insc} {path(insc)}" for insc in members[:5])
    return f"as {who} não ficaram para esta vaga ({parts}" + ("…" if len(members) > 5 else "") + ")"


def fill_ampla_extra(run: Run, start: int, extra: int) -> None:
    """The next candidates of the general list take the seats handed to the ampla concorrência."""
    winners = run.winners[AMPLA]
    goal = len(winners) + extra
    if len(winners) >= goal:
        return
    for _i, c in ampla_candidates(run, start):
        reason = (f"{c.rank}º na classificação geral; chamado porque "
                  + ("uma vaga reservada sem candidato passou à ampla concorrência, preenchida"
                     if extra == 1 else
                     "vagas reservadas sem candidatos passaram à ampla concorrência, preenchidas")
                  + " na ordem de classificação")
        winners.append(Winner(c, reason, run.refs("ranking") + run.extra_basis))
        run.nominated.add(c.inscricao)
        run.extras.append(c.inscricao)
        if len(winners) >= goal:
            return
