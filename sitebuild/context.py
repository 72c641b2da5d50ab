"""The shared build context: paths, the corpus, the Jinja environment and the citation helpers the
templates use (every reference is checked against the corpus)."""

from __future__ import annotations

import datetime
import html
from fractions import Fraction
from pathlib import Path

import jinja2
from markupsafe import Markup

import calculator
from calculator.cli.render import parameter_value
from calculator.labels import display_label
from calculator.norms import parameter_placeholders, registry_of
from calculator.ptbr import approx_percent
from calculator.rules import call_count, reserved_count
from laws import load_corpus
from sitebuild import norm_names
from sitebuild.dates import br_date, pt_date

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GEN = DOCS / "gerado"
TEMPLATES = DOCS / "templates"
SITE = ROOT / "site"
DIST = ROOT / "dist"
# Build cache (ignored by git, wiped by `npm ci` together with the Pyodide it depends on).
BUILD_CACHE = ROOT / "node_modules" / ".cache" / "cotas-em-concursos"

#: Vacancies covered by the tables and by the sample of answers that finds the emitted basis.
TABLE_MAX = 100


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def indent_block(text: str) -> str:
    """Indent every non-blank line by four spaces (the body of a Markdown admonition); markup stays markup."""
    out = "\n".join(("    " + line) if line.strip() else "" for line in str(text).split("\n"))
    return Markup(out) if isinstance(text, Markup) else out


def escape(text: object, quote: bool = True) -> Markup:
    """``text`` as HTML text (``&``, ``<``, ``>`` and, with ``quote``, quotes as entities); markup the
    project produced (a Markup) stays as it is."""
    if isinstance(text, Markup):
        return text
    return Markup(html.escape(str(text), quote=quote))


#: Characters Markdown (and the site's extensions: attr_list, footnotes, tables) could read as markup, written
#: as numeric character references so that a norm folder's text is shown as typed.
_MARKDOWN_SIGNS = str.maketrans({c: f"&#{ord(c)};" for c in "\\`*_{}[]<>!|~^&"})


def md_text(text: object) -> Markup:
    """A norm folder's text for a Markdown page, shown as typed: every character HTML or Markdown could read
    as markup (``<``, ``&``, ``[``, ``*``, ``_``, ``|``, ``{`` …) written as a character reference, so that
    neither a tag, nor a link, nor emphasis, nor a table cell's end, nor an attribute list can come of it."""
    return Markup(str(text).translate(_MARKDOWN_SIGNS))


def example_percent(slug: str) -> str | None:
    """The percentage passed to the calculator for a norm whose percentage is given by the edital or by a
    law outside the corpus (the registry's ``[percent] example``); None: the norm's own."""
    return registry_of(slug).percent_example


def scopes(slug: str) -> list[str]:
    return list(registry_of(slug).scopes) or [None]


def readings(slug: str) -> list[str]:
    return list(registry_of(slug).readings) or [None]


def all_basis(result: dict) -> set[str]:
    out = set(result.get("basis", []))
    for key in ("warnings", "steps"):
        for item in result.get(key, []):
            out.update(item.get("basis", []))
    return out


def simulator_basis() -> set[str]:
    """Every provision the simulator can cite (its own BASIS table), as "norm:id"."""
    from calculator import simulator

    return {f"{slug}:{pid}" for slug, kinds in simulator.BASIS.items()
            for ids in kinds.values() for pid in ids}


class Context:
    """Everything the stages share. ``out`` is the staging folder of the post-build stages (set by build.py
    once mkdocs is about to run); ``zip_to`` the folder of the zip, or None; ``site_url`` the site's public
    address (``build.py --site-url``, checked, ending in "/"), or None: the pages' addresses stay relative."""

    def __init__(self, today: str | None = None, zip_to: Path | None = None, site_url: str | None = None):
        self.corpus = load_corpus()
        self.today = today or datetime.date.today().isoformat()
        self.gen = GEN
        self.out: Path | None = None
        self.zip_to = zip_to
        self.site_url = site_url
        # sitebuild.scripts.runtime_version, once the scripts are joined
        self.runtime_version: str | None = None
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(TEMPLATES),
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
            # Every value is escaped unless it is markup the project itself produced (Markup: the helpers
            # below, the macros, the pieces sitebuild/ renders): the corpus's data (titles, places,
            # messages, annotations) comes from norm folders, which are untrusted.
            autoescape=True,
        )
        self.env.globals.update(ref=self.ref, refs=self.refs, quote=self.quote, cite=self.cite,
                                calc=calculator, place=norm_names.PLACE, e=escape, pt_date=pt_date,
                                br_date=br_date, rule_label=norm_names.rule_label,
                                rule_short=norm_names.rule_short,
                                param_label=norm_names.param_label, param_value=parameter_value,
                                rule_anchor=norm_names.rule_anchor, example_percent=example_percent,
                                md_text=md_text, fact=fact, share=share, reserve_at=reserve_at,
                                calls=calls)
        self.env.filters["indent_block"] = indent_block
        self._emitted_basis: set[str] | None = None
        self._timeline: list[dict] | None = None

    @property
    def slugs(self) -> list[str]:
        """The norms of this build, as the corpus found them."""
        return [n.slug for n in self.corpus.norms]

    # ---- citations usable from templates (every reference is checked against the corpus)
    def _provision(self, ref: str):
        prov = self.corpus.resolve(ref)
        if prov is None:
            raise ValueError(f"referência inexistente no corpus: {ref}")
        return prov

    def ref(self, ref: str, text: str | None = None, page_prefix: str = "") -> str:
        """Markdown link to a provision: ref('ubatuba:art2_par3') → [art. 2º, § 3º](ubatuba.md#art2_par3).

        A note printed inside a provision belongs to whoever compiled the source: it is named so
        ("nota de compilação da fonte ao art. 5º, caput"), never as a provision of the law."""
        prov = self._provision(ref)
        slug = ref.split(":", 1)[0]
        return Markup(f"[{escape(text or display_label(prov.id))}]({page_prefix}{slug}.md#{prov.id})")

    def refs(self, *items: str) -> str:
        return Markup(", ").join(self.ref(r) for r in items)

    def cite(self, ref: str) -> str:
        slug, _, pid = ref.partition(":")
        prov = self._provision(ref)
        if prov.kind == "nota":
            return f"{self.corpus.norm(slug).citation(pid).split(',')[0]}, {display_label(pid)}"
        return self.corpus.norm(slug).citation(pid)

    def quote(self, ref: str) -> str:
        """A Markdown blockquote with the verbatim text of a provision (and its sub-provisions)."""
        prov = self._provision(ref)
        lines = []
        for p in prov.walk():
            if p.text:
                lines.extend(p.text.split("\n"))
        body = "\n>\n".join("> " + html.escape(line, quote=False) for line in lines if line.strip())
        return Markup(f"{body}\n>\n> — {self.ref(ref, self.cite(ref))}")

    # ---- what the calculator does with a provision
    def implemented(self, norm, pid: str) -> list[str]:
        """Basis references ("norm:id") to this provision or its sub-provisions the calculator can emit."""
        ids = {f"{norm.slug}:{p.id}" for p in norm.get(pid).walk()}
        return sorted(ids & self.emitted_basis())

    def parameters_citing(self, norm, pid: str) -> list[str]:
        """Names of the calculator parameters whose basis cites this provision or a sub-provision."""
        ids = {f"{norm.slug}:{p.id}" for p in norm.get(pid).walk()}
        return [p["name"] for p in calculator.parameters(norm.slug)["parameters"] if ids & set(p["basis"])]

    def emitted_basis(self) -> set[str]:
        """Every basis reference the calculator emits (N = 1..TABLE_MAX, every scope, reading and a few edital
        dates) plus every provision the simulator can cite."""
        if self._emitted_basis is None:
            seen: set[str] = set()
            applied: set[str] = set()
            for res in self._sample_answers():
                seen.update(all_basis(res))
                applied.update(b for s in res.get("steps", []) for b in s.get("basis", []))
            self._emitted_basis = seen | simulator_basis()
            # "aplicado": a step of an answer, a decision of the simulator or a parameter rests on it;
            # the rest of the emitted basis is only cited (warnings, context)
            params = {b for slug in self.slugs for p in calculator.parameters(slug)["parameters"]
                      for b in p["basis"]}
            self._applied_basis = applied | simulator_basis() | params
        return self._emitted_basis

    def applied_basis(self) -> set[str]:
        self.emitted_basis()
        return self._applied_basis

    def _sample_answers(self):
        dates = [None, "2010-01-01", "2013-01-01", "2016-01-01", "2022-03-10", "2023-01-01", "2023-06-01",
                 "2025-01-01", "2040-01-01"]
        for slug in self.slugs:
            pct = example_percent(slug)
            for n in range(1, TABLE_MAX + 1):
                yield calculator.reserve(slug, n, pct)
                yield calculator.order(slug, n, pct)
            for scope in scopes(slug):
                # no call order for a set of posts
                if scope not in calculator.NORMS[slug].registry.set_scopes:
                    for reading in readings(slug):
                        yield calculator.order(slug, 13, pct, reading=reading, scope=scope)
                for d in dates:
                    yield calculator.reserve(slug, 10, pct, edital_date=d, scope=scope)


# --- the calculator's facts and counts for the hand-written analyses (the templates compute no rule) --------
def fact(slug: str, name: str) -> str:
    """A parameter's value as the answers show it ("20%", "3", "10"): the registry's, never retyped."""
    return parameter_placeholders(registry_of(slug))[name]


def share(reserved: int, vacancies: int) -> str:
    """The share of the vacancies reserved, as the answers show it ("≈ 14,3%", "20%")."""
    return approx_percent(Fraction(reserved, vacancies))


def reserve_at(slug: str, name: str, vacancies: int) -> int:
    """The seats the norm's own rounding gives with the percentage of parameter ``name`` (what a percentage
    the norm does not apply to these vacancies would give: Quissamã's 20% with up to 5)."""
    registry = registry_of(slug)
    return reserved_count(registry, registry.value(name), vacancies)


def calls(slug: str, n: int) -> int:
    """How many of the first n nominations the norm's call order gives the reserved list."""
    return call_count(registry_of(slug), n)
