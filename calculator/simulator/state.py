"""The state of one simulation run, created whole in ``__init__`` and filled by the phases (lists,
filling, replacement, reversion, report), each a module of plain functions of this state."""

from __future__ import annotations

from dataclasses import dataclass, field

from calculator.simulator.options import Options
from calculator.simulator.policy import Policy
from calculator.simulator.records import (
    AMPLA,
    FEM,
    LIST_NAMES,
    LIST_TITLES,
    PCD,
    RESERVA,
    SPECIFIC,
    Conflict,
    Exclusion,
    Move,
    Reversion,
    Shortfall,
    Winner,
)


def _per_list(lists=(AMPLA, *SPECIFIC), make=list) -> dict:
    return {lst: make() for lst in lists}


@dataclass
class Run:
    """Inputs (norm module, policy, options, seat types, candidates, schedule) and what the phases record."""

    rules: object  # the norm's rules (calculator/rules/: registry, title, citation, simulation_warnings)
    policy: Policy
    options: Options
    vacancies: int
    types: list[str]
    table: object  # calculator.csv.candidates.CandidateTable
    sched: dict
    pcd_first: bool = False
    #: the norm's own procedures were not in force for this edital (a regulating decree published after it):
    #: (the date they took effect, dd/mm/aaaa, and the provisions that say so), else None
    procedures_off: tuple[str, list[str]] | None = None
    warnings: list[dict] = field(default_factory=list)
    excluded: list[Exclusion] = field(default_factory=list)
    moved: list[Move] = field(default_factory=list)
    reverted: list[Reversion] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    winners: dict[str, list[Winner]] = field(default_factory=_per_list)
    nominated: set[str] = field(default_factory=set)
    skipped: set[str] = field(default_factory=set)
    # reserved seats (ordinal within the list, 0-based) vacated by a desisting optant and, under the
    # "geral" replacement reading, handed to the general list: ordinal → the optant's inscrição
    converted: dict[int, str] = field(default_factory=dict)
    shortfalls: dict[str, Shortfall] = field(default_factory=dict)
    extra_basis: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)  # called for converted/reverted seats, in rank order
    # the published lists: position of each member in each specific list, and the lists' inscrições
    list_pos: dict[str, dict[str, int]] = field(default_factory=lambda: _per_list(SPECIFIC, dict))
    published: dict[str, list[str]] = field(default_factory=_per_list)
    taken: dict[str, int] = field(default_factory=lambda: _per_list(SPECIFIC, int))
    final_quota: dict[str, int] = field(default_factory=lambda: _per_list(SPECIFIC, int))
    quota: dict[str, int] = field(init=False)
    names: dict[str, str] = field(init=False)  # the lists' names in messages (the female list's: the norm's)
    titles: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.quota = {AMPLA: 0, RESERVA: 0, PCD: 0, FEM: 0}
        for t in self.types:
            self.quota[t] += 1
        self.warnings = list(self.sched.get("warnings", []))
        female = self.policy.options.get("vagas_femininas", {})
        self.names = {**LIST_NAMES, FEM: female.get("list_name", LIST_NAMES[FEM])}
        self.titles = {**LIST_TITLES, FEM: female.get("list_title", LIST_TITLES[FEM])}

    @property
    def norm(self) -> str:
        return self.policy.slug

    @property
    def cands(self) -> list:
        return self.table.candidates

    def refs(self, *kinds: str) -> list[str]:
        return self.policy.refs(*kinds)
