"""Replacement: a desisting or unfit candidate is skipped and the seat goes to the next of the same list
(or, under a norm's "geral" reading, to the general list); who replaced whom, and which replacements
apply the norm's rule by analogy."""

from __future__ import annotations

from calculator.answer import warning
from calculator.simulator.records import AMPLA, RESERVA, Exclusion, agree
from calculator.simulator.state import Run


def skip(run: Run, c, lst: str) -> None:
    """c (desistente/inapto) would have filled a seat of ``lst``: record who replaces them."""
    run.skipped.add(c.inscricao)
    what = ("desistiu da nomeação" if c.situacao == "desistente"
            else "foi " + agree("considerado inapto", [c.genero]))
    if lst == AMPLA:
        # no provision of the corpus governs replacing a desisting candidate outside the reserve
        basis = []
        how = "a vaga passa ao candidato seguinte da classificação geral (sem base no corpus)"
    elif lst == RESERVA:
        basis = run.refs("replace_reserve")
        if run.options.replacement == "geral":
            how = run.policy.option_value("substituicao", "geral", "skipped")
        else:
            how = "a vaga passa ao optante seguinte da lista da reserva"
    else:
        basis = run.refs("replace_list")
        how = f"a vaga passa ao candidato seguinte da lista de {run.names[lst]}"
    run.excluded.append(Exclusion(c.inscricao, c.nome, c.rank, c.situacao, f"{what}; {how}", basis,
                                  would_fill=lst))


def link_replacements(run: Run, nominations: list) -> None:
    """Fill ``replaced_by`` of skipped candidates: the first nominee of the same list ranked below."""
    by_list: dict[str, list[tuple[int, str]]] = {}
    for nom in nominations:
        by_list.setdefault(nom.via, []).append((nom.rank, nom.candidate))
    # seats handed to the general list (the "geral" reading) are the first extra calls
    converted_by = dict(zip(run.converted.values(), run.extras, strict=False))
    for e in run.excluded:
        lst = e.would_fill
        if lst is None:
            continue
        if lst == RESERVA and run.options.replacement == "geral":
            e.replaced_by = converted_by.get(e.candidate)
            continue
        ranks = by_list.get(lst, [])
        # nominations of one list are in rank order: binary search the first rank below
        lo, hi = 0, len(ranks)
        while lo < hi:
            mid = (lo + hi) // 2
            if ranks[mid][0] > e.rank:
                hi = mid
            else:
                lo = mid + 1
        if lo < len(ranks):
            e.replaced_by = ranks[lo][1]


def refilled_by_analogy(run: Run, cotistas: set[str]) -> list[Exclusion]:
    """Excluded optants (inapto, eliminado, fraude, ausente) whose reserved seat was actually filled
    from the specific list.  Counterfactual: put them back among the reserve's winners; those that
    land within the reserved seats would have held one, and as many of them as the winners they
    displace had their seat refilled from the list (the rest of such seats reverted)."""
    gone = [e for e in run.excluded if e.candidate in cotistas
            and (e.situation == "inapto" and e.would_fill == RESERVA
                 or e.situation in ("eliminado", "fraude", "ausente"))]
    if not gone:
        return []
    winners = run.winners[RESERVA]
    phase2 = [w.candidate for w in run.winners[AMPLA] if w.candidate.inscricao not in run.extras]
    # under concurrent competition an optant ranked within the ampla seats would have been nominated
    # through them, not through the reserve (an inapto who would fill a reserved seat is outside them)
    last_ampla = phase2[-1].rank if phase2 and run.options.fill == "concorrencia" else None
    pool = [(e.rank, 0, e) for e in gone
            if e.would_fill == RESERVA or last_ampla is None or e.rank > last_ampla]
    pool += [(w.candidate.rank, 1, w.candidate.inscricao) for w in winners]
    top = sorted(pool, key=lambda x: (x[0], x[1]))[:run.final_quota[RESERVA]]
    would_hold = [x[2] for x in top if x[1] == 0]
    displaced = len(winners) - sum(1 for x in top if x[1] == 1)
    return would_hold[:displaced]


def analogy_warnings(run: Run) -> list[dict]:
    """Where the norm's replacement rule speaks of desistance only (``[simulation.replacement]``): its use
    for an unfit or excluded optant is an analogy, and a desisting optant within the ampla seats is a
    reading of it."""
    rule = run.policy.replacement
    if not rule:
        return []
    out = []
    cotistas = {c.inscricao for c in run.cands if c.cotista}
    by_analogy = refilled_by_analogy(run, cotistas)
    if by_analogy:
        out.append(warning(
            f"{run.norm}_substituicao_por_analogia", "interpretacao",
            f"O {rule['rule']}, só fala de desistência (\"{rule['quote']}\"). Preencher pela lista "
            "específica a vaga "
            "de cotista inapto, eliminado ou excluído após a verificação é aplicação por analogia "
            f"(interpretação): {', '.join(e.candidate for e in by_analogy[:5])}"
            + ("…" if len(by_analogy) > 5 else "") + ".",
            run.refs("replace_reserve")))
    if any(e.would_fill == AMPLA and e.candidate in cotistas for e in run.excluded):
        out.append(warning(
            f"{run.norm}_desistencia_optante_na_ampla", "interpretacao",
            "Um optante que estaria nas vagas de ampla concorrência desistiu ou é inapto. "
            f"\"{rule['quote']}\" pode ser lido como abrangendo também esse caso (a vaga iria ao optante "
            "seguinte da lista específica); a simulação entende que a regra trata das vagas reservadas e "
            "passou a vaga ao seguinte da classificação geral.",
            run.refs("replace_reserve")))
    return out
