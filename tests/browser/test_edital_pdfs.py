"""Every PDF fixture (tests/pdfs.py) read by the page and by the command line, in real Chromium: the page's
PDF.js and the CLI's pdfminer.six hand their positioned text to the same Python function, and must find the
same table (the fixture's expected one), or refuse the same PDF; and the report the page downloads for a
CSV file is, byte for byte, the one ``cotas edital … --relatorio`` writes for that file at the same time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from calculator.cli.pdf_reader import read_pdf_table
from calculator.errors import InputError
from tests import pace, pdfs
from tests.browser.test_calculadora import (  # noqa: F401 - pytest fixtures
    PY_TIMEOUT,
    ctx,
    handle,
    server,
    wait_python,
)
from tests.browser.test_edital import wait_result
from tests.browser.test_edital_files import CARGOS, choose, recording_page, sent, table_csv

FIXTURES = (ctx, server)  # pytest finds them by name in this module
ROOT = Path(__file__).resolve().parents[2]
#: what the page says of a PDF its reader cannot open, by what the CLI says of it
PAGE_REFUSALS = {"protegido por senha": "PDF protegido por senha",
                 "danificado": "O arquivo não é um PDF válido"}
SHOWN = """() => {
  const lida = document.querySelector('#edital-lida'), erro = document.querySelector('#edital-arquivo-erro');
  return !lida.hidden ? {lida: lida.innerText} : !erro.hidden ? {erro: erro.innerText} : null;
}"""


def cli_reading(name: str, data: bytes) -> tuple[str | None, str | None]:
    """(the CSV text the CLI's reader rebuilds, its refusal)."""
    try:
        return read_pdf_table(data, f"{name}.pdf").csv, None
    except InputError as err:
        return None, err.message


def page_reading(page, name: str, data: bytes) -> dict:
    """What the page shows once the PDF is read: the notice over the table to check, or the field's error."""
    page.evaluate("""() => {
      document.querySelector('#edital-lida').hidden = true;
      document.querySelector('#edital-arquivo-erro').hidden = true;
    }""")
    choose(page, (f"{name}.pdf", data))
    return page.wait_for_function(SHOWN, timeout=PY_TIMEOUT).json_value()


def test_every_pdf_fixture_is_read_into_the_same_table_by_the_page_and_the_cli(ctx, server):
    page = recording_page(ctx, server)
    wait_python(page)
    page.check("#edital-modo-colar")
    read_right = []
    for name in pdfs.FIXTURES:
        data = pdfs.make(name)
        csv, refusal = cli_reading(name, data)
        shown = page_reading(page, name, data)
        expected = pdfs.EXPECTED[name]
        if isinstance(expected, list):
            assert csv == pdfs.expected_csv(name), name
            assert "lida" in shown, (name, shown)
            asked = sent(page, "pdf_tabela")[-1]
            assert asked["nome"] == f"{name}.pdf"
            assert handle(asked)["result"]["csv"] == csv, name
        else:
            assert refusal is not None and refusal.startswith(expected), (name, refusal)
            assert "erro" in shown, (name, shown)
            page_says = next((said for cli, said in PAGE_REFUSALS.items() if cli in refusal), refusal)
            assert shown["erro"].startswith(page_says.rstrip(".")), (name, shown["erro"], page_says)
        read_right.append(name)
    assert read_right == list(pdfs.FIXTURES)


def test_the_report_the_page_downloads_is_the_one_the_cli_writes(ctx, server, tmp_path):
    page = recording_page(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "ubatuba")
    page.check("#edital-modo-colar")
    data = table_csv(CARGOS).encode("utf-8")
    choose(page, ("cargos do edital.csv", data))
    page.wait_for_function("document.querySelector('#edital-csv').value.includes('Técnico')")
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    moment = datetime(2026, 12, 7, 9, 15, 42, tzinfo=UTC)
    page.clock.set_fixed_time(moment)
    with page.expect_download(timeout=PY_TIMEOUT) as info:
        page.click("#edital-relatorio")
    downloaded = Path(info.value.path()).read_bytes()
    (tmp_path / "cargos do edital.csv").write_bytes(data)
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(int(moment.timestamp())), "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "calculator", "edital", "cargos do edital.csv", "--norma",
                          "ubatuba", "--relatorio", "relatorio.html", "--json"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=pace.seconds(60))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["headline"] in page.inner_text("#edital-resultado")
    written = (tmp_path / "relatorio.html").read_bytes()
    assert b"cargos do edital.csv" in written
    assert downloaded == written, sent(page, "relatorio")  # the page's request, to see what differs
    assert info.value.suggested_filename.endswith(".html")

