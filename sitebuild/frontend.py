"""What the calculator page knows of the norms, written by the build (assets/calculadora/normas.js).

calculadora.js and edital.js hold no legal knowledge: the norms' names, the fields each norm takes (the
percentage and its hint, the vínculos, the readings, the simulation options with their choices) and the
label of every provision id come from here, read from the registry (laws/<slug>/norma.toml, through
calculator/norms/) and the corpus. The page builds its norm selects and per-norm fields from it, so
a norm added to the registry appears on the page with its fields.

A classic script (``self.cotasNormas = {…}``), loaded before calculadora.js: the unzipped site opened from
disk (file://) still builds its forms and answers from the tables, with no Python.

Shape::

    {"norms": [{"slug", "name" (the select's text), "cite" (the norm in a full citation), "page",
                "fields": {name: {"label", "kind", "hint"?, "choices"?}}}],
     "options": [simulation option names, in form order],
     "labels": {slug: {id: short label}}}

``kind`` is "decimal" (the percentage), "select" (``choices``: [value, label] pairs, the default first with
the value "", which the page does not send), "count" (a whole number) or "flag" (a check box). A field a
norm does not take is absent from its ``fields``: the page hides and disables it for that norm. The short
label ("art. 2º, § 3º") is shown where the answer is about that norm; the long one, elsewhere, is the
norm's ``cite``, a comma and the short label ("Ubatuba/SP, Lei nº 3.765/2014, art. 2º, § 3º"): written
once, not for each of the ids (the page's arrival counts its bytes).
"""

from __future__ import annotations

import json
from pathlib import Path

from calculator.labels import display_label
from calculator.norms import OPTION_FIELDS, Registry, registry_of, vocabulary
from calculator.norms.wording import parameter_placeholders

FILENAME = "normas.js"

#: The page's labels of the fields every norm may take (the simulation options name theirs in the registry).
PERCENT_LABEL = "Percentual reservado pelo edital (%)"
SCOPE_LABEL = "Tipo de vínculo"
READING_LABEL = "Leitura da alternância entre as listas"
#: Percentage rules under which the user gives the percentage (of vocabulary.PERCENT_RULES; "tiered" is
#: fixed).
USER_PERCENT_RULES = ("minimum", "given")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _choices(default: str, names: dict[str, str]) -> list[list[str]]:
    """[value, label] pairs, the default first with the value "" (the page sends nothing for it)."""
    first = [["", f"{_sentence(names[default])} (padrão)"]]
    return first + [[value, _sentence(label)] for value, label in names.items() if value != default]


def norm_fields(norm: Registry) -> dict[str, dict]:
    """The fields ``norm`` takes on the page's forms, beyond those every norm takes."""
    fields: dict[str, dict] = {}
    if norm.percent_rule in USER_PERCENT_RULES:
        # the hint names parameters ({percentual_minimo}): their values are written once, in the registry
        hint = (norm.percent_hint or "").format(**parameter_placeholders(norm))
        fields["percentual"] = {"label": PERCENT_LABEL, "kind": "decimal", "hint": hint}
    elif norm.percent_rule not in vocabulary.PERCENT_RULES:
        raise ValueError(f"{norm.path}: percent.rule desconhecida para a página: {norm.percent_rule!r}")
    if len(norm.scopes) > 1:
        fields["vinculo"] = {"label": SCOPE_LABEL, "kind": "select",
                             "choices": _choices(norm.default_scope, norm.scopes)}
    if len(norm.readings) > 1:
        fields["leitura"] = {"label": READING_LABEL, "kind": "select",
                             "choices": _choices(norm.default_reading,
                                                 {name: r.label for name, r in norm.readings.items()})}
    for name, option in norm.simulation_options.items():
        kind = OPTION_FIELDS.get(name, "select")
        field = {"label": option["label"], "kind": kind}
        if option["choices"]:
            field["choices"] = [list(c) for c in option["choices"]]
        fields[name] = field
    return fields


def metadata(norms: list[Registry], provisions: dict[str, list[str]]) -> dict:
    """The page's metadata for ``norms`` (in the order of the selects); ``provisions``: slug → every
    provision id of its text (each gets its label)."""
    out_norms, options, labels = [], [], {}
    for norm in norms:
        cite = f"{norm.place}, {norm.citation}"
        fields = norm_fields(norm)
        out_norms.append({"slug": norm.slug, "name": f"{norm.place} — {norm.citation}", "cite": cite,
                          "page": f"gerado/{norm.slug}.html", "fields": fields})
        options += [name for name in norm.simulation_options if name not in options]
        labels[norm.slug] = {pid: display_label(pid) for pid in provisions.get(norm.slug, ())}
    return {"norms": out_norms, "options": options, "labels": labels}


def script(data: dict) -> str:
    body = json.dumps(data, ensure_ascii=False, sort_keys=False, separators=(",", ":"))
    return ("// Gerado pelo build (sitebuild/frontend.py): as normas, os campos de cada uma e os rótulos dos "
            f"dispositivos, para a calculadora.\nself.cotasNormas = {body};\n")


def write_metadata(site_dir: Path) -> Path:
    """site_dir/assets/calculadora/normas.js, from the registry and the corpus."""
    from laws import NORM_SLUGS, load_corpus

    corpus = load_corpus()
    provisions = {norm.slug: [p.id for p in norm.walk()] for norm in corpus.norms}
    out = Path(site_dir) / "assets" / "calculadora" / FILENAME
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(script(metadata([registry_of(s) for s in NORM_SLUGS], provisions)), encoding="utf-8")
    return out


def write_stage(ctx) -> None:
    """The build stage: normas.js in the staging folder, beside respostas.js."""
    write_metadata(ctx.out)
