"""What a malformed registry file raises, and the readers of its entries that check their type (the message
names the file and the entry)."""

from __future__ import annotations

from datetime import date
from pathlib import Path


class RegistryError(ValueError):
    """A malformed registry file (the message names the file and the entry)."""


def _need(table: dict, key: str, kind: type | tuple[type, ...], where: str, path: Path) -> object:
    if key not in table:
        raise RegistryError(f"{path}: falta {where}{key}")
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RegistryError(f"{path}: {where}{key} tem tipo errado ({type(value).__name__})")
    return value


def _iso(text: object, where: str, path: Path) -> str:
    try:
        return date.fromisoformat(str(text)).isoformat()
    except ValueError:
        raise RegistryError(f"{path}: {where} não é uma data AAAA-MM-DD: {text!r}") from None


def _refs(slug: str, ids: object, where: str, path: Path) -> tuple[str, ...]:
    if not isinstance(ids, list) or not all(isinstance(i, str) and i and ":" not in i for i in ids):
        raise RegistryError(f"{path}: {where} deve ser uma lista de ids sem prefixo (ex.: \"art2_par3\")")
    return tuple(f"{slug}:{i}" for i in ids)


def _hooks(data: dict, path: Path) -> str | None:
    hooks = data.get("hooks")
    if hooks is not None and not (isinstance(hooks, str) and hooks.startswith("calculator.")):
        raise RegistryError(f"{path}: hooks deve nomear um módulo do pacote calculator (ex.: "
                            "\"calculator.ubatuba\"), ou ser omitido quando a norma segue o padrão comum")
    return hooks


def _interpretation(raw: dict, where: str, path: Path) -> bool:
    value = raw.get("interpretation", False)
    if not isinstance(value, bool):
        raise RegistryError(f"{path}: {where}interpretation deve ser true ou false")
    return value
