"""A request's fields, checked: the one rule every command of api.handle applies before it runs."""

from __future__ import annotations

from calculator.errors import InputError
from calculator.options import norm_help

# What to ask for when a required field is empty: plain words, as a person would (never the field's name).
MISSING = {
    "vagas": "informe o número de vagas",
    "csv": "cole ou envie a lista de classificação (arquivo CSV)",
}


def missing(key: str) -> str:
    """The message for an empty required field ``key``; the norm's lists every norm, so it is written when
    asked for (importing reads no registry)."""
    if key == "norma":
        return f"informe a norma: {norm_help()}"
    return MISSING.get(key, f"preencha o campo {key}")


def check_fields(request: dict, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> None:
    """Refuse unknown fields and missing required ones (pt-BR messages)."""
    for key in request:
        if key not in allowed:
            raise InputError(f"campo desconhecido: {key!r} (campos aceitos: {', '.join(allowed)})", key)
    for key in required:
        if request.get(key) in (None, ""):
            raise InputError(missing(key), key)
