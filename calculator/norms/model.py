"""What a norm's registry (``laws/<slug>/norma.toml``) holds once loaded: the typed model.

:class:`Registry` is the norm's identity, validity, percentage rule, vínculos, readings, warning catalogue,
what its answers cite, and its parameters as dated values, each with the provisions that set it (OpenFisca
style). calculator/norms/load.py builds it from the TOML data, after calculator/norms/schema.py checked it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from calculator.answer import basis_kind, warning
from calculator.errors import RegistryError
from calculator.norms.wording import parameter_placeholders


@dataclass(frozen=True)
class Parameter:
    """A parameter's value, the provisions (``"norm:id"``) that set it, the period it holds in (``start``
    ISO date; ``end`` ISO date or ``None`` when unknown or open) and a pt-BR note."""

    name: str
    value: object
    basis: tuple[str, ...]
    start: str
    end: str | None
    note: str
    interpretation: bool = False  # the value is a labelled interpretation (the text is silent)
    unit: str = "texto"  # what the value is (vocabulary.UNITS): how it is read, shown and named
    label: str = ""  # the parameter's name as the site and the CLI show it
    value_label: str | None = None  # how a value in text is shown (None: the value itself)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "label": self.label,
            "unit": self.unit,
            "value_label": self.value_label,
            "value": _jsonable(self.value),
            "basis": list(self.basis),
            # no provision sets it: the note says "sem base no corpus" (never a nearby provision); a
            # compilation note is not a provision either (answer.BASIS_KINDS)
            "basis_kind": basis_kind(self.basis) if self.basis else "sem_base_no_corpus",
            "start": self.start,
            "end": self.end,
            "note": self.note,
            "interpretation": self.interpretation,
        }


def _jsonable(value: object) -> object:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def parameters_table(params: dict[str, Parameter]) -> list[dict]:
    """JSON-ready list of a norm's parameters, in declaration order."""
    return [p.to_dict() for p in params.values()]


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
    """A warning of the norm's catalogue: its message has {placeholders} (calculator/rules/validity.py)."""

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
class Registry:
    """A norm's registry, loaded (calculator/norms/load.py)."""

    slug: str
    citation: str
    title: str
    place: str
    urn: str  # the LexML URN, as every answer names the norm
    list_order: int  # the place in the site's and the CLI's lists of norms (then by slug)
    rules_module: str | None  # module of calculator/rules/ with this norm's exceptions; None: the default
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
    norm_warnings: tuple[str, ...]  # catalogue keys that hold whatever the input (`parametros`)
    reserve_warnings: tuple[str, ...]  # catalogue keys given with every reserve
    order_warnings: tuple[str, ...]  # catalogue keys given with every call order ({reading}, {other}…)
    whole_basis: tuple[str, ...]  # the provision applied when P% of N is a whole number (no rounding)
    reserve_basis: tuple[str, ...]  # the provisions every reserve answer cites first ([reserve] basis)
    beyond_basis: tuple[str, ...]  # provisions on nominations beyond the vacancies ([order] beyond_basis)
    #: [edital]: what the text says of counting per cargo and for the concurso read as one — reading →
    #: (basis, text); an empty basis means the corpus has none for that reading
    edital_readings: dict[str, tuple[tuple[str, ...], str]]
    shortfall_basis: tuple[str, ...]  # provisions that fix a cargo's count (the basis of a "falta")
    per_cargo_notes: frozenset[str]  # warning codes that only make sense per cargo (dropped for the concurso)
    messages: dict[str, str]  # [reserve.messages]: the norm's wording of the common steps (norms.wording)
    simulation: dict  # [simulation], as written: calculator/simulator/policy.py reads it
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
        refs += [*self.reserve_basis, *self.whole_basis, *self.beyond_basis, *self.shortfall_basis]
        refs += [ref for basis, _ in self.edital_readings.values() for ref in basis]
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
