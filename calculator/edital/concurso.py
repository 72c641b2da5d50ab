"""The edital read whole: every cargo's reserve, call order and compliance, the warnings and steps they
share said once, the totals and the concurso read as one."""

from __future__ import annotations

from fractions import Fraction

from calculator.cargos import CargoRow
from calculator.core import get_norm, order, reserve
from calculator.csvtext import safe_text
from calculator.edital.compliance import _no_vacancies, _percent_kind, _status
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
from calculator.nominations import order_with_nominations, parse_nominations
from calculator.rules import (
    collect_basis,
    count_phrase,
    format_int,
    format_percent,
    reserved_phrase,
    step,
    warning,
)


def _key(w: dict) -> tuple[str, str]:
    return (w["code"], w["message"])


def edital(norm: object, cargos: list[CargoRow], percent: object = None, edital_date: object = None,
           scope: object = None, nominations: object = None, reading: object = None) -> dict:
    """Reserve, call order and compliance for every cargo of an edital, and the totals."""
    module = get_norm(norm)
    total = sum(c.vacancies for c in cargos)
    # The concurso read as one; computed first, so a bad option gets the norm's own message, once.
    aggregated = reserve(norm, max(total, 1), percent, edital_date, scope)
    reserved_aggregated = aggregated["reserved"] if total else 0
    kind, kind_basis = _percent_kind(module)
    above_minimum = ""  # an edital that reserves more than the norm's minimum is held to its own figure
    minimum = module.PARAMS[module.NORM.percent_parameters["parameter"]].value if kind == "minimo" else None
    if minimum is not None and Fraction(aggregated["percent"]) > minimum:
        above_minimum = (f" A conta usa o percentual informado ({aggregated['percent_display']}), acima do "
                         f"mínimo de {format_percent(minimum)} da norma.")
    # The norm's validity for this edital, said once for the edital (the headline starts from it).
    validity_reason, voluntary_basis = None, None
    if aggregated["validity"] is not None and aggregated["validity"]["applies"] is not True:
        from datetime import date

        v = module.validity(date.fromisoformat(aggregated["edital_date"]))
        validity_reason = v.get("reason")
        if v["applies"] is False:
            voluntary_basis = collect_basis(v["steps"][-1:]) if v["steps"] else []
    shortfall_basis = shortfall_basis_of(module.SLUG)
    cache: dict[tuple[int, int | None], dict] = {}

    def compute(n: int, m: int | None, row: CargoRow) -> dict:
        key = (n, m)
        if key in cache:
            return cache[key]
        try:
            if n == 0:
                res = _no_vacancies(module, percent, scope)
            else:
                r = reserve(norm, n, percent, edital_date, scope)
                o = (order_with_nominations(norm, n, m, percent, reading, scope) if m is not None and m != n
                     else order(norm, n, percent, reading, scope))
                if m is not None and m == n:
                    o = {**o, "nominations": m}
                positions_apply = r["applies"] is True and r["reserved"] == o["reserved"]
                if not positions_apply:  # the norm does not govern this edital (validity): no positions
                    o = {**o, "positions": [], "positions_total": 0, "positions_truncated": False}
                res = {"r": r, "o": o}
        except InputError as err:
            raise InputError(f"Linha {row.line} (cargo “{safe_text(row.name)}”): {err.message}",
                             err.field) from None
        cache[key] = res
        return res

    global_m = parse_nominations(nominations, 0)
    per_cargo = []
    for c in cargos:
        m = c.nominations if c.nominations is not None else global_m
        if m is not None and m < c.vacancies:
            raise InputError(
                f"Linha {c.line} (cargo “{safe_text(c.name)}”): o cargo tem "
                f"{format_int(c.vacancies)} vagas, mais que as {format_int(m)} nomeações informadas (as "
                "nomeações devem ser pelo menos as vagas de cada cargo; para um número por cargo, use a "
                "coluna “nomeacoes”).", "nomeacoes")
        per_cargo.append((c, m, compute(c.vacancies, m, c)))

    # A warning that two or more cargos share is said once, for the edital, with the cargos it concerns
    # ("cargos", absent when it concerns them all); steps that hold for every cargo with vacancies (the
    # edital's validity, the percentage) are said once too, when there are two or more such cargos.
    lists: dict[int, tuple[list[dict], list[dict]]] = {}
    for _, _, res in per_cargo:
        if id(res) not in lists:
            lists[id(res)] = (unique_warnings(res), cargo_steps_of(res))
    concerned: dict[tuple[str, str], list[str]] = {}
    shared_first: dict[tuple[str, str], dict] = {}
    for c, _, res in per_cargo:
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
    with_vacancies = [res for c, _, res in per_cargo if c.vacancies > 0]
    common_steps: set = set()
    first_steps: list[dict] = []
    if len(with_vacancies) >= 2:
        first_steps = lists[id(with_vacancies[0])][1]
        common_steps = {_step_key(x) for x in first_steps}
        for res in with_vacancies[1:]:
            common_steps &= {_step_key(x) for x in lists[id(res)][1]}
    edital_steps = [x for x in first_steps if _step_key(x) in common_steps]

    out_cargos = []
    status_cache: dict[tuple[int, int | None], tuple] = {}
    shared_cache: dict[int, dict] = {}
    sum_reserved = sum_announced = 0
    announced_all = True
    status_counts = {"conforme": 0, "abaixo": 0, "acima": 0, "reserva_voluntaria": 0, "sem_informacao": 0}
    missing_total = 0
    for c, m, res in per_cargo:
        r, o = res["r"], res["o"]
        skey = (id(res), c.announced)
        if skey not in status_cache:  # same inputs, same answer: computed once per distinct cargo
            status, status_warnings = _status(c.announced, r["reserved"], kind, kind_basis, r["applies"],
                                              above_minimum, shortfall_basis, voluntary_basis)
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
        out_cargos.append({
            "cargo": c.name,
            "line": c.line,
            "vacancies": c.vacancies,
            "nominations": m if m is not None else c.vacancies,
            "pcd_vacancies": c.pcd,
            "reserved": r["reserved"],
            "applies": r["applies"],
            "percent": r["percent"],
            "percent_display": r["percent_display"],
            "exact": r["exact"],
            "announced": c.announced,
            "status": status,
            "missing": missing if status == "abaixo" else None,
            "excess": c.announced - r["reserved"] if status == "acima" else None,
            "positions": o["positions"],
            "positions_total": o["positions_total"],
            "positions_truncated": o["positions_truncated"],
            "reading": o.get("reading"),
            "basis": basis,
            "warnings": own,
            "steps": cargo_steps,
        })

    steps = edital_steps + [step(
        f"Leitura por cargo: soma das reservas de {count_phrase(len(cargos), 'cargo', 'cargos')} = "
        f"{reserved_phrase(sum_reserved)}.", readings_basis(module.SLUG)["cargo"][0],
        no_basis=not readings_basis(module.SLUG)["cargo"][0])]
    agg_text = (f"Leitura do concurso como um todo: {format_int(total)} vagas oferecidas no concurso → "
                f"{reserved_phrase(reserved_aggregated)}")
    if total:
        agg_text += (f" ({aggregated['percent_display']} de {format_int(total)} = "
                     f"{aggregated['exact_display']})")
    steps.append(step(agg_text + ".", readings_basis(module.SLUG)["concurso"][0],
                      no_basis=not readings_basis(module.SLUG)["concurso"][0]))
    warnings = list(edital_warnings)
    context = []
    if sum_reserved != reserved_aggregated:
        warnings.insert(0, _fragmentation_warning(module.SLUG, sum_reserved, reserved_aggregated, total))
        context.append(dict(_ADC41))
        # the conflict states both readings with their provisions: the generic per-cargo note repeats it
        warnings = [w for w in warnings if w["code"] not in module.NORM.common.per_cargo_notes]
        for c in out_cargos:
            c["warnings"] = [w for w in c["warnings"] if w["code"] not in module.NORM.common.per_cargo_notes]
    if any(c["nominations"] != c["vacancies"] for c in out_cargos):
        warnings.append(warning(
            "edital_nomeacoes_alem_das_vagas", "interpretacao",
            "Nomeações além das vagas: em cada cargo, a reserva e os limiares (o mínimo de vagas, a troca de "
            "percentual) continuam os das vagas oferecidas; a ordem de nomeação continua pela mesma regra "
            "nas nomeações adicionais (veja cada cargo).",
            list(module_beyond_basis(module.SLUG)), no_basis=not module_beyond_basis(module.SLUG)))
    if aggregated["scope"] in getattr(module, "SET_SCOPES", ()):
        # the norm counts these posts as a set (its registry's scopes.set_scopes)
        scope_param = module.PARAMS.get("abrangencia")
        scope_basis = list(scope_param.basis) if scope_param is not None else []
        warnings.insert(0, warning(
            "edital_vinculo_conjunto", "interpretacao",
            f"Com o vínculo \"{module.SCOPES[aggregated['scope']]}\", a norma aplica o percentual a um "
            "conjunto de postos, não cargo a cargo: se as linhas da tabela formam esse conjunto, a conta que "
            "o texto descreve é a do conjunto (a linha \"Concurso como um todo\"), não a soma por cargo.",
            scope_basis, no_basis=not scope_basis))
    totals = {
        "cargos": len(cargos),
        "vacancies": total,
        "reserved": sum_reserved,
        "reserved_aggregated": reserved_aggregated,
        "announced": sum_announced if announced_all else None,
        "missing": missing_total,
        "status_counts": status_counts,
        "status": (_status(sum_announced, sum_reserved, kind, kind_basis, True,
                           voluntary_basis=voluntary_basis)[0] if announced_all else None),
        "status_aggregated": (_status(sum_announced, reserved_aggregated, kind, kind_basis, True,
                                      voluntary_basis=voluntary_basis)[0] if announced_all else None),
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
    result = {
        "command": "edital",
        "norm": module.SLUG,
        "norm_title": module.TITLE,
        "norm_citation": module.CITATION,
        "percent": aggregated["percent"] if kind != "fixo" else None,
        "percent_display": aggregated["percent_display"] if kind != "fixo" else None,
        "percent_kind": kind,
        "scope": aggregated["scope"],
        "edital_date": aggregated["edital_date"],
        "validity": aggregated["validity"],
        "applies": aggregated["applies"] if total else None,
        "validity_reason": validity_reason,
        "reading_lead": reading_lead(module.SLUG),
        "status_label": STATUS_LABELS[reading_lead(module.SLUG)],
        "cargos": out_cargos,
        "totals": totals,
        "aggregated": {"vacancies": total, "reserved": reserved_aggregated,
                       "percent": aggregated["percent"] if total else None,
                       "exact": aggregated["exact"] if total else "0",
                       "percent_display": aggregated["percent_display"] if total else None,
                       "exact_display": aggregated["exact_display"] if total else "0",
                       "basis_readings": list(readings_basis(module.SLUG)["concurso"][0]),
                       "steps": aggregated["steps"] if total else [], "basis": aggregated["basis"]},
        "basis": collect_basis(steps, warnings, *(v[2] for v in status_cache.values()), aggregated["basis"]),
        "warnings": warnings,
        "context": context,
        "steps": steps,
    }
    result["headline"] = headline(result)
    return result



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

