"""The default rules: a norm's answers from its registry (laws/<slug>/norma.toml) alone.

Most municipal quota laws say the same few things: a percentage (fixed, a minimum the edital may raise,
a reduced one up to some number of vacancies, or one set by another law the user gives), a minimum
number of vacancies for a reserve, a rounding rule, a call order by proportionality or by blocks, and a
term in years.  Each of those is a registry entry; this module turns them into the answers, with steps
and warnings that name the registry's values and provisions (nothing here is written for one norm).

:class:`DefaultRules` is every stage's default rule. A norm whose text says what data cannot declares its
exceptions the way Catala writes ``exception`` over a default, one definition at a time: its registry's
``rules`` names its module of this package, calculator/rules/<slug>.py, holding ``class <Slug>Rules
(DefaultRules)``, which overrides only what is its own and inherits the rest. The exception points, each
with its default here:

- reserve: ``reserve_notes`` (what the norm says of a reserve for these vacancies and vínculo),
  ``headline_notes`` (what must stand beside the count), ``set_reserved_seats`` (the count over a set of
  posts, for the registry's ``set_scopes``); what holds whatever the input is data (``norm_warnings``);
- order: ``order_notes``; ``ORDER_REFUSALS`` (vínculos with no call order, and why);
- applicability: ``NOMINATION_DATED`` (vínculos dated by the nomination, not by an edital) with
  ``nomination_applicability`` (the default answer reworded for them);
- nominations beyond the vacancies: ``beyond_vacancies_warnings``;
- simulation: ``simulation_warnings`` (None: the stage's generic notes).

The module of a norm is imported, and its registry read, only when a question names the norm
(calculator/rules/__init__.py, ``rules_of``).
"""

from __future__ import annotations

from fractions import Fraction

from calculator.answer import collect_basis, step, warning
from calculator.arithmetic import HUNDRED, ceil
from calculator.labels import short_labels
from calculator.norms.model import Registry
from calculator.norms.wording import MESSAGES, parameter_placeholders
from calculator.ptbr import (
    alternative_note,
    approx_percent,
    count_phrase,
    format_int,
    format_number,
    format_percent,
    ordinal_list,
    reserved_phrase,
    sentence,
)
from calculator.rules.calls import OrderContext
from calculator.rules.choices import reading_values, scope_of
from calculator.rules.percent import legal_percent, minimum_vacancies
from calculator.rules.rounding import ROUNDING_WORDS, other_rounding, reserved_count, rounding, rounding_step


def cited(refs) -> str:
    """The provisions' short labels ("art. 2º, § 3º"), or "sem base no corpus"."""
    return short_labels(list(refs)) if refs else "sem base no corpus"


class DefaultRules:
    """A norm's rules from its registry alone: the default of every stage."""

    #: vínculo → why the norm has no call order for it (calculator/stages/order.py, order_refusal); a set
    #: scope not listed gets the generic reason
    ORDER_REFUSALS: dict[str, str] = {}
    #: vínculos whose question is dated by the nomination, not by an edital: the applicability stage
    #: rewords its default answer for them with ``nomination_applicability``
    NOMINATION_DATED: tuple[str, ...] = ()

    def __init__(self, registry: Registry):
        self.registry = registry
        self.slug, self.title, self.citation = registry.slug, registry.title, registry.citation
        self.params = registry.params()
        self.readings = registry.reading_descriptions()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.slug}>"

    # --- the reserve -------------------------------------------------------------------------------
    def message(self, key: str, **values: object) -> str:
        """The registry's wording of a common step ([reserve.messages]) or the generic one, its
        placeholders filled (the values given, and the parameters by name)."""
        template = self.registry.messages.get(key, MESSAGES[key])
        shown = {k: format_int(v) if isinstance(v, int) else v for k, v in values.items()}
        return template.format(**{**parameter_placeholders(self.registry), **shown})

    def percent_step(self, p: Fraction, vacancies: int, given: bool) -> dict:
        """The percentage applied, with the provisions that set it."""
        registry, names = self.registry, self.registry.percent_parameters
        if registry.percent_rule == "minimum":
            minimum = self.params[names["parameter"]]
            key = "percent_given" if given and p != minimum.value else "percent"
            return step(self.message(key, percent=format_percent(p), minimum=format_percent(minimum.value)),
                        minimum.basis)
        if registry.percent_rule == "fixed":
            fixed = self.params[names["parameter"]]
            return step(self.message("percent_fixed", percent=format_percent(fixed.value)), fixed.basis)
        if registry.percent_rule == "tiered":
            limit = self.params[names["reduced_up_to_parameter"]].value
            small = vacancies <= limit
            used = self.params[names["reduced_parameter"] if small else names["parameter"]]
            return step(self.message("percent_reduced" if small else "percent_full", vacancies=vacancies,
                                     limit=limit, percent=format_percent(used.value)), used.basis)
        return step(self.message("percent_user", percent=format_percent(p)), [], no_basis=True)

    def vacancies_gate(self, vacancies: int, p: Fraction, steps: list[dict],
                       warnings: list[dict]) -> dict | None:
        """The minimum number of vacancies for a reserve: the step, and the answer when there are fewer
        (None: enough vacancies, or the norm has no minimum)."""
        registry = self.registry
        minimum = minimum_vacancies(registry)
        if minimum is None:
            return None
        basis = self.params[registry.percent_parameters["minimum_vacancies_parameter"]].basis
        if vacancies < minimum:
            steps.append(step(self.message("vacancies_below", vacancies=vacancies, minimum_vacancies=minimum),
                              basis))
            return {"reserved": 0, "applies": False, "percent": p, "exact": p / HUNDRED * vacancies,
                    "reason": self.message("vacancies_reason", minimum_vacancies=minimum,
                                           basis=cited(basis)),
                    "basis": collect_basis(steps, warnings), "warnings": warnings, "steps": steps}
        steps.append(step(self.message("vacancies_enough", vacancies=vacancies, minimum_vacancies=minimum),
                          basis))
        return None

    def reserved_seats(self, vacancies: int, percent: Fraction | None = None,
                       scope: str | None = None) -> dict:
        """Reserved seats for ``vacancies`` vacancies under the vínculo ``scope`` (the norm's default when
        None): the count of a concurso's vacancies, or, for a vínculo of the registry's ``set_scopes``, the
        count over that set of posts.

        Returns {"reserved", "applies", "percent", "exact", "basis", "warnings", "steps"[, "reason",
        "headline_count", "headline_note"]}."""
        scope = scope_of(self.registry, scope)
        if scope in self.registry.set_scopes:
            return self.set_reserved_seats(vacancies, percent, scope)
        return self.concurso_reserved_seats(vacancies, percent, scope)

    def set_reserved_seats(self, vacancies: int, percent: Fraction | None, scope: str) -> dict:
        """Reserved seats over a set of posts (a vínculo of the registry's ``set_scopes``): by default, as
        for a concurso's vacancies."""
        return self.concurso_reserved_seats(vacancies, percent, scope)

    def concurso_reserved_seats(self, vacancies: int, percent: Fraction | None, scope: str) -> dict:
        """The registry's percentage, minimum number of vacancies and rounding, with the vínculo's notes."""
        registry = self.registry
        p = legal_percent(registry, vacancies, percent)
        exact = p / HUNDRED * vacancies
        steps = [self.percent_step(p, vacancies, percent is not None)]
        warnings = [*self.reserve_notes(vacancies, scope),
                    *(registry.warning(key) for key in registry.reserve_warnings)]
        none = self.vacancies_gate(vacancies, p, steps, warnings)
        if none is not None:
            return none
        reserved = reserved_count(registry, p, vacancies)
        steps.append(rounding_step(registry, p, vacancies, reserved, registry.whole_basis))
        extra = self.headline_notes(p, vacancies, exact, reserved, warnings)
        return {**extra, "reserved": reserved, "applies": True, "percent": p, "exact": exact,
                "basis": collect_basis(registry.reserve_basis, steps, warnings), "warnings": warnings,
                "steps": steps}

    def reserve_notes(self, vacancies: int, scope: str) -> list[dict]:
        """What the norm says of a reserve of ``vacancies`` for the vínculo ``scope``, before the registry's
        warnings of every reserve."""
        return []

    def headline_notes(self, p: Fraction, vacancies: int, exact: Fraction, reserved: int,
                       warnings: list[dict]) -> dict:
        """What the headline must say beside the count: a rounding by interpretation (with the other
        direction's count) or a count below the norm's minimum percentage (a conflict with the count the
        minimum gives); the warnings that say so are appended to ``warnings``."""
        if exact.denominator == 1:
            return {}
        if rounding(self.registry).interpretation:
            return self._interpreted_rounding(p, vacancies, exact, reserved, warnings)
        if self.registry.percent_rule != "minimum":
            return {}
        return self._below_minimum(p, vacancies, exact, reserved, warnings)

    def _interpreted_rounding(self, p: Fraction, vacancies: int, exact: Fraction, reserved: int,
                              warnings: list[dict]) -> dict:
        registry = self.registry
        used = rounding(registry).value
        direction, other = other_rounding(exact, used)
        key = f"{registry.slug}_arredondamento_interpretacao"
        if key in registry.warnings:  # the norm's own wording
            warnings.append(registry.warning(key, direction=direction,
                                             other=count_phrase(other, "vaga", "vagas")))
        else:
            warnings.append(warning(
                key, "interpretacao",
                f"A norma não diz como arredondar (sem base no corpus); usou-se {ROUNDING_WORDS[used]}. "
                f"Arredondando {direction}, o resultado seria {count_phrase(other, 'vaga', 'vagas')}.", [],
                no_basis=True))
        alternative = {"reserved": other, "label": f"arredondando {direction}", "basis": []}
        return {"headline_count": self.message("interpreted_rounding_headline",
                                               reserved=reserved_phrase(reserved), vacancies=vacancies,
                                               percent=format_percent(p)),
                "headline_note": alternative_note(alternative), "alternative": alternative}

    def _below_minimum(self, p: Fraction, vacancies: int, exact: Fraction, reserved: int,
                       warnings: list[dict]) -> dict:
        registry = self.registry
        minimum = self.params[registry.percent_parameters["parameter"]]
        if Fraction(reserved, vacancies) >= minimum.value / HUNDRED:
            return {}
        # The rounding takes the count below the norm's minimum: applied (the specific rule), but the
        # headline and a conflict say so, with the count the minimum would give.
        rule = rounding(registry)
        up = ceil(exact)
        share = approx_percent(Fraction(reserved, vacancies)).replace("≈ ", "")
        values = {"exact": format_number(exact), "count": count_phrase(reserved, "vaga", "vagas"),
                  "share": share, "up": count_phrase(up, "vaga", "vagas")}
        key = f"{registry.slug}_arredondamento_abaixo_do_minimo"
        if key in registry.warnings:  # the norm's own wording, naming its provisions
            warnings.append(registry.warning(key, **values))
        else:
            warnings.append(warning(
                key, "conflito",
                f"A norma fixa um mínimo de {format_percent(minimum.value)} ({cited(minimum.basis)}), mas o "
                f"arredondamento ({cited(rule.basis)}) leva {values['exact']} a {values['count']} "
                f"({share}). "
                "Leitura adotada: a regra de arredondamento, específica, prevalece. Outra leitura: o mínimo "
                f"exige arredondar para cima ({values['up']}).", [*minimum.basis, *rule.basis]))
        alternative = {"reserved": up,
                       "label": f"pelo mínimo de {format_percent(minimum.value)} ({cited(minimum.basis)})",
                       "basis": [*minimum.basis, *rule.basis]}
        return {"headline_count": self.message("below_minimum_headline", reserved=reserved_phrase(reserved),
                                               vacancies=vacancies, share=share,
                                               minimum=format_percent(minimum.value)),
                "headline_note": alternative_note(alternative), "alternative": alternative}

    # --- the call order ----------------------------------------------------------------------------
    def order_notes(self, order: OrderContext) -> tuple[list[dict], list[dict]]:
        """The reading used (and the other one, by the registry's [order] warnings); a reserved seat the
        reading leaves without position, placed last among the non-reserved ones (labelled)."""
        registry, reading = self.registry, order.reading
        values = reading_values(registry, reading) if len(registry.readings) > 1 else {}
        warnings = [registry.warning(key, **values) for key in registry.order_warnings]
        description = sentence(self.readings[reading])
        if registry.order_basis:
            steps = [step(self.message("order", reading=reading, description=description),
                          registry.order_basis)]
        else:
            steps = [step(self.message("order_no_basis", reading=reading, description=description), [],
                          no_basis=True)]
        if order.placed["interpreted_positions"]:
            warnings.append(self.unplaced_warning(order))
        return steps, warnings

    def unplaced_warning(self, order: OrderContext, source: str = "") -> dict:
        """The conflict of a reserved seat the reading leaves without position, placed at the last
        nomination among the vacancies that is not reserved (``source``: what sets the reserve, said
        after it)."""
        registry = self.registry
        basis = [*rounding(registry).basis, *registry.order_basis]
        return warning(
            f"{registry.slug}_ordem_menor_que_reserva", "conflito",
            f"A reserva é de {count_phrase(order.reserve['reserved'], 'vaga', 'vagas')}{source}, mas a "
            "leitura "
            f"\"{order.reading}\" só dá {count_phrase(order.positions_total, 'posição', 'posições')} entre "
            "as "
            f"{format_int(order.vacancies)} nomeações. Para não reduzir a reserva, a vaga sem posição é "
            f"chamada na {ordinal_list(order.placed['interpreted_positions'])} nomeação, a última não "
            f"reservada entre as {format_int(order.vacancies)} (interpretação"
            + ("" if basis else "; sem base no corpus") + ").", basis, no_basis=not basis)

    # --- applicability --------------------------------------------------------------------------------
    def nomination_applicability(self, default):
        """The applicability stage's default answer (dated by an edital), reworded for a vínculo of
        ``NOMINATION_DATED`` (dated by the nomination): a norm that declares one overrides this."""
        raise NotImplementedError(f"{self.slug}: NOMINATION_DATED sem nomination_applicability")

    def norm_warnings(self) -> list[dict]:
        """Warnings that hold for the norm itself, whatever the input (shown by `parametros`)."""
        return [self.registry.warning(key) for key in self.registry.norm_warnings]

    # --- nominations beyond the vacancies, and the simulation ----------------------------------------
    def beyond_vacancies_warnings(self, warnings: list[dict], vacancies: int) -> list[dict]:
        """The reserve's warnings as said of nominations beyond the ``vacancies`` offered
        (calculator/stages/nominations.py): by default, as they are."""
        return warnings

    def simulation_warnings(self, view) -> list[dict] | None:
        """What only this norm says about a simulation (calculator/simulator/notices.py); None: nothing of its
        own, so the stage's generic notes (a precedence the text does not settle)."""
        return None
