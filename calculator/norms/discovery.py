"""Where the norms' registry files are: ``<slug>/norma.toml`` in laws/ and in the extra corpus folders, and
their TOML read as data. Nothing here validates a registry: calculator/norms/load.py does, once per norm."""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Iterator
from pathlib import Path

from calculator.errors import RegistryError
from calculator.ptbr import format_int

LAWS = Path(__file__).resolve().parent.parent.parent / "laws"
FILENAME = "norma.toml"

#: The largest file of a norm folder read: a TOML file (the corpus's largest registry is about 25 KB), and the
#: law's text (texto.txt; the corpus's longest law is about 20 KB). A norm folder is untrusted data.
MAX_TOML_BYTES = 1_000_000
MAX_TEXT_BYTES = 2_000_000


class FolderFileError(ValueError):
    """A norm folder's file that is not read at all, with the pt-BR reason (its caller names the file)."""


def folder_file(path: Path, limit: int = MAX_TOML_BYTES) -> bytes:
    """The bytes of a norm folder's file, read only if it is a regular file of at most ``limit`` bytes:
    never a FIFO (reading it would wait forever), a device (/dev/zero never ends) or a huge file; a link to
    a regular file is read like the file."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise FolderFileError(f"não pôde ser aberto ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FolderFileError("não é um arquivo comum (um dispositivo, uma fila ou uma pasta)")
        if info.st_size > limit:
            raise FolderFileError(f"tem {format_int(info.st_size)} bytes, mais que o limite de "
                                  f"{format_int(limit)}")
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FolderFileError(f"passa do limite de {format_int(limit)} bytes")
    return data


def toml_data(text: str) -> dict:
    """TOML text as data; tomllib's own error, or a FolderFileError for tables nested deeper than Python's
    recursion goes (``a = [[[[…]]]]``)."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise FolderFileError("tem listas ou tabelas aninhadas demais") from None


#: Environment variable naming extra corpus folders (os.pathsep-separated), each laid out like laws/
#: (<folder>/<slug>/norma.toml beside texto.txt, meta.toml, anotacoes.toml): a city tries its norm with
#: the site's tools before adding it to laws/; the tests use it for their fixture norm.
EXTRA_ENV = "COTAS_NORMAS_EXTRA"


def corpus_dirs() -> tuple[Path, ...]:
    """laws/, then the extra corpus folders of :data:`EXTRA_ENV` (in Pyodide: laws/ inside calculator.zip,
    unpacked beside calculator/)."""
    extra = os.environ.get(EXTRA_ENV, "")
    folders = (LAWS, *(Path(p).resolve() for p in extra.split(os.pathsep) if p.strip()))
    return tuple(dict.fromkeys(folders))  # a folder named twice (or laws/ itself) is read once


def registry_files() -> Iterator[tuple[str, Path | None, str | None]]:
    """(slug, path, None) for each registry file, the first folder's when two folders hold the same slug;
    (name, None, why) for a folder that cannot be listed and for each later folder of a slug already found
    (a folder is untrusted data and breaks only itself)."""
    seen: dict[str, Path] = {}
    for folder in corpus_dirs():
        try:
            paths = sorted(folder.glob(f"*/{FILENAME}"))
        except OSError as exc:
            yield folder.name, None, f"{folder}: pasta ilegível ({exc.strerror or exc})"
            continue
        for path in paths:
            slug = path.parent.name
            if slug in seen:
                yield slug, None, (f"{path}: a norma {slug!r} já existe em {seen[slug]}; esta pasta "
                                   "fica de fora")
                continue
            seen[slug] = path
            yield slug, path, None


def parse(path: Path) -> dict:
    """The registry file at ``path`` as TOML data."""
    try:
        return toml_data(folder_file(Path(path)).decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RegistryError(f"{path}: TOML inválido ({exc})") from None
    except UnicodeDecodeError:
        raise RegistryError(f"{path}: o arquivo não está em UTF-8") from None
    except FolderFileError as exc:
        raise RegistryError(f"{path}: {exc}") from None


def path_of(slug: str) -> Path:
    """The registry file of ``slug``: in laws/ or in an extra corpus folder (see :func:`corpus_dirs`)."""
    for folder in corpus_dirs():
        try:
            if (folder / slug / FILENAME).is_file():
                return folder / slug / FILENAME
        except (OSError, ValueError):
            continue
    return LAWS / slug / FILENAME
