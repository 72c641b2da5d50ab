"""Dates as the pages write them: the calculator's own formats (calculator/rules.py), from ISO text."""

from __future__ import annotations

import datetime

from calculator.ptbr import format_date, format_long_date


def pt_date(iso: str) -> str:
    """ "2014-06-16" → "16 de junho de 2014" ("1º" for the first day)."""
    return format_long_date(datetime.date.fromisoformat(iso))


def br_date(iso: str | None) -> str:
    """ "2014-06-16" → "16/06/2014"."""
    return format_date(datetime.date.fromisoformat(iso)) if iso else "—"
