"""Quissamã/RJ — Lei nº 1.289, de 3 de março de 2012 (read this beside laws/quissama/texto.txt).

The law's exceptions to the default rules (calculator/rules/default.py), each beside the article it
implements:
the count of art. 1º against the blocks of five of art. 3º, § 1º; the 10% of § 7º that rounds to no seat; the
order of art. 3º, § 1º, in its own words; who takes the fifth seat in a simulation. Percentages (20%; 10% up
to 5 vacancies), rounding, the call count (⌊n/5⌋) and validity (arts. 5º and 6º, with the extension known
from the source's compilation note) are the registry's (laws/quissama/norma.toml).
"""

from __future__ import annotations

from fractions import Fraction

from calculator.answer import step, warning
from calculator.arithmetic import HUNDRED
from calculator.ptbr import count_phrase, format_int, format_number, format_percent, ordinal_list
from calculator.rules.calls import OrderContext, call_count
from calculator.rules.default import DefaultRules
from calculator.rules.rounding import reserved_count


class QuissamaRules(DefaultRules):
    """Quissamã's exceptions; the rest is the default over its registry."""

    def __init__(self, registry):
        super().__init__(registry)
        self._full = self.params["percentual"].value
        self._small = self.params["percentual_ate_5_vagas"].value
        self._small_limit = self.params["limite_vagas_percentual_reduzido"].value
        # "20%", "10%": the sentences name the registry's values, written once
        self._full_shown, self._small_shown = format_percent(self._full), format_percent(self._small)

    def reserve_notes(self, vacancies: int, scope: str) -> list[dict]:
        """The count of art. 1º against the blocks of five of art. 3º, § 1º, and the 10% of § 7º."""
        reserved = reserved_count(self.registry, self._full, vacancies)
        blocks = call_count(self.registry, vacancies)  # art. 3º, § 1º: the fifth of every five nominations
        out = []
        if vacancies > self._small_limit and reserved > blocks:
            # art. 1º (rounded by § 1º) reserves more than the whole blocks of five of art. 3º, § 1º
            out.append(warning(
                "quissama_reserva_maior_que_ordem", "conflito",
                f"Com {format_int(vacancies)} vagas, o art. 1º (com o arredondamento do § 1º) reserva "
                f"{format_int(reserved)} vagas, mas o art. 3º, § 1º (a quinta de cada 5 nomeações) só "
                f"destina {format_int(blocks)} das {format_int(vacancies)} primeiras nomeações à "
                "lista específica. A contagem do art. 1º prevalece (os não cotistas concorrem às vagas "
                "\"excluídas aquelas objeto da reserva\", § 3º, e as vagas só revertem sem cotista aprovado, "
                f"§ 6º): a vaga reservada restante é a {format_int(vacancies)}ª nomeação, a última do bloco "
                "incompleto de cinco (interpretação).",
                ["quissama:art1_cpt", "quissama:art1_par1", "quissama:art1_par3", "quissama:art1_par6",
                 "quissama:art3_par1"]))
        if vacancies <= self._small_limit:
            out.append(self._reduced_percent(vacancies, beyond=False))
        return out

    def _reduced_percent(self, vacancies: int, beyond: bool) -> dict:
        """The 10% of § 7º (up to 5 vacancies) against what 20% would give; where no seat is reserved, who is
        called from the specific list: no one among the vacancies (``beyond``: among the first nominations,
        said of the nominations beyond the vacancies)."""
        small = reserved_count(self.registry, self._small, vacancies)
        full = reserved_count(self.registry, self._full, vacancies)
        twenty = (f"{self._full_shown} de {format_int(vacancies)} = "
                  f"{format_number(self._full / HUNDRED * vacancies)}")
        if small == full:
            compare = f"o mesmo resultado que {self._full_shown} daria ({twenty} → {format_int(full)})"
        else:
            compare = (f"com {self._full_shown} seria {format_int(full)} vaga ({twenty}): a redução do "
                       "§ 7º zera a reserva")
        if small:
            where = " Pelo art. 3º, § 1º, a vaga reservada é a 5ª nomeação."
        elif beyond:
            where = (f" Sem vaga reservada, nenhuma das {format_int(vacancies)} primeiras nomeações é da "
                     "lista "
                     "específica.")
        else:
            where = " Sem vaga reservada, ninguém é nomeado pela lista específica."
        return warning(
            "quissama_dez_por_cento", "aviso",
            f"Com {count_phrase(vacancies, 'vaga', 'vagas')}, {self._small_shown} (art. 1º, § 7º) dá "
            f"{format_number(self._small / HUNDRED * vacancies)}, arredondado para {format_int(small)} "
            f"(0,5 arredonda para cima, § 1º) — {compare}.{where}",
            ["quissama:art1_par7", "quissama:art1_par1", "quissama:art3_par1"])

    def beyond_vacancies_warnings(self, warnings: list[dict], vacancies: int) -> list[dict]:
        """For nominations beyond the vacancies (calculator/stages/nominations.py): the § 7º note says no one
        is called from the specific list "sem vaga reservada" — true of the vacancies offered, not of the
        nominations after them."""
        return [self._reduced_percent(vacancies, beyond=True) if w["code"] == "quissama_dez_por_cento" else w
                for w in warnings]

    def headline_notes(self, p: Fraction, vacancies: int, exact: Fraction, reserved: int,
                       warnings: list[dict]) -> dict:
        """1 to 4 vacancies: 10% rounds to 0 (art. 1º, §§ 1º and 7º); the headline says why, and what 20%
        would
        give, instead of a bare "0 vagas"."""
        notes = super().headline_notes(p, vacancies, exact, reserved, warnings)
        if reserved:
            return notes
        full = reserved_count(self.registry, self._full, vacancies)
        return {**notes, "headline_count": f"nenhuma vaga reservada de {format_int(vacancies)}",
                "headline_note": (
                    f"com até {format_int(self._small_limit)} vagas o percentual é de {self._small_shown} "
                    f"(art. 1º, § 7º), e {self._small_shown} de {format_int(vacancies)} = "
                    f"{format_number(exact)} arredonda para 0 (§ 1º). Com {self._full_shown}, "
                    + (f"seria {count_phrase(full, 'vaga', 'vagas')}" if full else "também seria 0"))}

    def order_notes(self, order: OrderContext) -> tuple[list[dict], list[dict]]:
        """Art. 3º, § 1º (the registry's reading "quinta": ⌊n/5⌋), and the art. 1º count: a reserved seat
        beyond the whole blocks of five is the last nomination of the incomplete block."""
        steps = [step(
            "Ordem de nomeação: pela classificação geral, mas a cada fração de 5 nomeações a quinta vai "
            "para a lista específica — "
            f"{count_phrase(order.positions_total, 'nomeação reservada', 'nomeações reservadas')} "
            f"entre as {format_int(order.vacancies)} primeiras.", ["quissama:art3_par1"])]
        if order.placed["interpreted_positions"]:
            steps.append(step(
                "A reserva do art. 1º tem uma vaga a mais que os blocos completos de cinco: ela é chamada "
                f"na {ordinal_list(order.placed['interpreted_positions'])} nomeação, a última do bloco "
                "incompleto (interpretação: a contagem do art. 1º prevalece sobre a falta de posição no "
                "art. 3º, § 1º).",
                ["quissama:art1_cpt", "quissama:art1_par3", "quissama:art3_par1"]))
        return steps, []

    def simulation_warnings(self, view) -> list[dict]:
        """What only this law says about a simulation: no rule for a candidate in the reserve and the PcD
        list; who takes the fifth seat (art. 3º, § 1º)."""
        out = []
        if view.conflicts:
            names = (", ".join(x.candidate for x in view.conflicts[:5])
                     + ("…" if len(view.conflicts) > 5 else ""))
            out.append(self.registry.warning(
                "quissama_precedencia_lacuna", names=names,
                who=view.agree("Candidato classificado", [x.candidate for x in view.conflicts]).capitalize()))
        if view.quota["reserva"]:
            concurrent = ("concorrência concomitante — o cotista classificado dentro das vagas de ampla "
                          "concorrência é nomeado por elas, e a quinta vaga vai ao cotista seguinte fora "
                          "delas (art. 1º, § 2º)")
            literal = ("literal do art. 3º, § 1º — a quinta vaga vai ao primeiro ainda não nomeado da lista "
                       "específica, na ordem dela, mesmo que esteja dentro das vagas de ampla concorrência")
            used, other, opt = ((concurrent, literal, "lista") if view.options.fill == "concorrencia"
                                else (literal, concurrent, "concorrencia"))
            out.append(warning(
                "quissama_quinta_vaga_leitura", "interpretacao",
                f"Quem ocupa a quinta vaga (art. 3º, § 1º). Leitura usada: {used}. Outra leitura, disponível "
                f"como opção (preenchimento \"{opt}\"): {other}. A mesma questão surge na \"alternância\" do "
                "art. 7º da lei de Ubatuba.",
                ["quissama:art3_par1", "quissama:art1_par2"]))
        return out
