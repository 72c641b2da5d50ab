"""The JSON of a result, written in pieces: an edital of 100k cargos is written cargo by cargo, so its
JSON (150 MB for a 4.6 MB table) is never held whole, nor copied to be encoded.  The bytes are those of
:func:`calculator.api.dumps` (sorted keys, ``", "`` and ``": "``), so the CLI and the API still agree."""

from __future__ import annotations

import json
from collections.abc import Iterator

from calculator.api import dumps
from calculator.cli.terminal import stdout_takes
from calculator.edital.answers import CargoAnswers


def _fitting(obj: object) -> str:
    text = dumps(obj)
    if not stdout_takes(text):  # e.g. cp1252: \\u escapes keep the JSON exact
        text = json.dumps(obj, ensure_ascii=True, sort_keys=True)
    return text


#: a list longer than this is written item by item
LONG = 1000


def _long(obj: object) -> bool:
    """Whether obj holds a long list (the cargos, a warning that names thousands of them)."""
    if isinstance(obj, CargoAnswers):
        return True
    if isinstance(obj, list):
        return len(obj) > LONG or any(_long(x) for x in obj)
    if isinstance(obj, dict):
        return any(_long(v) for v in obj.values())
    return False


def _stream(obj: object) -> Iterator[str]:
    if isinstance(obj, dict):
        for n, key in enumerate(sorted(obj)):
            yield ("{" if n == 0 else ", ") + _fitting(key) + ": "
            yield from _parts(obj[key])
        yield "{}" if not obj else "}"
    else:  # a list, or the cargos: each item on its own (a cargo's answer is small)
        yield "["
        for i, item in enumerate(obj):
            if i:
                yield ", "
            yield from (_parts(item) if not isinstance(obj, CargoAnswers) else (_fitting(item),))
        yield "]"


def _parts(obj: object) -> Iterator[str]:
    if not _long(obj):
        yield _fitting(obj)
    else:
        yield from _stream(obj)


def pieces(result: object) -> Iterator[str]:
    """The JSON of a result, in pieces.  An edital whose cargos are made when read (the CLI's), alone or
    among several editais: key by key (sorted, as dumps writes them) and item by item wherever a long list
    is (each cargo, each name a warning lists).  Any other result: whole, in one dumps (the simulator's list
    is written as fast as before)."""
    if isinstance(result, dict) and (isinstance(result.get("cargos"), CargoAnswers) or "editais" in result):
        yield from _stream(result)
    else:
        yield _fitting(result)
