"""How a norm's answers are computed: the default rules over its registry and, for a norm whose text says
what data cannot, its declared exceptions.

- ``default``: :class:`DefaultRules`, every stage's default rule, with its exception points;
- ``percent``: the percentage a norm applies and the fewest vacancies with a reserve;
- ``rounding``: how P% of N is rounded, and the step that shows it;
- ``calls``: the call order (how many of the first n nominations are reserved, and which);
- ``choices``: the vínculo and the reading a question chooses;
- ``validity``: the editais (or nominations) a norm governs;
- ``ubatuba``, ``quissama``, ``lins``: each norm's own exceptions, ``class <Norm>Rules(DefaultRules)``.

Here: :data:`NORMS` (slug → the norm's rules, made on first use) and :func:`rules_for` (a slug as a user
types it). A norm's module is imported only when a question names the norm.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Mapping

from calculator import norms
from calculator.errors import InputError, RegistryError
from calculator.ptbr import either
from calculator.rules.calls import call_count, call_positions
from calculator.rules.choices import reading_values
from calculator.rules.default import DefaultRules
from calculator.rules.rounding import reserved_count
from calculator.rules.validity import placeholders, validity_on, validity_window

__all__ = ["NORMS", "DefaultRules", "call_count", "call_positions", "placeholders", "reading_values",
           "reserved_count", "rules_class", "rules_for", "rules_of",
           "validity_on", "validity_window"]


def rules_class(registry) -> type[DefaultRules]:
    """The class of a norm's rules: DefaultRules or, when the registry names its rules module, that module's
    ``<Slug>Rules`` (``UbatubaRules``), which declares the norm's exceptions (the module imported only
    now)."""
    if registry.rules_module is None:
        return DefaultRules
    name = "".join(part.capitalize() for part in registry.slug.split("_")) + "Rules"
    found = getattr(importlib.import_module(registry.rules_module), name, None)
    if not (isinstance(found, type) and issubclass(found, DefaultRules)):
        raise RegistryError(f"{registry.path}: rules = {registry.slug!r}, mas {registry.rules_module} não "
                            f"define {name}")
    return found


def rules_of(slug: str) -> DefaultRules:
    """A norm's rules, made from its registry."""
    registry = norms.registry_of(slug)
    return rules_class(registry)(registry)


class _Norms(Mapping):
    """slug → the norm's rules, for every norm that loads, made on first use: importing the package reads no
    folder, asking for one norm reads only its registry, and a folder that does not load leaves only itself
    out (calculator.norms.problems)."""

    def __init__(self):
        self._rules: dict[str, DefaultRules] = {}

    def __getitem__(self, slug: str) -> DefaultRules:
        if slug not in self._rules:
            if not norms.available(slug):
                raise KeyError(slug)
            self._rules[slug] = rules_of(slug)
        return self._rules[slug]

    def __contains__(self, slug: object) -> bool:
        return slug in self._rules or norms.available(slug)

    def __iter__(self):
        return iter(norms.discover())

    def __len__(self) -> int:
        return len(norms.discover())

    def forget(self) -> None:
        """Forget the rules made (with calculator.norms.forget, for a test that changes the corpus)."""
        self._rules.clear()


#: slug → the norm's rules (``registry``, ``slug``, ``title``, ``citation``, ``params``, ``readings`` and the
#: stages' rules), for every registry that loads, in the registries' ``list_order``.
NORMS = _Norms()


def rules_for(norm: object) -> DefaultRules:
    """A norm's rules for a slug typed by the user (case- and accent-insensitive: "Quissamã" accepted)."""
    if not isinstance(norm, str) or not norm.strip():
        raise InputError(f"informe a norma: {either(list(NORMS))}", "norma")
    key = "".join(c for c in unicodedata.normalize("NFKD", norm.strip().lower())
                  if not unicodedata.combining(c))
    if key not in NORMS:
        if (problem := norms.problem(key)) is not None:
            raise InputError(f"a norma {key!r} não pôde ser carregada: {problem}", "norma")
        shown = " ".join(norm.split())
        shown = "".join(ch if ch.isprintable() else "?" for ch in shown)
        if len(shown) > 40:
            shown = shown[:39] + "…"
        raise InputError(f"norma desconhecida: {shown!r} (use {either(list(NORMS))})", "norma")
    return NORMS[key]
