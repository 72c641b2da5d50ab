"""The edital's answer in one paragraph, and how the announced seats stand against both readings."""

from __future__ import annotations

from calculator.rules import (
    count_phrase,
    format_int,
    reserved_phrase,
)


def _required(x: int, where: str) -> str:
    if x == 0:
        return f"a reserva exigida {where} (nenhuma)"
    return f"a 1 exigida {where}" if x == 1 else f"as {format_int(x)} exigidas {where}"


def compare_announced(announced: int, per_cargo: int, aggregated: int) -> str:
    """How the announced seats stand against both readings, in words ("menos que as 4 exigidas somando
    os cargos e que as 6 exigidas no concurso como um todo")."""
    def rel(x: int) -> str:
        if announced < x:
            return "menos que"
        return "exatamente" if announced == x else "mais que"

    where = (("somando os cargos", per_cargo), ("no concurso como um todo", aggregated))
    if per_cargo == aggregated:
        return f"{rel(per_cargo)} {_required(per_cargo, '(somando os cargos ou no concurso como um todo)')}"
    first, second = (_required(x, w) for w, x in where)
    if rel(per_cargo) == rel(aggregated):
        joiner = " e que " if rel(per_cargo) != "exatamente" else " e "
        return f"{rel(per_cargo)} {first}{joiner}{second}"
    return f"{rel(per_cargo)} {first}, e {rel(aggregated)} {second}"


def _against(announced: int, required: int) -> str:
    """ "faltam 3" / "falta 1" / "o número exigido" / "2 a mais" """
    if announced < required:
        missing = required - announced
        return f"{'falta' if missing == 1 else 'faltam'} {format_int(missing)}"
    if announced == required:
        return "o número exigido"
    return f"{format_int(announced - required)} a mais"


def headline(res: dict, app=None) -> str:
    """The edital's answer in one paragraph.  It starts from the applicability stage (``app``, the same
    clause as every tool's: calculator/stages/headline.py), and leads with the reading the text supports
    (:func:`reading_lead`): the other is shown, labelled.  A set of posts (cargos em comissão) is judged
    by the set's count only."""
    from calculator.labels import short_labels
    from calculator.rules import sentence
    from calculator.stages.headline import capitalise, window_clause

    t = res["totals"]
    agg = res["aggregated"]
    announced = t["announced"]
    validity = res.get("validity") or {}
    reason = res.get("validity_reason")
    if validity.get("applies") is False:
        article = "O" if res["norm_citation"].startswith("Decreto") else "A"
        what = "a estas nomeações" if res.get("date_kind") == "nomeacao" else "a este edital"
        text = sentence(f"{article} {res['norm_citation']} não se aplica {what}: "
                        f"{reason or 'fora da vigência'}")
        if app is not None and app.other_model and app.other_model["applies"]:
            text += " " + sentence(app.other_model["text"].format(count=agg.get("other_model_count")
                                                                  or "nenhuma vaga"))
        if announced:
            text += (" A vaga anunciada é reserva do próprio edital." if announced == 1 else
                     f" As {format_int(announced)} vagas anunciadas são reserva do próprio edital.")
        return text
    lead = res.get("reading_lead", "cargo")
    exact = (f" ({agg['percent_display']} de {format_int(agg['vacancies'])} = {agg['exact_display']})"
             if agg.get("percent_display") else "")
    if lead == "conjunto":
        cited = f" ({short_labels(agg['basis_readings'])})" if agg["basis_readings"] else ""
        # the count as `reserva` words it: the readings a set count rests on stand beside it
        count = agg.get("count_text") or reserved_phrase(t["reserved_aggregated"])
        body = (f"Reserva exigida no conjunto{cited}: {count}, contadas sobre o conjunto{exact}, não cargo "
                "a cargo.")
        if announced is not None:
            body += (f" O edital anuncia {format_int(announced)}: "
                     f"{_against(announced, t['reserved_aggregated'])}.")
    elif lead == "concurso":
        pelo = "Pelos dispositivos" if app is not None and app.other_model else "Pelo texto"
        body = (f"{pelo} ({short_labels(agg['basis_readings'])}), a reserva é de "
                f"{count_phrase(t['reserved_aggregated'], 'vaga', 'vagas')} no concurso{exact}.")
        if announced is not None:
            body += (f" O edital anuncia {format_int(announced)}: "
                     f"{_against(announced, t['reserved_aggregated'])}.")
        body += (" Lida cargo a cargo (interpretação, sem base no corpus), "
                 + (f"seriam {format_int(t['reserved'])}." if t["reserved"] != t["reserved_aggregated"]
                    else "o mesmo número."))
    elif lead == "nenhuma":
        if t["reserved"] == t["reserved_aggregated"]:
            body = (f"Reserva exigida: {reserved_phrase(t['reserved'])}, lendo o concurso como um "
                    f"todo{exact} ou somando os cargos (o corpus não diz qual leitura vale).")
        else:
            body = ("O corpus não diz se a reserva se conta pelo concurso ou cargo a cargo (sem base no "
                    f"corpus para nenhuma das leituras): lendo o concurso como um todo, "
                    f"{reserved_phrase(t['reserved_aggregated'])}{exact}; somando os cargos, "
                    f"{reserved_phrase(t['reserved'])}.")
        if announced is not None:
            body += (f" O edital anuncia {format_int(announced)}: "
                     f"{compare_announced(announced, t['reserved'], t['reserved_aggregated'])}.")
    else:
        body = f"Reserva exigida: {reserved_phrase(t['reserved'])} somando os cargos"
        if t["reserved"] != t["reserved_aggregated"]:
            body += (f"; {format_int(t['reserved_aggregated'])} lendo o concurso como um todo "
                     "(fracionamento: as duas leituras diferem, veja os avisos)")
        else:
            body += " (o mesmo lendo o concurso como um todo)"
        body += "."
    if res.get("applies") is None and validity.get("applies") is None and validity:
        lead_text = reason or "não é possível determinar com o corpus se a reserva se aplica"
        return f"{lead_text[:1].upper()}{lead_text[1:]}; se se aplicar: {body[:1].lower()}{body[1:]}"
    if app is not None and not app.dated:
        # the same clause as every tool's undated answer, before the body it conditions
        return capitalise(window_clause(app)[2:]) + ", " + body[:1].lower() + body[1:]
    if app is not None and app.other_model and app.other_model["applies"] is False:
        return sentence("A lei se aplica a este edital " + app.other_model["text"]) + " " + body
    return body

