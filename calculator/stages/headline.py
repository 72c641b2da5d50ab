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

from calculator.rules import count_phrase, format_int, sentence
from calculator.stages.applicability import DATE_WORDS, Applicability


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


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
                app.other_model["text"].format(count=other_answer or "nenhuma vaga"))
        return sentence(f"{refusal}: {reason}")
    if stage_reason is not None:
        return sentence(f"{refusal}: {stage_reason}")
    if app.applies is None and app.dated:
        return sentence(capitalise(app.reason or "não é possível determinar com o corpus se a reserva se "
                                   "aplica") + f"; se se aplicar: {answer}") + tail
    if app.other_model and app.other_model["applies"] is False:
        answer += ", " + app.other_model["text"]
    return sentence(capitalise(answer) + window_clause(app)) + tail


def other_model_count(module, app: Applicability, vacancies: int, percent, scope) -> str | None:
    """Where the model adopted says no and the other extension model says yes: the reserve under the
    other one (the only case where the reserve stage runs after applicability said no), in words."""
    if not (app.stops and app.other_model and app.other_model["applies"]):
        return None
    would = module.reserved_seats(vacancies, percent, scope)["reserved"]
    return count_phrase(would, "vaga", "vagas") if would else "nenhuma vaga"


def ordinal_list(positions: list[int], total: int | None = None, limit: int = 60) -> str:
    """[3, 8, 13] → "3ª, 8ª e 13ª"; beyond ``limit`` shown, ", … (N no total)" (the page writes the same
    phrase from the same numbers: calculadora.js, positionsPhrase)."""
    total = len(positions) if total is None else total
    shown = [f"{format_int(p)}ª" for p in positions[:limit]]
    if not shown:
        return "nenhuma"
    if total > len(shown):
        return ", ".join(shown) + f", … ({format_int(total)} no total)"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " e " + shown[-1]


def positions_phrase(positions: list[int], total: int, interpreted: list[int] | tuple = ()) -> str:
    """The reserved nominations in words, with those placed by interpretation labelled."""
    text = ordinal_list(positions, total)
    if interpreted:
        text += (f" ({ordinal_list(list(interpreted))} por interpretação: vaga reservada que a leitura não "
                 "posiciona)")
    return text
