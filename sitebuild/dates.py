"""Dates as the pages write them."""

from __future__ import annotations

import datetime


def pt_date(iso: str) -> str:
    """ "2014-06-16" → "16 de junho de 2014" ("1º" for the first day)."""
    months = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
              "outubro", "novembro", "dezembro"]
    d = datetime.date.fromisoformat(iso)
    day = "1º" if d.day == 1 else str(d.day)
    return f"{day} de {months[d.month - 1]} de {d.year}"


def br_date(iso: str | None) -> str:
    """ "2014-06-16" → "16/06/2014"."""
    return datetime.date.fromisoformat(iso).strftime("%d/%m/%Y") if iso else "—"
