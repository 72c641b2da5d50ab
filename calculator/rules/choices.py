"""The options a question chooses among the norm's own: the vínculo (``--vinculo``) and the reading of the
call order (``--leitura``), each refused in the norm's words when the norm does not know it."""

from __future__ import annotations

from calculator.errors import InputError, quoted
from calculator.norms.model import Reading, Registry
from calculator.ptbr import either, sentence


def scope_of(registry: Registry, value: str | None) -> str:
    """The vínculo asked for, or the norm's default; an unknown one is refused in the norm's words
    (``{scope}`` filled in)."""
    if value is None:
        return registry.default_scope
    if not isinstance(value, str) or value not in registry.scopes:
        refusal = registry.scope_refusal or f"vínculo desconhecido: {{scope}} (use {either(registry.scopes)})"
        raise InputError(refusal.format(scope=quoted(value)), "vinculo")
    return value


def reading_of(registry: Registry, value: str | None) -> Reading:
    """The reading asked for (field "leitura"), or the norm's default."""
    name = value or registry.default_reading
    if name not in registry.readings:
        refusal = (registry.reading_refusal
                   or f"leitura desconhecida: {{reading}} (use {either(registry.readings)})")
        raise InputError(refusal.format(reading=repr(name)), "leitura")
    return registry.readings[name]


def reading_values(registry: Registry, name: str) -> dict[str, str]:
    """Placeholders of a warning that names the reading used and the other one (norms with two readings):
    {reading} and {other_reading} are the descriptions as sentences, {other} the other one's name."""
    other = next(r for r in registry.readings if r != name)
    return {"reading": sentence(registry.readings[name].description), "other": other,
            "other_reading": sentence(registry.readings[other].description)}
