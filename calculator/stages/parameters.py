"""`parametros`: a norm's parameters (value, basis, period, note), for the window its values hold for."""

from __future__ import annotations

from calculator.answer import collect_basis, identity
from calculator.norms.model import parameters_table
from calculator.rules import rules_for
from calculator.stages.applicability import applicability
from calculator.stages.headline import parameters_headline


def parameters(norm: object) -> dict:
    """A norm's parameters (value, basis, period, note), JSON-ready."""
    rules = rules_for(norm)
    table = parameters_table(rules.params)
    norm_warnings = rules.norm_warnings()
    # like every answer, it starts from applicability: with no edital, the window the values hold for
    app = applicability(rules, None)
    return {**identity(rules), "parameters": table, "applies": app.applies,
            "headline": parameters_headline(rules.citation, app), "validity_window": app.window,
            "basis": collect_basis(table, norm_warnings), "warnings": norm_warnings, "steps": []}
