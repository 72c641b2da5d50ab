"""The edital tool, opened from a shared link whose table is hostile: cargo names with bidi and control
characters are shown as <U+XXXX> (as the simulator shows candidates' names), and the CSV download writes
no cell a spreadsheet would run as a formula, whatever separator it splits on (one writer for both
downloads: csvcell.js). Real Chromium on the built site."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from urllib.parse import urlencode

from tests.browser.test_calculadora import (  # noqa: F401 - pytest fixtures
    ctx,
    open_calculator,
    server,
    wait_python,
)
from tests.browser.test_edital import wait_result

FIXTURES = (ctx, server)

TABLE = "cargo;vagas;reservadas\n\"Ana,=cmd|' /C calc'!A0,x\";3;0\n\"Eve\u202eevE\";13;2\nB\u0007ip;5;1\n"


def test_a_shared_hostile_table_is_shown_inert_and_downloads_without_formulas(ctx, server):
    query = "?" + urlencode({"ferramenta": "edital", "norma": "ubatuba", "tabela": TABLE}) + "#edital"
    page = open_calculator(ctx, server, query)
    wait_python(page)
    wait_result(page)
    heads = page.locator("#edital-resultado table tbody th").all_inner_texts()
    assert heads == ["Ana,=cmd|' /C calc'!A0,x", "Eve<U+202E>evE", "B<U+0007>ip"]
    assert "\u202e" not in page.inner_text("#edital-resultado")
    with page.expect_download() as info:
        page.click("#edital-baixar")
    text = Path(info.value.path()).read_text(encoding="utf-8-sig")
    for delimiter in ";,|\t":  # however a spreadsheet splits the line, no cell starts a formula
        for row in csv.reader(io.StringIO(text), delimiter=delimiter):
            for cell in row:
                assert not cell.lstrip(" \u00a0").startswith(("=", "+", "-", "@", "＝")), (delimiter, cell)
    first = next(csv.reader(io.StringIO(text.splitlines()[1]), delimiter=";"))
    assert first[0] == "Ana,'=cmd|' /C calc'!A0,x"  # the name, kept, with the formula made text
