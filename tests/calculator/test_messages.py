"""The Python messages are shared by the CLI and the browser page, so they must not speak of
command-line flags; the CLI names the option itself (calculator.__main__.option_hint)."""

from __future__ import annotations

import json
import re

import pytest

from calculator import api
from tests.support import ROOT, run_cli

SAMPLE = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")
FLAG = re.compile(r"(?<![\w-])--[a-z]")

REQUESTS = [
    {"command": "reserva", "norma": "ubatuba", "vagas": "10"},
    {"command": "reserva", "norma": "lins", "vagas": "10"},
    {"command": "reserva", "norma": "lins", "vagas": "10", "percentual": "20", "data_edital": "2024-02-07"},
    {"command": "reserva", "norma": "quissama", "vagas": "4", "data_edital": "2022-03-10"},
    {"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "10"},
    {"command": "reserva", "norma": "ubatuba", "vagas": "10", "vinculo": "comissao"},
    {"command": "ordem", "norma": "ubatuba", "vagas": "20"},
    {"command": "ordem", "norma": "ubatuba", "vagas": "20", "leitura": "quinta"},
    {"command": "ordem", "norma": "lins", "vagas": "20", "percentual": "30"},
    {"command": "ordem", "norma": "quissama", "vagas": "13", "leitura": "proporcional"},
    {"command": "parametros", "norma": "ubatuba"},
    {"command": "simular", "norma": "ubatuba", "vagas": "10", "csv": SAMPLE},
    {"command": "simular", "norma": "ubatuba", "vagas": "10", "csv": SAMPLE, "substituicao": "geral"},
    {"command": "simular", "norma": "lins", "vagas": "10", "percentual": "20", "csv": SAMPLE,
     "vagas_pcd": "2"},
    {"command": "simular", "norma": "quissama", "vagas": "10", "csv": SAMPLE, "precedencia": "art4-par1u"},
    {"command": "simular", "norma": "quissama", "vagas": "10", "csv": SAMPLE, "vagas_femininas": "2"},
]


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from _strings(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _strings(value)


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: "-".join(str(v)[:12] for v in r.values()))
def test_no_command_line_flag_in_messages(request_):
    answer = json.loads(api.handle(json.dumps(request_)))
    texts = [s for s in _strings(answer) if " " in s]  # prose, not values such as "2024-02-07"
    assert texts, answer
    offending = [t for t in texts if FLAG.search(t)]
    assert not offending, offending


@pytest.mark.parametrize(("args", "option"), [
    (["reserva", "--norma", "lins", "--vagas", "10"], "--percentual"),
    (["reserva", "--norma", "ubatuba", "--vagas", "10", "--data-edital", "2020-13-01"], "--data-edital"),
    (["ordem", "--norma", "quissama", "--vagas", "10", "--leitura", "proporcional"], "--leitura"),
])
def test_cli_error_names_the_option(args, option):
    proc = run_cli("calculator", *args, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("erro: ") and proc.stderr.count("\n") == 1
    assert f"(opção {option})" in proc.stderr
