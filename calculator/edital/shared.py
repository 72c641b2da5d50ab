"""What the cargos of an edital share, said once for the edital: a warning two or more cargos give (with
the cargos it concerns, when not all), and the steps that hold for every cargo with vacancies (the
edital's validity, the percentage)."""

from __future__ import annotations

from dataclasses import dataclass, field

from calculator.edital.compute import CargoCache
from calculator.limits import MAX_VACANCIES


def warning_key(w: dict) -> tuple[str, str]:
    return (w["code"], w["message"])


def step_key(s: dict) -> tuple:
    return (s["text"], tuple(s["basis"]))


def cargo_steps_of(res: dict) -> list[dict]:
    """A cargo's steps: those of its reserve, then those its call order adds (no repeats)."""
    seen = {step_key(x) for x in res["r"]["steps"]}
    return res["r"]["steps"] + [x for x in res["o"]["steps"] if step_key(x) not in seen]


def unique_warnings(res: dict) -> list[dict]:
    """A cargo's warnings: those of its reserve, then those its call order adds (no repeats)."""
    seen = set()
    out = []
    for w in res["r"]["warnings"] + res["o"]["warnings"]:
        if warning_key(w) not in seen:
            seen.add(warning_key(w))
            out.append(w)
    return out


@dataclass
class Shared:
    """Each distinct answer's (warnings, steps), by the answer's id; the warnings and steps said once."""

    lists: dict[int, tuple[list[dict], list[dict]]]
    common: set  # warning keys two or more cargos give
    warnings: list[dict]  # those warnings, for the edital
    common_steps: set = field(default_factory=set)
    steps: list[dict] = field(default_factory=list)

    def of(self, res: dict) -> tuple[list[dict], list[dict]]:
        if id(res) not in self.lists:
            self.lists[id(res)] = (unique_warnings(res), cargo_steps_of(res))
        return self.lists[id(res)]


def shared(cache: CargoCache) -> Shared:
    """The warnings and steps the cargos share (see the module's docstring)."""
    out = Shared({}, set(), [])
    concerned: dict[tuple[str, str], list[str]] = {}
    first: dict[tuple[str, str], dict] = {}
    for c, _, res in cache.per_cargo():
        for w in out.of(res)[0]:
            key = warning_key(w)
            if key not in concerned:
                concerned[key] = []
                first[key] = w
            concerned[key].append(c.name)
    out.common = {key for key, names in concerned.items() if len(names) >= 2}
    for key in concerned:
        if key in out.common:
            w = dict(first[key])
            if len(concerned[key]) < len(cache.q.rows):
                w["cargos"] = concerned[key]
            out.warnings.append(w)
    _shared_steps(cache, out)
    return out


def _shared_steps(cache: CargoCache, out: Shared) -> None:
    with_vacancies = [res for c, _, res in cache.per_cargo() if c.vacancies > 0]
    if len(with_vacancies) == 1:
        # One cargo: the steps that frame it (the edital's validity, the percentage, the order's rule)
        # are those a cargo of other vacancies would share; said for the edital, as for many cargos.
        only = next(c for c, _, _ in cache.per_cargo() if c.vacancies > 0)
        n = only.vacancies + 1 if only.vacancies < MAX_VACANCIES else only.vacancies - 1
        with_vacancies.append(cache.answer(n, None, only))
    if len(with_vacancies) < 2:
        return
    first_steps = out.of(with_vacancies[0])[1]
    common = {step_key(x) for x in first_steps}
    for res in with_vacancies[1:]:
        common &= {step_key(x) for x in out.of(res)[1]}
    out.common_steps = common
    out.steps = [x for x in first_steps if step_key(x) in common]
