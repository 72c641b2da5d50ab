"""The CLIs on any terminal and any input: non-UTF-8 output, full disk, closed stdout, huge input, hostile
names and misleading messages.  Run as subprocesses, the way a user meets them."""

from __future__ import annotations

import base64
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from calculator.api import handle
from calculator.csv import text as csvtext
from tests.support import ROOT, run_cli

GOOD = "inscricao;nome;classificacao;cotista\n10;Ana;1;não\n11;Bia;2;não\n12;Caio;3;sim\n13;Duda;4;não\n"


@pytest.fixture
def good_csv(tmp_path):
    path = tmp_path / "lista.csv"
    path.write_text(GOOD, encoding="utf-8")
    return path


def one_error_line(proc, status: int) -> str:
    err = proc.stderr.decode("utf-8", "replace") if isinstance(proc.stderr, bytes) else proc.stderr
    assert proc.returncode == status, (proc.returncode, err)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("erro: "), err
    return lines[0]


# --- 4. a stdout that is not UTF-8 ----------------------------------------------------------------
COMMANDS = [
    ("calculator", "ordem", "--norma", "ubatuba", "--vagas", "10"),
    ("calculator", "reserva", "--norma", "quissama", "--vagas", "13"),
    ("calculator", "parametros", "--norma", "lins"),
    ("calculator", "reserva", "--ajuda"),
    ("calculator", "simular", "--norma", "ubatuba", "--vagas", "3", "{csv}"),
    ("calculator", "simular", "--norma", "ubatuba", "--vagas", "3", "{csv}", "--json"),
    ("calculator", "ordem", "--norma", "lins", "--vagas", "7", "--percentual", "20", "--json"),
    ("laws", "export"),
    ("laws", "show", "ubatuba:art2_par3"),
]


@pytest.mark.parametrize("encoding", ["cp1252", "cp850", "latin-1", "ascii"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]) + (" --json" * ("--json" in c)))
def test_non_utf8_stdout_degrades_and_says_everything(command, encoding, good_csv):
    args = [a.replace("{csv}", str(good_csv)) for a in command[1:]]
    proc = run_cli(command[0], *args, env={"PYTHONIOENCODING": encoding})
    assert proc.returncode == 0, proc.stderr.decode(encoding, "replace")
    assert proc.stderr == b""
    text = proc.stdout.decode(encoding)  # really in that encoding
    utf8 = run_cli(command[0], *args).stdout.decode("utf-8")
    if command[1] == "export" or "--json" in command:
        assert json.loads(text) == json.loads(utf8)  # JSON: \u escapes, the same data exactly
        return
    # text: the whole UTF-8 answer, each character itself or its readable stand-in (test_fallback_forms_…)
    import calculator.cli.terminal  # noqa: F401  (registers the "cotas-ascii" handler in this process)

    assert text == utf8.encode(encoding, "cotas-ascii").decode(encoding)
    assert len(text.splitlines()) == len(utf8.splitlines()) > 0
    if encoding == "ascii":
        assert text.isascii()


def test_fallback_forms_are_readable():
    from calculator.cli.terminal import _fallback  # noqa: F401  (registers the handler

    assert "⌊P/100 · n⌋ ≥ 3 — ação".encode("ascii", "cotas-ascii") == b"floor(P/100 - n) >= 3 - acao"
    assert "art. 2º, § 3º".encode("cp1252", "cotas-ascii") == "art. 2º, § 3º".encode("cp1252")
    assert "雪".encode("ascii", "cotas-ascii") == b"\\u96ea"


# --- 5. output failures and input size ----------------------------------------------------------
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="sem /dev/full neste sistema")
@pytest.mark.parametrize("args", [
    ("calculator", "ordem", "--norma", "ubatuba", "--vagas", "1000000"),
    ("calculator", "ordem", "--norma", "ubatuba", "--vagas", "10", "--json"),
    ("calculator", "reserva", "--ajuda"),
    ("laws", "export"),
])
def test_full_disk_is_one_ptbr_line(args):
    with open("/dev/full", "wb") as full:
        proc = run_cli(*args, stdout=full)
    assert one_error_line(proc, 1) == "erro: não foi possível escrever o resultado: disco cheio."


@pytest.mark.parametrize("args", [
    ("calculator", "ordem", "--norma", "ubatuba", "--vagas", "10"),
    ("laws", "export"),
])
def test_closed_stdout_is_one_ptbr_line(args):
    proc = run_cli(*args, stdout=subprocess.DEVNULL, timeout=60, preexec_fn=lambda: os.close(1))
    assert one_error_line(proc, 1) == "erro: a saída padrão está fechada; o resultado não foi escrito."


def test_broken_pipe_stays_quiet():
    cmd = f"{sys.executable} -m calculator ordem --norma ubatuba --vagas 1000000 | head -c 10"
    proc = subprocess.run(cmd, shell=True, cwd=ROOT, capture_output=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b"" and len(proc.stdout) == 10


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="sem /dev/zero neste sistema")
def test_endless_input_is_refused_with_the_limit_named():
    # under 1 GiB of address space the old fh.read() died with MemoryError and a traceback
    proc = run_cli("calculator", "simular", "--norma", "ubatuba", "--vagas", "1", "/dev/zero",
                   preexec_fn=_limit_memory)
    line = one_error_line(proc, 2)
    assert csvtext.MAX_CSV_LABEL in line and "limite" in line
    assert proc.stdout == b""


def test_large_file_and_large_request_are_refused(tmp_path):
    big = tmp_path / "grande.csv"
    with big.open("wb") as fh:
        fh.write(GOOD.encode())
        fh.truncate(csvtext.MAX_CSV_BYTES + 1)
    proc = run_cli("calculator", "simular", "--norma", "ubatuba", "--vagas", "1", str(big))
    assert csvtext.MAX_CSV_LABEL in one_error_line(proc, 2)
    proc = run_cli("calculator", "simular", "--norma", "ubatuba", "--vagas", "1", "-",
               stdin=b"x" * (csvtext.MAX_CSV_BYTES + 1))
    assert csvtext.MAX_CSV_LABEL in one_error_line(proc, 2)
    # the page's path (api.handle) gives the same message before decoding anything
    huge = "x" * (csvtext.MAX_CSV_BYTES + 10)
    for req in ({"csv": huge}, {"csv_base64": base64.b64encode(huge.encode()).decode()}):
        out = json.loads(handle(json.dumps({"command": "simular", "norma": "ubatuba", "vagas": "1", **req})))
        assert out["ok"] is False and csvtext.MAX_CSV_LABEL in out["error"]["message"]
    # a file exactly at the limit is read (the limit is inclusive)
    assert len(csvtext.MAX_CSV_LABEL) and csvtext.MAX_CSV_BYTES == 50_000_000


# --- 6. control and bidi characters from the file or the arguments -------------------------------
HOSTILE = "Eve\u202eevE\x1b]0;t\x07\r\x08"  # RTL override, retitle, return, backspace


def test_names_reach_the_terminal_visible(tmp_path):
    path = tmp_path / "l.csv"
    path.write_text("inscricao,nome,classificacao\n" f'"I\x1b[1m","{HOSTILE}",1\n', encoding="utf-8")
    proc = run_cli("calculator", "simular", "--norma", "ubatuba", "--vagas", "1", str(path))
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr
    assert not any(ch in out for ch in "\x1b\x07\x08\r\u202e")
    assert "Eve<U+202E>evE<U+001B>]0;t" in out and "I<U+001B>[1m" in out  # (names cut at 30)
    # JSON keeps the data as it is (escaped by JSON itself)
    res = json.loads(run_cli("calculator", "simular", "--norma", "ubatuba", "--vagas", "1", str(path),
                         "--json").stdout)
    assert res["nominations"][0]["name"] == HOSTILE


def test_unrecognised_argument_echo_is_visible_and_short():
    proc = run_cli("calculator", "reserva", "--norma", "ubatuba", "--vagas", "1",
                   "x\x1b[2J\u202e" + "y" * 5000)
    line = one_error_line(proc, 2)
    assert "\x1b" not in line and "\u202e" not in line and "<U+001B>" in line
    assert len(line) < 200


def test_visible_rule():
    from calculator.cli.terminal import visible

    assert visible("Ana Souza") == "Ana Souza"
    assert visible("a\u00a0b\u2009c") == "a b c"
    assert visible("a\tb\u200bc\u2028") == "a<U+0009>b<U+200B>c<U+2028>"


# --- 13. messages that said the wrong thing ------------------------------------------------------
@pytest.mark.parametrize(("args", "expected"), [
    (("--vagas", "10", "--percentual", "--vagass", "3"), "erro: a opção --percentual precisa de um valor"),
    (("--vagas", "-0"), "erro: o número de vagas deve ser pelo menos 1 (opção --vagas)"),
    (("--vagas", "00"), "erro: o número de vagas deve ser pelo menos 1 (opção --vagas)"),
    (("--vagas", "3\x1c"), "erro: o número de vagas deve ser um número inteiro (ex.: 12), não '3\\x1c' "
                           "(opção --vagas)"),
    (("--vagas", "10", "--percentual", "-0"),
     "erro: o percentual deve ser maior que zero (opção --percentual)"),
])
def test_messages_say_what_is_wrong(args, expected):
    proc = run_cli("calculator", "reserva", "--norma", "ubatuba", *args, text=True)
    assert one_error_line(proc, 2) == expected


@pytest.mark.parametrize("option", ["--vagas", "--percentual", "--data-edital", "--norma", "--vinculo"])
def test_long_values_are_not_echoed_in_full(option):
    base = {"--norma": "ubatuba", "--vagas": "10"}
    base[option] = "9" * 2000 + "x" * 3000
    args = [x for kv in base.items() for x in kv]
    proc = run_cli("calculator", "reserva", *args, text=True)
    line = one_error_line(proc, 2)
    assert len(line) < 300, line


def test_simulator_options_do_not_echo_long_values(good_csv):
    proc = run_cli("calculator", "simular", "--norma", "lins", "--vagas", "3", "--percentual", "20",
               "--precedencia", "z" * 5000, str(good_csv), text=True)
    assert len(one_error_line(proc, 2)) < 300


@pytest.mark.parametrize(("ref", "expected"), [
    ("quissamã", "art1_par6"), ("QUISSAMA", "art1_par6"), ("Ubatuba:art2_par3", "art. 2º, § 3º"),
])
def test_laws_show_accepts_what_the_calculator_accepts(ref, expected):
    proc = run_cli("laws", "show", ref, text=True)
    assert proc.returncode == 0, proc.stderr
    assert expected in proc.stdout


@pytest.mark.parametrize("args", [["show", "recife"], ["show", "ubatuba:art99"], ["mostrar"], [],
                                  ["show", "x" * 5000 + "\x1b[2J"]])
def test_laws_errors_are_one_line(args):
    proc = run_cli("laws", *args, text=True)
    line = one_error_line(proc, 2)
    assert len(line) < 300 and "\x1b" not in line
    assert proc.stdout == ""
