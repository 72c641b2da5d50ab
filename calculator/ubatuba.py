"""Ubatuba/SP — Lei nº 3.765, de 16 de junho de 2014 (read this beside laws/ubatuba/texto.txt).

Parameters (each with the provision that sets it) and the rules: reserved seats (art. 1º, art. 2º),
call order (art. 7º), validity (arts. 13 to 15).
"""

from __future__ import annotations

import sys
from datetime import date
from fractions import Fraction

from calculator import engine, registry
from calculator import validity as validity_rules
from calculator.params import Parameter
from calculator.rules import (
    HUNDRED,
    POSITIONS_LIMIT,
    approx_percent,
    collect_basis,
    count_phrase,
    format_int,
    format_number,
    format_percent,
    ordinals,
    reserved_phrase,
    sentence,
    step,
    warning,
)
from calculator.standard import StandardRules

#: Identity, validity, parameters, vínculos and readings: laws/ubatuba/norma.toml (each fact once).
NORM = registry.load("ubatuba")
SLUG, TITLE, CITATION = NORM.slug, NORM.title, NORM.citation
START = NORM.validity.start
END = NORM.validity.term_end  # art. 13: ten years; last day by the assumption stated in validity()
PARAMS: dict[str, Parameter] = NORM.params()

#: Accepted values of the "vinculo" option (scope of the reserve) and their pt-BR names.
SCOPES = NORM.scopes
DEFAULT_SCOPE = NORM.default_scope
#: Scopes where the minimum applies to a whole set of posts, not to the vacancies of one concurso:
#: cargos em comissão (art. 8º) and estágios in each órgão (art. 1º, parágrafo único, I).
SET_SCOPES = NORM.set_scopes
#: The provision that sets each set scope's minimum (cited for its count, never art. 2º, which is about
#: the vacancies of each cargo efetivo or emprego in an edital).
SET_BASIS = {"comissao": ("ubatuba:art8_cpt",), "estagio": ("ubatuba:art1_par1u_inc1",)}

#: Readings of art. 7º ("alternância e proporcionalidade").
READINGS = NORM.reading_descriptions()
DEFAULT_READING = NORM.default_reading

_MIN_VACANCIES = PARAMS["vagas_minimas"].value
# "20%": the sentences name the registry's value, written once
_MIN_PERCENT = format_percent(PARAMS["percentual_minimo"].value)

#: Vínculos without a call order (core.order refuses them with this reason): the minimum is over a set.
ORDER_REFUSALS = {
    "comissao": "a lei não fixa ordem de convocação para cargos em comissão: são de livre nomeação (não há "
                f"lista de aprovados a chamar), e o limite mínimo de {_MIN_PERCENT} vale para o conjunto "
                "desses cargos (art. 8º); use a reserva (comando reserva) para o número do conjunto",
    "estagio": "a lei não fixa ordem de convocação para estágios: são contratações, não nomeações de "
               "aprovados em concurso, e o mínimo vale em cada órgão (art. 1º, parágrafo único, I); use a "
               "reserva (comando reserva) para o número de cada órgão",
}

#: Exceptions to the applicability stage's default (calculator/applicability.py), by vínculo.
APPLICABILITY_EXCEPTIONS = {"comissao": "nomination_applicability"}
#: The steps this law shares with the common pattern (percentage, minimum of 3, rounding below 20%).
COMMON = StandardRules(NORM)


def legal_percent(percent: Fraction | None) -> Fraction:
    """The percentage to apply: 20% by default; an edital may reserve more (never less)."""
    return engine.legal_percent(NORM, None, percent)


def _scope(scope: str | None) -> str:
    return engine.scope(NORM, scope)


def art8_warning() -> dict:
    """A property of the text itself (shown with `parametros` and with --vinculo comissao)."""
    return NORM.warning("ubatuba_art8_paragrafo_inexistente")


def norm_warnings() -> list[dict]:
    """Warnings that hold for the norm itself, whatever the input (shown by `parametros`)."""
    return [art8_warning()]


def _scope_warnings(scope: str) -> list[dict]:
    out = []
    if scope == "comissao":
        out.append(NORM.warning("ubatuba_comissao_conjunto"))
        out.append(art8_warning())
    elif scope == "estagio":
        out.append(NORM.warning("ubatuba_estagio_por_orgao"))
        out.append(NORM.warning("ubatuba_estagio_sem_minimo_de_tres"))
    elif scope == "emprego":
        out.append(NORM.warning("ubatuba_emprego_pcd_primeiro"))
    return out


def reserved_seats(vacancies: int, percent: Fraction | None = None, scope: str | None = None) -> dict:
    """Reserved seats for ``vacancies`` vacancies of one cargo/emprego (art. 2º, caput).

    Returns {"reserved", "applies", "percent" (Fraction), "exact" (Fraction), "basis", "warnings", "steps"}.
    """
    scope = _scope(scope)
    p = legal_percent(percent)
    exact = p / HUNDRED * vacancies
    steps = [COMMON.percent_step(p, vacancies, percent is not None)]
    warnings = _scope_warnings(scope)
    if scope not in SET_SCOPES:
        # a concurso's vacancies: the common pattern (minimum of art. 2º, § 2º, per cargo)
        warnings += [NORM.warning(key) for key in NORM.common.reserve_warnings]
        none = COMMON.vacancies_gate(vacancies, p, steps, warnings)
        if none is not None:
            return none
    reserved = engine.reserved_count(NORM, p, vacancies)
    # the set's minimum: art. 8º, caput (comissão) or art. 1º, p. ú., I (estágio), never art. 2º, caput,
    # which is the edital's duty for each cargo efetivo or emprego
    where = SET_BASIS.get(scope, ("",))[0]
    extra: dict = {}
    if scope in SET_SCOPES and exact.denominator != 1:
        # A minimum over a whole set of posts (art. 8º; art. 1º, p. ú., I): rounding down would put the
        # set below 20% (12 cargos → 2 = 16,7%), so it is rounded up — labelled, the other count shown.
        rounded = reserved
        reserved = -((-exact.numerator) // exact.denominator)
        steps.append(step(
            f"{format_percent(p)} de {format_int(vacancies)} = {format_number(exact)}; como limite mínimo do "
            f"conjunto, arredondado para cima: {reserved_phrase(reserved)} "
            f"({approx_percent(Fraction(reserved, vacancies))} do conjunto; interpretação).",
            ["ubatuba:art1_cpt", where]))
        if rounded != reserved:
            warnings.append(warning(
                "ubatuba_minimo_do_conjunto_arredondado", "interpretacao",
                f"{SCOPES[scope].capitalize()}: o limite mínimo de {_MIN_PERCENT} vale para o conjunto "
                f"({'art. 8º' if scope == 'comissao' else 'art. 1º, parágrafo único, inciso I'}); "
                f"arredondar {format_number(exact)} para baixo daria {reserved_phrase(rounded)} "
                f"({approx_percent(Fraction(rounded, vacancies))} do conjunto), abaixo do mínimo. "
                f"Leitura adotada: arredondar para cima ({reserved_phrase(reserved)}). Outra leitura: o "
                f"arredondamento do art. 2º, § 3º (meio para cima), escrito para concursos: "
                f"{reserved_phrase(rounded)}.",
                ["ubatuba:art1_cpt", where, "ubatuba:art2_par3"]))
        extra = _set_headline(reserved, vacancies, rounded)
    elif scope in SET_SCOPES:
        # a whole number: no rounding; the set's own provision, not art. 2º, caput (editais of concursos)
        steps.append(engine.rounding_step(NORM, p, vacancies, reserved, [where]))
        extra = _set_headline(reserved, vacancies, reserved)
    else:
        steps.append(engine.rounding_step(NORM, p, vacancies, reserved, NORM.common.whole_basis))
    # Art. 1º sets a "limite mínimo" of 20%; the rounding of art. 2º, § 3º, can fall below it (7 → 1,
    # 14,3%): the specific rule is applied, and the headline and a conflict say so (the common pattern).
    if scope not in SET_SCOPES:
        extra = COMMON.rounding_notes(p, vacancies, exact, reserved, warnings)
    return {**extra, "reserved": reserved, "applies": True, "percent": p, "exact": exact,
            "basis": collect_basis(["ubatuba:art1_cpt"], [] if scope in SET_SCOPES else ["ubatuba:art2_cpt"],
                                   steps, warnings),
            "warnings": warnings, "steps": steps}


def _set_headline(reserved: int, vacancies: int, half_up: int) -> dict:
    """The readings a set count rests on, beside the number in the headline: the rounding up (the half-up
    rounding of art. 2º, § 3º, gives ``half_up``) and the minimum of 3 vacancies of art. 2º, § 2º, not
    applied (applied, fewer than 3 posts would have no reserve)."""
    others = []
    if half_up != reserved:
        others.append(f"pelo art. 2º, § 3º, {format_int(half_up)}")
    if vacancies < _MIN_VACANCIES and reserved:
        others.append(f"aplicando o mínimo de {format_int(_MIN_VACANCIES)} vagas do art. 2º, § 2º, 0")
    if not others:
        return {}
    what = ("limite mínimo do conjunto arredondado para cima — interpretação" if half_up != reserved
            else f"mínimo de {format_int(_MIN_VACANCIES)} vagas não aplicado ao conjunto — interpretação")
    if half_up != reserved and len(others) == 2:
        what += f"; mínimo de {format_int(_MIN_VACANCIES)} vagas não aplicado"
    return {"headline_count": f"{reserved_phrase(reserved)} de {format_int(vacancies)} ({what}; "
                              + "; ".join(others) + ")"}


def call_count(n: int, percent: Fraction | None = None, reading: str | None = None) -> int:
    """Reserved-list nominations among the first n nominations, under ``reading``.

    "proporcional": round_half_up(P/100 · n) — the norm's own count with its rounding (art. 2º, § 3º),
    *without* the minimum of 3, which decides whether the exam has a reserve at all (art. 2º, § 2º).
    "quinta": ⌊P/100 · n⌋.  Non-decreasing in n, growing by at most 1 per nomination.
    """
    return engine.call_count(NORM, n, percent, reading)


def call_positions(vacancies: int, percent: Fraction | None = None, reading: str | None = None,
                   scope: str | None = None, limit: int = POSITIONS_LIMIT) -> dict:
    """Which of the first ``vacancies`` nominations go to the reserved list (art. 7º), with reading.

    Returns {"positions", "positions_total", "positions_truncated", "pattern", "reserved", "reading",
    "percent", "applies", "basis", "warnings", "steps"}.
    """
    return engine.call_positions(NORM, sys.modules[__name__], vacancies, percent, reading, scope, limit)


def order_notes(order: engine.OrderContext) -> tuple[list[dict], list[dict]]:
    """Art. 7º: the reading used and the other one; the emprego exception; the first position against the
    minimum of 3; a reserved seat the reading leaves without position (hook of engine.call_positions)."""
    reading, p, scope, vacancies = order.reading, order.percent, order.scope, order.vacancies
    placed = order.placed
    values = engine.reading_values(NORM, reading)
    emprego = (scope or DEFAULT_SCOPE) == "emprego"
    if emprego:
        # art. 7º excludes empregos from "alternância e proporcionalidade": the order is a reading, and
        # the generic note on how to read art. 7º does not apply
        warnings = [NORM.warning("ubatuba_emprego_ordem_leitura")]
    else:
        warnings = [NORM.warning(key, **values) for key in NORM.common.order_warnings]
    if reading == "proporcional" and placed["positions"] and placed["positions"][0] < _MIN_VACANCIES:
        warnings.append(warning(
            "ubatuba_minimo_e_ordem", "interpretacao",
            f"Com {format_percent(p)}, a contagem proporcional já chega a 1 vaga reservada antes da "
            f"{format_int(_MIN_VACANCIES)}ª nomeação. O mínimo de {format_int(_MIN_VACANCIES)} vagas decide "
            "se o concurso tem reserva (e este tem); por isso a "
            f"1ª vaga reservada é chamada na {placed['positions'][0]}ª nomeação.",
            ["ubatuba:art2_par2", "ubatuba:art7_cpt"]))
    if placed["interpreted_positions"]:
        warnings.append(warning(
            "ubatuba_ordem_menor_que_reserva", "conflito",
            f"A reserva é de {count_phrase(order.reserve['reserved'], 'vaga', 'vagas')} "
            + ("(limite mínimo do conjunto, arredondado para cima)" if scope in SET_SCOPES
               else "(art. 2º, § 3º)")
            + ", mas a leitura "
            f"\"{reading}\" só dá {count_phrase(order.positions_total, 'posição', 'posições')} entre as "
            f"{format_int(vacancies)} nomeações. Para não reduzir a reserva, a vaga sem posição é chamada na "
            f"{ordinals(placed['interpreted_positions'])} nomeação, a última não reservada entre as "
            f"{format_int(vacancies)} (interpretação).",
            ["ubatuba:art2_par3", "ubatuba:art7_cpt"]))
    if emprego:
        steps = [step(f"Ordem de nomeação ({reading}), por leitura: " + sentence(READINGS[reading])
                      + " A lei não define a ordem nos empregos públicos (o art. 7º os exclui da "
                      "alternância e proporcionalidade; sem base no corpus).", [], no_basis=True)]
    else:
        steps = [step(f"Ordem de nomeação ({reading}): " + sentence(READINGS[reading]), ["ubatuba:art7_cpt"])]
    return steps, warnings


def validity(edital_date: date) -> dict:
    """Does the law govern an exam whose edital was published on ``edital_date``? (arts. 13, 14, 15;
    answers: laws/ubatuba/norma.toml, [validity.cases])"""
    return validity_rules.validity(NORM, edital_date)


def validity_window() -> dict:
    """The editais the law governs (arts. 13 to 15, dates presumed)."""
    return validity_rules.window(NORM)


def simulation_warnings(view) -> list[dict]:
    """What only this law says about a simulation (hook of calculator.simulator.notices): the reading of
    art. 4º, § 1º, used for a desisting optant; who takes the reserved seat under art. 7º; gender equity."""
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
        out.append(NORM.warning("ubatuba_alternancia_quem_ocupa"))
    out.append(NORM.warning("ubatuba_equidade_genero_interpretacao" if view.options.gender_equity
                            else "ubatuba_equidade_genero_desligada"))
    return out


def nomination_applicability(default):
    """Cargos em comissão have no edital: the law reaches "as novas nomeações" made from its edição
    (art. 8º, parágrafo único) while it is in force (arts. 13 and 15); art. 14, on editais, does not
    apply.  The default answer (dated by an edital) is reworded for the date of the nomination."""
    from dataclasses import replace

    from calculator.applicability import missing_date_premise
    from calculator.rules import format_date

    values = validity_rules.placeholders(NORM)
    window = {**default.window,
              "short": f"feita de {values['start']} a {values['last_day']} (datas presumidas)",
              "text": f"de {values['start']} a {values['last_day']} (datas presumidas: publicação na data de "
                      f"assinatura, art. 15; prazo de {values['prazo_de_vigencia_anos']} anos do art. 13; "
                      "\"a partir da edição desta Lei, para as novas nomeações\", art. 8º, parágrafo único)",
              "basis": ["ubatuba:art8_par1u", "ubatuba:art13", "ubatuba:art15"]}
    if default.date is None:
        return replace(default, date_kind="nomeacao", window=window,
                       premises=[missing_date_premise(window, "nomeacao")])
    when = default.date
    steps = [step(f"Nomeação em {format_date(when)}.", [])]
    reason = default.reason
    if default.applies is False and when < date.fromisoformat(NORM.validity.start):
        reason = (f"a lei só alcança as nomeações feitas a partir de sua edição ({values['start']}, data "
                  "presumida; art. 8º, parágrafo único)")
        steps.append(step("Nomeação anterior à edição da lei: a lei não se aplica a ela.",
                          ["ubatuba:art8_par1u", "ubatuba:art15"]))
    elif default.applies is False:
        steps.append(step(f"Nomeação depois do fim do prazo: {reason}.", ["ubatuba:art13"]))
    else:
        steps.append(step(f"Nomeação durante a vigência de {values['prazo_de_vigencia_anos']} anos: a lei se "
                          "aplica.",
                          ["ubatuba:art8_par1u", "ubatuba:art13"]))
    validity = {**default.validity, "nomination_date": when.isoformat()}
    validity.pop("edital_date", None)
    premises = [w for w in default.premises if w["code"] != "ubatuba_edital_mesmo_dia"]
    return replace(default, date_kind="nomeacao", window=window, reason=reason, steps=steps,
                   validity=validity, premises=premises)
