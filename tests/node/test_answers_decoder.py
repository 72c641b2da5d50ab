"""The precomputed answers' decoder in Node against the Python encoder: the page's own module
(docs/assets/calculadora/src/calculadora/tables.js, through tools/decode_answers.mjs) over the tables
sitebuild/answer_tables.py writes (write_answers), compared with the calculator's answers computed here, for
every norm: N = 1..1000 for both tools without a date, and in every validity window its first, middle and
last day for a spread of N. The decoding is written once, in JavaScript: the build checks the tables it
publishes with the same decoder (sitebuild/answer_tables.py, norm_answers), and the browser tests ask the
built page the same questions (tests/browser/test_calculadora.py)."""

from __future__ import annotations

import copy

import pytest

import calculator
from sitebuild import answer_tables
from sitebuild.context import Context

#: the fields of each tool's answer that the page shows (calculadora/render.js)
FIELDS = {
    "reserva": (*answer_tables.RESERVE_FIELDS, "vacancies"),
    "ordem": (*answer_tables.ORDER_FIELDS, "positions", "vacancies"),
}
ASK = {"reserva": calculator.reserve, "ordem": calculator.order}
DATED_N = (*range(1, 14), 49, 50, 51, 99, 100, 101, 500, 999, 1000)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """What respostas.js and every norm's respostas/<slug>.js hold, as the build writes them."""
    folder = tmp_path_factory.mktemp("respostas")
    answer_tables.write_answers(Context(), folder)
    return answer_tables.read_answers(folder)


def _request(command: str, slug: str, n: int, pct, date: str | None = None) -> dict:
    return {"command": command, "norma": slug, "vagas": str(n), **({"percentual": pct} if pct else {}),
            **({"data_edital": date} if date else {})}


def _window_days(slug: str) -> list[str]:
    """The first, middle and last day of each validity window of the norm (as the calculator's rule draws
    them, not as the tables list them: a window the tables left out is asked too)."""
    days = set()
    for start, end in answer_tables._validity_windows(calculator.NORMS[slug]):
        days |= {start, start + (end - start) // 2, end}
    return sorted(d.isoformat() for d in days)


def test_the_pages_decoder_gives_the_calculators_answers(written):
    requests, wants = [], []
    assert sorted(written["norms"]) == sorted(calculator.NORMS)
    for slug, data in written["norms"].items():
        pct = data["percent"]
        for n in range(1, written["max_vacancies"] + 1):
            for command in ("reserva", "ordem"):
                requests.append(_request(command, slug, n, pct))
                wants.append(ASK[command](slug, n, pct))
        for day in _window_days(slug):
            for n in DATED_N:
                for command in ("reserva", "ordem"):
                    requests.append(_request(command, slug, n, pct, day))
                    wants.append(ASK[command](slug, n, pct, edital_date=day))
    got = answer_tables.decode_answers(written, requests)
    for request, want, answer in zip(requests, wants, got, strict=True):
        assert answer is not None, request
        fields = FIELDS[request["command"]]
        assert {f: answer[f] for f in fields} == {f: want[f] for f in fields}, request
        # the validity window the page states beside an undated answer; a dated answer is not conditional
        assert answer["validity_window"] == (None if "data_edital" in request else want["validity_window"])


def test_every_validity_window_is_published_for_both_tools(written):
    """No window left out by the build's check (then Python would answer its dates): the tables cover every
    edital date from 2000 to 2060."""
    for slug, data in written["norms"].items():
        scanned = answer_tables._validity_windows(calculator.NORMS[slug])
        assert [(w["from"], w["to"]) for w in data["windows"]] == \
            [(a.isoformat(), b.isoformat()) for a, b in scanned], slug
        assert all(w["order"] is not None for w in data["windows"]), slug


def test_outside_the_tables_the_page_asks_python(written):
    requests = []
    for slug, data in written["norms"].items():
        pct = data["percent"]
        base = _request("reserva", slug, 10, pct)
        requests += [
            {**base, "vagas": "1001"}, {**base, "vagas": "0"}, {**base, "vagas": "010"},
            {**base, "data_edital": "1999-12-31"},  # before the scanned dates
            {**base, "data_edital": "2020-02-30"},  # no such day
            {**base, "leitura": "x"}, {**base, "vinculo": "x"},
            {**_request("ordem", slug, 10, pct), "nomeacoes": "12"},
            {**base, "percentual": "31,5"} if pct else {**base, "percentual": "20"},
            {**base, "command": "simular"},
        ]
    assert answer_tables.decode_answers(written, requests) == [None] * len(requests)


def _norm_with_dates(written) -> tuple[str, dict, int]:
    """A norm and the index of one of its windows where the norm may apply (not "no" whatever the N)."""
    for slug, data in written["norms"].items():
        for index, window in enumerate(data["windows"]):
            if window["applies"] is not False:
                return slug, copy.deepcopy(data), index
    raise AssertionError("nenhuma janela em que a norma se aplique")


def test_the_builds_check_refuses_a_table_the_page_would_misread(written):
    """The build's own check (answer_tables._reproduced, with the decoder): an undated answer that the page
    would give otherwise stops the build; a window it would answer otherwise is left out (Python answers
    there)."""
    slug, data, index = _norm_with_dates(written)
    pct, window = data["percent"], data["windows"][index]
    undated = [answer_tables._Check(_request("reserva", slug, n, pct),
                              {k: v for k, v in calculator.reserve(slug, n, pct).items()
                               if k in answer_tables.RESERVE_FIELDS}) for n in range(1, 6)]
    day = window["from"]
    dated = [answer_tables._Check(_request("reserva", slug, n, pct, day),
                                  {k: v for k, v in calculator.reserve(slug, n, pct, edital_date=day).items()
                                   if k in answer_tables.RESERVE_FIELDS}, (index, "reserva"))
             for n in range(20, 25)]
    checks = undated + dated

    def check(tables: dict) -> dict:
        got = answer_tables.decode_answers(answer_tables._shared({slug: tables}), [c.request for c in checks])
        return answer_tables._reproduced(slug, tables, checks, got)

    assert check(data)["windows"] == data["windows"]  # the tables as written pass
    wrong = copy.deepcopy(data)
    template = wrong["pool"][wrong["columns"]["reserva"]["headline"][0][0]]
    wrong["pool"][template[0]] += " (errado)"  # the headline's skeleton for N = 1
    with pytest.raises(SystemExit, match="não é a da calculadora"):
        check(wrong)
    wrong = copy.deepcopy(data)
    wrong["windows"][index]["applies"] = False  # the page would answer "não se aplica"
    kept = check(wrong)["windows"]
    assert len(kept) == len(data["windows"]) - 1
    assert (window["from"], window["to"]) not in [(w["from"], w["to"]) for w in kept]
