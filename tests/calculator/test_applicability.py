"""One answer everywhere: every tool starts from the applicability stage (norm, vínculo, date).

For every norm (the three of the corpus and the fictitious test norm) and every kind of date — none,
before the start, the first day, inside, the last day, the day after, Quissamã's gap between the two
extension models, Lins's 2023 — `reserva`, `ordem`, `simular`, `edital` (and its cargo) agree on
`applies` and carry the same validity clause in their headlines; outside the window nothing is reserved
anywhere.  The CLI gives the same JSON as the API; the page's precomputed answers (respostas.js, run in
Chromium) and tabelas.json give the same `applies` and headline as Python."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys

import pytest

import calculator
from calculator.api import handle
from tests import pace
from tests.support import ROOT

SAMPLE = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")
FIXTURES = ROOT / "tests" / "fixtures" / "normas"


def ask(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request, ensure_ascii=False)))
    assert answer["ok"], (request, answer)
    return answer["result"]


def percent_of(slug: str) -> dict:
    """The percentage a request needs (a norm whose percentage comes from outside the corpus)."""
    return {"percentual": "20"} if calculator.NORMS[slug].registry.percent_rule == "given" else {}


def dates_of(slug: str) -> list[str | None]:
    """None and the dates around every boundary of the norm's validity, from its registry."""
    v = calculator.NORMS[slug].registry.validity
    day = datetime.timedelta(days=1)
    start = datetime.date.fromisoformat(v.start)
    out = {start - day, start, start + 400 * day}
    if v.last_day:
        last = datetime.date.fromisoformat(v.last_day)
        out |= {last, last + day, last + 20 * day}
    if v.term_end:
        out.add(datetime.date.fromisoformat(v.term_end) + day)  # an extension's gap, if any
    if v.extension:
        ext = datetime.date.fromisoformat(v.extension.start)
        out |= {ext - day, ext}
    if v.enabling_law_from:
        law = datetime.date.fromisoformat(v.enabling_law_from)
        out |= {law - day, law, law + 150 * day}
    return [None, *sorted(d.isoformat() for d in out)]


def answers(slug: str, n: int, date: str | None) -> dict:
    """The same question to every tool."""
    base = {"norma": slug, **percent_of(slug), **({"data_edital": date} if date else {})}
    table = f"cargo;vagas\nCargo;{n}\n"
    return {
        "reserva": ask({"command": "reserva", "vagas": str(n), **base}),
        "ordem": ask({"command": "ordem", "vagas": str(n), **base}),
        "ordem_nomeacoes": ask({"command": "ordem", "vagas": str(n), "nomeacoes": str(n + 7), **base}),
        "simular": ask({"command": "simular", "vagas": str(n), "csv": SAMPLE, **base}),
        "edital": ask({"command": "edital", "csv": table, **base}),
    }


def check_norm(slug: str, vacancies=(2, 3, 13)) -> list[str]:
    """Every disagreement found for one norm (empty: they all agree)."""
    problems: list[str] = []
    for date in dates_of(slug):
        for n in vacancies:
            a = answers(slug, n, date)
            r = a["reserva"]
            where = f"{slug} n={n} data={date}"
            cargo = a["edital"]["cargos"][0]
            verdicts = {k: v["applies"] for k, v in a.items()} | {"edital (cargo)": cargo["applies"]}
            if len(set(map(json.dumps, verdicts.values()))) != 1:
                problems.append(f"{where}: applies differ {verdicts}")
            required = {k: v["reserve_required"] for k, v in a.items() if k != "edital"}
            required["edital (cargo)"] = cargo["reserve_required"]
            if len(set(required.values())) != 1:
                problems.append(f"{where}: reserve_required differ {required}")
            for name, res in a.items():
                if not {"applies", "headline"} <= set(res):
                    problems.append(f"{where}: {name} lacks applies/headline")
                if date is None and not res.get("validity_window"):
                    problems.append(f"{where}: {name} has no validity_window without a date")
                if date is not None and res.get("validity_window"):
                    problems.append(f"{where}: {name} has a validity_window with a date")
            heads = {k: v["headline"] for k, v in a.items()}
            window = calculator.rules.validity_window(calculator.NORMS[slug].registry)["short"]
            if date is None:
                # no date: the answer depends on it (null); a "no" whatever the date (fewer vacancies than
                # the norm's minimum: reserve_required false) says so without the window's clause
                if r["applies"] is not None:
                    problems.append(f"{where}: applies {r['applies']} without a date")
                if r["reserve_required"]:
                    for k, h in heads.items():
                        if f"e o edital foi {window}" not in h:
                            problems.append(f"{where}: {k} headline without the window clause: {h}")
            elif r["applies"] is False and r["validity"]["applies"] is False:
                reason = r["headline"].split(": ", 1)[1].split(".")[0]
                for k, h in heads.items():
                    if reason[1:] not in h:  # leading a sentence, its first letter is capitalised
                        problems.append(f"{where}: {k} headline without the reason: {h}")
                if a["ordem"]["positions"] or a["ordem_nomeacoes"]["positions"] or cargo["positions"]:
                    problems.append(f"{where}: positions outside the window")
                s = a["simular"]
                if s["reserved_positions_total"] or any(x["list"] == "reserva" for x in s["nominations"]):
                    problems.append(f"{where}: the simulation reserves outside the window")
                if r["reserved"] or cargo["reserved"] or cargo["status"] == "conforme":
                    problems.append(f"{where}: a reserve (or 'conforme') outside the window")
            elif r["applies"] is None and r["reserve_required"]:
                for k, h in heads.items():
                    if "se se aplicar" not in h:
                        problems.append(f"{where}: {k} headline without 'se se aplicar': {h}")
            if r["applies"] is not False and cargo["positions"] != a["ordem"]["positions"]:
                problems.append(f"{where}: edital positions {cargo['positions']} ≠ ordem")
            counts = {"reserva": r["reserved"], "ordem": a["ordem"]["reserved"], "edital": cargo["reserved"],
                      "ordem (posições)": len(a["ordem"]["positions"]) if r["applies"] is not False else 0}
            if r["applies"] is not False and len(set(counts.values())) != 1:
                problems.append(f"{where}: counts differ {counts}")
            model = "pelo modelo adotado"
            if any(model in h.lower() for h in heads.values()) and \
                    not all(model in h.lower() for h in heads.values()):
                problems.append(f"{where}: the extension model in some headlines only: {heads}")
    return problems


@pytest.mark.parametrize("slug", list(calculator.NORMS))
def test_every_tool_agrees_on_applicability_and_its_clause(slug):
    assert check_norm(slug) == []


@pytest.mark.parametrize("slug", sorted(p.parent.name for p in FIXTURES.glob("*/norma.toml")))
def test_a_folder_laws_check_accepts_answers_every_tool_for_1_to_200_vacancies(slug):
    """The contract, as a property: each data-only folder of the fixtures (laws check accepts them; one is a
    lei complementar with a fixed percentage, rounding down, no source notice and a long name) answers
    every command, for every N from 1 to 200 and every kind of date, with one applicability and one
    count."""
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(FIXTURES)}
    code = ("import json, tests.calculator.test_applicability as t; "
            f"print(json.dumps(t.check_norm({slug!r}, range(1, 201))))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=pace.seconds(900), env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == []


def test_the_review_cases():
    # ordem and simular for a current Ubatuba concurso: the law's term ended (art. 13), nothing reserved
    o = ask({"command": "ordem", "norma": "ubatuba", "vagas": "10", "data_edital": "2025-01-01"})
    assert o["applies"] is False and o["positions"] == [] and o["reserved"] == 0
    assert o["headline"].startswith("Nenhuma nomeação pela lista reservada: pelo texto, o prazo de 10 anos")
    s = ask({"command": "simular", "norma": "ubatuba", "vagas": "10", "vagas_pcd": "1", "csv": SAMPLE,
             "data_edital": "2025-01-01"})
    assert s["applies"] is False and s["reserved_positions_total"] == 0 and s["seats"]["reserva"] == 0
    assert all(x["list"] in ("ampla", "pcd") for x in s["nominations"])
    assert any(w["code"] == "ubatuba_contexto_stf_prazo" for w in s["warnings"])  # the ADI note, labelled
    assert any("todas as vagas são de ampla concorrência" in x["text"] for x in s["steps"])
    # without a date: the same conditional clause as reserva, and the premise shown beside the number
    o = ask({"command": "ordem", "norma": "ubatuba", "vagas": "10"})
    assert o["applies"] is None and o["headline"] == (
        "Nomeações pela lista reservada: 3ª e 8ª, se o edital foi publicado de 16/06/2014 a 16/06/2024 "
        "(datas presumidas).")
    premise = next(w for w in o["warnings"] if w["code"] == "vigencia_nao_verificada")
    assert premise["beside"] is True
    # parametros too: the norm's values hold only inside its window
    p = ask({"command": "parametros", "norma": "ubatuba"})
    assert p["applies"] is None and p["validity_window"]["to"] == "2024-06-16"
    assert "16/06/2014 a 16/06/2024" in p["headline"]
    # fewer vacancies than the minimum: the law still governs the concurso (applies: validity and scope only,
    # the legal review's N13); no reserve is required, whatever the date
    for date, verdict in ((None, None), ("2020-01-01", True), ("2025-01-01", False)):
        dated = {"data_edital": date} if date else {}
        two = ask({"command": "reserva", "norma": "ubatuba", "vagas": "2", **dated})
        assert (two["applies"], two["reserve_required"], two["reserved"]) == (verdict, False, 0)
    # Lins 2022: not governed; 2023: the corpus cannot tell, in every tool
    for date, verdict in (("2022-06-01", False), ("2023-06-01", None)):
        for command in ("reserva", "ordem"):
            assert ask({"command": command, "norma": "lins", "percentual": "20", "vagas": "10",
                        "data_edital": date})["applies"] is verdict


def test_edital_headline_carries_the_clause_and_the_model():
    table = "cargo;vagas;reservadas\nA;13;3\nB;5;1\n"
    undated = ask({"command": "edital", "norma": "ubatuba", "csv": table})
    assert undated["headline"].startswith("Se o edital foi publicado de 16/06/2014 a 16/06/2024 (datas "
                                          "presumidas), ")
    gap = ask({"command": "edital", "norma": "quissama", "csv": table, "data_edital": "2022-03-10"})
    assert "pelo outro (caducidade seguida de nova lei), a lei não se aplicaria a edital de 04 a 17/03/2022"\
        in gap["headline"]
    assert "Pelo texto" not in gap["headline"]  # the applicability itself is an interpretation
    after = ask({"command": "edital", "norma": "ubatuba", "csv": "cargo;vagas;reservadas\nA;13;0\n",
                 "data_edital": "2025-01-10"})
    assert after["cargos"][0]["status"] == "nao_se_aplica"  # never "conforme" to a norm that does not apply
    assert not any("art. 7º" in w["message"] for w in after["warnings"])  # no order stage ran
    lins = ask({"command": "edital", "norma": "lins", "percentual": "20", "csv": table,
                "data_edital": "2023-06-01"})
    assert lins["cargos"][0]["positions"] == [3, 8, 13]  # "se se aplicar": the positions too


def test_ordem_refuses_set_scopes_and_labels_emprego():
    for scope, why in (("comissao", "livre nomeação"), ("estagio", "contratações")):
        err = json.loads(handle(json.dumps({"command": "ordem", "norma": "ubatuba", "vagas": "12",
                                            "vinculo": scope})))
        assert not err["ok"] and err["error"]["field"] == "vinculo" and why in err["error"]["message"]
    e = ask({"command": "ordem", "norma": "ubatuba", "vagas": "10", "vinculo": "emprego"})
    assert "(ordem por leitura, sem base no corpus)" in e["headline"]
    order_step = next(s for s in e["steps"] if s["text"].startswith("Ordem de nomeação"))
    assert order_step["basis"] == [] and order_step["basis_kind"] == "sem_base_no_corpus"
    assert "ubatuba_ordem_interpretacao" not in [w["code"] for w in e["warnings"]]


def test_comissao_is_dated_by_the_nomination():
    r = ask({"command": "reserva", "norma": "ubatuba", "vagas": "12", "vinculo": "comissao"})
    assert "se a nomeação for feita de 16/06/2014 a 16/06/2024" in r["headline"]
    assert r["date_kind"] == "nomeacao"
    assert "(limite mínimo do conjunto arredondado para cima — interpretação; pelo art. 2º, § 3º, 2)"\
        in r["headline"]
    before = ask({"command": "reserva", "norma": "ubatuba", "vagas": "12", "vinculo": "comissao",
                  "data_nomeacao": "2014-06-10"})
    assert before["applies"] is False and "art. 8º, parágrafo único" in before["headline"]
    assert "ubatuba:art14" not in before["basis"]


def test_the_cli_gives_the_apis_answer():
    for args, request in (
        (["ordem", "--norma", "ubatuba", "--vagas", "10", "--data-edital", "2025-01-01"],
         {"command": "ordem", "norma": "ubatuba", "vagas": "10", "data_edital": "2025-01-01"}),
        (["ordem", "--norma", "quissama", "--vagas", "13"], {"command": "ordem", "norma": "quissama",
                                                               "vagas": "13"}),
        (["simular", str(ROOT / "docs/assets/exemplo-classificacao.csv"), "--norma", "lins", "--percentual",
          "20", "--vagas", "10", "--data-edital", "2023-06-01"],
         {"command": "simular", "norma": "lins", "percentual": "20", "vagas": "10", "csv": SAMPLE,
          "data_edital": "2023-06-01"}),
    ):
        proc = subprocess.run([sys.executable, "-m", "calculator", *args, "--json"], cwd=ROOT,
                              capture_output=True, text=True, encoding="utf-8", timeout=120)
        assert proc.returncode == 0, proc.stderr
        cli, api = json.loads(proc.stdout), ask(request)
        assert (cli["applies"], cli["headline"]) == (api["applies"], api["headline"])
        text = subprocess.run([sys.executable, "-m", "calculator", *args], cwd=ROOT, capture_output=True,
                              text=True, encoding="utf-8", timeout=120).stdout
        assert f"Resultado: {api['headline']}" in text


# --------------------------------------------------------------------------- the built site
def test_tabelas_json_rows_are_pythons_answers(built_site):
    data = json.loads((built_site / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    for slug, nd in data["norms"].items():
        pct = {"percentual": nd["percent"]} if nd["percent"] else {}
        for row in nd["rows"][:40]:
            r = ask({"command": "reserva", "norma": slug, "vagas": str(row["vacancies"]), **pct})
            o = ask({"command": "ordem", "norma": slug, "vagas": str(row["vacancies"]), **pct})
            assert (row["applies"], row["headline"], row["order_headline"]) ==\
                (r["applies"], r["headline"], o["headline"])
            assert row["applies"] is not True  # no date in the tables: never "applies" unconditionally


def test_the_pages_precomputed_answers_agree(browser, served_site):
    """respostas.js through calculadora.js's tableResult in Chromium: applies, headline, the validity
    clause and the positions of reserva and ordem, for every kind of date, are Python's."""
    page = browser.new_page()
    try:
        page.goto(served_site.base + "calculadora.html")
        assert page.evaluate("(slugs) => CotasCalculadora.loadAnswers(slugs)", list(calculator.NORMS))\
            == [True] * len(calculator.NORMS)
        requests = []
        for slug in calculator.NORMS:
            base = {"norma": slug, **percent_of(slug)}
            for n in (1, 2, 3, 7, 13, 40, 999):
                for date in dates_of(slug):
                    for command in ("reserva", "ordem"):
                        requests.append({"command": command, "vagas": str(n), **base,
                                         **({"data_edital": date} if date else {})})
        got = page.evaluate("(rs) => rs.map((r) => CotasCalculadora.tableResult(r.command, r))", requests)
    finally:
        page.close()
    covered = 0
    for req, table in zip(requests, got, strict=True):
        if table is None:  # outside the tables (a window the build could not rebuild): Python answers
            continue
        covered += 1
        want = ask(req)
        fields = ["applies", "headline", "reserved", "warnings", "basis"]
        fields += ["positions", "positions_total"] if req["command"] == "ordem" else []
        assert {f: table[f] for f in fields} == {f: want[f] for f in fields}, req
        if "data_edital" not in req:
            assert table["validity_window"] == want["validity_window"], req
    assert covered >= len(requests) - 5


def test_the_page_dates_ordem_and_simular_and_shows_the_premise(browser, served_site):
    """The page's Ordem form has the date field; its answer starts from applicability: undated, the
    conditional clause and the premise beside the number (not folded); dated after Ubatuba's term, no
    reserved nomination; the date goes into the share link; the simulator too."""
    from tests.browser.test_calculadora import PY_TIMEOUT, result_of, type_into, wait_python

    page = browser.new_page()
    try:
        page.goto(served_site.base + "calculadora.html?ferramenta=ordem&norma=ubatuba&vagas=10")
        text = result_of(page, "ordem", "tabela")
        want = ask({"command": "ordem", "norma": "ubatuba", "vagas": "10"})
        assert want["headline"] in text and "Resposta condicional: vale só se o edital foi publicado" in text
        shown = page.inner_text("#ordem-resultado .calc-avisos:not(details)")
        assert "Data de publicação do edital não informada" in shown  # beside the number, not folded
        wait_python(page)
        page.fill("#ordem-data_edital", "2025-01-01")
        page.focus("#ordem-vagas")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#ordem-resultado').dataset.origem === 'python'"
                               " && document.querySelector('#ordem-resultado').innerText.includes('2025')",
                               timeout=PY_TIMEOUT)
        dated = ask({"command": "ordem", "norma": "ubatuba", "vagas": "10", "data_edital": "2025-01-01"})
        assert dated["headline"] in page.inner_text("#ordem-resultado")
        assert "data_edital=2025-01-01" in page.url  # the share link keeps the date
        page.goto(served_site.base + "calculadora.html?ferramenta=simular&norma=ubatuba&vagas=10"
                  "&data_edital=2025-01-01")
        assert page.input_value("#simular-data_edital") == "2025-01-01"
        wait_python(page)
        page.click("#simular-exemplo")
        type_into(page, "#simular-vagas", "10")
        page.click("#form-simular button[type=submit]")
        sim = ask({"command": "simular", "norma": "ubatuba", "vagas": "10", "csv": SAMPLE,
                   "data_edital": "2025-01-01"})
        # the example button runs a simulation of its own first: wait for the one asked for, not that one
        page.wait_for_function("(h) => { const out = document.querySelector('#simular-resultado');"
                               " return out.dataset.origem === 'python' && out.innerText.includes(h); }",
                               arg=sim["headline"], timeout=PY_TIMEOUT)
        assert sim["headline"] in page.inner_text("#simular-resultado")
    finally:
        page.close()


def test_a_simulation_outside_validity_does_not_say_every_seat_is_ampla_when_some_are_pcd():
    """The legal review's N6: outside validity, with a PcD seat, the headline said "Todas as 10 vagas são
    de ampla concorrência" and the next line listed 1 PcD. It says no seat goes to the racial reserve."""
    base = {"command": "simular", "norma": "ubatuba", "vagas": "10", "csv": SAMPLE,
            "data_edital": "2025-01-10"}
    with_pcd = ask({**base, "vagas_pcd": "1"})
    assert with_pcd["headline"].startswith("Nenhuma vaga vai para a reserva racial: pelo texto, o prazo")
    assert with_pcd["seats"]["pcd"] == 1
    assert ask(base)["headline"].startswith("Todas as 10 vagas são de ampla concorrência")
