"""An edital's question, and each cargo's answer: exactly `reserva` and `ordem` (or `ordem` with
nominations beyond the vacancies) for the cargo's figures, computed once per distinct figures."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from calculator.csv.cargos import CargoRow, CargoTable
from calculator.csv.text import safe_text
from calculator.errors import InputError
from calculator.limits import EDITAL_FIGURES, EDITAL_POSITIONS, EDITAL_POSITIONS_EACH
from calculator.ptbr import format_int, format_percent
from calculator.rules import rules_for
from calculator.stages.applicability import Applicability, applicability
from calculator.stages.compliance import no_vacancies, percent_kind
from calculator.stages.inputs import input_date, parse_nominations
from calculator.stages.nominations import order_with_nominations
from calculator.stages.order import order_stages
from calculator.stages.reserve import reserve


@dataclass
class Question:
    """What every part of an edital's answer is computed from: the norm and options as given, the table's
    rows, and what holds for the whole edital (the concurso read as one, the percentage's kind, the
    applicability stage said once for the edital)."""

    norm: object  # the norm as typed (each cargo's answer is `reserva`/`ordem` for it)
    rules: object
    percent: object
    edital_date: object
    scope: object
    reading: object
    rows: list[CargoRow]
    table: CargoTable | None
    total: int  # vacancies of the concurso read as one
    aggregated: dict  # `reserva` for the total
    reserved_aggregated: int
    kind: str  # the percentage's kind ("minimo", "fixo", "informado")
    kind_basis: list[str]
    above_minimum: str  # said of a shortfall when the edital reserves more than the norm's minimum
    app: Applicability
    set_scope: bool  # a vínculo whose minimum is over the set of posts (judged as one)
    validity_reason: str | None
    voluntary_basis: list[str] | None  # the norm does not govern the edital: its reserve is voluntary
    shortfall_basis: tuple[str, ...]
    global_nominations: int | None


def question(norm: object, cargos: CargoTable | list[CargoRow], percent: object, edital_date: object,
             scope: object, nominations: object, reading: object) -> Question:
    rules = rules_for(norm)
    table = cargos if isinstance(cargos, CargoTable) else None
    rows = table.rows if table is not None else cargos
    total = sum(c.vacancies for c in rows)
    # The concurso read as one; computed first, so a bad option gets the norm's own message, once.
    aggregated = reserve(norm, max(total, 1), percent, edital_date, scope)
    kind, kind_basis = percent_kind(rules)
    above_minimum = ""  # an edital that reserves more than the norm's minimum is held to its own figure
    minimum = rules.params[rules.registry.percent_parameters["parameter"]].value if kind == "minimo" else None
    if minimum is not None and Fraction(aggregated["percent"]) > minimum:
        above_minimum = (f" A conta usa o percentual informado ({aggregated['percent_display']}), acima do "
                         f"mínimo de {format_percent(minimum)} da norma.")
    # The first stage, said once for the edital (the headline starts from it); each cargo's own answers
    # run it again, with the same inputs and so the same verdict.
    app = applicability(rules, input_date(edital_date), aggregated["scope"])
    return Question(
        norm=norm, rules=rules, percent=percent, edital_date=edital_date, scope=scope, reading=reading,
        rows=rows, table=table, total=total, aggregated=aggregated,
        reserved_aggregated=aggregated["reserved"] if total else 0, kind=kind, kind_basis=kind_basis,
        above_minimum=above_minimum, app=app, set_scope=aggregated["scope"] in rules.registry.set_scopes,
        validity_reason=app.reason if app.dated and app.applies is not True else None,
        voluntary_basis=app.stop_basis() if app.stops else None,
        shortfall_basis=rules.registry.shortfall_basis, global_nominations=parse_nominations(nominations, 0))


class CargoCache:
    """Each cargo's answer, {"r": `reserva`, "o": `ordem`}, computed once per distinct (vacancies,
    nominations): an edital of 100k cargos with a few figures computes a few answers."""

    def __init__(self, q: Question):
        self.q = q
        self.cache: dict[tuple[int, int | None], dict] = {}
        self.positions_left = EDITAL_POSITIONS  # what the cached answers may still hold, over all of them

    def nominations_of(self, c: CargoRow) -> int | None:
        return c.nominations if c.nominations is not None else self.q.global_nominations

    def fill(self) -> None:
        """Every row's answer; a row with fewer nominations than vacancies is refused, naming the row, and
        a table of more distinct figures than limits.EDITAL_FIGURES before the first is computed."""
        figures = {(c.vacancies, self.nominations_of(c)) for c in self.q.rows}
        if len(figures) > EDITAL_FIGURES:
            raise InputError(
                f"A tabela pede {format_int(len(figures))} combinações diferentes de vagas e nomeações; o "
                f"limite é {format_int(EDITAL_FIGURES)} por edital (cada uma é calculada à parte): divida a "
                "tabela em partes.", "csv")
        for c in self.q.rows:
            m = self.nominations_of(c)
            if m is not None and m < c.vacancies:
                raise InputError(
                    f"Linha {c.line} (cargo “{safe_text(c.name)}”): o cargo tem "
                    f"{format_int(c.vacancies)} vagas, mais que as {format_int(m)} nomeações informadas (as "
                    "nomeações devem ser pelo menos as vagas de cada cargo; para um número por cargo, use a "
                    "coluna “nomeacoes”).", "nomeacoes")
            self.answer(c.vacancies, m, c)

    def per_cargo(self):
        """(row, nominations, answer) of each cargo, from the cache: no list of 100k tuples is held."""
        for c in self.q.rows:
            m = self.nominations_of(c)
            yield c, m, self.cache[(c.vacancies, m)]

    def answer(self, n: int, m: int | None, row: CargoRow) -> dict:
        key = (n, m)
        if key not in self.cache:
            try:
                self.cache[key] = self._kept(self._compute(n, m))
            except InputError as err:
                raise InputError(f"Linha {row.line} (cargo “{safe_text(row.name)}”): {err.message}",
                                 err.field) from None
        return self.cache[key]

    def _kept(self, res: dict) -> dict:
        """The answer as the cache keeps it: the positions within what is left of the edital's budget, and
        no other reading's positions (the edital does not show them)."""
        o = res["o"]
        kept = o["positions"][:max(self.positions_left, EDITAL_POSITIONS_EACH)]
        self.positions_left = max(0, self.positions_left - len(kept))
        o = {k: v for k, v in o.items() if k != "alternatives"}
        return {**res, "o": {**o, "positions": kept, "positions_truncated": len(kept) < o["positions_total"]}}

    def _compute(self, n: int, m: int | None) -> dict:
        q = self.q
        if n == 0:  # nothing to reserve; `applies` is still the edital's validity
            return no_vacancies(q.rules, q.percent, q.scope, False if q.app.stops else q.app.applies)
        r = reserve(q.norm, n, q.percent, q.edital_date, q.scope)
        if q.set_scope:  # a minimum over the set: no call order, no per-cargo positions
            o = {"positions": [], "positions_total": 0, "positions_truncated": False,
                 "reserved": r["reserved"], "reading": None, "basis": [], "warnings": [], "steps": []}
        else:  # no more positions than the edital's budget still allows (limits.EDITAL_POSITIONS)
            limit = max(self.positions_left, EDITAL_POSITIONS_EACH)
            if m is not None and m != n:
                o = order_with_nominations(q.norm, n, m, q.percent, q.reading, q.scope, q.edital_date, limit)
            else:
                o = order_stages(q.norm, n, q.percent, q.reading, q.scope, q.edital_date, limit)[0]
        if m is not None and m == n:
            o = {**o, "nominations": m}
        if not r["reserve_required"] or r["reserved"] != o["reserved"]:
            o = {**o, "positions": [], "positions_total": 0, "positions_truncated": False}
        return {"r": r, "o": o}
