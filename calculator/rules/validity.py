"""Validity, driven by the registry: does a norm govern an exam whose edital was published on a date?

The registry's ``[validity]`` gives the dates (start, a term in years whose last day is computed, an
extension with its model, the earliest date of a regulated law that is not in the corpus) and, in
``[validity.cases]``, the answer for each case: the verdict, the reason, the step and the warnings
(keys of ``[warnings]``).  This module picks the case by the date and fills the placeholders:

{start} {term_end} {extension_start} {extension_end} {last_day} {alternative_end} {gap_from} {gap_to}
{gap} {day_before_start} {enabling_law_from} — dates of the registry, dd/mm/aaaa;
{edital} — the edital's date; {reason} — the case's reason (in its step).

The cases, in the order they are tried:
"before_law"  the edital precedes the regulated law's earliest possible date;
"before"      it precedes the norm's start;
"in_force"    the norm has no term;
"term"        within the original term;
"gap"/"extension"  after the term, before / from the extension's start, up to its last day;
"after_alternative"  after the last day, but within the alternative model's (lapse and new law);
"after"       after the last day.
"""

from __future__ import annotations

from datetime import date, timedelta

from calculator.answer import collect_basis, step, warning
from calculator.norms.model import Case, Registry, add_years
from calculator.norms.wording import parameter_placeholders
from calculator.ptbr import format_date


def _compact_range(first: date, last: date) -> str:
    """04/03/2022 – 17/03/2022 → "04 a 17/03/2022" (same month and year), else both dates in full."""
    if (first.year, first.month) == (last.year, last.month):
        return f"{first.day:02d} a {format_date(last)}"
    return f"{format_date(first)} a {format_date(last)}"


def placeholders(registry: Registry, edital: date | None = None) -> dict[str, str]:
    """The dates a registry message may name, dd/mm/aaaa (and the single-valued parameters, by name)."""
    v = registry.validity
    start = date.fromisoformat(v.start)
    out = {**parameter_placeholders(registry), "start": format_date(start),
           "day_before_start": format_date(start - timedelta(days=1))}
    if v.term_end:
        out["term_end"] = format_date(date.fromisoformat(v.term_end))
    if v.last_day:
        out["last_day"] = format_date(date.fromisoformat(v.last_day))
    if v.extension:
        ext_start = date.fromisoformat(v.extension.start)
        gap_from = date.fromisoformat(v.term_end) + timedelta(days=1)
        gap_to = ext_start - timedelta(days=1)
        out.update(extension_start=format_date(ext_start),
                   extension_end=format_date(date.fromisoformat(v.extension.end)),
                   alternative_end=format_date(alternative_end(registry)),
                   gap_from=format_date(gap_from), gap_to=format_date(gap_to),
                   gap=_compact_range(gap_from, gap_to))
    if v.enabling_law_from:
        out["enabling_law_from"] = format_date(date.fromisoformat(v.enabling_law_from))
    if edital is not None:
        out["edital"] = format_date(edital)
    return out


def alternative_end(registry: Registry) -> date:
    """The last day under the other extension model: the norm lapses and the extending law's years count
    from its own date."""
    ext = registry.validity.extension
    return add_years(date.fromisoformat(ext.start), ext.years)


def case_name(registry: Registry, edital: date) -> str:
    v = registry.validity
    if v.enabling_law_from and edital < date.fromisoformat(v.enabling_law_from):
        return "before_law"
    if edital < date.fromisoformat(v.start):
        return "before"
    if v.term_end is None:
        return "in_force"
    if edital <= date.fromisoformat(v.term_end):
        return "term"
    if v.extension and edital <= date.fromisoformat(v.extension.end):
        return "gap" if edital < date.fromisoformat(v.extension.start) else "extension"
    if (v.extension and "after_alternative" in registry.validity_cases
            and edital <= alternative_end(registry)):
        return "after_alternative"
    return "after"


def validity_on(registry: Registry, edital: date) -> dict:
    """{"applies", "in_force_from", "last_day", "reason", "basis", "warnings", "steps"} (and
    "decree_in_force" for a regulating norm: whether its own procedures were in force)."""
    values = placeholders(registry, edital)
    entry: Case = registry.validity_entry
    case: Case = registry.validity_cases[case_name(registry, edital)]
    reason = case.reason.format(**values) if case.reason else None
    warnings = [registry.warning(key, **values) for key in entry.warnings + case.warnings]
    steps = [step(entry.text.format(**values), entry.basis),
             step(case.text.format(**values, reason=reason or ""), case.basis)]
    out = {"applies": case.applies}
    if registry.validity.enabling_law_from:
        out["decree_in_force"] = edital >= date.fromisoformat(registry.validity.start)
    other = other_model(registry, case_name(registry, edital), values)
    if other is not None:
        out["other_model"] = other
    out.update({"in_force_from": registry.validity.start, "last_day": registry.validity.last_day,
                "reason": reason,
                "basis": collect_basis(steps, warnings), "warnings": warnings, "steps": steps})
    return out


#: The cases where the two extension models disagree, and what the other one (lapse, then the
#: extending law's own years) says; the headline states it beside the adopted model's answer, so the
#: model chosen never quietly removes or grants a reserve.  {count} is filled by the headline composer
#: (calculator/stages/headline.py).
_OTHER_MODEL = {
    "gap": (False, "pelo modelo adotado (prorrogação contínua, interpretação); pelo outro (caducidade "
                   "seguida de nova lei), a lei não se aplicaria a edital de {gap}"),
    "after_alternative": (True, "Pelo outro modelo (nova contagem a partir da lei de prorrogação, de "
                                "{extension_start}), vigora até {alternative_end} e "
                                "{{count}}"),
}


def other_model(registry: Registry, case: str, values: dict[str, str]) -> dict | None:
    """{"applies", "text"} under the other extension model, where it differs from the adopted one."""
    if not registry.validity.extension or case not in _OTHER_MODEL:
        return None
    applies, text = _OTHER_MODEL[case]
    return {"applies": applies, "text": text.format(**values)}


def validity_window(registry: Registry) -> dict:
    """The editais the norm governs: {"from", "to", "presumed", "short", "text", "basis"}."""
    values = placeholders(registry)
    v = registry.validity
    return {"from": v.start, "to": v.last_day, "presumed": v.start_presumed,
            "short": registry.window["short"].format(**values),
            "text": registry.window["text"].format(**values),
            "basis": list(registry.window["basis"])}


def missing_date_premise(window: dict, date_kind: str) -> dict:
    """The premise of an undated answer: the norm governs only the window, and the answer supposes the
    date is inside it (a warning of kind "premissa", shown beside the answer)."""
    if date_kind == "nomeacao":
        text = (f"Data da nomeação não informada: a norma só se aplica a nomeações feitas "
                f"{window['text']}. O cálculo supõe que a nomeação está nesse período; informe a data para "
                "verificar.")
    else:
        text = (f"Data de publicação do edital não informada: a norma só se aplica a edital "
                f"{window['text']}. O cálculo supõe que o edital está nesse período; informe a data para "
                "verificar.")
    # "beside": the premise changes whether the number shown holds, so the page shows it beside it
    return {**warning("vigencia_nao_verificada", "premissa", text, window["basis"]), "beside": True}
