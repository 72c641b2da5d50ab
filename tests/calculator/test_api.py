"""`api.handle` is the one JSON entry point (the page's worker, the parity tests): whatever it is sent,
it returns a JSON answer, {"ok": true, "result"} or {"ok": false, "error": {"message", "field"}}, and never
raises. Fuzzed with nested, unhashable and deep values in every field of every command, a list or an object
as the command, and JSON nested deeper than the parser goes."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from calculator.api import COMMANDS, handle

FIELDS = ["command", "norma", "vagas", "percentual", "data_edital", "vinculo", "leitura", "nomeacoes", "csv",
          "csv_base64", "cotistas", "pcd", "mulheres", "coluna", "x"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**20, max_value=10**20),
                    st.floats(allow_nan=False), st.text(max_size=30),
                    st.sampled_from(["ubatuba", "quissama", "lins", "13", "20", "2020-05-05", "", "-1",
                                     "cargo;vagas\nA;3\n", "1e309", "10" * 40]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def _answer(text: str) -> dict:
    out = handle(text)
    answer = json.loads(out)
    assert set(answer) in ({"ok", "result"}, {"ok", "error"})
    if not answer["ok"]:
        assert set(answer["error"]) == {"message", "field"} and isinstance(answer["error"]["message"], str)
        # bad input is named as such: the catch-all answer for a defect never shows up
        assert "erro interno" not in answer["error"]["message"], answer
    return answer


@given(command=st.one_of(st.sampled_from(list(COMMANDS)), values),
       fields=st.dictionaries(st.sampled_from(FIELDS[1:]), values, max_size=6))
def test_any_request_gets_an_answer(command, fields):
    _answer(json.dumps({"command": command, **fields}))


@given(values)
def test_any_json_document_gets_an_answer(document):
    _answer(json.dumps(document))


def test_unhashable_commands_and_deep_nesting_are_refused_in_words():
    for command in (["reserva"], {"reserva": 1}, [[["x"]]]):
        error = _answer(json.dumps({"command": command}))["error"]
        assert error["field"] == "command" and "deve ser um texto" in error["message"]
    for depth in (1_000, 100_000):
        error = _answer("[" * depth + "]" * depth)["error"]
        assert error["field"] == "command"
    error = _answer('{"command": "reserva", "norma": ' + "[" * 100_000 + "]" * 100_000 + "}")["error"]
    assert "aninhadas demais" in error["message"]


def _every_field() -> list[tuple[str, str]]:
    """(command, field) for every field every command takes."""
    from calculator import edital, simulator

    fields = {"reserva": ("norma", "vagas", "percentual", "data_edital", "data_nomeacao", "vinculo"),
              "ordem": ("norma", "vagas", "percentual", "leitura", "vinculo", "nomeacoes", "data_edital"),
              "simular": simulator.API_FIELDS, "edital": edital.API_FIELDS}
    return [(command, field) for command, names in fields.items() for field in names]


def test_the_reviews_values_in_every_field_of_every_command_get_a_named_answer():
    """The review's L2 and L3: an integer zero-padded past Python's 4,300-digit limit, a list or an object
    where a choice goes, in every field of every command, each answered in words (never "erro interno"),
    and a field name with a lone surrogate refused in an answer that can be written as UTF-8."""
    padded = "0" * 5000 + "3"
    csv = "inscricao;classificacao;cotista\n1;1;sim\n"
    for command, field in _every_field():
        base = {"command": command, "norma": "ubatuba", "vagas": "3"}
        if command in ("simular", "edital"):
            base["csv"] = csv if command == "simular" else "cargo;vagas\nA;3\n"
        for value in (padded, [1], {"a": 1}, True):
            _answer(json.dumps({**base, field: value}))
    assert json.loads(handle(json.dumps({"command": "reserva", "norma": "ubatuba", "vagas": padded})))[
        "result"]["reserved"] == 1
    answer = handle('{"command": "reserva", "norma": "ubatuba", "vagas": "3", "\\ud800x": 1}')
    answer.encode("utf-8")
    assert json.loads(answer)["error"]["field"] is None


def _version_requests() -> list[dict]:
    """One request per command (`ordem` twice: nominations beyond the vacancies are another stage's)."""
    from tests.support import ROOT

    classification = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")
    return [{"command": "reserva", "norma": "ubatuba", "vagas": "10"},
            {"command": "ordem", "norma": "quissama", "vagas": "12"},
            {"command": "ordem", "norma": "ubatuba", "vagas": "10", "nomeacoes": "20"},
            {"command": "parametros", "norma": "lins"},
            {"command": "simular", "norma": "ubatuba", "vagas": "10", "csv": classification},
            {"command": "pdf_tabela",
             "palavras": [[1, 0, 60, 0, 10, "CARGO  VAGAS"], [1, 0, 60, 12, 22, "A      10   "]]},
            {"command": "relatorio", "norma": "ubatuba", "csv": "cargo;vagas\nA;10\n", "gerado_em": 0},
            {"command": "edital", "norma": "ubatuba", "csv": "cargo;vagas\nA;10\nB;3\n"}]


def test_every_commands_answer_names_the_package_version_that_computed_it():
    """Beside schema_version (the shape), calculator_version (the release, calculator.VERSION, written once):
    in the answer of every command and in each cargo of an edital, which may be read on its own."""
    from calculator import VERSION

    requests = _version_requests()
    assert {r["command"] for r in requests} == set(COMMANDS)
    for request in requests:
        result = _answer(json.dumps(request))["result"]
        assert result["calculator_version"] == VERSION, request["command"]
        assert all(c["calculator_version"] == VERSION for c in result.get("cargos", []))
    assert len(result["cargos"]) == 2
