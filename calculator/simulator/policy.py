"""A norm's simulation policy: its ``[simulation]`` section of ``laws/<slug>/norma.toml``, as data.

What the section may say (every key optional: a norm that says nothing simulates with the defaults — a
general list and the reserve's list, concurrent competition, proportional order, a desisting candidate
replaced by the next of the same list, empty reserved seats reverted to the ampla concorrência):

- ``[simulation.basis]``: kind of decision → provision ids (without the norm's prefix); a kind not given
  has no basis in the corpus ("sem base no corpus").  The kinds are :data:`BASIS_KINDS`.
- ``[simulation.precedence]``: ``order`` (the lists, first chosen first, for a candidate with room in
  several) and ``over_pcd`` (list → the provision's label, said when a PcD candidate was nominated through
  that list); another order for an option's value, or the rule "the list where better classified"
  (``{better, than, order}``), is that value's (``[simulation.options.<name>.values.<value>]``).
- ``[simulation.heteroidentificacao]``: the verification's results that take effect (``results.<value>``:
  ``effect`` "excluded" or "ampla", ``reason`` with {words} agreed with the gender, ``basis`` kinds,
  ``note`` = whether the decision note follows), ``note`` and ``note_basis`` (who decides), ``eliminated``
  (the note also follows an elimination), ``where`` (for the other norms' message), ``pending_warning``.
- ``[simulation.replacement]``: ``rule`` and ``quote`` of the replacement provision when it speaks of
  desistance only (its use for other exclusions is an analogy, warned).
- ``[simulation.reversion]``: ``partial_warning`` (catalogue key, reverting part of the reserve),
  ``other_lists`` (text: the norm's reversion applied to the PcD/female seats by analogy, no basis).
- ``[simulation.lists]``: ``publish_within_vacancies`` (specific lists published up to their seats),
  ``basis.<list>`` (provisions added to the list's own).
- ``[simulation.pcd_first]``: ``scopes`` where the PcD seats are called first, with ``reason``,
  ``premise``, ``step`` and ``warning`` texts.
- ``[simulation.pcd_with_reserve]``: ``warning`` (catalogue key) given with PcD and reserved seats unless
  ``unless`` (a warning code) was already given.
- ``[simulation.options.<name>]``: the options only this norm accepts (see options.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from calculator import norms
from calculator.norms.vocabulary import BASIS_KINDS, DEFAULT_ORDER, EFFECTS

__all__ = ("BASIS_KINDS", "DEFAULT_ORDER", "EFFECTS", "Hetero", "HeteroResult", "Policy", "PolicyError",
           "every", "from_data", "of")


class PolicyError(ValueError):
    """A malformed [simulation] section (the message names the file and the entry)."""


@dataclass(frozen=True)
class HeteroResult:
    effect: str
    reason: str
    basis: tuple[str, ...]
    note: bool
    ampla_note: str
    ampla_basis: tuple[str, ...]


@dataclass(frozen=True)
class Hetero:
    where: str
    note: str
    note_basis: tuple[str, ...]
    eliminated: bool
    results: dict[str, HeteroResult]
    pending_warning: str | None
    other_warning: str | None


@dataclass(frozen=True)
class Policy:
    slug: str
    basis: dict[str, tuple[str, ...]]  # kind → provision ids without the prefix
    order: tuple[str, ...]
    over_pcd: dict[str, str]
    hetero: Hetero | None
    replacement: dict[str, str]
    reversion: dict[str, str]
    publish_within_vacancies: bool
    list_basis: dict[str, tuple[str, ...]]
    pcd_first: dict
    pcd_with_reserve: dict
    options: dict[str, dict] = field(default_factory=dict)

    def refs(self, *kinds: str) -> list[str]:
        """The provisions ("slug:id") cited for these kinds of decision, de-duplicated, in order."""
        out: list[str] = []
        for kind in kinds:
            for pid in self.basis.get(kind, ()):
                ref = f"{self.slug}:{pid}"
                if ref not in out:
                    out.append(ref)
        return out

    def references(self) -> list[str]:
        """Every provision the policy cites ("slug:id"), de-duplicated, in file order."""
        ids = [pid for pids in self.basis.values() for pid in pids]
        ids += [pid for pids in self.list_basis.values() for pid in pids]
        ids += list(self.pcd_first.get("step_basis", ()))
        return list(dict.fromkeys(self.ids(ids)))

    def ids(self, pids) -> list[str]:
        """Provision ids of this norm, prefixed ("art7_cpt" → "ubatuba:art7_cpt")."""
        return [f"{self.slug}:{pid}" for pid in pids]

    def option_value(self, option: str, value: str, key: str, default: str = "") -> str:
        """A text the norm gives for one value of one of its options (``values.<value>.<key>``)."""
        return self.options.get(option, {}).get("values", {}).get(value, {}).get(key, default)

    def option_text(self, option: str, key: str, default: str = "") -> str:
        return self.options.get(option, {}).get(key, default)


def _ids(raw: object, where: str, path: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(i, str) and i and ":" not in i for i in raw):
        raise PolicyError(f"{path}: {where} deve ser uma lista de ids sem prefixo (ex.: \"art2_par3\")")
    return tuple(raw)


def _kinds(raw: object, where: str, path: object) -> tuple[str, ...]:
    kinds = tuple(raw) if isinstance(raw, list) else ()
    if not isinstance(raw, list) or not set(kinds) <= set(BASIS_KINDS):
        raise PolicyError(f"{path}: {where} deve ser uma lista de tipos de decisão "
                          f"({', '.join(BASIS_KINDS)})")
    return kinds


def _lists(raw: object, where: str, path: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not set(raw) <= set(DEFAULT_ORDER):
        raise PolicyError(f"{path}: {where} deve ser uma lista de listas ({', '.join(DEFAULT_ORDER)})")
    return tuple(raw)


def _hetero(raw: dict | None, path: object) -> Hetero | None:
    if not raw:
        return None
    results = {}
    for value, r in raw.get("results", {}).items():
        where = f"simulation.heteroidentificacao.results.{value}"
        if r.get("effect") not in EFFECTS:
            raise PolicyError(f"{path}: {where}.effect deve ser um de {EFFECTS}")
        results[value] = HeteroResult(r["effect"], str(r.get("reason", "")),
                                      _kinds(r.get("basis", []), where + ".basis", path),
                                      bool(r.get("note", False)), str(r.get("ampla_note", "")),
                                      _kinds(r.get("ampla_basis", []), where + ".ampla_basis", path))
    return Hetero(str(raw.get("where", "")), str(raw.get("note", "")),
                  _kinds(raw.get("note_basis", []), "simulation.heteroidentificacao.note_basis", path),
                  bool(raw.get("eliminated", False)), results, raw.get("pending_warning"),
                  raw.get("other_warning"))


def from_data(slug: str, data: dict, path: object = "<registro>") -> Policy:
    """The policy of a norm from its registry's ``[simulation]`` table (``data``; {} → the defaults)."""
    basis = {}
    for kind, ids in data.get("basis", {}).items():
        if kind not in BASIS_KINDS:
            raise PolicyError(f"{path}: simulation.basis.{kind}: tipo de decisão desconhecido")
        basis[kind] = _ids(ids, f"simulation.basis.{kind}", path)
    prec = data.get("precedence", {})
    lists = data.get("lists", {})
    return Policy(
        slug=slug, basis=basis,
        order=_lists(prec.get("order", list(DEFAULT_ORDER)), "simulation.precedence.order", path),
        over_pcd=dict(prec.get("over_pcd", {})),
        hetero=_hetero(data.get("heteroidentificacao"), path),
        replacement=dict(data.get("replacement", {})), reversion=dict(data.get("reversion", {})),
        publish_within_vacancies=bool(lists.get("publish_within_vacancies", False)),
        list_basis={k: _ids(v, f"simulation.lists.basis.{k}", path)
                    for k, v in lists.get("basis", {}).items()},
        pcd_first=dict(data.get("pcd_first", {})), pcd_with_reserve=dict(data.get("pcd_with_reserve", {})),
        options=dict(data.get("options", {})))


def every() -> list[tuple[object, Policy]]:
    """(the registry Norm, its policy) of every norm discovered, in list order: the registries are read, no
    norm's rules are built (what the simulation says of the other norms: their options, their
    verification)."""
    return [(norm, of(norm)) for norm in map(norms.registry_of, norms.discover())]


_policies: dict[int, tuple[object, Policy]] = {}


def of(registry) -> Policy:
    """The policy of a registry (its ``[simulation]`` table, read when the registry was loaded; none: the
    defaults), made once per registry."""
    kept = _policies.get(id(registry))
    if kept is None or kept[0] is not registry:
        path = getattr(registry, "path", None)
        kept = _policies[id(registry)] = (registry, from_data(registry.slug, registry.simulation,
                                                              path if isinstance(path, Path) else None))
    return kept[1]


def forget() -> None:
    """Forget the policies made (with calculator.norms.forget, for a test that changes a registry)."""
    _policies.clear()
