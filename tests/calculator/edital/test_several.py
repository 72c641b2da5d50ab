"""Several editais in one request (calculator/edital/several.py): the request's "editais", each item's own
options over the common ones, and every refusal in words, naming the edital it is about."""

from __future__ import annotations

import base64
import json

import pytest

from calculator.api import handle
from calculator.limits import EDITAIS

TABLE = "cargo;vagas\nProfessor;2\n"


def answer(request: dict) -> dict:
    return json.loads(handle(json.dumps({"command": "edital", **request}, ensure_ascii=False)))


def test_the_tables_go_in_editais_as_text_or_as_the_files_bytes():
    r = answer({"norma": "ubatuba", "editais": [
        {"nome": "a.csv", "csv": TABLE},
        {"nome": "b.csv", "csv_base64": base64.b64encode(TABLE.encode("cp1252")).decode()}]})
    assert r["ok"], r
    result = r["result"]
    assert [e["name"] for e in result["editais"]] == ["a.csv", "b.csv"]
    assert result["editais"][0]["result"] == result["editais"][1]["result"]
    assert set(result) == {"command", "schema_version", "calculator_version", "editais", "comparison",
                           "headline", "warnings", "context", "basis"}


def test_an_edital_without_a_name_is_named_by_its_place():
    r = answer({"norma": "ubatuba", "editais": [{"csv": TABLE}, {"csv": TABLE}]})["result"]
    assert [e["name"] for e in r["editais"]] == ["edital 1", "edital 2"]


def test_one_edital_in_editais_has_nothing_to_compare():
    r = answer({"norma": "ubatuba", "editais": [{"nome": "a.csv", "csv": TABLE}]})["result"]
    assert r["comparison"] == {"groups": [{"norm": "ubatuba", "editais": ["a.csv"]}], "cargos": []}
    assert "nenhum par de editais" in r["headline"]


def test_an_items_options_stand_over_the_common_ones():
    r = answer({"norma": "ubatuba", "percentual": "30", "editais": [
        {"nome": "a.csv", "csv": TABLE}, {"nome": "b.csv", "csv": TABLE, "norma": "quissama",
                                          "percentual": None}]})["result"]
    assert [e["result"]["norm"] for e in r["editais"]] == ["ubatuba", "quissama"]
    assert r["editais"][0]["result"]["percent"] == "30"


@pytest.mark.parametrize(("request_", "words"), [
    ({"norma": "ubatuba", "editais": []}, "deve ser uma lista de editais"),
    ({"norma": "ubatuba", "editais": "a.csv"}, "deve ser uma lista de editais"),
    ({"norma": "ubatuba", "editais": [TABLE]}, "item 1: cada edital é um objeto"),
    ({"norma": "ubatuba", "editais": [{"nome": 3, "csv": TABLE}]},
     "item 1: o nome (“nome”) deve ser um texto"),
    ({"norma": "ubatuba", "csv": TABLE, "editais": [{"csv": TABLE}]}, "não as duas formas"),
    ({"norma": "ubatuba", "editais": [{"nome": "a.csv", "csv": TABLE, "tabela": 1}]},
     "a.csv: campo desconhecido"),
    ({"norma": "ubatuba", "editais": [{"nome": "a.csv", "csv": TABLE}, {"nome": "a.csv", "csv": TABLE}]},
     "o edital “a.csv” foi informado duas vezes"),
    ({"editais": [{"nome": "a.csv", "csv": TABLE}]}, "a.csv: informe a norma"),
    ({"norma": "ubatuba", "editais": [{"nome": "a.csv", "csv": TABLE},
                                      {"nome": "b.csv", "csv": "cargo;vagas\nA;-3\n"}]},
     "b.csv: Linha 2, coluna 2 (“vagas”): o número de vagas não pode ser negativo"),
    ({"norma": "ubatuba", "editais": [{"nome": "a.csv"}]}, "a.csv: campo obrigatório ausente: csv"),
    ({"norma": "ubatuba", "editais": [{"csv": TABLE}] * (EDITAIS + 1)}, f"o limite é {EDITAIS}"),
])
def test_a_refused_request_says_why_and_names_the_edital(request_, words):
    r = answer(request_)
    assert not r["ok"] and words in r["error"]["message"], r


@pytest.mark.parametrize("value", ["0" * 5000 + "3", [1], {"a": 1}, True, None, [[]], [{"csv": [1]}]])
def test_any_value_in_editais_gets_an_answer_in_words(value):
    r = answer({"norma": "ubatuba", "editais": value})
    assert not r["ok"] and "erro interno" not in r["error"]["message"]
