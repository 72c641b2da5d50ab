"""The provisions a report cites, quoted verbatim from the norm's text (laws/<slug>/texto.txt), and the
SHA-256 of that text, read where the calculator finds the norm's registry (calculator/norms/discovery.py):
in the repository, the wheel and, in the browser, calculator.zip (the build packs texto.txt and meta.toml
beside norma.toml).

A norm folder is untrusted data: a text that cannot be read or parsed, or that is not the one meta.toml
pins, makes only that norm's quotations "texto não disponível", never the report fail."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass

from calculator.norms.discovery import (
    MAX_TEXT_BYTES,
    FolderFileError,
    folder_file,
    path_of,
    toml_data,
)
from calculator.norms.provisions import ParseError, Provision, closing_of, parse

#: What the report says where a norm's text could not be read.
UNAVAILABLE = "texto não disponível"


@dataclass(frozen=True)
class NormText:
    """A norm's verbatim text as the report uses it: the SHA-256 of its bytes and its provisions by id."""

    sha256: str
    provisions: dict[str, Provision]

    def quote(self, pid: str) -> list[str] | None:
        """The lines of the provision and of its sub-provisions (incisos, alíneas, a compilation note), as
        the site quotes them; None for an id the text does not have."""
        node = self.provisions.get(pid)
        if node is None:
            return None
        return [line for p in node.walk() if p.text for line in p.text.split("\n") if line.strip()]


def norm_text(slug: str) -> NormText | None:
    """The text of ``slug``'s folder, or None where it cannot be used (see the module's docstring)."""
    folder = path_of(slug).parent
    try:
        data = folder_file(folder / "texto.txt", MAX_TEXT_BYTES)
        meta = toml_data(folder_file(folder / "meta.toml").decode("utf-8"))
        digest = hashlib.sha256(data).hexdigest()
        pinned = (meta.get("text_file") or {}).get("sha256") if isinstance(meta, dict) else None
        if pinned != digest:  # the corpus refuses a text that is not the pinned one; so does the report
            return None
        nodes = parse(data.decode("utf-8"), closing_of(meta))
    except (OSError, FolderFileError, UnicodeDecodeError, tomllib.TOMLDecodeError, ParseError, ValueError,
            TypeError, AttributeError, KeyError, RecursionError):
        return None
    return NormText(digest, {p.id: p for top in nodes for p in top.walk()})
