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
