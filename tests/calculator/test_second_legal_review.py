"""The second legal review's findings N4 and N9–N12 (../shared/revisoes/juridica-2026-12b.md), each with the
command the review ran: a Lins simulation of 2023 does not apply the decree's own procedures; the wording
points a lay reader stumbled on; a comissão step cites the set's provision, not the concurso's."""

from __future__ import annotations

import json

from calculator.api import handle
from tests.support import ROOT, run_cli

SAMPLE = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")


def ask(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request, ensure_ascii=False)))
    assert answer["ok"], answer
    return answer["result"]


def simulation(date: str) -> dict:
    return ask({"command": "simular", "norma": "lins", "percentual": "20", "vagas": "10", "csv": SAMPLE,
                "data_edital": date})


# --------------------------------------------------------------------------- N4: Lins, editais of 2023
def test_a_2023_lins_simulation_does_not_apply_the_decrees_exclusions():
    before, after = simulation("2023-06-01"), simulation("2024-06-01")
    # in force (2024): the CAPPC's outcomes take effect (art. 9º, § 2º; art. 10)
    assert "2024-0056" in {e["candidate"] for e in after["excluded"]}
    def unconfirmed(res):
        return [m for m in res["moved"] if "autodeclaração não confirmada" in m["reason"]]

    assert [m["candidate"] for m in unconfirmed(after)] == ["2024-0193"]
    # 2023: the decree was not in force (art. 11): the outcomes are set aside, named, and labelled
    assert "2024-0056" not in {e["candidate"] for e in before["excluded"]}
    assert unconfirmed(before) == []
    [off] = [w for w in before["warnings"] if w["code"] == "simulacao_procedimentos_fora_de_vigor"]
    assert "antes de 08/02/2024" in off["message"] and "2024-0056" in off["message"]
    assert "2024-0193" in off["message"] and "interpretação que esta simulação não adota" in off["message"]
    assert "lins:art11" in off["basis"] and off["beside"]
    assert not any(w["code"] == "lins_heteroidentificacao_pendente" for w in before["warnings"])
    # an elimination in the file is the edital's own decision then, not the decree's (art. 10)
    [eliminated] = [e for e in before["excluded"] if e["candidate"] == "2024-0309"]
    assert not any(b.startswith("lins:art10") for b in eliminated["basis"])
    assert "decisão do próprio edital" in eliminated["reason"]
    assert not any(w["code"] == "simulacao_procedimentos_fora_de_vigor" for w in after["warnings"])
    # the decree's lists, order and replacements are a model then: no nomination cites the decree
    assert all(x["basis"] == [] for key in ("nominations", "excluded", "moved") for x in before[key])
    assert any(w["code"] == "simulacao_decreto_como_modelo" for w in before["warnings"])
    assert any(x["basis"] for x in after["nominations"])
    assert not any(w["code"] == "simulacao_decreto_como_modelo" for w in after["warnings"])


# --------------------------------------------------------------------------- N10: wording
def test_the_other_models_count_reads_as_a_sentence_when_it_is_zero():
    res = ask({"command": "reserva", "norma": "quissama", "vagas": "1", "data_edital": "2032-03-10"})
    assert "seria de nenhuma" not in res["headline"]
    assert res["headline"].endswith("vigora até 18/03/2032 e nenhuma vaga seria reservada.")
    assert "e não se aplica a este edital" not in res["headline"]


def test_an_edital_of_no_required_seat_announcing_none_says_so_plainly():
    res = ask({"command": "edital", "norma": "lins", "percentual": "20", "data_edital": "2024-06-01",
               "csv": "cargo;vagas;reservadas\nX;1;0\n"})
    assert "O edital anuncia 0: nenhuma é exigida, somando os cargos ou no concurso como um todo" in \
        res["headline"]
    assert "(nenhuma)" not in res["headline"]


def test_the_quissama_edital_outside_the_adopted_model_says_not_applies_once():
    res = ask({"command": "edital", "norma": "quissama", "data_edital": "2032-03-10",
               "csv": "cargo;vagas;reservadas\nX;10;2\n"})
    # the verdict is the adopted model's only: its reason leads, with no flat "não se aplica" (N7, N10)
    assert "não se aplica" not in res["headline"]
    assert res["headline"].startswith("Pelo modelo adotado (prorrogação contínua, interpretação), a lei "
                                      "vigorou até 03/03/2032 (data presumida), antes deste edital.")
    # the seats are the edital's own only under the adopted model (N7)
    assert res["headline"].endswith(
        "As 2 vagas anunciadas são reserva do próprio edital pelo modelo adotado; pelo outro, exigidas pela "
        "lei.")


def test_the_emprego_warning_does_not_point_below_and_a_nomination_date_is_labelled():
    out = run_cli("calculator", "ordem", "--norma", "ubatuba", "--vinculo", "emprego", "--vagas", "10",
                  text=True).stdout
    assert "As posições mostradas são uma leitura" in out and "abaixo são" not in out
    out = run_cli("calculator", "reserva", "--norma", "ubatuba", "--vinculo", "comissao", "--vagas", "5",
                  "--data-nomeacao", "2014-06-10", text=True).stdout
    assert "Nomeação: 10/06/2014" in out and "2014-06-10" not in out and "Edital:" not in out


def test_the_registration_line_has_a_readable_label():
    out = run_cli("calculator", "parametros", "--norma", "lins", text=True).stdout
    assert "registro e publicação, linha 1" in out and "registro 1]" not in out


def test_an_edital_the_norm_does_not_govern_shows_no_required_count_and_one_stop_step():
    res = ask({"command": "edital", "norma": "ubatuba", "data_edital": "2025-01-01",
               "csv": "cargo;vagas\nA;68\n"})
    texts = [s["text"] for s in res["steps"]]
    assert sum(t.startswith("Como a norma não se aplica") for t in texts) == 1
    assert not any("13,6" in t or t.startswith("Leitura") for t in texts)


# --------------------------------------------------------------------------- N12: comissão's basis
def test_the_comissao_percentage_step_cites_art_1_not_the_concurso_paragraph():
    res = ask({"command": "edital", "norma": "ubatuba", "vinculo": "comissao",
               "csv": "cargo;vagas\nA;5\nB;7\n"})
    [percent] = [s for s in res["steps"] if s["text"].startswith("Percentual")]
    assert percent["basis"] == ["ubatuba:art1_cpt"]
    assert any("ubatuba:art8_cpt" in s["basis"] for s in res["steps"])
    reserve = ask({"command": "reserva", "norma": "ubatuba", "vinculo": "comissao", "vagas": "12"})
    assert "ubatuba:art2_par1" not in reserve["steps"][0]["basis"]
    # a cargo efetivo keeps art. 2º, § 1º (vacancies of a concurso)
    efetivo = ask({"command": "reserva", "norma": "ubatuba", "vagas": "12"})
    assert "ubatuba:art2_par1" in [b for s in efetivo["steps"] for b in s["basis"]]


# --------------------------------------------------------------------------- N7: Quissamã's two models
def test_quissamas_answers_say_when_they_depend_on_the_extension_model():
    for date, applies in (("2022-03-10", True), ("2032-03-10", False)):
        res = ask({"command": "reserva", "norma": "quissama", "vagas": "10", "data_edital": date})
        assert res["applies"] is applies and res["validity"]["model_dependent"] is True
    for date in ("2015-01-01", "2025-01-01", "2033-01-01"):  # both models agree
        res = ask({"command": "reserva", "norma": "quissama", "vagas": "10", "data_edital": date})
        assert "model_dependent" not in res["validity"]
    undated = ask({"command": "reserva", "norma": "quissama", "vagas": "10"})
    assert "(datas presumidas; prorrogação contínua, interpretação)" in undated["headline"]
    [premise] = [w for w in undated["warnings"] if w["message"].startswith("Data de publicação do edital")]
    assert "pelo outro modelo" in premise["message"] and "04 a 17/03/2022" in premise["message"]
    assert "18/03/2032" in premise["message"]


# --------------------------------------------------------------------------- N6: the basis outside validity
def test_a_simulation_outside_validity_cites_the_norm_only_for_the_verdict():
    for norm, date in (("ubatuba", "2025-01-10"), ("quissama", "2011-06-01")):
        res = ask({"command": "simular", "norma": norm, "vagas": "10", "vagas_pcd": "1", "csv": SAMPLE,
                   "data_edital": date})
        assert res["applies"] is False
        [pcd] = [x for x in res["nominations"] if x["list"] == "pcd"]
        assert pcd["basis"] == []  # the PcD seat is the edital's, not art. 7º of a law that does not apply
        for key in ("nominations", "excluded", "moved"):
            assert all(x["basis"] == [] for x in res[key]), key
        [premise] = [w for w in res["warnings"] if w["code"] == "simulacao_regras_do_edital"]
        assert premise["basis"] and "seguem o próprio edital" in premise["message"]
        validity = {b for s in res["steps"][:3] for b in s["basis"]} | set(premise["basis"])
        cited = {b for w in res["warnings"] for b in w["basis"]}
        cited |= {b for s in res["steps"] for b in s["basis"]}
        assert cited <= validity | {b for w in res["warnings"] if w["kind"] == "premissa" for b in w["basis"]}
        assert not any(b.startswith(f"{norm}:art7") for b in res["basis"])
    inside = ask({"command": "simular", "norma": "ubatuba", "vagas": "10", "vagas_pcd": "1", "csv": SAMPLE,
                  "data_edital": "2020-01-10"})
    [pcd] = [x for x in inside["nominations"] if x["list"] == "pcd"]
    assert "ubatuba:art7_cpt" in pcd["basis"]
    assert not any(w["code"] == "simulacao_regras_do_edital" for w in inside["warnings"])
