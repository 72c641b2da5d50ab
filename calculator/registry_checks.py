"""What a malformed registry file raises, and the readers of its entries that check their type (the message
names the file and the entry)."""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from pathlib import Path

#: A norm's slug: its folder's name, its ids' prefix, part of file names and addresses of the site.
SLUG_FORM = re.compile(r"[a-z][a-z0-9_]*")
#: The only modules a registry's ``hooks`` may name: the rules written for a norm inside this package.
#: A norm folder is data: it can choose among these, never bring code of its own.
HOOK_MODULES = ("calculator.ubatuba", "calculator.quissama", "calculator.lins")


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
    if hooks is not None and hooks not in HOOK_MODULES:
        raise RegistryError(f"{path}: hooks = {str(hooks)[:60]!r} não é um módulo de regras registrado "
                            f"(use um de {', '.join(HOOK_MODULES)}, ou omita hooks quando a norma segue o "
                            "padrão comum)")
    return hooks


def _slug(data: dict, path: Path) -> str:
    slug = _need(data, "slug", str, "", path)
    if not SLUG_FORM.fullmatch(slug):
        raise RegistryError(f"{path}: slug deve ter só letras minúsculas sem acento, números e _: "
                            f"{slug[:60]!r}")
    if slug != path.parent.name:
        raise RegistryError(f"{path}: slug {slug!r} difere da pasta {path.parent.name!r}")
    return slug


def label_problem(text: str) -> str | None:
    """Why ``text`` cannot be a name the site shows as is (a title, a citation, a place, a menu label), or
    None: one line of plain text, with no control or formatting character (line breaks, ESC, bidi
    overrides) and no ``<`` or ``>``. The theme puts such names in the menu and in the page's <title>
    without escaping them, so the folder's data must not be able to open a tag there."""
    for ch in text:
        if ch in "<>":
            return f"tem o caractere {ch!r} (nomes não podem conter marcação HTML)"
        if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"):
            return f"tem o caractere de controle U+{ord(ch):04X} (deve ser uma linha de texto simples)"
    return None if text.strip() else "está vazio"


def _label(data: dict, key: str, path: Path, where: str = "") -> str:
    text = _need(data, key, str, where, path)
    problem = label_problem(text)
    if problem:
        raise RegistryError(f"{path}: {where}{key} {problem}")
    return text


def _interpretation(raw: dict, where: str, path: Path) -> bool:
    value = raw.get("interpretation", False)
    if not isinstance(value, bool):
        raise RegistryError(f"{path}: {where}interpretation deve ser true ou false")
    return value
