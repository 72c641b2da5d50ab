"""The norms' registry: one declarative file per norm, ``laws/<slug>/norma.toml``, beside its text.

Each file holds the norm's identity (citation, title, place), its validity (start, term, extension,
transitional rule), the percentage rule, the vínculos and readings the calculator accepts, and its
parameters as dated values, each with the provisions that set it (OpenFisca style).  Provision ids are
written without the norm's prefix ("art2_par3"), so a reader finds a rule from its article number; this
module adds the prefix ("ubatuba:art2_par3").

Why under laws/ and not calculator/: a norm is defined in one folder (text, metadata, annotations,
registry).  The calculator stays standard-library only: it reads the files with ``tomllib``, from the
repository in CPython and from calculator.zip in Pyodide, where build.py packs ``laws/*/norma.toml``
beside ``calculator/`` so the same relative path holds.

The loader checks the file's shape and raises :class:`RegistryError` naming the file and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache
from pathlib import Path

from calculator import discovery
from calculator.common import Common, _common, parameter_placeholders
from calculator.discovery import path_of
from calculator.params import Parameter
from calculator.registry_checks import (
    RegistryError,
    _hooks,
    _interpretation,
    _iso,
    _label,
    _need,
    _refs,
    _slug,
)
from calculator.registry_schema import DATE_TOKENS
from calculator.registry_schema import problems as schema_problems
from calculator.rules import warning


@dataclass(frozen=True)
class Extension:
    start: str
    years: int
    model: str
    basis: tuple[str, ...]
    end: str  # last day, by the model (continuous: the years added to the original term's last day)


@dataclass(frozen=True)
class Validity:
    start: str
    start_presumed: bool
    start_basis: tuple[str, ...]
    term_years: int | None
    term_basis: tuple[str, ...]
    term_end: str | None  # last day of the original term (Código Civil, art. 132, § 3º), or None
    transition_basis: tuple[str, ...]
    extension: Extension | None
    enabling_law_from: str | None  # the regulated law's earliest possible date (it is not in the corpus)

    @property
    def last_day(self) -> str | None:
        """Last day of validity, extension included (None: no term in the text)."""
        return self.extension.end if self.extension else self.term_end


@dataclass(frozen=True)
class CatalogueEntry:
    """A warning of the norm's catalogue: its message has {placeholders} (calculator/validity.py)."""

    code: str
    kind: str
    basis: tuple[str, ...]
    message: str
    no_basis: bool
    values: tuple[str, ...]  # placeholders the caller fills (besides the registry's dates)


@dataclass(frozen=True)
class Case:
    """One validity answer: the verdict (True, False or None: the corpus cannot tell), the reason, the
    step and the catalogue keys of its warnings."""

    applies: bool | None
    reason: str | None
    text: str
    basis: tuple[str, ...]
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class Reading:
    name: str
    count: str
    share: Fraction | None  # fixed share of nominations (Fraction of 100), or None: the percentage's
    description: str
    label: str = ""  # short name for the page's select (readings.<name>.label, else the description)


@dataclass(frozen=True)
class Norm:
    slug: str
    citation: str
    title: str
    place: str
    hooks: str | None  # module with the rules only this norm has; None: the common pattern alone
    validity: Validity
    percent_rule: str
    percent_parameters: dict[str, str]
    percent_refusal: str  # pt-BR message refusing a percentage ({percent}, {minimum}, {legal}, {vacancies})
    percent_hint: str | None  # pt-BR hint beside the page's percentage field (percent.hint), or None
    scopes: dict[str, str]
    default_scope: str
    set_scopes: tuple[str, ...]
    scope_refusal: str | None  # pt-BR message refusing a vínculo ({scope}); None: the generic one
    readings: dict[str, Reading]
    default_reading: str
    reading_refusal: str | None  # pt-BR message refusing a reading ({reading}); None: the generic one
    order_basis: tuple[str, ...]  # provisions that set the call order (none: the text has no rule)
    simulation_options: dict[str, dict]  # options only this norm's simulation accepts (and the page's field)
    validity_entry: Case  # the first step of every validity answer, and the warnings always given
    validity_cases: dict[str, Case]
    window: dict[str, object]  # {"short", "text", "basis"} with placeholders
    warnings: dict[str, CatalogueEntry]
    parameters: dict[str, tuple[Parameter, ...]]
    path: Path
    common: Common | None = None  # [reserve], [order].warnings, norm_warnings, list_order
    # a percentage the site's tables and examples use when the norm sets none ("given"), labelled as such
    percent_example: str | None = None

    def ref(self, provision: str) -> str:
        """"art2_par3" → "ubatuba:art2_par3"."""
        return f"{self.slug}:{provision}"

    def value(self, name: str) -> object:
        """The value of a single-valued parameter."""
        return self.params()[name].value

    def params(self) -> dict[str, Parameter]:
        """name → Parameter, for parameters with one dated value (all of them today)."""
        out = {}
        for name, values in self.parameters.items():
            if len(values) != 1:
                raise RegistryError(f"{self.path}: parâmetro {name!r} com {len(values)} valores datados; a "
                                    "calculadora ainda só apresenta parâmetros de um valor")
            out[name] = values[0]
        return out

    def warning(self, key: str, **values: str) -> dict:
        """The catalogue entry ``key`` as a warning dict, its {placeholders} filled from ``values``."""
        entry = self.warnings[key]
        missing = set(entry.values) - set(values)
        if missing:
            raise ValueError(f"{self.path}: warnings.{key} precisa de {sorted(missing)}")
        message = entry.message.format(**{**parameter_placeholders(self), **values})
        return warning(entry.code, entry.kind, message, entry.basis, no_basis=entry.no_basis)

    def references(self) -> list[str]:
        """Every provision the registry cites ("slug:id"), in file order, de-duplicated."""
        v = self.validity
        refs = [*v.start_basis, *v.term_basis, *v.transition_basis,
                *(v.extension.basis if v.extension else ())]
        refs += [ref for values in self.parameters.values() for p in values for ref in p.basis]
        refs += [*self.order_basis, *self.window["basis"], *self.validity_entry.basis]
        refs += [ref for case in self.validity_cases.values() for ref in case.basis]
        refs += [ref for entry in self.warnings.values() for ref in entry.basis]
        if self.common is not None:
            c = self.common
            refs += [*c.reserve_basis, *c.whole_basis, *c.beyond_basis, *c.shortfall_basis]
            refs += [ref for basis, _ in c.edital_readings.values() for ref in basis]
        return list(dict.fromkeys(refs))

    def reading_descriptions(self) -> dict[str, str]:
        return {name: r.description for name, r in self.readings.items()}


def add_years(start: date, years: int) -> date:
    """The last day of a term of ``years`` years from ``start``: the day of the same number (Código Civil,
    art. 132, § 3º), or the next day when there is none (29 February → 1 March)."""
    try:
        return start.replace(year=start.year + years)
    except ValueError:
        return date(start.year + years, 3, 1)


@cache
def load(slug: str) -> Norm:
    """The registry of ``slug`` (read once; from the parse discover() made, when it made one)."""
    path = path_of(slug)
    return _norm(discovery.parse(path, reuse=True), path)


def read(path: Path) -> Norm:
    """The registry file at ``path`` (its folder's name is the norm's slug), not cached."""
    path = Path(path)
    return from_data(discovery.parse(path), path)


def from_data(data: dict, path: Path) -> Norm:
    """The registry from TOML data already parsed (``path`` names the file in messages, and its folder the
    norm's slug): what laws/check runs on a folder it has read itself."""
    return _norm(data, Path(path))


discovery.validate = from_data  # a folder whose registry does not load is left out by discovery


#: The page's field for each option that is not a choice among named values (sitebuild/frontend.py).
OPTION_FIELDS = {"vagas_femininas": "count", "equidade_genero": "flag"}


def _simulation_options(data: dict, path: Path) -> dict[str, dict]:
    """name → {description, refusal, label, choices}: ``label`` names the page's field (default: the
    description); ``choices``, for an option chosen among values, is a list of [value, label] pairs, the
    simulator's default first with the value "" (the page sends nothing for it)."""
    out = {}
    for name, raw in data.get("simulation", {}).get("options", {}).items():
        where = f"simulation.options.{name}."
        description = _need(raw, "description", str, where, path)
        choices = raw.get("choices")
        if name in OPTION_FIELDS:
            if choices is not None:
                raise RegistryError(f"{path}: {where}choices: a opção {name!r} não se escolhe numa lista")
        elif (not isinstance(choices, list) or len(choices) < 2
              or not all(isinstance(c, list) and len(c) == 2 and all(isinstance(x, str) for x in c)
                         for c in choices)
              or choices[0][0] != "" or len({c[0] for c in choices}) != len(choices)):
            raise RegistryError(f"{path}: {where}choices deve ser uma lista de pares [valor, rótulo], o "
                                "padrão primeiro com o valor \"\"")
        out[name] = {"description": description, "refusal": _need(raw, "refusal", str, where, path),
                     "label": raw.get("label", description),
                     "choices": [tuple(c) for c in choices] if choices else None}
    return out


def _norm(data: dict, path: Path) -> Norm:
    # the schema first: a misspelt key, a missing one or a wrong type is named before anything is read
    problems = schema_problems(data)
    if problems:
        raise RegistryError(f"{path}: {problems[0].message}")
    slug = _slug(data, path)
    params_raw = _need(data, "parameters", list, "", path)
    v = _need(data, "validity", dict, "", path)
    start = _iso(_need(v, "start", str, "validity.", path), "validity.start", path)
    term_name = v.get("term_parameter")
    term_years = term_end = None
    term_basis: tuple[str, ...] = ()
    if term_name is not None:
        entry = next((p for p in params_raw if p.get("name") == term_name), None)
        if entry is None or len(entry.get("values", [])) != 1:
            raise RegistryError(f"{path}: validity.term_parameter {term_name!r} não é um parâmetro "
                                "de um valor")
        term_years = entry["values"][0].get("value")
        if not isinstance(term_years, int) or isinstance(term_years, bool) or term_years <= 0:
            raise RegistryError(f"{path}: o parâmetro {term_name!r} deve ser um número inteiro de anos")
        term_basis = _refs(slug, entry["values"][0].get("basis", []), f"parâmetro {term_name}.basis", path)
        term_end = add_years(date.fromisoformat(start), term_years).isoformat()
    extension = None
    if "extension" in v:
        e = v["extension"]
        if term_end is None:
            raise RegistryError(f"{path}: validity.extension sem validity.term_parameter")
        model = _need(e, "model", str, "validity.extension.", path)
        years = _need(e, "years", int, "validity.extension.", path)
        extension = Extension(
            start=_iso(_need(e, "start", str, "validity.extension.", path), "validity.extension.start", path),
            years=years, model=model,
            basis=_refs(slug, _need(e, "basis", list, "validity.extension.", path),
                        "validity.extension.basis", path),
            end=add_years(date.fromisoformat(term_end), years).isoformat())
    validity = Validity(
        start=start, start_presumed=_need(v, "start_presumed", bool, "validity.", path),
        start_basis=_refs(slug, _need(v, "start_basis", list, "validity.", path), "validity.start_basis",
                          path),
        term_years=term_years, term_basis=term_basis, term_end=term_end,
        transition_basis=_refs(slug, v.get("transition_basis", []), "validity.transition_basis", path),
        extension=extension,
        enabling_law_from=(_iso(v["enabling_law_from"], "validity.enabling_law_from", path)
                           if "enabling_law_from" in v else None))
    tokens = {"start": start, "term_end": term_end, "extension_start": extension and extension.start,
              "extension_end": extension and extension.end}

    parameters: dict[str, tuple[Parameter, ...]] = {}
    for i, p in enumerate(params_raw):
        name = _need(p, "name", str, f"parameters[{i}].", path)
        if name in parameters:
            raise RegistryError(f"{path}: parâmetro repetido: {name!r}")
        kind = p.get("type")
        values = []
        for j, raw in enumerate(_need(p, "values", list, f"parâmetro {name}.", path)):
            where = f"parâmetro {name}, valor {j + 1}: "

            def when(key: str, default: str | None, raw: dict = raw, where: str = where) -> str | None:
                text = raw.get(key, default)
                if text in DATE_TOKENS:
                    if tokens[text] is None:
                        raise RegistryError(f"{path}: {where}{key} = {text!r}, mas a [validity] não tem "
                                            "essa data")
                    return tokens[text]
                return None if text is None else _iso(text, where + key, path)

            value = raw.get("value")
            if kind == "fraction" and value is not None:
                try:
                    value = Fraction(value)
                except (TypeError, ValueError):
                    raise RegistryError(f"{path}: {where}value não é um número exato: {value!r}") from None
            elif value == "start":
                value = start
            elif isinstance(value, list):
                value = tuple(value)
            values.append(Parameter(name, value, _refs(slug, raw.get("basis", []), where + "basis", path),
                                    when("start", "start"), when("end", None),
                                    _need(raw, "note", str, where, path),
                                    _interpretation(raw, where, path)))
        parameters[name] = tuple(values)

    pr = _need(data, "percent", dict, "", path)
    rule = _need(pr, "rule", str, "percent.", path)
    percent_refusal = _need(pr, "refusal", str, "percent.", path)
    percent_example = pr.get("example")
    if percent_example is not None and (rule != "given" or not isinstance(percent_example, str)):
        raise RegistryError(f"{path}: percent.example (texto, ex.: \"20\") só vale com rule = \"given\"")
    percent_hint = pr.get("hint")
    # the keys of [percent] that name a parameter: "parameter" and those ending in "_parameter"
    percent_parameters = {k: v for k, v in pr.items() if k == "parameter" or k.endswith("_parameter")}
    for key, name in percent_parameters.items():
        if name not in parameters:
            raise RegistryError(f"{path}: percent.{key} = {name!r} não é um parâmetro declarado")

    sc = _need(data, "scopes", dict, "", path)
    scopes = dict(_need(sc, "names", dict, "scopes.", path))
    default_scope = _need(sc, "default", str, "scopes.", path)
    set_scopes = tuple(sc.get("set_scopes", ()))
    if default_scope not in scopes or not set(set_scopes) <= set(scopes):
        raise RegistryError(f"{path}: scopes.default e scopes.set_scopes devem estar em scopes.names")

    rd = _need(data, "readings", dict, "", path)
    default_reading = _need(rd, "default", str, "readings.", path)
    readings = {}
    for name, r in rd.items():
        if name in ("default", "refusal"):
            continue
        count = _need(r, "count", str, f"readings.{name}.", path)
        description = _need(r, "description", str, f"readings.{name}.", path)
        readings[name] = Reading(name, count, Fraction(r["share"]) if "share" in r else None, description,
                                 r.get("label", description))
    if default_reading not in readings:
        raise RegistryError(f"{path}: readings.default {default_reading!r} não é uma leitura declarada")

    order = data.get("order", {})
    catalogue = {}
    for key, w in data.get("warnings", {}).items():
        kind = _need(w, "kind", str, f"warnings.{key}.", path)
        no_basis = w.get("no_basis", False)
        basis = _refs(slug, _need(w, "basis", list, f"warnings.{key}.", path), f"warnings.{key}.basis", path)
        if no_basis and basis:
            raise RegistryError(f"{path}: warnings.{key}: no_basis = true não cita dispositivo")
        catalogue[key] = CatalogueEntry(w.get("code", key), kind, basis,
                                        _need(w, "message", str, f"warnings.{key}.", path), no_basis,
                                        tuple(w.get("values", ())))

    def case(raw: dict, where: str) -> Case:
        applies = raw.get("applies", True)
        keys = tuple(raw.get("warnings", ()))
        for key in keys:
            if key not in catalogue:
                raise RegistryError(f"{path}: {where}.warnings: {key!r} não está em [warnings]")
        return Case(None if applies == "unknown" else applies, raw.get("reason"),
                    _need(raw, "text", str, where + ".", path),
                    _refs(slug, raw.get("basis", []), where + ".basis", path), keys)

    cases = {}
    for name, raw in v.get("cases", {}).items():
        cases[name] = case(raw, f"validity.cases.{name}")
    win = _need(v, "window", dict, "validity.", path)
    window = {"short": _need(win, "short", str, "validity.window.", path),
              "text": _need(win, "text", str, "validity.window.", path),
              "basis": list(_refs(slug, win.get("basis", []), "validity.window.basis", path))}
    return Norm(slug=slug, citation=_label(data, "citation", path),
                title=_label(data, "title", path), place=_label(data, "place", path),
                hooks=_hooks(data, path), validity=validity, percent_rule=rule,
                percent_parameters=percent_parameters, percent_refusal=percent_refusal,
                percent_hint=percent_hint, scopes=scopes,
                default_scope=default_scope, set_scopes=set_scopes, scope_refusal=sc.get("refusal"),
                readings=readings, default_reading=default_reading, reading_refusal=rd.get("refusal"),
                order_basis=_refs(slug, order.get("basis", []), "order.basis", path),
                simulation_options=_simulation_options(data, path),
                validity_entry=case(_need(v, "entry", dict, "validity.", path), "validity.entry"),
                validity_cases=cases, window=window, warnings=catalogue,
                parameters=parameters, path=path, common=_common(data, slug, catalogue, parameters, path),
                percent_example=percent_example)
