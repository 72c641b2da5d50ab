"""Nomination simulator: from a published classification list to who is called to which seat.

Input: the classification list (CSV bytes, read by :mod:`calculator.csvinput`), the norm, the number
of vacancies N and options.  Output: the nominations in call order, each with the list that filled
the seat and its legal basis; the published lists; candidates moved between lists or excluded; seats
reverted; warnings.  Standard library only; O(n + N) after sorting (no quadratic step).

How a result is built (see docs/simulacao.md for the pt-BR explanation):

1. Seat types.  The racial reserve R and its call positions come from the norm module's building
   blocks (``reserved_seats`` / ``call_count``); PcD seats (``pcd_seats``, from the edital) and the
   Guarda Civil female seats of Lins (``female_seats``) are spread over the N calls by cumulative
   proportionality; all other seats are ``ampla``.
2. Ampla concorrência.  The A = N − R − K − F best eligible candidates of the general list fill the
   ampla seats, whatever lists they are also in (concurrent competition: an optant within the ampla
   seats does not use a reserved seat).
3. Specific lists.  The remaining candidates, in general rank order, take a seat in the specific
   lists they belong to, choosing by the norm's precedence (Ubatuba art. 7, § 1º: PcD before the
   racial list; Lins art. 6, § 2º/§ 3º: racial list, then female list, before PcD — or art. 4,
   parágrafo único as an option: the list where better classified).
4. Desistance/unfitness: the candidate is skipped and the seat goes to the next of the same list.
5. Reversion: reserved seats left empty go to the ampla concorrência, filled by the next candidates
   of the general list in rank order.
6. Seats are called in order: the i-th seat of a list takes the i-th winner of that list.
"""

from __future__ import annotations

import gc
from fractions import Fraction

from calculator import csvinput
from calculator.core import get_norm
from calculator.errors import InputError, quoted
from calculator.labels import NORM_CITATION, short_labels
from calculator.rules import (
    BLANKS,
    NO_BASIS,
    collect_basis,
    count_phrase,
    format_int,
    format_percent,
    fraction_str,
    ordinals,
    parse_percent,
    parse_vacancies,
    round_half_up,
    step,
    warning,
)
from calculator.text import KIND_NAMES

AMPLA, RESERVA, PCD, FEM = "ampla", "reserva", "pcd", "feminina"
LIST_NAMES = {
    AMPLA: "ampla concorrência",
    RESERVA: "reserva racial",
    PCD: "pessoas com deficiência",
    FEM: "vagas femininas (Guarda Civil Municipal)",
}
PRECEDENCE_OPTIONS = ("art6_par2", "art4_par1u")
#: Lins, a candidate on the female list (LC nº 1.745/2023) and the racial list: the decree has no rule
#: (art. 6º, §§ 2º–3º cover PcD only).  "reserva" (default) or "feminina" (art. 6º, § 3º by analogy).
FEMALE_PRECEDENCE_OPTIONS = ("reserva", "feminina")
#: Quissamã art. 3º, § 1º — who takes the fifth seat: "concorrencia" (default: the optant within the
#: ampla seats is nominated through them, art. 1º, § 2º; the fifth seat goes to the next optant outside
#: them) or "lista" (literal: the first of the lista específica, in its own order).
FILL_OPTIONS = ("concorrencia", "lista")
REPLACEMENT_OPTIONS = ("lista", "geral")
#: Largest number of vacancies the simulator accepts (the seats are materialised one by one).
MAX_SIM_VACANCIES = 1_000_000
#: At most this many reserved call positions are listed in ``reserved_positions`` (the total is in
#: ``reserved_positions_total``; each nomination and unfilled range carries its seat type anyway).
RESERVED_POSITIONS_LIMIT = 1000


# --- per-norm legal basis ------------------------------------------------------------------------
# Each entry: provision ids (without the norm prefix) cited for one kind of decision.
BASIS: dict[str, dict[str, tuple[str, ...]]] = {
    "ubatuba": {
        "ranking": ("art6_cpt",),
        "concurrent": ("art4_cpt",),
        "ampla_excludes": ("art7_par1_inc1", "art7_par2"),
        "reserve": ("art1_cpt", "art2_par1", "art7_cpt"),
        "reserve_only_optants": ("art2_par1", "art3_par1"),
        "call_order": ("art7_cpt",),
        "pcd": ("art7_cpt", "art7_par1_inc2"),
        "precedence": ("art7_par1", "art7_par1_inc2", "art7_par1_inc3", "art7_par2"),
        "replace_reserve": ("art4_par1",),
        "replace_list": ("art7_par2",),
        "revert_reserve": ("art4_par2",),
        "revert_other": ("art4_par2",),
        "eliminated": ("art3_par2",),
        "gender": ("art1_par1u_inc2", "art2_par4"),
        "gender_revert": ("art2_par4",),
        "lists": ("art7_par1",),
    },
    "quissama": {
        "ranking": ("art3_par1",),
        "concurrent": ("art1_par2",),
        "ampla_excludes": ("art1_par2",),
        "reserve": ("art1_cpt", "art3_par1"),
        "reserve_only_optants": ("art1_par3",),
        "call_order": ("art3_par1",),
        "pcd": (),  # the law says nothing about PcD seats: sem base no corpus
        "precedence": (),  # nor about a candidate on both lists
        "replace_reserve": ("art3_par2",),
        "replace_list": (),  # the only other list in Quissamã is the edital's PcD list: no basis here
        "revert_reserve": ("art1_par6",),
        "revert_other": ("art1_par6",),
        "eliminated": ("art2_cpt",),
        "gender": (),
        "gender_revert": (),
        "lists": ("art3_cpt",),
    },
    "lins": {
        "ranking": ("art6_cpt_inc1",),
        "concurrent": ("art5_cpt",),
        "ampla_excludes": ("art6_par1",),
        "reserve": ("art5_cpt", "art6_cpt_inc3"),
        "reserve_only_optants": ("art3_cpt", "art5_cpt"),
        "call_order": ("art5_cpt",),
        "pcd": ("art6_cpt_inc2",),
        "precedence": ("art6_par2",),
        "precedence_alt": ("art4_par1u",),
        "female": ("art6_cpt_inc4", "art6_par3"),
        "replace_reserve": ("art5_par1",),
        "replace_list": ("art5_par1",),
        "revert_reserve": ("art5_par2",),
        "revert_other": ("art5_par2",),
        "eliminated": ("art10_par1u_inc1",),
        "fraud": ("art10_par1u_inc1",),
        "cappc": ("art10_cpt", "art10_par1u"),
        "absent": ("art9_par2",),
        "not_confirmed": ("art10_par1u_inc2",),
        "hetero": ("art7_cpt", "art7_par1"),
        "gender": (),
        "gender_revert": (),
        "lists": ("art6_cpt",),
    },
}


#: Lins art. 10: the CAPPC only gives an opinion; the authority decides, after the candidate's 48 hours.
CAPPC_NOTE = ("; a CAPPC apenas \"deverá opinar\", em relatório fundamentado (art. 10, parágrafo único): "
              "a decisão cabe à autoridade competente, depois do prazo de no mínimo 48 horas para a "
              "manifestação do candidato (art. 10) — a simulação supõe a decisão conforme o parecer")


def _agree(words: str, genders) -> str:
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


def _b(norm: str, *keys: str) -> list[str]:
    out: list[str] = []
    table = BASIS[norm]
    for key in keys:
        for pid in table.get(key, ()):
            ref = f"{norm}:{pid}"
            if ref not in out:
                out.append(ref)
    return out


def _racial_schedule(mod, vacancies: int, percent, reading, scope) -> dict:
    """Reserved seats and their call positions, from the norm module's building blocks
    (``call_positions`` for the reserve, the reading and its warnings; ``call_count`` walked once over
    1..N for the positions themselves: O(N) evaluations, no quadratic step)."""
    placed = mod.call_positions(vacancies, percent, reading, scope, limit=0)
    # seats the reading leaves without a position, placed by the norm module (labelled interpretation)
    extras = list(placed.get("interpreted_positions", []))
    total = placed["positions_total"] - len(extras)
    if not total:
        return {**placed, "positions": extras}
    p, rd = placed["percent"], placed["reading"]

    def count(n: int) -> int:
        return mod.call_count(n, p, rd)

    # The schedule repeats every `period` nominations with `per` reserved calls (count(n + b) =
    # count(n) + a when P/100 = a/b); walk one period and repeat it, then check against the norm's
    # own total.  Falls back to walking 1..N.
    pattern = placed.get("pattern") or {}
    period, per = pattern.get("period"), pattern.get("reserved_per_period")
    positions = _walk(count, min(vacancies, period) if period else vacancies, total)
    if period and vacancies > period and len(positions) == per:
        first = positions
        positions = []
        offset = 0
        while len(positions) < total:
            positions.extend(x + offset for x in first if x + offset <= vacancies)
            offset += period
            if offset >= vacancies:
                break
        positions = positions[:total]
    if len(positions) != total or (positions and count(positions[-1]) != total) \
            or (positions and count(positions[-1] - 1) != total - 1):
        positions = _walk(count, vacancies, total)
    return {**placed, "positions": sorted(positions + extras)}


def _walk(count, upto: int, total: int) -> list[int]:
    """Positions n in 1..upto where count(n) grows (count is non-decreasing, +1 at most per step)."""
    out: list[int] = []
    prev = 0
    for n in range(1, upto + 1):
        c = count(n)
        if c > prev:
            out.append(n)
            prev = c
            if prev >= total:
                break
    return out


def _proportional_positions(k: int, n_total: int) -> list[int]:
    """k seats among n_total spread by cumulative proportionality: the i-th at the first n with
    round_half_up(k·n/N) ≥ i, i.e. n = ⌈N·(2i − 1) / 2k⌉ (exact integer arithmetic)."""
    out: list[int] = []
    for i in range(1, k + 1):
        n = max(1, -((-n_total * (2 * i - 1)) // (2 * k)))
        assert round_half_up(Fraction(k * n, n_total)) >= i
        out.append(n)
    return out


def seat_types(vacancies: int, racial_positions: list[int], pcd: int, female: int) -> list[str]:
    """Type of each seat 1..N.  Racial seats sit exactly on ``racial_positions``; PcD and female seats
    follow their own cumulative schedule and, when they collide with a racial seat, take the next
    free seat (never beyond N)."""
    types = [AMPLA] * vacancies
    racial = set(racial_positions)
    for pos in racial_positions:
        types[pos - 1] = RESERVA
    due = {PCD: iter(_proportional_positions(pcd, vacancies)),
           FEM: iter(_proportional_positions(female, vacancies))}
    next_due = {lst: next(it, None) for lst, it in due.items()}
    backlog = {PCD: 0, FEM: 0}
    left = {PCD: pcd, FEM: female}
    racial_left = len(racial_positions)
    for n in range(1, vacancies + 1):
        for lst in (PCD, FEM):
            if next_due[lst] == n:
                backlog[lst] += 1
                next_due[lst] = next(due[lst], None)
        if n in racial:
            racial_left -= 1
            continue
        remaining_seats = vacancies - n + 1 - racial_left
        forced = remaining_seats <= left[PCD] + left[FEM]
        for lst in (PCD, FEM):
            if left[lst] and (backlog[lst] or forced):
                types[n - 1] = lst
                left[lst] -= 1
                backlog[lst] = max(0, backlog[lst] - 1)
                break
    return types


# --- the simulation ------------------------------------------------------------------------------
def _parse_count(value, field: str, label: str) -> int:
    if value is None or value == "":
        return 0
    if isinstance(value, bool):
        raise InputError(f"{label} deve ser um número inteiro (ex.: 2)", field)
    if isinstance(value, int):
        n = value
    elif isinstance(value, str) and value.strip(BLANKS).isdigit() and value.strip(BLANKS).isascii() \
            and len(value.strip(BLANKS)) < 10:
        n = int(value.strip(BLANKS))
    elif isinstance(value, str) and value.strip(BLANKS).startswith("-") \
            and value.strip(BLANKS)[1:].isdigit() and value.strip(BLANKS)[1:].isascii():
        if not value.strip(BLANKS)[1:].strip("0"):
            return 0
        raise InputError(f"{label} não pode ser negativo: {quoted(value.strip(BLANKS), 20)}", field)
    else:
        raise InputError(f"{label} deve ser um número inteiro (ex.: 2), não {quoted(value, 20)}", field)
    if n < 0:
        raise InputError(f"{label} não pode ser negativo: {n}", field)
    return n


def simulate(norm: str, vacancies, candidates_csv_bytes: bytes, *, percent=None, reading=None,
             pcd_seats=0, female_seats=0, precedence=None, replacement=None, gender_equity=False,
             scope=None, fill=None, female_precedence=None) -> dict:
    """Simulate the nominations.  Options (all optional):

    percent        the edital's percentage (required for Lins; Ubatuba ≥ 20; Quissamã fixed)
    reading        call-order reading of the norm module ("proporcional" | "quinta")
    pcd_seats      seats for persons with disabilities set by the edital (other laws), default 0
    female_seats   Lins, Guarda Civil Municipal: female seats of LC nº 1.745/2023, art. 16, § 2º
    precedence     Lins: "art6_par2" (default) or "art4_par1u" (list where better classified)
    replacement    Ubatuba art. 4, § 1º reading: "lista" (default: next optant) or "geral"
    gender_equity  Ubatuba art. 1, parágrafo único, II: split the reserved seats between genders
    scope          the norm module's "vinculo" (efetivo, emprego, ...)
    fill           Quissamã art. 3º, § 1º: "concorrencia" (default) or "lista" (see FILL_OPTIONS)
    female_precedence  Lins: "reserva" (default) or "feminina" (see FEMALE_PRECEDENCE_OPTIONS)
    """

    mod = get_norm(norm)
    norm = mod.SLUG
    n_vac = parse_vacancies(vacancies)
    if n_vac > MAX_SIM_VACANCIES:
        raise InputError(
            f"a simulação aceita até {format_int(MAX_SIM_VACANCIES)} vagas: {format_int(n_vac)}", "vagas")
    pct = percent if isinstance(percent, Fraction) else parse_percent(percent)
    k_pcd = _parse_count(pcd_seats, "vagas_pcd", "o número de vagas para pessoas com deficiência")
    k_fem = _parse_count(female_seats, "vagas_femininas", "o número de vagas femininas")
    if k_fem:
        _own_option(mod, "vagas_femininas")
    if precedence is None or precedence == "":
        precedence = "art6_par2"
    precedence = str(precedence).replace("-", "_")
    if precedence not in PRECEDENCE_OPTIONS:
        raise InputError(f"precedência desconhecida: {quoted(precedence)} (use art6-par2 ou art4-par1u)",
                         "precedencia")
    if precedence != "art6_par2":
        _own_option(mod, "precedencia")
    if replacement is None or replacement == "":
        replacement = "lista"
    if replacement not in REPLACEMENT_OPTIONS:
        raise InputError(f"leitura de substituição desconhecida: {quoted(replacement)} (use lista ou geral)",
                         "substituicao")
    if replacement != "lista":
        _own_option(mod, "substituicao")
    if female_precedence is None or female_precedence == "":
        female_precedence = "reserva"
    if female_precedence not in FEMALE_PRECEDENCE_OPTIONS:
        raise InputError(f"precedência feminina desconhecida: {quoted(female_precedence)} (use reserva ou "
                         "feminina)", "precedencia_feminina")
    if female_precedence != "reserva":
        _own_option(mod, "precedencia_feminina")
    if fill is None or fill == "":
        fill = "concorrencia"
    if fill not in FILL_OPTIONS:
        raise InputError(f"preenchimento desconhecido: {str(fill)[:20]!r} (use concorrencia ou lista)",
                         "preenchimento")
    if fill != "concorrencia":
        _own_option(mod, "preenchimento")
    if gender_equity:
        _own_option(mod, "equidade_genero")

    if reading is not None and not isinstance(reading, str):
        raise InputError("a leitura deve ser um texto (ex.: proporcional)", "leitura")
    sched = _racial_schedule(mod, n_vac, pct, reading or None, scope or None)
    r_seats = len(sched["positions"])
    if r_seats + k_pcd + k_fem > n_vac:
        raise InputError(
            f"as vagas reservadas ({format_int(r_seats)}), para pessoas com deficiência "
            f"({format_int(k_pcd)}) e femininas ({format_int(k_fem)}) somam mais que o total de vagas "
            f"({format_int(n_vac)})",
            "vagas_pcd" if k_pcd else "vagas_femininas")

    # The run builds ~10 small objects per candidate and frees none: the cyclic garbage collector
    # would only rescan them (≈ 10% of the time for 100,000 candidates), so it is paused meanwhile.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        table = csvinput.read_candidates(candidates_csv_bytes)
        types = seat_types(n_vac, sched["positions"], k_pcd, k_fem)
        pcd_first = norm == "ubatuba" and scope == "emprego" and k_pcd > 0
        if pcd_first:
            # art. 7º, caput: in empregos públicos the PcD seats "obrigatoriamente, deverão ser preenchidas
            # primeiramente" (nominations 1..K); the seats after them keep the order the simulation uses
            # for cargos efetivos (the law is silent there: interpretation, warned)
            types = [PCD] * k_pcd + [t for t in types if t != PCD]
            sched = {**sched, "positions": [n for n, t in enumerate(types, start=1) if t == RESERVA]}
        sim = _Simulation(norm, n_vac, types, table, sched, precedence, replacement, bool(gender_equity),
                          k_pcd, k_fem, fill, pcd_first, female_precedence)
        result = sim.run()
    finally:
        if gc_was_enabled:
            gc.enable()
    if norm == "lins" and k_pcd and r_seats and not any(
            w["code"] == "lins_precedencia_conflito" for w in result["warnings"]):
        # with seats for both lists, the decree's PcD conflict can change who is nominated
        result["warnings"].append(mod.pcd_two_lists_warning())
    if pcd_first:
        result["warnings"].append(warning(
            "simulacao_emprego_pcd_primeiro", "interpretacao",
            "Em empregos públicos, o art. 7º, caput, manda preencher primeiro as vagas das pessoas com "
            "deficiência (\"obrigatoriamente, deverão ser preenchidas primeiramente\"): "
            + (f"elas são as nomeações 1ª a {k_pcd}ª" if k_pcd > 1 else "ela é a 1ª nomeação")
            + ". A lei não diz como seguem as demais: a simulação mantém, depois delas, a ordem entre vagas "
            "reservadas e de ampla concorrência usada para os cargos efetivos (interpretação).",
            ["ubatuba:art7_cpt"]))
    return result


def _add_unfilled(ranges: list[dict], seat: int, typ: str, norm: str) -> None:
    """Record an unfilled seat, merged with the previous range when consecutive.

    A range is {"seat": first seat, "from": first, "to": last, "count": to − from + 1,
    "list": the seat type when all seats of the range share it, else "varias",
    "lists": {seat type: how many}, "reason", "basis"} — so 1,000,000 vacancies with 2 candidates
    give one range, not 999,998 entries.
    """
    if ranges and ranges[-1]["to"] == seat - 1:
        last = ranges[-1]
        last["to"] = seat
        last["count"] += 1
        last["lists"][typ] = last["lists"].get(typ, 0) + 1
        if last["list"] != typ:
            last["list"] = "varias"
        return
    ranges.append({"seat": seat, "from": seat, "to": seat, "count": 1, "list": typ, "lists": {typ: 1},
                   "reason": "não há mais candidatos aprovados e habilitados",
                   "basis": _b(norm, "ranking")})


class _Simulation:
    def __init__(self, norm, vacancies, types, table, sched, precedence, replacement, gender_equity,
                 k_pcd, k_fem, fill="concorrencia", pcd_first=False, female_precedence="reserva"):
        self.norm = norm
        self.female_precedence = female_precedence
        self.pcd_first = pcd_first
        self.fill = fill
        self.vacancies = vacancies
        self.types = types
        self.table = table
        self.cands = table.candidates
        self.sched = sched
        self.precedence = precedence
        self.replacement = replacement
        self.gender_equity = gender_equity
        self.k_pcd = k_pcd
        self.k_fem = k_fem
        self.quota = {AMPLA: 0, RESERVA: 0, PCD: 0, FEM: 0}
        for t in types:
            self.quota[t] += 1
        self.warnings: list[dict] = list(sched.get("warnings", []))
        self.steps: list[dict] = []
        self.excluded: list[dict] = []
        self.moved: list[dict] = []
        self.reverted: list[dict] = []
        self.winners = {AMPLA: [], RESERVA: [], PCD: [], FEM: []}  # (candidate, reason, basis)
        self.nominated: set[str] = set()
        # reserved seats (ordinal within the list, 0-based) vacated by a desisting optant and, under the
        # "geral" reading of Ubatuba art. 4, § 1º, handed to the general list
        self.converted: dict[int, str] = {}
        self.revert_info: dict[str, tuple[int, str, list[str]]] = {}
        self.skipped: set[str] = set()
        self.extra_basis: list[str] = []
        self.extras: list[str] = []  # candidates called for converted/reverted seats, in rank order
        self.conflicts: list[dict] = []

    # -- eligibility --------------------------------------------------------------------------------
    def _status(self, c) -> str:
        """"ok" | "skip" (desistente/inapto: replaced) | "out" (eliminated/excluded: not in any list)."""
        if c.situacao == "eliminado":
            return "out"
        if self.norm == "lins" and c.hetero in ("fraude", "ausente") and c.cotista:
            return "out"
        if c.situacao in ("desistente", "inapto"):
            return "skip"
        return "ok"

    def _in_racial(self, c) -> bool:
        if not c.cotista:
            return False
        return not (self.norm == "lins" and c.hetero == "nao_confirmada")

    def _lists_of(self, c) -> list[str]:
        out = []
        if self.quota[RESERVA] and self._in_racial(c):
            out.append(RESERVA)
        if self.quota[FEM] and c.genero == "F":
            out.append(FEM)
        if self.quota[PCD] and c.pcd:
            out.append(PCD)
        return out

    # -- main -------------------------------------------------------------------------------------
    def run(self) -> dict:
        norm = self.norm
        self._record_exclusions()
        self._static_positions()
        if self.fill == "lista":
            self._fill_reserve_first()
        gen_ptr = self._fill_ampla(self.quota[AMPLA])
        self._fill_specific(gen_ptr)
        extra = self._revert()
        if extra:
            self._fill_ampla_extra(gen_ptr, extra)
        result = self._assemble()
        result["basis"] = collect_basis(
            _b(norm, "ranking", "concurrent", "call_order"),
            [b for nom in result["nominations"] for b in nom["basis"]],
            result["warnings"], result["steps"],
            [b for e in self.excluded for b in e["basis"]],
            [b for e in self.moved for b in e["basis"]],
            [b for e in self.reverted for b in e["basis"]],
        )
        return result

    def _record_exclusions(self):
        norm = self.norm
        for c in self.cands:
            if c.situacao == "eliminado":
                # Lins: elimination after the heteroidentificação is the authority's decision on the
                # CAPPC's opinion (art. 10), the same caveat as for fraude and nao_confirmada
                self.excluded.append(self._excl(
                    c, "eliminado", "eliminado do concurso (ex.: declaração falsa); não entra em nenhuma "
                    "lista" + (CAPPC_NOTE if norm == "lins" else ""),
                    _b(norm, "eliminated", "cappc") if norm == "lins" else _b(norm, "eliminated")))
            elif norm == "lins" and c.cotista and c.hetero == "fraude":
                self.excluded.append(self._excl(
                    c, "fraude", "heteroidentificação: fraude ou má-fé — " + _agree("eliminado", [c.genero])
                    + " do concurso" + CAPPC_NOTE,
                    _b(norm, "fraud", "cappc")))
            elif norm == "lins" and c.cotista and c.hetero == "ausente":
                self.excluded.append(self._excl(
                    c, "ausente",
                    "não compareceu à convocação da CAPPC (art. 9º, § 2º) — "
                    + _agree("excluído", [c.genero]) + " do concurso",
                    _b(norm, "absent")))
            elif norm == "lins" and c.cotista and c.hetero == "nao_confirmada":
                self.moved.append({
                    "candidate": c.inscricao, "from": RESERVA, "to": AMPLA,
                    "reason": "autodeclaração não confirmada, sem má-fé: sai da lista de cotas e continua "
                              "no concurso pela ampla concorrência" + CAPPC_NOTE,
                    "basis": _b(norm, "not_confirmed", "cappc")})
        if norm != "lins" and any(c.hetero for c in self.cands):
            self.warnings.append(warning(
                "simulacao_heteroidentificacao_ignorada", "aviso",
                "A coluna heteroidentificacao só tem efeito em Lins (Decreto nº 13.760/2024, arts. 7º a "
                "10); nesta norma ela foi ignorada. Para eliminar um candidato por declaração falsa, use "
                "situacao = eliminado.",
                _b(norm, "eliminated")))
        if norm == "lins" and any(c.hetero and not c.cotista for c in self.cands):
            self.warnings.append(warning(
                "simulacao_heteroidentificacao_nao_optante", "aviso",
                "Há resultado de heteroidentificação para candidato que não optou pela reserva; ele foi "
                "ignorado (a análise só alcança quem se autodeclarou).",
                _b(norm, "hetero")))

    def _excl(self, c, code, reason, basis):
        return {"candidate": c.inscricao, "name": c.nome, "rank": c.rank, "situation": code,
                "reason": reason, "basis": basis, "replaced_by": None}

    def _static_positions(self):
        """Position of each candidate in the published specific lists (eligible members, rank order)."""
        self.list_pos: dict[str, dict[str, int]] = {RESERVA: {}, PCD: {}, FEM: {}}
        counters = {RESERVA: 0, PCD: 0, FEM: 0}
        self.published: dict[str, list[str]] = {AMPLA: [], RESERVA: [], PCD: [], FEM: []}
        for c in self.cands:
            if self._status(c) == "out":
                continue
            self.published[AMPLA].append(c.inscricao)
            for lst in self._lists_of(c):
                counters[lst] += 1
                self.list_pos[lst][c.inscricao] = counters[lst]
                self.published[lst].append(c.inscricao)

    # -- phase 2: ampla ---------------------------------------------------------------------------
    def _fill_ampla(self, quota: int) -> int:
        norm = self.norm
        winners = self.winners[AMPLA]
        i = 0
        cands = self.cands
        while i < len(cands) and len(winners) < quota:
            c = cands[i]
            i += 1
            if c.inscricao in self.nominated:  # already called through the reserve ("lista" reading)
                continue
            st = self._status(c)
            if st == "out":
                continue
            if st == "skip":
                if c.inscricao not in self.skipped:
                    self._skipped(c, AMPLA)
                continue
            basis = _b(norm, "ranking")
            reason = f"{c.rank}º na classificação geral, dentro das vagas de ampla concorrência"
            special = self._lists_of(c)
            if special:
                basis += _b(norm, "concurrent", "ampla_excludes")
                names = " e ".join(LIST_NAMES[s] for s in special)
                reason += (f"; também está na lista de {names}, mas é {_agree('nomeado', [c.genero])} pela "
                           "ampla concorrência e "
                           "não ocupa vaga reservada (sai da lista específica, que chama o seguinte)")
                self.moved.append({"candidate": c.inscricao, "from": special[0], "to": AMPLA,
                                   "reason": f"{_agree('classificado', [c.genero])} dentro das vagas de "
                                             f"ampla concorrência: {_agree('nomeado', [c.genero])} "
                                             f"pela lista geral e {_agree('excluído', [c.genero])} "
                                             + ("da lista específica" if len(special) == 1
                                                else "das listas específicas"),
                                   "basis": _b(norm, "concurrent", "ampla_excludes")})
            elif self.norm == "lins" and c.cotista and c.hetero == "nao_confirmada":
                basis += _b(norm, "not_confirmed")
                reason += ("; optou pela reserva, mas a autodeclaração não foi confirmada (sem má-fé): "
                           "concorre só pela ampla concorrência")
            winners.append((c, reason, basis))
            self.nominated.add(c.inscricao)
        return i

    def _fill_reserve_first(self):
        """Quissamã art. 3º, § 1º read literally ("lista"): each reserved seat goes to the first of the
        lista específica, in its own order, even one ranked within the ampla seats."""
        norm = self.norm
        quota = self.quota[RESERVA]
        winners = self.winners[RESERVA]
        for c in self.cands:
            if len(winners) >= quota:
                break
            st = self._status(c)
            if st == "out" or not self._in_racial(c):
                continue
            if st == "skip":
                self._skipped(c, RESERVA)
                continue
            pos = self.list_pos[RESERVA][c.inscricao]
            reason = (f"{pos}º da lista específica ({c.rank}º na classificação geral): a quinta vaga vai ao "
                      "primeiro ainda não nomeado da lista específica, na ordem dela (leitura literal do "
                      "art. 3º, § 1º, escolhida como opção)")
            winners.append((c, reason, _b(norm, "reserve", "lists")))
            self.nominated.add(c.inscricao)

    def _skipped(self, c, lst: str):
        """c (desistente/inapto) would have filled a seat of ``lst``: record who replaces them."""
        norm = self.norm
        self.skipped.add(c.inscricao)
        what = ("desistiu da nomeação" if c.situacao == "desistente"
                else "foi " + _agree("considerado inapto", [c.genero]))
        if lst == AMPLA:
            # no provision of the corpus governs replacing a desisting candidate outside the reserve
            basis = []
            how = "a vaga passa ao candidato seguinte da classificação geral (sem base no corpus)"
        elif lst == RESERVA:
            basis = _b(norm, "replace_reserve")
            if self.replacement == "geral":
                how = ("a vaga reservada passa ao candidato seguinte da classificação geral (leitura "
                       "\"geral\" do art. 4º, § 1º: \"candidato posteriormente classificado\")")
            else:
                how = "a vaga passa ao optante seguinte da lista da reserva"
        else:
            basis = _b(norm, "replace_list")
            how = f"a vaga passa ao candidato seguinte da lista de {LIST_NAMES[lst]}"
        self.excluded.append({"candidate": c.inscricao, "name": c.nome, "rank": c.rank,
                              "situation": c.situacao, "would_fill": lst,
                              "reason": f"{what}; {how}", "basis": basis, "replaced_by": None})

    # -- phase 3: specific lists ------------------------------------------------------------------
    def _choose(self, c, options: list[str]) -> str:
        """Pick one list among ``options`` (lists with room) by the norm's precedence."""
        if len(options) == 1:
            return options[0]
        if self.norm == "ubatuba":
            order = (PCD, RESERVA)  # art. 7, § 1º, II then III
        elif self.norm == "lins":
            order = (RESERVA, FEM, PCD)  # art. 6, § 2º and § 3º (racial × female: not regulated)
            if self.female_precedence == "feminina":
                order = (FEM, RESERVA, PCD)  # the other reading of the gap (art. 6º, § 3º by analogy)
            if self.precedence == "art4_par1u" and RESERVA in options and PCD in options:
                # art. 4, parágrafo único: the list where better classified (tie: art. 6, § 2º)
                if self.list_pos[PCD][c.inscricao] < self.list_pos[RESERVA][c.inscricao]:
                    order = (FEM, PCD, RESERVA)
        else:
            order = (RESERVA, PCD)  # Quissamã: no rule on this; interpretation (warned)
        for lst in order:
            if lst in options:
                return lst
        return options[0]  # pragma: no cover

    def _fill_specific(self, start: int):
        norm = self.norm
        quota = {lst: self.quota[lst] for lst in (RESERVA, PCD, FEM)}
        # under the "lista" reading the reserve is already filled
        taken = {lst: len(self.winners[lst]) for lst in (RESERVA, PCD, FEM)}
        # gender equity (Ubatuba option): each gender takes at most ceil(R/2) reserved seats at first
        cap = {"F": (quota[RESERVA] + 1) // 2, "M": (quota[RESERVA] + 1) // 2}
        by_gender = {"F": 0, "M": 0}
        deferred = []
        cands = self.cands
        for i in range(start, len(cands)):
            if all(taken[lst] >= quota[lst] for lst in taken):
                break
            c = cands[i]
            if c.inscricao in self.nominated:
                continue
            st = self._status(c)
            if st == "out":
                continue
            if st == "skip" and c.inscricao in self.skipped:  # already recorded ("lista" reading)
                continue
            lists = [lst for lst in self._lists_of(c) if taken[lst] < quota[lst]]
            if self.gender_equity and RESERVA in lists:
                g = c.genero
                if g is None:
                    raise InputError(
                        f"Linha {c.line}, coluna “genero”: com a equidade de gênero (Ubatuba), todo optante "
                        "precisa do gênero (F ou M).", "csv")
                if by_gender[g] >= cap[g]:
                    lists.remove(RESERVA)
                    if st == "ok" and not lists:
                        deferred.append(c)
                        continue
            if not lists:
                continue
            lst = self._choose(c, lists)
            if st == "skip":
                if lst == RESERVA and self.replacement == "geral":
                    self.converted[taken[RESERVA] + len(self.converted)] = c.inscricao
                    quota[RESERVA] -= 1
                    # the seat stays in the call order but is handed to the general list
                    self._skipped(c, RESERVA)
                    continue
                self._skipped(c, lst)
                continue
            if len(lists) > 1:
                self._note_conflict(c, lists, lst)
            reason, basis = self._specific_reason(c, lst, lists)
            self.winners[lst].append((c, reason, basis))
            self.nominated.add(c.inscricao)
            taken[lst] += 1
            if lst == RESERVA and self.gender_equity:
                by_gender[c.genero] += 1
        # Ubatuba art. 2, § 4º: reserved seats no one of one gender can fill revert to the other gender
        if self.gender_equity:
            for c in deferred:
                if taken[RESERVA] >= quota[RESERVA]:
                    break
                if c.inscricao in self.nominated:
                    continue
                reason = (f"{c.rank}º na classificação geral; vaga reservada revertida para o outro gênero "
                          "por falta de optantes do gênero a que caberia")
                self.winners[RESERVA].append((c, reason, _b(norm, "reserve", "gender_revert")))
                self.nominated.add(c.inscricao)
                taken[RESERVA] += 1
                self.reverted.append({"seat": None, "from": f"{RESERVA} (gênero oposto)", "to": RESERVA,
                                      "candidate": c.inscricao,
                                      "reason": "equidade de gênero: faltaram optantes de um gênero; a vaga "
                                                "reservada passou ao outro gênero, na ordem de classificação",
                                      "basis": _b(norm, "gender_revert")})
            # the list is called in classification order, whatever the order of the two passes
            self.winners[RESERVA].sort(key=lambda entry: entry[0].rank)
        self.taken = taken
        self.final_quota = quota

    def _specific_reason(self, c, lst, lists):
        norm = self.norm
        pos = self.list_pos[lst][c.inscricao]
        if lst == RESERVA:
            basis = _b(norm, "reserve", "concurrent")
            reason = (f"{pos}º da lista da reserva racial ({c.rank}º na classificação geral, fora das "
                      "vagas de ampla concorrência)")
        elif lst == PCD:
            basis = _b(norm, "pcd")
            reason = f"{pos}º da lista de pessoas com deficiência ({c.rank}º na classificação geral)"
            if self.pcd_first:
                reason += "; em empregos públicos, as vagas de PcD são preenchidas primeiro (art. 7º, caput)"
            if not basis:
                reason += " — vaga de PcD fixada pelo edital e por outras leis (sem base no corpus)"
        else:
            basis = _b(norm, "female")
            reason = f"{pos}ª da lista feminina da Guarda Civil Municipal ({c.rank}ª na classificação geral)"
        if len(lists) > 1:
            basis += _b(norm, "precedence_alt" if (norm == "lins" and self.precedence == "art4_par1u")
                        else "precedence")
            others = ", ".join(LIST_NAMES[o] for o in lists if o != lst)
            reason += (f"; também {_agree('classificado', [c.genero])} para {others}, de cuja lista é "
                       f"{_agree('excluído', [c.genero])} (precedência entre "
                       "listas)")
        return reason, basis

    def _note_conflict(self, c, lists, chosen):
        self.conflicts.append({"candidate": c.inscricao, "lists": lists, "chosen": chosen})
        others = [o for o in lists if o != chosen]
        self.moved.append({"candidate": c.inscricao, "from": others[0], "to": chosen,
                           "reason": f"{_agree('classificado', [c.genero])} ao mesmo tempo nas listas de "
                                     f"{LIST_NAMES[chosen]} e de "
                                     f"{', '.join(LIST_NAMES[o] for o in others)}: "
                                     f"{_agree('nomeado', [c.genero])} pela lista de "
                                     f"{LIST_NAMES[chosen]} e {_agree('excluído', [c.genero])} "
                                     + ("da outra" if len(others) == 1 else "das outras"),
                           "basis": _b(self.norm, "precedence_alt" if self.precedence == "art4_par1u"
                                       else "precedence")})

    # -- phase 4: reversion -----------------------------------------------------------------------
    def _revert(self) -> int:
        norm = self.norm
        extra = len(self.converted)
        if self.converted:
            self.extra_basis.extend(_b(norm, "replace_reserve"))
        for lst in (RESERVA, PCD, FEM):
            missing = self.final_quota[lst] - self.taken[lst]
            if missing <= 0:
                continue
            extra += missing
            if lst == RESERVA:
                basis = _b(norm, "revert_reserve")
                why = "não há optantes aprovados em número suficiente"
                if norm == "quissama" and self.taken[RESERVA]:
                    self.warnings.append(warning(
                        "quissama_reversao_parcial", "interpretacao",
                        f"Há {count_phrase(self.taken[RESERVA], 'cotista aprovado', 'cotistas aprovados')} "
                        "para "
                        f"{count_phrase(self.final_quota[RESERVA], 'vaga reservada', 'vagas reservadas')}. "
                        "O art. 1º, § 6º, reverte as vagas \"não havendo candidatos negros ou índios "
                        "aprovados\" — isto é, sem nenhum; reverter só as restantes, com parte da reserva "
                        "preenchida, estende esse texto (interpretação). Outra leitura: "
                        + count_phrase(missing, "vaga restante ficaria reservada",
                                       "vagas restantes ficariam reservadas")
                        + ", sem preenchimento.",
                        ["quissama:art1_par6"]))
            elif lst == FEM:
                basis = _b(norm, "revert_reserve", "female")
                why = self._shortage(FEM)
            else:
                basis = _b(norm, "pcd")
                why = self._shortage(PCD)
                self.warnings.append(warning(
                    "simulacao_reversao_pcd", "premissa",
                    ("Vaga para pessoas com deficiência sem candidato: a simulação a reverteu para a "
                     if missing == 1 else
                     "Vagas para pessoas com deficiência sem candidatos: a simulação as reverteu para a ")
                    + "ampla concorrência, como é usual nos editais; a regra não está nesta norma.",
                    _b(norm, "pcd")))
            if norm == "lins" and lst != RESERVA:
                # the PcD and female seats come from other laws; the decree's reversion (art. 5º, § 2º)
                # speaks of the reserved seats only: applying it here is an analogy
                basis = []
                why += ("; vaga prevista em outra lei, sem base no corpus (reversão por analogia ao art. 5º, "
                        "§ 2º — interpretação)")
            self.extra_basis.extend(b for b in basis if b not in self.extra_basis)
            self.revert_info[lst] = (missing, why, basis)
        return extra

    def _shortage(self, lst: str) -> str:
        """Why PcD or female seats are left: no approved member of the list, or those approved went
        through other lists (or desisted)."""
        members = self.published[lst]
        who, one = {PCD: ("pessoas com deficiência aprovadas", "pessoa com deficiência aprovada"),
                    FEM: ("candidatas aprovadas", "candidata aprovada")}[lst]
        if not members:
            return f"não há {who}" + (" para as vagas femininas" if lst == FEM else "")
        via = {c.inscricao: other for other in (AMPLA, RESERVA, PCD, FEM) if other != lst
               for c, _r, _b2 in self.winners[other]}
        names = {AMPLA: "pela ampla concorrência", RESERVA: "pela reserva racial", PCD: "pela vaga de PcD",
                 FEM: "pela vaga feminina"}
        rule = {"lins": {RESERVA: " (art. 6º, § 2º)" if lst == PCD else "",
                         FEM: " (art. 6º, § 3º)" if lst == PCD else ""}}.get(self.norm, {})

        def path(insc: str) -> str:
            other = via.get(insc)
            return f"foi nomeada {names[other]}{rule.get(other, '')}" if other else "desistiu ou é inapta"

        if len(members) == 1:
            return f"a única {one} ({members[0]}) {path(members[0])}"
        parts = "; ".join(f"{insc} {path(insc)}" for insc in members[:5])
        return f"as {who} não ficaram para esta vaga ({parts}" + ("…" if len(members) > 5 else "") + ")"

    def _fill_ampla_extra(self, start: int, extra: int):
        norm = self.norm
        winners = self.winners[AMPLA]
        goal = len(winners) + extra
        cands = self.cands
        i = start
        while i < len(cands) and len(winners) < goal:
            c = cands[i]
            i += 1
            if c.inscricao in self.nominated:
                continue
            st = self._status(c)
            if st == "out":
                continue
            if st == "skip":
                if c.inscricao not in self.skipped:
                    self._skipped(c, AMPLA)
                continue
            reason = (f"{c.rank}º na classificação geral; chamado porque "
                      + ("uma vaga reservada sem candidato passou à ampla concorrência, preenchida"
                         if extra == 1 else
                         "vagas reservadas sem candidatos passaram à ampla concorrência, preenchidas")
                      + " na ordem de classificação")
            winners.append((c, reason, _b(norm, "ranking") + self.extra_basis))
            self.nominated.add(c.inscricao)
            self.extras.append(c.inscricao)

    # -- assembling the answer --------------------------------------------------------------------
    def _assemble(self) -> dict:
        norm = self.norm
        nominations = []
        unfilled = []
        iters = {lst: iter(self.winners[lst]) for lst in self.winners}
        ordinal = {RESERVA: 0, PCD: 0, FEM: 0}
        filled = {lst: len(self.winners[lst]) for lst in (RESERVA, PCD, FEM)}
        for seat, typ in enumerate(self.types, start=1):
            via = typ
            seat_note = None
            if typ != AMPLA:
                k = ordinal[typ]
                ordinal[typ] += 1
                if typ == RESERVA and k in self.converted:
                    via = AMPLA
                    seat_note = ("vaga reservada deixada por " + self.converted[k] +
                                 " (desistente/inapto), passada à classificação geral (art. 4º, § 1º, "
                                 "leitura \"geral\")")
                elif filled[typ] > 0:
                    filled[typ] -= 1
                else:
                    via = AMPLA
                    _missing, why, basis = self.revert_info[typ]
                    revert = {"seat": seat, "from": typ, "to": AMPLA, "reason": why + "; a vaga "
                              "é revertida para a ampla concorrência, na ordem de classificação",
                              "basis": basis}
                    seat_note = (f"esta vaga, de {LIST_NAMES[typ]}, foi revertida para a ampla "
                                 "concorrência e segue a ordem da classificação geral")
            entry = next(iters[via], None)
            if entry is None:
                # a reverted seat that no one fills is reported once, inside an unfilled range
                # ("lists" counts it under its original type), not also as a reverted seat
                _add_unfilled(unfilled, seat, typ, norm)
                continue
            if seat_note and typ in self.revert_info and not (typ == RESERVA and k in self.converted):
                self.reverted.append(revert)
            c, reason, basis = entry
            if seat_note:
                reason = reason + " — " + seat_note
                extra_refs = self.revert_info[typ][2] if typ in self.revert_info and k not in self.converted \
                    else _b(norm, "replace_reserve")
                basis = basis + [b for b in extra_refs if b not in basis]
            nominations.append({
                "seat": seat, "candidate": c.inscricao, "name": c.nome, "rank": c.rank, "list": via,
                "seat_type": typ, "reason": reason, "basis": list(dict.fromkeys(basis)),
            })
        self._link_replacements(nominations)
        self._final_warnings(nominations)
        steps = self._steps(nominations, unfilled)
        published = self._published()
        mod = get_norm(norm)
        return {
            "norm": norm,
            "norm_title": mod.TITLE,
            "norm_citation": mod.CITATION,
            "vacancies": self.vacancies,
            "percent": fraction_str(self.sched["percent"]) if self.sched.get("percent") is not None else None,
            "percent_display": format_percent(self.sched["percent"]) if self.sched.get("percent") is not None
            else None,
            "reading": self.sched.get("reading"),
            "reserved": self.sched.get("reserved", 0),
            "seats": {AMPLA: self.quota[AMPLA], RESERVA: self.quota[RESERVA], PCD: self.k_pcd,
                      FEM: self.k_fem},
            # at most RESERVED_POSITIONS_LIMIT positions (each nomination's seat_type says the rest)
            "reserved_positions": list(self.sched["positions"][:RESERVED_POSITIONS_LIMIT]),
            "reserved_positions_total": len(self.sched["positions"]),
            "reserved_positions_truncated": len(self.sched["positions"]) > RESERVED_POSITIONS_LIMIT,
            "options": {"precedence": self.precedence, "replacement": self.replacement, "fill": self.fill,
                        "gender_equity": self.gender_equity, "female_precedence": self.female_precedence},
            "input": {"candidates": len(self.cands), "delimiter": self.table.delimiter,
                      "encoding": self.table.encoding, "ranked_by": self.table.ranked_by,
                      "score_format": self.table.score_format,
                      "ignored_columns": list(self.table.ignored_columns)},
            "nominations": nominations,
            "unfilled_seats": unfilled,
            "unfilled_count": sum(u["count"] for u in unfilled),
            "published_lists": published,
            "moved": self.moved,
            "excluded": self.excluded,
            "reverted_seats": self.reverted,
            "warnings": self.warnings,
            "steps": steps,
        }

    def _link_replacements(self, nominations):
        """Fill ``replaced_by`` of skipped candidates: the first nominee of the same list ranked below."""
        by_list: dict[str, list[tuple[int, str]]] = {}
        for nom in nominations:
            by_list.setdefault(nom["list"], []).append((nom["rank"], nom["candidate"]))
        # seats handed to the general list (Ubatuba art. 4, § 1º, "geral") are the first extra calls
        converted_by = dict(zip(self.converted.values(), self.extras, strict=False))
        for e in self.excluded:
            lst = e.get("would_fill")
            if lst is None:
                continue
            if lst == RESERVA and self.replacement == "geral":
                e["replaced_by"] = converted_by.get(e["candidate"])
                continue
            ranks = by_list.get(lst, [])
            # nominations of one list are in rank order: binary search the first rank below
            lo, hi = 0, len(ranks)
            while lo < hi:
                mid = (lo + hi) // 2
                if ranks[mid][0] > e["rank"]:
                    hi = mid
                else:
                    lo = mid + 1
            if lo < len(ranks):
                e["replaced_by"] = ranks[lo][1]

    def _column_warnings(self) -> None:
        """A list with no column saying who opted (or who is PcD, or a woman) silently empties that
        list: every such seat reverts.  Say so, and name the columns that were not read."""
        norm, t, w = self.norm, self.table, self.warnings
        ignored = ", ".join(f"“{c}”" for c in t.ignored_columns)
        ignored_note = (f" Colunas do arquivo não usadas pela simulação: {ignored}." if ignored else "")
        needed = [("cotista", RESERVA, "quem optou pela reserva racial", "sim/não",
                   ("reserve_only_optants", "revert_reserve")),
                  ("pcd", PCD, "quem é pessoa com deficiência", "sim/não", ("pcd", "revert_other")),
                  ("genero", FEM, "o gênero de cada candidato", "F/M", ("female", "revert_other"))]
        missing = []
        for column, lst, what, values, basis_keys in needed:
            if self.quota[lst] and column not in t.columns:
                missing.append(column)
                w.append(warning(
                    f"simulacao_sem_coluna_{column}", "aviso",
                    f"O arquivo não tem a coluna “{column}” ({what}): ninguém entrou na lista de "
                    f"{LIST_NAMES[lst]}, e "
                    + ("a vaga dessa lista passou" if self.quota[lst] == 1 else
                       f"as {format_int(self.quota[lst])} vagas dessa lista passaram")
                    + " à ampla concorrência. Se uma das colunas do arquivo traz essa informação, "
                    f"renomeie-a para “{column}” (valores {values})."
                    + ignored_note,
                    _b(norm, *basis_keys)))
        if ignored and not missing:
            w.append(warning(
                "simulacao_colunas_ignoradas", "aviso",
                f"Colunas do arquivo não usadas pela simulação: {ignored} (confira se nenhuma delas "
                "deveria ser cotista, pcd, genero, situacao ou heteroidentificacao).",
                _b(norm, "lists")))

    def _final_warnings(self, nominations):
        norm = self.norm
        w = self.warnings
        self._column_warnings()
        if self.table.ties:
            w.append(warning(
                "simulacao_empate_nota", "premissa",
                f"Há {count_phrase(len(self.table.ties), 'grupo', 'grupos')} de candidatos com a mesma "
                "nota; o desempate seguiu a ordem das linhas do arquivo (ordene o arquivo pelos critérios "
                "de desempate do edital ou informe a coluna classificacao).",
                _b(norm, "ranking")))
        if self.k_pcd:
            w.append(warning(
                "simulacao_vagas_pcd", "premissa",
                f"Vagas para pessoas com deficiência ({format_int(self.k_pcd)}): vêm do edital e de outras "
                "leis (fora do corpus); "
                + ("foram chamadas primeiro, como manda o art. 7º, caput, para empregos públicos."
                   if self.pcd_first else
                   "foram distribuídas na ordem de chamada por proporcionalidade cumulativa, que é uma "
                   "escolha desta simulação."),
                _b(norm, "pcd")))
        if self.k_fem:
            w.append(warning(
                "simulacao_vagas_femininas", "premissa",
                f"Vagas femininas ({format_int(self.k_fem)}): vêm da LC nº 1.745/2023, art. 16, § 2º (fora "
                "do corpus); foram distribuídas na ordem de chamada por proporcionalidade cumulativa, "
                "que é uma escolha desta simulação.",
                _b(norm, "female")))
        cotistas = {c.inscricao for c in self.cands if c.cotista}
        if norm in ("quissama", "lins"):
            by_analogy = self._refilled_by_analogy(cotistas)
            if by_analogy:
                rule = {"quissama": ("art. 3º, § 2º", "Na ocorrência de desistência de vaga por candidato "
                                     "cotista aprovado"),
                        "lins": ("art. 5º, § 1º", "Em caso de desistência de candidato inscrito em vaga "
                                 "reservada")}[norm]
                w.append(warning(
                    f"{norm}_substituicao_por_analogia", "interpretacao",
                    f"O {rule[0]}, só fala de desistência (\"{rule[1]}\"). Preencher pela lista específica a "
                    "vaga "
                    "de cotista inapto, eliminado ou excluído após a verificação é aplicação por analogia "
                    f"(interpretação): {', '.join(e['candidate'] for e in by_analogy[:5])}"
                    + ("…" if len(by_analogy) > 5 else "") + ".",
                    _b(norm, "replace_reserve")))
        if norm in ("quissama", "lins") and any(
                e.get("would_fill") == AMPLA and e["candidate"] in cotistas for e in self.excluded):
            text = {"quissama": "Na ocorrência de desistência de vaga por candidato cotista aprovado",
                    "lins": "Em caso de desistência de candidato inscrito em vaga reservada"}[norm]
            w.append(warning(
                f"{norm}_desistencia_optante_na_ampla", "interpretacao",
                f"Um optante que estaria nas vagas de ampla concorrência desistiu ou é inapto. \"{text}\" "
                "pode ser lido como abrangendo também esse caso (a vaga iria ao optante seguinte da lista "
                "específica); a simulação entende que a regra trata das vagas reservadas e passou a vaga ao "
                "seguinte da classificação geral.",
                _b(norm, "replace_reserve")))
        if norm == "ubatuba" and any(e.get("would_fill") == RESERVA for e in self.excluded):
            w.append(warning(
                "ubatuba_substituicao_leitura", "interpretacao",
                "O art. 4º, § 1º, diz que a vaga do optante que desiste ou é inapto será preenchida \"pelo "
                "candidato posteriormente classificado\", sem dizer de qual lista. Leitura usada: "
                + ("o optante seguinte da lista da reserva (como o art. 7º, § 2º, e o propósito da reserva)."
                   if self.replacement == "lista" else
                   "o candidato seguinte da classificação geral, optante ou não.")
                + " Outra leitura, disponível como opção "
                + ("(\"geral\"): o candidato seguinte da classificação geral." if self.replacement == "lista"
                   else "(\"lista\"): o optante seguinte da lista da reserva."),
                _b(norm, "replace_reserve", "replace_list")))
        conflicts = self.conflicts
        if conflicts:
            gender_of = {c.inscricao: c.genero for c in self.cands}
            genders = [gender_of[x["candidate"]] for x in conflicts]
            names = ", ".join(x["candidate"] for x in conflicts[:5]) + ("…" if len(conflicts) > 5 else "")
            if norm == "lins" and any(PCD in x["lists"] and RESERVA in x["lists"] for x in conflicts):
                alt = "art4_par1u" if self.precedence == "art6_par2" else "art6_par2"
                w.append(warning(
                    "lins_precedencia_conflito", "conflito",
                    _agree("Candidato classificado", genders).capitalize()
                    + " ao mesmo tempo nas listas de pessoas com deficiência e "
                    f"de pessoas negras ({names}). O art. 6º, § 2º, manda nomear pela lista de negros; o "
                    "art. 4º, parágrafo único, manda nomear pela lista em que estiver melhor "
                    "classificado. Regra usada: "
                    + ("art. 6º, § 2º" if self.precedence == "art6_par2" else "art. 4º, parágrafo único")
                    + "; a outra regra está disponível como opção (\"" + alt.replace("_", "-") + "\").",
                    ["lins:art6_par2", "lins:art4_par1u"]))
            if norm == "lins" and any(FEM in x["lists"] and RESERVA in x["lists"] for x in conflicts):
                both = [x["candidate"] for x in conflicts if FEM in x["lists"] and RESERVA in x["lists"]]
                racial_first = (" pela reserva racial, liberando a vaga feminina para a seguinte da lista "
                                "feminina")
                female_first = (" pela vaga feminina (art. 6º, § 3º, por analogia), liberando a vaga racial "
                                "para o seguinte da lista de pessoas negras")
                # the decree has no rule for this pair, and each reading hands a different seat to the next
                # candidate: a conflict between two analogies, shown with the other reading
                w.append(warning(
                    "lins_feminina_reserva_lacuna", "conflito",
                    ("Candidata classificada" if len(both) == 1 else "Candidatas classificadas")
                    + " ao mesmo tempo nas vagas femininas e na reserva racial ("
                    + ", ".join(both[:5]) + ("…" if len(both) > 5 else "") + "): o "
                    "decreto só regula PcD × negros (art. 6º, § 2º) e PcD × feminina (art. 6º, § 3º). A "
                    "simulação "
                    + ("a nomeou" if len(both) == 1 else "as nomeou")
                    + (racial_first if self.female_precedence == "reserva" else female_first)
                    + " (interpretação). Outra leitura, disponível como opção (precedência feminina \""
                    + ("feminina" if self.female_precedence == "reserva" else "reserva") + "\"): "
                    + ("nomeá-la" if len(both) == 1 else "nomeá-las")
                    + (female_first if self.female_precedence == "reserva" else racial_first) + ".",
                    ["lins:art6_par2", "lins:art6_par3"]))
            if norm == "quissama":
                w.append(warning(
                    "quissama_precedencia_lacuna", "interpretacao",
                    _agree("Candidato classificado", genders).capitalize()
                    + " ao mesmo tempo na reserva racial e nas vagas de pessoas "
                    f"com deficiência ({names}); a lei não diz por qual lista nomear. A simulação nomeou "
                    "pela reserva racial (a reserva da própria lei), liberando a vaga de PcD para o "
                    "seguinte (interpretação; sem base no corpus).",
                    [], no_basis=True))
        if norm == "quissama" and self.quota[RESERVA]:
            concurrent = ("concorrência concomitante — o cotista classificado dentro das vagas de ampla "
                          "concorrência é nomeado por elas, e a quinta vaga vai ao cotista seguinte fora "
                          "delas "
                          "(art. 1º, § 2º)")
            literal = ("literal do art. 3º, § 1º — a quinta vaga vai ao primeiro ainda não nomeado da lista "
                       "específica, na ordem "
                       "dela, mesmo que esteja dentro das vagas de ampla concorrência")
            used, other, opt = ((concurrent, literal, "lista") if self.fill == "concorrencia"
                                else (literal, concurrent, "concorrencia"))
            w.append(warning(
                "quissama_quinta_vaga_leitura", "interpretacao",
                f"Quem ocupa a quinta vaga (art. 3º, § 1º). Leitura usada: {used}. Outra leitura, disponível "
                f"como opção (preenchimento \"{opt}\"): {other}. A mesma questão surge na \"alternância\" do "
                "art. 7º da lei de Ubatuba.",
                ["quissama:art3_par1", "quissama:art1_par2"]))
        if norm == "ubatuba" and self.quota[RESERVA]:
            w.append(warning(
                "ubatuba_alternancia_quem_ocupa", "interpretacao",
                "O art. 7º (\"alternância e proporcionalidade\") não diz se a vaga reservada da vez vai ao "
                "primeiro optante da lista, mesmo que classificado dentro das vagas de ampla concorrência; a "
                "simulação segue a concorrência concomitante do art. 4º (o optante assim classificado é "
                "nomeado pela ampla concorrência e a vaga reservada vai ao optante seguinte).",
                ["ubatuba:art7_cpt", "ubatuba:art4_cpt"]))
        if self.gender_equity:
            w.append(warning(
                "ubatuba_equidade_genero_interpretacao", "interpretacao",
                "A lei pede equidade de gênero na aplicação do limite mínimo (art. 1º, parágrafo único, "
                "II), sem dizer como. Interpretação usada (opcional): as vagas reservadas são divididas "
                "entre os gêneros — nenhum gênero ocupa mais que a metade arredondada para cima — e, "
                "faltando candidatos de um gênero, as vagas passam ao outro na ordem de classificação "
                "(art. 2º, § 4º).",
                _b(norm, "gender")))
        elif norm == "ubatuba":
            w.append(warning(
                "ubatuba_equidade_genero_desligada", "aviso",
                "A lei pede equidade de gênero na aplicação da reserva (art. 1º, parágrafo único, II; art. "
                "2º, § 4º), mas não define o mecanismo. Esta simulação não a aplicou; a interpretação "
                "documentada está disponível como opção (equidade de gênero).",
                _b(norm, "gender")))
        if norm == "lins":
            pending = sum(1 for nom in nominations if nom["list"] == RESERVA
                          and self._hetero_of(nom["candidate"]) == "")
            if pending:
                w.append(warning(
                    "lins_heteroidentificacao_pendente", "premissa",
                    f"{count_phrase(pending, 'nomeado', 'nomeados')} pela reserva sem resultado de "
                    "heteroidentificação no arquivo; a simulação supôs a autodeclaração confirmada (a "
                    "análise é etapa obrigatória, art. 7º).",
                    _b(norm, "hetero")))

    def _refilled_by_analogy(self, cotistas: set[str]) -> list[dict]:
        """Excluded optants (inapto, eliminado, fraude, ausente) whose reserved seat was actually filled
        from the specific list.  Counterfactual: put them back among the reserve's winners; those that
        land within the reserved seats would have held one, and as many of them as the winners they
        displace had their seat refilled from the list (the rest of such seats reverted)."""
        gone = [e for e in self.excluded if e["candidate"] in cotistas
                and (e["situation"] == "inapto" and e.get("would_fill") == RESERVA
                     or e["situation"] in ("eliminado", "fraude", "ausente"))]
        if not gone:
            return []
        winners = self.winners[RESERVA]
        phase2 = [c for c, _r, _b2 in self.winners[AMPLA] if c.inscricao not in self.extras]
        # under concurrent competition an optant ranked within the ampla seats would have been nominated
        # through them, not through the reserve (an inapto who would fill a reserved seat is outside them)
        last_ampla = phase2[-1].rank if phase2 and self.fill == "concorrencia" else None
        pool = [(e["rank"], 0, e) for e in gone
                if e.get("would_fill") == RESERVA or last_ampla is None or e["rank"] > last_ampla]
        pool += [(c.rank, 1, c.inscricao) for c, _r, _b2 in winners]
        top = sorted(pool, key=lambda x: (x[0], x[1]))[:self.final_quota[RESERVA]]
        would_hold = [x[2] for x in top if x[1] == 0]
        displaced = len(winners) - sum(1 for x in top if x[1] == 1)
        return would_hold[:displaced]

    def _hetero_of(self, insc: str) -> str:
        if not hasattr(self, "_hetero_map"):
            self._hetero_map = {c.inscricao: c.hetero for c in self.cands}
        return self._hetero_map[insc]

    def _steps(self, nominations, unfilled) -> list[dict]:
        norm = self.norm
        s = list(self.sched.get("steps", []))
        q = self.quota
        s.append(step(
            f"{count_phrase(self.vacancies, 'vaga', 'vagas')}: "
            f"{count_phrase(q[RESERVA], 'chamada', 'chamadas')} pela reserva "
            f"racial nas posições da ordem de nomeação, {format_int(q[PCD])} para pessoas com deficiência, "
            f"{count_phrase(q[FEM], 'feminina', 'femininas')} e {format_int(q[AMPLA])} "
            "de ampla concorrência.",
            _b(norm, "call_order")))
        if self.pcd_first:
            racial = [n for n, t in enumerate(self.types, start=1) if t == RESERVA]
            k = q[PCD]
            first = ("na 1ª nomeação" if k == 1 else
                     f"nas nomeações {ordinals(list(range(1, k + 1)))}" if k <= 3 else
                     f"nas nomeações 1ª a {format_int(k)}ª")
            after = ""
            if racial:
                listed = ordinals(racial[:20]) + ("…" if len(racial) > 20 else "")
                after = ("; depois delas, por interpretação, a vaga reservada fica na " + listed + " nomeação"
                         if len(racial) == 1 else
                         "; depois delas, por interpretação, as vagas reservadas ficam nas nomeações "
                         + listed)
            s.append(step(
                "Empregos públicos: as vagas de pessoas com deficiência são preenchidas primeiro (art. 7º, "
                f"caput), {first}{after}.",
                ["ubatuba:art7_cpt"]))
        t = self.table
        if t.ranked_by == "nota":
            ranking = (f"Classificação geral: pela coluna nota, da maior para a menor; "
                       f"{csvinput.SCORE_FORMATS[t.score_format]}; empates na ordem das linhas do arquivo.")
        else:
            ranking = "Classificação geral: pela coluna classificacao do arquivo."
        s.append(step(ranking, _b(norm, "ranking")))
        s.append(step(
            "Ampla concorrência: os candidatos mais bem classificados na lista geral ocupam as vagas de "
            "ampla concorrência, optantes ou não; o optante assim nomeado não ocupa vaga reservada.",
            _b(norm, "concurrent", "ampla_excludes")))
        s.append(step(
            "Vagas reservadas: preenchidas pelos optantes seguintes, na ordem da lista específica; quem "
            "não optou concorre só às demais vagas.",
            _b(norm, "reserve", "reserve_only_optants")))
        if self.excluded:
            s.append(step(
                ("1 candidato desistente, inapto, eliminado ou excluído: " if len(self.excluded) == 1
                 else f"{format_int(len(self.excluded))} candidatos desistentes, inaptos, eliminados ou "
                 "excluídos: ")
                + "cada vaga passa ao seguinte da mesma lista.",
                _b(norm, "replace_reserve", "eliminated")))
        if self.reverted:
            s.append(step(
                f"{count_phrase(len(self.reverted), 'vaga revertida', 'vagas revertidas')} por falta de "
                "candidatos na lista específica.",
                _b(norm, "revert_reserve")))
        if unfilled:
            total = sum(u["count"] for u in unfilled)
            s.append(step(f"{count_phrase(total, 'vaga', 'vagas')} sem candidato habilitado.",
                          _b(norm, "ranking")))
        return s

    def _published(self) -> dict:
        norm = self.norm
        titles = {
            AMPLA: "Lista geral (todos os aprovados, inclusive optantes)",
            RESERVA: "Lista específica da reserva racial",
            PCD: "Lista específica das pessoas com deficiência",
            FEM: "Lista específica feminina (Guarda Civil Municipal)",
        }
        basis = {
            AMPLA: _b(norm, "ranking"),
            RESERVA: _b(norm, "lists") + (["lins:art6_cpt_inc3"] if norm == "lins" else []),
            PCD: _b(norm, "lists") + (["lins:art6_cpt_inc2"] if norm == "lins" else []),
            FEM: _b(norm, "female"),
        }
        out = {}
        for lst in (AMPLA, RESERVA, PCD, FEM):
            if lst != AMPLA and not self.quota[lst] and lst != RESERVA:
                continue
            ranking = self.published[lst]
            entry = {"title": titles[lst], "basis": basis[lst], "candidates": ranking,
                     "all_candidates": ranking, "within_vacancies": False, "vacancies": None}
            if norm == "lins" and lst != AMPLA:
                # art. 6º, II–IV: the specific lists publish those "aprovadas dentro do número de vagas"
                # of the list; the whole ranking stays under "all_candidates"
                k = self.quota[lst]
                entry.update({
                    "title": titles[lst] + f" — aprovados dentro do número de vagas da lista "
                             f"({count_phrase(k, 'vaga', 'vagas')})",
                    "candidates": ranking[:k], "within_vacancies": True, "vacancies": k})
            out[lst] = entry
        return out


# --- API and CLI glue (registered in calculator/api.py and calculator/__main__.py) ---------------
API_FIELDS = ("norma", "vagas", "percentual", "leitura", "vinculo", "vagas_pcd", "vagas_femininas",
              "precedencia", "precedencia_feminina", "substituicao", "equidade_genero", "preenchimento",
              "csv", "csv_base64")


def _flag(value, field: str) -> bool:
    if value is None or value is False or value == "":
        return False
    if value is True:
        return True
    if isinstance(value, str) and csvinput.normalise(value) in ("sim", "s", "true", "1"):
        return True
    if isinstance(value, str) and csvinput.normalise(value) in ("nao", "n", "false", "0"):
        return False
    raise InputError(f"{field}: use sim ou não", field)


def _own_option(mod, option: str) -> None:
    """Refuse a non-default value of ``option`` unless the norm's registry declares the option its own; the
    message is the registry's of the norm that has it ([simulation.options])."""
    if option in mod.NORM.simulation_options:
        return
    from calculator.core import NORMS

    owner = next(m.NORM for m in NORMS.values() if option in m.NORM.simulation_options)
    raise InputError(owner.simulation_options[option]["refusal"], option)


def api_simular(req: dict, data: bytes | None = None) -> dict:
    """api.handle runner.  The classification list comes as ``csv`` (text, as the browser reads the
    file; encoded back as UTF-8) or ``csv_base64`` (the file's bytes, base64: the page sends a loaded
    file so).  The CLI passes the file's bytes as ``data`` (no base64 round trip: one copy less of a
    large file); everything else is the same path."""
    from calculator.api import check_fields

    check_fields(req, API_FIELDS, ("norma", "vagas"))
    text, b64 = req.get("csv"), req.get("csv_base64")
    if data is None:
        data = _request_bytes(text, b64)
    return simulate(req["norma"], req["vagas"], data, percent=req.get("percentual"),
                    reading=req.get("leitura"),
                    scope=req.get("vinculo"), pcd_seats=req.get("vagas_pcd"),
                    female_seats=req.get("vagas_femininas"), precedence=req.get("precedencia"),
                    replacement=req.get("substituicao"),
                    gender_equity=_flag(req.get("equidade_genero"), "equidade_genero"),
                    fill=req.get("preenchimento"), female_precedence=req.get("precedencia_feminina"))


def _request_bytes(text, b64) -> bytes:
    """The list's bytes from a JSON request's ``csv`` or ``csv_base64`` (size checked before decoding)."""
    if text is not None and b64 is not None:
        raise InputError("informe a lista em \"csv\" ou em \"csv_base64\", não nos dois", "csv")
    if b64 is not None:
        import base64
        import binascii

        if not isinstance(b64, str):
            raise InputError("csv_base64 deve ser um texto em base64", "csv")
        if len(b64) > (csvinput.MAX_CSV_BYTES + 2) // 3 * 4 + 4:
            raise csvinput.too_large()
        try:
            data = base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise InputError("csv_base64 não é base64 válido", "csv") from None
    elif text is not None:
        if not isinstance(text, str):
            raise InputError("csv deve ser o texto do arquivo", "csv")
        if len(text) > csvinput.MAX_CSV_BYTES:
            raise csvinput.too_large()
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError("Linha 1: o texto do arquivo contém caracteres inválidos", "csv") from None
    else:
        raise InputError("cole ou envie a lista de classificação (arquivo CSV)", "csv")
    return data


def cli_arguments(p) -> None:
    """Arguments of ``python -m calculator simular``."""
    p.add_argument("arquivo", metavar="ARQUIVO.csv", help="lista de classificação em CSV (ou - para a "
                                                          "entrada padrão)")
    p.add_argument("--norma", required=True, metavar="NORMA", help="ubatuba, quissama ou lins")
    p.add_argument("--vagas", required=True, metavar="N", help="número de vagas a preencher (inteiro ≥ 1)")
    p.add_argument("--percentual", metavar="P", help="percentual de reserva (Lins: obrigatório; Ubatuba: ≥ "
                                                     "20)")
    p.add_argument("--leitura", metavar="L", help="ordem de nomeação: proporcional (padrão) ou quinta")
    p.add_argument("--vinculo", metavar="V", help="efetivo (padrão), emprego, comissao ou estagio")
    p.add_argument("--vagas-pcd", metavar="K", help="vagas para pessoas com deficiência fixadas no edital "
                                                    "(padrão 0)")
    p.add_argument("--vagas-femininas", metavar="K",
                   help="Lins, Guarda Civil Municipal: vagas femininas da LC nº 1.745/2023, art. 16, § 2º")
    p.add_argument("--precedencia", metavar="REGRA",
                   help="Lins, candidato nas listas PcD e de negros: art6-par2 (padrão) ou art4-par1u")
    p.add_argument("--precedencia-feminina", metavar="REGRA",
                   help="Lins, candidata nas vagas femininas e na reserva racial (o decreto não regula): "
                        "reserva (padrão) ou feminina")
    p.add_argument("--substituicao", metavar="LEITURA",
                   help="Ubatuba, art. 4º, § 1º: lista (padrão: próximo optante) ou geral")
    p.add_argument("--preenchimento", metavar="LEITURA",
                   help="Quissamã, art. 3º, § 1º (quem ocupa a quinta vaga): concorrencia (padrão) ou lista "
                        "(literal: o primeiro da lista específica)")
    p.add_argument("--equidade-genero", action="store_true",
                   help="Ubatuba: divide as vagas reservadas entre os gêneros (interpretação; desligada "
                        "por padrão)")
    p.add_argument("--json", action="store_true", help="imprime um objeto JSON")


def _read_file(path: str) -> bytes:
    """The file's bytes, at most csvinput.MAX_CSV_BYTES of them (a bigger file, /dev/zero or an endless
    pipe is refused after reading one byte more than the limit, never read whole)."""
    import os
    import stat
    import sys

    limit = csvinput.MAX_CSV_BYTES
    try:
        if path == "-":
            if sys.stdin is None:
                raise InputError("a entrada padrão está fechada (arquivo -)", "arquivo")
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as fh:
                st = os.fstat(fh.fileno())
                if stat.S_ISREG(st.st_mode) and st.st_size > limit:
                    raise csvinput.too_large()
                data = fh.read(limit + 1)
        if len(data) > limit:
            raise csvinput.too_large()
        return data
    except FileNotFoundError:
        raise InputError(f"arquivo não encontrado: {path}", "arquivo") from None
    except IsADirectoryError:
        raise InputError(f"é uma pasta, não um arquivo: {path}", "arquivo") from None
    except PermissionError:
        raise InputError(f"sem permissão para ler o arquivo: {path}", "arquivo") from None
    except OSError as exc:
        raise InputError(f"não foi possível ler o arquivo {path} (erro {exc.errno})", "arquivo") from None
    except MemoryError:
        raise InputError(f"memória insuficiente para ler o arquivo {path}", "arquivo") from None


def cli_run(a) -> dict:
    """Namespace → result, through api_simular (the browser's path, with the bytes passed as they are)."""
    data = _read_file(a.arquivo)
    return api_simular({"norma": a.norma, "vagas": a.vagas, "percentual": a.percentual,
                        "leitura": a.leitura, "vinculo": a.vinculo, "vagas_pcd": a.vagas_pcd,
                        "vagas_femininas": a.vagas_femininas, "precedencia": a.precedencia,
                        "precedencia_feminina": a.precedencia_feminina,
                        "substituicao": a.substituicao, "equidade_genero": a.equidade_genero,
                        "preenchimento": a.preenchimento}, data)


# --- text rendering ------------------------------------------------------------------------------
def _input_line(res: dict) -> str:
    """How the file was read: what decided the ranking (and how the scores were read), ignored columns."""
    info = res.get("input", {})
    if info.get("ranked_by") == "nota":
        text = (f"Ordem: pela coluna nota, da maior para a menor; "
                f"{csvinput.SCORE_FORMATS.get(info.get('score_format'), '')}; empates na ordem das linhas.")
    else:
        text = "Ordem: pela coluna classificacao."
    if info.get("ignored_columns"):
        text += " Colunas ignoradas: " + ", ".join(f"“{c}”" for c in info["ignored_columns"]) + "."
    return text


def render_text(res: dict) -> str:
    """Readable pt-BR table for the CLI.  Values from the file (inscrições, names) go through
    terminal.visible: a control or bidi character in a name is shown, never obeyed."""
    from calculator.terminal import visible

    lines = []
    lines.append(f"Simulação de nomeações — {res.get('norm_title') or res['norm']} — "
                 f"{count_phrase(res['vacancies'], 'vaga', 'vagas')}"
                 + (f", reserva de {res['percent_display']}" if res.get("percent_display") else ""))
    seats = res["seats"]
    lines.append(f"Vagas: {format_int(seats[AMPLA])} de ampla concorrência, {format_int(seats[RESERVA])} "
                 f"{'reservada' if seats[RESERVA] == 1 else 'reservadas'}, {format_int(seats[PCD])} PcD, "
                 f"{count_phrase(seats[FEM], 'feminina', 'femininas')}. "
                 f"Candidatos no arquivo: {format_int(res['input']['candidates'])}.")
    lines.append(visible(_input_line(res)))
    lines.append("")
    noms = [{**n, "candidate": visible(n["candidate"]), "name": visible(n["name"])}
            for n in res["nominations"]]
    w_insc = max([len("Inscrição")] + [len(n["candidate"]) for n in noms])
    w_name = min(30, max([len("Nome")] + [len(n["name"]) for n in noms]))
    lines.append(f"{'Vaga':>5}  {'Inscrição':<{w_insc}}  {'Nome':<{w_name}}  {'Class.':>6}  {'Lista':<8}  "
                 "Base legal")
    for n in noms:
        lines.append(f"{n['seat']:>5}  {n['candidate']:<{w_insc}}  {n['name'][:w_name]:<{w_name}}  "
                     f"{n['rank']:>6}  {n['list']:<8}  {short_labels(n['basis']) or NO_BASIS}")
        lines.append(f"{'':>5}  ↳ {n['reason']}")
    for u in res["unfilled_seats"]:
        if u["count"] == 1:
            lines.append(f"{u['seat']:>5}  (vaga não preenchida: {u['reason']})")
        else:
            lines.append(f"{'':>5}  (vagas {format_int(u['from'])} a {format_int(u['to'])} — "
                         f"{format_int(u['count'])} — não preenchidas: {u['reason']})")
    if res["excluded"]:
        lines.append("")
        lines.append("Desistentes, inaptos, eliminados e excluídos:")
        for e in res["excluded"]:
            rep = f" → substituído por {e['replaced_by']}" if e.get("replaced_by") else ""
            lines.append(f"  - {e['candidate']}: {e['reason']}{rep} [{short_labels(e['basis']) or NO_BASIS}]")
    if res["moved"]:
        lines.append("")
        lines.append("Candidatos que mudaram de lista:")
        for m in res["moved"]:
            lines.append(f"  - {m['candidate']}: {m['reason']} [{short_labels(m['basis']) or NO_BASIS}]")
    if res["reverted_seats"]:
        lines.append("")
        lines.append("Vagas revertidas:")
        for r in res["reverted_seats"]:
            seat = f"vaga {r['seat']}" if r.get("seat") else r.get("candidate", "")
            lines.append(f"  - {seat}: {r['reason']} [{short_labels(r['basis']) or NO_BASIS}]")
    if res["warnings"]:
        lines.append("")
        lines.append("Avisos:")
        for w in res["warnings"]:
            kind = KIND_NAMES.get(w.get("kind"), "aviso")
            refs = short_labels(w["basis"])
            if not refs and w.get("basis_kind") == "sem_base_no_corpus" and NO_BASIS not in w["message"]:
                refs = NO_BASIS
            lines.append(f"  - ({kind}) {w['message']}" + (f" [{refs}]" if refs else ""))
    by_norm: dict[str, list[str]] = {}
    for ref in res.get("basis", []):
        by_norm.setdefault(ref.partition(":")[0], []).append(ref)
    if by_norm:
        lines += ["", "Base legal:"]
        for slug, refs in by_norm.items():
            lines.append(f"  {NORM_CITATION.get(slug, slug)}: {short_labels(refs)}")
    # every other line may carry an inscrição or a name too (excluded, moved, warnings)
    return "\n".join(visible(line) for line in lines)
