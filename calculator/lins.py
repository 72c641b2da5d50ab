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
from calculator.rules import POSITIONS_LIMIT, warning
from calculator.standard import StandardRules

#: Identity, validity, parameters, vínculos and readings: laws/lins/norma.toml (each fact once).
NORM = registry.load("lins")
SLUG, TITLE, CITATION = NORM.slug, NORM.title, NORM.citation
START = NORM.validity.start

PARAMS: dict[str, Parameter] = NORM.params()

SCOPES = NORM.scopes
DEFAULT_SCOPE = NORM.default_scope
READINGS = NORM.reading_descriptions()
DEFAULT_READING = NORM.default_reading

#: The decree follows the common pattern (percentage given, rounding and order by interpretation); only its
#: PcD and three-lists notes are its own.
COMMON = StandardRules(NORM)


def legal_percent(percent: Fraction | None) -> Fraction:
    """The user's percentage, required: Lei nº 7.739/2023, which sets it, is not in the corpus."""
    return engine.legal_percent(NORM, None, percent)


def _scope(scope: str | None) -> str:
    return engine.scope(NORM, scope)


def norm_warnings() -> list[dict]:
    """Properties of the decree's text that hold whatever the input (shown by `parametros` and on the
    norm's page; the simulator repeats the PcD one when PcD seats can change who is nominated)."""
    return [pcd_two_lists_warning(), NORM.warning("lins_tres_listas_quatro_incisos")]


def pcd_two_lists_warning() -> dict:
    return NORM.warning("lins_pcd_duas_listas")


def reserved_seats(vacancies: int, percent: Fraction | None = None, scope: str | None = None) -> dict:
    """Reserved seats with the user's percentage (Lei nº 7.739/2023) and half-up rounding (interpretation):
    the common pattern, in the decree's wording (laws/lins/norma.toml, [reserve])."""
    return COMMON.reserved_seats(vacancies, percent, scope)


def call_count(n: int, percent: Fraction | None = None, reading: str | None = None) -> int:
    return engine.call_count(NORM, n, percent, reading)


def call_positions(vacancies: int, percent: Fraction | None = None, reading: str | None = None,
                   scope: str | None = None, limit: int = POSITIONS_LIMIT) -> dict:
    """Call order. The decree has no rule on it: labelled interpretation (default: cumulative
    proportionality)."""
    return engine.call_positions(NORM, sys.modules[__name__], vacancies, percent, reading, scope, limit)


def order_notes(order: engine.OrderContext) -> tuple[list[dict], list[dict]]:
    """The decree is silent on the call order: the reading is an interpretation, the other one is shown;
    a reserved seat the reading leaves without position is placed (the common pattern)."""
    return COMMON.order_notes(order)


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
