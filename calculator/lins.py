"""Lins/SP — Decreto nº 13.760, de 8 de fevereiro de 2024 (read this beside laws/lins/texto.txt).

The decree regulates Lei nº 7.739/2023, which sets the percentage and is NOT in the corpus: the
user gives the percentage.  The decree is silent on rounding and on call order: both are
labelled interpretations here (half-up rounding and cumulative proportionality, as the other two
norms and federal practice do).
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
    collect_basis,
    count_phrase,
    format_int,
    format_percent,
    ordinals,
    reserved_phrase,
    sentence,
    step,
    warning,
)

#: Identity, validity, parameters, vínculos and readings: laws/lins/norma.toml (each fact once).
NORM = registry.load("lins")
SLUG, TITLE, CITATION = NORM.slug, NORM.title, NORM.citation
START = NORM.validity.start

PARAMS: dict[str, Parameter] = NORM.params()

SCOPES = NORM.scopes
DEFAULT_SCOPE = NORM.default_scope
READINGS = NORM.reading_descriptions()
DEFAULT_READING = NORM.default_reading

_ORIGIN = ["lins:art2_cpt_inc1", "lins:art5_cpt"]


def legal_percent(percent: Fraction | None) -> Fraction:
    """The user's percentage, required: Lei nº 7.739/2023, which sets it, is not in the corpus."""
    return engine.legal_percent(NORM, None, percent)


def _scope(scope: str | None) -> str:
    return engine.scope(NORM, scope)


def _answer_warnings(exact: Fraction) -> list[dict]:
    """Warnings that can change this answer: the percentage (always: it comes from outside the corpus)
    and the rounding (only when P/100 · N is not a whole number)."""
    out = [NORM.warning("lins_percentual_informado")]
    if exact.denominator != 1:
        direction, other = engine.other_rounding(exact)
        out.append(NORM.warning("lins_arredondamento_interpretacao", direction=direction,
                                other=count_phrase(other, "vaga", "vagas")))
    return out


def norm_warnings() -> list[dict]:
    """Properties of the decree's text that hold whatever the input (shown by `parametros` and on the
    norm's page; the simulator repeats the PcD one when PcD seats can change who is nominated)."""
    return [pcd_two_lists_warning(), NORM.warning("lins_tres_listas_quatro_incisos")]


def pcd_two_lists_warning() -> dict:
    return NORM.warning("lins_pcd_duas_listas")


def reserved_seats(vacancies: int, percent: Fraction | None = None, scope: str | None = None) -> dict:
    """Reserved seats with the user's percentage (Lei nº 7.739/2023) and half-up rounding (interpretation)."""
    _scope(scope)
    p = legal_percent(percent)
    exact = p / HUNDRED * vacancies
    reserved = engine.reserved_count(NORM, p, vacancies)
    # The decree fixes no percentage (art. 2º, I, and art. 5º only name Lei nº 7.739/2023): no basis.
    steps = [
        step(f"Percentual: {format_percent(p)}, informado (sem base no corpus: percentual informado; "
             "o decreto só remete à Lei nº 7.739/2023, art. 2º, I).", [], no_basis=True),
        engine.rounding_step(NORM, p, vacancies, reserved, NORM.common.whole_basis),
    ]
    warnings = _answer_warnings(exact)
    extra = {}
    if exact.denominator != 1:
        # The rounding is an interpretation: the headline says so and gives the other direction's count.
        direction, other = engine.other_rounding(exact)
        extra["headline_count"] = (
            f"{reserved_phrase(reserved)} de {format_int(vacancies)}, com o percentual informado "
            f"({format_percent(p)}) e arredondamento por interpretação (o decreto não trata disso; confira a "
            "Lei nº 7.739/2023)")
        verb = "seria" if other == 1 else "seriam"
        extra["headline_note"] = f"arredondando {direction}, {verb} {format_int(other)}"
    return {**extra, "reserved": reserved, "applies": True, "percent": p, "exact": exact,
            "basis": collect_basis(["lins:art5_cpt"], steps, warnings),
            "warnings": warnings, "steps": steps}


def call_count(n: int, percent: Fraction | None = None, reading: str | None = None) -> int:
    return engine.call_count(NORM, n, percent, reading)


def call_positions(vacancies: int, percent: Fraction | None = None, reading: str | None = None,
                   scope: str | None = None, limit: int = POSITIONS_LIMIT) -> dict:
    """Call order. The decree has no rule on it: labelled interpretation (default: cumulative
    proportionality)."""
    return engine.call_positions(NORM, sys.modules[__name__], vacancies, percent, reading, scope, limit)


def order_notes(order: engine.OrderContext) -> tuple[list[dict], list[dict]]:
    """The decree is silent on the call order: the reading is an interpretation, the other one is shown;
    a reserved seat the reading leaves without position is placed (hook of engine.call_positions)."""
    reading, vacancies = order.reading, order.vacancies
    warnings = [NORM.warning("lins_ordem_interpretacao", **engine.reading_values(NORM, reading))]
    if order.placed["interpreted_positions"]:
        warnings.append(warning(
            "lins_ordem_menor_que_reserva", "conflito",
            f"A reserva é de {count_phrase(order.reserve['reserved'], 'vaga', 'vagas')}, mas a leitura "
            f"\"{reading}\" só dá {count_phrase(order.positions_total, 'posição', 'posições')} entre as "
            f"{format_int(vacancies)} nomeações. Para não reduzir a reserva, a vaga sem posição é chamada na "
            f"{ordinals(order.placed['interpreted_positions'])} nomeação, a última não reservada entre as "
            f"{format_int(vacancies)} (interpretação; sem base no corpus).", [], no_basis=True))
    steps = [step(
        f"Ordem de nomeação ({reading}, interpretação; sem base no corpus: o decreto não a define): "
        + sentence(READINGS[reading]), [], no_basis=True)]
    return steps, warnings


def validity(edital_date: date) -> dict:
    """Does the decree govern an exam whose edital was published on ``edital_date``? (art. 11; no term).

    ``applies``: False before 01/01/2023 (Lei nº 7.739/2023 did not exist yet); None from 01/01/2023 to
    07/02/2024 (the corpus cannot tell); True from the decree's publication on.  ``decree_in_force`` says
    whether the decree's own procedures were in force.  Answers: laws/lins/norma.toml, [validity.cases]."""
    return validity_rules.validity(NORM, edital_date)


def validity_window() -> dict:
    """The editais the decree governs (from its publication; from 2023 until then, the corpus cannot tell)."""
    return validity_rules.window(NORM)


def simulation_warnings(view) -> list[dict]:
    """What only this decree says about a simulation (hook of calculator.simulator.notices): the two
    precedence rules for a PcD candidate on the list of negros (art. 6º, § 2º × art. 4º, parágrafo único),
    and the gap for a candidate on the female list and the reserve."""
    out = []
    conflicts = view.conflicts
    names = ", ".join(x.candidate for x in conflicts[:5]) + ("…" if len(conflicts) > 5 else "")
    if any("pcd" in x.lists and "reserva" in x.lists for x in conflicts):
        rule = view.options.precedence
        alt = "art4_par1u" if rule == "art6_par2" else "art6_par2"
        out.append(warning(
            "lins_precedencia_conflito", "conflito",
            view.agree("Candidato classificado", [x.candidate for x in conflicts]).capitalize()
            + " ao mesmo tempo nas listas de pessoas com deficiência e "
            f"de pessoas negras ({names}). O art. 6º, § 2º, manda nomear pela lista de negros; o "
            "art. 4º, parágrafo único, manda nomear pela lista em que estiver melhor "
            "classificado. Regra usada: "
            + ("art. 6º, § 2º" if rule == "art6_par2" else "art. 4º, parágrafo único")
            + "; a outra regra está disponível como opção (\"" + alt.replace("_", "-") + "\").",
            ["lins:art6_par2", "lins:art4_par1u"]))
    both = [x.candidate for x in conflicts if "feminina" in x.lists and "reserva" in x.lists]
    if both:
        racial_first = (" pela reserva racial, liberando a vaga feminina para a seguinte da lista "
                        "feminina")
        female_first = (" pela vaga feminina (art. 6º, § 3º, por analogia), liberando a vaga racial "
                        "para o seguinte da lista de pessoas negras")
        racial = view.options.female_precedence == "reserva"
        # the decree has no rule for this pair, and each reading hands a different seat to the next
        # candidate: a conflict between two analogies, shown with the other reading
        out.append(warning(
            "lins_feminina_reserva_lacuna", "conflito",
            ("Candidata classificada" if len(both) == 1 else "Candidatas classificadas")
            + " ao mesmo tempo nas vagas femininas e na reserva racial ("
            + ", ".join(both[:5]) + ("…" if len(both) > 5 else "") + "): o "
            "decreto só regula PcD × negros (art. 6º, § 2º) e PcD × feminina (art. 6º, § 3º). A "
            "simulação "
            + ("a nomeou" if len(both) == 1 else "as nomeou")
            + (racial_first if racial else female_first)
            + " (interpretação). Outra leitura, disponível como opção (precedência feminina \""
            + ("feminina" if racial else "reserva") + "\"): "
            + ("nomeá-la" if len(both) == 1 else "nomeá-las")
            + (female_first if racial else racial_first) + ".",
            ["lins:art6_par2", "lins:art6_par3"]))
    return out
