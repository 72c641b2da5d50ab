"""The edital's output gets the simulator's protections from the same code: the CSV download's cells are
written by docs/assets/calculadora/csvcell.js, the simulation's writer (no formula however the sheet
splits the line), and cargo names reach the terminal through calculator/cli/terminal.py, visible (ESC, U+202E
shown as <U+XXXX>); the page shows them through the page's visible(), as the simulator does."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from tests.support import run_cli

ROOT = Path(__file__).resolve().parents[3]
ASSETS = ROOT / "docs" / "assets" / "calculadora"
HOSTILE = 'cargo;vagas;reservadas\n"Eve\u202eevE\x1b]0;pwned\x07\x1b[2J";13;2\nB\x1b[31mred;5;1\n'


def test_edital_text_shows_control_and_bidi_characters_of_cargo_names():
    proc = run_cli("calculator", "edital", "--norma", "ubatuba", "-", stdin=HOSTILE.encode("utf-8"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8")
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]", out)
    assert "Eve<U+202E>evE<U+001B>]0;pwned" in out and "B<U+001B>[31mred" in out
    # the JSON keeps the table's text as it is (a program reads it, not a terminal)
    proc = run_cli("calculator", "edital", "--norma", "ubatuba", "-", "--json", stdin=HOSTILE.encode("utf-8"))
    cargos = [c["cargo"] for c in json.loads(proc.stdout)["cargos"]]
    assert cargos == ["Eve\u202eevE\x1b]0;pwned\x07\x1b[2J", "B\x1b[31mred"]


CELLS = {
    "Ana,=1+1": "\"Ana,'=1+1\"",
    "Ana,=cmd|' /C calc'!A0,x": "\"Ana,'=cmd|' /C calc'!A0,x\"",
    "Ana|=1+1": "\"Ana|'=1+1\"",
    " =1+1": " '=1+1",
    "\u00a0=1+1": "\u00a0'=1+1",
    "＝1+1": "'＝1+1",
    "Ana, =SUM(1)": "\"Ana, '=SUM(1)\"",
    "=1+1": "'=1+1",
    "-2+3": "'-2+3",
    "Ana,@SUM(1)": "\"Ana,'@SUM(1)\"",
    "x;+1": "\"x;'+1\"",
    # the review's L4: a quote between the separator and the formula
    'A,"=cmd|\' /C calc\'!A0': '"A,""\'=cmd|\' /C calc\'!A0"',
    "Professor de Educação Básica": "Professor de Educação Básica",
    'diz "oi"': '"diz ""oi"""',
    None: "",
}


def test_the_download_cell_writer_refuses_formulas_after_any_separator():
    module = json.dumps((ASSETS / "csvcell.js").as_uri())
    script = (f"import {{ spreadsheetCell }} from {module};\n"
              "const cases = JSON.parse(process.argv[1]);\n"
              "process.stdout.write(JSON.stringify(cases.map(spreadsheetCell)));\n")
    cases = list(CELLS)
    proc = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(cases)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = dict(zip(cases, json.loads(proc.stdout), strict=True))
    assert out == CELLS


def test_the_edital_and_the_simulation_downloads_share_one_cell_writer():
    """One implementation: both scripts the page loads import it (sitebuild/scripts.py joins them from their
    module sources), neither keeps a copy."""
    from sitebuild import scripts

    for name in ("edital.js", "worker.js"):
        source = scripts.join(name)
        assert 'import { spreadsheetCell } from "./csvcell.js";' in source, name
        assert "function csvOut" not in source and source.count("spreadsheetCell") >= 2, name
        assert "/(^|[,;|\\t\\r\\n])" not in source, name  # the separator rule lives in csvcell.js only
    actions = (ASSETS / "src" / "edital" / "actions.js").read_text(encoding="utf-8")
    body = actions[actions.index("export function editalCsv"):]
    body = body[:body.index("\n}\n")]
    assert ".map(spreadsheetCell)" in body
    report = (ASSETS / "src" / "edital" / "report.js").read_text(encoding="utf-8")
    assert "visible" in report[report.index("function shown(r)"):report.index("function render(")]
