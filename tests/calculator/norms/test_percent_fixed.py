"""`[percent] rule = "fixed"`: the percentage is the text's, whatever the edital says. A different
--percentual is refused in the norm's words (as a tiered norm's is), no answer speaks of a "mínimo" of the
percentage or a conflict below it, and `edital` reads the kind of percentage from the rule, never from a
parameter's name. The norm is the data-only fixture tests/fixtures/normas/vila_serena (30%, fraction
dropped, at least 5 vacancies, no term)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures" / "normas"

_HANDLE = """
import json, sys
from calculator.api import handle
print(json.dumps([json.loads(handle(json.dumps(q))) for q in json.loads(sys.stdin.read())]))
"""


def _answers(requests: list[dict], extra: Path = FIXTURES) -> list[dict]:
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(extra)}
    proc = subprocess.run([sys.executable, "-c", _HANDLE], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=300, env=env, input=json.dumps(requests))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(FIXTURES)}
    return subprocess.run([sys.executable, "-m", "calculator", *args], cwd=ROOT, capture_output=True,
                          text=True, encoding="utf-8", timeout=120, env=env, input=stdin)


def _texts(result: dict) -> str:
    parts = [result.get("headline") or ""]
    parts += [s["text"] for s in result.get("steps", [])]
    parts += [w["message"] for w in result.get("warnings", [])]
    return "\n".join(parts)


def test_a_fixed_percentage_cannot_be_changed_by_the_edital():
    same, other, edital = _answers([
        {"command": "reserva", "norma": "vila_serena", "vagas": "10", "percentual": "30"},
        {"command": "reserva", "norma": "vila_serena", "vagas": "10", "percentual": "40"},
        {"command": "edital", "norma": "vila_serena", "csv": "cargo;vagas\nA;10\n", "percentual": "20"},
    ])
    assert same["result"]["reserved"] == 3
    for refused in (other, edital):
        assert "result" not in refused
        assert "percentual é fixado em lei (30%" in json.dumps(refused, ensure_ascii=False)
    proc = _cli("reserva", "--norma", "vila_serena", "--vagas", "9", "--percentual", "35")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.startswith("erro: na Lei Complementar nº 27/2031 de Vila Serena o percentual é fixado "
                                  "em lei (30%")
    assert "Traceback" not in proc.stderr
    proc = _cli("edital", "-", "--norma", "vila_serena", "--percentual", "35", stdin="cargo;vagas\nA;9\n")
    assert (proc.returncode, proc.stdout) == (2, "")


def test_a_fixed_percentage_has_no_minimum_wording_and_no_below_minimum_conflict():
    requests = [{"command": "reserva", "norma": "vila_serena", "vagas": str(n)} for n in range(1, 61)]
    answers = _answers(requests)
    for n, answer in enumerate(answers, 1):
        r = answer["result"]
        assert r["percent"] == "30"
        assert r["reserved"] == (0 if n < 5 else 3 * n // 10), n  # fraction dropped, at least 5 vacancies
        text = _texts(r)
        assert "percentual mínimo" not in text and "abaixo do mínimo" not in text, (n, text)
        assert "conflito" not in {w["kind"] for w in r["warnings"]}, n
        assert r["steps"][0]["text"] == "Percentual: 30%, fixado pela norma."


def test_edital_reads_the_kind_of_percentage_from_the_rule():
    csv = "cargo;vagas;reservadas\nA;5;2\nB;9;2\n"
    fixed, minimum = _answers([
        {"command": "edital", "norma": "vila_serena", "csv": csv},
        {"command": "edital", "norma": "exemplo", "csv": csv},
    ])
    assert fixed["result"]["percent_kind"] == "fixo"
    assert minimum["result"]["percent_kind"] == "minimo"
    codes = {w["code"] for c in fixed["result"]["cargos"] for w in c.get("warnings", [])}
    assert "edital_reserva_acima_fixo" in codes and "edital_reserva_acima_minimo" not in codes
    assert "mínimo" not in " ".join(w["message"] for w in fixed["result"]["warnings"]
                                    if w["code"].startswith("edital_reserva"))


def test_renaming_the_percentage_parameter_changes_no_answer(tmp_path):
    """The kind of percentage comes from `[percent] rule` and `parameter`: the same registry with the
    parameter under another name gives the same edital verdicts."""
    extra = tmp_path / "normas"
    folder = extra / "exemplo"
    shutil.copytree(FIXTURES / "exemplo", folder)
    registry = folder / "norma.toml"
    text = registry.read_text(encoding="utf-8").replace('"percentual_minimo"', '"taxa_da_reserva"')
    text = text.replace("{percentual_minimo}", "{taxa_da_reserva}")
    registry.write_text(text, encoding="utf-8")
    csv = "cargo;vagas;reservadas\nA;5;2\nB;9;3\n"
    requests = [{"command": "edital", "norma": "exemplo", "csv": csv},
                {"command": "edital", "norma": "exemplo", "csv": csv, "percentual": "30"},
                {"command": "reserva", "norma": "exemplo", "vagas": "5"}]
    renamed = _answers(requests, extra)
    original = _answers(requests, FIXTURES)
    assert renamed[0]["result"]["percent_kind"] == "minimo"
    for a, b in zip(renamed, original, strict=True):
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
