"""Parameters as data, each with the provision that sets it (OpenFisca style).

A :class:`Parameter` holds a value, the provision references (``"norm:id"``) that set it,
the period in which it holds (``start`` ISO date; ``end`` ISO date or ``None`` when unknown
or open) and a pt-BR note.  Values may be ``Fraction``/``int``/``str``/tuples; use
:meth:`Parameter.to_dict` for a JSON-ready view.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from calculator.rules import basis_kind


@dataclass(frozen=True)
class Parameter:
    name: str
    value: object
    basis: tuple[str, ...]
    start: str
    end: str | None
    note: str
    interpretation: bool = False  # the value is a labelled interpretation (the text is silent)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "value": _jsonable(self.value),
            "basis": list(self.basis),
            # no provision sets it: the note says "sem base no corpus" (never a nearby provision); a
            # compilation note is not a provision either (rules.BASIS_KINDS)
            "basis_kind": basis_kind(self.basis) if self.basis else "sem_base_no_corpus",
            "start": self.start,
            "end": self.end,
            "note": self.note,
            "interpretation": self.interpretation,
        }


def _jsonable(value: object) -> object:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def parameters_table(params: dict[str, Parameter]) -> list[dict]:
    """JSON-ready list of a norm's parameters, in declaration order."""
    return [p.to_dict() for p in params.values()]
