"""What a norm is, as data: its registry file (``laws/<slug>/norma.toml``) found, checked against the schema
and loaded into a typed model, and the wording of the steps every norm shares.

- ``discovery``: where the registry files are (laws/ and the extra corpus folders);
- ``schema``: every key a registry may hold, described once (the loader, ``laws check`` and the guide read
  it), in the ``vocabulary`` of its values and types, and ``validate``: a registry checked against it;
- ``names``: what a folder may name (its slug, the names the site prints, its rules module);
- ``model``: :class:`Registry` and its parts (parameters, validity, readings, the warning catalogue);
- ``load``: a registry read, each one parsed and validated at most once per process;
- ``wording``: the common steps' messages and the parameters a message names by ``{name}``.

Here: which norms there are (:func:`discover`, in their ``list_order``), whether one is available, and why a
folder was left out. A folder is untrusted data and breaks only itself.
"""

from __future__ import annotations

from functools import cache

from calculator.errors import RegistryError
from calculator.norms import discovery, load, names, schema, validate, vocabulary, wording
from calculator.norms.discovery import (
    EXTRA_ENV,
    FILENAME,
    LAWS,
    MAX_TEXT_BYTES,
    MAX_TOML_BYTES,
    FolderFileError,
    corpus_dirs,
    folder_file,
    path_of,
    toml_data,
)
from calculator.norms.load import (
    OPTION_FIELDS,
    loaded,
    read_registry,
    registry_from_data,
    registry_of,
)
from calculator.norms.model import (
    Case,
    CatalogueEntry,
    Extension,
    Parameter,
    Reading,
    Registry,
    Validity,
    add_years,
    parameters_table,
)
from calculator.norms.names import SLUG_FORM, label_problem, rules_problem
from calculator.norms.wording import MESSAGE_VALUES, MESSAGES, parameter_placeholders

__all__ = [
    "EXTRA_ENV", "FILENAME", "LAWS", "MAX_TEXT_BYTES", "MAX_TOML_BYTES", "MESSAGES", "MESSAGE_VALUES",
    "OPTION_FIELDS", "Case", "CatalogueEntry", "Extension", "FolderFileError", "folder_file", "toml_data",
    "Parameter", "Reading", "Registry", "RegistryError", "Validity",
    "add_years", "available", "corpus_dirs", "discover", "discovery", "forget", "label_problem", "load",
    "loaded", "names", "parameter_placeholders", "SLUG_FORM", "rules_problem", "validate", "vocabulary",
    "parameters_table", "path_of", "problem", "problems", "provisions", "read_registry", "registry_from_data",
    "registry_of", "schema", "wording",
]

_problems: dict[str, str] = {}


@cache
def discover() -> tuple[str, ...]:
    """Every norm whose registry loads, in the order its ``list_order`` gives (then by slug): the order of the
    site, the CLI's help and the messages that list the norms. A folder whose registry does not load (bad
    TOML, a slug that is not its folder's name, a second folder for the same slug, an unknown rules
    module…) is left out, and :func:`problems` says why, in one pt-BR line naming the file."""
    found: dict[str, tuple[int, str]] = {}
    _problems.clear()
    for slug, path, why in discovery.registry_files():
        if why is not None:
            _problems.setdefault(slug, why)
            continue
        try:
            found[slug] = (registry_of(slug).list_order, slug)
        except RegistryError as exc:
            _problems[slug] = str(exc)
        except OSError as exc:
            _problems[slug] = f"{path}: arquivo ilegível ({exc.strerror or exc})"
    return tuple(sorted(found, key=found.__getitem__))


def available(slug: object) -> bool:
    """Whether ``slug`` names a norm that loads, reading only that norm's registry when :func:`discover` has
    not run: a question about one norm costs one registry, however many norms the corpus holds. The answer
    is the one :func:`discover` gives (the first folder with that name, whose whole registry loads)."""
    if discover.cache_info().currsize:
        return slug in discover()
    if not isinstance(slug, str) or not SLUG_FORM.fullmatch(slug):
        return False
    try:
        if not path_of(slug).is_file():
            return False
        registry_of(slug)
    except (RegistryError, OSError):
        return False
    return True


def problems() -> dict[str, str]:
    """Folder name → why its norm was left out (one pt-BR line naming the file), as :func:`discover` found."""
    discover()
    return dict(_problems)


def problem(name: object) -> str | None:
    """Why the norm ``name`` (a folder's name, as a user types it) is not available, when a folder of that
    name exists but does not load; else None."""
    return problems().get(name) if isinstance(name, str) else None


def forget() -> None:
    """Forget what was found and loaded (a test that changes the corpus folders or a registry file)."""
    discover.cache_clear()
    _problems.clear()
    load.forget()
