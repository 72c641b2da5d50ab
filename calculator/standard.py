"""The common pattern: the rules of a norm from its registry (laws/<slug>/norma.toml) alone.

Most municipal quota laws say the same few things: a percentage (fixed, a minimum the edital may raise,
a reduced one up to some number of vacancies, or one set by another law the user gives), a minimum
number of vacancies for a reserve, a rounding rule, a call order by proportionality or by blocks, and a
term in years.  Each of those is a registry entry; this module turns them into the answers, with steps
and warnings that name the registry's values and provisions (nothing here is written for one norm).

:class:`StandardRules` is every stage's default rule. A norm whose text says what data cannot declares
its exceptions the way Catala writes ``exception`` over a default: its registry's ``hooks`` names a module
of this package holding ``class Rules(StandardRules)``, which overrides only what is its own (Ubatuba's
count for a set of posts, Quissamã's conflict between art. 1º and art. 3º, § 1º…) and inherits the rest.
The exceptions a stage asks for, each with the default here:

- reserve: ``reserved_seats``, or only ``scope_warnings`` (a vínculo's notes); what holds whatever the input
  is data (``norm_warnings`` in the registry);
- order: ``order_notes``; ``ORDER_REFUSALS`` (vínculos with no call order, and why);
- applicability: ``APPLICABILITY_EXCEPTIONS`` (vínculo → the method that rewords the default answer);
- nominations beyond the vacancies: ``beyond_vacancies_warnings``;
- simulation: ``simulation_warnings`` (None: the stage's generic notes).

The module is imported, and the registry read, only when a question names the norm (calculator/core.py,
``rules_of``).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from calculator import engine
from calculator import validity as validity_rules
from calculator.arithmetic import HUNDRED, POSITIONS_LIMIT, ceil
from calculator.common import MESSAGES, parameter_placeholders
from calculator.labels import short_labels
from calculator.registry import Norm
from calculator.rules import (
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


def _cited(refs) -> str:
    return short_labels(list(refs)) if refs else "sem base no corpus"


class StandardRules:
    """A norm's rules from its registry alone: the default of every stage."""

    #: vínculo → why the norm has no call order for it (calculator/core.py, order_refusal); a set scope not
    #: listed gets the generic reason
    ORDER_REFUSALS: dict[str, str] = {}
    #: vínculo → the name of the method that rewords the applicability stage's answer for it
    #: (calculator/stages/applicability.py)
    APPLICABILITY_EXCEPTIONS: dict[str, str] = {}

    def __init__(self, norm: Norm):
        self.NORM = norm
        self.SLUG, self.TITLE, self.CITATION = norm.slug, norm.title, norm.citation
        self.PARAMS = norm.params()
        self.SCOPES, self.DEFAULT_SCOPE, self.SET_SCOPES = norm.scopes, norm.default_scope, norm.set_scopes
        self.READINGS = norm.reading_descriptions()
        self.DEFAULT_READING = norm.default_reading

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.SLUG}>"

    # --- the reserve -------------------------------------------------------------------------------
    def message(self, key: str, **values: object) -> str:
        """The registry's wording of a common step ([reserve.messages]) or the generic one, its
        placeholders filled (the values given, and the parameters by name)."""
        template = self.NORM.common.messages.get(key, MESSAGES[key])
        shown = {k: format_int(v) if isinstance(v, int) else v for k, v in values.items()}
        return template.format(**{**parameter_placeholders(self.NORM), **shown})

    def percent_step(self, p: Fraction, vacancies: int, given: bool) -> dict:
        """The percentage applied, with the provisions that set it."""
        norm, names = self.NORM, self.NORM.percent_parameters
        if norm.percent_rule == "minimum":
            minimum = self.PARAMS[names["parameter"]]
            key = "percent_given" if given and p != minimum.value else "percent"
            return step(self.message(key, percent=format_percent(p), minimum=format_percent(minimum.value)),
                        minimum.basis)
        if norm.percent_rule == "fixed":
            fixed = self.PARAMS[names["parameter"]]
            return step(self.message("percent_fixed", percent=format_percent(fixed.value)), fixed.basis)
        if norm.percent_rule == "tiered":
            limit = self.PARAMS[names["reduced_up_to_parameter"]].value
            small = vacancies <= limit
            used = self.PARAMS[names["reduced_parameter"] if small else names["parameter"]]
            return step(self.message("percent_reduced" if small else "percent_full", vacancies=vacancies,
                                     limit=limit, percent=format_percent(used.value)), used.basis)
        return step(self.message("percent_user", percent=format_percent(p)), [], no_basis=True)

    def vacancies_gate(self, vacancies: int, p: Fraction, steps: list[dict],
                       warnings: list[dict]) -> dict | None:
        """The minimum number of vacancies for a reserve: the step, and the answer when there are fewer
        (None: enough vacancies, or the norm has no minimum)."""
        norm = self.NORM
        minimum = engine.minimum_vacancies(norm)
        if minimum is None:
            return None
        basis = self.PARAMS[norm.percent_parameters["minimum_vacancies_parameter"]].basis
        if vacancies < minimum:
            steps.append(step(self.message("vacancies_below", vacancies=vacancies, minimum_vacancies=minimum),
                              basis))
            return {"reserved": 0, "applies": False, "percent": p, "exact": p / HUNDRED * vacancies,
                    "reason": self.message("vacancies_reason", minimum_vacancies=minimum,
                                           basis=_cited(basis)),
                    "basis": collect_basis(steps, warnings), "warnings": warnings, "steps": steps}
        steps.append(step(self.message("vacancies_enough", vacancies=vacancies, minimum_vacancies=minimum),
                          basis))
        return None

    def reserved_seats(self, vacancies: int, percent: Fraction | None = None,
                       scope: str | None = None) -> dict:
        """Reserved seats: the percentage, the minimum number of vacancies and the rounding of the registry.

        Returns {"reserved", "applies", "percent", "exact", "basis", "warnings", "steps"[, "reason",
        "headline_count", "headline_note"]}."""
        norm = self.NORM
        scope = engine.scope(norm, scope)
        p = engine.legal_percent(norm, vacancies, percent)
        exact = p / HUNDRED * vacancies
        steps = [self.percent_step(p, vacancies, percent is not None)]
        warnings = [*self.scope_warnings(scope), *(norm.warning(key) for key in norm.common.reserve_warnings)]
        none = self.vacancies_gate(vacancies, p, steps, warnings)
        if none is not None:
            return none
        reserved = engine.reserved_count(norm, p, vacancies)
        steps.append(engine.rounding_step(norm, p, vacancies, reserved, norm.common.whole_basis))
        extra = self.rounding_notes(p, vacancies, exact, reserved, warnings)
        return {**extra, "reserved": reserved, "applies": True, "percent": p, "exact": exact,
                "basis": collect_basis(norm.common.reserve_basis, steps, warnings), "warnings": warnings,
                "steps": steps}

    def scope_warnings(self, scope: str) -> list[dict]:
        """What the norm says of a reserve for the vínculo ``scope``, before the reserve's own warnings."""
        return []

    def rounding_notes(self, p: Fraction, vacancies: int, exact: Fraction, reserved: int,
                        warnings: list[dict]) -> dict:
        """What the headline must say about the rounding: an interpretation (the other direction's count)
        or a count below the norm's minimum percentage (a conflict with the count the minimum gives)."""
        norm = self.NORM
        rule = engine.rounding(norm)
        if exact.denominator == 1:
            return {}
        if rule.interpretation:
            direction, other = engine.other_rounding(exact)
            key = f"{norm.slug}_arredondamento_interpretacao"
            if key in norm.warnings:  # the norm's own wording
                warnings.append(norm.warning(key, direction=direction,
                                             other=count_phrase(other, "vaga", "vagas")))
            else:
                warnings.append(warning(
                    key, "interpretacao",
                    "A norma não diz como arredondar (sem base no corpus); usou-se parte decimal ≥ 0,5 para "
                    f"cima e < 0,5 para baixo. Arredondando {direction}, o resultado seria "
                    f"{count_phrase(other, 'vaga', 'vagas')}.", [], no_basis=True))
            return {"headline_count": self.message("interpreted_rounding_headline",
                                                   reserved=reserved_phrase(reserved), vacancies=vacancies,
                                                   percent=format_percent(p)),
                    "headline_note": f"arredondando {direction}, {'seria' if other == 1 else 'seriam'} "
                                     f"{format_int(other)}"}
        if norm.percent_rule != "minimum":
            return {}
        minimum = self.PARAMS[norm.percent_parameters["parameter"]]
        if Fraction(reserved, vacancies) >= minimum.value / HUNDRED:
            return {}
        # The rounding takes the count below the norm's minimum: applied (the specific rule), but the
        # headline and a conflict say so, with the count the minimum would give.
        up = ceil(exact)
        share = approx_percent(Fraction(reserved, vacancies)).replace("≈ ", "")
        values = {"exact": format_number(exact), "count": count_phrase(reserved, "vaga", "vagas"),
                  "share": share, "up": count_phrase(up, "vaga", "vagas")}
        key = f"{norm.slug}_arredondamento_abaixo_do_minimo"
        if key in norm.warnings:  # the norm's own wording, naming its provisions
            warnings.append(norm.warning(key, **values))
        else:
            warnings.append(warning(
                key, "conflito",
                f"A norma fixa um mínimo de {format_percent(minimum.value)} ({_cited(minimum.basis)}), mas o "
                f"arredondamento ({_cited(rule.basis)}) leva {values['exact']} a {values['count']} "
                f"({share}). "
                "Leitura adotada: a regra de arredondamento, específica, prevalece. Outra leitura: o mínimo "
                f"exige arredondar para cima ({values['up']}).", [*minimum.basis, *rule.basis]))
        return {"headline_count": self.message("below_minimum_headline", reserved=reserved_phrase(reserved),
                                               vacancies=vacancies, share=share,
                                               minimum=format_percent(minimum.value))}

    # --- the call order ----------------------------------------------------------------------------
    def call_count(self, n: int, percent: Fraction | None = None, reading: str | None = None) -> int:
        return engine.call_count(self.NORM, n, percent, reading)

    def call_positions(self, vacancies: int, percent: Fraction | None = None, reading: str | None = None,
                       scope: str | None = None, limit: int = POSITIONS_LIMIT) -> dict:
        return engine.call_positions(self.NORM, self, vacancies, percent, reading, scope, limit)

    def order_notes(self, order: engine.OrderContext) -> tuple[list[dict], list[dict]]:
        """The reading used (and the other one, by the registry's [order] warnings); a reserved seat the
        reading leaves without position, placed last among the non-reserved ones (labelled)."""
        norm, reading = self.NORM, order.reading
        values = engine.reading_values(norm, reading) if len(norm.readings) > 1 else {}
        warnings = [norm.warning(key, **values) for key in norm.common.order_warnings]
        description = sentence(self.READINGS[reading])
        if norm.order_basis:
            steps = [step(self.message("order", reading=reading, description=description), norm.order_basis)]
        else:
            steps = [step(self.message("order_no_basis", reading=reading, description=description), [],
                          no_basis=True)]
        if order.placed["interpreted_positions"]:
            basis = [*engine.rounding(norm).basis, *norm.order_basis]
            warnings.append(warning(
                f"{norm.slug}_ordem_menor_que_reserva", "conflito",
                f"A reserva é de {count_phrase(order.reserve['reserved'], 'vaga', 'vagas')}, mas a leitura "
                f"\"{reading}\" só dá {count_phrase(order.positions_total, 'posição', 'posições')} entre as "
                f"{format_int(order.vacancies)} nomeações. Para não reduzir a reserva, a vaga sem posição é "
                f"chamada na {ordinals(order.placed['interpreted_positions'])} nomeação, a última não "
                f"reservada entre as {format_int(order.vacancies)} (interpretação"
                + ("" if basis else "; sem base no corpus") + ").", basis, no_basis=not basis))
        return steps, warnings

    # --- validity: the registry's, for the site's tables (not an exception point: the applicability stage
    # reads calculator/validity.py itself, so that every tool and table give one validity) -----------------
    def validity(self, edital_date: date) -> dict:
        return validity_rules.validity(self.NORM, edital_date)

    def validity_window(self) -> dict:
        return validity_rules.window(self.NORM)

    def norm_warnings(self) -> list[dict]:
        """Warnings that hold for the norm itself, whatever the input (shown by `parametros`)."""
        return [self.NORM.warning(key) for key in self.NORM.common.norm_warnings]

    # --- nominations beyond the vacancies, and the simulation ----------------------------------------
    def beyond_vacancies_warnings(self, warnings: list[dict], vacancies: int) -> list[dict]:
        """The reserve's warnings as said of nominations beyond the ``vacancies`` offered
        (calculator/stages/nominations.py): by default, as they are."""
        return warnings

    def simulation_warnings(self, view) -> list[dict] | None:
        """What only this norm says about a simulation (calculator/simulator/notices.py); None: nothing of its
        own, so the stage's generic notes (a precedence the text does not settle)."""
        return None
