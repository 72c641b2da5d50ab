"""The edital tool: hand-worked cases per norm (each names the article it applies), the invariants
against `reserva` and `ordem`, nominations beyond the vacancies, the JSON contract, and bad input."""

from __future__ import annotations

import json
import subprocess

import pytest

import calculator
import laws
from calculator.api import handle
from calculator.stages.nominations import order_with_nominations
from tests.support import ROOT, run_cli


def edital(norm: str, table: str, **options) -> dict:
    req = {"command": "edital", "norma": norm, "csv": table, **options}
    out = json.loads(handle(json.dumps(req, ensure_ascii=False)))
    assert out["ok"], out
    return out["result"]


def edital_error(norm: str, table: str, **options) -> dict:
    req = {"command": "edital", "norma": norm, "csv": table, **options}
    out = json.loads(handle(json.dumps(req, ensure_ascii=False)))
    assert not out["ok"], out
    return out["error"]


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return run_cli("calculator", *args, stdin=stdin)


def codes(warnings: list[dict]) -> list[str]:
    return [w["code"] for w in warnings]


def by_name(result: dict) -> dict[str, dict]:
    return {c["cargo"]: c for c in result["cargos"]}


# --------------------------------------------------------------------------- hand-worked: Ubatuba
def test_ubatuba_split_concurso_removes_the_reserve_per_cargo():
    # Art. 2º, § 2º: the reserve exists when 3 or more are offered. Five cargos of 2 → none per cargo;
    # the concurso read as one: 10 vacancies, 20% (art. 1º) = 2 (art. 2º, § 3º).
    table = "cargo;vagas\n" + "".join(f"Professor {x};2\n" for x in "ABCDE")
    r = edital("ubatuba", table)
    assert [c["reserved"] for c in r["cargos"]] == [0] * 5
    assert r["totals"] == {**r["totals"], "vacancies": 10, "reserved": 0, "reserved_aggregated": 2}
    frag = next(w for w in r["warnings"] if w["code"] == "fracionamento")
    assert frag["kind"] == "conflito"
    assert "Leitura por cargo" in frag["message"] and "Leitura do concurso como um todo" in frag["message"]
    assert "0 vagas reservadas" in frag["message"] and "2 vagas reservadas" in frag["message"]
    assert frag["basis"] == ["ubatuba:art2_cpt", "ubatuba:art2_par2"]
    context = r["context"][0]["text"]
    assert "fora do corpus" in context and "ADC 41" in context
    text = cli("edital", "--norma", "ubatuba", "-", stdin=table.encode()).stdout.decode()
    head = text.splitlines()[2]
    assert "0 vagas reservadas somando os cargos" in head and "2 lendo o concurso como um todo" in head


@pytest.mark.parametrize(("announced", "status", "code"), [
    (2, "abaixo", "edital_reserva_abaixo"),
    (3, "conforme", None),
    (4, "acima", "edital_reserva_acima_minimo"),
])
def test_ubatuba_announced_below_at_above(announced, status, code):
    # 13 vacancies: 20% of 13 = 2,6 → 3 (art. 2º, § 3º). A minimum (art. 1º): above it complies.
    r = edital("ubatuba", f"cargo,vagas,reservadas\nAgente,13,{announced}\n")
    c = r["cargos"][0]
    assert (c["reserved"], c["announced"], c["status"]) == (3, announced, status)
    assert c["missing"] == (1 if status == "abaixo" else None)
    assert c["excess"] == (1 if status == "acima" else None)
    assert ([w["code"] for w in c["warnings"] if w["code"].startswith("edital_reserva")] ==
            ([code] if code else []))
    if status == "acima":
        assert "cumpre a norma" in c["warnings"][-1]["message"]
    if status == "abaixo":
        assert "falta 1 vaga reservada" in c["warnings"][-1]["message"]


def test_ubatuba_fewer_than_three_and_an_announced_seat_is_above_and_complies():
    r = edital("ubatuba", "cargo;vagas;reservadas\nMotorista;2;1\n")
    c = r["cargos"][0]
    assert (c["reserved"], c["status"], c["applies"], c["reserve_required"]) == (0, "acima", None, False)
    assert "não exige reserva" in c["warnings"][-1]["message"]


# --------------------------------------------------------------------------- hand-worked: Quissamã
def test_quissama_switch_per_cargo():
    # Art. 1º, § 7º: 10% with 5 or fewer vacancies; caput: 20% above; § 1º: 0,5 rounds up.
    r = edital("quissama", "cargo;vagas\nA;5\nB;6\nC;8\nD;4\n")
    got = {c["cargo"]: (c["percent"], c["reserved"]) for c in r["cargos"]}
    assert got == {"A": ("10", 1), "B": ("20", 1), "C": ("20", 2), "D": ("10", 0)}
    # Concurso as one: 23 vacancies, 20% = 4,6 → 5; per cargo 4.
    assert (r["totals"]["reserved"], r["totals"]["reserved_aggregated"]) == (4, 5)
    assert "fracionamento" in codes(r["warnings"])


def test_quissama_switch_at_the_level_of_the_concurso():
    # Two cargos of 3: 10% of 3 = 0,3 → 0 each; the concurso: 6 vacancies (more than 5) → 20% = 1,2 → 1.
    r = edital("quissama", "cargo;vagas\nA;3\nB;3\n")
    assert [c["reserved"] for c in r["cargos"]] == [0, 0]
    assert r["totals"]["reserved_aggregated"] == 1
    assert r["aggregated"]["percent"] == "20"
    frag = next(w for w in r["warnings"] if w["code"] == "fracionamento")
    assert frag["basis"] == ["quissama:art1_cpt", "quissama:art1_par7"]
    assert "sem base no corpus" in frag["message"]  # the per-cargo reading has no provision of its own


def test_quissama_four_cargos_of_five_agree():
    # 10% of 5 = 0,5 → 1 each (§§ 7º and 1º) = 4; 20 vacancies × 20% = 4: no fragmentation warning.
    r = edital("quissama", "cargo;vagas\nA;5\nB;5\nC;5\nD;5\n")
    assert (r["totals"]["reserved"], r["totals"]["reserved_aggregated"]) == (4, 4)
    assert "fracionamento" not in codes(r["warnings"]) and r["context"] == []


@pytest.mark.parametrize(("announced", "status"), [(1, "abaixo"), (2, "conforme"), (3, "acima")])
def test_quissama_announced_and_what_a_fixed_percentage_allows(announced, status):
    r = edital("quissama", f"cargo;vagas;reservadas\nGari;10;{announced}\n")  # 20% of 10 = 2
    c = r["cargos"][0]
    assert (c["reserved"], c["status"]) == (2, status)
    if status == "acima":
        w = c["warnings"][-1]
        assert w["code"] == "edital_reserva_acima_fixo" and w["kind"] == "interpretacao"
        assert "fixa o percentual" in w["message"] and "não prevê reserva maior" in w["message"]


# --------------------------------------------------------------------------- hand-worked: Lins
def test_lins_split_and_the_percentage_required():
    # The percentage comes from Lei nº 7.739/2023 (not in the corpus): given. Four cargos of 2 at 20%:
    # 0,4 → 0 each (half-up, interpretation); the concurso: 8 × 20% = 1,6 → 2.
    table = "cargo;vagas;reservadas\nA;2;0\nB;2;0\nC;2;0\nD;2;1\n"
    r = edital("lins", table, percentual="20")
    assert (r["totals"]["reserved"], r["totals"]["reserved_aggregated"]) == (0, 2)
    assert [c["status"] for c in r["cargos"]] == ["conforme", "conforme", "conforme", "acima"]
    assert r["cargos"][3]["warnings"][-1]["code"] == "edital_reserva_acima_informado"
    frag = next(w for w in r["warnings"] if w["code"] == "fracionamento")
    assert frag["basis"] == [] and "sem base no corpus" in frag["message"]
    assert r["totals"]["status"] == "acima" and r["totals"]["status_aggregated"] == "abaixo"
    assert "edital_abaixo_no_concurso" in codes(r["warnings"])
    err = edital_error("lins", table)
    assert err["field"] == "percentual" and "Lei nº 7.739/2023" in err["message"]


def test_edital_date_outside_validity_reserves_nothing_and_lists_no_position():
    # Ubatuba art. 14: an edital published before the law is not governed by it.
    r = edital("ubatuba", "cargo;vagas;reservadas\nA;10;2\n", data_edital="2013-01-01")
    c = r["cargos"][0]
    assert (c["reserved"], c["positions"], c["status"], r["applies"]) == (0, [], "reserva_voluntaria", False)
    assert r["validity"]["applies"] is False


# --------------------------------------------------------------------------- nominations beyond vacancies
def test_nominations_keep_the_vacancies_thresholds():
    # Ubatuba: 10 vacancies → 3ª, 8ª; 20 nominations continue the same rule: 13ª, 18ª (reserve stays 2).
    o = order_with_nominations("ubatuba", 10, 20)
    assert (o["positions"], o["reserved"], o["nominations"]) == ([3, 8, 13, 18], 2, 20)
    # Ubatuba art. 2º, § 2º: 2 vacancies have no reserve, however many are nominated.
    assert order_with_nominations("ubatuba", 2, 30)["positions"] == []
    # Quissamã art. 1º, § 7º: 5 vacancies → 10%, which stays for the nominations: 10 → still 1 (10% of 10
    # = 1), 15 → 2 (1,5 → 2); at 20% the 10th would already be reserved.
    assert order_with_nominations("quissama", 5, 10)["positions"] == [5]
    assert order_with_nominations("quissama", 5, 15)["positions"] == [5, 15]
    o = order_with_nominations("quissama", 5, 15)
    w = next(w for w in o["warnings"] if w["code"] == "nomeacoes_alem_das_vagas")
    assert "limiares continuam os das 5 vagas oferecidas" in w["message"]
    assert "sem base no corpus" in w["message"]
    # Lins art. 7º, § 3º only says when the verification of new nominations happens, not their order:
    # not cited for the order (sem base no corpus).
    o = order_with_nominations("lins", 10, 20, "20")
    assert "lins:art7_par3" not in o["basis"] and o["positions"] == [3, 8, 13, 18]


def test_ordem_cli_with_nominations():
    out = cli("ordem", "--norma", "ubatuba", "--vagas", "10", "--nomeacoes", "20", "--json")
    assert out.returncode == 0
    r = json.loads(out.stdout)
    assert r["positions"] == [3, 8, 13, 18] and r["nominations"] == 20 and r["positions_total"] == 4
    text = cli("ordem", "--norma", "ubatuba", "--vagas", "10", "--nomeacoes", "20").stdout.decode()
    assert "chamadas entre as 20 primeiras nomeações: 4" in text
    bad = cli("ordem", "--norma", "ubatuba", "--vagas", "10", "--nomeacoes", "9")
    assert bad.returncode == 2 and bad.stdout == b"" and b"--nomeacoes" in bad.stderr


def test_edital_nominations_per_cargo_and_global():
    r = edital("ubatuba", "cargo;vagas;nomeacoes\nA;10;20\nB;10;\n", nomeacoes="15")
    a, b = r["cargos"]
    assert (a["nominations"], a["positions"]) == (20, [3, 8, 13, 18])
    assert (b["nominations"], b["positions"]) == (15, [3, 8, 13])
    assert (a["reserved"], b["reserved"]) == (2, 2)
    assert "edital_nomeacoes_alem_das_vagas" in codes(r["warnings"])
    err = edital_error("ubatuba", "cargo;vagas\nA;10\nB;30\n", nomeacoes="15")
    assert err["field"] == "nomeacoes" and err["message"].startswith("Linha 3 (cargo “B”)")


# --------------------------------------------------------------------------- invariants
@pytest.mark.parametrize(("norm", "percent"), [("ubatuba", None), ("ubatuba", "25,5"), ("quissama", None),
                                               ("lins", "20"), ("lins", "33,3")])
def test_each_cargo_equals_reserva_and_ordem(norm, percent):
    sizes = list(range(0, 201)) + [997, 10**6]
    table = "cargo;vagas\n" + "".join(f"C{n};{n}\n" for n in sizes)
    options = {"percentual": percent} if percent else {}
    for date in (None, "2024-03-01"):
        r = edital(norm, table, **options, **({"data_edital": date} if date else {}))
        for c in r["cargos"]:
            n = c["vacancies"]
            if n == 0:
                assert (c["reserved"], c["positions"]) == (0, [])
                continue
            res = calculator.reserve(norm, n, percent, date)
            assert c["reserved"] == res["reserved"], (norm, n, date)
            assert c["applies"] == res["applies"]
            if res["applies"]:
                o = calculator.order(norm, n, percent)
                assert c["positions_total"] == o["positions_total"], (norm, n)
                # the edital lists EDITAL_POSITIONS in all: the 10⁶-vacancy cargo's list is cut sooner
                assert c["positions"] == o["positions"][:len(c["positions"])], (norm, n)
                if n < 10**6:
                    assert c["positions"] == o["positions"], (norm, n)
        total = sum(sizes)
        aggregated = calculator.reserve(norm, total, percent, date)["reserved"]
        assert r["totals"]["reserved_aggregated"] == aggregated
        assert r["totals"]["reserved"] == sum(c["reserved"] for c in r["cargos"])


def test_an_edital_lists_one_budget_of_positions_over_all_its_cargos():
    """The review's H2: 100 cargos with about 10¹⁵ nominations each (a 2.8 KB table) listed 100,000 positions
    per cargo (417 MB, 78 MB of JSON). The edital lists EDITAL_POSITIONS in all, then the first
    EDITAL_POSITIONS_EACH of each cargo, says so once, and every count stays whole."""
    from calculator.limits import EDITAL_POSITIONS, EDITAL_POSITIONS_EACH

    table = "cargo;vagas;nomeacoes\n" + "".join(f"Cargo {i};{13 + i};{10**15 - i}\n" for i in range(100))
    r = edital("ubatuba", table)
    listed = [len(c["positions"]) for c in r["cargos"]]
    assert listed[0] == EDITAL_POSITIONS and listed[1:] == [EDITAL_POSITIONS_EACH] * 99
    limited = [w for w in r["warnings"] if w["code"] == "edital_posicoes_limitadas"]
    assert len(limited) == 1 and "a partir do cargo da linha 3" in limited[0]["message"]
    for c in r["cargos"][:3] + r["cargos"][-2:]:
        alone = order_with_nominations("ubatuba", c["vacancies"], c["nominations"])
        assert c["positions_total"] == alone["positions_total"] and c["positions_truncated"]
        assert c["positions"] == alone["positions"][:len(c["positions"])]
    # under the budget nothing is cut, and nothing is said
    small = edital("ubatuba", "cargo;vagas;nomeacoes\nA;10;400\nB;13;1000\n")
    assert "edital_posicoes_limitadas" not in codes(small["warnings"])
    assert [c["positions"] for c in small["cargos"]] == [
        order_with_nominations("ubatuba", 10, 400)["positions"],
        order_with_nominations("ubatuba", 13, 1000)["positions"]]


@pytest.mark.parametrize("norm", ["ubatuba", "quissama", "lins"])
def test_nominations_extend_ordem(norm):
    percent = "20" if norm == "lins" else None
    for n in range(1, 61):
        base = calculator.order(norm, n, percent)
        for m in (n, n + 1, n + 4, 2 * n, 5 * n + 3):
            o = order_with_nominations(norm, n, m, percent)
            assert o["positions"][:len(base["positions"])] == base["positions"], (norm, n, m)
            assert all(p > n for p in o["positions"][len(base["positions"]):])
            assert o["positions"] == sorted(set(o["positions"]))
            assert not o["positions"] or o["positions"][-1] <= m
            assert o["positions_total"] == len(o["positions"]) and o["reserved"] == base["reserved"]
            if m > n:
                assert o["positions"][:len(base["positions"])] == base["positions"]
        # via the edital too
        options = {"percentual": percent} if percent else {}
        r = edital(norm, f"cargo;vagas;nomeacoes\nX;{n};{3 * n}\n", **options)
        assert r["cargos"][0]["positions"] == order_with_nominations(norm, n, 3 * n, percent)["positions"]


def test_every_basis_resolves_in_the_corpus():
    corpus = laws.load_corpus()
    refs: set[str] = set()
    for norm, percent in (("ubatuba", None), ("quissama", None), ("lins", "20")):
        table = "cargo;vagas;reservadas\nA;0;\nB;2;1\nC;3;0\nD;13;5\nE;7;1\n"
        for options in ({}, {"nomeacoes": "30"}, {"data_edital": "2013-01-01"}):
            r = edital(norm, table, **options, **({"percentual": percent} if percent else {}))
            groups = [r] + r["cargos"]
            for g in groups:
                refs.update(g["basis"])
                for item in g["warnings"] + g["steps"]:
                    refs.update(item["basis"])
    assert len(refs) > 15
    assert sorted(x for x in refs if corpus.resolve(x) is None) == []


# --------------------------------------------------------------------------- contract and input forms
def test_json_contract_and_input_order():
    out = cli("edital", "--norma", "ubatuba", "--json", "-",
              stdin=b"cargo;vagas;reservadas\nZ;13;3\nA;5;\nM;3;0\n")
    assert out.returncode == 0 and out.stderr == b""
    r = json.loads(out.stdout)
    assert [c["cargo"] for c in r["cargos"]] == ["Z", "A", "M"]
    for c in r["cargos"]:
        assert {"cargo", "vacancies", "reserved", "announced", "status", "positions", "basis",
                "warnings"} <= set(c)
        assert c["status"] in ("conforme", "abaixo", "acima", None)
        assert c["announced"] is None or isinstance(c["announced"], int)
    assert [c["status"] for c in r["cargos"]] == ["conforme", None, "abaixo"]
    assert {"vacancies", "reserved", "reserved_aggregated"} <= set(r["totals"])
    assert isinstance(r["warnings"], list)
    assert out.stdout.decode().strip() == json.dumps(r, ensure_ascii=False, sort_keys=True)


def test_text_output_is_a_ptbr_table_ending_with_the_disclaimer():
    out = cli("edital", "--norma", "quissama", "-", stdin=b"cargo;vagas;reservadas\nGari;10;1\n")
    assert out.returncode == 0
    text = out.stdout.decode()
    assert "Cargo" in text and "Exigidas" in text and "Anunciadas" in text and "abaixo (falta 1)" in text
    assert text.rstrip().splitlines()[-1].startswith("Não é orientação jurídica")


@pytest.mark.parametrize("data", [
    "\ufeffCargo,VAGAS,Reservadas\nTécnico,10,2\n".encode(),              # UTF-8 with BOM, commas, case
    "cargo;vagas;reservadas\r\nTécnico;10;2\r\n".encode("windows-1252"),  # what Excel exports in Brazil
    "Função;Vagas oferecidas;Vagas reservadas;Vagas PcD\nTécnico;10;2;1\n".encode(),  # accents, aliases
    "\ufeff\ufeffcargo;vagas;reservadas\nTécnico;10;2\n".encode(),  # saved twice "with BOM"
])
def test_input_forms(data):
    out = cli("edital", "--norma", "ubatuba", "--json", "-", stdin=data)
    assert out.returncode == 0, out.stderr.decode()
    c = json.loads(out.stdout)["cargos"][0]
    assert (c["cargo"], c["vacancies"], c["announced"], c["status"]) == ("Técnico", 10, 2, "conforme")


BAD = [
    # (table bytes, options, expected message start)
    (b"nome;vagas\nA;1\n", [], "Linha 1: falta a coluna obrigatória “cargo”"),
    (b"cargo;quantidade\nA;1\n", [], "Linha 1: falta a coluna obrigatória “vagas”"),
    (b"cargo;vagas\nA;-1\n", [], "Linha 2, coluna 2 (“vagas”): o número de vagas não pode ser negativo"),
    (b"cargo;vagas\nA;2,5\n", [], "Linha 2, coluna 2 (“vagas”): o número de vagas deve ser"),
    (b"cargo;vagas;reservadas\nA;5;um\n", [], "Linha 2, coluna 3 (“reservadas”)"),
    (b"cargo;vagas\nA;1\n a ;2\n", [], "Linha 3, coluna 1 (“cargo”): o cargo “a” repete o da linha 2"),
    (b"", [], "Linha 1: o arquivo está vazio"),
    (b"cargo;vagas\n", [], "Linha 2: o arquivo tem cabeçalho, mas nenhum cargo"),
    (b"cargo;vagas\nA;3\n\x81\x8d;4\n", [], "Linha 3, coluna 1: o arquivo contém bytes que não"),
    (b"cargo;vagas\nA;3\n", ["--norma", "lins"], "para Lins, informe o percentual"),
    ("cargo;vagas\nA;3\n".encode("utf-16-le"), [], "Linha 1: o arquivo está em UTF-16"),
]


@pytest.mark.parametrize(("data", "options", "start"), BAD)
def test_bad_input_exit_2_one_line_nothing_on_stdout(data, options, start):
    args = ["edital", *(options or ["--norma", "ubatuba"]), "-"]
    for extra in ([], ["--json"]):
        out = cli(*args, *extra, stdin=data)
        assert out.returncode == 2
        assert out.stdout == b""
        err = out.stderr.decode()
        assert err.count("\n") == 1 and err.startswith("erro: ") and "Traceback" not in err
        assert err[len("erro: "):].startswith(start), err


def test_shared_warnings_are_said_once_with_the_cargos_they_concern():
    table = "cargo;vagas;reservadas\nA;2;0\nB;2;1\nEnfermeiro;10;2\nMédico;13;1\n"
    r = edital("ubatuba", table)
    shared = {w["code"]: w for w in r["warnings"]}
    assert "cargos" not in shared["vigencia_nao_verificada"]  # every cargo: no list
    assert shared["ubatuba_ordem_interpretacao"]["cargos"] == ["Enfermeiro", "Médico"]  # those with an order
    for c in r["cargos"]:
        own = {w["code"] for w in c["warnings"]}
        assert not own & {"vigencia_nao_verificada", "ubatuba_ordem_interpretacao"}
    assert [w["code"] for w in by_name(r)["Médico"]["warnings"]] == ["edital_reserva_abaixo"]
    # the concurso's steps hold what every cargo shares (the percentage, art. 1º); each cargo keeps its own
    assert r["steps"][0]["basis"] == ["ubatuba:art1_cpt", "ubatuba:art2_par1"]
    assert any("20% de 13 = 2,6" in s["text"] for s in by_name(r)["Médico"]["steps"])


def test_ubatuba_edital_percentage_above_the_minimum_is_said():
    # Art. 1º: a minimum of 20%; an edital of 30% is held to its own figure (30% of 10 = 3), and says so.
    c = edital("ubatuba", "cargo;vagas;reservadas\nA;10;2\n", percentual="30")["cargos"][0]
    assert (c["reserved"], c["status"], c["missing"]) == (3, "abaixo", 1)
    assert "percentual informado (30%), acima do mínimo de 20%" in c["warnings"][-1]["message"]


def test_sample_file_shows_the_fragmentation():
    # docs/assets/exemplo-edital.csv: five professor specialties of 1–2 vacancies (art. 2º, § 2º: no
    # reserve each), 5 + 13 + 2 more → 4 per cargo; 28 in the concurso × 20% = 5,6 → 6.
    out = cli("edital", "--norma", "ubatuba", "--json", str(ROOT / "docs" / "assets" / "exemplo-edital.csv"))
    r = json.loads(out.stdout)
    t = r["totals"]
    assert (t["reserved"], t["reserved_aggregated"], t["announced"]) == (4, 6, 3)


def test_set_scopes_point_to_the_whole_set():
    # Ubatuba art. 8º: cargos em comissão are counted as a set; the edital judges the set's count only.
    r = edital("ubatuba", "cargo;vagas\nAssessor;4\nDiretor;3\nChefe;3\n", vinculo="comissao")
    w = next(w for w in r["warnings"] if w["code"] == "edital_vinculo_conjunto")
    assert w["basis"] == ["ubatuba:art8_cpt"] and "número do conjunto" in w["message"]
    assert "edital_vinculo_conjunto" not in codes(edital("ubatuba", "cargo;vagas\nA;4\n")["warnings"])


def test_set_scope_is_judged_on_the_set_only_cited_to_its_own_provision():
    # Review case: Secretário 1, Diretor 4, Assessor 7, 1 announced: art. 8º sets 20% of the 12 posts
    # (2,4 → 3, rounded up as a minimum over the set); no cargo is "abaixo" by itself, none has positions.
    table = "cargo;vagas;reservadas\nSecretário;1;0\nDiretor;4;0\nAssessor;7;1\n"
    r = edital("ubatuba", table, vinculo="comissao")
    assert [c["status"] for c in r["cargos"]] == ["conjunto"] * 3
    assert all(c["positions"] == [] and c["reserved"] is None and c["warnings"] == [] for c in r["cargos"])
    t = r["totals"]
    assert (t["reserved"], t["reserved_aggregated"], t["announced"], t["missing"]) == (3, 3, 1, 2)
    assert t["status_aggregated"] == "abaixo" and t["status_counts"]["abaixo"] == 0
    assert ("reserva exigida no conjunto (art. 8º, caput): 3 vagas reservadas de 12 (limite mínimo do "
            "conjunto arredondado para cima — interpretação; pelo art. 2º, § 3º, 2)") in r["headline"]
    assert "faltam 2" in r["headline"] and r["headline"].startswith("Se a nomeação for feita de 16/06/2014")
    everything = json.dumps(r, ensure_ascii=False)
    assert "art2_par2" not in json.dumps(r["steps"]) and "fracionamento" not in everything
    estagio = edital("ubatuba", table, vinculo="estagio", data_edital="2020-01-01")
    assert "(art. 1º, parágrafo único, inciso I)" in estagio["headline"]


# --------------------------------------------------------------------------- the headline
SAMPLE = (ROOT / "docs" / "assets" / "exemplo-edital.csv").read_text(encoding="utf-8")


def test_headline_after_the_term_says_the_law_does_not_apply_and_the_seats_are_the_editals_own():
    # Ubatuba art. 13: ten years from 16/06/2014 (presumed publication, art. 15) → 16/06/2024; an edital
    # of 2026 is not governed by the law, so its 3 announced seats are a voluntary reserve, not "acima".
    r = edital("ubatuba", SAMPLE, data_edital="2026-01-01")
    assert r["headline"] == (
        "A Lei nº 3.765/2014 não se aplica a este edital: pelo texto, o prazo de 10 anos do art. 13 "
        "terminou em 16/06/2024 (data presumida). As 3 vagas anunciadas são reserva do próprio edital.")
    statuses = {c["cargo"]: c["status"] for c in r["cargos"]}
    assert statuses["Técnico de Enfermagem"] == "reserva_voluntaria"
    assert statuses["Agente Comunitário de Saúde"] == "reserva_voluntaria"
    assert "acima" not in statuses.values()
    assert r["totals"]["status_counts"]["reserva_voluntaria"] == 2
    assert r["totals"]["status"] == r["totals"]["status_aggregated"] == "reserva_voluntaria"
    w = next(w for w in by_name(r)["Técnico de Enfermagem"]["warnings"]
             if w["code"] == "edital_reserva_voluntaria")
    assert w["basis"] == ["ubatuba:art13"]
    out = cli("edital", "--norma", "ubatuba", "--data-edital", "2026-01-01", "docs/assets/exemplo-edital.csv")
    text = out.stdout.decode()
    assert "reserva voluntária" in text and "acima (+" not in text


def test_headline_when_the_corpus_cannot_tell_starts_with_that():
    # Lins: the decree (art. 11) is of 08/02/2024; Lei nº 7.739/2023's date is not in the corpus, so an
    # edital of 01/06/2023 may or may not be governed: the headline says so before any number.
    r = edital("lins", SAMPLE, percentual="20", data_edital="2023-06-01")
    assert r["applies"] is None
    assert r["headline"].startswith("Não é possível determinar com o corpus se a reserva se aplica")
    assert "; se se aplicar: " in r["headline"]
    assert r["headline"].index("se se aplicar") < r["headline"].index("6 vagas reservadas")


def test_quissama_headline_leads_with_the_concurso_read_as_one():
    # Quissamã art. 1º, caput ("vagas oferecidas nos concursos") and § 7º ("número de vagas oferecidas"):
    # 28 vacancies → 20% = 5,6 → 6 (§ 1º); the edital announces 3: 3 missing. Per cargo (no basis): 4.
    r = edital("quissama", SAMPLE, data_edital="2020-01-01")
    assert r["reading_lead"] == "concurso"
    assert r["headline"] == (
        "Pelo texto (art. 1º, caput; art. 1º, § 7º), a reserva é de 6 vagas no concurso (20% de 28 = 5,6). "
        "O edital anuncia 3: faltam 3. Lida cargo a cargo (interpretação, sem base no corpus), seriam 4.")
    assert r["status_label"] == "Leitura por cargo (interpretação)"
    frag = next(w for w in r["warnings"] if w["code"] == "fracionamento")
    assert "o título segue a leitura que o texto sustenta, a do concurso como um todo" in frag["message"]
    assert "não escolhe por você" not in frag["message"]
    text = cli("edital", "--norma", "quissama", "--data-edital", "2020-01-01",
               "docs/assets/exemplo-edital.csv").stdout.decode()
    assert "Leitura por cargo (interpretação)" in text.splitlines()[6]
    assert "Cargos abaixo da reserva, na leitura por cargo (interpretação): 1" in text


def test_lins_headline_gives_both_readings_equal_weight():
    # Lins: the decree does not say whether the reserve is counted per cargo or for the concurso (the
    # law that fixes it is outside the corpus): 20% of 28 = 5,6 → 6 for the concurso; 4 summing cargos.
    r = edital("lins", SAMPLE, percentual="20", data_edital="2025-01-01")
    assert r["reading_lead"] == "nenhuma"
    h = r["headline"]
    assert "sem base no corpus para nenhuma das leituras" in h
    assert "6 vagas reservadas" in h and "4 vagas reservadas" in h
    assert "conforme" not in h
    assert "menos que as 4 exigidas somando os cargos e que as 6 exigidas no concurso como um todo" in h
    assert r["status_label"] == "Leitura por cargo (interpretação)"


def test_ubatuba_headline_stays_per_cargo_and_the_announced_line_is_in_words():
    # Ubatuba art. 2º, caput: "para cada cargo efetivo ou emprego público oferecido" → per cargo 4; the
    # concurso (§ 2º) 6; the edital's 3 is less than both.
    r = edital("ubatuba", SAMPLE, data_edital="2020-01-01")
    assert r["reading_lead"] == "cargo" and r["status_label"] == "Situação"
    assert r["headline"].startswith("Reserva exigida: 4 vagas reservadas somando os cargos; 6 lendo")
    text = cli("edital", "--norma", "ubatuba", "--data-edital", "2020-01-01",
               "docs/assets/exemplo-edital.csv").stdout.decode()
    assert ("O edital anuncia 3 vagas reservadas: menos que as 4 exigidas somando os cargos e que as 6 "
            "exigidas no concurso como um todo.") in text
    assert "em relação à soma por cargo" not in text


def test_ubatuba_fragmentation_is_not_repeated_by_the_per_cargo_note():
    # The fracionamento conflict already cites art. 2º, caput and § 2º; the generic per-cargo note
    # (ubatuba_minimo_por_cargo) would say the same a second time.
    r = edital("ubatuba", SAMPLE, data_edital="2020-01-01")
    every = r["warnings"] + [w for c in r["cargos"] for w in c["warnings"]]
    assert "fracionamento" in codes(every)
    assert "ubatuba_minimo_por_cargo" not in codes(every)
    # without fragmentation the note stays (a single cargo: both readings agree)
    single = edital("ubatuba", "cargo;vagas\nA;10\n")
    assert "ubatuba_minimo_por_cargo" in codes(single["warnings"] + single["cargos"][0]["warnings"])


def test_shortfall_cites_the_provisions_that_count_the_cargo():
    # Ubatuba: 13 vacancies × 20% = 2,6 → 3 (art. 2º, caput: per cargo; § 3º: rounding); 2 announced.
    r = edital("ubatuba", SAMPLE, data_edital="2020-01-01")
    w = next(w for w in by_name(r)["Agente Comunitário de Saúde"]["warnings"]
             if w["code"] == "edital_reserva_abaixo")
    assert w["basis"] == ["ubatuba:art2_cpt", "ubatuba:art2_par3"]
    # Lins: percentage and rounding come from a law outside the corpus
    r = edital("lins", SAMPLE, percentual="20", data_edital="2025-01-01")
    w = next(w for w in by_name(r)["Agente Comunitário de Saúde"]["warnings"]
             if w["code"] == "edital_reserva_abaixo")
    assert (w["basis"], w["basis_kind"]) == ([], "sem_base_no_corpus")


@pytest.mark.parametrize(("announced", "per_cargo", "aggregated", "expected"), [
    (3, 4, 6, "menos que as 4 exigidas somando os cargos e que as 6 exigidas no concurso como um todo"),
    (4, 4, 6, "exatamente as 4 exigidas somando os cargos, e menos que as 6 exigidas no concurso como um "
              "todo"),
    (2, 2, 2, "exatamente as 2 exigidas (somando os cargos ou no concurso como um todo)"),
    (2, 1, 1, "mais que a 1 exigida (somando os cargos ou no concurso como um todo)"),
    (1, 0, 2, "mais que a reserva exigida somando os cargos (nenhuma), e menos que as 2 exigidas no "
              "concurso como um todo"),
])
def test_compare_announced_in_words(announced, per_cargo, aggregated, expected):
    from calculator.stages.headline import compare_announced

    assert compare_announced(announced, per_cargo, aggregated) == expected


# --------------------------------------------------------------------------- ordem beyond the vacancies
def test_quissama_nominations_beyond_four_vacancies_one_rule_in_the_headline():
    # Quissamã, 4 vacancies: 10% (art. 1º, § 7º) of 4 = 0,4 → 0 (§ 1º). 12 nominations: the adopted rule
    # (interpretation) is the art. 3º, § 1º order capped at 10% of the 12 nominations (1,2 → 1): the 5ª.
    # Literally, art. 3º, § 1º gives the 5ª and the 10ª; counting only the 4 vacancies, none.
    r = order_with_nominations("quissama", 4, 12)
    assert r["positions"] == [5]
    assert r["headline"] == (
        "Nomeações pela lista reservada: 5ª (interpretação: a ordem continua pela mesma regra, sem passar "
        "de 10% das 12 nomeações, com o arredondamento da norma), se o edital foi publicado de 03/03/2012 a "
        "03/03/2032 (datas presumidas; prorrogação contínua, interpretação). As 4 vagas oferecidas não têm "
        "vaga reservada, mas o percentual delas (10%) aplicado às 12 nomeações, com o mesmo arredondamento, "
        "dá 1: por isso há nomeação pela lista reservada sem vaga reservada. Pela leitura literal do "
        "art. 3º, § 1º, seriam 5ª e 10ª. Contando só as vagas oferecidas, nenhuma.")
    alternatives = [(a["reading"], a["positions"]) for a in r["alternatives"]]
    assert alternatives == [("literal", [5, 10]), ("vagas", [])]
    assert r["alternatives"][0]["basis"] == ["quissama:art3_par1"]
    note = next(w for w in r["warnings"] if w["code"] == "quissama_dez_por_cento")
    assert "nenhuma das 4 primeiras nomeações é da lista específica" in note["message"]
    assert "ninguém é nomeado" not in note["message"]
    out = cli("ordem", "--norma", "quissama", "--vagas", "4", "--nomeacoes", "12").stdout.decode()
    assert f"Resultado: {r['headline']}" in out


def test_nominations_beyond_the_vacancies_without_a_reserve_say_why():
    # Ubatuba art. 2º, § 2º: 2 vacancies (fewer than 3) have no reserve, and neither have the nominations
    # beyond them.
    r = order_with_nominations("ubatuba", 2, 10)
    assert r["positions"] == [] and r["alternatives"] == []
    assert r["headline"].startswith("Nenhuma das 10 nomeações vai para a lista reservada: as 2 vagas")
    # Ubatuba 13 vacancies (3ª, 8ª, 13ª) and 20 nominations: the same rule gives the 18ª; counting only
    # the vacancies offered, the three; the literal and the adopted rule coincide (proportional).
    r = order_with_nominations("ubatuba", 13, 20)
    assert r["positions"] == [3, 8, 13, 18]
    assert [a["reading"] for a in r["alternatives"]] == ["vagas"]
    assert r["headline"].endswith("Contando só as vagas oferecidas, 3ª, 8ª e 13ª.")


def test_text_table_footer_titles_are_not_cut_by_short_cargo_names():
    out = cli("edital", "--norma", "ubatuba", "-", stdin=b"cargo;vagas\nA;4\nB;13\n").stdout.decode()
    assert "Total (soma por cargo)" in out and "Concurso como um todo" in out
    assert "Tota…" not in out
