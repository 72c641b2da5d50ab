"""`python -m laws check PASTA`: is a norm's folder ready to enter the corpus?

A city's IT or legal team writes four files (texto.txt, meta.toml, norma.toml, anotacoes.toml; see
docs/incluir-norma.md) and runs this before anything else.  Every problem is one pt-BR line naming the
file and the line ("laws/exemplo/norma.toml:42: …"); all of them are listed at once, so one run shows
what is left to fix.  What is checked:

- texto.txt: UTF-8, and the parser rebuilds it byte for byte; its SHA-256 is the one meta.toml pins;
  the ids are unique and well formed;
- every provision id cited in norma.toml, anotacoes.toml and meta.toml exists in the text;
- norma.toml: the keys and parameters the calculator needs, each with a dated value whose basis resolves
  (or a labelled interpretation), dates valid and in order; the warning catalogue (the four kinds, known
  {placeholders}); then the registry loader's own checks, and a short run of the calculator on it;
- meta.toml agrees with norma.toml where both state a fact (citation, place, start, term, extension,
  transition).

tomllib gives no line numbers: the line is found by searching the key (or the id) in the file's text.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import string
import tomllib
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from laws.parser import ParseError, label_for, parse

FILES = ("texto.txt", "meta.toml", "norma.toml", "anotacoes.toml")
#: The id forms the parser gives (LexML style).
ID_FORM = re.compile(r"(art\d+(_cpt|_par1u|_par\d+)?(_inc\d+(_ali\d+)?)?(_nota\d+)?"
                     r"|cabecalho\d+|nota\d+|assinatura\d+|registro\d+|epigrafe|ementa|preambulo|fecho|aviso)")
SLUG_FORM = re.compile(r"[a-z][a-z0-9_]*")
#: Keys of norma.toml whose value is a list of provision ids (at any depth).
#: Its basis lists name kinds of decision ([simulation.basis] keys), which name the ids.
KIND_TABLE = "simulation.heteroidentificacao"
BASIS_KEYS = ("basis", "start_basis", "transition_basis", "whole_basis", "beyond_basis", "shortfall_basis")
REQUIRED = ("slug", "citation", "title", "place", "validity", "percent", "scopes", "readings", "parameters")
#: Placeholders every registry message may use besides the parameters' names: the validity dates
#: (calculator/validity.py) and, in validity steps, the case's reason.
DATE_PLACEHOLDERS = ("start", "day_before_start", "term_end", "last_day", "extension_start", "extension_end",
                     "alternative_end", "gap_from", "gap_to", "gap", "enabling_law_from", "edital")
#: What [percent] names as parameters, by rule (the engine reads them).
PERCENT_NEEDS = {"minimum": ("parameter",), "tiered": ("parameter", "reduced_parameter",
                                                        "reduced_up_to_parameter"), "given": ("parameter",)}


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else f"{self.file}: {self.message}"


class Folder:
    """A norm's folder being checked: its files' text and data, and the problems found so far."""

    def __init__(self, path: Path, shown: str):
        self.path, self.shown = path, shown
        self.problems: list[Problem] = []
        self.texts: dict[str, str] = {}
        self.data: dict[str, dict] = {}
        self.ids: set[str] = set()
        self.provisions: dict[str, object] = {}

    def file(self, name: str) -> str:
        return f"{self.shown}/{name}"

    def add(self, name: str, message: str, line: int | None = None) -> None:
        self.problems.append(Problem(self.file(name), line, message))

    def line(self, name: str, *needles: str, after: int | None = None) -> int | None:
        return find_line(self.texts.get(name, ""), *needles, after=after)


# --- finding lines ------------------------------------------------------------------------------------
def find_line(text: str, *needles: str, after: int | None = None) -> int | None:
    """The first line (1-based) at or after ``after`` that has every needle; a needle "key =" matches the
    key at the start of a line, "[table]" a table header. None when no line has them."""
    lines = text.splitlines()
    for i, ln in enumerate(lines[(after or 1) - 1:], start=after or 1):
        if all(_has(ln, n) for n in needles):
            return i
    return None


def _has(line: str, needle: str) -> bool:
    if needle.endswith(" ="):
        return re.match(rf"\s*{re.escape(needle[:-2])}\s*=", line) is not None
    return needle in line


def table_line(text: str, dotted: str) -> int | None:
    """The line of ``[a.b]`` (or ``[[a.b]]``), or of the longest prefix that has a header."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        name = ".".join(parts[:k])
        line = find_line(text, f"[{name}]") or find_line(text, f"[[{name}]]")
        if line:
            return line
    return None


def key_line(text: str, dotted: str) -> int | None:
    """The line of key ``a.b.c``: the key ``c =`` after the header of ``[a.b]`` (or the header itself)."""
    table, _, key = dotted.rpartition(".")
    start = table_line(text, table) if table else 1
    return find_line(text, f"{key} =", after=start) or start


# --- the text ---------------------------------------------------------------------------------------
def check_text(f: Folder) -> None:
    raw = (f.path / "texto.txt").read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        f.add("texto.txt", "o texto não está em UTF-8 (salve o arquivo como UTF-8, sem mudar nenhum "
              "caractere)", line)
        return
    try:
        top = parse(text)
    except ParseError as exc:
        shown = re.search(r"'(.{1,60})'", str(exc))
        line = find_line(text, shown.group(1)[:40]) if shown else None
        f.add("texto.txt", f"o analisador não reconhece a estrutura do texto: {exc}", line)
        return
    rebuilt = "".join(p.text + p.tail for node in top for p in node.walk())
    if rebuilt != text:  # parse() refuses this itself; kept as the stated contract of the check
        f.add("texto.txt", "o texto reconstruído pelo analisador difere do original")
    seen: set[str] = set()
    for node in top:
        for p in node.walk():
            if p.id in seen:
                f.add("texto.txt", f"id repetido: {p.id}", find_line(text, p.text[:40]) if p.text else None)
            seen.add(p.id)
            if not ID_FORM.fullmatch(p.id):
                f.add("texto.txt", f"id fora do padrão LexML: {p.id}")
            else:
                label_for(p.id)
            f.provisions[p.id] = p
    f.ids = seen
    meta = f.data.get("meta.toml", {})
    pinned = (meta.get("text_file") or {}).get("sha256")
    actual = hashlib.sha256(raw).hexdigest()
    if not pinned:
        f.add("meta.toml", f"falta a soma SHA-256 do texto: escreva em [text_file] sha256 = \"{actual}\"",
              f.line("meta.toml", "[text_file]"))
    elif pinned != actual:
        f.add("meta.toml", f"a soma SHA-256 de texto.txt é {actual}, não a fixada em [text_file] "
                           f"({pinned[:16]}…): o texto mudou, ou a soma foi copiada errada",
              f.line("meta.toml", "sha256 ="))


def _resolve(f: Folder, name: str, pid: object, line: int | None) -> None:
    if not isinstance(pid, str) or not pid:
        f.add(name, f"id de dispositivo inválido: {pid!r}", line)
    elif ":" in pid:
        f.add(name, f"escreva o id sem o prefixo da norma: \"{pid.partition(':')[2]}\", não \"{pid}\"", line)
    elif pid not in f.ids:
        close = difflib.get_close_matches(pid, sorted(f.ids), n=1)
        hint = f" (quis dizer \"{close[0]}\"?)" if close else ""
        f.add(name, f"o dispositivo \"{pid}\" não existe em texto.txt{hint}", line)


def _basis_lists(data: object, path: str = ""):
    """(dotted path, ids) for every basis list in a TOML document."""
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else key
            if where.startswith(KIND_TABLE):
                continue  # kinds of decision, not ids: checked by the simulation policy (check_simulation)
            if key in BASIS_KEYS and isinstance(value, list):
                yield where, value
            else:
                yield from _basis_lists(value, where)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _basis_lists(item, f"{path}[{i}]")


def check_bases(f: Folder) -> None:
    """Every id cited in norma.toml, meta.toml and anotacoes.toml exists in the text."""
    text = f.texts.get("norma.toml", "")
    for where, ids in _basis_lists(f.data.get("norma.toml", {})):
        table = re.sub(r"\[\d+\]", "", where).rpartition(".")[0]
        start = table_line(text, table) if table else 1
        for pid in ids:
            _resolve(f, "norma.toml", pid, find_line(text, f'"{pid}"', after=start) or start)
    meta_text = f.texts.get("meta.toml", "")

    def walk(data: object) -> None:
        if isinstance(data, dict):
            for key, value in data.items():
                if key == "provision" and isinstance(value, str):
                    _resolve(f, "meta.toml", value, find_line(meta_text, "provision =", f'"{value}"'))
                elif key == "cited_in" and isinstance(value, list):
                    for pid in value:
                        _resolve(f, "meta.toml", pid, find_line(meta_text, "cited_in =", f'"{pid}"'))
                else:
                    walk(value)
        elif isinstance(data, list):
            for item in data:
                walk(item)

    walk(f.data.get("meta.toml", {}))
    notes_text = f.texts.get("anotacoes.toml", "")
    for pid, entry in f.data.get("anotacoes.toml", {}).items():
        line = find_line(notes_text, f"[{pid}]")
        _resolve(f, "anotacoes.toml", pid, line)
        if not isinstance(entry, dict) or not isinstance(entry.get("texto"), str):
            f.add("anotacoes.toml", f"a anotação [{pid}] precisa de texto = \"\"\"…\"\"\"", line)


# --- meta.toml ----------------------------------------------------------------------------------------
def check_meta(f: Folder) -> None:
    meta, name = f.data.get("meta.toml"), "meta.toml"
    if meta is None:
        return
    for key in ("title", "kind", "number", "date", "municipality", "state", "urn", "epigrafe", "ementa"):
        if not isinstance(meta.get(key), str) or not meta[key]:
            f.add(name, f"falta {key} (texto)", f.line(name, f"{key} ="))
    if isinstance(meta.get("date"), str) and _date(meta["date"]) is None:
        f.add(name, f"date não é uma data AAAA-MM-DD: {meta['date']!r}", f.line(name, "date ="))
    for key, pid in (("epigrafe", "epigrafe"), ("ementa", "ementa"), ("disclaimer", "aviso")):
        p = f.provisions.get(pid)
        if key in meta and p is not None and meta[key] != p.text:
            f.add(name, f"{key} deve ser cópia literal da linha do texto ({pid}): {p.text[:60]!r}…",
                  f.line(name, f"{key} ="))
        elif key in meta and p is None and f.ids:
            f.add(name, f"{key} escrito, mas o texto não tem {pid}", f.line(name, f"{key} ="))


def check_consistency(f: Folder) -> None:
    """meta.toml and norma.toml state some facts twice: they must agree."""
    meta, reg = f.data.get("meta.toml"), f.data.get("norma.toml")
    if not meta or not reg or not isinstance(reg.get("validity"), dict):
        return
    v, rt = reg["validity"], f.texts["norma.toml"]

    def differ(what: str, line: int | None, meta_key: str) -> None:
        f.add("norma.toml", f"{what} difere de meta.toml ({meta_key})", line)

    if "title" in meta and reg.get("citation") != meta["title"]:
        differ(f"citation ({reg.get('citation')!r})", f.line("norma.toml", "citation ="),
               f"title = {meta['title']!r}")
    place = f"{meta.get('municipality')}/{meta.get('state')}"
    if reg.get("place") != place:
        differ(f"place ({reg.get('place')!r})", f.line("norma.toml", "place ="), f"município/UF = {place!r}")
    entry = meta.get("entry_into_force", {})
    start_line = key_line(rt, "validity.start")
    if "date" in entry:
        if v.get("start") != entry["date"] or v.get("start_presumed") is not False:
            differ("validity.start (com start_presumed = false)", start_line, f"entry_into_force.date = "
                   f"{entry['date']!r}")
    elif "date" in meta and (v.get("start") != meta["date"] or v.get("start_presumed") is not True):
        differ("validity.start (sem data de publicação no texto: a data da norma, com start_presumed = true)",
               start_line, f"date = {meta['date']!r}")
    start_basis = v.get("start_basis", [])
    if "provision" in entry and not any(str(b).startswith(entry["provision"]) for b in start_basis):
        differ("validity.start_basis", key_line(rt, "validity.start_basis"),
               f"entry_into_force.provision = {entry['provision']!r}")
    term = meta.get("term")
    years = _term_years(reg)
    if (term is None) != (years is None):
        differ("o prazo (validity.term_parameter)", key_line(rt, "validity.term_parameter") or start_line,
               "[term]" if term else "sem [term]")
    elif term:
        if term.get("years") != years:
            differ(f"o prazo de {years} anos", key_line(rt, "validity.term_parameter"), f"term.years = "
                   f"{term.get('years')}")
        ext, rext = term.get("extension"), v.get("extension")
        if (ext is None) != (rext is None):
            differ("a prorrogação ([validity.extension])", table_line(rt, "validity.extension") or start_line,
                   "term.extension")
        elif ext and (ext.get("years"), ext.get("date")) != (rext.get("years"), rext.get("start")):
            differ("a prorrogação (years, start)", table_line(rt, "validity.extension"),
                   "term.extension years, date")
    if "transition" in meta and [meta["transition"].get("provision")] != list(v.get("transition_basis", [])):
        differ("validity.transition_basis", key_line(rt, "validity.transition_basis") or start_line,
               "transition.provision")


def _term_years(reg: dict) -> int | None:
    name = reg.get("validity", {}).get("term_parameter")
    for p in reg.get("parameters", []):
        if isinstance(p, dict) and p.get("name") == name and p.get("values"):
            return p["values"][0].get("value")
    return None


# --- norma.toml ---------------------------------------------------------------------------------------
def _date(text: object) -> date | None:
    try:
        return date.fromisoformat(str(text))
    except ValueError:
        return None


def _placeholders(message: str) -> set[str] | None:
    try:
        return {field for _, field, _, _ in string.Formatter().parse(message) if field is not None}
    except ValueError:
        return None


def check_registry(f: Folder) -> None:
    reg, name = f.data.get("norma.toml"), "norma.toml"
    if reg is None:
        return
    text = f.texts[name]
    for key in REQUIRED:
        if key not in reg:
            f.add(name, f"falta {key}" + (" (tabela [" + key + "])" if key != "parameters" else
                                          " ([[parameters]])"))
    slug = reg.get("slug")
    if isinstance(slug, str):
        if not SLUG_FORM.fullmatch(slug):
            f.add(name, f"slug deve ter só letras minúsculas sem acento, números e _: {slug!r}",
                  f.line(name, "slug ="))
        elif slug != f.path.name:
            f.add(name, f"slug {slug!r} difere do nome da pasta {f.path.name!r}", f.line(name, "slug ="))
    hooks = reg.get("hooks")
    if hooks is not None:
        import importlib.util

        if not isinstance(hooks, str) or importlib.util.find_spec(hooks) is None:
            f.add(name, f"hooks = {hooks!r}: módulo não encontrado (omita hooks se a norma segue o padrão "
                        "comum)", f.line(name, "hooks ="))
    params = _check_parameters(f, reg)
    pr = reg.get("percent", {}) if isinstance(reg.get("percent"), dict) else {}
    rule = pr.get("rule")
    if rule not in PERCENT_NEEDS:
        f.add(name, f"percent.rule deve ser minimum, tiered ou given, não {rule!r}",
              key_line(text, "percent.rule"))
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
        from calculator.common import ROUNDINGS

        value = params[pr["rounding_parameter"]]
        if value not in ROUNDINGS:
            f.add(name, f"o parâmetro {pr['rounding_parameter']!r} deve valer um de {', '.join(ROUNDINGS)}, "
                        f"não {value!r}", find_line(text, f'"{pr["rounding_parameter"]}"'))
    _check_catalogue(f, reg, params)


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
                    d = _date(raw[key])
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


def _check_catalogue(f: Folder, reg: dict, params: dict[str, object]) -> None:
    from calculator.registry import WARNING_KINDS

    name, text = "norma.toml", f.texts["norma.toml"]
    known = set(DATE_PLACEHOLDERS) | {k for k, v in params.items()
                                      if isinstance(v, int | str) and not isinstance(v, bool)}
    readings = reg.get("readings", {}) if isinstance(reg.get("readings"), dict) else {}
    two_readings = len([k for k in readings if k not in ("default", "refusal")]) > 1
    for key, w in (reg.get("warnings") or {}).items():
        line = find_line(text, f"[warnings.{key}]")
        if not isinstance(w, dict):
            continue
        kind = w.get("kind")
        if kind not in WARNING_KINDS:
            f.add(name, f"warnings.{key}: kind = {kind!r}; use um de {', '.join(WARNING_KINDS)}",
                  find_line(text, "kind =", after=line) or line)
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
    from calculator.common import MESSAGE_VALUES

    messages = (reg.get("reserve") or {}).get("messages", {})
    for key, message in messages.items() if isinstance(messages, dict) else ():
        line = key_line(text, f"reserve.messages.{key}")
        if key not in MESSAGE_VALUES:
            f.add(name, f"reserve.messages.{key}: mensagem desconhecida (use {', '.join(MESSAGE_VALUES)})",
                  line)
            continue
        for field in sorted((_placeholders(str(message)) or set()) - known - set(MESSAGE_VALUES[key])):
            f.add(name, f"reserve.messages.{key}: marcador desconhecido {{{field}}} (use "
                        f"{', '.join(MESSAGE_VALUES[key])} ou nomes de parâmetros)", line)
    v = reg.get("validity") if isinstance(reg.get("validity"), dict) else {}
    texts = [("validity.entry", v.get("entry", {})), ("validity.window", v.get("window", {}))]
    texts += [(f"validity.cases.{c}", raw) for c, raw in (v.get("cases") or {}).items()]
    for where, raw in texts:
        for key in ("text", "reason", "short"):
            fields = _placeholders(raw.get(key, "")) if isinstance(raw, dict) else set()
            for field in sorted((fields or set()) - known - ({"reason"} if key == "text" else set())):
                f.add(name, f"{where}.{key}: marcador desconhecido {{{field}}}",
                      key_line(text, f"{where}.{key}"))


def check_loader(f: Folder) -> None:
    """The registry loader's and the simulation policy's own checks, then a short run of the calculator
    (reserva, ordem, vigência)."""
    from calculator.registry import _norm
    from calculator.registry_checks import RegistryError
    from calculator.standard import StandardRules

    path = f.path / "norma.toml"
    try:
        norm = _norm(f.data["norma.toml"], path)
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
    if norm.hooks:
        return
    rules = StandardRules(norm)
    try:
        pct = Fraction(20) if norm.percent_rule == "given" else None
        for n in (1, 2, 3, 4, 5, 7, 10, 13, 100):
            rules.reserved_seats(n, pct)
            rules.call_positions(n, pct)
        start = date.fromisoformat(norm.validity.start)
        for d in (date(start.year - 1, 1, 1), start, date(start.year + 1, 1, 1), date(start.year + 60, 1, 1)):
            rules.validity(d)
        rules.validity_window()
        rules.norm_warnings()
    except Exception as exc:  # the check reports it in one line; a norm that fails here fails everywhere
        f.add("norma.toml", f"a calculadora falha com este registro: {type(exc).__name__}: {exc}")


# --- the whole folder ---------------------------------------------------------------------------------
def check_folder(path: Path, shown: str | None = None) -> tuple[list[Problem], Folder]:
    f = Folder(path, shown or str(path).rstrip("/"))
    for name in FILES:
        p = path / name
        if not p.is_file():
            if name != "anotacoes.toml":
                f.add(name, "arquivo não encontrado")
            continue
        if name == "texto.txt":
            continue
        try:
            f.texts[name] = p.read_text(encoding="utf-8")
            f.data[name] = tomllib.loads(f.texts[name])
        except UnicodeDecodeError:
            f.add(name, "o arquivo não está em UTF-8")
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
            where = f", coluna {m.group(2)}" if m else ""
            f.add(name, f"TOML inválido (erro de sintaxe{where}): confira aspas, colchetes, vírgulas e "
                        "chaves repetidas", int(m.group(1)) if m else None)
    if (path / "texto.txt").is_file():
        check_text(f)
    if f.ids:
        check_bases(f)
    check_meta(f)
    check_registry(f)
    check_consistency(f)
    if not f.problems and "norma.toml" in f.data:
        check_loader(f)
    return f.problems, f


def summary(f: Folder) -> str:
    reg = f.data.get("norma.toml", {})
    notes = len(f.data.get("anotacoes.toml", {}))
    hooks = reg.get("hooks")
    how = f"regras próprias em {hooks}" if hooks else "padrão comum, sem Python"
    return (f"{f.shown}: norma {reg.get('slug')!r} pronta — texto reconstruído byte a byte "
            f"({len(f.ids)} dispositivos, SHA-256 conferido), {len(reg.get('parameters', []))} parâmetros, "
            f"{len(reg.get('warnings', {}))} avisos, {notes} anotações; {how}.")
