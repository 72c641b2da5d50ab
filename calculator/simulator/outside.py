"""A simulation for an edital the norm does not govern (outside its validity): no seat goes to the racial
reserve, and the rest (PcD and female seats, the call order, replacements) is the edital's own rule, which
the corpus does not hold.  The simulation still runs them as the norm would, as a model, but cites none of
the norm's provisions for them: only the verdict that the norm does not apply keeps its basis (the legal
review's N6)."""

from __future__ import annotations

from calculator.answer import basis_kind, collect_basis, warning
from calculator.stages.reserve import is_not_calculated

#: The parts of a simulation's answer whose entries carry a basis of their own.
_ENTRIES = ("nominations", "excluded", "moved", "reverted_seats", "unfilled_seats")


def _without_basis(item: dict) -> dict:
    if not isinstance(item, dict) or "basis" not in item:
        return item
    out = {**item, "basis": []}
    if "basis_kind" in item:
        out["basis_kind"] = basis_kind([], no_basis=True)
    return out


#: why only the verdict cites the norm: it does not govern the edital; or a regulating decree's own rules
#: (its lists, order and replacements) were not yet in force on the edital's date (Lins, 2023)
NOT_GOVERNED = (
    "simulacao_regras_do_edital",
    "A norma não se aplica a este edital: as vagas para pessoas com deficiência e femininas, a ordem de "
    "chamada e as substituições seguem o próprio edital, que não está no corpus. A simulação as aplica como "
    "a norma as aplicaria, só como modelo, e não cita a norma para elas (sem base no corpus).")
DECREE_NOT_IN_FORCE = (
    "simulacao_decreto_como_modelo",
    "O decreto não estava em vigor na data do edital (art. 11): as listas, a ordem de chamada e as "
    "substituições seguem o modelo do decreto, sem citá-lo (sem base no corpus); a regra que valia é a do "
    "próprio edital e da Lei nº 7.739/2023, que não está no corpus.")


def edital_rules_only(result: dict, app, why: tuple[str, str] = NOT_GOVERNED,
                      warnings_too: bool = True) -> None:
    """Rewrite ``result`` (a simulation whose norm does not govern the edital, or whose regulating decree was
    not yet in force) so that nothing but the applicability stage cites the norm, and say why (``why``: the
    premise's code and text) beside the answer.  ``warnings_too``: the warnings lose the norm's basis as well
    (a norm that does not govern the edital); a decree not yet in force keeps them, since they describe its
    text and the law it regulates."""
    kept_steps = {s["text"] for s in app.steps}
    stop = app.stop_basis()
    steps = []
    for s in result["steps"]:
        own = s["text"] in kept_steps or is_not_calculated(s)
        steps.append(s if own else _without_basis(s))
    kept_warnings = {w["code"] for w in app.premises}
    warnings = [w if w["code"] in kept_warnings or not warnings_too else _without_basis(w)
                for w in result["warnings"]]
    warnings.insert(0, {**warning(why[0], "premissa", why[1], stop), "beside": True})
    result["steps"], result["warnings"] = steps, warnings
    for key in _ENTRIES:
        if isinstance(result.get(key), list):
            result[key] = [_without_basis(x) for x in result[key]]
    result["basis"] = collect_basis(stop, steps, warnings)
