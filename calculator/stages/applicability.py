"""Applicability, the first stage of every answer: does the norm govern this question at all?

The norm, the vínculo and the date (the edital's publication; for a vínculo a norm dates otherwise, such
as Ubatuba's cargos em comissão, the nomination) → :class:`Applicability`.  Every command (`reserva`,
`ordem`, `simular`, `edital` and each cargo inside it) runs this stage first; the reserve, the order,
the nominations and the compliance run only when it does not say "no", and the headline composer
(calculator/stages/headline.py) writes its clause in the same words for every tool.

``applies``:

- ``True``: a date inside the norm's validity window;
- ``False``: a date outside it (a later stage does not run);
- ``None``: the answer depends on a date that was not given, or the corpus cannot tell for that date.

The default rule is the norm's validity (calculator/rules/validity.py, driven by ``[validity]`` in its
registry; a norm does not override it method by method, so that the site's tables and every tool read the
same validity).  A norm declares the vínculos it dates by the nomination in its rules class
(``NOMINATION_DATED = ("comissao",)``) and rewords the default answer for them in its
``nomination_applicability`` (Catala's ``exception`` over a default).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from calculator.answer import step
from calculator.ptbr import format_date
from calculator.rules.validity import missing_date_premise, validity_on, validity_window


@dataclass(frozen=True)
class Applicability:
    """The first stage's answer (see the module's docstring for ``applies``)."""

    applies: bool | None
    #: why not (False), or why the corpus cannot tell (None with a date); None otherwise
    reason: str | None
    date: date | None
    #: what the date is: "edital" (publication of the edital) or "nomeacao" (a nomination)
    date_kind: str
    #: the dates the norm governs: {"from", "to", "presumed", "short", "text", "basis"}
    window: dict
    #: the verdict for the date given (the JSON "validity"), None without a date
    validity: dict | None
    steps: list = field(default_factory=list)
    #: the premises and notices of the verdict (or the premise that no date was given)
    premises: list = field(default_factory=list)
    #: where the two extension models disagree: {"applies", "text"} under the other one
    other_model: dict | None = None

    @property
    def dated(self) -> bool:
        return self.date is not None

    @property
    def stops(self) -> bool:
        """The reserve does not apply whatever comes next: later stages do not run."""
        return self.applies is False

    def stop_basis(self) -> list[str]:
        """The provisions of the verdict that stops the answer (its last step)."""
        return list(self.steps[-1]["basis"]) if self.steps else []

    def window_fields(self) -> dict:
        """The date's kind, the verdict on it and, without a date, the window the answer is conditional on."""
        return {"date_kind": self.date_kind, "validity": self.validity,
                "validity_window": None if self.dated else self.window}

    def to_json(self) -> dict:
        """The fields every JSON answer carries from this stage."""
        return {"applies": self.applies, "applicability_reason": self.reason, **self.window_fields()}


#: date_kind → (the date's name in a step, how the window's clause starts)
DATE_WORDS = {"edital": ("Edital publicado em", "se o edital foi"),
              "nomeacao": ("Nomeação em", "se a nomeação for")}


def applicability(rules, when: date | None, scope: str | None = None) -> Applicability:
    """The stage for a norm's ``rules``: the default rule or, for a vínculo the norm dates by the nomination
    (its ``NOMINATION_DATED``), the default answer as the norm rewords it."""
    answer = default(rules, when)
    if (scope or rules.registry.default_scope) in rules.NOMINATION_DATED:
        answer = rules.nomination_applicability(answer)
    return answer


def default(rules, when: date | None) -> Applicability:
    """The norm's validity for an edital published on ``when`` (None: not given, so not known): the
    registry's ``[validity]`` read by calculator/rules/validity.py."""
    window = validity_window(rules.registry)
    if when is None:
        return Applicability(
            applies=None, reason=None, date=None, date_kind="edital", window=window, validity=None,
            premises=[missing_date_premise(window, "edital")])
    v = validity_on(rules.registry, when)
    validity = {"applies": v["applies"], "in_force_from": v["in_force_from"], "last_day": v["last_day"],
                "edital_date": when.isoformat()}
    if "decree_in_force" in v:  # a regulating norm: its own procedures vs. the regulated law's reserve
        validity["decree_in_force"] = v["decree_in_force"]
    if v.get("other_model"):  # the two extension models disagree on this date: `applies` is the adopted one's
        validity["model_dependent"] = True
    steps = [step(f"{DATE_WORDS['edital'][0]} {format_date(when)}.", [])] + list(v["steps"])
    return Applicability(
        applies=v["applies"], reason=v["reason"] if v["applies"] is not True else None, date=when,
        date_kind="edital", window=window, validity=validity, steps=steps, premises=list(v["warnings"]),
        other_model=v.get("other_model"))
