"""Filling the seats: the ampla concorrência first (concurrent competition), then the specific lists in
general rank order, each candidate choosing among lists by the norm's precedence."""

from __future__ import annotations

from calculator.errors import InputError
from calculator.simulator.lists import hetero_result, in_racial, lists_of, status
from calculator.simulator.records import (
    AMPLA,
    PCD,
    RESERVA,
    SPECIFIC,
    Conflict,
    Move,
    Reversion,
    Winner,
    agree,
)
from calculator.simulator.replacement import skip
from calculator.simulator.state import Run


def fill_ampla(run: Run, quota: int) -> int:
    """The ``quota`` best eligible candidates of the general list take the ampla seats, whatever lists they
    are also in (an optant so nominated does not use a reserved seat).  Returns where the walk stopped."""
    winners = run.winners[AMPLA]
    if len(winners) >= quota:
        return 0
    for i, c in ampla_candidates(run, 0):
        basis = run.refs("ranking")
        reason = f"{c.rank}º na classificação geral, dentro das vagas de ampla concorrência"
        special = lists_of(run, c)
        result = hetero_result(run, c)
        if special:
            # the norm's concurrent competition and exclusion speak of its own reserves' optants (and
            # Lins's female seats); a candidate only on the edital's PcD list gets the provision on other
            # lists, if the norm has one (Ubatuba, art. 7º, § 1º, I), else the ranking alone
            own = [s for s in special if s != PCD]
            excludes = run.refs("concurrent", "ampla_excludes") if own else run.refs("ampla_excludes_other")
            basis += excludes
            names = " e ".join(run.names[s] for s in special)
            reason += (f"; também está na lista de {names}, mas é {agree('nomeado', [c.genero])} pela "
                       "ampla concorrência e "
                       "não ocupa vaga reservada (sai da lista específica, que chama o seguinte)")
            run.moved.append(Move(c.inscricao, special[0], AMPLA,
                                  f"{agree('classificado', [c.genero])} dentro das vagas de "
                                  f"ampla concorrência: {agree('nomeado', [c.genero])} "
                                  f"pela lista geral e {agree('excluído', [c.genero])} "
                                  + ("da lista específica" if len(special) == 1
                                     else "das listas específicas"),
                                  excludes))
        elif result is not None and result.effect == "ampla":
            basis += run.refs(*result.ampla_basis)
            reason += result.ampla_note
        winners.append(Winner(c, reason, basis))
        run.nominated.add(c.inscricao)
        if len(winners) >= quota:  # stop here: the next candidates are not walked (nor marked skipped)
            return i
    return len(run.cands)


def ampla_candidates(run: Run, start: int):
    """(index after c, c) for each candidate of the general list from ``start`` who can take an ampla seat,
    in rank order; a desisting or unfit one met on the way is recorded as skipped (replaced by the next)."""
    cands = run.cands
    for i in range(start, len(cands)):
        c = cands[i]
        if c.inscricao in run.nominated:  # already called (through the reserve, "lista" reading)
            continue
        st = status(run, c)
        if st == "out":
            continue
        if st == "skip":
            if c.inscricao not in run.skipped:
                skip(run, c, AMPLA)
            continue
        yield i + 1, c


def fill_reserved_first(run: Run) -> None:
    """The literal reading of a norm's call order (option preenchimento = "lista"): each reserved seat goes
    to the first of the lista específica, in its own order, even one ranked within the ampla seats."""
    quota = run.quota[RESERVA]
    winners = run.winners[RESERVA]
    template = run.policy.option_value("preenchimento", "lista", "reason")
    for c in run.cands:
        if len(winners) >= quota:
            break
        st = status(run, c)
        if st == "out" or not in_racial(run, c):
            continue
        if st == "skip":
            skip(run, c, RESERVA)
            continue
        pos = run.list_pos[RESERVA][c.inscricao]
        winners.append(Winner(c, template.format(pos=pos, rank=c.rank), run.refs("reserve", "lists")))
        run.nominated.add(c.inscricao)


def precedence_order(run: Run, c, options: list[str]) -> tuple[str, ...]:
    """The norm's order of lists for c: its ``[simulation.precedence] order``, or the one an option value
    gives (``order``), or, under a "better classified" rule, the pair ordered by c's positions."""
    pol, order = run.policy, run.policy.order
    for option, value in run.options.choices.items():
        order = tuple(pol.option_value(option, value, "order", order))
    for option, value in run.options.choices.items():
        rule = pol.option_value(option, value, "better_classified", None)
        if rule and rule["better"] in options and rule["than"] in options\
                and run.list_pos[rule["better"]][c.inscricao] < run.list_pos[rule["than"]][c.inscricao]:
            order = tuple(rule["order"])  # tie: the norm's own order
    return order


def choose(run: Run, c, options: list[str]) -> str:
    """Pick one list among ``options`` (lists with room) by the norm's precedence."""
    if len(options) == 1:
        return options[0]
    for lst in precedence_order(run, c, options):
        if lst in options:
            return lst
    return options[0]  # pragma: no cover


def precedence_kind(run: Run) -> str:
    """The basis kind of the precedence applied ("precedence", or the one an option value names)."""
    for option, value in run.options.choices.items():
        kind = run.policy.option_value(option, value, "basis_kind", "")
        if kind:
            return kind
    return "precedence"


def fill_specific(run: Run, start: int) -> None:
    """Candidates after the ampla seats take the specific lists' seats, in general rank order."""
    quota = {lst: run.quota[lst] for lst in SPECIFIC}
    # under the "lista" reading the reserve is already filled
    taken = {lst: len(run.winners[lst]) for lst in SPECIFIC}
    equity = run.options.gender_equity
    # gender equity: each gender takes at most ceil(R/2) reserved seats at first
    cap = {"F": (quota[RESERVA] + 1) // 2, "M": (quota[RESERVA] + 1) // 2}
    by_gender = {"F": 0, "M": 0}
    deferred = []
    cands = run.cands
    for i in range(start, len(cands)):
        if all(taken[lst] >= quota[lst] for lst in taken):
            break
        c = cands[i]
        if c.inscricao in run.nominated:
            continue
        st = status(run, c)
        if st == "out":
            continue
        if st == "skip" and c.inscricao in run.skipped:  # already recorded ("lista" reading)
            continue
        lists = [lst for lst in lists_of(run, c) if taken[lst] < quota[lst]]
        if equity and RESERVA in lists:
            g = c.genero
            if g is None:
                raise InputError(run.policy.option_text("equidade_genero", "missing_gender").format(
                    line=c.line), "csv")
            if by_gender[g] >= cap[g]:
                lists.remove(RESERVA)
                if st == "ok" and not lists:
                    deferred.append(c)
                    continue
        if not lists:
            continue
        lst = choose(run, c, lists)
        if st == "skip":
            if lst == RESERVA and run.options.replacement == "geral":
                run.converted[taken[RESERVA] + len(run.converted)] = c.inscricao
                quota[RESERVA] -= 1
                # the seat stays in the call order but is handed to the general list
            skip(run, c, lst)
            continue
        if len(lists) > 1:
            note_conflict(run, c, lists, lst)
        reason, basis = specific_reason(run, c, lst, lists)
        run.winners[lst].append(Winner(c, reason, basis))
        run.nominated.add(c.inscricao)
        taken[lst] += 1
        if lst == RESERVA and equity:
            by_gender[c.genero] += 1
    if equity:
        revert_to_other_gender(run, deferred, taken, quota)
    run.taken = taken
    run.final_quota = quota


def revert_to_other_gender(run: Run, deferred: list, taken: dict, quota: dict) -> None:
    """Reserved seats no one of one gender can fill revert to the other gender, in rank order."""
    for c in deferred:
        if taken[RESERVA] >= quota[RESERVA]:
            break
        if c.inscricao in run.nominated:
            continue
        reason = (f"{c.rank}º na classificação geral; vaga reservada revertida para o outro gênero "
                  "por falta de optantes do gênero a que caberia")
        run.winners[RESERVA].append(Winner(c, reason, run.refs("reserve", "gender_revert")))
        run.nominated.add(c.inscricao)
        taken[RESERVA] += 1
        run.reverted.append(Reversion(None, f"{RESERVA} (gênero oposto)", RESERVA,
                                      "equidade de gênero: faltaram optantes de um gênero; a vaga "
                                      "reservada passou ao outro gênero, na ordem de classificação",
                                      run.refs("gender_revert"), candidate=c.inscricao))
    # the list is called in classification order, whatever the order of the two passes
    run.winners[RESERVA].sort(key=lambda entry: entry.candidate.rank)


def specific_reason(run: Run, c, lst: str, lists: list[str]) -> tuple[str, list[str]]:
    pos = run.list_pos[lst][c.inscricao]
    if lst == RESERVA:
        basis = run.refs("reserve", "concurrent")
        reason = (f"{pos}º da lista da reserva racial ({c.rank}º na classificação geral, fora das "
                  "vagas de ampla concorrência)")
    elif lst == PCD:
        basis = run.refs("pcd")
        reason = f"{pos}º da lista de pessoas com deficiência ({c.rank}º na classificação geral)"
        if run.pcd_first:
            reason += run.policy.pcd_first.get("reason", "")
        if not basis:
            reason += " — vaga de PcD fixada pelo edital e por outras leis (sem base no corpus)"
    else:
        basis = run.refs("female")
        reason = run.policy.option_text("vagas_femininas", "reason", "{pos}ª da lista feminina ({rank}ª na "
                                        "classificação geral)").format(pos=pos, rank=c.rank)
    if len(lists) > 1:
        basis += run.refs(precedence_kind(run))
        others = ", ".join(run.names[o] for o in lists if o != lst)
        reason += (f"; também {agree('classificado', [c.genero])} para {others}, de cuja lista é "
                   f"{agree('excluído', [c.genero])} (precedência entre "
                   "listas)")
    return reason, basis


def note_conflict(run: Run, c, lists: list[str], chosen: str) -> None:
    run.conflicts.append(Conflict(c.inscricao, lists, chosen))
    others = [o for o in lists if o != chosen]
    run.moved.append(Move(c.inscricao, others[0], chosen,
                          f"{agree('classificado', [c.genero])} ao mesmo tempo nas listas de "
                          f"{run.names[chosen]} e de "
                          f"{', '.join(run.names[o] for o in others)}: "
                          f"{agree('nomeado', [c.genero])} pela lista de "
                          f"{run.names[chosen]} e {agree('excluído', [c.genero])} "
                          + ("da outra" if len(others) == 1 else "das outras"),
                          run.refs(precedence_kind(run))))
