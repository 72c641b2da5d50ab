"""Which norms there are: the registry files (``<slug>/norma.toml``) in laws/ and in the extra corpus folders,
and the order the site, the CLI's help and the messages list them in."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from calculator.registry_checks import SLUG_FORM, RegistryError

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
    """Every norm whose registry file loads, in the order its ``list_order`` gives (then by slug): the order
    of the site, the CLI's help and the messages that list the norms.

    A folder is untrusted data and breaks only itself: one whose registry does not load (bad TOML, a slug
    that is not its folder's name, a second folder for the same slug, an unknown hooks module…) is left
    out, and :func:`problems` says why, in one pt-BR line naming the file."""
    found: dict[str, tuple[int, str]] = {}
    _parsed.clear()
    _problems.clear()
    for folder in corpus_dirs():
        try:
            paths = sorted(folder.glob(f"*/{FILENAME}"))
        except OSError as exc:
            _problems[folder.name] = f"{folder}: pasta ilegível ({exc.strerror or exc})"
            continue
        for path in paths:
            slug = path.parent.name
            if slug in found:
                _problems.setdefault(slug, f"{path}: a norma {slug!r} já existe em {path_of(slug)}; esta "
                                           "pasta fica de fora")
                continue
            try:
                order = _loaded(path)
            except RegistryError as exc:
                _problems[slug] = str(exc)
                continue
            except OSError as exc:
                _problems[slug] = f"{path}: arquivo ilegível ({exc.strerror or exc})"
                continue
            found[slug] = (order, slug)
    return tuple(sorted(found, key=found.__getitem__))


def available(slug: object) -> bool:
    """Whether ``slug`` names a norm that loads, reading only that norm's registry when discovery has not
    run yet: a question about one norm costs one registry, however many norms the corpus holds (the page's
    Python starts as fast with 100 norms as with 3). The answer is the one :func:`discover` gives: the
    first folder with that name, whose whole registry loads."""
    if discover.cache_info().currsize:
        return slug in discover()
    if not isinstance(slug, str) or not SLUG_FORM.fullmatch(slug):
        return False
    path = path_of(slug)
    try:
        if not path.is_file():
            return False
        _loaded(path)
    except (RegistryError, OSError):
        return False
    return True


_problems: dict[str, str] = {}
#: The registry's loader (calculator.registry.from_data registers itself here when it is imported: this
#: module cannot import it): a folder is discovered only if its whole registry loads.
validate: Callable[[dict, Path], object] | None = None


def problems() -> dict[str, str]:
    """Folder name → why its norm was left out (one pt-BR line naming the file), as :func:`discover` found."""
    discover()
    return dict(_problems)


def problem(name: object) -> str | None:
    """Why the norm ``name`` (a folder's name, as a user types it) is not available, when a folder of that
    name exists but does not load; else None."""
    return problems().get(name) if isinstance(name, str) else None


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
    except UnicodeDecodeError:
        raise RegistryError(f"{path}: o arquivo não está em UTF-8") from None


def _loaded(path: Path) -> int:
    """The ``list_order`` of the registry at ``path``, once its whole registry loads (RegistryError if not);
    the parse is kept for the registry's load of the norm (no second read)."""
    data = parse(path)
    value = data.get("list_order", 1000)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RegistryError(f"{path}: list_order deve ser um número inteiro")
    if validate is not None:
        validate(data, path)
    _parsed[path] = data
    return value


def path_of(slug: str) -> Path:
    """The registry file of ``slug``: in laws/ or in an extra corpus folder (see :func:`corpus_dirs`)."""
    for folder in corpus_dirs():
        try:
            if (folder / slug / FILENAME).is_file():
                return folder / slug / FILENAME
        except (OSError, ValueError):
            continue
    return LAWS / slug / FILENAME
