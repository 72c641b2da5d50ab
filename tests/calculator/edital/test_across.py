"""The same cargo in several editais (calculator/edital/across.py): which editais are compared (same norm,
percentage, vínculo and period), when summing a cargo's vacancies changes its reserve (the warning
fracionamento_entre_editais, naming the editais and the counts, with the fracionamento's basis), and that
the comparison never changes an edital's own answer."""

from __future__ import annotations

import json

import pytest

import laws
from calculator.api import handle

UBATUBA = {"norma": "ubatuba", "data_edital": "2020-03-02"}


def several(tables: dict[str, str], **common) -> dict:
    """The answer for the tables, named as given (the request's "editais"); an item's options may be given
    as (table, {options})."""
    items = []
    for name, table in tables.items():
        table, own = table if isinstance(table, tuple) else (table, {})
        items.append({"nome": name, "csv": table, **own})
    request = {"command": "edital", **common, "editais": items}
    out = json.loads(handle(json.dumps(request, ensure_ascii=False)))
    assert out["ok"], out
    return out["result"]


def single(table: str, **options) -> dict:
    out = json.loads(handle(json.dumps({"command": "edital", "csv": table, **options}, ensure_ascii=False)))
    assert out["ok"], out
    return out["result"]


def across(result: dict) -> list[dict]:
    return [w for w in result["warnings"] if w["code"] == "fracionamento_entre_editais"]


def table(*rows: str) -> str:
    return "cargo;vagas\n" + "".join(f"{row}\n" for row in rows)


# ------------------------------------------------------------------------- the cases, hand-worked
#: (what the case shows, the common options, {edital: its table}, the cargo compared, the vacancies and
#: reserve of each edital alone, the summed vacancies and their reserve, whether the warning is given)
CASES = [
    ("Ubatuba, art. 2º, § 2º: 2 vagas em cada edital, abaixo do mínimo de 3; somadas, 4 → 20% = 0,8 → 1 "
     "(art. 2º, § 3º)", UBATUBA,
     {"edital-01.csv": table("Professor;2", "Motorista;10"), "edital-02.csv": table("professor;2")},
     "Professor", [(2, 0), (2, 0)], (4, 1), True),
    ("Quissamã, art. 1º, § 7º: 3 vagas reservam 0 (10% de 3 = 0,3); somadas, 6 vagas, acima de 5: 20% = "
     "1,2 → 1", {"norma": "quissama", "data_edital": "2023-05-02"},
     {"a.csv": table("Enfermeiro;3"), "b.csv": table("Enfermeiro;3")},
     "Enfermeiro", [(3, 0), (3, 0)], (6, 1), True),
    ("Ubatuba: 13 vagas reservam 3 (2,6 → 3); somadas, 26 → 5,2 → 5: cada edital reserva mais", UBATUBA,
     {"a.csv": table("Agente;13"), "b.csv": table("Agente;13")},
     "Agente", [(13, 3), (13, 3)], (26, 5), True),
    ("Ubatuba: três editais de 1 vaga; somados, 3 → 0,6 → 1", UBATUBA,
     {"a.csv": table("Vigia;1"), "b.csv": table("Vigia;1"), "c.csv": table("Vigia;1")},
     "Vigia", [(1, 0), (1, 0), (1, 0)], (3, 1), True),
    ("Ubatuba: 10 e 5 vagas reservam 2 e 1; somadas, 15 → 3: a soma não muda a reserva", UBATUBA,
     {"a.csv": table("Agente;10"), "b.csv": table("Agente;5")},
     "Agente", [(10, 2), (5, 1)], (15, 3), False),
]


@pytest.mark.parametrize(("case", "common", "tables", "cargo", "alone", "together", "warned"), CASES,
                         ids=[c[0][:40] for c in CASES])
def test_the_same_cargo_alone_and_together(case, common, tables, cargo, alone, together, warned):
    r = several(tables, **common)
    compared = next(c for c in r["comparison"]["cargos"] if c["cargo"] == cargo)
    assert [(f["vacancies"], f["reserved"]) for f in compared["editais"]] == alone
    assert [f["name"] for f in compared["editais"]] == list(tables)
    assert (compared["vacancies"], compared["reserved_together"]) == together
    assert compared["reserved_separately"] == sum(n for _, n in alone)
    assert compared["fragmented"] is warned
    warnings = across(r)
    assert len(warnings) == (1 if warned else 0)
    if warned:
        message = warnings[0]["message"]
        assert f"“{cargo}”" in message
        for name, (n, reserved) in zip(tables, alone, strict=True):
            assert f"“{name}” ({n} vaga{'s' if n != 1 else ''} → {reserved} vaga" in message
        assert f"{together[0]} vagas → {together[1]} vaga" in message
        assert "um só concurso" in message and "fica com o seu número" in message
        assert warnings[0]["kind"] == "conflito"


def test_below_the_minimum_in_each_edital_and_at_it_together():
    r = several(CASES[0][2], **UBATUBA)
    w = across(r)[0]
    assert "Cada edital sozinho fica abaixo do mínimo de vagas da norma" in w["message"]
    assert ("“edital-01.csv” (2 vagas → 0 vagas reservadas) e “edital-02.csv” (2 vagas → 0 vagas "
            in w["message"])
    assert "4 vagas → 1 vaga reservada" in w["message"]
    assert "a dos editais como um só concurso" in w["message"]
    # the basis the single edital's fracionamento warning cites (art. 2º, caput × § 2º)
    assert w["basis"] == ["ubatuba:art2_cpt", "ubatuba:art2_par2"]
    assert r["basis"] == w["basis"] and r["context"][0]["kind"] == "contexto_nacional"
    assert "fracionamento entre editais em 1 cargo (“Professor”)" in r["headline"]
    # Motorista is in one edital only: not compared
    assert [c["cargo"] for c in r["comparison"]["cargos"]] == ["Professor"]


def test_a_sum_that_reserves_less_says_each_edital_reserves_more_and_keeps_their_numbers():
    r = several(CASES[2][2], **UBATUBA)
    w = across(r)[0]
    assert "A leitura que reserva mais é a de cada edital" in w["message"]
    # 26 vacancies: 5 by art. 2º, § 3º's rounding; 6 by the minimum of 20% (art. 1º): said beside, cited
    assert "(pelo mínimo de 20% (art. 1º, caput; art. 2º, § 1º), seriam 6)" in w["message"]
    assert w["basis"] == ["ubatuba:art2_cpt", "ubatuba:art2_par2", "ubatuba:art1_cpt", "ubatuba:art2_par1",
                          "ubatuba:art2_par3"]
    assert [e["result"]["totals"]["reserved"] for e in r["editais"]] == [3, 3]


def test_quissama_cites_its_concurso_reading_and_lins_says_it_has_no_basis():
    q = across(several(CASES[1][2], **CASES[1][1]))[0]
    assert q["basis"] == ["quissama:art1_cpt", "quissama:art1_par7"]
    lins = several({"a.csv": table("Fiscal;3"), "b.csv": table("Fiscal;3")}, norma="lins", percentual="20",
                   data_edital="2024-05-02")
    w = across(lins)[0]  # 3 → 0,6 → 1 in each (2 in all); 6 → 1,2 → 1
    assert (w["basis"], w["basis_kind"]) == ([], "sem_base_no_corpus")
    assert "sem base no corpus" in w["message"]


@pytest.mark.parametrize(("why", "tables", "common"), [
    ("normas diferentes", {"a.csv": table("Professor;2"), "b.csv": (
        table("Professor;2"), {"norma": "quissama", "data_edital": "2023-05-02"})}, UBATUBA),
    ("cargos diferentes", {"a.csv": table("Professor;2"), "b.csv": table("Professora;2")}, UBATUBA),
    ("um edital fora da vigência", {"a.csv": table("Professor;2"),
                                    "b.csv": (table("Professor;2"), {"data_edital": "2025-01-02"})}, UBATUBA),
    ("um com data, outro sem", {"a.csv": table("Professor;2"),
                                "b.csv": (table("Professor;2"), {"data_edital": None})}, UBATUBA),
    ("percentuais diferentes", {"a.csv": table("Professor;2"),
                                "b.csv": (table("Professor;2"), {"percentual": "30"})}, UBATUBA),
    ("vínculos diferentes", {"a.csv": table("Professor;2"),
                             "b.csv": (table("Professor;2"), {"vinculo": "emprego"})}, UBATUBA),
    ("cargo sem vagas num deles", {"a.csv": table("Professor;2"), "b.csv": table("Professor;CR")}, UBATUBA),
])
def test_no_warning_across_editais_that_are_not_comparable(why, tables, common):
    r = several(tables, **common)
    assert across(r) == [] and r["warnings"] == [] and r["basis"] == [] and r["context"] == []
    assert all(not c["fragmented"] for c in r["comparison"]["cargos"])


def test_editais_of_different_norms_stand_in_groups_of_their_own():
    r = several({"a.csv": table("Professor;2"), "b.csv": (table("Professor;2"), {"norma": "quissama"}),
                 "c.csv": table("Professor;2")}, norma="ubatuba")
    assert r["comparison"]["groups"] == [{"norm": "ubatuba", "editais": ["a.csv", "c.csv"]},
                                         {"norm": "quissama", "editais": ["b.csv"]}]
    w = across(r)[0]
    assert "“a.csv”" in w["message"] and "“c.csv”" in w["message"] and "“b.csv”" not in w["message"]


def test_undated_editais_are_compared_in_the_window_their_answers_assume():
    r = several({"a.csv": table("Professor;2"), "b.csv": table("Professor;2")}, norma="ubatuba")
    assert len(across(r)) == 1


def test_each_edital_keeps_exactly_its_single_answer():
    tables = {"a.csv": table("Professor;2", "Agente;13"), "b.csv": table("professor;2", "Agente;13")}
    r = several(tables, **UBATUBA)
    for e, (name, t) in zip(r["editais"], tables.items(), strict=True):
        assert e["name"] == name
        assert e["result"] == single(t, **UBATUBA)


def test_every_basis_of_the_comparison_resolves_and_the_answer_meets_the_schema():
    from jsonschema import Draft202012Validator

    from calculator import answer_schema

    corpus = laws.load_corpus()
    validator = Draft202012Validator(answer_schema.schema("edital"))
    for _case, common, tables, *_ in CASES:
        r = several(tables, **common)
        refs = set(r["basis"]) | {b for w in r["warnings"] for b in w["basis"]}
        assert all(corpus.resolve(ref) for ref in refs), refs
        assert not list(validator.iter_errors(r))
    assert list(validator.iter_errors({**r, "novo": 1}))
