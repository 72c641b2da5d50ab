"""The simulation's warnings: what the input leaves open (missing columns, ties, seats from other laws),
the analogies the replacement needs, and what only one norm says, by its declared exception
``simulation_warnings(view: View) -> list[dict] | None`` (calculator/rules/default.py): the norm's own
warnings on
this simulation (its readings, its gaps), given after the generic ones; None (the default) gives the generic
note on a precedence the text does not settle.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculator.answer import warning
from calculator.ptbr import count_phrase, format_int
from calculator.simulator.records import FEM, PCD, RESERVA, Conflict, agree
from calculator.simulator.replacement import analogy_warnings
from calculator.simulator.state import Run


@dataclass(frozen=True)
class View:
    """What a norm's ``simulation_warnings`` is told about the simulation just run."""

    options: object  # options.Options
    quota: dict[str, int]  # seats per list ("ampla", "reserva", "pcd", "feminina")
    conflicts: list[Conflict]  # candidates with room in several lists, and the list chosen
    genders: dict[str, str | None]  # inscrição → "F", "M" or None
    replaced_reserved: bool  # a desisting or unfit candidate would have taken a reserved seat
    refs: object  # kinds of decision → provisions (policy.Policy.refs)

    def agree(self, words: str, inscricoes) -> str:
        """``words`` agreed with the gender of these candidates (records.agree)."""
        return agree(words, [self.genders[i] for i in inscricoes])


def _column_warnings(run: Run) -> None:
    """A list with no column saying who opted (or who is PcD, or a woman) silently empties that
    list: every such seat reverts.  Say so, and name the columns that were not read."""
    t, w = run.table, run.warnings
    ignored = ", ".join(f"“{c}”" for c in t.ignored_columns)
    ignored_note = (f" Colunas do arquivo não usadas pela simulação: {ignored}." if ignored else "")
    needed = [("cotista", RESERVA, "quem optou pela reserva racial", "sim/não",
               ("reserve_only_optants", "revert_reserve")),
              ("pcd", PCD, "quem é pessoa com deficiência", "sim/não", ("pcd", "revert_other")),
              ("genero", FEM, "o gênero de cada candidato", "F/M", ("female", "revert_other"))]
    missing = []
    for column, lst, what, values, basis_keys in needed:
        if run.quota[lst] and column not in t.columns:
            missing.append(column)
            w.append(warning(
                f"simulacao_sem_coluna_{column}", "aviso",
                f"O arquivo não tem a coluna “{column}” ({what}): ninguém entrou na lista de "
                f"{run.names[lst]}, e "
                + ("a vaga dessa lista passou" if run.quota[lst] == 1 else
                   f"as {format_int(run.quota[lst])} vagas dessa lista passaram")
                + " à ampla concorrência. Se uma das colunas do arquivo traz essa informação, "
                f"renomeie-a para “{column}” (valores {values})."
                + ignored_note,
                run.refs(*basis_keys)))
    if ignored and not missing:
        w.append(warning(
            "simulacao_colunas_ignoradas", "aviso",
            f"Colunas do arquivo não usadas pela simulação: {ignored} (confira se nenhuma delas "
            "deveria ser cotista, pcd, genero, situacao ou heteroidentificacao).",
            run.refs("lists")))


def _seat_premises(run: Run) -> None:
    """PcD and female seats come from the edital and other laws: how the simulation placed them."""
    k_pcd, k_fem = run.options.pcd_seats, run.options.female_seats
    if k_pcd:
        run.warnings.append(warning(
            "simulacao_vagas_pcd", "premissa",
            f"Vagas para pessoas com deficiência ({format_int(k_pcd)}): vêm do edital e de outras "
            "leis (fora do corpus); "
            + (run.policy.pcd_first["premise"] if run.pcd_first else
               "foram distribuídas na ordem de chamada por proporcionalidade cumulativa, que é uma "
               "escolha desta simulação."),
            run.refs("pcd")))
    if k_fem:
        run.warnings.append(warning(
            "simulacao_vagas_femininas", "premissa",
            run.policy.option_text("vagas_femininas", "premise").format(count=format_int(k_fem)),
            run.refs("female")))


def _precedence_gap(run: Run, view: View) -> list[dict]:
    """A norm with no rule for a candidate in two lists (and no exception of its own to say so)."""
    if not run.conflicts or run.refs("precedence"):
        return []
    names = ", ".join(x.candidate for x in run.conflicts[:5]) + ("…" if len(run.conflicts) > 5 else "")
    chosen = run.names[run.conflicts[0].chosen]
    return [warning(
        "simulacao_precedencia_lacuna", "interpretacao",
        view.agree("Candidato classificado", [x.candidate for x in run.conflicts]).capitalize()
        + f" em mais de uma lista específica ({names}); a norma não diz por qual lista nomear. A simulação "
        f"seguiu a ordem padrão entre as listas ({chosen} primeiro), liberando a vaga da outra lista para o "
        "seguinte (interpretação; sem base no corpus).", [], no_basis=True)]


def final_warnings(run: Run, nominations: list) -> None:
    _column_warnings(run)
    if run.table.ties:
        run.warnings.append(warning(
            "simulacao_empate_nota", "premissa",
            f"Há {count_phrase(len(run.table.ties), 'grupo', 'grupos')} de candidatos com a mesma "
            "nota; o desempate seguiu a ordem das linhas do arquivo (ordene o arquivo pelos critérios "
            "de desempate do edital ou informe a coluna classificacao).",
            run.refs("ranking")))
    _seat_premises(run)
    run.warnings.extend(analogy_warnings(run))
    view = View(run.options, dict(run.quota), list(run.conflicts),
                {c.inscricao: c.genero for c in run.cands},
                any(e.would_fill == RESERVA for e in run.excluded), run.refs)
    own = run.rules.simulation_warnings(view)
    run.warnings.extend(own if own is not None else _precedence_gap(run, view))
    hetero = run.policy.hetero
    if hetero is not None and hetero.pending_warning and run.procedures_off is None:
        of = {c.inscricao: c.hetero for c in run.cands}
        pending = sum(1 for nom in nominations if nom.via == RESERVA and of[nom.candidate] == "")
        if pending:
            run.warnings.append(run.rules.registry.warning(
                hetero.pending_warning, count=count_phrase(pending, "nomeado", "nomeados")))


def trailing_warnings(run: Run, result: dict) -> None:
    """Warnings on the seats themselves, given after the answer's basis is collected: the PcD seats called
    first (``[simulation.pcd_first]``), and the norm's own conflict when PcD and reserved seats meet
    (``[simulation.pcd_with_reserve]``)."""
    k_pcd = run.options.pcd_seats
    both = run.policy.pcd_with_reserve
    if both and k_pcd and run.quota[RESERVA] and not any(
            w["code"] == both.get("unless") for w in result["warnings"]):
        result["warnings"].append(run.rules.registry.warning(both["warning"]))
    if run.pcd_first:
        which = f"elas são as nomeações 1ª a {k_pcd}ª" if k_pcd > 1 else "ela é a 1ª nomeação"
        result["warnings"].append(run.rules.registry.warning(run.policy.pcd_first["warning"], which=which))
