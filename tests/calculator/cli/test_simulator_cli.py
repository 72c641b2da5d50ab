"""`python -m calculator simular` and api.handle("simular"): the contract and its errors."""

import base64
import json

import pytest

from calculator.api import handle
from tests.support import ROOT, run_cli

SAMPLE = ROOT / "docs" / "assets" / "exemplo-classificacao.csv"
GOOD = "inscricao;nome;classificacao;cotista\n10;Ana;1;não\n11;Bia;2;não\n12;Caio;3;sim\n13;Duda;4;não\n"


def cli(*args, stdin: bytes | None = None):
    return run_cli("calculator", "simular", *args, stdin=stdin)


@pytest.fixture
def good_csv(tmp_path):
    path = tmp_path / "lista.csv"
    path.write_bytes(GOOD.encode("windows-1252"))
    return path


def test_cli_json_contract(good_csv):
    proc = cli("--norma", "ubatuba", "--vagas", "3", str(good_csv), "--json")
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b""
    res = json.loads(proc.stdout)
    # 3 seats, 20% → 1 reserved, called 3rd; Caio (optant, 3rd) takes it
    assert [(n["seat"], n["candidate"], n["list"]) for n in res["nominations"]] == [
        (1, "10", "ampla"), (2, "11", "ampla"), (3, "12", "reserva")]
    for n in res["nominations"]:
        assert isinstance(n["seat"], int) and n["basis"]
    assert isinstance(res["warnings"], list) and all("message" in w and "basis" in w for w in res["warnings"])
    # JSON produced with sort_keys and ensure_ascii=False
    assert proc.stdout.decode("utf-8").strip() == json.dumps(res, ensure_ascii=False, sort_keys=True)


def test_cli_text_table(good_csv):
    proc = cli("--norma", "quissama", "--vagas", "4", str(good_csv))
    assert proc.returncode == 0
    out = proc.stdout.decode("utf-8")
    assert "Vaga" in out and "Inscrição" in out and "Ana" in out and "art. 3º, § 1º" in out


def test_cli_reads_stdin():
    proc = cli("--norma", "lins", "--percentual", "20", "--vagas", "2", "-", "--json", stdin=GOOD.encode())
    assert proc.returncode == 0
    assert len(json.loads(proc.stdout)["nominations"]) == 2


def test_cli_sample_file_runs_for_every_norm():
    for norm in ("ubatuba", "quissama", "lins"):
        proc = cli("--norma", norm, "--vagas", "10", "--percentual", "20" if norm != "quissama" else "",
                   "--vagas-pcd", "1", str(SAMPLE), "--json")
        assert proc.returncode == 0, proc.stderr.decode()
        assert len(json.loads(proc.stdout)["nominations"]) == 10


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "Linha 1"),
        (b"nome;classificacao\nx;1\n", "Linha 1"),
        (b"inscricao;classificacao\n1;1\n1;2\n", "Linha 3, coluna 1"),
        (b"inscricao;classificacao\n1;1\n2;1\n", "Linha 3, coluna 2"),
        (b"inscricao;classificacao\n1;x\n", "Linha 2, coluna 2"),
        (b"inscricao;classificacao;cotista\n1;1;talvez\n", "Linha 2, coluna 3"),
        (b"inscricao;classificacao;situacao\n1;1;foragido\n", "Linha 2, coluna 3"),
        (b"inscricao;classificacao\n1;1\n2;\x81\x8d\n", "Linha 3, coluna 2"),
    ],
)
def test_cli_bad_csv_exit_2_one_line(tmp_path, content, expected):
    path = tmp_path / "ruim.csv"
    path.write_bytes(content)
    proc = cli("--norma", "ubatuba", "--vagas", "3", str(path), "--json")
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode("utf-8")
    assert err.count("\n") == 1 and err.startswith("erro: ") and expected in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ("--norma", "ubatuba", "--vagas", "3", "/nao/existe.csv"),
        ("--norma", "ubatuba", "--vagas", "tres", "{csv}"),
        ("--norma", "lins", "--vagas", "3", "{csv}"),
        ("--norma", "ubatuba", "--vagas", "3", "--vagas-pcd", "x", "{csv}"),
        ("--norma", "ubatuba", "--vagas", "3", "--precedencia", "art4-par1u", "{csv}"),
        ("--norma", "ubatuba", "--vagas", "3"),
        ("--norma", "ubatuba", "--vagas", "3", "{csv}", "--opcao-inexistente"),
    ],
)
def test_cli_bad_arguments_exit_2(good_csv, args):
    proc = cli(*[a.replace("{csv}", str(good_csv)) for a in args])
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode("utf-8")
    assert err.count("\n") == 1 and err.startswith("erro: ") and "Traceback" not in err
    assert not any(word in err for word in ("error:", "usage:", "invalid", "required"))


# --- api.handle ----------------------------------------------------------------------------------------
def test_handle_accepts_csv_text_and_base64():
    text = json.loads(handle(json.dumps({"command": "simular", "norma": "ubatuba", "vagas": "3",
                                         "csv": GOOD})))
    b64 = json.loads(handle(json.dumps({"command": "simular", "norma": "ubatuba", "vagas": "3",
                                        "csv_base64": base64.b64encode(GOOD.encode("cp1252")).decode()})))
    assert text["ok"] and b64["ok"]
    assert text["result"]["nominations"] == b64["result"]["nominations"]


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"norma": "ubatuba", "vagas": "3"}, "csv"),
        ({"norma": "ubatuba", "vagas": "3", "csv": "inscricao\n1\n"}, "csv"),
        ({"norma": "ubatuba", "vagas": "3", "csv_base64": "***"}, "csv"),
        ({"norma": "ubatuba", "vagas": "3", "csv": GOOD, "csv_base64": ""}, "csv"),
        ({"norma": "ubatuba", "vagas": "3", "csv": 12}, "csv"),
        ({"norma": "ubatuba", "vagas": "3", "csv": GOOD, "equidade_genero": "talvez"}, "equidade_genero"),
        ({"norma": "ubatuba", "vagas": "3", "csv": GOOD, "outro": 1}, "outro"),
    ],
)
def test_handle_errors(request_, field):
    out = json.loads(handle(json.dumps({"command": "simular", **request_})))
    assert out["ok"] is False and out["error"]["field"] == field and out["error"]["message"]


def test_cli_text_shows_exclusions_reversions_and_warnings(tmp_path):
    path = tmp_path / "l.csv"
    path.write_text("inscricao;classificacao;cotista;situacao\n1;1;não;desistente\n2;2;não;\n3;3;não;\n"
                    "4;4;não;\n5;5;não;\n6;6;não;\n", encoding="utf-8")
    proc = cli("--norma", "ubatuba", "--vagas", "5", str(path))
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 0
    assert "Desistentes, inaptos, eliminados e excluídos:" in out and "substituído por 2" in out
    assert "Vagas revertidas:" in out and "vaga 3" in out and "art. 4º, § 2º" in out
    assert "Avisos:" in out


def test_text_output_uses_titles_and_labels_not_ids():
    proc = cli("--norma", "quissama", "--vagas", "13", str(SAMPLE))
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode("utf-8")
    first = out.splitlines()[0]
    assert "Lei nº 1.289" in first and "— quissama —" not in first
    assert "quissama:" not in out  # no raw "norm:id" anywhere (table, warnings, lists)
    assert "art. 3º, § 1º" in out
    assert "(conflito)" in out and "Base legal:" in out


def test_text_output_summarises_unfilled_seats(tmp_path):
    path = tmp_path / "dois.csv"
    path.write_text("inscricao;classificacao\nA;1\nB;2\n", encoding="utf-8")
    proc = cli("--norma", "ubatuba", "--vagas", "1000000", str(path))
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode("utf-8")
    assert "vagas 3 a 1.000.000" in out and "999.998" in out
    assert len(out) < 20_000
    proc = cli("--norma", "ubatuba", "--vagas", "1000000", str(path), "--json")
    assert len(proc.stdout) < 50_000
    res = json.loads(proc.stdout)
    assert res["unfilled_count"] == 999_998 and res["reserved_positions_total"] == 200_000
    assert res["reserved_positions_truncated"] is True and res["reverted_seats"] == []
