"""norma.toml: the keys and parameters the calculator needs, each with a dated value whose basis
resolves (or a labelled interpretation), dates valid and in order; the warning catalogue (the four kinds,
known {placeholders}); its agreement with meta.toml; then the registry loader's own checks, and a short
run of the calculator on it."""

from __future__ import annotations

import re
import string
from datetime import date
from fractions import Fraction

from calculator.norms.names import SLUG_FORM, rules_problem
from calculator.norms.validate import problems as schema_problems
from laws.check.facts import check_literal_values
from laws.check.folder import Folder, find_line, iso_date, key_line, table_line
from laws.registry_facts import restated, split_place, term_years

#: Required keys whose absence the checks below report themselves, at the entry's own line and with what to
#: write (the schema's message would name the first such entry of the file)
_OWN_MISSING = {"parameters[].name", "parameters[].values", "parameters[].values[].note",
                "parameters[].values[].basis", "warnings.*.message", "percent.parameter",
                "percent.rounding_parameter"}
#: Placeholders every registry message may use besides the parameters' names: the validity dates
#: (calculator/rules/validity.py) and, in validity steps, the case's reason.
DATE_PLACEHOLDERS = ("start", "day_before_start", "term_end", "last_day", "extension_start", "extension_end",
                     "alternative_end", "gap_from", "gap_to", "gap", "enabling_law_from", "edital")
#: What [percent] names as parameters, by rule (the engine reads them).
PERCENT_NEEDS = {"minimum": ("parameter",), "fixed": ("parameter",),
                 "tiered": ("parameter", "reduced_parameter", "reduced_up_to_parameter"),
                 "given": ("parameter",)}


# --- meta.toml and norma.toml: each fact once --------------------------------------------------------
def check_written_once(f: Folder) -> None:
    """meta.toml does not restate what norma.toml writes (laws.registry_facts): the site takes it from there.
    What remains to agree: a start presumed on the norm's date, the start's provision, and [term] written in
    meta.toml exactly when the registry has a term."""
    meta, reg = f.data.get("meta.toml"), f.data.get("norma.toml")
    if not isinstance(meta, dict):
        return
    for path, source in restated(meta):
        f.add("meta.toml", f"{'.'.join(path)} vem de norma.toml ({source}): apague-o de meta.toml, que o "
                           "site o toma de lá", f.line("meta.toml", f"{path[-1]} ="))
    if not isinstance(reg, dict) or not isinstance(reg.get("validity"), dict):
        return
    v, rt = reg["validity"], f.texts["norma.toml"]

    def differ(what: str, line: int | None, meta_key: str) -> None:
        f.add("norma.toml", f"{what} difere de meta.toml ({meta_key})", line)

    start_line = key_line(rt, "validity.start")
    entry = meta.get("entry_into_force", {})
    if v.get("start_presumed") is True and "date" in meta and v.get("start") != meta["date"]:
        differ("validity.start (presumida: a data da norma)", start_line, f"date = {meta['date']!r}")
    start_basis = v.get("start_basis", [])
    if isinstance(entry, dict) and isinstance(entry.get("provision"), str) and not any(
            str(b).startswith(entry["provision"]) for b in start_basis):
        differ("validity.start_basis", key_line(rt, "validity.start_basis"),
               f"entry_into_force.provision = {entry['provision']!r}")
    if ("term" in meta) != (term_years(reg) is not None):
        differ("o prazo (validity.term_parameter)", key_line(rt, "validity.term_parameter") or start_line,
               "[term]" if "term" in meta else "sem [term]")
    elif isinstance(meta.get("term"), dict) and ("extension" in meta["term"]) != ("extension" in v):
        differ("a prorrogação ([validity.extension])", table_line(rt, "validity.extension") or start_line,
               "[term.extension]" if "extension" in meta["term"] else "sem [term.extension]")
    if ("transition" in meta) != bool(v.get("transition_basis")):
        differ("validity.transition_basis", key_line(rt, "validity.transition_basis") or start_line,
               "[transition]" if "transition" in meta else "sem [transition]")
    if "place" in reg and split_place(reg["place"]) is None:
        f.add("norma.toml", f"place deve ser \"Município/UF\" (a sigla do estado em duas maiúsculas): "
                            f"{reg['place']!r}", f.line("norma.toml", "place ="))


# --- norma.toml ---------------------------------------------------------------------------------------
def _placeholders(message: object) -> set[str] | None:
    if not isinstance(message, str):
        return None
    try:
        return {field for _, field, _, _ in string.Formatter().parse(message) if field is not None}
    except ValueError:
        return None


def check_registry(f: Folder) -> None:
    reg, name = f.data.get("norma.toml"), "norma.toml"
    if reg is None:
        return
    text = f.texts[name]
    # the schema the loader uses (calculator/norms/schema.py): unknown keys, missing ones, types, values
    for p in schema_problems(reg):
        holder, _, last = p.path.rpartition(".")
        if p.missing:
            if p.pattern in _OWN_MISSING:
                continue
            line = table_line(text, holder) if holder else None
        else:
            line = (key_line(text, p.path) or table_line(text, p.path) or f.line(name, f"{last} =")
                    or f.line(name, f"[{p.path}]"))
        f.add(name, p.message, line)
    slug = reg.get("slug")
    if isinstance(slug, str):
        if not SLUG_FORM.fullmatch(slug):
            f.add(name, f"slug deve ter só letras minúsculas sem acento, números e _: {slug!r}",
                  f.line(name, "slug ="))
        elif slug != f.path.name:
            f.add(name, f"slug {slug!r} difere do nome da pasta {f.path.name!r}", f.line(name, "slug ="))
    if "rules" in reg and isinstance(slug, str):
        problem = rules_problem(reg["rules"], slug)
        if problem:
            f.add(name, problem, f.line(name, "rules ="))
    params = _check_parameters(f, reg)
    pr = reg.get("percent", {}) if isinstance(reg.get("percent"), dict) else {}
    rule = pr.get("rule")
    needs = [(f"percent.{k}", pr.get(k)) for k in PERCENT_NEEDS.get(rule, ())]
    needs += [("percent.rounding_parameter", pr.get("rounding_parameter"))]
    if "minimum_vacancies_parameter" in pr:
        needs.append(("percent.minimum_vacancies_parameter", pr["minimum_vacancies_parameter"]))
    term = reg.get("validity", {}).get("term_parameter") if isinstance(reg.get("validity"), dict) else None
    if term is not None:
        needs.append(("validity.term_parameter", term))
    for where, pname in needs:
        line = key_line(text, where)
        if pname is None:
            f.add(name, f"falta {where} (o nome do parâmetro que a calculadora aplica)",
                  table_line(text, where.rpartition(".")[0]))
        elif pname not in params:
            f.add(name, f"{where} = {pname!r}, mas não há [[parameters]] com name = {pname!r}", line)
        elif params[pname] is None and not (where == "percent.parameter" and rule == "given"):
            f.add(name, f"o parâmetro {pname!r} ({where}) precisa de value", find_line(text, f'"{pname}"'))
    if pr.get("rounding_parameter") in params:
        from calculator.arithmetic import ROUNDINGS

        value = params[pr["rounding_parameter"]]
        if value not in ROUNDINGS:
            f.add(name, f"o parâmetro {pr['rounding_parameter']!r} deve valer um de {', '.join(ROUNDINGS)}, "
                        f"não {value!r}", find_line(text, f'"{pr["rounding_parameter"]}"'))
    _check_catalogue(f, reg, params)
    check_literal_values(f, reg)


def _check_parameters(f: Folder, reg: dict) -> dict[str, object]:
    """name → the value of its (last) dated value; problems for missing notes, bases and bad dates."""
    name, text = "norma.toml", f.texts["norma.toml"]
    out: dict[str, object] = {}
    tokens = {"start", "term_end", "extension_start", "extension_end"}
    for p in reg.get("parameters", []) if isinstance(reg.get("parameters"), list) else []:
        pname = p.get("name") if isinstance(p, dict) else None
        line = find_line(text, "name =", f'"{pname}"') if pname else None
        if not isinstance(pname, str):
            f.add(name, "[[parameters]] sem name", line)
            continue
        if pname in out:
            f.add(name, f"parâmetro repetido: {pname!r}", line)
        values = p.get("values")
        if not isinstance(values, list) or not values:
            f.add(name, f"o parâmetro {pname!r} precisa de pelo menos um [[parameters.values]]", line)
            out[pname] = None
            continue
        previous_end = None
        for j, raw in enumerate(values, 1):
            where = f"parâmetro {pname!r}, valor {j}"
            vline = find_line(text, "[[parameters.values]]", after=line) if line else None
            if not isinstance(raw.get("note"), str) or not raw["note"].strip():
                f.add(name, f"{where}: falta note (o que o valor quer dizer, em português)", vline)
            if "basis" not in raw:
                f.add(name, f"{where}: falta basis (os dispositivos que fixam o valor; [] com "
                            "interpretation = true quando o texto não o fixa)", vline)
            elif raw["basis"] == [] and "value" in raw and raw.get("interpretation") is not True:
                f.add(name, f"{where}: basis vazia — sem dispositivo que o fixe, o valor é interpretação: "
                            "escreva interpretation = true (e diga na note que não há base no corpus)", vline)
            dates = []
            for key in ("start", "end"):
                if key in raw and raw[key] not in tokens:
                    d = iso_date(raw[key])
                    if d is None:
                        f.add(name, f"{where}: {key} não é uma data AAAA-MM-DD nem um de {sorted(tokens)}: "
                                    f"{raw[key]!r}", find_line(text, f"{key} =", after=vline))
                    dates.append(d)
                else:
                    dates.append(None)
            start, end = dates
            if start and end and end < start:
                f.add(name, f"{where}: end ({end.isoformat()}) antes de start ({start.isoformat()})", vline)
            if start and previous_end and start <= previous_end:
                f.add(name, f"{where}: começa antes do fim do valor anterior ({previous_end.isoformat()})",
                      vline)
            previous_end = end
            if vline:
                line = vline + 1
        out[pname] = values[-1].get("value")
    return out


def _validity_tables(reg: dict) -> list[tuple[str, object]]:
    """(where, table) of the registry's validity texts: the entry step, the window and each case."""
    v = reg.get("validity") if isinstance(reg.get("validity"), dict) else {}
    return [("validity.entry", v.get("entry", {})), ("validity.window", v.get("window", {})),
            *((f"validity.cases.{c}", raw) for c, raw in (v.get("cases") or {}).items())]


def _check_catalogue(f: Folder, reg: dict, params: dict[str, object]) -> None:
    name, text = "norma.toml", f.texts["norma.toml"]
    known = set(DATE_PLACEHOLDERS) | {k for k, v in params.items()
                                      if isinstance(v, int | str) and not isinstance(v, bool)}
    readings = reg.get("readings", {}) if isinstance(reg.get("readings"), dict) else {}
    two_readings = len([k for k in readings if k not in ("default", "refusal")]) > 1
    for key, w in (reg.get("warnings") or {}).items():
        line = find_line(text, f"[warnings.{key}]")
        if not isinstance(w, dict):
            continue
        message = w.get("message")
        if not isinstance(message, str):
            f.add(name, f"warnings.{key}: falta message", line)
            continue
        fields = _placeholders(message)
        if fields is None:
            f.add(name, f"warnings.{key}: chaves {{ }} desbalanceadas na mensagem", line)
            continue
        allowed = known | set(w.get("values", ()))
        for field in sorted(fields - allowed):
            f.add(name, f"warnings.{key}: marcador desconhecido {{{field}}} (conhecidos: datas da vigência, "
                        "nomes de parâmetros e os declarados em values)",
                  find_line(text, "message =", "{" + field, after=line) or line)
        if w.get("no_basis") and w.get("basis"):
            f.add(name, f"warnings.{key}: no_basis = true não cita dispositivo (basis deve ser [])", line)
    order_keys = (reg.get("order") or {}).get("warnings", [])
    for key in order_keys:
        fields = _placeholders((reg.get("warnings") or {}).get(key, {}).get("message", "")) or set()
        if fields & {"reading", "other", "other_reading"} and not two_readings:
            f.add(name, f"order.warnings: {key!r} cita a outra leitura, mas a norma tem uma leitura só",
                  key_line(text, "order.warnings"))
    from calculator.norms.wording import MESSAGE_VALUES

    messages = (reg.get("reserve") or {}).get("messages", {})
    for key, message in messages.items() if isinstance(messages, dict) else ():
        line = key_line(text, f"reserve.messages.{key}")
        if key not in MESSAGE_VALUES:  # the schema names it
            continue
        for field in sorted((_placeholders(str(message)) or set()) - known - set(MESSAGE_VALUES[key])):
            f.add(name, f"reserve.messages.{key}: marcador desconhecido {{{field}}} (use "
                        f"{', '.join(MESSAGE_VALUES[key])} ou nomes de parâmetros)", line)
    hint = (reg.get("percent") or {}).get("hint") if isinstance(reg.get("percent"), dict) else None
    if isinstance(hint, str):
        # the page shows it with the single-valued parameters filled in (sitebuild/frontend.py)
        single = {p["name"] for p in reg.get("parameters", [])
                  if isinstance(p, dict) and isinstance(p.get("name"), str)
                  and isinstance(p.get("values"), list) and len(p["values"]) == 1}
        fields = _placeholders(hint)
        if fields is None:
            f.add(name, "percent.hint: chaves { } desbalanceadas", key_line(text, "percent.hint"))
        for field in sorted((fields or set()) - single):
            f.add(name, f"percent.hint: marcador desconhecido {{{field}}} (use o nome de um parâmetro de um "
                        "só valor)", key_line(text, "percent.hint"))
    for where, raw in _validity_tables(reg):
        for key in ("text", "reason", "short"):
            if isinstance(raw, dict) and key in raw and not isinstance(raw[key], str):
                f.add(name, f"{where}.{key} deve ser um texto (entre aspas)",
                      key_line(text, f"{where}.{key}"))
                continue
            fields = _placeholders(raw.get(key, "")) if isinstance(raw, dict) else set()
            for field in sorted((fields or set()) - known - ({"reason"} if key == "text" else set())):
                f.add(name, f"{where}.{key}: marcador desconhecido {{{field}}}",
                      key_line(text, f"{where}.{key}"))


def check_loader(f: Folder) -> None:
    """The registry loader's and the simulation policy's own checks, then a short run of the calculator
    (reserva, ordem, vigência)."""
    from calculator.errors import RegistryError
    from calculator.norms import registry_from_data
    from calculator.rules import DefaultRules, call_positions, validity_on, validity_window

    path = f.path / "norma.toml"
    try:
        norm = registry_from_data(f.data["norma.toml"], path)
    except (RegistryError, KeyError, TypeError, ValueError, AttributeError) as exc:
        message = str(exc).removeprefix(f"{path}: ")
        dotted = re.search(r"[a-z_]+(?:\.[a-z0-9_]+)+", message)
        f.add("norma.toml", message, key_line(f.texts["norma.toml"], dotted.group()) if dotted else None)
        return
    from calculator.simulator.policy import PolicyError, from_data

    try:
        from_data(norm.slug, f.data["norma.toml"].get("simulation", {}), path)
    except PolicyError as exc:
        message = str(exc).removeprefix(f"{path}: ")
        dotted = re.match(r"[a-z_]+(?:\.[a-z0-9_]+)+", message)
        f.add("norma.toml", message, key_line(f.texts["norma.toml"], dotted.group()) if dotted else None)
    if norm.rules_module:
        return
    rules = DefaultRules(norm)
    try:
        pct = Fraction(20) if norm.percent_rule == "given" else None
        for n in (1, 2, 3, 4, 5, 7, 10, 13, 100):
            rules.reserved_seats(n, pct)
            call_positions(norm, rules, n, pct)
        start = date.fromisoformat(norm.validity.start)
        for d in (date(start.year - 1, 1, 1), start, date(start.year + 1, 1, 1), date(start.year + 60, 1, 1)):
            validity_on(norm, d)
        validity_window(norm)
        rules.norm_warnings()
    except Exception as exc:  # the check reports it in one line; a norm that fails here fails everywhere
        f.add("norma.toml", f"a calculadora falha com este registro: {type(exc).__name__}: {exc}")
