"""Each cargo's line of an edital's answer: its status against the seats it announces, its own warnings and
steps (those the cargos share are said once for the edital), made when read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from calculator.answer import collect_basis, identity
from calculator.arithmetic import POSITIONS_LIMIT
from calculator.csv.cargos import CargoRow
from calculator.edital.compute import CargoCache
from calculator.edital.shared import Shared, step_key, warning_key
from calculator.limits import EDITAL_POSITIONS, EDITAL_POSITIONS_EACH
from calculator.stages.compliance import compliance_status, reading_dependence

#: Every status a cargo may have (None: the edital announces no figure for it).
STATUSES = ("conforme", "abaixo", "acima", "reserva_voluntaria", "nao_se_aplica", "conjunto",
            "sem_informacao")


@dataclass
class Statuses:
    """The status of each distinct (answer, announced seats), computed once, and the sums over the rows."""

    #: key → (status, own warnings, basis, steps, the note qualifying a status that flips under the other
    #: reading of the count, or None)
    by_key: dict[tuple, tuple] = field(default_factory=dict)
    index: dict[tuple, int] = field(default_factory=dict)
    answers: list[tuple] = field(default_factory=list)  # (key, cache answer), one per distinct key
    records: list[int] = field(default_factory=list)  # per row: the index of its status in ``answers``
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    reserved: int = 0  # the per-cargo reading's sum
    announced: int = 0
    announced_all: bool = True
    missing: int = 0
    depends: int = 0  # rows whose status flips under the other reading of the count
    below_depends: int = 0  # of them, rows "abaixo" that the other reading takes out of "abaixo"
    #: where the edital's budget of listed positions (limits.EDITAL_POSITIONS) runs out: (row index, how
    #: many positions that row still lists); the rows after it list their first EDITAL_POSITIONS_EACH.
    #: None: every row lists its own, as `ordem` would.
    cut: tuple[int, int] | None = None

    def drop_codes(self, codes: frozenset[str]) -> None:
        """Leave out of every cargo's own warnings those whose code is in ``codes``."""
        for key, (status, own, basis, steps, note) in self.by_key.items():
            self.by_key[key] = (status, [w for w in own if w["code"] not in codes], basis, steps, note)


def statuses(cache: CargoCache, shared: Shared) -> Statuses:
    """Each row's status and the sums (a set of posts is judged over the set only, never cargo by cargo)."""
    q, out = cache.q, Statuses()
    own_parts: dict[int, dict] = {}
    left = EDITAL_POSITIONS
    # a total that may be short (calculator/csv/table_notes.py): no status, as if nothing were announced
    judged = not (q.table is not None and q.table.uncertain_total)
    for i, (c, _m, res) in enumerate(cache.per_cargo()):
        r = res["r"]
        announced = c.announced if judged else None
        if out.cut is None:  # what the row lists, as one `ordem` would (at most POSITIONS_LIMIT)
            wanted = min(res["o"]["positions_total"], POSITIONS_LIMIT)
            if wanted > left:
                out.cut = (i, left)
            else:
                left -= wanted
        key = (id(res), announced)
        if key not in out.by_key:  # same inputs, same answer: computed once per distinct cargo
            note = None
            if q.set_scope:
                status, status_warnings = ("conjunto" if announced is not None else None), []
            else:
                status, status_warnings = compliance_status(
                    announced, r["reserved"], q.kind, q.kind_basis, r["applies"], q.above_minimum,
                    q.shortfall_basis, q.voluntary_basis)
                note, flips = reading_dependence(status, announced, r["reserved"], r.get("alternative"),
                                                 q.kind, q.kind_basis)
                status_warnings = flips + status_warnings
            part = own_parts.get(id(res))
            if part is None:
                warnings, steps = shared.of(res)
                part = own_parts[id(res)] = {
                    "own": [w for w in warnings if warning_key(w) not in shared.common],
                    "basis": collect_basis(r["basis"], res["o"]["basis"]),
                    "steps": [x for x in steps if step_key(x) not in shared.common_steps]}
            out.by_key[key] = (status, part["own"] + status_warnings,
                               collect_basis(part["basis"], status_warnings), part["steps"], note)
        status = out.by_key[key][0]
        out.depends += out.by_key[key][4] is not None
        out.below_depends += out.by_key[key][4] is not None and status == "abaixo"
        out.counts[status or "sem_informacao"] += 1
        out.reserved += r["reserved"]
        if announced is None:
            out.announced_all = False
        else:
            out.announced += announced
        out.missing += r["reserved"] - announced if status == "abaixo" else 0
        if key not in out.index:
            out.index[key] = len(out.answers)
            out.answers.append((key, res))
        out.records.append(out.index[key])
    return out


def cargo_answers(cache: CargoCache, st: Statuses) -> CargoAnswers:
    """Each row's answer, made when read."""
    set_scope = cache.q.set_scope
    # each cargo's answer names its norm, shape and release like every answer (a row may be read on its own)
    shape = {k: v for k, v in identity(cache.q.rules).items()
             if k in ("norm_urn", "schema_version", "calculator_version")}

    def answer(i: int, c: CargoRow, index: int) -> dict:
        key, res = st.answers[index]
        m = cache.nominations_of(c)
        r, o = res["r"], res["o"]
        positions = o["positions"]
        if st.cut is not None and i >= st.cut[0]:  # the edital's budget of listed positions is spent
            positions = positions[:max(st.cut[1] if i == st.cut[0] else 0, EDITAL_POSITIONS_EACH)]
        status, own, basis, cargo_steps, note = st.by_key[key]
        if set_scope:  # no count, warning or step of its own: the set's are the edital's
            own, basis, cargo_steps = [], [], []
        return {
            **shape, "cargo": c.name, "section": c.section, "line": c.line, "vacancies": c.vacancies,
            "nominations": m if m is not None else c.vacancies, "pcd_vacancies": c.pcd,
            "reserved": None if set_scope else r["reserved"], "applies": r["applies"],
            "reserve_required": r["reserve_required"],
            "percent": r["percent"], "percent_display": r["percent_display"], "exact": r["exact"],
            "announced": c.announced, "status": status,
            "missing": r["reserved"] - c.announced if status == "abaixo" else None,
            "excess": c.announced - r["reserved"] if status == "acima" else None,
            "alternative": None if set_scope else r.get("alternative"), "status_note": note,
            "positions": positions, "positions_total": o["positions_total"],
            "positions_truncated": len(positions) < o["positions_total"], "reading": o.get("reading"),
            "basis": basis, "warnings": own, "steps": cargo_steps,
        }

    return CargoAnswers(cache.q.rows, st.records, answer)


class CargoAnswers(Sequence):
    """Each cargo's answer, made when it is read from the row and one small index per cargo (into the
    answers shared by cargos with the same figures): a sequence of dicts like the list it stands for."""

    __slots__ = ("_make", "_records", "_rows")  # _make(row index, row, record)

    def __init__(self, rows: list[CargoRow], records: list[int], make):
        self._rows = rows
        self._records = records
        self._make = make

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(map(self._make, range(len(self))[i], self._rows[i], self._records[i]))
        i = range(len(self))[i]  # a negative index counts from the end, as in a list
        return self._make(i, self._rows[i], self._records[i])

    def __iter__(self):
        return map(self._make, range(len(self)), self._rows, self._records)
