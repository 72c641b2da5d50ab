"""The edital read whole: every cargo's reserve, call order and compliance, the warnings and steps they
share said once, the totals and the concurso read as one."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from calculator.cargos import LAYOUTS, CargoRow, CargoTable
from calculator.core import get_norm, input_date
from calculator.csvtext import safe_text
from calculator.edital.headline import headline
from calculator.edital.readings import (
    _ADC41,
    STATUS_LABELS,
    _fragmentation_warning,
    module_beyond_basis,
    reading_lead,
    readings_basis,
    shortfall_basis_of,
)
from calculator.errors import InputError
from calculator.rules import (
    MAX_VACANCIES,
    collect_basis,
    count_phrase,
    format_int,
    format_percent,
    reserved_phrase,
    step,
    warning,
)
from calculator.stages.applicability import applicability
from calculator.stages.compliance import compliance_status, no_vacancies, percent_kind
from calculator.stages.headline import other_model_count
from calculator.stages.nominations import order_with_nominations, parse_nominations
from calculator.stages.order import order
from calculator.stages.reserve import reserve


def _key(w: dict) -> tuple[str, str]:
    return (w["code"], w["message"])


def edital(norm: object, cargos: CargoTable | list[CargoRow], percent: object = None,
           edital_date: object = None, scope: object = None, nominations: object = None,
           reading: object = None, lazy: bool = False) -> dict:
    """Reserve, call order and compliance for every cargo of an edital, and the totals.  ``cargos``: the
    table as calculator.cargos read it (its layout and its own warnings are said), or a list of rows.
    ``lazy``: the cargos' answers as a :class:`CargoAnswers`, each made when read (the CLI writes a table
    of 100k cargos so, without holding 100k dicts), instead of a list."""
    module = get_norm(norm)
    table = cargos if isinstance(cargos, CargoTable) else None
    if table is not None:
        cargos = table.rows
    total = sum(c.vacancies for c in cargos)
    # The concurso read as one; computed first, so a bad option gets the norm's own message, once.
    aggregated = reserve(norm, max(total, 1), percent, edital_date, scope)
    reserved_aggregated = aggregated["reserved"] if total else 0
    kind, kind_basis = percent_kind(module)
    above_minimum = ""  # an edital that reserves more than the norm's minimum is held to its own figure
    minimum = module.PARAMS[module.NORM.percent_parameters["parameter"]].value if kind == "minimo" else None
    if minimum is not None and Fraction(aggregated["percent"]) > minimum:
        above_minimum = (f" A conta usa o percentual informado ({aggregated['percent_display']}), acima do "
                         f"mínimo de {format_percent(minimum)} da norma.")
    # The first stage, said once for the edital (the headline starts from it); each cargo's own answers
    # run it again, with the same inputs and so the same verdict.
    app = applicability(module, input_date(edital_date), aggregated["scope"])
    set_scope = aggregated["scope"] in module.NORM.set_scopes
    validity_reason = app.reason if app.dated and app.applies is not True else None
    voluntary_basis = app.stop_basis() if app.stops else None
    shortfall_basis = shortfall_basis_of(module.SLUG)
    cache: dict[tuple[int, int | None], dict] = {}

    def compute(n: int, m: int | None, row: CargoRow) -> dict:
        key = (n, m)
        if key in cache:
            return cache[key]
        try:
            if n == 0:
                res = no_vacancies(module, percent, scope)
            else:
                r = reserve(norm, n, percent, edital_date, scope)
                if set_scope:  # a minimum over the set: no call order, no per-cargo positions
                    o = {"positions": [], "positions_total": 0, "positions_truncated": False,
                         "reserved": r["reserved"], "reading": None, "basis": [], "warnings": [], "steps": []}
                elif m is not None and m != n:
                    o = order_with_nominations(norm, n, m, percent, reading, scope, edital_date)
                else:
                    o = order(norm, n, percent, reading, scope, edital_date)
                if m is not None and m == n:
                    o = {**o, "nominations": m}
                if r["applies"] is False or r["reserved"] != o["reserved"]:
                    o = {**o, "positions": [], "positions_total": 0, "positions_truncated": False}
                res = {"r": r, "o": o}
        except InputError as err:
            raise InputError(f"Linha {row.line} (cargo “{safe_text(row.name)}”): {err.message}",
                             err.field) from None
        cache[key] = res
        return res

    global_m = parse_nominations(nominations, 0)

    def nominations_of(c: CargoRow) -> int | None:
        return c.nominations if c.nominations is not None else global_m

    for c in cargos:
        m = nominations_of(c)
        if m is not None and m < c.vacancies:
            raise InputError(
                f"Linha {c.line} (cargo “{safe_text(c.name)}”): o cargo tem "
                f"{format_int(c.vacancies)} vagas, mais que as {format_int(m)} nomeações informadas (as "
                "nomeações devem ser pelo menos as vagas de cada cargo; para um número por cargo, use a "
                "coluna “nomeacoes”).", "nomeacoes")
        compute(c.vacancies, m, c)

    def per_cargo():
        """(row, nominations, answer) of each cargo, from the cache: no list of 100k tuples is held."""
        for c in cargos:
            m = nominations_of(c)
            yield c, m, cache[(c.vacancies, m)]

    # A warning that two or more cargos share is said once, for the edital, with the cargos it concerns
    # ("cargos", absent when it concerns them all); steps that hold for every cargo with vacancies (the
    # edital's validity, the percentage) are said once too, when there are two or more such cargos.
    lists: dict[int, tuple[list[dict], list[dict]]] = {}
    for _, _, res in per_cargo():
        if id(res) not in lists:
            lists[id(res)] = (unique_warnings(res), cargo_steps_of(res))
    concerned: dict[tuple[str, str], list[str]] = {}
    shared_first: dict[tuple[str, str], dict] = {}
    for c, _, res in per_cargo():
        for w in lists[id(res)][0]:
            key = _key(w)
            if key not in concerned:
                concerned[key] = []
                shared_first[key] = w
            concerned[key].append(c.name)
    common = {key for key, names in concerned.items() if len(names) >= 2}
    edital_warnings = []
    for key in concerned:
        if key in common:
            w = dict(shared_first[key])
            if len(concerned[key]) < len(cargos):
                w["cargos"] = concerned[key]
            edital_warnings.append(w)
    with_vacancies = [res for c, _, res in per_cargo() if c.vacancies > 0]
    common_steps: set = set()
    first_steps: list[dict] = []
    if len(with_vacancies) == 1:
        # One cargo: the steps that frame it (the edital's validity, the percentage, the order's rule)
        # are those a cargo of other vacancies would share; said for the edital, as for many cargos.
        only = next(c for c, _, _ in per_cargo() if c.vacancies > 0)
        n = only.vacancies + 1 if only.vacancies < MAX_VACANCIES else only.vacancies - 1
        with_vacancies.append(compute(n, None, only))
        lists.setdefault(id(with_vacancies[-1]), (unique_warnings(with_vacancies[-1]),
                                                  cargo_steps_of(with_vacancies[-1])))
    if len(with_vacancies) >= 2:
        first_steps = lists[id(with_vacancies[0])][1]
        common_steps = {_step_key(x) for x in first_steps}
        for res in with_vacancies[1:]:
            common_steps &= {_step_key(x) for x in lists[id(res)][1]}
    edital_steps = [x for x in first_steps if _step_key(x) in common_steps]

    records: list[int] = []  # per cargo: the index of its status in statuses
    status_cache: dict[tuple[int, int | None], tuple] = {}
    status_index: dict[tuple[int, int | None], int] = {}
    statuses: list[tuple] = []  # (status key, answer)
    shared_cache: dict[int, dict] = {}
    sum_reserved = sum_announced = 0
    announced_all = True
    status_counts = {"conforme": 0, "abaixo": 0, "acima": 0, "reserva_voluntaria": 0, "nao_se_aplica": 0,
                     "conjunto": 0, "sem_informacao": 0}
    missing_total = 0
    for c, _m, res in per_cargo():
        r, o = res["r"], res["o"]
        skey = (id(res), c.announced)
        if skey not in status_cache:  # same inputs, same answer: computed once per distinct cargo
            if set_scope:  # judged over the set only (the totals), never cargo by cargo
                status, status_warnings = ("conjunto" if c.announced is not None else None), []
            else:
                status, status_warnings = compliance_status(
                    c.announced, r["reserved"], kind, kind_basis, r["applies"], above_minimum,
                    shortfall_basis, voluntary_basis)
            shared = shared_cache.get(id(res))
            if shared is None:
                shared = shared_cache[id(res)] = {
                    "own": [w for w in lists[id(res)][0] if _key(w) not in common],
                    "basis": collect_basis(r["basis"], o["basis"]),
                    "steps": [x for x in lists[id(res)][1] if _step_key(x) not in common_steps],
                }
            status_cache[skey] = (status, shared["own"] + status_warnings,
                                  collect_basis(shared["basis"], status_warnings), shared["steps"])
        status, own, basis, cargo_steps = status_cache[skey]
        status_counts[status or "sem_informacao"] += 1
        sum_reserved += r["reserved"]
        if c.announced is None:
            announced_all = False
        else:
            sum_announced += c.announced
        missing = r["reserved"] - c.announced if status == "abaixo" else 0
        missing_total += missing
        if skey not in status_index:
            status_index[skey] = len(statuses)
            statuses.append((skey, res))
        records.append(status_index[skey])

    def answer(c: CargoRow, index: int) -> dict:
        skey, res = statuses[index]
        m = nominations_of(c)
        r, o = res["r"], res["o"]
        status, own, basis, cargo_steps = status_cache[skey]
        if set_scope:  # no count, warning or step of its own: the set's are the edital's
            own, basis, cargo_steps = [], [], []
        return {
            "cargo": c.name,
            "line": c.line,
            "vacancies": c.vacancies,
            "nominations": m if m is not None else c.vacancies,
            "pcd_vacancies": c.pcd,
            "reserved": None if set_scope else r["reserved"],
            "applies": r["applies"],
            "percent": r["percent"],
            "percent_display": r["percent_display"],
            "exact": r["exact"],
            "announced": c.announced,
            "status": status,
            "missing": r["reserved"] - c.announced if status == "abaixo" else None,
            "excess": c.announced - r["reserved"] if status == "acima" else None,
            "positions": o["positions"],
            "positions_total": o["positions_total"],
            "positions_truncated": o["positions_truncated"],
            "reading": o.get("reading"),
            "basis": basis,
            "warnings": own,
            "steps": cargo_steps,
        }

    out_cargos = CargoAnswers(cargos, records, answer)

    table_steps = []
    if table is not None and table.layout != "vagas":
        columns = ", ".join(f"“{name}”" for col, name in table.columns.items() if col != "cargo")
        table_steps.append(step(f"Tabela lida pelas colunas {columns}: {LAYOUTS[table.layout]}."))
    if set_scope:
        # the set read as one: its own answer's steps (applicability, percentage) and warnings
        edital_warnings = list(aggregated["warnings"])
        steps = table_steps + [x for x in aggregated["steps"][:-1]] + [
            _set_step(module, aggregated, total, reserved_aggregated)]
        sum_reserved = reserved_aggregated  # the set's count is the only one the text describes
    else:
        cargo_basis = readings_basis(module.SLUG)["cargo"][0]
        conc_basis = readings_basis(module.SLUG)["concurso"][0]
        steps = table_steps + edital_steps + [step(
            f"Leitura por cargo: soma das reservas de {count_phrase(len(cargos), 'cargo', 'cargos')} = "
            f"{reserved_phrase(sum_reserved)}.", cargo_basis, no_basis=not cargo_basis)]
        agg_text = (f"Leitura do concurso como um todo: {format_int(total)} vagas oferecidas no concurso → "
                    f"{reserved_phrase(reserved_aggregated)}")
        if total:
            agg_text += (f" ({aggregated['percent_display']} de {format_int(total)} = "
                         f"{aggregated['exact_display']})")
        steps.append(step(agg_text + ".", conc_basis, no_basis=not conc_basis))
    warnings = list(edital_warnings)
    context = []
    if sum_reserved != reserved_aggregated:
        warnings.insert(0, _fragmentation_warning(module.SLUG, sum_reserved, reserved_aggregated, total))
        context.append(dict(_ADC41))
        # the conflict states both readings with their provisions: the generic per-cargo note repeats it
        warnings = [w for w in warnings if w["code"] not in module.NORM.common.per_cargo_notes]
        for skey, (status, own, basis, cargo_steps) in status_cache.items():
            own = [w for w in own if w["code"] not in module.NORM.common.per_cargo_notes]
            status_cache[skey] = (status, own, basis, cargo_steps)
    if any(m is not None and m != c.vacancies for c, m, _ in per_cargo()) and not set_scope:
        warnings.append(warning(
            "edital_nomeacoes_alem_das_vagas", "interpretacao",
            "Nomeações além das vagas: em cada cargo, a reserva e os limiares (o mínimo de vagas, a troca de "
            "percentual) continuam os das vagas oferecidas; a ordem de nomeação continua pela mesma regra "
            "nas nomeações adicionais (veja cada cargo).",
            list(module_beyond_basis(module.SLUG)), no_basis=not module_beyond_basis(module.SLUG)))
    if set_scope:
        warnings.insert(0, warning(
            "edital_vinculo_conjunto", "aviso",
            f"Com o vínculo \"{module.SCOPES[aggregated['scope']]}\", a norma fixa o mínimo sobre o conjunto "
            "desses postos, não cargo a cargo: a tabela soma as linhas num conjunto só e julga apenas o "
            "número do conjunto; as linhas não têm reserva, situação nem ordem próprias (a norma não fixa "
            "ordem de convocação para eles).", _set_basis(module, aggregated["scope"])))
    status_total = (compliance_status(sum_announced, sum_reserved, kind, kind_basis, True, above_minimum,
                            tuple(_set_basis(module, aggregated["scope"])) if set_scope else shortfall_basis,
                            voluntary_basis) if announced_all else (None, []))
    status_aggregated = (compliance_status(sum_announced, reserved_aggregated, kind, kind_basis, True,
                                 voluntary_basis=voluntary_basis)[0] if announced_all else None)
    if set_scope:
        missing_total = reserved_aggregated - sum_announced if status_aggregated == "abaixo" else 0
        warnings += status_total[1]
    totals = {
        "cargos": len(cargos),
        "vacancies": total,
        "reserved": sum_reserved,
        "reserved_aggregated": reserved_aggregated,
        "announced": sum_announced if announced_all else None,
        "missing": missing_total,
        "status_counts": status_counts,
        "status": status_total[0],
        "status_aggregated": status_aggregated,
        "pcd_vacancies": sum(c.pcd or 0 for c in cargos) if any(c.pcd is not None for c in cargos) else None,
    }
    if announced_all and totals["status_aggregated"] == "abaixo" and totals["status"] != "abaixo":
        warnings.insert(0, warning(
            "edital_abaixo_no_concurso", "conflito",
            f"O total anunciado pelo edital ({reserved_phrase(sum_announced)}) alcança a soma das reservas "
            f"por cargo ({format_int(sum_reserved)}), mas fica abaixo da reserva do concurso lido como um "
            f"todo ({format_int(reserved_aggregated)}).",
            list(readings_basis(module.SLUG)["concurso"][0]),
            no_basis=not readings_basis(module.SLUG)["concurso"][0]))
    applies = aggregated["applies"] if total else (False if app.stops else None)
    result = {
        "command": "edital",
        "norm": module.SLUG,
        "norm_title": module.TITLE,
        "norm_citation": module.CITATION,
        "percent": aggregated["percent"] if kind != "fixo" else None,
        "percent_display": aggregated["percent_display"] if kind != "fixo" else None,
        "percent_kind": kind,
        "scope": aggregated["scope"],
        "set_scope": set_scope,
        "edital_date": aggregated["edital_date"],
        "date_kind": app.date_kind,
        "validity": aggregated["validity"],
        "validity_window": None if app.dated else app.window,
        "applies": applies,
        "validity_reason": validity_reason,
        "reading_lead": "conjunto" if set_scope else reading_lead(module.SLUG),
        "status_label": "Situação" if set_scope else STATUS_LABELS[reading_lead(module.SLUG)],
        "cargos": out_cargos if lazy else list(out_cargos),
        "totals": totals,
        "aggregated": {"vacancies": total, "reserved": reserved_aggregated,
                       "percent": aggregated["percent"] if total else None,
                       "exact": aggregated["exact"] if total else "0",
                       "percent_display": aggregated["percent_display"] if total else None,
                       "exact_display": aggregated["exact_display"] if total else "0",
                       "basis_readings": (_set_basis(module, aggregated["scope"]) if set_scope
                                          else list(readings_basis(module.SLUG)["concurso"][0])),
                       "steps": aggregated["steps"] if total else [], "basis": aggregated["basis"],
                       "count_text": aggregated["count_text"] if total else None,
                       "other_model_count": other_model_count(
                           module, app, max(total, 1), Fraction(aggregated["percent"]), aggregated["scope"])},
        "basis": collect_basis(steps, warnings, *(v[2] for v in status_cache.values()), aggregated["basis"]),
        "warnings": warnings,
        "context": context,
        "steps": steps,
    }
    if table is not None:
        from calculator.edital.meaning import other_meaning

        note = other_meaning(norm, table, result, percent, edital_date, scope)
        result["warnings"][:0] = table.warnings + ([note] if note else [])
    result["headline"] = headline(result, app)
    return result


def _set_basis(module, scope: str) -> list[str]:
    """The provision that sets the minimum over the set of posts of a vínculo: the one the norm's set step
    cites beside the percentage (Ubatuba: art. 8º for cargos em comissão; art. 1º, p. ú., I, for estágios)."""
    probe = module.reserved_seats(5, None, scope) if module.NORM.percent_rule != "given" else None
    if probe is None:
        return []
    percent_basis = set(probe["steps"][0]["basis"])
    for s in probe["steps"][1:]:
        own = [b for b in s["basis"] if b not in percent_basis]
        if own:
            return own
    return []


def _set_step(module, aggregated: dict, total: int, reserved: int) -> dict:
    """The one count the text describes for a set of posts (cargos em comissão, estágios of an órgão)."""
    name = module.SCOPES[aggregated["scope"]]
    text = (f"Conjunto de {name}: {format_int(total)} postos somando as linhas da tabela → "
            f"{reserved_phrase(reserved)}")
    if total:
        text += f" ({aggregated['percent_display']} de {format_int(total)} = {aggregated['exact_display']})"
    basis = _set_basis(module, aggregated["scope"])
    return step(text + "; só este número é exigido (não há conta cargo a cargo).", basis, no_basis=not basis)



class CargoAnswers(Sequence):
    """Each cargo's answer, made when it is read from the row and one small index per cargo (into the
    answers shared by cargos with the same figures): a sequence of dicts like the list it stands for."""

    __slots__ = ("_make", "_records", "_rows")

    def __init__(self, rows: list[CargoRow], records: list[int], make):
        self._rows = rows
        self._records = records
        self._make = make

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(map(self._make, self._rows[i], self._records[i]))
        return self._make(self._rows[i], self._records[i])

    def __iter__(self):
        return map(self._make, self._rows, self._records)


def _step_key(s: dict) -> tuple:
    return (s["text"], tuple(s["basis"]))


def cargo_steps_of(res: dict) -> list[dict]:
    """A cargo's steps: those of its reserve, then those its call order adds (no repeats)."""
    seen = {_step_key(x) for x in res["r"]["steps"]}
    return res["r"]["steps"] + [x for x in res["o"]["steps"] if _step_key(x) not in seen]


def unique_warnings(res: dict) -> list[dict]:
    """A cargo's warnings: those of its reserve, then those its call order adds (no repeats)."""
    seen = set()
    out = []
    for w in res["r"]["warnings"] + res["o"]["warnings"]:
        if _key(w) not in seen:
            seen.add(_key(w))
            out.append(w)
    return out

