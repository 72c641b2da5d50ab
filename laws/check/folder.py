"""The folder being checked: its files' text and data, the problems found so far, and how a problem's
line is found (tomllib gives no line numbers: the line is found by searching the key, or the id, in the
file's text)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else f"{self.file}: {self.message}"


class Folder:
    """A norm's folder being checked: its files' text and data, and the problems found so far."""

    def __init__(self, path: Path, shown: str):
        self.path, self.shown = path, shown
        self.problems: list[Problem] = []
        self.texts: dict[str, str] = {}
        self.data: dict[str, dict] = {}
        self.ids: set[str] = set()
        self.provisions: dict[str, object] = {}
        #: how many cases casos.toml holds (None: no such file)
        self.cases: int | None = None

    def file(self, name: str) -> str:
        return f"{self.shown}/{name}"

    def add(self, name: str, message: str, line: int | None = None) -> None:
        self.problems.append(Problem(self.file(name), line, message))

    def line(self, name: str, *needles: str, after: int | None = None) -> int | None:
        return find_line(self.texts.get(name, ""), *needles, after=after)


# --- finding lines ------------------------------------------------------------------------------------
def find_line(text: str, *needles: str, after: int | None = None) -> int | None:
    """The first line (1-based) at or after ``after`` that has every needle; a needle "key =" matches the
    key at the start of a line, "[table]" a table header. None when no line has them."""
    lines = text.splitlines()
    for i, ln in enumerate(lines[(after or 1) - 1:], start=after or 1):
        if all(_has(ln, n) for n in needles):
            return i
    return None


def _has(line: str, needle: str) -> bool:
    if needle.endswith(" ="):
        return re.match(rf"\s*{re.escape(needle[:-2])}\s*=", line) is not None
    return needle in line


def table_line(text: str, dotted: str) -> int | None:
    """The line of ``[a.b]`` (or ``[[a.b]]``), or of the longest prefix that has a header."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        name = ".".join(parts[:k])
        line = find_line(text, f"[{name}]") or find_line(text, f"[[{name}]]")
        if line:
            return line
    return None


def key_line(text: str, dotted: str) -> int | None:
    """The line of key ``a.b.c``: the key ``c =`` after the header of ``[a.b]`` (or the header itself)."""
    table, _, key = dotted.rpartition(".")
    start = table_line(text, table) if table else 1
    return find_line(text, f"{key} =", after=start) or start



def iso_date(text: object) -> date | None:
    try:
        return date.fromisoformat(str(text))
    except ValueError:
        return None
