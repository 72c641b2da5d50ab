"""The Tabelas page's look-up of any number of seats up to 1,000 (a plain form per norm that opens the
calculator), in real Chromium from a sub-path: the answer comes from the precomputed answers, without a
byte of Pyodide, and says what Python says for the same question."""

from __future__ import annotations

import json

import pytest

from calculator.api import handle as api_handle
from tests import pace
from tests.support import watched_page


def handle(request: dict) -> dict:
    return json.loads(api_handle(json.dumps(request, ensure_ascii=False)))


CASES = [  # norm, tool, vacancies, edital date (reserva only)
    ("ubatuba", "reserva", "640", ""),
    ("ubatuba", "reserva", "101", "2016-03-01"),
    ("quissama", "ordem", "333", ""),
    ("lins", "reserva", "1000", "2024-05-10"),
    ("lins", "ordem", "157", ""),
]


@pytest.mark.parametrize(("norm", "tool", "vacancies", "date"), CASES)
def test_other_number_of_seats_from_the_tables(browser, served_site, norm, tool, vacancies, date):
    with watched_page(browser, served_site.origin) as page:
        check_other_number(page, served_site.base, norm, tool, vacancies, date)


def check_other_number(page, base_url, norm, tool, vacancies, date):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(base_url + "gerado/tabelas.html")
    page.fill(f"#consulta-{norm}-vagas", vacancies)
    if date:
        page.fill(f"#consulta-{norm}-data", date)
    page.click(f"form:has(#consulta-{norm}-vagas) button[value={tool}]")
    page.wait_for_selector(f'#{tool}-resultado[data-origem="tabela"]', timeout=pace.ms(20000))
    text = page.text_content(f"#{tool}-resultado")
    req = {"command": tool, "norma": norm, "vagas": vacancies}
    if norm == "lins":
        req["percentual"] = "20"  # the tables' example, which the Lins form sends
    if date and tool == "reserva":
        req["data_edital"] = date
    res = handle(req)["result"]
    if tool == "reserva":
        assert res["headline"] in text
    else:
        assert f"{res['positions_total']} de {vacancies} nomeações" in text
        assert res["reading_description"] in text
        listed = page.text_content(f"#{tool}-resultado .calc-posicoes")
        assert ", ".join(f"{p}ª" for p in res["positions"]) in listed
    assert not any("pyodide" in u or "worker.js" in u for u in requests)
    assert page.outside == [] and page.errors == []


def test_the_form_refuses_more_than_a_thousand(browser, served_site):
    with watched_page(browser, served_site.origin) as page:
        page.goto(served_site.base + "gerado/tabelas.html")
        page.fill("#consulta-ubatuba-vagas", "1001")
        page.click("form:has(#consulta-ubatuba-vagas) button[value=reserva]")
        assert page.url.endswith("gerado/tabelas.html")  # the browser's own check keeps the page
        assert page.evaluate("document.querySelector('#consulta-ubatuba-vagas').validity.rangeOverflow")
