"""The simulation, phase by phase: options, seat schedule, lists, filling, replacement, reversion, report.

Policy comes from the norm's registry (``[simulation]`` of laws/<slug>/norma.toml, read by policy.py) and,
for what only one norm says, from its ``Rules``' ``simulation_warnings`` (notices.py): no norm is named
here."""

from __future__ import annotations

import gc
from fractions import Fraction

from calculator.csv import candidates
from calculator.errors import InputError
from calculator.ptbr import count_phrase, format_int
from calculator.rules import rules_for
from calculator.rules.choices import reading_of, scope_of
from calculator.rules.percent import legal_percent
from calculator.simulator import filling, lists, options, policy, reversion, schedule
from calculator.simulator.notices import trailing_warnings
from calculator.simulator.outside import DECREE_NOT_IN_FORCE, edital_rules_only
from calculator.simulator.records import AMPLA, RESERVA
from calculator.simulator.result import assemble
from calculator.simulator.state import Run
from calculator.stages.applicability import applicability
from calculator.stages.headline import compose, other_model_count, reading_notes
from calculator.stages.inputs import input_date, parse_percent, parse_vacancies
from calculator.stages.order import order_refusal
from calculator.stages.reserve import count_text

#: Largest number of vacancies the simulator accepts (the seats are materialised one by one).
MAX_SIM_VACANCIES = 1_000_000


def simulate(norm: str, vacancies, candidates_csv_bytes: bytes, *, percent=None, reading=None,
             pcd_seats=0, female_seats=0, precedence=None, replacement=None, gender_equity=False,
             scope=None, fill=None, female_precedence=None, edital_date=None) -> dict:
    """Simulate the nominations.  Options (all optional; each norm's registry says which it accepts):

    percent        the edital's percentage (required for a norm whose percentage is given)
    reading        call-order reading of the norm ("proporcional" | "quinta")
    pcd_seats      seats for persons with disabilities set by the edital (other laws), default 0
    female_seats   female seats of another law (option vagas_femininas)
    precedence     option precedencia: the rule for a candidate on the PcD and the racial lists
    replacement    option substituicao: "lista" (default: next optant) or "geral"
    gender_equity  option equidade_genero: split the reserved seats between genders
    scope          the norm's "vinculo" (efetivo, emprego, ...)
    fill           option preenchimento: "concorrencia" (default) or "lista"
    female_precedence  option precedencia_feminina: "reserva" (default) or "feminina"
    edital_date    the edital's publication: the applicability stage runs first (outside the norm's
                   window, every seat is ampla concorrência; without it, the answer is conditional)
    """
    return simulate_norm(rules_for(norm), vacancies, candidates_csv_bytes, percent=percent, reading=reading,
                         pcd_seats=pcd_seats, female_seats=female_seats, gender_equity=gender_equity,
                         scope=scope, edital_date=edital_date,
                         choices={"precedencia": precedence, "substituicao": replacement,
                                  "preenchimento": fill, "precedencia_feminina": female_precedence})


def simulate_norm(rules, vacancies, candidates_csv_bytes: bytes, *, percent=None, reading=None, pcd_seats=0,
                  female_seats=0, gender_equity=False, scope=None, choices=None, edital_date=None) -> dict:
    """The simulation for a norm module (``NORM``, ``TITLE``, ``CITATION``, ``call_positions``,
    ``call_count``; optionally ``simulation_warnings``)."""
    pol = policy.of(rules.registry)
    n_vac = parse_vacancies(vacancies)
    if n_vac > MAX_SIM_VACANCIES:
        raise InputError(
            f"a simulação aceita até {format_int(MAX_SIM_VACANCIES)} vagas: {format_int(n_vac)}", "vagas")
    pct = percent if isinstance(percent, Fraction) else parse_percent(percent)
    opts = options.parse(pol, pcd_seats, female_seats, gender_equity, choices or {})
    k_pcd, k_fem = opts.pcd_seats, opts.female_seats
    if reading is not None and not isinstance(reading, str):
        raise InputError("a leitura deve ser um texto (ex.: proporcional)", "leitura")
    app = applicability_first(rules, n_vac, pct, reading or None, scope or None, edital_date)
    if app.stops:
        sched = schedule.no_reserve(rules, n_vac, pct, reading or None, app)
    else:
        sched = schedule.racial_schedule(rules, n_vac, pct, reading or None, scope or None)
        sched = {**sched, "steps": app.steps + list(sched.get("steps", [])),
                 "warnings": app.premises + list(sched.get("warnings", []))}
    r_seats = len(sched["positions"])
    if r_seats + k_pcd + k_fem > n_vac:
        raise InputError(
            f"as vagas reservadas ({format_int(r_seats)}), para pessoas com deficiência "
            f"({format_int(k_pcd)}) e femininas ({format_int(k_fem)}) somam mais que o total de vagas "
            f"({format_int(n_vac)})",
            "vagas_pcd" if k_pcd else "vagas_femininas")

    # The run builds ~10 small objects per candidate and frees none: the cyclic garbage collector
    # would only rescan them (≈ 10% of the time for 100,000 candidates), so it is paused meanwhile.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        table = candidates.read_candidates(candidates_csv_bytes)
        types = schedule.seat_types(n_vac, sched["positions"], k_pcd, k_fem)
        pcd_first = scope in pol.pcd_first.get("scopes", ()) and k_pcd > 0
        if pcd_first:
            # the norm calls the PcD seats first (nominations 1..K) for this vínculo; the seats after them
            # keep the order used otherwise (the norm is silent there: interpretation, warned)
            types = schedule.pcd_first(types, k_pcd)
            sched = {**sched, "positions": [n for n, t in enumerate(types, start=1) if t == RESERVA]}
        run = Run(rules, pol, opts, n_vac, types, table, sched, pcd_first, procedures_off(app))
        result = _phases(run)
    finally:
        if gc_was_enabled:
            gc.enable()
    trailing_warnings(run, result)
    result.update(simulation_headline(app, result, sched, rules, pct, scope or None))
    if app.stops:
        edital_rules_only(result, app)
    elif run.procedures_off is not None:
        edital_rules_only(result, app, DECREE_NOT_IN_FORCE, warnings_too=False)
    return result


def procedures_off(app) -> tuple[str, list[str]] | None:
    """A regulating decree's own procedures (the heteroidentificação and its exclusions) for an edital
    published before the decree took effect (Lins, 2023): (that date, its provisions), else None."""
    validity = app.validity or {}
    if validity.get("decree_in_force") is not False:
        return None
    start = validity["in_force_from"]
    return f"{start[8:10]}/{start[5:7]}/{start[0:4]}", list(app.window["basis"])


def applicability_first(rules, vacancies: int, percent, reading, scope, edital_date):
    """The first stage (calculator/stages/applicability.py), after the input checks every stage relies on; a
    vínculo without a call order (a minimum over a set of posts) has no nominations to simulate."""
    sc = scope.strip().lower() if isinstance(scope, str) and scope.strip() else None
    scope_of(rules.registry, sc)
    legal_percent(rules.registry, vacancies, percent)
    reading_of(rules.registry, reading)
    refusal = order_refusal(rules, sc)
    if refusal is not None:
        raise InputError(refusal, "vinculo")
    return applicability(rules, input_date(edital_date), sc)


def simulation_headline(app, result: dict, sched: dict, rules, percent, scope) -> dict:
    """The fields every answer carries from the applicability stage, and the headline (composer:
    calculator/stages/headline.py)."""
    n = result["vacancies"]
    via = sum(1 for x in result["nominations"] if x["list"] == RESERVA)
    answer = (f"{count_phrase(len(result['nominations']), 'nomeação', 'nomeações')} para "
              f"{count_phrase(n, 'vaga', 'vagas')}; "
              + (f"{count_phrase(via, 'vaga preenchida', 'vagas preenchidas')} pela reserva racial"
                 f" ({count_phrase(result['reserved_positions_total'], 'reservada', 'reservadas')})"
                 if result["reserved_positions_total"] else "nenhuma vaga reservada"))
    stage_reason = sched.get("reason") if sched.get("applies") is False else None
    # with PcD or female seats, "every seat is ampla" would tell a candidate with a disability that none is
    # set aside for them (the next line lists them): only the racial reserve is what the norm does not give
    others = sum(v for k, v in (result.get("seats") or {}).items() if k not in (AMPLA, RESERVA))
    refusal = ("Nenhuma vaga vai para a reserva racial" if others else
               "A vaga é de ampla concorrência" if n == 1 else
               "As 2 vagas são de ampla concorrência" if n == 2 else
               f"Todas as {format_int(n)} vagas são de ampla concorrência")
    applies = False if app.stops else app.applies  # validity and scope only, as `reserva`
    required = sched.get("applies") is not False and applies is not False
    return {**app.to_json(), "applies": applies, "reserve_required": required,
            "edital_date": app.date.isoformat() if app.date else None,
            # where the reserve's count rests on a reading, the other one's count (as `reserva` and `ordem`)
            "alternative": sched.get("alternative") if required else None,
            "headline": compose(app, answer, refusal=refusal, stage_reason=stage_reason,
                                notes=reading_notes(sched.get("alternative"), count_text(sched, n)),
                                other_answer=other_model_count(rules, app, n, percent, scope))}


def _phases(run: Run) -> dict:
    lists.record_exclusions(run)
    lists.publish(run)
    if run.options.fill == "lista":
        filling.fill_reserved_first(run)
    general = filling.fill_ampla(run, run.quota[AMPLA])
    filling.fill_specific(run, general)
    extra = reversion.revert(run)
    if extra:
        reversion.fill_ampla_extra(run, general, extra)
    return assemble(run)
