"""Ubatuba/SP — Lei nº 3.765, de 16 de junho de 2014 (read this beside laws/ubatuba/texto.txt).

The law's exceptions to the default rules (calculator/rules/default.py), each beside the article it
implements: cargos em comissão and estágios, whose minimum is over a set of posts (arts. 1º, p. ú., I, and
8º); the order of art. 7º for empregos and against the minimum of 3 (art. 2º, § 2º); who takes the seat of a
desisting optant (art. 4º, § 1º); a nomination in comissão dated by itself, not by an edital (art. 8º, p. ú.).
Percentage, rounding, call counts and validity are the registry's (laws/ubatuba/norma.toml).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

from calculator.answer import collect_basis, step, warning
from calculator.arithmetic import HUNDRED, ceil
from calculator.ptbr import (
    approx_percent,
    format_date,
    format_int,
    format_number,
    format_percent,
    reserved_phrase,
    sentence,
)
from calculator.rules.calls import OrderContext
from calculator.rules.choices import reading_values
from calculator.rules.default import DefaultRules, cited
from calculator.rules.percent import legal_percent
from calculator.rules.rounding import reserved_count, rounding, rounding_step
from calculator.rules.validity import missing_date_premise, placeholders

#: The provision that sets each set scope's minimum (cited for its count, never art. 2º, which is about
#: the vacancies of each cargo efetivo or emprego in an edital).
SET_BASIS = {"comissao": ("ubatuba:art8_cpt",), "estagio": ("ubatuba:art1_par1u_inc1",)}


class UbatubaRules(DefaultRules):
    """Ubatuba's exceptions; the rest is the default over its registry."""

    #: a nomination in comissão is dated by itself (art. 8º, parágrafo único), not by an edital
    NOMINATION_DATED = ("comissao",)

    def __init__(self, registry):
        super().__init__(registry)
        self._min_vacancies = self.params["vagas_minimas"].value
        # "20%": the sentences name the registry's value, written once
        self._min_percent = format_percent(self.params["percentual_minimo"].value)
        #: vínculos without a call order: the minimum is over a set (the order stage refuses them with this)
        self.ORDER_REFUSALS = {
            "comissao": "a lei não fixa ordem de convocação para cargos em comissão: são de livre nomeação "
                        "(não há lista de aprovados a chamar), e o limite mínimo de "
                        f"{self._min_percent} vale para o conjunto desses cargos (art. 8º); use a reserva "
                        "(comando reserva) para o número do conjunto",
            "estagio": "a lei não fixa ordem de convocação para estágios: são contratações, não nomeações de "
                       "aprovados em concurso, e o mínimo vale em cada órgão (art. 1º, parágrafo único, I); "
                       "use a reserva (comando reserva) para o número de cada órgão",
        }

    def reserve_notes(self, vacancies: int, scope: str) -> list[dict]:
        registry = self.registry
        if scope == "comissao":
            # with the registry's note on the text itself: art. 8º, p. ú., cites a § 1º that does not exist
            return [registry.warning("ubatuba_comissao_conjunto"), *self.norm_warnings()]
        if scope == "estagio":
            return [registry.warning("ubatuba_estagio_por_orgao"),
                    registry.warning("ubatuba_estagio_sem_minimo_de_tres")]
        if scope == "emprego":
            return [registry.warning("ubatuba_emprego_pcd_primeiro")]
        return []

    def set_reserved_seats(self, vacancies: int, percent: Fraction | None, scope: str) -> dict:
        """Reserved seats for a set of posts: cargos em comissão (art. 8º) or the estágios of an órgão
        (art. 1º, p. ú., I); a concurso's vacancies follow the default (the minimum of art. 2º, § 2º, per
        cargo; the rounding of art. 2º, § 3º, against the minimum of art. 1º).

        Returns {"reserved", "applies", "percent" (Fraction), "exact" (Fraction), "basis", "warnings",
        "steps"[, "headline_count"]}.
        """
        registry = self.registry
        p = legal_percent(registry, None, percent)
        exact = p / HUNDRED * vacancies
        # art. 2º, § 1º, speaks of the vacancies of a concurso or seleção: the set's percentage is art. 1º's
        percent_step = self.percent_step(p, vacancies, percent is not None)
        steps = [{**percent_step, "basis": [b for b in percent_step["basis"] if b != "ubatuba:art2_par1"]}]
        warnings = self.reserve_notes(vacancies, scope)
        reserved = reserved_count(registry, p, vacancies)
        # the set's minimum: art. 8º, caput (comissão) or art. 1º, p. ú., I (estágio), never art. 2º, caput,
        # which is the edital's duty for each cargo efetivo or emprego
        where = SET_BASIS[scope][0]
        if exact.denominator != 1:
            # A minimum over a whole set of posts (art. 8º; art. 1º, p. ú., I): rounding down would put the
            # set below 20% (12 cargos → 2 = 16,7%), so it is rounded up — labelled, the other count shown.
            rounded = reserved
            reserved = ceil(exact)
            steps.append(step(
                f"{format_percent(p)} de {format_int(vacancies)} = {format_number(exact)}; como limite "
                f"mínimo do conjunto, arredondado para cima: {reserved_phrase(reserved)} "
                f"({approx_percent(Fraction(reserved, vacancies))} do conjunto; interpretação).",
                ["ubatuba:art1_cpt", where]))
            if rounded != reserved:
                warnings.append(warning(
                    "ubatuba_minimo_do_conjunto_arredondado", "interpretacao",
                    f"{registry.scopes[scope].capitalize()}: o limite mínimo de {self._min_percent} vale "
                    "para o "
                    "conjunto ("
                    + ("art. 8º" if scope == "comissao" else "art. 1º, parágrafo único, inciso I") + "); "
                    f"arredondar {format_number(exact)} para baixo daria {reserved_phrase(rounded)} "
                    f"({approx_percent(Fraction(rounded, vacancies))} do conjunto), abaixo do mínimo. "
                    f"Leitura adotada: arredondar para cima ({reserved_phrase(reserved)}). Outra leitura: o "
                    f"arredondamento do art. 2º, § 3º (meio para cima), escrito para concursos: "
                    f"{reserved_phrase(rounded)}.",
                    ["ubatuba:art1_cpt", where, "ubatuba:art2_par3"]))
            extra = self._set_headline(reserved, vacancies, rounded)
        else:
            # a whole number: no rounding; the set's own provision, not art. 2º, caput (editais of concursos)
            steps.append(rounding_step(registry, p, vacancies, reserved, [where]))
            extra = self._set_headline(reserved, vacancies, reserved)
        return {**extra, "reserved": reserved, "applies": True, "percent": p, "exact": exact,
                "basis": collect_basis(["ubatuba:art1_cpt"], steps, warnings),
                "warnings": warnings, "steps": steps}

    def _set_headline(self, reserved: int, vacancies: int, half_up: int) -> dict:
        """The readings a set count rests on, beside the number in the headline: the rounding up (the half-up
        rounding of art. 2º, § 3º, gives ``half_up``) and the minimum of 3 vacancies of art. 2º, § 2º, not
        applied (applied, fewer than 3 posts would have no reserve)."""
        minimum = self._min_vacancies
        others = []
        if half_up != reserved:
            others.append(f"pelo art. 2º, § 3º, {format_int(half_up)}")
        if vacancies < minimum and reserved:
            others.append(f"aplicando o mínimo de {format_int(minimum)} vagas do art. 2º, § 2º, 0")
        if not others:
            return {}
        what = ("limite mínimo do conjunto arredondado para cima — interpretação" if half_up != reserved
                else f"mínimo de {format_int(minimum)} vagas não aplicado ao conjunto — interpretação")
        if half_up != reserved and len(others) == 2:
            what += f"; mínimo de {format_int(minimum)} vagas não aplicado"
        return {"headline_count": f"{reserved_phrase(reserved)} de {format_int(vacancies)} ({what}; "
                                  + "; ".join(others) + ")"}

    def order_notes(self, order: OrderContext) -> tuple[list[dict], list[dict]]:
        """Art. 7º: the reading used and the other one; the emprego exception; the first position against
        the minimum of 3; a reserved seat the reading leaves without position (calculator/rules/calls.py,
        call_positions).  The counts themselves are the registry's readings: "proporcional" is
        round_half_up(P/100 · n), the norm's own rounding (art. 2º, § 3º) *without* the minimum of 3, which
        decides whether the exam has a reserve at all (art. 2º, § 2º); "quinta" is ⌊P/100 · n⌋."""
        registry = self.registry
        reading, p, scope = order.reading, order.percent, order.scope
        placed, minimum = order.placed, self._min_vacancies
        values = reading_values(registry, reading)
        emprego = (scope or registry.default_scope) == "emprego"
        if emprego:
            # art. 7º excludes empregos from "alternância e proporcionalidade": the order is a reading, and
            # the generic note on how to read art. 7º does not apply
            warnings = [registry.warning("ubatuba_emprego_ordem_leitura")]
        else:
            warnings = [registry.warning(key, **values) for key in registry.order_warnings]
        if reading == "proporcional" and placed["positions"] and placed["positions"][0] < minimum:
            warnings.append(warning(
                "ubatuba_minimo_e_ordem", "interpretacao",
                f"Com {format_percent(p)}, a contagem proporcional já chega a 1 vaga reservada antes da "
                f"{format_int(minimum)}ª nomeação. O mínimo de {format_int(minimum)} vagas decide "
                "se o concurso tem reserva (e este tem); por isso a "
                f"1ª vaga reservada é chamada na {placed['positions'][0]}ª nomeação.",
                ["ubatuba:art2_par2", "ubatuba:art7_cpt"]))
        if placed["interpreted_positions"]:
            source = (" (limite mínimo do conjunto, arredondado para cima)" if scope in registry.set_scopes
                      else f" ({cited(rounding(registry).basis)})")
            warnings.append(self.unplaced_warning(order, source))
        if emprego:
            steps = [step(f"Ordem de nomeação ({reading}), por leitura: " + sentence(self.readings[reading])
                          + " A lei não define a ordem nos empregos públicos (o art. 7º os exclui da "
                          "alternância e proporcionalidade; sem base no corpus).", [], no_basis=True)]
        else:
            steps = [step(f"Ordem de nomeação ({reading}): " + sentence(self.readings[reading]),
                          ["ubatuba:art7_cpt"])]
        return steps, warnings

    def simulation_warnings(self, view) -> list[dict]:
        """What only this law says about a simulation: the reading of art. 4º, § 1º, used for a desisting
        optant; who takes the reserved seat under art. 7º; gender equity."""
        out = []
        if view.replaced_reserved:
            listed = view.options.replacement == "lista"
            out.append(warning(
                "ubatuba_substituicao_leitura", "interpretacao",
                "O art. 4º, § 1º, diz que a vaga do optante que desiste ou é inapto será preenchida \"pelo "
                "candidato posteriormente classificado\", sem dizer de qual lista. Leitura usada: "
                + ("o optante seguinte da lista da reserva (como o art. 7º, § 2º, e o propósito da reserva)."
                   if listed else "o candidato seguinte da classificação geral, optante ou não.")
                + " Outra leitura, disponível como opção "
                + ("(\"geral\"): o candidato seguinte da classificação geral." if listed
                   else "(\"lista\"): o optante seguinte da lista da reserva."),
                view.refs("replace_reserve", "replace_list")))
        if view.quota["reserva"]:
            out.append(self.registry.warning("ubatuba_alternancia_quem_ocupa"))
        out.append(self.registry.warning("ubatuba_equidade_genero_interpretacao" if view.options.gender_equity
                                     else "ubatuba_equidade_genero_desligada"))
        return out

    def nomination_applicability(self, default):
        """Cargos em comissão have no edital: the law reaches "as novas nomeações" made from its edição
        (art. 8º, parágrafo único) while it is in force (arts. 13 and 15); art. 14, on editais, does not
        apply.  The default answer (dated by an edital) is reworded for the date of the nomination."""
        values = placeholders(self.registry)
        window = {**default.window,
                  "short": f"feita de {values['start']} a {values['last_day']} (datas presumidas)",
                  "text": f"de {values['start']} a {values['last_day']} (datas presumidas: publicação na "
                          f"data de assinatura, art. 15; prazo de {values['prazo_de_vigencia_anos']} anos do "
                          "art. 13; \"a partir da edição desta Lei, para as novas nomeações\", art. 8º, "
                          "parágrafo único)",
                  "basis": ["ubatuba:art8_par1u", "ubatuba:art13", "ubatuba:art15"]}
        if default.date is None:
            return replace(default, date_kind="nomeacao", window=window,
                           premises=[missing_date_premise(window, "nomeacao")])
        when = default.date
        steps = [step(f"Nomeação em {format_date(when)}.", [])]
        reason = default.reason
        if default.applies is False and when < date.fromisoformat(self.registry.validity.start):
            reason = (f"a lei só alcança as nomeações feitas a partir de sua edição ({values['start']}, data "
                      "presumida; art. 8º, parágrafo único)")
            steps.append(step("Nomeação anterior à edição da lei: a lei não se aplica a ela.",
                              ["ubatuba:art8_par1u", "ubatuba:art15"]))
        elif default.applies is False:
            steps.append(step(f"Nomeação depois do fim do prazo: {reason}.", ["ubatuba:art13"]))
        else:
            steps.append(step(f"Nomeação durante a vigência de {values['prazo_de_vigencia_anos']} anos: a "
                              "lei se aplica.",
                              ["ubatuba:art8_par1u", "ubatuba:art13"]))
        validity = {**default.validity, "nomination_date": when.isoformat()}
        validity.pop("edital_date", None)
        premises = [w for w in default.premises if w["code"] != "ubatuba_edital_mesmo_dia"]
        return replace(default, date_kind="nomeacao", window=window, reason=reason, steps=steps,
                       validity=validity, premises=premises)
