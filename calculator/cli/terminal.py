"""Writing to a terminal (or a file, or a pipe) without crashing and without being fooled.

- :func:`visible`: control and bidirectional-formatting characters of user data (candidate names,
  echoed arguments) shown as ``<U+XXXX>``, so a downloaded CSV cannot clear the screen, retitle the
  window or make a name display as another (U+202E).
- :func:`setup_streams`: stdout/stderr that cannot encode a character (cp1252, cp850, latin-1,
  ascii: Windows redirected to a file, an old terminal) get a close ASCII form of it (``≥`` → ``>=``,
  ``ç`` → ``c``) or, failing that, its ``\\uXXXX`` escape: the output degrades, it never stops.
  JSON output is not degraded but re-dumped with ``\\u`` escapes (:func:`stdout_takes`).
- :func:`emit`: the result written to stdout; a full disk, a closed stdout or a vanished reader
  give one pt-BR line on stderr and an exit status, never a traceback.

The JavaScript of the calculator page has the same ``visible`` rule (same categories, same form).
Standard library only (imported by the CLIs; the page's Python never writes to a terminal).
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import sys
import unicodedata
from collections.abc import Iterable

#: Unicode categories shown as <U+XXXX>: controls, format characters (bidi overrides, zero-width),
#: line/paragraph separators, lone surrogates.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
#: Exit status when the result could not be written (bad input stays 2).
OUTPUT_ERROR = 1


def visible(text: str) -> str:
    """``"Ana\\x1b[2J"`` → ``"Ana<U+001B>[2J"``; other spaces (no-break, thin) become a plain space."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
            continue
        cat = unicodedata.category(ch)
        if cat in HIDDEN_CATEGORIES:
            out.append(f"<U+{ord(ch):04X}>")
        elif cat == "Zs":
            out.append(" ")
        else:  # unassigned or private use: harmless to the terminal, shown as is
            out.append(ch)
    return "".join(out)


# Characters of the CLI's own text with a readable ASCII form (the rest: accents stripped, or escaped).
_ASCII = {
    "≥": ">=", "≤": "<=", "≠": "!=", "×": "x", "÷": "/", "−": "-", "–": "-", "—": "-", "…": "...",
    "“": '"', "”": '"', "‘": "'", "’": "'", "«": '"', "»": '"', "·": "-", "•": "-", "↳": "->",
    "→": "->", "←": "<-", "⌊": "floor(", "⌋": ")", "⌈": "ceil(", "⌉": ")", "º": "o", "ª": "a",
    "°": "o", "§": "par.", "¶": "par.", "\u00a0": " ", "\u202f": " ", "✓": "ok",
}


def _fallback(exc: UnicodeError):
    """Codec error handler "cotas-ascii": the closest form the target encoding can take."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start:exc.end]:
        for candidate in (_ASCII.get(ch), unicodedata.normalize("NFKD", ch)):
            if not candidate:
                continue
            candidate = "".join(c for c in candidate if not unicodedata.combining(c))
            try:
                candidate.encode(exc.encoding)
            except (UnicodeEncodeError, LookupError):
                continue
            if candidate:
                out.append(candidate)
                break
        else:
            out.append(ch.encode("ascii", "backslashreplace").decode("ascii"))
    return "".join(out), exc.end


codecs.register_error("cotas-ascii", _fallback)


def setup_streams() -> None:
    """Make stdout and stderr degrade instead of raising UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="cotas-ascii")
            except (ValueError, OSError):  # pragma: no cover - a stream that cannot be reconfigured
                pass


def stdout_takes(text: str) -> bool:
    """Whether stdout's encoding can write text as it is (JSON is then re-dumped with \\u escapes:
    lossless, where the readable fallback would change the data)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    except LookupError:  # pragma: no cover - an encoding Python does not know
        return True
    return True


def error(message: str) -> None:
    """One pt-BR line on stderr ("erro: …"), user data made visible and any over-long word (an echoed
    5,000-character value) cut; nothing if stderr is closed."""
    line = "erro: " + visible(" ".join(message.split()))
    line = re.sub(r"\S{81,}", lambda m: m.group()[:79] + "…", line)
    if sys.stderr is None:
        return
    try:
        print(line, file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point fd 1 at /dev/null so the interpreter's final flush cannot fail (and print a traceback)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, AttributeError, ValueError):
        sys.stdout = None


def emit(text: str | Iterable[str]) -> int:
    """Write the result (a text, or its pieces: a large result is never joined) and a newline to stdout;
    return the exit status (0, or OUTPUT_ERROR)."""
    if sys.stdout is None:
        error("a saída padrão está fechada; o resultado não foi escrito.")
        return OUTPUT_ERROR
    try:
        for piece in (text,) if isinstance(text, str) else text:
            sys.stdout.write(piece)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # `python -m calculator … | head -1`: the reader got what it wanted
        _silence_stdout()
        return 0
    except OSError as exc:
        _silence_stdout()
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            error("não foi possível escrever o resultado: disco cheio.")
        else:
            error(f"não foi possível escrever o resultado (erro {exc.errno}).")
        return OUTPUT_ERROR
    except ValueError:  # stdout closed by the program itself
        error("a saída padrão está fechada; o resultado não foi escrito.")
        return OUTPUT_ERROR
    return 0
