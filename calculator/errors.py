"""The calculator's errors, one family: bad user input and a malformed norm folder (pt-BR messages)."""


class InputError(Exception):
    """Bad input. ``message`` is one pt-BR line; ``field`` names the offending input."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        return {"message": self.message, "field": self.field}


class RegistryError(ValueError):
    """A malformed registry file, ``laws/<slug>/norma.toml`` (the message names the file and the entry)."""


def clip(value: object, limit: int = 40) -> str:
    """A user value cut to ``limit`` characters ("…" at the end) so that a message stays one short line."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object, limit: int = 40) -> str:
    """``repr`` of a clipped user value: quotes around it, control characters escaped."""
    return repr(clip(value, limit))
