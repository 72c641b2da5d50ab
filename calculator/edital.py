"""The whole edital: many cargos, the reserve each one requires, whether the edital complies, and the
reserve of the concurso read as one.

Generic over the norms: each cargo's answer is exactly `reserva` (calculator.core.reserve) and `ordem`
(calculator.core.order, or calculator.nominations beyond the vacancies) for the same inputs; what differs
between norms is only data — which reading of "per cargo" vs "the concurso" each text supports
(the registry's ``[edital]``) and what kind of percentage the norm sets (read from its ``PARAMS``).

Input: the table of cargos read by calculator.cargos (``read_cargos``).
"""

from __future__ import annotations

from fractions import Fraction

from calculator import csvinput, options, registry
from calculator.cargos import CargoRow, read_cargos
from calculator.core import get_norm, order, reserve
from calculator.errors import InputError
from calculator.fields import check_fields
from calculator.nominations import order_with_nominations, parse_nominations
from calculator.rules import (
    collect_basis,
    count_phrase,
    format_int,
    format_percent,
    reserved_phrase,
    step,
    unique,
    warning,
)


def readings_basis(slug: str) -> dict[str, tuple[tuple[str, ...], str]]:
    """What the norm's text says about counting the reserve per cargo or for the whole concurso: reading
    ("cargo", "concurso") → (basis, what the text says); an empty basis means the corpus has none for that
    reading (registry, [edital])."""
    return registry.load(slug).common.edital_readings


def shortfall_basis_of(slug: str) -> tuple[str, ...]:
    """The provisions that fix a cargo's count (its percentage of its own vacancies and the rounding): the
    basis of a "falta" in the table (none when they come from a law outside the corpus)."""
    return registry.load(slug).common.shortfall_basis


def reading_lead(slug: str) -> str:
    """Which reading leads the headline: "cargo" when the text counts per cargo, "concurso" when only the
    concurso read as one has a basis, "nenhuma" when neither has one (both shown with equal weight)."""
    readings = readings_basis(slug)
    if readings["cargo"][0]:
        return "cargo"
    return "concurso" if readings["concurso"][0] else "nenhuma"


_ADC41 = {
    "kind": "contexto_nacional",
    "text": "Contexto nacional, fora do corpus e não aplicado pela calculadora: o STF, na ADC 41 (Plenário, "
            "julgada em 08/06/2017, sobre a Lei federal nº 12.990/2014), tratou da aplicação da reserva "
            "ao total de vagas do concurso e rejeitou o fracionamento das vagas (por exemplo, por "
            "especialidade) para escapar da reserva.",
    "source": "STF, ADC 41/DF, Plenário, rel. Min. Roberto Barroso, julgada em 08/06/2017 (ementa do "
              "acórdão)",
    "date": "2017-06-08",
}


# --- the computation -----------------------------------------------------------------------------
def _percent_kind(module) -> tuple[str, list[str]]:
    """What the norm's percentage is: "minimo" (the edital may reserve more), "fixo" (set by the text)
    or "informado" (comes from outside the corpus), with the provisions that set it (from PARAMS)."""
    params = module.PARAMS
    if "percentual_minimo" in params:
        return "minimo", list(params["percentual_minimo"].basis)
    param = params.get("percentual")
    if param is not None and param.value is not None:
        basis = list(param.basis)
        for name, p in params.items():  # a second percentage for small concursos ("tiered")
            if name.startswith("percentual_") and p.value is not None:
                basis += list(p.basis)
        return "fixo", unique(basis)
    return "informado", list(param.basis) if param is not None else []


def _status(announced: int | None, reserved: int, kind: str, kind_basis: list[str],
            applies: object, note: str = "", shortfall_basis: tuple[str, ...] = (),
            voluntary_basis: list[str] | None = None) -> tuple[str | None, list[dict]]:
    """A cargo's (or the total's) status.  ``voluntary_basis``: the norm does not govern the edital
    (validity), so any seat it announces is the edital's own reserve, with the provisions that say so."""
    if announced is None:
        return None, []
    if voluntary_basis is not None and announced > 0:
        return "reserva_voluntaria", [warning(
            "edital_reserva_voluntaria", "aviso",
            f"O edital anuncia {reserved_phrase(announced)}, mas a norma não se aplica a este edital: "
            f"{'é reserva' if announced == 1 else 'são reserva'} do próprio edital, não exigida pela norma.",
            voluntary_basis)]
    if announced == reserved:
        return "conforme", []
    if announced < reserved:
        missing = reserved - announced
        return "abaixo", [warning(
            "edital_reserva_abaixo", "aviso",
            f"O edital anuncia {reserved_phrase(announced)}, mas a norma exige {format_int(reserved)}: "
            f"{'falta' if missing == 1 else 'faltam'} {reserved_phrase(missing)}.{note}",
            list(shortfall_basis), no_basis=not shortfall_basis)]
    extra = announced - reserved
    more = count_phrase(extra, "vaga", "vagas")
    lead = f"O edital anuncia {reserved_phrase(announced)}"
    if reserved == 0:
        lead += ", e a norma não exige reserva para este cargo"
    else:
        lead += f", {more} a mais que as {format_int(reserved)} exigidas"
    if kind == "minimo":
        return "acima", [warning(
            "edital_reserva_acima_minimo", "aviso",
            f"{lead}. A norma fixa um limite mínimo, e o edital pode reservar mais: acima do mínimo, o "
            "edital cumpre a norma.", kind_basis)]
    if kind == "fixo":
        return "acima", [warning(
            "edital_reserva_acima_fixo", "interpretacao",
            f"{lead}. A norma fixa o percentual (não um mínimo): o texto não prevê reserva maior que a sua, "
            "nem a proíbe expressamente. Reservar mais não reduz a reserva da norma, mas não tem base no "
            "texto.", kind_basis)]
    return "acima", [warning(
        "edital_reserva_acima_informado", "premissa",
        f"{lead} com o percentual informado. O percentual vem de norma fora do corpus: se ela fixa um "
        "mínimo, reservar mais a cumpre; o corpus não permite dizer.", kind_basis)]


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
    if kind == "minimo" and Fraction(aggregated["percent"]) > module.PARAMS["percentual_minimo"].value:
        above_minimum = (f" A conta usa o percentual informado ({aggregated['percent_display']}), acima do "
                         f"mínimo de {format_percent(module.PARAMS['percentual_minimo'].value)} da norma.")
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
            raise InputError(f"Linha {row.line} (cargo “{csvinput._shown(row.name)}”): {err.message}",
                             err.field) from None
        cache[key] = res
        return res

    global_m = parse_nominations(nominations, 0)
    per_cargo = []
    for c in cargos:
        m = c.nominations if c.nominations is not None else global_m
        if m is not None and m < c.vacancies:
            raise InputError(
                f"Linha {c.line} (cargo “{csvinput._shown(c.name)}”): o cargo tem "
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


#: Warnings of a cargo's reserve that state the per-cargo reading (said again by the fragmentation
#: conflict, which gives both readings with their provisions).
#: The heading of the status column: the per-cargo reading, labelled as interpretation where the text
#: does not count per cargo.
STATUS_LABELS = {"cargo": "Situação", "concurso": "Leitura por cargo (interpretação)",
                 "nenhuma": "Leitura por cargo (interpretação)"}


def module_beyond_basis(slug: str) -> tuple[str, ...]:

    return registry.load(slug).common.beyond_basis


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


def _no_vacancies(module, percent: object, scope: object) -> dict:
    """A cargo with no vacancies offered (cadastro de reserva only): nothing to reserve, no order."""
    text = ("Nenhuma vaga oferecida para este cargo: a reserva é calculada sobre as vagas oferecidas, e "
            "não há vaga a reservar nem ordem de nomeação.")
    basis = list(readings_basis(module.SLUG)["cargo"][0]) or list(readings_basis(module.SLUG)["concurso"][0])
    r = {"reserved": 0, "applies": False, "percent": None, "percent_display": None, "exact": "0",
         "basis": basis, "steps": [step(text, basis, no_basis=not basis)], "warnings": [warning(
             "edital_cargo_sem_vagas", "aviso",
             "Cargo sem vagas oferecidas: sem reserva e sem ordem; se houver nomeações (cadastro de "
             "reserva), o texto não diz como contar a reserva delas (sem base no corpus).", [],
             no_basis=True)]}
    o = {"positions": [], "positions_total": 0, "positions_truncated": False, "reserved": 0, "reading": None,
         "basis": [], "warnings": [], "steps": []}
    return {"r": r, "o": o}


def _fragmentation_warning(slug: str, per_cargo: int, aggregated: int, total: int) -> dict:
    readings = readings_basis(slug)
    cargo_basis, cargo_text = readings["cargo"]
    conc_basis, conc_text = readings["concurso"]
    higher = "do concurso como um todo" if aggregated > per_cargo else "por cargo"
    choice = {
        "cargo": "a calculadora não escolhe por você: a tabela mostra a reserva por cargo, e o total do "
                 "concurso aparece ao lado.",
        "concurso": "o título segue a leitura que o texto sustenta, a do concurso como um todo; a tabela "
                    "mostra a leitura por cargo, como interpretação.",
        "nenhuma": "o corpus não permite escolher: o título mostra as duas, e a tabela mostra a leitura por "
                   "cargo, como interpretação.",
    }[reading_lead(slug)]
    return warning(
        "fracionamento", "conflito",
        "Fracionamento: as duas leituras dão números diferentes. Leitura por cargo (soma das reservas de "
        f"cada cargo): {reserved_phrase(per_cargo)} — {cargo_text}. Leitura do concurso como um todo "
        f"({format_int(total)} vagas): {reserved_phrase(aggregated)} — {conc_text}. A leitura {higher} "
        f"reserva mais; {choice}",
        list(cargo_basis) + list(conc_basis), no_basis=not (cargo_basis or conc_basis))


# --- API and CLI glue ----------------------------------------------------------------------------
API_FIELDS = ("norma", "percentual", "data_edital", "vinculo", "leitura", "nomeacoes", "csv", "csv_base64")


def csv_bytes(req: dict) -> bytes:
    """The table's bytes: ``csv`` (the text, as the page has it) or ``csv_base64`` (the file's bytes)."""
    text, b64 = req.get("csv"), req.get("csv_base64")
    if text is not None and b64 is not None:
        raise InputError("informe a tabela em \"csv\" ou em \"csv_base64\", não nos dois", "csv")
    if b64 is not None:
        import base64
        import binascii

        if not isinstance(b64, str):
            raise InputError("csv_base64 deve ser um texto em base64", "csv")
        try:
            return base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise InputError("csv_base64 não é base64 válido", "csv") from None
    if text is None:
        raise InputError("campo obrigatório ausente: csv (a tabela de cargos)", "csv")
    if not isinstance(text, str):
        raise InputError("csv deve ser o texto da tabela", "csv")
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("Linha 1: o texto da tabela contém caracteres inválidos", "csv") from None


def api_edital(req: dict) -> dict:
    """api.handle runner for "edital"."""
    check_fields(req, API_FIELDS, ("norma",))
    get_norm(req["norma"])
    cargos = read_cargos(csv_bytes(req))
    return edital(req["norma"], cargos, req.get("percentual"), req.get("data_edital"), req.get("vinculo"),
                  req.get("nomeacoes"), req.get("leitura"))


def cli_arguments(p) -> None:
    """Arguments of ``python -m calculator edital``."""
    p.add_argument("arquivo", metavar="ARQUIVO.csv",
                   help="tabela de cargos em CSV: cargo, vagas e, opcionais, reservadas (o que o edital "
                        "anunciou), vagas_pcd e nomeacoes (ou - para a entrada padrão)")
    p.add_argument("--norma", required=True, metavar="NORMA", help=options.norm_help())
    p.add_argument("--percentual", metavar="P", help=f"percentual de reserva ({options.percent_help()})")
    p.add_argument("--data-edital", metavar="AAAA-MM-DD",
                   help="data de publicação do edital (verifica a vigência)")
    p.add_argument("--vinculo", metavar="V", help=options.scope_help())
    p.add_argument("--leitura", metavar="L", help=f"ordem de nomeação: {options.reading_help()}")
    p.add_argument("--nomeacoes", metavar="M",
                   help="total de nomeações previstas em cada cargo, contando as vagas (cadastro de reserva; "
                        "pelo menos as vagas de cada cargo; a coluna nomeacoes dá um número por cargo)")
    p.add_argument("--json", action="store_true", help="imprime um objeto JSON")


def cli_run(a) -> dict:
    """Namespace → result, through api.run (the same path as the browser)."""
    import base64

    from calculator.simulator import _read_file

    get_norm(a.norma)
    data = _read_file(a.arquivo)
    return api_edital({"norma": a.norma, "percentual": a.percentual,
                "data_edital": a.data_edital, "vinculo": a.vinculo, "leitura": a.leitura,
                "nomeacoes": a.nomeacoes, "csv_base64": base64.b64encode(data).decode("ascii")})


# --- text ----------------------------------------------------------------------------------------
STATUS_NAMES = {"conforme": "conforme", "abaixo": "abaixo", "acima": "acima",
                "reserva_voluntaria": "reserva voluntária", None: "—"}
TEXT_POSITIONS = 12


def _positions_text(c: dict) -> str:
    if not c["positions_total"]:
        return "—"
    shown = ", ".join(f"{format_int(p)}ª" for p in c["positions"][:TEXT_POSITIONS])
    if c["positions_total"] > TEXT_POSITIONS:
        shown += f", … ({format_int(c['positions_total'])})"
    return shown


def _required(x: int, where: str) -> str:
    if x == 0:
        return f"a reserva exigida {where} (nenhuma)"
    return f"a 1 exigida {where}" if x == 1 else f"as {format_int(x)} exigidas {where}"


def compare_announced(announced: int, per_cargo: int, aggregated: int) -> str:
    """How the announced seats stand against both readings, in words ("menos que as 4 exigidas somando
    os cargos e que as 6 exigidas no concurso como um todo")."""
    def rel(x: int) -> str:
        if announced < x:
            return "menos que"
        return "exatamente" if announced == x else "mais que"

    where = (("somando os cargos", per_cargo), ("no concurso como um todo", aggregated))
    if per_cargo == aggregated:
        return f"{rel(per_cargo)} {_required(per_cargo, '(somando os cargos ou no concurso como um todo)')}"
    first, second = (_required(x, w) for w, x in where)
    if rel(per_cargo) == rel(aggregated):
        joiner = " e que " if rel(per_cargo) != "exatamente" else " e "
        return f"{rel(per_cargo)} {first}{joiner}{second}"
    return f"{rel(per_cargo)} {first}, e {rel(aggregated)} {second}"


def _against(announced: int, required: int) -> str:
    """ "faltam 3" / "falta 1" / "o número exigido" / "2 a mais" """
    if announced < required:
        missing = required - announced
        return f"{'falta' if missing == 1 else 'faltam'} {format_int(missing)}"
    if announced == required:
        return "o número exigido"
    return f"{format_int(announced - required)} a mais"


def headline(res: dict) -> str:
    """The edital's answer in one paragraph.  It starts from whether the norm applies to the edital, and
    leads with the reading the text supports (:func:`reading_lead`): the other is shown, labelled."""
    from calculator.labels import short_labels
    from calculator.rules import sentence

    t = res["totals"]
    agg = res["aggregated"]
    announced = t["announced"]
    validity = res.get("validity") or {}
    reason = res.get("validity_reason")
    if validity.get("applies") is False:
        article = "O" if res["norm_citation"].startswith("Decreto") else "A"
        text = sentence(f"{article} {res['norm_citation']} não se aplica a este edital: "
                        f"{reason or 'fora da vigência'}")
        if announced:
            text += (" A vaga anunciada é reserva do próprio edital." if announced == 1 else
                     f" As {format_int(announced)} vagas anunciadas são reserva do próprio edital.")
        return text
    lead = res.get("reading_lead", "cargo")
    exact = (f" ({agg['percent_display']} de {format_int(agg['vacancies'])} = {agg['exact_display']})"
             if agg.get("percent_display") else "")
    if lead == "concurso":
        body = (f"Pelo texto ({short_labels(agg['basis_readings'])}), a reserva é de "
                f"{count_phrase(t['reserved_aggregated'], 'vaga', 'vagas')} no concurso{exact}.")
        if announced is not None:
            body += (f" O edital anuncia {format_int(announced)}: "
                     f"{_against(announced, t['reserved_aggregated'])}.")
        body += (" Lida cargo a cargo (interpretação, sem base no corpus), "
                 + (f"seriam {format_int(t['reserved'])}." if t["reserved"] != t["reserved_aggregated"]
                    else "o mesmo número."))
    elif lead == "nenhuma":
        if t["reserved"] == t["reserved_aggregated"]:
            body = (f"Reserva exigida: {reserved_phrase(t['reserved'])}, lendo o concurso como um "
                    f"todo{exact} ou somando os cargos (o corpus não diz qual leitura vale).")
        else:
            body = ("O corpus não diz se a reserva se conta pelo concurso ou cargo a cargo (sem base no "
                    f"corpus para nenhuma das leituras): lendo o concurso como um todo, "
                    f"{reserved_phrase(t['reserved_aggregated'])}{exact}; somando os cargos, "
                    f"{reserved_phrase(t['reserved'])}.")
        if announced is not None:
            body += (f" O edital anuncia {format_int(announced)}: "
                     f"{compare_announced(announced, t['reserved'], t['reserved_aggregated'])}.")
    else:
        body = f"Reserva exigida: {reserved_phrase(t['reserved'])} somando os cargos"
        if t["reserved"] != t["reserved_aggregated"]:
            body += (f"; {format_int(t['reserved_aggregated'])} lendo o concurso como um todo "
                     "(fracionamento: as duas leituras diferem, veja os avisos)")
        else:
            body += " (o mesmo lendo o concurso como um todo)"
        body += "."
    if res.get("applies") is None and validity.get("applies") is None and validity:
        lead_text = reason or "não é possível determinar com o corpus se a reserva se aplica"
        return f"{lead_text[:1].upper()}{lead_text[1:]}; se se aplicar: {body[:1].lower()}{body[1:]}"
    return body


def _concerned(names: list[str] | None) -> str | None:
    """"3 cargos (A, B e C)" for a warning shared by some cargos; None when it concerns them all."""
    if not names:
        return None
    shown = ", ".join(names[:3]) + (f" e mais {format_int(len(names) - 3)}" if len(names) > 3 else "")
    return f"{count_phrase(len(names), 'cargo', 'cargos')} ({shown})"


def render_text(res: dict) -> str:
    from calculator.labels import NORM_CITATION, short_labels
    from calculator.text import KIND_NAMES, _refs

    t = res["totals"]
    lines = [f"Edital — {res['norm_title']}"]
    info = [count_phrase(t["cargos"], "cargo", "cargos"), count_phrase(t["vacancies"], "vaga", "vagas")]
    if res.get("percent_display"):
        info.append(f"percentual {res['percent_display']}")
    if res.get("edital_date"):
        d = res["edital_date"]
        info.append(f"edital de {d[8:10]}/{d[5:7]}/{d[0:4]}")
    lines.append(" · ".join(info))
    lines.append(res["headline"])
    label = res.get("status_label", "Situação")
    # (where neither reading has a basis, the headline already compares the announced seats with both)
    if (t["announced"] is not None and (res.get("validity") or {}).get("applies") is not False
            and res.get("reading_lead") != "nenhuma"):
        lines.append(f"O edital anuncia {reserved_phrase(t['announced'])}: "
                     f"{compare_announced(t['announced'], t['reserved'], t['reserved_aggregated'])}.")
    if t["status_counts"]["abaixo"]:
        where = "" if label == "Situação" else f", na {label[:1].lower()}{label[1:]}"
        lines.append(f"Cargos abaixo da reserva{where}: {format_int(t['status_counts']['abaixo'])} "
                     f"({'falta' if t['missing'] == 1 else 'faltam'} "
                     f"{count_phrase(t['missing'], 'vaga reservada', 'vagas reservadas')}).")
    lines.append("")
    headers = ["Cargo", "Vagas", "Exigidas", "Anunciadas", label, "Nomeações pela reserva"]
    body = []
    for c in res["cargos"]:
        status = STATUS_NAMES[c["status"]]
        if c["status"] == "abaixo":
            status += f" ({'falta' if c['missing'] == 1 else 'faltam'} {format_int(c['missing'])})"
        elif c["status"] == "acima":
            status += f" (+{format_int(c['excess'])})"
        vac = format_int(c["vacancies"])
        if c["nominations"] != c["vacancies"]:
            vac += f" ({format_int(c['nominations'])} nom.)"
        body.append([c["cargo"], vac, format_int(c["reserved"]),
                     "—" if c["announced"] is None else format_int(c["announced"]), status,
                     _positions_text(c)])
    foot_titles = [["Total (soma por cargo)"], ["Concurso como um todo"]]  # never cut to the names' width
    widths = [min(40, max(len(r[i]) for r in [headers] + body + (foot_titles if i == 0 else [])))
              for i in range(len(headers) - 1)]
    right = {1, 2, 3}

    def fmt(row: list[str]) -> str:
        cells = []
        for i, cell in enumerate(row[:-1]):
            cell = cell if len(cell) <= widths[i] else cell[: widths[i] - 1] + "…"
            cells.append(cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]))
        return "  ".join(cells + [row[-1]]).rstrip()

    lines.append(fmt(headers))
    lines.append("  ".join("-" * w for w in widths) + "  " + "-" * len(headers[-1]))
    lines += [fmt(r) for r in body]
    lines.append("  ".join("-" * w for w in widths) + "  " + "-" * len(headers[-1]))
    lines.append(fmt(["Total (soma por cargo)", format_int(t["vacancies"]), format_int(t["reserved"]),
                      "—" if t["announced"] is None else format_int(t["announced"]), "", ""]))
    lines.append(fmt(["Concurso como um todo", format_int(t["vacancies"]),
                      format_int(t["reserved_aggregated"]), "", "", ""]))
    lines += ["", "Passo a passo (concurso):"]
    for i, s in enumerate(res["steps"], 1):
        lines.append(f"  {i}. {s['text']}{_refs(s['basis'], s)}")
    warned = [(_concerned(w.get("cargos")), w) for w in res["warnings"]]
    warned += [(c["cargo"], w) for c in res["cargos"] for w in c["warnings"]]
    if warned:
        lines += ["", "Avisos:"]
        for cargo, w in warned:
            where = f"{cargo}: " if cargo else ""
            kind = KIND_NAMES.get(w["kind"], "aviso")
            lines.append(f"  - ({kind}) {where}{w['message']}{_refs(w['basis'], w)}")
    for ctx in res.get("context", []):
        lines += ["", f"{ctx['text']} Fonte: {ctx['source']}."]
    by_norm: dict[str, list[str]] = {}
    for ref in collect_basis(res["basis"], *(c["basis"] for c in res["cargos"])):
        by_norm.setdefault(ref.partition(":")[0], []).append(ref)
    lines += ["", "Base legal:"]
    for slug, refs in by_norm.items():
        lines.append(f"  {NORM_CITATION.get(slug, slug)}: {short_labels(refs)}")
    return "\n".join(lines)

