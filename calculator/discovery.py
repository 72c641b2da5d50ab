"""Which norms there are: the registry files (``<slug>/norma.toml``) in laws/ and in the extra corpus folders,
and the order the site, the CLI's help and the messages list them in."""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path

from calculator.registry_checks import RegistryError

LAWS = Path(__file__).resolve().parent.parent / "laws"
FILENAME = "norma.toml"

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


@cache
def discover() -> tuple[str, ...]:
    """Every norm with a registry file, in the order its ``list_order`` gives (then by slug): the order of
    the site, the CLI's help and the messages that list the norms."""
    found: dict[str, tuple[int, str]] = {}
    _parsed.clear()
    for folder in corpus_dirs():
        for path in sorted(folder.glob(f"*/{FILENAME}")):
            slug = path.parent.name
            if slug in found:
                raise RegistryError(f"{path}: a norma {slug!r} já existe em {path_of(slug)}")
            found[slug] = (_list_order(path), slug)
    return tuple(sorted(found, key=found.__getitem__))


# Registry files the last discover() parsed, each kept for the registry's cached load of it (taken once):
# the page's Python then parses each file once at start, not twice. Any other read parses the file as it is.
_parsed: dict[Path, dict] = {}


def parse(path: Path, reuse: bool = False) -> dict:
    """The registry file at ``path`` as TOML data; with ``reuse``, the copy discover() parsed, once."""
    if reuse and (data := _parsed.pop(Path(path), None)) is not None:
        return data
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RegistryError(f"{path}: TOML inválido ({exc})") from None


def _list_order(path: Path) -> int:
    data = _parsed[path] = parse(path)
    value = data.get("list_order", 1000)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RegistryError(f"{path}: list_order deve ser um número inteiro")
    return value


def path_of(slug: str) -> Path:
    """The registry file of ``slug``: in laws/ or in an extra corpus folder (see :func:`corpus_dirs`)."""
    for folder in corpus_dirs():
        if (folder / slug / FILENAME).is_file():
            return folder / slug / FILENAME
    return LAWS / slug / FILENAME
