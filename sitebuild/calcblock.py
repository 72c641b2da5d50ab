"""The "Na calculadora" block under each provision the calculator applies, outside the law text: the
parameters the provision sets (the registry, laws/<slug>/norma.toml: every dated value citing it), the
warnings of the registry's catalogue that cite it, and the rule that applies it (laws/<slug>/anotacoes.toml
names it), with a link to that function's source, shown once in Metodologia."""

from __future__ import annotations

import inspect
from pathlib import Path

from calculator.cli.render import KIND_NAMES, parameter_value
from calculator.labels import display_label
from calculator.norms import registry_of
from calculator.rules import placeholders, reading_values
from sitebuild.context import ROOT, Context
from sitebuild.dates import br_date
from sitebuild.norm_names import rule_anchor

# How a placeholder the calculator fills from the question is shown where there is no question yet.
GENERIC = {"edital": "data do edital", "direction": "direção do arredondamento", "other": "a outra opção",
           "reading": "leitura adotada", "other_reading": "a outra leitura", "gap": "intervalo",
           "percent": "percentual informado", "vacancies": "número de vagas", "scope": "vínculo",
           "reason": "motivo", "minimum": "percentual mínimo", "legal": "percentual da norma"}


class _Generic(dict):
    def __missing__(self, key: str) -> str:
        return f"[{GENERIC.get(key, key.replace('_', ' '))}]"


def resolve_rule(name: str):
    """The function an annotation names ("calculator.rules.calls.call_positions", laws.corpus.find_rule);
    a name that resolves to nothing stops the build (pt-BR)."""
    from laws.corpus import find_rule

    found = find_rule(name)
    if found is None:
        raise SystemExit(f"erro: anotação com regra inexistente na calculadora: {name} "
                         "(laws/<norma>/anotacoes.toml, chave regra)")
    return found


def rule_source(name: str) -> dict:
    """The function's qualified name, its file (relative to the repository), lines and source text."""
    fn = inspect.unwrap(resolve_rule(name))
    lines, first = inspect.getsourcelines(fn)
    path = Path(inspect.getsourcefile(fn)).resolve()
    try:
        shown = path.relative_to(ROOT).as_posix()
    except ValueError:
        shown = path.name
    return {"name": name, "qualname": f"{fn.__module__}.{fn.__qualname__}", "file": shown,
            "first": first, "last": first + len(lines) - 1, "source": "".join(lines),
            "anchor": rule_anchor(name)}


def _period(p) -> str:
    if p.end:
        return f"de {br_date(p.start)} a {br_date(p.end)}"
    return f"desde {br_date(p.start)}, sem prazo final no corpus"


def facts(reg, ref: str) -> dict:
    """What the registry says about one provision ("slug:id"): parameters and catalogue warnings citing it."""
    params = []
    for name, values in reg.parameters.items():
        for p in values:
            if ref in p.basis:
                params.append({"name": name, "label": p.label, "value": parameter_value(p.to_dict()),
                               "period": _period(p),
                               "note": p.note})
    # as the calculator answers without options: the registry's dates and, where the norm has two
    # readings of the call order, its default one; what depends on the question stays generic
    filled = _Generic(placeholders(reg))
    if len(reg.readings) > 1:
        filled.update(reading_values(reg, reg.default_reading))
    examples = _examples(reg)
    warnings = []
    for key, w in reg.warnings.items():
        if ref not in w.basis:
            continue
        # a message whose numbers come from the question is shown as a worked example (its label says
        # which), never with unfilled "[marcadores]"
        example = examples.get(key, {})
        message = w.message.format_map(_Generic({**filled, **example}))
        warnings.append({"code": w.code, "kind": KIND_NAMES.get(w.kind, w.kind).capitalize(),
                         "message": message, "example": example.get("label")})
    return {"params": params, "warnings": warnings}


def _examples(reg) -> dict[str, dict[str, str]]:
    """Catalogue key → the worked example of its message (``example`` of [warnings.<key>] in the norm's
    registry: ``label`` and the values of its placeholders), read as data; only strings are kept."""
    import tomllib

    try:
        with open(reg.path, "rb") as f:
            raw = tomllib.load(f).get("warnings", {})
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    out = {}
    for key, entry in raw.items():
        example = entry.get("example") if isinstance(entry, dict) else None
        if isinstance(example, dict):
            out[key] = {k: v for k, v in example.items() if isinstance(k, str) and isinstance(v, str)}
    return out


def blocks(ctx: Context, norm) -> dict[str, str]:
    """provision id → its block (raw HTML), for every provision with a parameter, a warning or a rule."""
    reg = registry_of(norm.slug)
    template = ctx.env.get_template("_na_calculadora.html.j2")
    out = {}
    for prov in norm.walk():
        found = facts(reg, norm.slug + ":" + prov.id)
        rule = (norm.annotations.get(prov.id) or {}).get("regra")
        if not (found["params"] or found["warnings"] or rule):
            continue
        # a note printed inside a provision is named as the source's compilation note (display_label)
        out[prov.id] = template.render(pid=prov.id, label=display_label(prov.id),
                                       rule=rule_source(rule) if rule else None, **found).strip("\n")
    return out
