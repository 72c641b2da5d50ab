"""Calculator rules: tables of cases from the law text, exact arithmetic, validity, warnings."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from datetime import date
from fractions import Fraction

import pytest

import calculator
from calculator.api import handle
from calculator.arithmetic import POSITIONS_LIMIT, round_half_up
from calculator.errors import InputError
from calculator.ptbr import format_number
from calculator.rules.calls import call_count
from calculator.stages.inputs import parse_percent, parse_vacancies
from tests.support import ROOT


# --- exact rounding ------------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "expected"), [
    (Fraction(0), 0), (Fraction(2, 5), 0), (Fraction(1, 2), 1), (Fraction(3, 5), 1), (Fraction(3, 2), 2),
    (Fraction(5, 2), 3), (Fraction(49, 100), 0), (Fraction(13, 5), 3), (Fraction(12, 5), 2),
    (Fraction(10**30 + 1, 2), 10**30 // 2 + 1),
])
def test_round_half_up(value, expected):
    assert round_half_up(value) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("25", Fraction(25)), ("25,5", Fraction(51, 2)), ("25.5", Fraction(51, 2)), (" 20 ", Fraction(20)),
    ("33,333", Fraction(33333, 1000)), ("20%", Fraction(20)), ("100", Fraction(100)),
    ("0,1", Fraction(1, 10)),
    (None, None), ("", None),
])
def test_parse_percent_exact(text, expected):
    assert parse_percent(text) == expected


@pytest.mark.parametrize("text", ["abc", "-5", "0", "0,0", "100,01", "1e2", "25,", ",5", "2 5", "25,5,5",
                                  "inf"])
def test_parse_percent_rejects(text):
    with pytest.raises(InputError) as exc:
        parse_percent(text)
    assert exc.value.field == "percentual"


@pytest.mark.parametrize("text", ["abc", "-1", "0", "1.5", "1e9", "", " ", "١٢", "1_000", "9" * 5000])
def test_parse_vacancies_rejects(text):
    with pytest.raises(InputError) as exc:
        parse_vacancies(text)
    assert exc.value.field == "vagas"


def test_format_number():
    assert format_number(Fraction(13, 5)) == "2,6"
    assert format_number(Fraction(51, 20)) == "2,55"
    assert format_number(Fraction(1, 3)) == "1/3"
    assert format_number(Fraction(200000000)) == "200.000.000"


# --- reserved seats: cases written from the law text ---------------------------------------------
@pytest.mark.parametrize(("norm", "vacancies", "percent", "reserved", "applies", "exact"), [
    # Ubatuba: 20% (art. 1º), ≥ 3 vacancies (art. 2º, § 2º), half up (art. 2º, § 3º)
    ("ubatuba", 1, None, 0, False, "1/5"),
    ("ubatuba", 2, None, 0, False, "2/5"),
    ("ubatuba", 3, None, 1, True, "3/5"),      # 0,6 → 1
    ("ubatuba", 5, None, 1, True, "1"),
    ("ubatuba", 7, None, 1, True, "7/5"),      # 1,4 → 1
    ("ubatuba", 8, None, 2, True, "8/5"),      # 1,6 → 2
    ("ubatuba", 10, None, 2, True, "2"),
    ("ubatuba", 12, None, 2, True, "12/5"),    # 2,4 → 2
    ("ubatuba", 13, None, 3, True, "13/5"),    # 2,6 → 3
    ("ubatuba", 10, "25", 3, True, "5/2"),     # 2,5 → 3 (exact half)
    ("ubatuba", 2, "50", 0, False, "1"),       # minimum of 3 beats the percentage
    ("ubatuba", 10, "25,5", 3, True, "51/20"),  # 2,55 → 3
    # Quissamã: 10% up to 5 vacancies (art. 1º, § 7º), else 20% (art. 1º); half up (§ 1º)
    ("quissama", 1, None, 0, True, "1/10"),
    ("quissama", 4, None, 0, True, "2/5"),
    ("quissama", 5, None, 1, True, "1/2"),     # 0,5 → 1 (exact half)
    ("quissama", 6, None, 1, True, "6/5"),
    ("quissama", 12, None, 2, True, "12/5"),   # 2,4 → 2
    ("quissama", 13, None, 3, True, "13/5"),   # 2,6 → 3
    ("quissama", 5, "10", 1, True, "1/2"),     # the legal value may be given
    # Lins: the user's percentage (Lei nº 7.739/2023), half up by interpretation
    ("lins", 10, "20", 2, True, "2"),
    ("lins", 10, "25", 3, True, "5/2"),
    ("lins", 10, "24,9", 2, True, "249/100"),
    ("lins", 1, "50", 1, True, "1/2"),
])
def test_reserved_table(norm, vacancies, percent, reserved, applies, exact):
    # without an edital date the answer holds only inside the validity window: applies is null; whether
    # these vacancies call for a reserve at all is reserve_required (Ubatuba: 3 or more)
    r = calculator.reserve(norm, vacancies, percent)
    got = (r["reserved"], r["applies"], r["reserve_required"], r["exact"])
    assert got == (reserved, None, applies, exact)
    assert isinstance(r["reserved"], int) and r["validity_window"] is not None
    dated = calculator.reserve(norm, vacancies, percent, edital_date="2025-01-01" if norm == "lins"
                               else "2020-01-01")
    assert (dated["reserved"], dated["applies"], dated["reserve_required"]) == (reserved, True, applies)
    assert r["steps"] and r["basis"]
    json.dumps(r)  # JSON-ready


def test_percent_display_and_string_inputs():
    r = calculator.reserve("lins", "10", percent="25,5")
    assert r["percent"] == "51/2" and r["percent_display"] == "25,5%" and r["exact_display"] == "2,55"
    assert calculator.reserve("ubatuba", 13, Fraction(30))["reserved"] == 4  # 3,9 → 4


@pytest.mark.parametrize(("norm", "kwargs", "field"), [
    ("ubatuba", {"percent": "19,99"}, "percentual"),
    ("ubatuba", {"percent": "10"}, "percentual"),
    ("quissama", {"percent": "25"}, "percentual"),
    ("quissama", {"percent": "10"}, "percentual"),   # 10% is for ≤ 5 vacancies only (here 10)
    ("lins", {}, "percentual"),
    ("ubatuba", {"edital_date": "2023-02-30"}, "data_edital"),
    ("ubatuba", {"edital_date": "30/01/2023"}, "data_edital"),
    ("ubatuba", {"scope": "temporario"}, "vinculo"),
    ("quissama", {"scope": "comissao"}, "vinculo"),
    ("lins", {"percent": "20", "scope": "estagio"}, "vinculo"),
    ("recife", {}, "norma"),
])
def test_reserve_errors(norm, kwargs, field):
    with pytest.raises(InputError) as exc:
        calculator.reserve(norm, 10, **kwargs)
    assert exc.value.field == field
    assert "\n" not in exc.value.message


def test_norm_names_are_forgiving():
    assert calculator.reserve("Quissamã", 13)["norm"] == "quissama"


# --- warnings: conflicts and ambiguities are results ---------------------------------------------
def codes(result):
    return {w["code"] for w in result["warnings"]}


@pytest.mark.parametrize(("n", "conflict"), [(6, False), (7, False), (8, True), (9, True), (10, False),
                                             (13, True), (14, True), (15, False), (5, False), (4, False)])
def test_quissama_reserve_vs_order_conflict(n, conflict):
    r = calculator.order("quissama", n)
    assert ("quissama_reserva_maior_que_ordem" in codes(r)) is conflict
    # art. 1º's count survives the call order: the seat the blocks of five leave out is the last
    # nomination of the incomplete block (labelled interpretation)
    assert r["reserved"] == r["positions_total"] == len(r["positions"])
    assert r["interpreted_positions"] == ([n] if conflict else [])


def test_quissama_small_exam_warning():
    r = calculator.reserve("quissama", 5)
    assert "quissama_dez_por_cento" in codes(r)
    assert "quissama_dez_por_cento" not in codes(calculator.reserve("quissama", 6))
    assert calculator.order("quissama", 5)["positions"] == [5]


@pytest.mark.parametrize(("n", "ten", "twenty", "phrase"), [
    (1, 0, 0, "o mesmo resultado"), (2, 0, 0, "o mesmo resultado"),
    (3, 0, 1, "zera a reserva"), (4, 0, 1, "zera a reserva"), (5, 1, 1, "o mesmo resultado"),
])
def test_quissama_ten_percent_notice_is_exact_and_not_a_conflict(n, ten, twenty, phrase):
    r = calculator.reserve("quissama", n)
    assert r["reserved"] == ten
    w = next(x for x in r["warnings"] if x["code"] == "quissama_dez_por_cento")
    assert w["kind"] == "aviso"
    assert phrase in w["message"] and f"arredondado para {ten}" in w["message"]
    other = "zera a reserva" if phrase == "o mesmo resultado" else "o mesmo resultado"
    assert other not in w["message"]
    assert f"20% de {n} = " in w["message"]
    assert f"→ {twenty})" in w["message"] or f"seria {twenty} vaga" in w["message"]


def test_ubatuba_scope_warnings():
    r = calculator.reserve("ubatuba", 10, scope="comissao")
    assert {"ubatuba_art8_paragrafo_inexistente", "ubatuba_comissao_conjunto"} <= codes(r)
    # art. 8º: no minimum of 3 (undated: conditional on the nomination's date, applies null)
    assert calculator.reserve("ubatuba", 2, scope="comissao")["applies"] is None
    assert calculator.reserve("ubatuba", 2, scope="comissao", edital_date="2020-01-01")["applies"] is True
    assert "ubatuba_estagio_por_orgao" in codes(calculator.reserve("ubatuba", 10, scope="estagio"))
    assert "ubatuba_emprego_pcd_primeiro" in codes(calculator.order("ubatuba", 10, scope="emprego"))


def test_lins_warnings_only_where_they_can_change_the_answer():
    # 20% of 10 = 2 exactly: no rounding, so no rounding warning; the texts' own conflicts (art. 6º's
    # "3 listas"; art. 4º, p. u. × art. 6º, § 2º) stay in `parametros` and on the norm's page
    r = calculator.reserve("lins", 10, "20")
    assert codes(r) & {"lins_pcd_duas_listas", "lins_tres_listas_quatro_incisos",
                       "lins_arredondamento_interpretacao"} == set()
    assert "lins_percentual_informado" in codes(r)
    rounded = calculator.reserve("lins", 13, "20")  # 2,6 → 3: the rounding (no basis in the decree) matters
    w = next(w for w in rounded["warnings"] if w["code"] == "lins_arredondamento_interpretacao")
    assert w["kind"] == "interpretacao" and w["basis"] == [] and w["basis_kind"] == "sem_base_no_corpus"
    standing = {w["code"]: w["kind"] for w in calculator.parameters("lins")["warnings"]}
    assert standing == {"lins_pcd_duas_listas": "conflito", "lins_tres_listas_quatro_incisos": "conflito"}
    assert "lins_ordem_interpretacao" in codes(calculator.order("lins", 10, "20"))


def test_order_is_labelled_interpretation_for_ubatuba():
    r = calculator.order("ubatuba", 13)
    w = [w for w in r["warnings"] if w["code"] == "ubatuba_ordem_interpretacao"][0]
    assert w["kind"] == "interpretacao" and "ubatuba:art7_cpt" in w["basis"]


# --- call order ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("norm", "n", "percent", "reading", "positions"), [
    ("ubatuba", 2, None, None, []),
    ("ubatuba", 3, None, None, [3]),
    ("ubatuba", 20, None, None, [3, 8, 13, 18]),
    ("ubatuba", 20, None, "quinta", [5, 10, 15, 20]),
    ("ubatuba", 10, "50", None, [1, 3, 5, 7, 9]),
    ("ubatuba", 12, "25", "quinta", [4, 8, 12]),
    ("quissama", 4, None, None, []),
    ("quissama", 5, None, None, [5]),
    ("quissama", 13, None, None, [5, 10, 13]),  # art. 1º count: 3rd seat at the 13th (interpretation)
    ("quissama", 20, None, "quinta", [5, 10, 15, 20]),
    ("lins", 20, "20", None, [3, 8, 13, 18]),
    ("lins", 10, "30", None, [2, 5, 9]),      # 0,6→1 at 2; 1,5→2 at 5; 2,7→3 at 9
    ("lins", 10, "30", "quinta", [4, 7, 10]),
])
def test_order_table(norm, n, percent, reading, positions):
    r = calculator.order(norm, n, percent, reading)
    assert r["positions"] == positions
    assert r["positions_total"] == len(positions)
    assert r["positions_truncated"] is False


def test_ubatuba_quinta_reading_conflict():
    r = calculator.order("ubatuba", 13, reading="quinta")
    # art. 2º, § 3º: 2,6 → 3 reserved; blocks of five give 5ª and 10ª, the third seat is the 13ª
    assert r["positions"] == [5, 10, 13] and r["reserved"] == 3 and r["interpreted_positions"] == [13]
    w = next(w for w in r["warnings"] if w["code"] == "ubatuba_ordem_menor_que_reserva")
    assert "ficaria para depois" not in w["message"] and "interpretação" in w["message"]


def test_ubatuba_minimum_and_order_warning():
    assert "ubatuba_minimo_e_ordem" in codes(calculator.order("ubatuba", 10, "50"))
    assert "ubatuba_minimo_e_ordem" not in codes(calculator.order("ubatuba", 10))


def test_quissama_refuses_other_readings():
    with pytest.raises(InputError) as exc:
        calculator.order("quissama", 10, reading="proporcional")
    assert exc.value.field == "leitura"
    with pytest.raises(InputError):
        calculator.order("ubatuba", 10, reading="aleatoria")


def test_huge_inputs_are_summarised():
    for norm, percent in (("ubatuba", None), ("quissama", None), ("lins", "33,333"), ("ubatuba", "25,5")):
        for n in (10**9, 10**15):
            r = calculator.order(norm, n, percent)
            assert r["positions_truncated"] is True
            assert len(r["positions"]) == POSITIONS_LIMIT == 100_000
            assert r["positions_total"] >= 10**8
            assert len(json.dumps(r)) < 1_500_000
            assert calculator.reserve(norm, n, percent)["reserved"] >= r["positions_total"]
    r = calculator.order("ubatuba", 10**9)
    assert r["positions_total"] == 2 * 10**8 == r["reserved"]
    assert r["pattern"] == {"period": 5, "reserved_per_period": 1, "first_period": [3]}
    assert r["positions"][-1] == 3 + 5 * (POSITIONS_LIMIT - 1)


@pytest.mark.parametrize(("norm", "percent"), [("ubatuba", None), ("ubatuba", "100"), ("quissama", None),
                                               ("lins", "25,5"), ("lins", "99,99")])
def test_100000_vacancies_list_every_position(norm, percent):
    r = calculator.order(norm, 100_000, percent)
    assert r["positions_truncated"] is False
    # every position is listed; at N = 100,000 each norm's order calls exactly its reserve (for Quissamã,
    # the 20% reserve and "a quinta de cada cinco" both give 20,000: they part only for N not a multiple of 5)
    assert len(r["positions"]) == r["positions_total"] == r["reserved"]
    module = calculator.NORMS[norm]
    p = r["percent"] and Fraction(r["percent"])
    for k in (1, len(r["positions"]) // 3, len(r["positions"])):
        x = r["positions"][k - 1]
        assert call_count(module.registry, x, p) >= k > call_count(module.registry, x - 1, p)


def test_pattern_is_periodic():
    r = calculator.order("lins", 1000, "25,5")
    pat = r["pattern"]
    assert (pat["period"], pat["reserved_per_period"]) == (200, 51)
    pos = r["positions"]
    for i in range(len(pos) - 51):
        assert pos[i + 51] == pos[i] + 200


# --- validity ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("norm", "day", "applies"), [
    ("ubatuba", "2014-06-15", False),
    ("ubatuba", "2014-06-16", True),
    ("ubatuba", "2020-01-01", True),
    ("ubatuba", "2024-06-16", True),
    ("ubatuba", "2024-06-17", False),
    ("quissama", "2012-03-02", False),
    ("quissama", "2012-03-03", True),
    ("quissama", "2022-03-03", True),
    ("quissama", "2022-03-04", True),   # continuous extension (labelled model; the other one in the warning)
    ("quissama", "2022-03-17", True),
    ("quissama", "2022-03-18", True),
    ("quissama", "2032-03-03", True),
    ("quissama", "2032-03-04", False),
    ("lins", "2024-02-07", None),   # Lei nº 7.739/2023's day within 2023 is not in the corpus
    ("lins", "2023-01-01", None),
    ("lins", "2022-12-31", False),  # a law of 2023 cannot govern an edital of 2022
    ("lins", "2012-05-01", False),
    ("lins", "2024-02-08", True),
    ("lins", "2099-12-31", True),
])
def test_validity_table(norm, day, applies):
    percent = "20" if norm == "lins" else None
    r = calculator.reserve(norm, 20, percent, day)
    assert r["applies"] is applies
    assert r["validity"]["applies"] is applies
    if applies is False:
        assert r["reserved"] == 0
    else:
        assert r["reserved"] == 4


def test_lins_edital_before_decree_cannot_be_determined():
    # Lei nº 7.739/2023 is of 2023 (its day is not in the corpus); art. 11 dates the decree's procedures.
    r = calculator.reserve("lins", 10, "20", "2024-02-07")
    assert r["applies"] is None and r["reserved"] == 2  # the count if the law applies
    assert r["headline"].startswith("Não é possível determinar com o corpus") and "2 vagas" in r["headline"]
    assert r["validity"]["decree_in_force"] is False
    w = next(x for x in r["warnings"] if x["code"] == "lins_edital_anterior")
    assert w["kind"] in ("premissa", "interpretacao")
    assert "heteroidentificação" in w["message"] and "Lei nº 7.739/2023" in w["message"]
    assert "não é possível determinar com o corpus" in w["message"]
    assert "lins:art11" in w["basis"]
    after = calculator.reserve("lins", 10, "20", "2024-02-08")
    assert after["validity"]["decree_in_force"] is True and after["applies"] is True
    assert "lins_edital_anterior" not in codes(after)
    for day in ("2020-01-01", "2012-03-03"):
        before = calculator.reserve("lins", 10, "20", day)
        assert before["applies"] is False and before["reserved"] == 0
        assert "2023" in before["headline"]


def test_validity_warnings_state_assumptions():
    r = calculator.reserve("ubatuba", 10, edital_date="2025-01-01")
    assert {"ubatuba_publicacao_presumida", "ubatuba_ultimo_dia", "ubatuba_sem_prorrogacao"} <= codes(r)
    r = calculator.reserve("quissama", 10, edital_date="2022-03-10")
    assert "quissama_lacuna_prorrogacao" in codes(r)
    r = calculator.reserve("quissama", 10, edital_date="2025-03-10")
    assert "quissama_modelo_prorrogacao" in codes(r)
    assert "vigencia_nao_verificada" in codes(calculator.reserve("ubatuba", 10))
    dated = calculator.reserve("ubatuba", 10, edital_date=date(2015, 1, 1))
    assert "vigencia_nao_verificada" not in codes(dated)


# --- api.handle ----------------------------------------------------------------------------------
def test_handle_ok_and_matches_python_api():
    out = json.loads(handle(json.dumps({"command": "reserva", "norma": "ubatuba", "vagas": "13"})))
    assert out == {"ok": True, "result": json.loads(json.dumps(calculator.reserve("ubatuba", 13)))}
    out = json.loads(handle('{"command": "ordem", "norma": "quissama", "vagas": "13"}'))
    assert out["ok"] and out["result"]["positions"] == [5, 10, 13]
    out = json.loads(handle('{"command": "parametros", "norma": "lins"}'))
    assert out["ok"] and out["result"]["parameters"]


def test_handle_output_form():
    text = handle('{"command": "reserva", "norma": "quissama", "vagas": "5"}')
    assert text == json.dumps(json.loads(text), ensure_ascii=False, sort_keys=True)
    assert "Quissamã" in text  # ensure_ascii=False


@pytest.mark.parametrize(("request_text", "field"), [
    ("not json", "command"),
    ("[1, 2]", "command"),
    ('{"norma": "ubatuba"}', "command"),
    ('{"command": "apagar"}', "command"),
    ('{"command": "reserva", "norma": "ubatuba"}', "vagas"),
    ('{"command": "reserva", "norma": "ubatuba", "vagas": "-1"}', "vagas"),
    ('{"command": "reserva", "norma": "ubatuba", "vagas": "x"}', "vagas"),
    ('{"command": "reserva", "norma": "ubatuba", "vagas": 3.5}', "vagas"),
    ('{"command": "reserva", "norma": "ubatuba", "vagas": true}', "vagas"),
    ('{"command": "reserva", "norma": "ubatuba", "vagas": "3", "percentual": "5"}', "percentual"),
    ('{"command": "reserva", "norma": "lins", "vagas": "3"}', "percentual"),
    ('{"command": "reserva", "norma": "ubatuba", "vagas": "3", "data_edital": "2021-13-01"}', "data_edital"),
    ('{"command": "reserva", "norma": "ubatuba", "vagas": "3", "foo": "1"}', "foo"),
    ('{"command": "ordem", "norma": "ubatuba", "vagas": "3", "leitura": "x"}', "leitura"),
    ('{"command": "ordem", "norma": "x", "vagas": "3"}', "norma"),
])
def test_handle_errors(request_text, field):
    out = json.loads(handle(request_text))
    assert out["ok"] is False
    assert out["error"]["field"] == field
    assert out["error"]["message"] and "\n" not in out["error"]["message"]


# --- the package stands alone --------------------------------------------------------------------
def test_import_uses_only_stdlib():
    # -I: isolated interpreter (no PYTHON* variables, no user site, no cwd on sys.path); the project root
    # is put on sys.path explicitly, and every calculator module is imported and exercised
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "before = set(sys.modules)\n"
        "import calculator, calculator.api, calculator.cli.render, calculator.labels\n"
        "import calculator.simulator, calculator.csv.candidates, calculator.cli.main\n"
        "calculator.reserve('ubatuba', 13); calculator.order('lins', 10, '20')\n"
        "calculator.simulator.simulate('ubatuba', 3, b'inscricao;classificacao;cotista\\na;1;sim\\n')\n"
        "assert '\"ok\": true' in calculator.api.handle('{\"command\": \"simular\", \"norma\": \"lins\", "
        "\"vagas\": \"2\", "
        "\"percentual\": \"20\", \"csv\": \"inscricao;nota\\\\nb;7,5\\\\n\"}')\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "bad = sorted(m for m in new if m != 'calculator' and m not in sys.stdlib_module_names)\n"
        "assert 'calculator.simulator' in sys.modules and 'calculator.cli.main' in sys.modules\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-I", "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_no_float_or_round_in_rules():
    # every module of the package, subpackages included (calculator/simulator/)
    names = sorted(p.relative_to(ROOT / "calculator").with_suffix("").as_posix()
                   for p in (ROOT / "calculator").rglob("*.py") if "__pycache__" not in p.parts)
    assert {"simulator/__init__", "simulator/filling", "csv/candidates", "cli/main", "rules/default",
            "rules/calls", "arithmetic", "stages/reserve", "stages/order"} <= set(names)
    for name in names:
        tree = ast.parse((ROOT / "calculator" / f"{name}.py").read_text(encoding="utf-8"))
        calls = {n.func.id for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert not calls & {"float", "round"}, name
        floats = [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, float)]
        assert not floats, name


def test_norm_modules_expose_building_blocks():
    for module in calculator.NORMS.values():
        for attr in ("slug", "title", "citation", "params", "readings", "registry", "reserved_seats",
                     "order_notes", "norm_warnings"):
            assert hasattr(module, attr), (module.slug, attr)
        for p in module.params.values():
            assert (p.basis or "sem base no corpus" in p.note) and p.start and p.note
