"""The calculator page in a real browser: Debian's Chromium driven by Playwright (Python).

The BUILT site (site/, made by build.py) is served by http.server on 127.0.0.1 from a sub-path
(/cotas/), so every URL the pages use must be relative. Every request to another host is aborted and
recorded; the tests assert there were none, and no console errors and no dialogs.
Expected answers come from calculator.api.handle in CPython: the page must show exactly what it says.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from pathlib import Path
from urllib.parse import unquote_plus, urlsplit

import pytest

from calculator import NORMS
from tests import pace
from tests.support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SITE,
    QuietHandler,
    SiteServer,
    require_site_files,
    run_cli,
)

SUBPATH = SiteServer.SUBPATH
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
READY = '#calc-status[data-state="ready"]'
PY_TIMEOUT = pace.ms(90_000)  # ms: cold Pyodide start on a slow CI machine


def handle(request: dict) -> dict:
    from calculator.api import handle as api_handle

    return json.loads(api_handle(json.dumps(request, ensure_ascii=False)))


def sentence(text: str) -> str:
    """What the page shows for a Python message: the same text, first letter capitalized."""
    return text[:1].upper() + text[1:]


def tables() -> dict:
    return json.loads((SITE / "gerado" / "tabelas.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- infrastructure
def require_site() -> Path:
    """The built site, or a clear failure (never a skip): these tests check what build.py produced."""
    require_site_files(["calculadora.html", "gerado/ubatuba.html", "gerado/tabelas.json",
                        "assets/calculadora/calculator.zip", "assets/calculadora/worker.js",
                        "assets/pyodide/pyodide.mjs"])
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium não encontrado em {CHROMIUM}: `apt-get install chromium` (ou `make test`).",
                    pytrace=False)
    return SITE


class Guard:
    """On a browser context: aborts off-origin requests; records them, console errors and dialogs."""

    def __init__(self, context, origin: str):
        self.origin = origin
        self.offsite: list[str] = []
        self.requests: list[str] = []
        self.console_errors: list[str] = []
        self.dialogs: list[str] = []
        context.route("**/*", self._route)

    def _route(self, route):
        url = route.request.url
        parts = urlsplit(url)
        self.requests.append(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.offsite.append(url)
            route.abort()
        else:
            route.continue_()

    def watch(self, page):
        page.on("console", lambda msg: msg.type == "error" and self.console_errors.append(msg.text))
        page.on("pageerror", lambda exc: self.console_errors.append(f"pageerror: {exc}"))
        page.on("dialog", self._dialog)
        page.on("worker", lambda w: w.on(
            "console", lambda msg: msg.type == "error" and self.console_errors.append(f"worker: {msg.text}")))
        return page

    def _dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def assert_clean(self):
        assert self.offsite == [], f"pedidos para fora da origem: {self.offsite}"
        assert self.console_errors == [], f"erros no console: {self.console_errors}"
        assert self.dialogs == [], f"diálogos abertos: {self.dialogs}"


@pytest.fixture(scope="module")
def server(served_site):
    require_site()
    return served_site


@pytest.fixture
def ctx(browser, server):
    """A fresh context (cold cache) with the guard; yields (context, guard); asserts it stayed clean."""
    context = browser.new_context(locale="pt-BR", accept_downloads=True)
    guard = Guard(context, server.origin)
    yield context, guard
    context.close()
    guard.assert_clean()


def file_named(name: str) -> re.Pattern:
    """A route for the file ``name`` however the worker asks for it (it adds the runtime's version, ?v=)."""
    return re.compile(rf"/{re.escape(name)}(\?.*)?$")


def open_calculator(ctx, server, query: str = ""):
    context, guard = ctx
    page = guard.watch(context.new_page())
    page.goto(server.base + "calculadora.html" + query)
    return page


def wait_python(page):
    """Python loads only on demand: ask for it as a visitor would (the status's button), then wait."""
    button = page.locator("#calc-carregar")
    if button.count():
        button.click()
    page.wait_for_selector(READY, timeout=PY_TIMEOUT)


def type_into(page, selector: str, text: str):
    """Types as a user: click the field, select what is there, type, like a keyboard would."""
    page.click(selector)
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.type(text)


def result_of(page, tool: str, origin: str = "python") -> str:
    page.wait_for_selector(f'#{tool}-resultado[data-origem="{origin}"]', timeout=PY_TIMEOUT)
    return page.inner_text(f"#{tool}-resultado")


def order_from_tables(page, norm: str, vacancies: str) -> str:
    """Asks the Ordem form for ``norm`` and ``vacancies``; the answer comes from the precomputed tables and
    names Python's positions."""
    page.select_option("#ordem-norma", norm)
    type_into(page, "#ordem-vagas", vacancies)
    page.keyboard.press("Enter")
    order = result_of(page, "ordem", "tabela")
    positions = handle({"command": "ordem", "norma": norm, "vagas": vacancies})["result"]["positions"]
    assert ", ".join(f"{p}ª" for p in positions) in order
    return order


def anchors_of(html_path: Path) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html_path.read_text(encoding="utf-8")))


def check_basis_links(page, tool: str, expected_basis: list[str], server):
    """Every basis reference is a link to the norm page's anchor, and that anchor exists."""
    hrefs = page.eval_on_selector_all(f"#{tool}-resultado a.calc-base", "els => els.map(e => e.href)")
    shown = set()
    for href in hrefs:
        assert href.startswith(server.base + "gerado/"), href
        path, _, anchor = href[len(server.base):].partition("#")
        assert anchor in anchors_of(SITE / path), f"âncora inexistente: {href}"
        shown.add(f"{Path(path).stem}:{anchor}")
    assert set(expected_basis) <= shown, set(expected_basis) - shown


# --------------------------------------------------------------------------- tests
RESERVE_CASES = [
    # (norma, vagas, percentual, data do edital)
    ("ubatuba", "10", "", ""),
    ("ubatuba", "2", "", ""),
    ("quissama", "4", "", "2013-05-02"),
    ("lins", "12", "25,5", ""),
    ("lins", "13", "20", "2023-06-01"),  # applies null: Lei nº 7.739/2023's day in 2023 is not in the corpus
]


def fill_reserve(page, norm, vacancies, percent, date):
    page.select_option("#reserva-norma", norm)
    type_into(page, "#reserva-vagas", vacancies)
    if page.is_enabled("#reserva-percentual"):
        type_into(page, "#reserva-percentual", percent)
    page.fill("#reserva-data_edital", date)
    page.focus("#reserva-vagas")
    page.keyboard.press("Enter")


def reserve_request(norm, vacancies, percent, date):
    req = {"command": "reserva", "norma": norm, "vagas": vacancies}
    if percent:
        req["percentual"] = percent
    if date:
        req["data_edital"] = date
    return req


def test_reserved_seats_typed_as_a_user(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    for norm, vacancies, percent, date in RESERVE_CASES:
        expected = handle(reserve_request(norm, vacancies, percent, date))
        assert expected["ok"], expected
        res = expected["result"]
        fill_reserve(page, norm, vacancies, percent, date)
        page.wait_for_function(
            "([n, v]) => { const o = document.querySelector('#reserva-resultado');"
            " return o.dataset.origem === 'python' && o.dataset.vagas === v && o.dataset.norma === n; }",
            arg=[norm, vacancies], timeout=PY_TIMEOUT)
        text = page.text_content("#reserva-resultado")  # folded premises included
        # the calculator's own sentence ("3 vagas reservadas de 13, se o edital foi publicado …";
        # "Nenhuma vaga reservada: …"), as on the CLI and in the tables
        assert res["headline"] in text, text
        announced = page.text_content("#calc-anuncio")  # the short summary for screen readers
        assert res["headline"] in announced
        if res["applies"] is None and res["validity_window"]:  # no date: conditional, the window beside it
            assert f"Resposta condicional: vale só se o edital foi {res['validity_window']['short']}" in text
        elif res["applies"] is None:
            assert "Não é possível determinar com o corpus se a reserva se aplica" in text
        for s in res["steps"]:
            assert s["text"] in text
        for w in res["warnings"]:
            assert w["message"] in text
        check_basis_links(page, "reserva", res["basis"], server)


def test_error_from_python_next_to_its_field(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    for norm, vacancies, percent in [("ubatuba", "dez", ""), ("lins", "10", ""), ("ubatuba", "10", "10")]:
        expected = handle(reserve_request(norm, vacancies, percent, ""))
        assert not expected["ok"]
        err = expected["error"]
        page.select_option("#reserva-norma", norm)
        type_into(page, "#reserva-vagas", vacancies)
        type_into(page, "#reserva-percentual", percent)
        page.focus("#reserva-vagas")
        page.keyboard.press("Enter")
        box = page.locator(f"#reserva-{err['field']}-erro")
        box.wait_for(state="visible", timeout=PY_TIMEOUT)
        assert box.inner_text() == sentence(err["message"])
        assert box.inner_text()[0].isupper()
        assert page.text_content("#calc-anuncio") == f"Erro: {sentence(err['message'])}"
        assert page.get_attribute(f"#reserva-{err['field']}", "aria-invalid") == "true"


def test_precomputed_answer_without_webassembly(ctx, server):
    context, guard = ctx
    context.add_init_script("delete globalThis.WebAssembly;")
    page = open_calculator(ctx, server)
    fill_reserve(page, "quissama", "7", "", "")
    text = result_of(page, "reserva", "tabela")
    table = json.loads((SITE / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    reserved = table["norms"]["quissama"]["rows"][6]["reserved"]
    assert handle(reserve_request("quissama", "7", "", ""))["result"]["reserved"] == reserved
    assert "Resposta pré-calculada" in text
    assert f"{reserved} vagas reservadas de 7" in text or f"{reserved} vaga reservada de 7" in text
    page.click("#calc-carregar")  # asking for Python says plainly that this browser cannot run it
    page.wait_for_selector('#calc-status[data-state="failed"]')
    status = page.inner_text("#calc-status")
    assert "não tem WebAssembly" in status and "respostas pré-calculadas" in status
    assert "ordem de convocação" in status and "indisponível" not in status  # the tables answer it too
    fill_reserve(page, "quissama", "8", "", "")
    text = result_of(page, "reserva", "tabela")
    assert "não há explicação passo a passo" in text  # it never comes
    assert not any("pyodide" in url for url in guard.requests), "sem WebAssembly, não se baixa o Pyodide"


@pytest.mark.parametrize(("tool", "function"), [("reserva", "reserve"), ("ordem", "order")])
def test_precomputed_answer_shows_validity_and_the_calculators_warnings(ctx, server, tool, function):
    """Ubatuba 10 vagas from the tables: the answer carries the calculator's own headline and the warnings
    it gives for it (the same messages, computed at build time)."""
    import calculator

    page = open_calculator(ctx, server, f"?ferramenta={tool}&norma=ubatuba&vagas=10")
    result_of(page, tool, "tabela")
    text = page.text_content(f"#{tool}-resultado")  # folded premises included
    res = getattr(calculator, function)("ubatuba", 10)
    if tool == "reserva":
        # the table's answer is the calculator's own sentence: conditional on art. 13's term, with the
        # presumed dates — never a "não se aplica" that Python then turns into "2 vagas"
        row = tables()["norms"]["ubatuba"]["rows"][9]
        assert row["headline"] == res["headline"] and res["headline"] in text
        assert "16/06/2014 a 16/06/2024 (datas presumidas)" in text
        assert "a reserva não se aplica" not in text
    assert res["warnings"]
    for w in res["warnings"]:
        assert w["message"] in text
    if tool == "reserva":  # the assumption the answer rests on: no edital date, validity not checked
        assert any(w["code"] == "vigencia_nao_verificada" for w in res["warnings"])
    check_basis_links(page, tool, res["basis"], server)


def test_arrival_downloads_no_python_and_little_else(ctx, server):
    """A question the tables answer (here with an edital date) costs no Pyodide byte and at most 1 MB from a
    server that compresses nothing; no stray technical box."""
    context, guard = ctx
    QuietHandler.sent.clear()
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=ubatuba&vagas=40&data_edital=2016-03-01")
    text = result_of(page, "reserva", "tabela")
    res = handle(reserve_request("ubatuba", "40", "", "2016-03-01"))["result"]
    assert f"{res['reserved']} vagas reservadas de 40" in text
    page.wait_for_load_state("networkidle")
    assert not any("pyodide" in url or "worker.js" in url for url in guard.requests), guard.requests
    # what the site's service worker fetches once the page is idle (its script, then the files it keeps for
    # offline use) is not the arrival: the arrival is what came before its script
    sent = list(QuietHandler.sent)
    paths = [path.split("?")[0] for path, _ in sent]
    arrival = sent[:paths.index("/cotas/sw.js")] if "/cotas/sw.js" in paths else sent
    total = sum(n for _, n in arrival)
    assert total <= 1_000_000, sorted(arrival, key=lambda x: -x[1])[:5]
    assert page.locator("#calc-detalhe-tecnico").count() == 0
    assert page.locator("details:visible").filter(has_text="Detalhe técnico").count() == 0
    assert page.get_attribute("html", "lang") == "pt-BR"


def test_precomputed_answers_equal_pythons(ctx, server):
    """The page's table answers (respostas.js, N = 1..1000, default percentage, with and without an edital
    date in every validity window) are Python's answers, field by field."""
    from sitebuild.answer_tables import read_answers

    page = open_calculator(ctx, server)
    data = read_answers(SITE)
    page.evaluate("(slugs) => CotasCalculadora.loadAnswers(slugs)", sorted(data["norms"]))
    requests = []
    assert sorted(data["norms"]) == sorted(NORMS)  # every norm of the registry
    for slug in data["norms"]:
        pct = data["norms"][slug]["percent"]
        base = {"norma": slug, **({"percentual": pct} if pct else {})}
        for n in range(1, data["max_vacancies"] + 1):
            requests.append({"command": "reserva", "vagas": str(n), **base})
            requests.append({"command": "ordem", "vagas": str(n), **base})
        for w in data["norms"][slug]["windows"]:
            days = sorted({w["from"], w["to"]})
            for d in days:
                for n in (*range(1, 13), 99, 500, 1000):
                    requests.append({"command": "reserva", "vagas": str(n), "data_edital": d, **base})
        assert data["norms"][slug]["windows"], slug
    got = page.evaluate("(rs) => rs.map((r) => CotasCalculadora.tableResult(r.command, r))", requests)
    fields = {"reserva": ("reserved", "applies", "percent_display", "headline", "warnings", "basis"),
              "ordem": ("reserved", "applies", "percent_display", "positions_total", "reading_description",
                        "interpreted_positions", "warnings", "basis", "positions")}
    for req, table in zip(requests, got, strict=True):
        assert table is not None, req
        want = handle(req)["result"]
        for f in fields[req["command"]]:
            assert table[f] == want[f], (req, f)
    # outside the tables the page asks Python: other percentage, N > 1000, a date outside the windows
    outside = [{"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "30"},
               {"command": "reserva", "norma": "ubatuba", "vagas": "1001"},
               {"command": "reserva", "norma": "ubatuba", "vagas": "10", "data_edital": "1999-12-31"},
               {"command": "ordem", "norma": "quissama", "vagas": "10", "leitura": "quinta"},
               {"command": "reserva", "norma": "lins", "vagas": "10"}]
    assert page.evaluate("(rs) => rs.map((r) => CotasCalculadora.tableResult(r.command, r))", outside) ==\
        [None] * len(outside)


def test_python_loads_only_when_asked_and_then_explains(ctx, server):
    context, guard = ctx
    held = []
    context.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=ubatuba&vagas=10")
    text = result_of(page, "reserva", "tabela")
    assert "Resposta pré-calculada" in text
    res = handle(reserve_request("ubatuba", "10", "", ""))["result"]
    assert f"{res['reserved']} vagas reservadas de 10" in text
    assert res["headline"] in text  # the same sentence Python gives below
    page.wait_for_timeout(pace.ms(500))
    assert held == [] and not any("pyodide" in u for u in guard.requests)
    page.click("#reserva-resultado .calc-passo-a-passo")  # the visitor asks for the explanation
    pace.until(page, lambda: held, 30_000, "o Python não foi pedido")
    assert len(held) == 1 and held[0].request.url.split("?")[0].endswith("pyodide.asm.wasm.zst")
    assert page.get_attribute("#calc-status", "data-state") == "loading"
    assert page.is_visible("#calc-progresso")
    # the standard library waits until the wasm is nearly in, and the calculator's own zip for the runtime's
    # last byte (each is needed only later in Python's start)
    page.wait_for_timeout(pace.ms(500))
    assert not any("python_stdlib.zip" in u for u in guard.requests)
    assert not any("calculator.zip" in u for u in guard.requests)
    held[0].continue_()
    text = result_of(page, "reserva", "python")
    assert "Resposta pré-calculada" not in text
    assert res["steps"][0]["text"] in text
    assert res["headline"] in text
    # the runtime came compressed from a server that compresses nothing, decompressed in the worker
    via = [w.evaluate("() => self.packedVia || null") for w in page.workers]
    assert {"pyodide.asm.wasm": "zst", "python_stdlib.zip": "zst", "pyodide.asm.mjs": "zst",
            "calculator.zip": "zst"} in via
    asked = [u.split("?")[0] for u in guard.requests]  # the worker adds the runtime's version (?v=)
    assert not any(u.endswith((".wasm", ".gz", "python_stdlib.zip", "pyodide.asm.mjs", "calculator.zip"))
                   for u in asked)
    assert any(u.endswith("calculator.zip.zst") for u in asked)  # after the runtime, as said above


def test_question_outside_the_tables_loads_python(ctx, server):
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=ubatuba&vagas=10&percentual=30")
    text = result_of(page, "reserva", "python")
    res = handle({"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "30"})["result"]
    assert res["headline"] in text


def test_calculator_zip_failure_after_the_runtime_is_reported(ctx, server):
    """The calculator's zip comes last, while Python starts: when it fails, the start fails plainly (no
    endless "carregando"), and the tables still answer."""
    context, guard = ctx
    refused = []

    def refuse(route):
        refused.append(route.request.url)
        route.fulfill(status=404, body="")

    context.route("**/calculator.zip*", refuse)
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=quissama&vagas=12")
    result_of(page, "reserva", "tabela")
    page.click("#calc-carregar")
    page.wait_for_selector('#calc-status[data-state="failed"]', timeout=PY_TIMEOUT)
    assert "Não foi possível carregar a calculadora em Python" in page.inner_text("#calc-status")
    # its .zst twin, then its .gz twin, then the original: each once
    names = [u.rsplit("/", 1)[-1].split("?")[0] for u in refused]
    assert names == ["calculator.zip.zst", "calculator.zip.gz", "calculator.zip"]
    guard.console_errors = [e for e in guard.console_errors if "404" not in e]


@pytest.mark.parametrize("broken", ["python_stdlib.zip.zst", "calculator.zip.zst", "pyodide.asm.wasm.zst"])
def test_a_twin_that_does_not_decode_gives_way_to_the_next(ctx, server, broken):
    """The review's L5: a truncated .zst twin (a half upload, a cut copy) is passed over for the .gz twin,
    which is intact, instead of failing the whole start."""
    context, guard = ctx
    folder = "calculadora" if broken.startswith("calculator") else "pyodide"
    whole = (SITE / "assets" / folder / broken).read_bytes()
    context.route(file_named(broken), lambda route: route.fulfill(status=200, body=whole[: len(whole) // 2]))
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=ubatuba&vagas=10&percentual=30")
    text = result_of(page, "reserva", "python")
    res = handle({"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "30"})["result"]
    assert res["headline"] in text
    via = {k: v for w in page.workers for k, v in (w.evaluate("() => self.packedVia || {}") or {}).items()}
    name = broken.removesuffix(".zst")
    assert via[name] == "gz", via
    assert any(u.split("?")[0].endswith(name + ".gz") for u in guard.requests)


def test_runtime_load_failure_is_reported_and_tables_still_answer(ctx, server):
    context, guard = ctx
    context.route("**/pyodide.asm.wasm*", lambda route: route.abort())
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=quissama&vagas=12")
    text = result_of(page, "reserva", "tabela")
    page.click("#calc-carregar")
    page.wait_for_selector('#calc-status[data-state="failed"]', timeout=PY_TIMEOUT)
    status = page.inner_text("#calc-status")
    assert "Não foi possível carregar a calculadora em Python" in status
    assert "respostas pré-calculadas" in status
    assert "ordem de convocação" in status and "indisponível" not in status
    res = handle(reserve_request("quissama", "12", "", ""))["result"]
    assert "Resposta pré-calculada" in text and f"{res['reserved']} vagas reservadas de 12" in text
    # the browser's own (English) error is not in the pt-BR text: only in the collapsed technical detail
    assert "Failed to fetch" not in status and "Failed to fetch" not in text
    detail = page.locator("#calc-detalhe-tecnico")
    assert detail.is_visible() and detail.get_attribute("open") is None
    assert detail.locator("summary").inner_text().startswith("Detalhe técnico")
    assert page.text_content("#calc-detalhe-tecnico-texto").strip()
    assert page.get_attribute("#calc-detalhe-tecnico-texto", "lang") == "en"
    assert not page.is_visible("#calc-progresso")
    # the call order still answers from the tables
    page.select_option("#ordem-norma", "quissama")
    type_into(page, "#ordem-vagas", "12")
    page.keyboard.press("Enter")
    order_text = result_of(page, "ordem", "tabela")
    assert "não há explicação passo a passo" in order_text
    positions = handle({"command": "ordem", "norma": "quissama", "vagas": "12"})["result"]["positions"]
    assert f"Nomeações destinadas à reserva racial: {', '.join(f'{p}ª' for p in positions)}." in order_text
    # the simulation says plainly that it needs Python
    page.click("#simular-exemplo")
    assert "precisa da calculadora em Python" in result_of(page, "simular", "espera")
    # the aborted download is the only console error allowed here
    guard.console_errors = [e for e in guard.console_errors if "ERR_FAILED" not in e]


def test_call_order_strip_and_table(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    for norm, vacancies, percent in [("quissama", "12", ""), ("ubatuba", "20", ""), ("lins", "9", "30"),
                                     ("quissama", "13", "")]:
        req = {"command": "ordem", "norma": norm, "vagas": vacancies}
        if percent:
            req["percentual"] = percent
        res = handle(req)["result"]
        page.select_option("#ordem-norma", norm)
        type_into(page, "#ordem-vagas", vacancies)
        if page.is_enabled("#ordem-percentual"):
            type_into(page, "#ordem-percentual", percent)
        page.focus("#ordem-vagas")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "([n, v]) => { const o = document.querySelector('#ordem-resultado');"
            " return o.dataset.origem === 'python' && o.dataset.norma === n && o.dataset.vagas === v; }",
            arg=[norm, vacancies], timeout=PY_TIMEOUT)
        reserved_cells = page.eval_on_selector_all(
            "#ordem-resultado svg rect.calc-vaga-reserva", "els => els.length")
        all_cells = page.eval_on_selector_all("#ordem-resultado svg rect", "els => els.length")
        assert all_cells == int(vacancies)
        assert reserved_cells == len(res["positions"])
        text = page.inner_text("#ordem-resultado")
        listed = ", ".join(f"{p}ª" for p in res["positions"])
        assert f"Nomeações destinadas à reserva racial: {listed}." in text
        assert len(res["positions"]) == res["reserved"]  # art. 1º's count survives the call order
        for p in res["interpreted_positions"]:  # Quissamã 13 vagas: the 13ª, placed by interpretation
            assert f"A {p}ª por interpretação" in text
        rows = page.eval_on_selector_all(
            "#ordem-resultado table tbody tr", "rs => rs.map(r => r.cells[1].textContent)")
        assert [i + 1 for i, lst in enumerate(rows) if lst == "Reserva racial"] == res["positions"]
        assert page.get_attribute("#ordem-resultado svg", "aria-hidden") == "true"
        check_basis_links(page, "ordem", res["basis"], server)


def test_simulation_with_sample_file_and_download(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#simular-norma", "ubatuba")
    type_into(page, "#simular-vagas", "10")
    page.click("#simular-exemplo")
    page.wait_for_selector('#simular-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
    sample = (SITE / "assets" / "exemplo-classificacao.csv").read_bytes().decode("utf-8-sig")
    assert page.input_value("#simular-csv").replace("\r\n", "\n") == sample.replace("\r\n", "\n")
    expected = handle({"command": "simular", "norma": "ubatuba", "vagas": "10",
                       "csv": page.input_value("#simular-csv")})
    assert expected["ok"], expected
    noms = expected["result"]["nominations"]
    rows = page.eval_on_selector_all(
        "#simular-nomeacoes tbody tr.calc-item-dados",
        "rs => rs.map(r => [r.cells[0].textContent, r.cells[1].textContent])")
    assert rows == [[str(n["seat"]), str(n["candidate"])] for n in noms]
    # each nomination's reason sits in a full-width row right under it
    reasons = page.eval_on_selector_all(
        "#simular-nomeacoes tbody", "bs => bs.map(b => [b.rows.length, b.rows[1].cells[0].colSpan,"
        " b.rows[1].textContent])")
    for (count, span, reason), n in zip(reasons, noms, strict=True):
        assert count == 2 and span == 5 and n["reason"] in reason
    with page.expect_download() as info:
        page.click("#simular-baixar")
    download = info.value
    # named after the simulation: norm, vacancies, the day it was made
    assert re.fullmatch(r"simulacao-ubatuba-10-vagas-\d{4}-\d{2}-\d{2}\.csv", download.suggested_filename)
    import csv as csvmod
    rows = list(csvmod.DictReader(Path(download.path()).read_text(encoding="utf-8-sig").splitlines(),
                                  delimiter=";"))
    params = {r["parametro"]: r["valor"] for r in rows if r["registro"] == "parametro"}
    assert params["vagas"] == "10" and "Ubatuba" in params["norma"]
    got_noms = [r for r in rows if r["registro"] == "nomeacao"]
    assert [(r["vaga"], r["inscricao"]) for r in got_noms] == [(str(n["seat"]), n["candidate"]) for n in noms]
    res = expected["result"]
    # every outcome, not only the nominations
    excluded = [r["inscricao"] for r in rows if r["registro"] == "excluido"]
    assert excluded == [e["candidate"] for e in res["excluded"]]
    assert len([r for r in rows if r["registro"] == "vaga_nao_preenchida"]) == len(res["unfilled_seats"])
    assert len([r for r in rows if r["registro"] == "vaga_revertida"]) == len(res["reverted_seats"])
    assert len([r for r in rows if r["registro"] == "mudou_de_lista"]) == len(res["moved"])
    assert res["excluded"], "o exemplo deveria ter excluídos"


def test_upload_windows_1252_file_goes_to_python_as_bytes(ctx, server):
    """A file exported by Excel in Brazil (Windows-1252, ';') is uploaded; Python decodes its bytes."""
    import base64

    data = ("inscricao;nome;classificacao;cotista\r\n10;João Conceição;1;não\r\n"
            "11;Inês Araújo;2;sim\r\n12;Zé;3;sim\r\n").encode("cp1252")
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#simular-norma", "ubatuba")
    type_into(page, "#simular-vagas", "3")
    page.set_input_files("#simular-arquivo",
                         files=[{"name": "lista.csv", "mimeType": "text/csv", "buffer": data}])
    page.wait_for_function("document.querySelector('#simular-csv').value.includes('Conceição')")
    page.click("#form-simular button[type=submit]")
    page.wait_for_selector('#simular-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
    expected = handle({"command": "simular", "norma": "ubatuba", "vagas": "3",
                       "csv_base64": base64.b64encode(data).decode("ascii")})
    assert expected["ok"], expected
    assert expected["result"]["input"]["encoding"] != "utf-8"
    rows = page.eval_on_selector_all(
        "#simular-nomeacoes tbody tr.calc-item-dados",
        "rs => rs.map(r => [r.cells[1].textContent, r.cells[2].textContent])")
    assert rows == [[n["candidate"], n["name"]] for n in expected["result"]["nominations"]]
    assert "João Conceição" in page.inner_text("#simular-nomeacoes")


XSS_NAME = "<img src=x onerror=alert(1)>"


def test_csv_names_are_text_never_html(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    csv_text = ("inscricao,nome,classificacao,cotista\n"
                f'101,"{XSS_NAME}",1,sim\n'
                '102,"<script>alert(2)</script>",2,não\n'
                "103,Ana,3,sim\n")
    page.select_option("#simular-norma", "quissama")
    type_into(page, "#simular-vagas", "3")
    page.fill("#simular-csv", csv_text)
    page.click("#form-simular button[type=submit]")
    page.wait_for_selector('#simular-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
    assert handle({"command": "simular", "norma": "quissama", "vagas": "3", "csv": csv_text})["ok"]
    text = page.inner_text("#simular-resultado")
    assert XSS_NAME in text
    assert page.locator("#simular-resultado img").count() == 0
    assert page.locator("#simular-resultado script").count() == 0
    assert page.locator("img[src=x]").count() == 0
    page.wait_for_timeout(pace.ms(300))  # an onerror handler would have fired by now
    assert "img" not in page.url and "script" not in page.url  # the list is not in the link


def test_shared_url_reopens_result_and_history_works(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    fill_reserve(page, "lins", "12", "25,5", "")
    first = result_of(page, "reserva")
    url_first = page.url
    assert "ferramenta=reserva" in url_first and "vagas=12" in url_first
    fill_reserve(page, "ubatuba", "30", "", "")
    page.wait_for_function("document.querySelector('#reserva-resultado').dataset.vagas === '30'")
    second = page.inner_text("#reserva-resultado")
    assert second != first

    # a shared link, opened in a new tab, shows the same answer
    other = open_calculator(ctx, server, url_first[len(server.base + "calculadora.html"):])
    assert result_of(other, "reserva") == first
    assert other.input_value("#reserva-vagas") == "12"
    assert other.input_value("#reserva-norma") == "lins"
    assert other.input_value("#reserva-percentual") == "25,5"

    # back and forward restore the form and the answer
    page.go_back()
    page.wait_for_function("document.querySelector('#reserva-resultado').dataset.vagas === '12'")
    assert page.input_value("#reserva-vagas") == "12"
    assert result_of(page, "reserva") == first
    page.go_forward()
    page.wait_for_function("document.querySelector('#reserva-resultado').dataset.vagas === '30'")
    assert page.input_value("#reserva-norma") == "ubatuba"
    assert result_of(page, "reserva") == second


def test_phone_sized_screen_and_keyboard_only(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    guard = Guard(context, server.origin)
    page = guard.watch(context.new_page())
    page.goto(server.base + "calculadora.html")
    wait_python(page)
    # keyboard only: focus the norm selector, then Tab to the vacancies field and type
    page.focus("#reserva-norma")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "reserva-vagas"
    page.keyboard.type("15")
    page.keyboard.press("Enter")
    text = result_of(page, "reserva")
    res = handle({"command": "reserva", "norma": "ubatuba", "vagas": "15"})["result"]
    assert f"{res['reserved']} vagas reservadas de 15" in text
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"a página rola na horizontal em 360 px ({overflow} px a mais)"
    context.close()
    guard.assert_clean()


def run_axe(page, impacts=("serious", "critical"), rules: list[str] | None = None) -> list[dict]:
    """axe-core from node_modules (local file, injected): violations of these impacts (only these rules)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = page.evaluate("async (o) => await axe.run(document, o)", options)
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in impacts]


def test_axe_calculator_page_with_results(ctx, server):
    page = open_calculator(ctx, server, "?ferramenta=ordem&norma=ubatuba&vagas=12")
    wait_python(page)
    result_of(page, "ordem")
    page.click("#simular-exemplo")  # the simulation tables on screen too
    result_of(page, "simular")
    fill_reserve(page, "ubatuba", "dez", "", "")  # and an error message
    page.locator("#reserva-vagas-erro").wait_for(state="visible", timeout=PY_TIMEOUT)
    assert run_axe(page) == []
    assert run_axe(page, impacts=("moderate",), rules=["heading-order"]) == []


@pytest.mark.parametrize("selector", ["#form-ordem button[type=submit]", "#simular-exemplo"])
def test_axe_after_clicking_a_button(ctx, server, selector):
    """The button keeps focus (and the pointer hovers it) after a click: its colours must still contrast."""
    page = open_calculator(ctx, server)
    wait_python(page)
    type_into(page, "#ordem-vagas", "12")
    type_into(page, "#simular-vagas", "10")
    page.click(selector)
    page.hover(selector)
    result_of(page, "ordem" if "ordem" in selector else "simular")
    page.focus(selector)
    assert page.evaluate("(s) => document.activeElement.matches(s)", selector)
    colours = page.eval_on_selector(
        selector, "b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]")
    assert run_axe(page, rules=["color-contrast"]) == [], colours


def test_axe_law_page(ctx, server):
    context, guard = ctx
    page = guard.watch(context.new_page())
    page.goto(server.base + "gerado/ubatuba.html")
    assert run_axe(page) == []
    assert not any("pyodide" in url for url in guard.requests), "página de norma não deve carregar o Pyodide"


def test_basis_labels_are_the_corpus_labels(ctx, server):
    """The page labels every "norm:id" of the corpus with the labels the build wrote (normas.js): the corpus
    parser's label, short where the answer is about that norm and with the norm named elsewhere; a note
    inside a provision is the source's compilation note, never a provision."""
    from laws import load_corpus

    corpus = load_corpus()
    expected = {}
    for norm in corpus.norms:
        for p in norm.walk():
            short = p.label
            if p.kind == "nota" and "_nota" in p.id:
                short = f"nota de compilação da fonte ao {norm.get(p.id.rsplit('_nota', 1)[0]).label}"
            expected[f"{norm.slug}:{p.id}"] = short
    page = open_calculator(ctx, server)
    got = page.evaluate("(refs) => refs.map((r) => CotasCalculadora.labelsOf(r))", list(expected))
    assert {ref: short for ref, (short, _) in zip(expected, got, strict=True)} == expected
    longs = dict(zip(expected, (full for _, full in got), strict=True))
    assert longs["ubatuba:art2_par3"] == "Ubatuba/SP, Lei nº 3.765/2014, art. 2º, § 3º"
    assert longs["lins:art4_par1u"] == "Lins/SP, Decreto nº 13.760/2024, art. 4º, parágrafo único"
    assert longs["quissama:art5_cpt_nota1"] ==\
        "Quissamã/RJ, Lei nº 1.289/2012, nota de compilação da fonte ao art. 5º, caput"


def test_classification_list_never_goes_in_the_url(ctx, server):
    """Privacy: the CSV (candidates' names) stays on the computer — not in the query, not in the hash, not
    in any request; the shared link keeps the options and the reopened page asks for the file."""
    context, guard = ctx
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#simular-norma", "lins")
    type_into(page, "#simular-vagas", "7")
    type_into(page, "#simular-percentual", "25")
    page.click("#simular-exemplo")
    result_of(page, "simular")
    csv_text = page.input_value("#simular-csv")
    names = [line.split(",")[1] for line in csv_text.strip().splitlines()[1:]]
    assert names
    href = page.evaluate("location.href")
    for probe in [*names, *[n.split()[0] for n in names], "csv=", "inscricao"]:
        assert probe not in href and probe not in unquote_plus(href), f"{probe!r} no link: {href}"
    for url in guard.requests:
        assert not any(n.split()[0] in unquote_plus(url) for n in names), f"a lista foi enviada: {url}"
    assert page.evaluate("JSON.stringify(history.state)").find(names[0]) == -1

    other = open_calculator(ctx, server, href[len(server.base + "calculadora.html"):])
    notice = other.locator("#simular-pede-arquivo")
    notice.wait_for(state="visible")
    assert "não vai no link" in notice.inner_text() and "envie o arquivo" in notice.inner_text()
    assert other.input_value("#simular-norma") == "lins"
    assert other.input_value("#simular-vagas") == "7"
    assert other.input_value("#simular-percentual") == "25"
    assert other.input_value("#simular-csv") == ""
    # and the claim on the page holds
    assert "O arquivo não sai do seu computador" in other.inner_text("#simulacao")


def test_an_old_link_with_the_list_is_cleaned(ctx, server):
    page = open_calculator(ctx, server, "?ferramenta=simular&norma=quissama&vagas=3"
                           "&csv=inscricao%2Cnome%0A1%2CFulano+de+Tal#simulacao")
    page.locator("#simular-pede-arquivo").wait_for(state="visible")
    assert "Fulano" not in page.evaluate("location.href")
    assert page.input_value("#simular-csv") == ""


def test_history_shows_only_the_tool_in_the_url(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    fill_reserve(page, "quissama", "12", "", "")
    result_of(page, "reserva")
    page.select_option("#ordem-norma", "quissama")
    type_into(page, "#ordem-vagas", "13")
    page.keyboard.press("Enter")
    result_of(page, "ordem")
    page.go_back()  # back to the reserva state: the call order (not in that URL) is cleared
    page.wait_for_function("document.querySelector('#ordem-resultado').childElementCount === 0")
    assert page.input_value("#ordem-vagas") == ""
    assert result_of(page, "reserva")
    page.go_forward()  # and forward: the call order is back, the reserved-seats answer cleared
    result_of(page, "ordem")
    assert page.input_value("#ordem-vagas") == "13"
    page.wait_for_function("document.querySelector('#reserva-resultado').childElementCount === 0")
    assert page.input_value("#reserva-vagas") == ""


def test_norm_preselected_from_a_norm_page(ctx, server):
    context, guard = ctx
    page = guard.watch(context.new_page())
    page.goto(server.base + "gerado/lins.html")
    page.click("text=Calcular vagas reservadas")
    page.wait_for_url("**/calculadora.html?norma=lins#reserva")
    for tool in ("reserva", "ordem", "simular"):
        assert page.input_value(f"#{tool}-norma") == "lins"
    assert page.is_enabled("#reserva-percentual")  # Lins takes the percentage: its field is shown
    assert page.inner_text("#reserva-resultado") == ""


def test_progress_steps_match_the_bar(ctx, server):
    context, _ = ctx
    context.add_init_script("""
      window.__statuses = [];
      new MutationObserver(() => {
        const t = document.getElementById('calc-status-texto'), b = document.getElementById('calc-progresso');
        if (t && b) window.__statuses.push([t.textContent, b.value, b.max]);
      }).observe(document, {subtree: true, childList: true, characterData: true});
    """)
    page = open_calculator(ctx, server)
    wait_python(page)
    seen = page.evaluate("window.__statuses")
    steps = [(re.search(r"etapa (\d+) de (\d+)", t), v, m) for t, v, m in seen]
    steps = [(int(x.group(1)), int(x.group(2)), v, m) for x, v, m in steps if x]
    assert steps, seen
    for step, total, value, maximum in steps:
        assert total == maximum, (step, total, maximum)
        assert value == step - 1  # the bar shows the steps already done
    assert page.get_attribute("#calc-progresso", "max") == str(steps[0][1])


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_simulation_reasons_are_readable_on_desktop_and_phone(browser, server, width, height):
    """The reasons are not squeezed into a narrow column (desktop) nor pushed off-screen (phone)."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-BR")
    guard = Guard(context, server.origin)
    try:
        page = guard.watch(context.new_page())
        page.goto(server.base + "calculadora.html")
        wait_python(page)
        type_into(page, "#simular-vagas", "10")
        page.click("#simular-exemplo")
        result_of(page, "simular")
        table_box = page.locator("#simular-nomeacoes").bounding_box()
        reasons = page.locator("#simular-nomeacoes tr.calc-item-motivo td")
        assert reasons.count() == 10
        for i in range(reasons.count()):
            box = reasons.nth(i).bounding_box()
            assert box["width"] >= 0.9 * table_box["width"], (box, table_box)  # full width of the table
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, box  # on screen
            assert box["height"] < (200 if width >= 1000 else 400), box  # a few lines, not a narrow column
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    finally:
        context.close()
    guard.assert_clean()


def test_header_box_rows_are_aligned(ctx, server):
    """The "Fonte" row of a norm's header box: same font size as the other rows, aligned with its label."""
    context, guard = ctx
    page = guard.watch(context.new_page())
    page.goto(server.base + "gerado/ubatuba.html")
    rows = page.eval_on_selector_all(
        ".cabecalho-norma dt", "dts => dts.map(dt => { const dd = dt.nextElementSibling;"
        " return [dt.textContent, getComputedStyle(dt).fontSize, getComputedStyle(dd).fontSize,"
        " dt.getBoundingClientRect().top, dd.getBoundingClientRect().top]; })")
    sizes = {size for _, dt_size, dd_size, _, _ in rows for size in (dt_size, dd_size)}
    assert len(sizes) == 1, rows
    for label, _, _, dt_top, dd_top in rows:
        assert abs(dt_top - dd_top) <= 1, label


class _NotFoundHandler(QuietHandler):
    """Like a web server configured with 404.html as its error page: served for any missing path."""

    def send_error(self, code, message=None, explain=None):
        page = SITE / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.mark.parametrize("missing", ["nao-existe.html", "gerado/velho/pagina/perdida.html"])
def test_404_page_under_a_sub_path(browser, missing):
    """The error page, served under /cotas/ for a missing address at any depth, is styled and its links
    lead to the site's pages (build.py, write_404)."""
    srv = SiteServer(require_site())
    srv.httpd.RequestHandlerClass = functools.partial(_NotFoundHandler, directory=srv._tmp.name)
    context = browser.new_context(locale="pt-BR")
    guard = Guard(context, srv.origin)
    try:
        page = guard.watch(context.new_page())
        response = page.goto(srv.base + missing)
        assert response.status == 404
        page.wait_for_function("document.documentElement.dataset.raiz !== undefined")
        assert page.evaluate("document.documentElement.dataset.raiz") == SUBPATH
        assert "Página não encontrada" in page.inner_text("h1")
        assert missing in page.inner_text("main")
        header_colour = page.eval_on_selector("header", "h => getComputedStyle(h).backgroundColor")
        assert header_colour != "rgba(0, 0, 0, 0)"  # styled: its CSS is inline, nothing to load
        hrefs = page.eval_on_selector_all("a", "as => as.map(a => a.href)")
        assert hrefs and all(h.startswith(srv.base) for h in hrefs), hrefs
        for href in hrefs:
            assert (SITE / href[len(srv.base):]).is_file(), href
        page.click("main a >> text=Calculadora")
        page.wait_for_url(srv.base + "calculadora.html")
        assert run_axe(page) == []
        console = [e for e in guard.console_errors if "404" not in e]  # the missing page itself
        assert guard.offsite == [] and console == [] and guard.dialogs == []
    finally:
        context.close()
        srv.close()


# --------------------------------------------------------------------------- measurements (not a test)
def measure(runs: int = 3, snapshot: bool = True) -> None:
    """Prints the Pyodide ready time in headless Chromium, cold (new context, empty cache) and warm
    (same context, HTTP cache; no request routing, which would disable the cache), and the bytes the
    calculator page loads.  Run: .venv/bin/python -m tests.browser.test_calculadora [--sem-snapshot]
    (--sem-snapshot answers 404 for the memory snapshot: the worker's plain-load fallback)."""
    from playwright.sync_api import sync_playwright

    def load(context) -> tuple[int, list[tuple[str, int]]]:
        QuietHandler.sent.clear()
        page = context.new_page()
        page.goto(srv.base + "calculadora.html")
        page.wait_for_selector(READY, timeout=PY_TIMEOUT)
        ready = page.evaluate("Number(document.documentElement.dataset.pythonReadyMs)")
        page.close()
        return ready, list(QuietHandler.sent)

    srv = SiteServer(require_site())
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            for i in range(runs):
                context = browser.new_context()
                if not snapshot:  # note: routing disables the HTTP cache, so "morno" is cold here too
                    context.route(file_named("calculator.snapshot.bin"),
                                  lambda route: route.fulfill(status=404, body=""))
                cold, sent = load(context)
                warm, sent_warm = load(context)
                context.close()
                cold_bytes, warm_bytes = sum(n for _, n in sent), sum(n for _, n in sent_warm)
                print(f"execução {i + 1}: Python pronto (frio) {cold} ms, (morno) {warm} ms; "
                      f"bytes servidos: frio {cold_bytes:_}, morno {warm_bytes:_}".replace("_", "."))
            for path, n in sorted(sent, key=lambda x: -x[1])[:8]:
                print(f"  {n:>12_} ".replace("_", ".") + path)
            browser.close()
    finally:
        srv.close()


if __name__ == "__main__":
    measure(snapshot="--sem-snapshot" not in sys.argv)


# --------------------------------------------------------------------------- reliability (the page's side)
def _simulate_upload(page, data: bytes, norm: str = "ubatuba", vacancies: str = "3"):
    page.select_option("#simular-norma", norm)
    type_into(page, "#simular-vagas", vacancies)
    page.set_input_files("#simular-arquivo",
                         files=[{"name": "lista.csv", "mimeType": "text/csv", "buffer": data}])
    page.wait_for_function("document.querySelector('#simular-csv').value.length > 0")
    page.click("#form-simular button[type=submit]")


def test_utf16_crlf_upload_gets_the_clis_message(ctx, server, tmp_path):
    """The page and the CLI agree on a UTF-16 file with CRLF line ends (the text area's LF used to make the
    page send the mis-decoded text, which Python called "caractere nulo")."""
    data = "inscricao;classificacao;cotista\r\n1;1;sim\r\n2;2;não\r\n".encode("utf-16")
    path = tmp_path / "utf16.csv"
    path.write_bytes(data)
    cli = run_cli("calculator", "simular", "--norma", "ubatuba", "--vagas", "3", str(path), text=True)
    assert cli.returncode == 2 and "UTF-16" in cli.stderr
    page = open_calculator(ctx, server)
    wait_python(page)
    _simulate_upload(page, data)
    box = page.locator("#simular-csv-erro")
    box.wait_for(state="visible", timeout=PY_TIMEOUT)
    assert sentence(cli.stderr.removeprefix("erro: ").strip()) in box.inner_text()


def test_missing_cotista_column_is_warned_on_the_page(ctx, server):
    data = "inscricao;nome;classificacao;Cotas (PPP)\n" + "".join(f"{i};N{i};{i};sim\n" for i in range(1, 11))
    page = open_calculator(ctx, server)
    wait_python(page)
    _simulate_upload(page, data.encode(), vacancies="10")
    text = result_of(page, "simular")
    expected = handle({"command": "simular", "norma": "ubatuba", "vagas": "10", "csv": data})["result"]
    warning = next(w for w in expected["warnings"] if w["code"] == "simulacao_sem_coluna_cotista")
    assert warning["message"] in text and "“Cotas (PPP)”" in text


def test_hostile_names_are_shown_visibly_and_the_csv_download_is_quoted(ctx, server):
    names = ["Eve\u202eevE", "Ana,=HYPERLINK(A1&A2),x", " =1+1", "Bia|=2", "Caio\t=3"]
    csv_text = "inscricao,nome,classificacao\n" + "".join(
        f'{i},"{n}",{i}\n' for i, n in enumerate(names, start=1))
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#simular-norma", "ubatuba")
    type_into(page, "#simular-vagas", str(len(names)))
    page.fill("#simular-csv", csv_text)
    page.click("#form-simular button[type=submit]")
    result_of(page, "simular")
    shown = page.eval_on_selector_all("#simular-nomeacoes tbody tr.calc-item-dados",
                                      "rs => rs.map(r => r.cells[2].textContent)")
    assert "Eve<U+202E>evE" in shown and not any("\u202e" in s for s in shown)
    assert "Caio<U+0009>=3" in shown
    with page.expect_download() as info:
        page.click("#simular-baixar")
    content = Path(info.value.path()).read_text(encoding="utf-8-sig")
    import csv as csvmod

    for delimiter in (",", ";", "|", "\t"):  # whatever a spreadsheet splits on, no cell is a formula
        for row in csvmod.reader(content.splitlines(), delimiter=delimiter):
            for cell in row:
                assert not cell.lstrip().startswith(("=", "+", "-", "@")), (delimiter, cell)
    assert '"Ana,\'=HYPERLINK(A1&A2),x"' in content and "'=1+1" in content


def test_visible_is_the_same_rule_in_the_page_and_the_cli(ctx, server):
    from calculator.cli.terminal import visible

    samples = ["Ana", "a\x1b[2Jb", "Eve\u202eevE\u2066", "x\u00a0y\u2009z\u3000w", "\u200bzero\u00ad",
               "linha\u2028par\u2029", "tab\tcr\r", "ç ã 漢字 😀"]
    page = open_calculator(ctx, server)
    got = page.evaluate("(xs) => xs.map((x) => CotasCalculadora.visible(x))", samples)
    assert got == [visible(s) for s in samples]


def test_a_file_over_the_limit_is_refused_before_it_is_read(ctx, server):
    from calculator.csv import text as csvtext

    page = open_calculator(ctx, server)
    wait_python(page)
    consts = page.evaluate("[CotasCalculadora.MAX_CSV_BYTES, CotasCalculadora.CSV_TOO_LARGE]")
    assert consts == [csvtext.MAX_CSV_BYTES, csvtext.too_large().message]
    page.evaluate("""(size) => {
        const input = document.querySelector('#simular-arquivo');
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(size)], 'grande.csv', { type: 'text/csv' }));
        input.files = dt.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
    }""", csvtext.MAX_CSV_BYTES + 1)
    box = page.locator("#simular-csv-erro")
    box.wait_for(state="visible", timeout=pace.ms(10_000))
    assert box.inner_text() == csvtext.too_large().message
    assert page.input_value("#simular-csv") == ""


# --------------------------------------------------------------------------- input the form cannot hold
def test_link_values_the_form_cannot_hold_are_errors_next_to_the_field(ctx, server):
    context, guard = ctx
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=foo&vagas=3#reserva")
    box = page.locator("#reserva-norma-erro")
    box.wait_for(state="visible")
    assert "desconhecido" in box.inner_text() and "“foo”" in box.inner_text()
    assert page.get_attribute("#reserva-norma", "aria-invalid") == "true"
    assert page.input_value("#reserva-norma") == "ubatuba"  # a usable form, not a blank select
    unknown = open_calculator(ctx, server, "?ferramenta=calcular-tudo&norma=ubatuba")
    unknown.locator("#calc-link-erro").wait_for(state="visible")
    assert "“calcular-tudo”" in unknown.inner_text("#calc-link-erro")
    # a crafted value is shown with its bidi characters as <U+XXXX> and cut (the review's L7)
    crafted = open_calculator(ctx, server, "?ferramenta=x%E2%80%AEATEN%C3%87%C3%83O" + "a" * 200)
    crafted.locator("#calc-link-erro").wait_for(state="visible")
    shown = crafted.inner_text("#calc-link-erro")
    assert "x<U+202E>ATENÇÃO" in shown and "\u202e" not in shown and "a" * 80 not in shown and "…" in shown
    page2 = open_calculator(ctx, server, "?ferramenta=reserva&norma=ubatuba&vagas=3&data_edital=2020-02-30")
    box = page2.locator("#reserva-data_edital-erro")
    box.wait_for(state="visible")
    assert "Data inválida" in box.inner_text() and "2020-02-30" in box.inner_text()
    assert page2.inner_text("#reserva-resultado") == ""  # no answer that pretends no date was given
    # typed: a day that does not exist in that month
    page2.click("#reserva-data_edital")
    page2.keyboard.type("30022020")
    page2.focus("#reserva-vagas")
    page2.keyboard.press("Enter")
    box.wait_for(state="visible")
    assert "Data inválida" in box.inner_text()
    # an empty number of vacancies: plain words, and no Python downloaded for it
    type_into(page2, "#reserva-vagas", "")
    page2.fill("#reserva-data_edital", "")
    page2.keyboard.press("Enter")
    page2.locator("#reserva-vagas-erro").wait_for(state="visible")
    assert page2.inner_text("#reserva-vagas-erro") == "Informe o número de vagas."
    assert not any("pyodide" in u for u in guard.requests)


# --------------------------------------------------------------------------- simulation
def _big_csv(rows: int) -> bytes:
    from bench.bench_simulator import make_csv

    return make_csv(rows)


def test_simulation_busy_state_pages_and_stale_runs(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    data = _big_csv(3000)
    page.select_option("#simular-norma", "ubatuba")
    type_into(page, "#simular-vagas", "120")
    page.set_input_files("#simular-arquivo",
                         files=[{"name": "grande.csv", "mimeType": "text/csv", "buffer": data}])
    page.click("#form-simular button[type=submit]")
    result_of(page, "simular")
    # a second run: busy at once — the old answer dimmed, the button disabled, "calculando…", aria-busy
    type_into(page, "#simular-vagas", "130")
    page.evaluate("""() => { window.__busy = null;
      new MutationObserver(() => { const o = document.getElementById('simular-resultado');
        if (window.__busy === null && o.getAttribute('aria-busy') === 'true') window.__busy = {
          dimmed: o.classList.contains('calc-ocupado'),
          disabled: document.querySelector('#form-simular button[type=submit]').disabled,
          status: document.getElementById('simular-estado').textContent }; })
      .observe(document.getElementById('simular-resultado'), {attributes: true}); }""")
    page.evaluate("document.getElementById('form-simular').requestSubmit()")
    # and a third request before the second answers: only its answer may be shown
    page.evaluate("document.getElementById('simular-vagas').value = '140';"
                  "document.getElementById('form-simular').requestSubmit()")
    page.wait_for_function("document.querySelector('#simular-resultado').dataset.vagas === '140'"
                           " && !document.querySelector('#simular-resultado').hasAttribute('aria-busy')",
                           timeout=PY_TIMEOUT)
    assert page.evaluate("window.__busy") == {"dimmed": True, "disabled": True, "status": "calculando…"}
    assert "140 nomeações para 140 vagas" in page.inner_text("#simular-resultado .calc-resposta")
    assert not page.is_disabled("#form-simular button[type=submit]")
    # summary first, the long list a page at a time
    expected = handle({"command": "simular", "norma": "ubatuba", "vagas": "140",
                       "csv": data.decode("utf-8")})["result"]
    seats = lambda: page.eval_on_selector_all(  # noqa: E731
        "#simular-nomeacoes tr.calc-item-dados", "rs => rs.map(r => r.cells[0].textContent)")
    assert seats() == [str(n["seat"]) for n in expected["nominations"][:50]]
    page.click("#simular-resultado .calc-pagina-proxima >> nth=0")
    page.wait_for_function("document.querySelector('.calc-pagina-info').textContent.startsWith('51')")
    assert seats() == [str(n["seat"]) for n in expected["nominations"][50:100]]
    assert page.locator("#simular-resultado tr.calc-item-dados").count() < 400  # not 10,000 rows at once


# --------------------------------------------------------------------------- the unzipped folder (file://)
def test_unzipped_folder_opened_from_disk(browser, tmp_path):
    import shutil

    site = tmp_path / "cotas-em-concursos"
    shutil.copytree(SITE, site, ignore=shutil.ignore_patterns("*.gz", "*.snapshot.bin", "pyodide.asm.wasm"))
    context = browser.new_context(locale="pt-BR")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto((site / "calculadora.html").as_uri())
        page.wait_for_selector('#calc-status[data-state="disk"]')
        status = page.inner_text("#calc-status")
        assert "python3 -m http.server" in status and "servidor local" in status
        fill_reserve(page, "quissama", "13", "", "")
        text = result_of(page, "reserva", "tabela")
        res = handle(reserve_request("quissama", "13", "", ""))["result"]
        assert f"{res['reserved']} vagas reservadas de 13" in text
        assert page.url.startswith("file://") and page.input_value("#reserva-vagas") == "13"  # no reload
        order_from_tables(page, "ubatuba", "20")
        type_into(page, "#simular-vagas", "3")
        page.fill("#simular-csv", "inscricao,nome,classificacao,cotista\n1,Ana,1,sim\n")
        page.click("#form-simular button[type=submit]")
        assert "servidor local" in result_of(page, "simular", "espera")
        # the Edital tool (a module, which a file page does not run) says so up front, its buttons disabled
        assert "servidor local" in page.inner_text("#edital-disco")
        for sel in ["#edital-mais-linha", "#edital-exemplo", "#edital-modo-colar", "#edital-arquivo"]:
            assert page.is_disabled(sel), sel
        # law pages work from disk too, and so does the search (its worker in a frame, its index by a
        # script tag), landing on the provision
        page.goto((site / "gerado" / "ubatuba.html").as_uri())
        assert page.locator("#art2_par3").count() == 1
        page.click(".md-search__input")
        page.type(".md-search__input", "heteroidentificacao", delay=20)
        page.wait_for_selector(".md-search-result__item a", timeout=pace.ms(15000))
        assert "encontrado" in page.inner_text(".md-search-result__meta")
        hrefs = page.eval_on_selector_all(".md-search-result__item a", "as => as.map(a => a.href)")
        assert all(h.startswith("file://") for h in hrefs)
        assert any("ubatuba.html" in h and "#" in h for h in hrefs)
        assert errors == []
    finally:
        context.close()


# --------------------------------------------------------------------------- page conventions
def test_access_keys_print_and_dark_scheme(browser, server):
    context = browser.new_context(locale="pt-BR", color_scheme="dark")
    guard = Guard(context, server.origin)
    try:
        page = guard.watch(context.new_page())
        page.goto(server.base + "calculadora.html?ferramenta=ordem&norma=quissama&vagas=12#ordem")
        result_of(page, "ordem", "tabela")
        assert page.get_attribute("body", "data-md-color-scheme") == "slate"
        assert run_axe(page, rules=["color-contrast"]) == []
        page.keyboard.press("Alt+1")
        assert page.evaluate("document.activeElement.tagName") == "H1"
        page.keyboard.press("Alt+3")
        page.wait_for_function("document.activeElement.classList.contains('md-search__input')")
        page.keyboard.press("Escape")
        page.keyboard.press("Alt+2")
        page.wait_for_function("!!document.activeElement.closest('.md-nav')", timeout=pace.ms(5000))
        keys = page.eval_on_selector_all(".atalhos-emag a[accesskey]", "as => as.map(a => a.accessKey)")
        assert keys == ["1", "2", "3", "4"]
        page.emulate_media(media="print")
        assert page.is_visible("#ordem") and page.is_visible("#ordem-resultado")
        assert not page.is_visible("#reserva") and not page.is_visible("#simulacao")
        assert not page.is_visible("#calc-status")
        page.emulate_media(media="screen")
        page.goto(server.base + "acessibilidade.html")
        assert "Alt" in page.inner_text("article") and "e-MAG" in page.inner_text("article")
        assert run_axe(page) == []
    finally:
        context.close()
    guard.assert_clean()


def test_comparativo_reads_on_a_phone(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="pt-BR")
    try:
        page = context.new_page()
        page.goto(server.base + "gerado/comparativo.html")
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        cell = page.locator(".tabela-comparativo td:nth-child(3)").first
        label = cell.evaluate("td => getComputedStyle(td, '::before').content")
        assert "Quissamã" in label
        box = cell.bounding_box()
        assert box["width"] > 250  # a full-width paragraph, not a narrow column
    finally:
        context.close()


def test_runtime_without_its_twins_comes_as_gz_then_as_the_original(ctx, server):
    """Where a .zst twin is missing (a copy that dropped them), the worker fetches the .gz twin; where that
    is missing too, the original file. The answer is the same."""
    context, guard = ctx
    for missing in ("pyodide.asm.wasm.zst", "pyodide.asm.wasm.gz", "python_stdlib.zip.zst",
                    "calculator.zip.zst", "calculator.zip.gz"):
        context.route(file_named(missing), lambda route: route.fulfill(status=404, body=""))
    page = open_calculator(ctx, server, "?ferramenta=ordem&norma=ubatuba&vagas=12&leitura=quinta#ordem")
    result_of(page, "ordem", "python")
    via = [v for v in (w.evaluate("() => self.packedVia || null") for w in page.workers) if v]
    assert via and via[0]["pyodide.asm.wasm"] == "original" and via[0]["python_stdlib.zip"] == "gz"
    assert via[0]["calculator.zip"] == "original" and via[0]["pyodide.asm.mjs"] == "zst"
    guard.console_errors = [e for e in guard.console_errors if "404" not in e]


def test_lins_female_precedence_select_reaches_python(ctx, server):
    """The page's "precedência feminina" select sends the option: R5 (woman, optant, PcD) is called through
    the female seat, as the CLI and api.handle answer for the same input."""
    page = open_calculator(ctx, server)
    wait_python(page)
    csv_text = ("inscricao;nome;classificacao;cotista;pcd;genero\n" + "".join(
        f"R{r};Nome {r};{r};{'sim' if r == 5 else 'não'};{'sim' if r == 5 else 'não'};"
        f"{'F' if r == 5 else 'M'}\n" for r in range(1, 8)))
    page.select_option("#simular-norma", "lins")
    type_into(page, "#simular-percentual", "20")
    type_into(page, "#simular-vagas", "4")
    type_into(page, "#simular-vagas_pcd", "1")
    type_into(page, "#simular-vagas_femininas", "1")
    page.select_option("#simular-precedencia_feminina", "feminina")
    page.fill("#simular-csv", csv_text)
    page.click("#form-simular button[type=submit]")
    page.wait_for_selector('#simular-resultado[data-origem="python"]', timeout=PY_TIMEOUT)
    expected = handle({"command": "simular", "norma": "lins", "percentual": "20", "vagas": "4",
                       "vagas_pcd": "1", "vagas_femininas": "1", "precedencia_feminina": "feminina",
                       "csv": csv_text})
    assert expected["ok"], expected
    assert [(n["candidate"], n["list"]) for n in expected["result"]["nominations"]
            if n["candidate"] == "R5"] == [("R5", "feminina")]
    rows = page.eval_on_selector_all(
        "#simular-nomeacoes tbody tr.calc-item-dados",
        "rs => rs.map(r => [r.cells[0].textContent, r.cells[1].textContent])")
    assert rows == [[str(n["seat"]), n["candidate"]] for n in expected["result"]["nominations"]]
