"""A norm's registry, ``laws/<slug>/norma.toml``, read into a :class:`~calculator.norms.model.Registry`.

The schema (calculator/norms/schema.py) is checked first: a misspelt key, a missing required one, a wrong
type or a value outside its list is refused with the key's path before anything is read, so the readers
below take each key's type for granted. What the schema cannot know is checked here, where the knowledge
is: a slug that is its folder's name, ids without a prefix, a parameter or a warning that is declared, a
rules module that exists. Provision ids are written without the norm's prefix ("art2_par3"), so a reader
finds a rule from its article number; this module adds it ("ubatuba:art2_par3").

Why under laws/ and not calculator/: a norm is defined in one folder (text, metadata, annotations,
registry). The calculator stays standard-library only: it reads the files with ``tomllib``, from the
repository in CPython and from calculator.zip in Pyodide, where the build packs ``laws/*/norma.toml``
beside ``calculator/``, so the same relative path holds.

Each registry is parsed and validated at most once per process (:func:`registry_of`), whatever asks for it:
the CLI, ``api.handle``, the public API, the page's worker or the build.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from fractions import Fraction
from pathlib import Path

from calculator.arithmetic import ROUNDINGS
from calculator.errors import RegistryError
from calculator.norms import discovery
from calculator.norms.model import (
    Case,
    CatalogueEntry,
    Extension,
    Parameter,
    Reading,
    Registry,
    Validity,
    add_years,
)
from calculator.norms.names import SLUG_FORM, URN_FORM, label_problem, rules_problem, text_problem
from calculator.norms.validate import problems as schema_problems
from calculator.norms.vocabulary import DATE_TOKENS
from calculator.norms.wording import filled, unknown_placeholders, values_shown
from calculator.ptbr import format_date

#: The page's field for each option that is not a choice among named values (sitebuild/frontend.py).
OPTION_FIELDS = {"vagas_femininas": "count", "equidade_genero": "flag"}
#: What [edital] says when the registry has no entry for a reading: the corpus is silent.
_SILENT = {"cargo": "a norma não diz se a reserva se conta por cargo ou pelo concurso (sem base no corpus)",
           "concurso": "idem (sem base no corpus)"}

_loaded: dict[str, Registry | RegistryError | OSError] = {}


def registry_of(slug: str) -> Registry:
    """The registry of ``slug``, parsed and validated on first use and then kept (a registry that does not
    load raises the same RegistryError each time, without a second read)."""
    if slug not in _loaded:
        path = discovery.path_of(slug)
        try:
            _loaded[slug] = registry_from_data(discovery.parse(path), path)
        except (RegistryError, OSError) as exc:
            _loaded[slug] = exc
    found = _loaded[slug]
    if isinstance(found, Exception):
        raise found
    return found


def loaded() -> tuple[str, ...]:
    """The norms whose registry this process has read (in the order it read them)."""
    return tuple(_loaded)


def forget() -> None:
    """Drop the kept registries (a test that changes the corpus folders, or a file, reads them again)."""
    _loaded.clear()


def read_registry(path: Path) -> Registry:
    """The registry file at ``path`` (its folder's name is the norm's slug), not kept."""
    path = Path(path)
    return registry_from_data(discovery.parse(path), path)


def registry_from_data(data: dict, path: Path) -> Registry:
    """The registry from TOML data already parsed (``path`` names the file in messages, and its folder the
    norm's slug): what laws/check runs on a folder it has read itself."""
    path = Path(path)
    problems = schema_problems(data)
    if problems:
        raise RegistryError(f"{path}: {problems[0].message}")
    for where, text in _texts(data):
        if problem := text_problem(text):
            raise RegistryError(f"{path}: {where} {problem}")
    reader = _Reader(data, path, _slug(data, path))
    validity, tokens = reader.validity()
    parameters = reader.parameters(tokens)
    catalogue = reader.catalogue()
    return Registry(
        slug=reader.slug, citation=reader.label("citation"), title=reader.label("title"),
        place=reader.label("place"), urn=reader.urn(), list_order=data.get("list_order", 1000),
        rules_module=reader.rules_module(), validity=validity,
        **reader.percent(parameters), **reader.scopes(), **reader.readings(),
        order_basis=reader.refs(data.get("order", {}).get("basis", []), "order.basis"),
        simulation_options=reader.simulation_options(),
        validity_entry=reader.case(data["validity"]["entry"], "validity.entry", catalogue),
        validity_cases={name: reader.case(raw, f"validity.cases.{name}", catalogue)
                        for name, raw in data["validity"].get("cases", {}).items()},
        window=reader.window(), warnings=catalogue, parameters=parameters, path=path,
        **reader.answers(catalogue, parameters))


def _texts(value: object, where: str = "") -> Iterator[tuple[str, str]]:
    """Every text of the registry with its key's path ("warnings.x.message", "parameters[2].name")."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, f"{where}[{i}]")


def _slug(data: dict, path: Path) -> str:
    slug = data["slug"]
    if not SLUG_FORM.fullmatch(slug):
        raise RegistryError(f"{path}: slug deve ter só letras minúsculas sem acento, números e _: "
                            f"{slug[:60]!r}")
    if slug != path.parent.name:
        raise RegistryError(f"{path}: slug {slug!r} difere da pasta {path.parent.name!r}")
    return slug


class _Reader:
    """One registry's tables read into the model's fields, each by a method named after the table."""

    def __init__(self, data: dict, path: Path, slug: str):
        self.data, self.path, self.slug = data, path, slug
        self.shown: dict[str, str] = {}  # what prose may name: the parameters' values and the dates

    def fill(self, text: str, where: str) -> str:
        """A prose field with its {placeholders} filled; one that names nothing known is refused."""
        unknown = unknown_placeholders(text, self.shown)
        if unknown:
            raise self.fail(f"{where}: marcador desconhecido {{{unknown[0]}}} (conhecidos: "
                            f"{', '.join(sorted(self.shown))})")
        return filled(text, self.shown)

    def fail(self, message: str) -> RegistryError:
        return RegistryError(f"{self.path}: {message}")

    def refs(self, ids: list, where: str) -> tuple[str, ...]:
        if not all(i and ":" not in i for i in ids):
            raise self.fail(f"{where} deve ser uma lista de ids sem prefixo (ex.: \"art2_par3\")")
        return tuple(f"{self.slug}:{i}" for i in ids)

    def label(self, key: str) -> str:
        problem = label_problem(self.data[key])
        if problem:
            raise self.fail(f"{key} {problem}")
        return self.data[key]

    def urn(self) -> str:
        urn = self.data["urn"]
        if not URN_FORM.fullmatch(urn):
            raise self.fail(f"urn {urn[:80]!r} não é uma URN LexML de norma municipal "
                            "(urn:lex:br;<estado>;<município>:municipal:<espécie>:<AAAA-MM-DD>;<número>)")
        return urn

    def rules_module(self) -> str | None:
        if "rules" not in self.data:
            return None
        problem = rules_problem(self.data["rules"], self.slug)
        if problem:
            raise self.fail(problem)
        return f"calculator.rules.{self.slug}"

    def validity(self) -> tuple[Validity, dict[str, str | None]]:
        """[validity], with the term's last day computed, and the dates a parameter may name by token."""
        v = self.data["validity"]
        start = v["start"]
        term_years, term_basis, term_end = self._term(v.get("term_parameter"), start)
        extension = None
        if "extension" in v:
            e = v["extension"]
            if term_end is None:
                raise self.fail("validity.extension sem validity.term_parameter")
            extension = Extension(start=e["start"], years=e["years"], model=e["model"],
                                  basis=self.refs(e["basis"], "validity.extension.basis"),
                                  end=add_years(date.fromisoformat(term_end), e["years"]).isoformat())
        validity = Validity(
            start=start, start_presumed=v["start_presumed"],
            start_basis=self.refs(v["start_basis"], "validity.start_basis"),
            term_years=term_years, term_basis=term_basis, term_end=term_end,
            transition_basis=self.refs(v.get("transition_basis", []), "validity.transition_basis"),
            extension=extension, enabling_law_from=v.get("enabling_law_from"))
        tokens = {"start": start, "term_end": term_end, "extension_start": extension and extension.start,
                  "extension_end": extension and extension.end}
        return validity, tokens

    def _term(self, name: str | None, start: str) -> tuple[int | None, tuple[str, ...], str | None]:
        """(years, basis, last day) of the term the parameter ``name`` sets, or (None, (), None)."""
        if name is None:
            return None, (), None
        entry = next((p for p in self.data["parameters"] if p.get("name") == name), None)
        if entry is None or len(entry.get("values", [])) != 1:
            raise self.fail(f"validity.term_parameter {name!r} não é um parâmetro de um valor")
        years = entry["values"][0].get("value")
        if not isinstance(years, int) or isinstance(years, bool) or years <= 0:
            raise self.fail(f"o parâmetro {name!r} deve ser um número inteiro de anos")
        basis = self.refs(entry["values"][0].get("basis", []), f"parâmetro {name}.basis")
        return years, basis, add_years(date.fromisoformat(start), years).isoformat()

    def parameters(self, tokens: dict[str, str | None]) -> dict[str, tuple[Parameter, ...]]:
        """Each parameter's dated values, read by its unit; its label and notes name other parameters by
        {placeholder} (filled here, once, so that no prose restates a value)."""
        parameters: dict[str, tuple[Parameter, ...]] = {}
        for p in self.data["parameters"]:
            name = p["name"]
            if name in parameters:
                raise self.fail(f"parâmetro repetido: {name!r}")
            parameters[name] = tuple(self._value(p, j, raw, tokens) for j, raw in enumerate(p["values"]))
        # the values and the registry's dates a prose field may name: {percentual_minimo}, {term_end}
        shown = {**values_shown(parameters), **{k: format_date(date.fromisoformat(v))
                                                for k, v in tokens.items() if v is not None}}
        self.shown = shown
        return {name: tuple(self._prose(v) for v in values) for name, values in parameters.items()}

    def _prose(self, v: Parameter) -> Parameter:
        where = f"parâmetro {v.name}"
        return replace(v, label=self.fill(v.label, f"{where}.label"), note=self.fill(v.note, f"{where}.note"),
                       value_label=v.value_label and self.fill(v.value_label, f"{where}.label"))

    def _value(self, p: dict, j: int, raw: dict, tokens: dict) -> Parameter:
        name, unit = p["name"], p["unit"]
        where = f"parâmetro {name}, valor {j + 1}: "

        def when(key: str, default: str | None) -> str | None:
            text = raw.get(key, default)
            if text in DATE_TOKENS:
                if tokens[text] is None:
                    raise self.fail(f"{where}{key} = {text!r}, mas a [validity] não tem essa data")
                return tokens[text]
            return text

        value = self._typed(raw.get("value"), unit, where, tokens)
        return Parameter(name, value, self.refs(raw.get("basis", []), where + "basis"),
                         when("start", "start"), when("end", None), raw["note"],
                         raw.get("interpretation", False), unit, p["label"], raw.get("label"))

    def _typed(self, value: object, unit: str, where: str, tokens: dict) -> object:
        """A value read as its unit says (None: no value, a percentage the user gives)."""
        if value is None:
            return None
        if unit == "percentual":
            try:
                if isinstance(value, str):
                    return Fraction(value)
            except (ValueError, ZeroDivisionError):
                pass
            raise self.fail(f"{where}value não é um número exato: {value!r}")
        expected = {"vagas": int, "anos": int, "sim_nao": bool, "lista": list, "data": str,
                    "arredondamento": str, "texto": str}[unit]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise self.fail(f"{where}value {str(value)[:40]!r} não é um valor de unidade {unit!r}")
        if unit == "data":
            return tokens["start"] if value == "start" else value
        return tuple(value) if unit == "lista" else value

    def percent(self, parameters: dict) -> dict:
        pr = self.data["percent"]
        example = pr.get("example")
        if example is not None and pr["rule"] != "given":
            raise self.fail("percent.example (texto, ex.: \"20\") só vale com rule = \"given\"")
        # the keys of [percent] that name a parameter: "parameter" and those ending in "_parameter"
        named = {k: v for k, v in pr.items() if k == "parameter" or k.endswith("_parameter")}
        for key, name in named.items():
            if name not in parameters:
                raise self.fail(f"percent.{key} = {name!r} não é um parâmetro declarado")
        rounding = parameters[pr["rounding_parameter"]]
        if len(rounding) != 1 or rounding[0].value not in ROUNDINGS:
            raise self.fail(f"o parâmetro {pr['rounding_parameter']!r} (percent.rounding_parameter) deve "
                            "valer "
                            f"um de {tuple(ROUNDINGS)}")
        return {"percent_rule": pr["rule"], "percent_parameters": named, "percent_refusal": pr["refusal"],
                "percent_hint": pr.get("hint"), "percent_example": example}

    def scopes(self) -> dict:
        sc = self.data["scopes"]
        names, default, set_scopes = dict(sc["names"]), sc["default"], tuple(sc.get("set_scopes", ()))
        if default not in names or not set(set_scopes) <= set(names):
            raise self.fail("scopes.default e scopes.set_scopes devem estar em scopes.names")
        return {"scopes": names, "default_scope": default, "set_scopes": set_scopes,
                "scope_refusal": sc.get("refusal")}

    def readings(self) -> dict:
        rd = self.data["readings"]
        readings = {name: Reading(name, r["count"], Fraction(r["share"]) if "share" in r else None,
                                  self.fill(r["description"], f"readings.{name}.description"),
                                  self.fill(r.get("label", r["description"]), f"readings.{name}.label"))
                    for name, r in rd.items() if name not in ("default", "refusal")}
        if rd["default"] not in readings:
            raise self.fail(f"readings.default {rd['default']!r} não é uma leitura declarada")
        return {"readings": readings, "default_reading": rd["default"], "reading_refusal": rd.get("refusal")}

    def catalogue(self) -> dict[str, CatalogueEntry]:
        out = {}
        for key, w in self.data.get("warnings", {}).items():
            basis = self.refs(w["basis"], f"warnings.{key}.basis")
            no_basis = w.get("no_basis", False)
            if no_basis and basis:
                raise self.fail(f"warnings.{key}: no_basis = true não cita dispositivo")
            out[key] = CatalogueEntry(w.get("code", key), w["kind"], basis, w["message"], no_basis,
                                      tuple(w.get("values", ())))
        return out

    def case(self, raw: dict, where: str, catalogue: dict) -> Case:
        applies = raw.get("applies", True)
        keys = self.keys(raw.get("warnings", []), where + ".warnings", catalogue)
        return Case(None if applies == "unknown" else applies, raw.get("reason"), raw["text"],
                    self.refs(raw.get("basis", []), where + ".basis"), keys)

    def keys(self, raw: list, where: str, catalogue: dict) -> tuple[str, ...]:
        for key in raw:
            if key not in catalogue:
                raise self.fail(f"{where}: {key!r} não está em [warnings]")
        return tuple(raw)

    def window(self) -> dict:
        win = self.data["validity"]["window"]
        return {"short": win["short"], "text": win["text"],
                "basis": list(self.refs(win.get("basis", []), "validity.window.basis"))}

    def simulation_options(self) -> dict[str, dict]:
        """name → {description, refusal, label, choices}: ``label`` names the page's field (default: the
        description); ``choices``, for an option chosen among values, is a list of [value, label] pairs, the
        simulator's default first with the value "" (the page sends nothing for it)."""
        out = {}
        for name, raw in self.data.get("simulation", {}).get("options", {}).items():
            where = f"simulation.options.{name}."
            choices = raw.get("choices")
            if name in OPTION_FIELDS:
                if choices is not None:
                    raise self.fail(f"{where}choices: a opção {name!r} não se escolhe numa lista")
            elif (choices is None or len(choices) < 2 or choices[0][0] != ""
                  or len({c[0] for c in choices}) != len(choices)):
                raise self.fail(f"{where}choices deve ser uma lista de pares [valor, rótulo], o padrão "
                                "primeiro com o valor \"\"")
            out[name] = {"description": raw["description"], "refusal": raw["refusal"],
                         "label": raw.get("label", raw["description"]),
                         "choices": [tuple(c) for c in choices] if choices else None}
        return out

    def answers(self, catalogue: dict, parameters: dict) -> dict:
        """What the answers cite and warn besides [percent] and [readings]: [reserve], [order],
        norm_warnings and [edital]."""
        data, reserve, order, ed = self.data, self.data.get("reserve", {}), self.data.get("order", {}), \
            self.data.get("edital", {})
        readings = {}
        for name in ("cargo", "concurso"):
            raw = ed.get(name)
            readings[name] = (((), _SILENT[name]) if raw is None else
                              (self.refs(raw.get("basis", []), f"edital.{name}.basis"),
                               self.fill(raw["text"], f"edital.{name}.text")))
        per_cargo = self.keys(ed.get("per_cargo_notes", []), "edital.per_cargo_notes", catalogue)
        return {
            "norm_warnings": self.keys(data.get("norm_warnings", []), "norm_warnings", catalogue),
            "reserve_warnings": self.keys(reserve.get("warnings", []), "reserve.warnings", catalogue),
            "order_warnings": self.keys(order.get("warnings", []), "order.warnings", catalogue),
            "whole_basis": self.refs(reserve.get("whole_basis", []), "reserve.whole_basis"),
            "reserve_basis": self.refs(reserve.get("basis", []), "reserve.basis"),
            "beyond_basis": self.refs(order.get("beyond_basis", []), "order.beyond_basis"),
            "edital_readings": readings, "messages": dict(reserve.get("messages", {})),
            "shortfall_basis": self.refs(ed.get("shortfall_basis", []), "edital.shortfall_basis"),
            "per_cargo_notes": frozenset(catalogue[k].code for k in per_cargo),
            "simulation": dict(data.get("simulation", {}))}
