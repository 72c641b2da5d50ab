"""A count that rests on a reading carries it in every tool (the legal review's N3): Lins's rounding, which
the decree does not set, and Ubatuba's § 3º rounding below the art. 1º minimum.  `reserva` says the reading
and the other one's count; `ordem`, `simular`, the nominations beyond the vacancies, `edital` (each cargo's
status and the concurso's) and the Tabelas page say the same, and an edital's verdict that flips under the
other reading is qualified, never a bare "conforme"."""

from __future__ import annotations

import json

import pytest

import calculator
from calculator.api import handle
from calculator.cli.edital_text import render_text
from calculator.ptbr import alternative_note
from tests.support import ROOT

SAMPLE = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")
LINS = {"percentual": "20", "data_edital": "2024-06-01"}
UBATUBA = {"data_edital": "2020-01-01"}


def ask(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request, ensure_ascii=False)))
    assert answer["ok"], answer
    return answer["result"]


def edital(norm: str, table: str, **options) -> dict:
    return ask({"command": "edital", "norma": norm, "csv": table, **options})


@pytest.mark.parametrize(("norm", "options"), [("lins", LINS), ("ubatuba", UBATUBA)])
@pytest.mark.parametrize("n", range(1, 41))
def test_every_tool_carries_the_reading_reserva_gives(norm, options, n):
    base = {"norma": norm, "vagas": str(n), **options}
    res = ask({"command": "reserva", **base})
    order = ask({"command": "ordem", **base})
    beyond = ask({"command": "ordem", **base, "nomeacoes": str(2 * n)})
    sim = ask({"command": "simular", **base, "csv": SAMPLE})
    alternative = res["alternative"]
    assert order["alternative"] == beyond["alternative"] == sim["alternative"] == alternative
    assert order["count_text"] == res["count_text"]
    if alternative is None:
        assert "seriam" not in order["headline"] and "seria " not in order["headline"]
        return
    note = alternative_note(alternative)
    assert note[:1].upper() + note[1:] in res["headline"]
    for answer in (order, beyond, sim):
        assert f"Reserva: {res['count_text']}." in answer["headline"], answer["headline"]
        assert note[:1].upper() + note[1:] in answer["headline"]
    # the interpretation the count rests on is shown beside the number, in every tool
    for answer in (res, order, sim):
        assert all(w.get("beside") for w in answer["warnings"]
                   if w["code"].endswith("arredondamento_interpretacao"))


def test_the_reviews_cases():
    order = ask({"command": "ordem", "norma": "lins", "vagas": "3", **LINS})
    assert order["headline"] == (
        "Nomeações pela lista reservada: 3ª (ordem por leitura, sem base no corpus). Reserva: 1 vaga "
        "reservada de 3, com o percentual informado (20%) e arredondamento por interpretação (o decreto não "
        "trata disso; confira a Lei nº 7.739/2023). Arredondando para baixo, seriam 0.")
    assert order["alternative"] == {"label": "arredondando para baixo", "reserved": 0, "basis": []}
    sim = ask({"command": "simular", "norma": "ubatuba", "vagas": "7", "csv": SAMPLE, **UBATUBA})
    assert sim["headline"].endswith(
        "Reserva: 1 vaga reservada de 7 (14,3%: abaixo do mínimo de 20% do art. 1º; veja o conflito). Pelo "
        "mínimo de 20% (art. 1º, caput; art. 2º, § 1º), seriam 2.")
    assert sim["alternative"]["reserved"] == 2
    assert set(sim["alternative"]["basis"]) >= {"ubatuba:art1_cpt", "ubatuba:art2_par3"}
    # a count that rests on no reading says nothing more (Ubatuba, 10 vagas: 2 exactly)
    assert ask({"command": "ordem", "norma": "ubatuba", "vagas": "10", **UBATUBA})["headline"] == \
        "Nomeações pela lista reservada: 3ª e 8ª."


@pytest.mark.parametrize(("n", "required"), [(6, 1), (7, 1), (11, 2), (12, 2)])
def test_ubatuba_counts_below_the_minimum_are_qualified_in_the_edital(n, required):
    res = edital("ubatuba", f"cargo;vagas;reservadas\nX;{n};{required}\n", **UBATUBA)
    (cargo,) = res["cargos"]
    assert cargo["status"] == "conforme"
    assert cargo["status_note"] == (
        f"pelo mínimo de 20% (art. 1º, caput; art. 2º, § 1º), a reserva seria de {required + 1}: abaixo "
        "(falta 1)")
    assert res["totals"]["status_depends"] == 1
    assert "Em 1 cargo, a situação muda com a outra leitura da contagem" in res["headline"]
    [flip] = [w for w in cargo["warnings"] if w["code"] == "edital_situacao_depende_da_leitura"]
    assert "o edital ficaria abaixo (falta 1)" in flip["message"] and flip["beside"]
    assert "ubatuba:art1_cpt" in flip["basis"]
    text = "".join(render_text(res))
    assert "conforme *" in text and "* A situação muda com a outra leitura" in text
    assert "; no concurso, pelo mínimo de 20%" in text  # the concurso's own count flips too


def test_a_verdict_that_holds_under_both_readings_is_not_qualified():
    res = edital("ubatuba", "cargo;vagas;reservadas\nX;7;2\n", **UBATUBA)  # 2 ≥ 1 and ≥ 2: acima / conforme
    (cargo,) = res["cargos"]
    assert cargo["status"] == "acima" and cargo["status_note"] is not None  # acima (+1) vs conforme: flips
    res = edital("ubatuba", "cargo;vagas;reservadas\nX;7;3\n", **UBATUBA)  # acima under both
    (cargo,) = res["cargos"]
    assert cargo["status"] == "acima" and cargo["status_note"] is None
    assert res["totals"]["status_depends"] == 0 and "situação muda" not in res["headline"]
    res = edital("ubatuba", "cargo;vagas;reservadas\nX;10;2\n", **UBATUBA)  # no reading: 2 exactly
    assert res["cargos"][0]["alternative"] is None and res["cargos"][0]["status_note"] is None


def test_lins_edital_of_the_review_names_the_rounding_beside_each_verdict():
    table = ("cargo;vagas;reservadas\nCargo A;1;0\nCargo B;2;1\nCargo C;3;1\nCargo D;4;0\nCargo E;5;1\n"
             "Cargo F;13;2\nCargo G;40;9\n")
    res = edital("lins", table, **LINS)
    notes = {c["cargo"]: c["status_note"] for c in res["cargos"]}
    assert notes["Cargo D"] == "arredondando para baixo, a reserva seria de 0: conforme"
    assert notes["Cargo F"] == "arredondando para baixo, a reserva seria de 2: conforme"
    assert notes["Cargo E"] is None and notes["Cargo G"] is None  # 1 of 5 and 8 of 40: exact
    assert res["totals"]["status_depends"] == 5
    assert "Em 5 cargos, a situação muda com a outra leitura da contagem" in res["headline"]
    # both cargos "abaixo" (D and F) are conforme rounding down: the summary line says so
    assert res["totals"]["status_below_depends"] == 2
    assert "com a outra leitura da contagem, 2 deles deixam de estar abaixo" in "".join(render_text(res))


def test_the_tables_mark_the_rows_whose_count_rests_on_a_reading():
    from sitebuild import context, tables

    data = tables.table_data(context.Context())
    ubatuba = {row["vacancies"]: row["alternative"] for row in data["norms"]["ubatuba"]["rows"]}
    # 20% of n with a fraction below 0,5 rounds below the minimum (art. 2º, § 3º; 3 vacancies or more)
    below = [n for n in range(3, 101) if 0 < (n * 2) % 10 < 5]
    assert sorted(n for n, alt in ubatuba.items() if alt) == below
    assert [6, 7, 11, 12] == sorted(n for n, alt in ubatuba.items() if alt)[:4]
    assert ubatuba[7]["reserved"] == 2
    for slug, table in data["norms"].items():
        for row in table["rows"]:
            res = calculator.reserve(slug, row["vacancies"], table["percent"])
            assert row["alternative"] == res["alternative"]
