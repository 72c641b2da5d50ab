"""Quissamã/RJ — Lei nº 1.289, de 3 de março de 2012 (read this beside laws/quissama/texto.txt).

Parameters (each with the provision that sets it) and the rules: reserved seats (art. 1º, §§ 1º and
7º), call order (art. 3º, § 1º: the fifth of every 5 nominations), validity (arts. 5º and 6º).
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
    format_number,
    format_percent,
    ordinals,
    step,
    warning,
)
from calculator.standard import StandardRules

#: Identity, validity, parameters, vínculos and readings: laws/quissama/norma.toml (each fact once).
NORM = registry.load("quissama")
SLUG, TITLE, CITATION = NORM.slug, NORM.title, NORM.citation
START = NORM.validity.start
END = NORM.validity.term_end  # art. 5º: ten years (last day by the assumption stated in validity())
EXTENSION_START = NORM.validity.extension.start  # Lei nº 2.189/2022 (note in art. 5º; not in the corpus)
EXTENDED_END = NORM.validity.extension.end  # "mais 10 anos" added without interruption (continuous model)

PARAMS: dict[str, Parameter] = NORM.params()

SCOPES = NORM.scopes
DEFAULT_SCOPE = NORM.default_scope
READINGS = NORM.reading_descriptions()
DEFAULT_READING = NORM.default_reading

_FULL = PARAMS["percentual"].value
_SMALL = PARAMS["percentual_ate_5_vagas"].value
_SMALL_LIMIT = PARAMS["limite_vagas_percentual_reduzido"].value
# "20%", "10%": the sentences name the registry's values, written once
_FULL_SHOWN, _SMALL_SHOWN = format_percent(_FULL), format_percent(_SMALL)
#: The steps this law shares with the common pattern (the percentage by the number of vacancies).
COMMON = StandardRules(NORM)


def legal_percent(vacancies: int, percent: Fraction | None = None) -> Fraction:
    """20%, or 10% with 5 vacancies or fewer (art. 1º, § 7º). A given percentage must match."""
    return engine.legal_percent(NORM, vacancies, percent)


def _scope(scope: str | None) -> str:
    return engine.scope(NORM, scope)


def _conflict_warnings(vacancies: int) -> list[dict]:
    out = []
    if vacancies > _SMALL_LIMIT and vacancies % 5 in (3, 4):
        reserved = engine.reserved_count(NORM, _FULL, vacancies)
        out.append(warning(
            "quissama_reserva_maior_que_ordem", "conflito",
            f"Com {format_int(vacancies)} vagas, o art. 1º (com o arredondamento do § 1º) reserva "
            f"{format_int(reserved)} vagas, mas o art. 3º, § 1º (a quinta de cada 5 nomeações) só "
            f"destina {format_int(vacancies // 5)} das {format_int(vacancies)} primeiras nomeações à "
            "lista específica. A contagem do art. 1º prevalece (os não cotistas concorrem às vagas "
            "\"excluídas aquelas objeto da reserva\", § 3º, e as vagas só revertem sem cotista aprovado, "
            f"§ 6º): a vaga reservada restante é a {format_int(vacancies)}ª nomeação, a última do bloco "
            "incompleto de cinco (interpretação).",
            ["quissama:art1_cpt", "quissama:art1_par1", "quissama:art1_par3", "quissama:art1_par6",
             "quissama:art3_par1"]))
    if vacancies <= _SMALL_LIMIT:
        small = engine.reserved_count(NORM, _SMALL, vacancies)
        full = engine.reserved_count(NORM, _FULL, vacancies)
        twenty = f"{_FULL_SHOWN} de {format_int(vacancies)} = {format_number(_FULL / HUNDRED * vacancies)}"
        if small == full:
            compare = f"o mesmo resultado que {_FULL_SHOWN} daria ({twenty} → {format_int(full)})"
        else:
            compare = (f"com {_FULL_SHOWN} seria {format_int(full)} vaga ({twenty}): a redução do § 7º "
                       "zera a reserva")
        where = (" Pelo art. 3º, § 1º, a vaga reservada é a 5ª nomeação." if small else
                 " Sem vaga reservada, ninguém é nomeado pela lista específica.")
        out.append(warning(
            "quissama_dez_por_cento", "aviso",
            f"Com {count_phrase(vacancies, 'vaga', 'vagas')}, {_SMALL_SHOWN} (art. 1º, § 7º) dá "
            f"{format_number(_SMALL / HUNDRED * vacancies)}, arredondado para {format_int(small)} "
            f"(0,5 arredonda para cima, § 1º) — {compare}.{where}",
            ["quissama:art1_par7", "quissama:art1_par1", "quissama:art3_par1"]))
    return out


def beyond_vacancies_warnings(warnings: list[dict], vacancies: int) -> list[dict]:
    """For nominations beyond the vacancies (calculator/nominations.py): the § 7º note says no one is called
    from the specific list "sem vaga reservada" — true of the vacancies offered, not of the nominations
    after them."""
    after = (f" Sem vaga reservada, nenhuma das {format_int(vacancies)} primeiras nomeações é da lista "
             "específica.")
    return [{**w, "message": w["message"].replace(
        " Sem vaga reservada, ninguém é nomeado pela lista específica.", after)}
        if w["code"] == "quissama_dez_por_cento" else w for w in warnings]


def reserved_seats(vacancies: int, percent: Fraction | None = None, scope: str | None = None) -> dict:
    """Reserved seats for ``vacancies`` vacancies (art. 1º, caput, §§ 1º and 7º)."""
    _scope(scope)
    p = legal_percent(vacancies, percent)
    exact = p / HUNDRED * vacancies
    reserved = engine.reserved_count(NORM, p, vacancies)
    steps = [COMMON.percent_step(p, vacancies, percent is not None),
             engine.rounding_step(NORM, p, vacancies, reserved, NORM.common.whole_basis)]
    warnings = _conflict_warnings(vacancies) + [NORM.warning(key) for key in NORM.common.reserve_warnings]
    extra = {}
    if reserved == 0:
        # 1 to 4 vacancies: 10% rounds to 0 (art. 1º, §§ 1º and 7º); the headline says why, and what 20%
        # would give, instead of a bare "0 vagas".
        full = engine.reserved_count(NORM, _FULL, vacancies)
        extra["headline_count"] = f"nenhuma vaga reservada de {format_int(vacancies)}"
        extra["headline_note"] = (
            f"com até {format_int(_SMALL_LIMIT)} vagas o percentual é de {_SMALL_SHOWN} (art. 1º, § 7º), e "
            f"{_SMALL_SHOWN} de {format_int(vacancies)} = {format_number(exact)} arredonda para 0 (§ 1º). "
            f"Com {_FULL_SHOWN}, "
            + (f"seria {count_phrase(full, 'vaga', 'vagas')}" if full else "também seria 0"))
    return {**extra, "reserved": reserved, "applies": True, "percent": p, "exact": exact,
            "basis": collect_basis(["quissama:art1_cpt"], steps, warnings),
            "warnings": warnings, "steps": steps}


def call_count(n: int, percent: Fraction | None = None, reading: str | None = None) -> int:
    """Reserved-list nominations among the first n nominations: ⌊n/5⌋ (art. 3º, § 1º, literally)."""
    return engine.call_count(NORM, n, percent, reading)


def call_positions(vacancies: int, percent: Fraction | None = None, reading: str | None = None,
                   scope: str | None = None, limit: int = POSITIONS_LIMIT) -> dict:
    """The 5th, 10th, 15th… of the first ``vacancies`` nominations (art. 3º, § 1º)."""
    return engine.call_positions(NORM, sys.modules[__name__], vacancies, percent, reading, scope, limit)


def order_notes(order: engine.OrderContext) -> tuple[list[dict], list[dict]]:
    """Art. 3º, § 1º, and the art. 1º count: a reserved seat beyond the whole blocks of five is the last
    nomination of the incomplete block (hook of engine.call_positions)."""
    steps = [step(
        "Ordem de nomeação: pela classificação geral, mas a cada fração de 5 nomeações a quinta vai "
        "para a lista específica — "
        f"{count_phrase(order.positions_total, 'nomeação reservada', 'nomeações reservadas')} "
        f"entre as {format_int(order.vacancies)} primeiras.", ["quissama:art3_par1"])]
    if order.placed["interpreted_positions"]:
        steps.append(step(
            f"A reserva do art. 1º tem uma vaga a mais que os blocos completos de cinco: ela é chamada na "
            f"{ordinals(order.placed['interpreted_positions'])} nomeação, a última do bloco incompleto "
            "(interpretação: a contagem do art. 1º prevalece sobre a falta de posição no art. 3º, § 1º).",
            ["quissama:art1_cpt", "quissama:art1_par3", "quissama:art3_par1"]))
    return steps, []


def validity(edital_date: date) -> dict:
    """Does the law govern an exam whose edital was published on ``edital_date``? (arts. 5º and 6º)

    Extension (Lei nº 2.189/2022, known only from the source's compilation note): continuous model,
    labelled; the lapse-and-new-law model is shown in the warning.  Where the two models disagree (04 to
    17/03/2022: only the adopted one covers the edital; 04 to 18/03/2032: only the other one does),
    ``applies`` stays the adopted model's answer, so that every tool agrees on one verdict, and the
    `reserva` headline states the other model's outcome beside it (calculator/validity.py, other_model).
    Answers: laws/quissama/norma.toml, [validity.cases]."""
    return validity_rules.validity(NORM, edital_date)


def validity_window() -> dict:
    """The editais the law governs, under the model adopted for the extension (dates presumed)."""
    return validity_rules.window(NORM)


def simulation_warnings(view) -> list[dict]:
    """What only this law says about a simulation (hook of calculator.simulator.notices): no rule for a
    candidate in the reserve and the PcD list; who takes the fifth seat (art. 3º, § 1º)."""
    out = []
    if view.conflicts:
        names = ", ".join(x.candidate for x in view.conflicts[:5]) + ("…" if len(view.conflicts) > 5 else "")
        out.append(NORM.warning(
            "quissama_precedencia_lacuna", names=names,
            who=view.agree("Candidato classificado", [x.candidate for x in view.conflicts]).capitalize()))
    if view.quota["reserva"]:
        concurrent = ("concorrência concomitante — o cotista classificado dentro das vagas de ampla "
                      "concorrência é nomeado por elas, e a quinta vaga vai ao cotista seguinte fora delas "
                      "(art. 1º, § 2º)")
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
