"""Errors raised on bad user input (messages are pt-BR, shown as-is to the user)."""


class InputError(Exception):
    """Bad input. ``message`` is one pt-BR line; ``field`` names the offending input."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        return {"message": self.message, "field": self.field}
