"""Quota rules as code: reserved seats, validity and call order for each norm, with legal basis.

Standard library only (runs unchanged in Pyodide).  See calculator/README.md.
"""

from calculator.core import NORMS, parameters
from calculator.errors import InputError
from calculator.stages.order import order
from calculator.stages.reserve import reserve

__all__ = ["NORMS", "InputError", "analisar_edital", "order", "ordem", "parameters", "reserva", "reserve",
           "simulate"]


def __getattr__(name: str):
    # the small public API (calculator.public): reserva(), ordem(), analisar_edital()
    if name in ("reserva", "ordem", "analisar_edital"):
        from calculator import public

        return getattr(public, name)
    # simulate() lives in the calculator.simulator package, imported on first use: the common
    # questions (reserva, ordem) never pay for loading it.
    if name == "simulate":
        from calculator.simulator import simulate

        return simulate
    raise AttributeError(f"module 'calculator' has no attribute {name!r}")
