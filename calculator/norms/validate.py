"""A registry's data checked against the schema (calculator/norms/schema.py): every key the schema does not
know, each required key missing and each value of the wrong type or outside its list, with the key's path.
The loader (calculator/norms/load.py) refuses the first; ``laws check`` reports them all with the line."""

from __future__ import annotations

from dataclasses import dataclass

from calculator.norms.schema import BY_PATH, SCHEMA
from calculator.norms.vocabulary import (
    BASIS_KINDS,
    DEFAULT_ORDER,
    KINDS,
    LISTS,
    TABLE,
    TABLES,
    TYPE_CHECKS,
    Key,
)

#: The values a list of these types may hold.
_CHOICE_VALUES = {LISTS: DEFAULT_ORDER, KINDS: BASIS_KINDS}


def children(parent: str) -> list[Key]:
    """The keys of the table ``parent`` ("" for the top level; "parameters[]" for each [[parameters]])."""
    return _CHILDREN.get(parent, [])


def _child_pattern(parent: str, key: str) -> str | None:
    """The schema path of ``key`` inside the table ``parent``: its own, or the parent's "*"; None: unknown."""
    own = f"{parent}.{key}" if parent else key
    if own in BY_PATH and key != "*":
        return own
    star = f"{parent}.*" if parent else "*"
    return star if star in BY_PATH else None


_CHILDREN: dict[str, list[Key]] = {}
for _key in SCHEMA:
    _CHILDREN.setdefault(_key.parent, []).append(_key)


@dataclass(frozen=True)
class Problem:
    path: str  # the dotted path of the key in the file ("warnings.exemplo_x.kind"; arrays without index)
    pattern: str  # its schema path ("warnings.*.kind"), or the table's when the key is unknown
    message: str  # pt-BR
    missing: bool = False  # a required key that is not there (``path`` is where it should be)


def shown(pattern: str) -> str:
    """A schema path as TOML writes its table: "parameters[].values[]" → "[[parameters.values]]",
    "warnings.*" → "[warnings.<nome>]"; "" → "norma.toml"."""
    if not pattern:
        return "norma.toml"
    name = pattern.replace("[]", "").replace("*", "<nome>")
    return f"[[{name}]]" if pattern.endswith("[]") else f"[{name}]"


def problems(data: dict) -> list[Problem]:
    """Every key of ``data`` (a parsed norma.toml) the schema does not know, each required key missing and
    each value of the wrong type or outside its list, in file order."""
    found: list[Problem] = []

    def walk(table: dict, path: str, pattern: str) -> None:
        for key, value in table.items():
            here = f"{path}.{key}" if path else key
            child = _child_pattern(pattern, key)
            if child is None:
                allowed = ", ".join(k.name for k in children(pattern) if k.name != "*")
                found.append(Problem(here, pattern, f"chave desconhecida {here} ({shown(pattern)} tem: "
                                                    f"{allowed})"))
                continue
            spec = BY_PATH[child]
            if child.endswith("*") and spec.choices and key not in spec.choices:
                found.append(Problem(here, child, f"{here}: nome desconhecido {key!r} em {shown(pattern)} "
                                                  f"(use um de {', '.join(spec.choices)})"))
                continue
            found.extend(_value_problems(spec, here, value))
            if spec.type == TABLE and isinstance(value, dict):
                walk(value, here, child)
            elif spec.type == TABLES and isinstance(value, list):
                for entry in value:
                    if isinstance(entry, dict):
                        walk(entry, here, child + "[]")
        for k in children(pattern):
            if k.required and k.name != "*" and k.name not in table:
                where = f"{path}.{k.name}" if path else k.name
                found.append(Problem(where, k.path, f"falta {where} ({k.meaning})", missing=True))

    walk(data, "", "")
    return found


def _value_problems(spec: Key, here: str, value: object) -> list[Problem]:
    if not TYPE_CHECKS[spec.type](value):
        return [Problem(here, spec.path, f"{here} deve ser {spec.type}: {_short(value)}")]
    allowed = _CHOICE_VALUES.get(spec.type, spec.choices if not spec.path.endswith("*") else ())
    if allowed:
        bad = [v for v in (value if isinstance(value, list) else [value]) if v not in allowed]
        if bad:
            return [Problem(here, spec.path,
                            f"{here} deve ser um de {', '.join(allowed)}, não {_short(bad[0])}")]
    return []


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"

