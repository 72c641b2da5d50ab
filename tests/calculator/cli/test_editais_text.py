"""``cotas edital a.csv b.csv …`` (calculator/cli/editais_text.py, calculator/cli/commands.py): each edital's
report exactly as it is alone, then the comparison across them; one JSON document that is the API's; and a
file that cannot be read stops everything with its own message naming it (exit 2, nothing written)."""

from __future__ import annotations

import base64
import json
import shutil
import tempfile
from pathlib import Path

import pytest

from calculator.api import dumps, handle
from tests.support import ROOT, run_cli

DISCLAIMER_START = "\n\nNão é orientação jurídica"
EXAMPLES = [ROOT / "docs" / "assets" / "editais" / f"concurso-edital-{i}.csv" for i in (1, 2)]
OPTIONS = ("--norma", "ubatuba", "--data-edital", "2020-03-02")


def cli(*args: str):
    return run_cli("calculator", "edital", *OPTIONS, *args, text=True)


def report(*paths: str) -> str:
    out = cli(*paths)
    assert out.returncode == 0 and not out.stderr, out.stderr
    return out.stdout


@pytest.fixture
def short_dir():
    """A folder with a short path: the CLI's error line cuts any word of more than 80 characters (an echoed
    value), and pytest's tmp_path under xdist is nearly that long."""
    folder = Path(tempfile.mkdtemp(prefix="ed", dir="/tmp"))
    yield folder
    shutil.rmtree(folder)


@pytest.fixture
def tables(short_dir):
    """Three editais: Professor in a and b (2 vacancies each: none alone, 1 together), Vigia in all three."""
    rows = {"a.csv": "Professor;2\nVigia;1\n", "b.csv": "Professor;2\nVigia;1\n", "c.csv": "Vigia;1\n"}
    paths = []
    for name, body in rows.items():
        path = short_dir / name
        path.write_text("cargo;vagas\n" + body, encoding="utf-8")
        paths.append(str(path))
    return paths


def test_each_edital_is_its_single_report_then_the_comparison(tables):
    a, b, c = tables
    text = report(a, b, c)
    for i, path in enumerate(tables, 1):
        alone = report(path).split(DISCLAIMER_START)[0]
        assert f"=== Edital {i} de 3: {path} ===\n{alone}\n\n" in text
    comparison = text.split("=== Comparação entre editais ===\n")[1]
    assert comparison.startswith("3 editais (")
    assert f"  - {a}, {b} e {c}\n" in comparison
    assert f"  - Professor: {a}: 2 → 0; {b}: 2 → 0; somados: 4 vagas → 1 (separados: 0)" in comparison
    assert f"  - Vigia: {a}: 1 → 0; {b}: 1 → 0; {c}: 1 → 0; somados: 3 vagas → 1 (separados: 0)" in comparison
    warnings = [line for line in comparison.splitlines() if line.startswith("  - (conflito) Fracionamento")]
    assert len(warnings) == 2
    assert f"“{a}” (2 vagas → 0 vagas reservadas) e “{b}” (2 vagas → 0 vagas reservadas)" in warnings[0]
    assert "4 vagas → 1 vaga reservada" in warnings[0]
    assert f"“{a}” (1 vaga → 0 vagas reservadas), “{b}” (1 vaga → 0 vagas reservadas) e “{c}”" in warnings[1]
    assert "Base legal (comparação):\n  Lei nº 3.765/2014 (Ubatuba): art. 2º, caput; art. 2º, § 2º" in text
    assert text.endswith("procure a Defensoria Pública ou um advogado.\n")
    assert text.count("Não é orientação jurídica") == 1


def test_one_file_is_the_single_edital_as_before(tables):
    text = report(tables[0])
    assert text.startswith("Edital — Lei nº 3.765") and "===" not in text and "Comparação" not in text


def test_json_is_one_document_the_apis_answer(tables):
    out = cli(*tables[:2], "--json")
    assert out.returncode == 0 and not out.stderr
    document = json.loads(out.stdout)
    request = {"command": "edital", "norma": "ubatuba", "data_edital": "2020-03-02",
               "editais": [{"nome": path, "csv_base64": base64.b64encode(open(path, "rb").read()).decode()}
                           for path in tables[:2]]}
    expected = json.loads(handle(json.dumps(request)))["result"]
    assert document == expected and out.stdout.rstrip("\n") == dumps(expected)  # in pieces, same bytes
    # Professor: 2 + 2 reaches the minimum of 3; Vigia: 1 + 1 does not, and reserves none either way
    assert [w["code"] for w in document["warnings"]] == ["fracionamento_entre_editais"]


@pytest.mark.parametrize(("second", "words"), [
    ("missing.csv", "arquivo não encontrado: {path}"),
    ("bad.csv", "{path}: Linha 2, coluna 2 (“vagas”): o número de vagas não pode ser negativo"),
    ("empty.csv", "{path}: Linha 1: o arquivo está vazio"),
])
def test_a_second_file_that_cannot_be_read_is_named_and_nothing_is_written(tables, short_dir, second, words):
    (short_dir / "bad.csv").write_text("cargo;vagas\nA;-3\n", encoding="utf-8")
    (short_dir / "empty.csv").write_bytes(b"")
    path = str(short_dir / second)
    for flag in ((), ("--json",)):
        out = cli(tables[0], path, *flag)
        assert out.returncode == 2 and out.stdout == ""
        assert out.stderr.startswith("erro: ") and words.format(path=path) in out.stderr
        assert "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1


def test_the_same_file_twice_is_refused(tables):
    out = cli(tables[0], tables[0])
    assert out.returncode == 2 and out.stdout == ""
    assert f"o edital “{tables[0]}” foi informado duas vezes" in out.stderr


def test_the_docs_example_warns_of_the_professor_only():
    text = report(*map(str, EXAMPLES))
    comparison = text.split("=== Comparação entre editais ===\n")[1]
    assert "fracionamento entre editais em 1 cargo (“Professor de Educação Básica I”)" in comparison
    assert "  - Agente Administrativo:" in comparison and "15 vagas → 3 (separados: 3)\n" in comparison


def test_more_editais_than_the_limit_are_refused_before_any_file_is_read(tmp_path):
    from calculator.limits import EDITAIS

    out = cli(*(str(tmp_path / f"nao-existe-{i}.csv") for i in range(EDITAIS + 1)))
    assert out.returncode == 2 and out.stdout == ""
    assert f"{EDITAIS + 1} editais: o limite é {EDITAIS}" in out.stderr and "não encontrado" not in out.stderr
