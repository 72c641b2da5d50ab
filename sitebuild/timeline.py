"""Validity over time, read off the calculator's own rules.

The timeline is read off the calculator's validity rules: every day of the range is an edital date passed
to calculator.rules.validity_on, and consecutive days with the same answer (applies true, false or null)
form one
period. Nothing is copied by hand, so the picture follows whatever model the rules adopt."""

from __future__ import annotations

import datetime
import re
from functools import partial

from markupsafe import Markup

import calculator
from calculator.ptbr import format_date
from calculator.rules import placeholders, validity_on
from sitebuild.context import Context
from sitebuild.norm_names import PLACE


def validity_status(ctx: Context, norm) -> dict:
    """Validity for an edital published on the build date, computed by the calculator's own rule."""
    res = validity_on(calculator.NORMS[norm.slug].registry, datetime.date.fromisoformat(ctx.today))
    return {"applies": res["applies"], "warnings": res.get("warnings", []), "date": ctx.today,
            "start": res.get("in_force_from"), "last_day": res.get("last_day"), "basis": res.get("basis", [])}


TIMELINE_FROM = datetime.date(2010, 1, 1)
TIMELINE_TO = datetime.date(2035, 12, 31)
TIMELINE_STATUS = {True: "a reserva se aplica", False: "a reserva não se aplica",
                   None: "não é possível determinar com o corpus"}


def validity_periods(rule, first: datetime.date = TIMELINE_FROM, last: datetime.date = TIMELINE_TO) -> list:
    """Maximal runs of edital dates in [first, last] for which ``rule`` gives the same ``applies`` and the
    same reason (its last step, compared without digits, so that a date quoted in it does not split a run;
    the reason is kept only when it is the same word for word on every day of the run).

    A boundary date is marked presumed when the rule says the publication date is presumed (a warning
    ``*_publicacao_presumida``) and the date is, or is next to, the start or last day the rule reports, or an
    anniversary of that start (a term in years ends on the day of the same number, so it inherits the
    presumption)."""
    one = datetime.timedelta(days=1)
    periods, presumed, anniversaries = [], set(), set()
    day = first
    while day <= last:
        res = rule(day)
        if any(w["code"].endswith("_publicacao_presumida") for w in res.get("warnings", [])):
            presumed.update(datetime.date.fromisoformat(d)
                            for d in (res.get("in_force_from"), res.get("last_day")) if d)
            if res.get("in_force_from"):
                start = datetime.date.fromisoformat(res["in_force_from"])
                anniversaries.add((start.month, start.day))
        steps = res.get("steps", [])
        why = steps[-1]["text"] if steps else ""
        key = (res["applies"], re.sub(r"\d", "", why))
        if periods and periods[-1]["key"] == key:
            periods[-1]["end"] = day
            if periods[-1]["why"] != why:
                periods[-1]["why"] = ""
        else:
            periods.append({"key": key, "start": day, "end": day, "applies": res["applies"], "why": why})
        day += one
    def is_presumed(*days: datetime.date) -> bool:
        return any(d in presumed or (d.month, d.day) in anniversaries for d in days)

    for p in periods:
        del p["key"]
        p["open_start"], p["open_end"] = p["start"] == first, p["end"] == last
        p["start_presumed"] = not p["open_start"] and is_presumed(p["start"], p["start"] - one)
        p["end_presumed"] = not p["open_end"] and is_presumed(p["end"], p["end"] + one)
    return periods


def _tl_date(d: datetime.date, presumed: bool) -> str:
    return format_date(d) + (" (presumida)" if presumed else "")


def extension_note(norm) -> str:
    """Where the last day rests on the model adopted for an extension known only from a compilation note
    (Quissamã), the summary says so and gives the other model's last day: "" for a norm without one."""
    if norm.validity.extension is None:
        return ""
    dates = placeholders(norm)
    return (" pela prorrogação contínua (interpretação; pelo outro modelo, caducidade seguida de nova lei, "
            f"sem reserva para editais de {dates['gap']} e até {dates['alternative_end']})")


def validity_summary(periods: list, today: datetime.date, end_note: str = "") -> str:
    """One pt-BR sentence: "Vigorou de … a …", "Em vigor desde …", with the presumed dates marked and,
    after the last day, ``end_note`` (the extension model it rests on, if any)."""
    on = [p for p in periods if p["applies"] is True]
    if not on:
        return ("Pela regra de vigência da calculadora, a reserva não se aplica a edital de nenhuma data "
                "examinada.")
    first, last = on[0], on[-1]
    start = _tl_date(first["start"], first["start_presumed"])
    end = _tl_date(last["end"], last["end_presumed"])
    if first["open_start"] and last["open_end"]:
        text = f"A calculadora aplica a reserva a editais de qualquer data examinada, desde {start}"
    elif first["open_start"]:
        text = f"A calculadora aplica a reserva a editais publicados até {end}"
    elif last["open_end"]:
        text = f"Em vigor desde {start}, sem prazo final no texto"
    else:
        text = f"{'Vigorou' if last['end'] < today else 'Vigora'} de {start} a {end}{end_note}"
    for gap in periods:  # interruptions, and every stretch the corpus cannot decide
        between = first["start"] < gap["start"] and gap["end"] < last["end"]
        if gap["applies"] is None or (gap["applies"] is False and between):
            text += (f"; para editais de {_tl_date(gap['start'], gap['start_presumed'])} a "
                     f"{_tl_date(gap['end'], gap['end_presumed'])}, {TIMELINE_STATUS[gap['applies']]}")
    text += ". Contam as datas de publicação do edital, pela regra de vigência da calculadora."
    if any(p["start_presumed"] or p["end_presumed"] for p in periods):
        text += (" Datas presumidas: o texto não traz a data de publicação, e os prazos contados dela também "
                 "são presumidos.")
    return text


def validity_timeline(ctx: Context) -> list[dict]:
    """Per norm: the calculator's validity periods and their one-sentence summary (cached on ctx)."""
    if ctx._timeline is None:
        today = datetime.date.fromisoformat(ctx.today)
        rows = []
        for norm in ctx.corpus.norms:
            registry = calculator.NORMS[norm.slug].registry
            periods = validity_periods(partial(validity_on, registry))
            rows.append({"slug": norm.slug, "place": PLACE[norm.slug], "title": norm.meta["title"],
                         "periods": periods,
                         "summary": validity_summary(periods, today,
                                                     extension_note(registry))})
        ctx._timeline = rows
    return ctx._timeline


# Geometry of the SVG (viewBox units): narrow enough to stay legible on a phone.
TL_LEFT, TL_WIDTH, TL_ROW, TL_TOP = 16, 448, 60, 30


def timeline_html(ctx: Context, prefix: str = "") -> str:
    """The timeline figure (docs/templates/_linha_do_tempo.html.j2): SVG plus its text equivalent.

    ``prefix`` is the path from the including page to docs/gerado/ (the home page is one level up)."""
    total = (TIMELINE_TO - TIMELINE_FROM).days + 1
    one = datetime.timedelta(days=1)

    def x(d: datetime.date) -> float:
        return round(TL_LEFT + TL_WIDTH * (d - TIMELINE_FROM).days / total, 1)

    rows = []
    for row in validity_timeline(ctx):
        bars, marks = [], set()
        for p in row["periods"]:
            x1, x2 = x(p["start"]), x(p["end"] + one)
            bars.append({**p, "x": x1, "w": max(round(x2 - x1, 1), 2),
                         "start_text": _tl_date(p["start"], p["start_presumed"]),
                         "end_text": _tl_date(p["end"], p["end_presumed"]),
                         "status": TIMELINE_STATUS[p["applies"]]})
            marks.update([x1] if p["start_presumed"] else [])
            marks.update([x2] if p["end_presumed"] else [])
        # drawn green first, so that a short gap (Quissamã, March 2022) is painted over them and stays visible
        drawn = [b for b in bars if b["applies"] is True] + [b for b in bars if b["applies"] is not True]
        rows.append({**row, "bars": bars, "drawn": drawn, "marks": sorted(marks)})
    today = datetime.date.fromisoformat(ctx.today)
    years = [{"x": x(datetime.date(y, 1, 1)), "year": y, "label": (y - TIMELINE_FROM.year) % 4 == 0}
             for y in range(TIMELINE_FROM.year, TIMELINE_TO.year + 1, 2)]
    xt = x(today)
    return Markup(ctx.env.get_template("_linha_do_tempo.html.j2").render(
        rows=rows, years=years, prefix=prefix, left=TL_LEFT, width=TL_WIDTH, row_h=TL_ROW, top=TL_TOP,
        today=format_date(today), xt=xt,
        today_anchor="end" if xt > TL_LEFT + TL_WIDTH * 0.7 else "start" if xt < TL_LEFT + TL_WIDTH * 0.3
        else "middle",
        first=format_date(TIMELINE_FROM), last=format_date(TIMELINE_TO)).strip())

