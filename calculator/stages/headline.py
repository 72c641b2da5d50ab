"""The headline: every tool's one-sentence answer, composed from its stages by one composer.

The applicability stage (calculator/stages/applicability.py) decides the clause, in the same words in every
tool (`reserva`, `ordem`, `simular`, `edital`):

- no date given: the answer, then ", se o edital foi publicado de … a … (datas presumidas)";
- a date inside the window: the answer alone (and, where the two extension models disagree, the model
  adopted and what the other one says);
- a date outside it: the tool's "no" (``refusal``) and the reason — the later stages did not run;
- a date the corpus cannot settle: the reason, then "; se se aplicar: " and the answer.

A later stage that says "no" whatever the date (fewer vacancies than the norm's minimum) gives its own
reason with the same ``refusal``.  ``notes`` are what must stand beside the number: the other reading's
count, a reading that changes it.
"""

from __future__ import annotations

from calculator.labels import short_labels
from calculator.ptbr import (
    alternative_note,
    capitalise,
    count_phrase,
    format_int,
    ordinal_list,
    reserved_phrase,
    sentence,
)
from calculator.stages.applicability import DATE_WORDS, Applicability


def window_clause(app: Applicability) -> str:
    """", se o edital foi publicado de … a … (datas presumidas)" for an undated answer, else ""."""
    if app.dated:
        return ""
    return f", {DATE_WORDS[app.date_kind][1]} {app.window['short']}"


def compose(app: Applicability, answer: str, *, refusal: str, notes: list[str] | tuple = (),
            stage_reason: str | None = None, other_answer: str | None = None) -> str:
    """The headline for ``answer`` (what the tool says when the reserve applies, e.g. "2 vagas reservadas
    de 10") under the applicability ``app``.

    ``refusal`` leads the "no" ("Nenhuma vaga reservada"); ``stage_reason``: a later stage's reason for
    "no" whatever the date; ``other_answer``: the answer under the other extension model, where it is the
    one that applies."""
    tail = "".join(" " + sentence(capitalise(note)) for note in notes)
    if app.applies is False:
        reason = app.reason or "a reserva não se aplica"
        if app.other_model and app.other_model["applies"]:
            # the model adopted says no; the other one says yes: the headline gives both outcomes
            return sentence(f"{refusal}: {reason}") + " " + sentence(
                app.other_model["text"].format(count=other_answer or NO_OTHER_COUNT))
        return sentence(f"{refusal}: {reason}")
    if stage_reason is not None:
        return sentence(f"{refusal}: {stage_reason}")
    if app.applies is None and app.dated:
        return sentence(capitalise(app.reason or "não é possível determinar com o corpus se a reserva se "
                                   "aplica") + f"; se se aplicar: {answer}") + tail
    if app.other_model and app.other_model["applies"] is False:
        answer += ", " + app.other_model["text"]
    return sentence(capitalise(answer) + window_clause(app)) + tail


#: the other extension model's reserve, where it would reserve nothing
NO_OTHER_COUNT = "nenhuma vaga seria reservada"


def other_model_count(rules, app: Applicability, vacancies: int, percent, scope) -> str | None:
    """Where the model adopted says no and the other extension model says yes: the reserve under the
    other one (the only case where the reserve stage runs after applicability said no), in words."""
    if not (app.stops and app.other_model and app.other_model["applies"]):
        return None
    would = rules.reserved_seats(vacancies, percent, scope)["reserved"]
    return f"a reserva seria de {count_phrase(would, 'vaga', 'vagas')}" if would else NO_OTHER_COUNT


def reading_notes(alternative: dict | None, count: str) -> list[str]:
    """Where the reserve's count rests on a reading (``alternative``: a rounding the text does not set, a
    count below the norm's minimum), what a tool that does not lead with the count says beside its answer:
    the count as `reserva` words it (``count``), and the other reading's."""
    if not alternative:
        return []
    return [f"reserva: {count}", alternative_note(alternative)]


def positions_phrase(positions: list[int], total: int, interpreted: list[int] | tuple = ()) -> str:
    """The reserved nominations in words, with those placed by interpretation labelled."""
    text = ordinal_list(positions, total)
    if interpreted:
        text += (f" ({ordinal_list(list(interpreted))} por interpretação: vaga reservada que a leitura não "
                 "posiciona)")
    return text


def norm_article(citation: str) -> str:
    """The article a citation takes: "o" (Decreto nº …) or "a" (Lei nº …)."""
    return "o" if citation.startswith("Decreto") else "a"


def parameters_headline(citation: str, app: Applicability) -> str:
    """`parametros`: the norm's parameters, for the window its values hold for (no edital)."""
    return (f"Parâmetros d{norm_article(citation)} {citation}, que só se aplica a edital "
            f"{app.window['short']}.")


# --- the edital: the answer in one paragraph, and how the announced seats stand against both readings ----
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
    if announced == per_cargo == aggregated == 0:
        return "nenhuma é exigida, somando os cargos ou no concurso como um todo"
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


def announced_note(totals: dict) -> str:
    """The concurso's status under the other reading of its count, where it flips."""
    note = totals.get("status_aggregated_note")
    return f"; no concurso, {note}" if note else ""


#: the cargos whose status flips under the other reading of the count, in the headline and the summary line
_FLIPS = {"status_depends": ("Em 1 cargo, a situação muda", "Em {} cargos, a situação muda",
                             " {} com a outra leitura da contagem (veja a situação de cada cargo e os "
                             "avisos)."),
          "status_below_depends": ("1 deles deixa", "{} deles deixam",
                                   "; com a outra leitura da contagem, {} de estar abaixo")}


def _flips(totals: dict, key: str) -> str:
    k = totals.get(key) or 0
    if not k:
        return ""
    one, many, frame = _FLIPS[key]
    return frame.format(one if k == 1 else many.format(format_int(k)))


def below_depends(totals: dict) -> str:
    """Of the cargos below the reserve, how many the other reading of the count takes out of "abaixo"."""
    return _flips(totals, "status_below_depends")


def _depends(totals: dict) -> str:
    """How many cargos change status under the other reading of their count."""
    return _flips(totals, "status_depends")


def _not_governed(res: dict, app, agg: dict, announced: int | None, reason: str | None) -> str:
    """The edital's answer where the norm does not govern it (by the adopted model, if two disagree)."""
    article = norm_article(res["norm_citation"]).upper()
    what = "a estas nomeações" if res.get("date_kind") == "nomeacao" else "a este edital"
    # the other extension model governs the edital: the verdict is the adopted model's only
    other_governs = bool(app is not None and app.other_model and app.other_model["applies"])
    if other_governs and reason:
        # the verdict is the adopted model's only: its reason leads, never a flat "não se aplica"
        text = sentence(capitalise(reason))
    else:
        text = sentence(f"{article} {res['norm_citation']} não se aplica {what}: "
                        f"{reason or 'fora da vigência'}")
    if other_governs:
        text += " " + sentence(app.other_model["text"].format(count=agg.get("other_model_count")
                                                              or NO_OTHER_COUNT))
    if announced:
        # under the other extension model the norm governs the edital: the seats are then required
        other = " pelo modelo adotado; pelo outro, exigidas pela lei" if other_governs else ""
        text += (f" A vaga anunciada é reserva do próprio edital{other}." if announced == 1 else
                 f" As {format_int(announced)} vagas anunciadas são reserva do próprio edital{other}.")
    return text


def edital_headline(res: dict, app=None) -> str:
    """The edital's answer in one paragraph.  It starts from the applicability stage (``app``, the same
    clause as every tool's), and leads with the reading the text supports (calculator/edital/readings.py,
    ``reading_lead``): the other is shown, labelled.  A set of posts (cargos em comissão) is judged
    by the set's count only."""
    t = res["totals"]
    agg = res["aggregated"]
    announced = t["announced"]
    validity = res.get("validity") or {}
    reason = res.get("validity_reason")
    if validity.get("applies") is False:
        return _not_governed(res, app, agg, announced, reason)
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
                     f"{_against(announced, t['reserved_aggregated'])}{announced_note(t)}.")
    elif lead == "concurso":
        pelo = "Pelos dispositivos" if app is not None and app.other_model else "Pelo texto"
        body = (f"{pelo} ({short_labels(agg['basis_readings'])}), a reserva é de "
                f"{count_phrase(t['reserved_aggregated'], 'vaga', 'vagas')} no concurso{exact}.")
        if announced is not None:
            body += (f" O edital anuncia {format_int(announced)}: "
                     f"{_against(announced, t['reserved_aggregated'])}{announced_note(t)}.")
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
                     f"{compare_announced(announced, t['reserved'], t['reserved_aggregated'])}"
                     f"{announced_note(t)}.")
    else:
        body = f"Reserva exigida: {reserved_phrase(t['reserved'])} somando os cargos"
        if t["reserved"] != t["reserved_aggregated"]:
            body += (f"; {format_int(t['reserved_aggregated'])} lendo o concurso como um todo "
                     "(fracionamento: as duas leituras diferem, veja os avisos)")
        else:
            body += " (o mesmo lendo o concurso como um todo)"
        body += "."
    body += _depends(t)
    if res.get("applies") is None and validity.get("applies") is None and validity:
        lead_text = reason or "não é possível determinar com o corpus se a reserva se aplica"
        return f"{lead_text[:1].upper()}{lead_text[1:]}; se se aplicar: {body[:1].lower()}{body[1:]}"
    if app is not None and not app.dated:
        # the same clause as every tool's undated answer, before the body it conditions
        return capitalise(window_clause(app)[2:]) + ", " + body[:1].lower() + body[1:]
    if app is not None and app.other_model and app.other_model["applies"] is False:
        return sentence("A lei se aplica a este edital " + app.other_model["text"]) + " " + body
    return body

