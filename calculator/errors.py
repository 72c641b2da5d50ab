"""Errors raised on bad user input (messages are pt-BR, shown as-is to the user)."""


class InputError(Exception):
    """Bad input. ``message`` is one pt-BR line; ``field`` names the offending input."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        return {"message": self.message, "field": self.field}


def clip(value: object, limit: int = 40) -> str:
    """A user value cut to ``limit`` characters ("…" at the end) so that a message stays one short line."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object, limit: int = 40) -> str:
    """``repr`` of a clipped user value: quotes around it, control characters escaped."""
    return repr(clip(value, limit))
