"""``cotas edital … --relatorio`` (calculator/cli/report_file.py): the file is exactly api.handle's report
for the same inputs and time, the same bytes on every run with SOURCE_DATE_EPOCH, and a refused request or
a place that cannot be written gives one message, exit 2 and no file (not even half of one)."""

from __future__ import annotations

import hashlib
import json

from calculator.api import handle
from tests.support import run_cli

EPOCH = "1700000000"
TABLE = "cargo;vagas;reservadas\nProfessor;13;2\n<script>x</script>;4;1\n"


def cli(*args: str, epoch: str = EPOCH, stdin: str | None = None):
    return run_cli("calculator", "edital", "--norma", "ubatuba", *args, text=True, stdin=stdin,
                   env={"SOURCE_DATE_EPOCH": epoch})


def test_the_file_is_api_handles_report_for_the_same_inputs(tmp_path):
    table = tmp_path / 'edital "a".csv'
    table.write_text(TABLE, encoding="utf-8")
    out = tmp_path / "r.html"
    run = cli(str(table), "--data-edital", "2020-03-02", "--relatorio", str(out))
    assert run.returncode == 0 and not run.stderr, run.stderr
    assert "Não é orientação jurídica" in run.stdout  # the usual answer is still written
    answer = json.loads(handle(json.dumps({
        "command": "relatorio", "norma": "ubatuba", "csv": TABLE, "data_edital": "2020-03-02",
        "arquivos": [{"nome": table.name, "sha256": hashlib.sha256(table.read_bytes()).hexdigest()}],
        "gerado_em": int(EPOCH)})))
    assert out.read_bytes() == answer["result"]["html"].encode("utf-8")
    assert str(tmp_path) not in out.read_text(encoding="utf-8")  # the file's name, never its folder


def test_the_same_inputs_give_the_same_bytes(tmp_path):
    for name in ("a.csv", "b.csv"):
        (tmp_path / name).write_text(TABLE, encoding="utf-8")
    files = [str(tmp_path / "a.csv"), str(tmp_path / "b.csv")]
    for out in ("1.html", "2.html"):
        assert cli(*files, "--relatorio", str(tmp_path / out)).returncode == 0
    first = (tmp_path / "1.html").read_bytes()
    assert first == (tmp_path / "2.html").read_bytes()
    assert b"14/11/2023, 19:13:20" in first and b"Edital 2 de 2: b.csv" in first
    assert cli(*files, "--relatorio", str(tmp_path / "3.html"), epoch="1700000060").returncode == 0
    assert (tmp_path / "3.html").read_bytes() != first


def test_the_standard_input_is_read_once_for_the_answer_and_the_report(tmp_path):
    run = cli("-", "--relatorio", str(tmp_path / "r.html"), "--json", stdin=TABLE)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["totals"]["cargos"] == 2
    assert "entrada padrão" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_a_refused_request_writes_nothing(tmp_path):
    table = tmp_path / "a.csv"
    table.write_text(TABLE, encoding="utf-8")
    out = tmp_path / "r.html"
    run = cli(str(table), "--percentual", "10", "--relatorio", str(out))
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]
    bad_epoch = cli(str(table), "--relatorio", str(out), epoch="ontem")
    assert bad_epoch.returncode == 2 and "SOURCE_DATE_EPOCH" in bad_epoch.stderr and not out.exists()


def test_a_place_that_cannot_be_written_is_one_clear_message(tmp_path):
    table = tmp_path / "a.csv"
    table.write_text(TABLE, encoding="utf-8")
    for target, reason in ((tmp_path / "nao-existe" / "r.html", "a pasta não existe"),
                           (table / "r.html", "não é uma pasta"), (tmp_path, "é uma pasta")):
        run = cli(str(table), "--relatorio", str(target))
        assert run.returncode == 2 and run.stdout == "", run.stderr
        assert "não foi possível gravar o relatório" in run.stderr and reason in run.stderr
        assert "Traceback" not in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]


def test_two_files_of_the_same_name_are_refused_for_the_report(tmp_path):
    for folder in ("x", "y"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "a.csv").write_text(TABLE, encoding="utf-8")
    run = cli(str(tmp_path / "x" / "a.csv"), str(tmp_path / "y" / "a.csv"), "--relatorio",
              str(tmp_path / "r.html"))
    assert run.returncode == 2 and "mesmo nome" in run.stderr and not (tmp_path / "r.html").exists()
