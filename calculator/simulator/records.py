"""The simulation's records: the lists, who won a seat of which list, who left a list and why, seats
reverted or left empty.  Each record becomes one JSON object of the answer (``to_dict``)."""

from __future__ import annotations

from dataclasses import dataclass, field

AMPLA, RESERVA, PCD, FEM = "ampla", "reserva", "pcd", "feminina"
#: The specific lists, in the order their seats are counted and reported.
SPECIFIC = (RESERVA, PCD, FEM)
LISTS = (AMPLA, *SPECIFIC)
LIST_NAMES = {
    AMPLA: "ampla concorrência",
    RESERVA: "reserva racial",
    PCD: "pessoas com deficiência",
    FEM: "vagas femininas",
}
LIST_TITLES = {
    AMPLA: "Lista geral (todos os aprovados, inclusive optantes)",
    RESERVA: "Lista específica da reserva racial",
    PCD: "Lista específica das pessoas com deficiência",
    FEM: "Lista específica feminina",
}


def agree(words: str, genders) -> str:
    """Words ending in "o" ("classificado nomeado") agreed with the candidates' gender column: all F →
    feminine, unknown gender of one candidate → "o(a)"; several candidates of mixed or unknown gender →
    the generic masculine plural."""
    gs = list(genders)
    plural = len(gs) > 1
    if gs and all(g == "F" for g in gs):
        end = "as" if plural else "a"
    elif plural or (gs and gs[0] == "M"):
        end = "os" if plural else "o"
    else:
        end = "o(a)"
    return " ".join(w[:-1] + end if w.endswith("o") else w for w in words.split(" "))


class Agreed(dict):
    """``str.format_map`` values for a registry message: any {word} is the word agreed with ``genders``
    ("{eliminado}" → "eliminada" for a woman)."""

    def __init__(self, genders):
        super().__init__()
        self.genders = list(genders)

    def __missing__(self, key: str) -> str:
        return agree(key, self.genders)


@dataclass
class Winner:
    """A candidate who takes a seat of one list, with why and on what basis."""

    candidate: object  # calculator.csv.candidates.Candidate
    reason: str
    basis: list[str]


@dataclass
class Exclusion:
    """A candidate out of the lists (eliminado, excluded by the heteroidentificação) or skipped
    (desistente/inapto: ``would_fill`` is the list whose seat they would have taken)."""

    candidate: str
    name: str
    rank: int
    situation: str
    reason: str
    basis: list[str]
    would_fill: str | None = None
    replaced_by: str | None = None

    def to_dict(self) -> dict:
        out = {"candidate": self.candidate, "name": self.name, "rank": self.rank, "situation": self.situation,
               "reason": self.reason, "basis": self.basis, "replaced_by": self.replaced_by}
        if self.would_fill is not None:
            out["would_fill"] = self.would_fill
        return out


@dataclass
class Move:
    """A candidate who left one list for another (nominated by the ampla concorrência, precedence)."""

    candidate: str
    source: str
    target: str
    reason: str
    basis: list[str]

    def to_dict(self) -> dict:
        return {"candidate": self.candidate, "from": self.source, "to": self.target, "reason": self.reason,
                "basis": self.basis}


@dataclass
class Reversion:
    """A seat of one list handed to another (``seat`` None: a seat of the other gender, no fixed seat)."""

    seat: int | None
    source: str
    target: str
    reason: str
    basis: list[str]
    candidate: str | None = None

    def to_dict(self) -> dict:
        out = {"seat": self.seat, "from": self.source, "to": self.target, "reason": self.reason,
               "basis": self.basis}
        if self.candidate is not None:
            out["candidate"] = self.candidate
        return out


@dataclass(frozen=True)
class Conflict:
    """A candidate with room in more than one specific list, and the list chosen by precedence."""

    candidate: str
    lists: list[str]
    chosen: str


@dataclass(frozen=True)
class Shortfall:
    """Seats of a specific list without candidates: how many, why, and the basis of their reversion."""

    missing: int
    why: str
    basis: list[str]


@dataclass
class UnfilledRange:
    """Consecutive seats no candidate fills (1,000,000 vacancies with 2 candidates: one range)."""

    first: int
    last: int
    lists: dict[str, int]
    basis: list[str]
    reason: str = "não há mais candidatos aprovados e habilitados"
    mixed: bool = False

    @property
    def count(self) -> int:
        return self.last - self.first + 1

    def to_dict(self) -> dict:
        """{"seat", "from", "to", "count", "list" (the seat type when all share it, else "varias"),
        "lists" ({seat type: how many}), "reason", "basis"}."""
        only = next(iter(self.lists))
        return {"seat": self.first, "from": self.first, "to": self.last, "count": self.count,
                "list": "varias" if self.mixed else only, "lists": self.lists, "reason": self.reason,
                "basis": self.basis}


def add_unfilled(ranges: list[UnfilledRange], seat: int, typ: str, basis: list[str]) -> None:
    """Record an unfilled seat, merged with the previous range when consecutive."""
    if ranges and ranges[-1].last == seat - 1:
        last = ranges[-1]
        last.last = seat
        last.lists[typ] = last.lists.get(typ, 0) + 1
        last.mixed = len(last.lists) > 1
        return
    ranges.append(UnfilledRange(seat, seat, {typ: 1}, basis))


@dataclass
class Nomination:
    """One seat, the candidate called to it and through which list."""

    seat: int
    candidate: str
    name: str
    rank: int
    via: str
    seat_type: str
    reason: str
    basis: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "candidate": self.candidate, "name": self.name, "rank": self.rank,
                "list": self.via, "seat_type": self.seat_type, "reason": self.reason, "basis": self.basis}
