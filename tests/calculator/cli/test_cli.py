"""The CLI contract (python -m calculator), run as a subprocess: output forms and every error case."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from tests.support import run_cli

ENGLISH = re.compile(r"\b(usage|error|argument|arguments|invalid|required|expected|unrecognized|Traceback|"
                     r"choose from|options|show this help|the following)\b")


def cli(*args: str) -> subprocess.CompletedProcess:
    return run_cli("calculator", *args, text=True)


def test_reserva_json_contract():
    out = cli("reserva", "--norma", "ubatuba", "--vagas", "13", "--json")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.count("\n") == 1
    r = json.loads(out.stdout)
    # no edital date: the count holds only inside the validity window, which the answer carries
    assert r["reserved"] == 3 and r["applies"] is None and r["validity_window"]["to"] == "2024-06-16"
    assert "se o edital foi publicado de 16/06/2014 a 16/06/2024" in r["headline"]
    assert all(isinstance(b, str) and ":" in b for b in r["basis"])
    assert all({"message", "basis", "code"} <= set(w) for w in r["warnings"])
    assert out.stdout.strip() == json.dumps(r, ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("args", [
    ["reserva", "--norma", "quissama", "--vagas", "13", "--data-edital", "2022-03-10"],
    ["ordem", "--norma", "lins", "--vagas", "40", "--percentual", "25,5", "--leitura", "quinta"],
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--vinculo", "comissao"],
])
def test_cli_json_equals_api(args):
    from calculator.api import handle

    out = cli(*args, "--json")
    request = {"command": args[0]}
    for flag, value in zip(args[1::2], args[2::2], strict=True):
        request[flag[2:].replace("-", "_")] = value
    assert json.loads(handle(json.dumps(request))) == {"ok": True, "result": json.loads(out.stdout)}


@pytest.mark.parametrize("args", [
    ["reserva", "--norma", "ubatuba", "--vagas", "10"],
    ["ordem", "--norma", "quissama", "--vagas", "12"],
    ["parametros", "--norma", "lins"],
    ["simular", "--norma", "ubatuba", "--vagas", "10", "docs/assets/exemplo-classificacao.csv"],
    ["edital", "--norma", "ubatuba", "docs/assets/exemplo-edital.csv"],
])
def test_json_names_the_package_version(args):
    from calculator import VERSION
    from calculator.answer import SCHEMA_VERSION

    out = cli(*args, "--json")
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    assert (r["calculator_version"], r["schema_version"]) == (VERSION, SCHEMA_VERSION)
    assert all(c["calculator_version"] == VERSION for c in r.get("cargos", []))


def test_ordem_json_contract():
    r = json.loads(cli("ordem", "--norma", "quissama", "--vagas", "12", "--json").stdout)
    assert r["positions"] == [5, 10] and r["reserved"] == 2
    assert "basis" in r and "warnings" in r
    out = cli("ordem", "--norma", "ubatuba", "--vagas", "20", "--leitura", "quinta", "--json")
    r = json.loads(out.stdout)
    assert r["positions"] == [5, 10, 15, 20]


@pytest.mark.parametrize("percent", ["25", "25,5", "25.5"])
def test_percent_forms(percent):
    out = cli("reserva", "--norma", "lins", "--vagas", "10", "--percentual", percent, "--json")
    r = json.loads(out.stdout)
    assert r["reserved"] == 3


def test_date_validity():
    r = json.loads(cli("reserva", "--norma", "ubatuba", "--vagas", "10", "--data-edital", "2014-06-15",
                       "--json").stdout)
    assert r["applies"] is False and r["reserved"] == 0


def test_text_output_is_ptbr_with_labels():
    out = cli("reserva", "--norma", "ubatuba", "--vagas", "13")
    assert out.returncode == 0 and out.stderr == ""
    assert "3 vagas reservadas" in out.stdout
    assert "art. 2º, § 3º" in out.stdout and "Base legal" in out.stdout
    assert "ubatuba:" not in out.stdout
    out = cli("ordem", "--norma", "quissama", "--vagas", "13")
    assert "5ª, 10ª" in out.stdout and "conflito" in out.stdout


def test_parametros():
    r = json.loads(cli("parametros", "--norma", "quissama", "--json").stdout)
    assert any(p["name"] == "percentual_ate_5_vagas" and p["value"] == "10" for p in r["parameters"])


def test_huge_input_is_small_and_completes():
    out = cli("ordem", "--norma", "ubatuba", "--vagas", "1000000000", "--json")
    assert out.returncode == 0
    r = json.loads(out.stdout)
    assert r["positions_truncated"] is True and r["positions_total"] == 200_000_000
    assert len(r["positions"]) == 100_000 and len(out.stdout) < 1_500_000
    out = cli("ordem", "--norma", "ubatuba", "--vagas", "1000000000")
    assert out.returncode == 0 and len(out.stdout) < 20_000


def test_order_100000_vacancies_full_json_short_text():
    out = cli("ordem", "--norma", "lins", "--percentual", "25,5", "--vagas", "100000", "--json")
    r = json.loads(out.stdout)
    assert r["positions_truncated"] is False and len(r["positions"]) == r["positions_total"] == 25_500
    text = cli("ordem", "--norma", "lins", "--percentual", "25,5", "--vagas", "100000").stdout
    assert max(len(line) for line in text.splitlines()) < 1_000  # the text lists only the first ones
    assert "25.500 no total" in text


@pytest.mark.parametrize("help_args", [["--help"], ["-h"], ["reserva", "--ajuda"], ["ordem", "-h"]])
def test_help_is_ptbr(help_args):
    out = cli(*help_args)
    assert out.returncode == 0
    assert "uso:" in out.stdout
    assert "usage" not in out.stdout and "show this help" not in out.stdout and "options:" not in out.stdout


@pytest.mark.parametrize("flag", ["--version", "--versao"])
def test_version_prints_the_packages_version(flag):
    import tomllib

    from calculator import VERSION

    out = cli(flag)
    assert (out.returncode, out.stdout, out.stderr) == (0, f"cotas {VERSION}\n", "")
    # pyproject.toml reads the version from calculator.VERSION (written once) and declares the licences
    with open("pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["dynamic"] == ["version"] and "version" not in project
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE", "LICENSE-DADOS.md"]


@pytest.mark.parametrize("args", [
    [],                                                                       # no command
    ["calcular"],                                                             # unknown command
    ["reserva"],                                                              # missing options
    ["reserva", "--vagas", "10"],                                             # missing --norma
    ["reserva", "--norma", "ubatuba"],                                        # missing --vagas
    ["reserva", "--norma", "recife", "--vagas", "10"],                        # unknown norm
    ["reserva", "--norma", "ubatuba", "--vagas", "dez"],                      # not an integer
    ["reserva", "--norma", "ubatuba", "--vagas", "1.5"],
    ["reserva", "--norma", "ubatuba", "--vagas", "-3"],                       # negative
    ["reserva", "--norma", "ubatuba", "--vagas", "0"],
    ["reserva", "--norma", "ubatuba", "--vagas", "9" * 30],                   # above the documented bound
    ["reserva", "--norma", "ubatuba", "--vagas"],                             # option without value
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--data-edital", "2023-02-30"],   # impossible date
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--data-edital", "2023-2-3"],
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--percentual", "15"],  # below the legal minimum
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--percentual", "abc"],
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--percentual", "120"],
    ["reserva", "--norma", "quissama", "--vagas", "10", "--percentual", "30"],
    ["reserva", "--norma", "lins", "--vagas", "10"],                          # Lins needs a percentage
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--extra"],            # unknown option
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "sobra"],              # stray argument
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--json=1"],
    ["reserva", "--norma", "ubatuba", "--vagas", "10", "--vinculo", "terceirizado"],
    ["ordem", "--norma", "ubatuba", "--vagas", "10", "--leitura", "sorteio"],
    ["ordem", "--norma", "quissama", "--vagas", "10", "--leitura", "proporcional"],
    ["ordem", "--norma", "ubatuba", "--vagas", "10", "--vinculo", "comissao"],  # no call order for a set
    ["parametros"],
])
def test_errors(args):
    out = cli(*args)
    assert out.returncode == 2, out
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith("erro: ")
    assert not ENGLISH.search(out.stderr), out.stderr


@pytest.mark.parametrize(("args", "field_value", "message"), [
    (("--vagas", "10", "--percentual", "-5,5"), ("--percentual=-5,5",),
     "erro: o percentual não pode ser negativo: -5,5 (opção --percentual)"),
    (("--vagas", "-3e", "--percentual", "20"), ("--vagas=-3e", "--percentual", "20"),
     "erro: o número de vagas deve ser um número inteiro (ex.: 12), não '-3e' (opção --vagas)"),
    (("--vagas", "10", "--percentual", "-1e3"), ("--percentual=-1e3",),
     "erro: o percentual deve ser um número decimal (ex.: 25 ou 25,5), não '-1e3' (opção --percentual)"),
    (("--vagas", "-3", "--percentual", "20"), ("--vagas=-3", "--percentual", "20"),
     "erro: o número de vagas não pode ser negativo: -3 (opção --vagas)"),
])
def test_negative_looking_values_get_the_value_message(args, field_value, message):
    # argparse alone takes "-5,5" for an option and answers "a opção --percentual precisa de um valor"
    spaced = cli("reserva", "--norma", "ubatuba", *args)
    joined_args = [*([] if field_value[0].startswith("--vagas") else ["--vagas", "10"]), *field_value]
    joined = cli("reserva", "--norma", "ubatuba", *joined_args)
    assert spaced.returncode == 2 and spaced.stdout == ""
    assert spaced.stderr == joined.stderr == message + "\n"


def test_option_value_joining_keeps_real_options():
    from calculator.cli.main import build_parser, join_option_values

    parser = build_parser()
    assert join_option_values(["reserva", "--percentual", "-5,5"], parser) == ["reserva", "--percentual=-5,5"]
    # a known option after an option is still an option (argparse then says the value is missing)
    assert join_option_values(["reserva", "--percentual", "--json"], parser) == ["reserva", "--percentual",
                                                                                 "--json"]
    assert join_option_values(["simular", "--vagas", "3", "-"], parser) == ["simular", "--vagas", "3", "-"]
    out = cli("reserva", "--norma", "ubatuba", "--vagas", "10", "--percentual", "--json")
    assert out.returncode == 2 and "precisa de um valor" in out.stderr


@pytest.mark.parametrize("norm", ["ubatuba", "quissama", "lins"])
def test_parametros_text_is_ptbr_not_python(norm):
    out = cli("parametros", "--norma", norm)
    assert out.returncode == 0 and out.stderr == ""
    for python_repr in ("True", "False", "None", "['", "meio_para_cima", "_"):
        assert python_repr not in out.stdout, python_repr
    assert "meio para cima" in out.stdout


def test_parametros_quissama_values():
    out = cli("parametros", "--norma", "quissama").stdout
    assert "cargos efetivos e empregos públicos" in out and "Editais anteriores excluídos: sim" in out
    assert "Percentual com até 5 vagas: 10%" in out


def test_parametros_ubatuba_always_shows_art8_warning():
    out = cli("parametros", "--norma", "ubatuba")
    assert "Avisos:" in out.stdout and "não tem § 1º" in out.stdout
    r = json.loads(cli("parametros", "--norma", "ubatuba", "--json").stdout)
    assert [w["code"] for w in r["warnings"]] == ["ubatuba_art8_paragrafo_inexistente"]
    assert "ubatuba:art8_par1u" in r["basis"]
    lins = json.loads(cli("parametros", "--norma", "lins", "--json").stdout)
    # the decree's own conflicts, whatever the input
    assert {w["code"] for w in lins["warnings"]} == {"lins_pcd_duas_listas",
                                                    "lins_tres_listas_quatro_incisos"}


def test_a_nomination_date_is_not_read_as_the_editals():
    """Issue 31's severity-1 finding: `ordem --data-nomeacao` on a cargo efetivo said no nomination was
    reserved and restated the date as the edital's. It is refused, naming the option, with nothing on
    stdout; for a cargo em comissão (dated by its nomination) it is the date."""
    out = cli("ordem", "--norma", "ubatuba", "--vagas", "10", "--data-nomeacao", "2025-03-01")
    assert out.returncode == 2 and out.stdout == ""
    assert "a data da nomeação só vale para um vínculo" in out.stderr and "--data-nomeacao" in out.stderr
    ok = cli("reserva", "--norma", "ubatuba", "--vagas", "10", "--vinculo", "comissao", "--data-nomeacao",
             "2020-03-01", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["date_kind"] == "nomeacao"
