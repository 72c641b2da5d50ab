"""The whole edital: many cargos, the reserve each one requires, whether the edital complies, and the
reserve of the concurso read as one.

Generic over the norms: each cargo's answer is exactly `reserva` (calculator.stages.reserve) and `ordem`
(calculator.stages.order, or calculator.stages.nominations beyond the vacancies) for the same
inputs; what differs between norms is only data — which reading of "per cargo" vs "the concurso" each text
supports (the registry's ``[edital]``) and what kind of percentage the norm sets (read from its ``PARAMS``).

Input: the table of cargos read by calculator.cargos (``read_cargos``).
"""

from __future__ import annotations

# The public names other code imports as calculator.edital.X; each lives in the module of its concept.
from calculator.edital.concurso import cargo_steps_of, edital, unique_warnings
from calculator.edital.headline import compare_announced, headline
from calculator.edital.interface import API_FIELDS, api_edital, cli_arguments, cli_run, csv_bytes
from calculator.edital.readings import (
    STATUS_LABELS,
    module_beyond_basis,
    reading_lead,
    readings_basis,
    shortfall_basis_of,
)
from calculator.edital.report import STATUS_NAMES, TEXT_POSITIONS, render_text

__all__ = [
    "API_FIELDS", "STATUS_LABELS", "STATUS_NAMES", "TEXT_POSITIONS", "api_edital", "cargo_steps_of",
    "cli_arguments", "cli_run", "compare_announced", "csv_bytes", "edital", "headline", "module_beyond_basis",
    "reading_lead", "readings_basis", "render_text", "shortfall_basis_of", "unique_warnings",
]
