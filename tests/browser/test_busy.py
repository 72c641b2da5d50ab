"""Every tool that waits for Python shows the same busy state, in a real browser (Debian's Chromium via
Playwright) on the built site: the answer on screen dimmed and aria-busy, the submit button disabled, and
beside it the load's step with its own bar (while Python loads) or "calculando…"; a newer request makes
the older answer stale. The runtime's download is held (a real request, answered later) to see the load."""

from __future__ import annotations

import re

from tests import pace
from tests.browser.test_calculadora import (  # noqa: F401 - pytest fixtures
    PY_TIMEOUT,
    READY,
    ctx,
    handle,
    open_calculator,
    result_of,
    server,
    type_into,
    wait_python,
)
from tests.browser.test_edital import TABLE, table_csv, type_rows, wait_result

FIXTURES = (ctx, server)  # pytest finds them by name in this module

# Records each busy state a tool enters (the first moment its result is aria-busy, and each change of its
# status text while busy).
RECORD = """(tool) => { window.__busy = window.__busy || {}; const seen = window.__busy[tool] = [];
  const out = document.getElementById(`${tool}-resultado`), state = document.getElementById(`${tool}-estado`);
  const take = () => { if (out.getAttribute('aria-busy') !== 'true') return;
    const bar = state.querySelector('progress');
    const now = { dimmed: out.classList.contains('calc-ocupado'),
      disabled: document.querySelector(`#form-${tool} button[type=submit]`).disabled,
      status: state.textContent.trim(), bar: bar ? [bar.value, bar.max] : null };
    const last = seen[seen.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(now)) seen.push(now); };
  new MutationObserver(take).observe(out, { attributes: true });
  new MutationObserver(take).observe(state, { childList: true, subtree: true, characterData: true }); }"""
LOADING = re.compile(r"carregando a calculadora em Python \(etapa (\d) de 3\)…")


def hold_runtime(ctx):
    context, _ = ctx
    held = []
    context.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    return held


def wait_held(page, held):
    pace.until(page, lambda: held, 30_000, "o Python não foi pedido")


def idle(page, tool):
    page.wait_for_function(f"!document.getElementById('{tool}-resultado').hasAttribute('aria-busy')",
                           timeout=PY_TIMEOUT)
    assert not page.is_disabled(f"#form-{tool} button[type=submit]")
    assert page.text_content(f"#{tool}-estado") == ""
    assert "calc-ocupado" not in (page.get_attribute(f"#{tool}-resultado", "class") or "")


def assert_loading_then_calculating(seen):
    assert seen and all(s["dimmed"] and s["disabled"] for s in seen), seen
    loading = [s for s in seen if LOADING.fullmatch(s["status"])]
    assert loading, seen
    for s in loading:  # the bar beside the button is the step in words
        assert s["bar"] == [int(LOADING.fullmatch(s["status"]).group(1)) - 1, 3], s
    assert seen[-1]["status"] == "calculando…" and seen[-1]["bar"] is None, seen


def test_reserve_outside_the_tables_is_busy_while_python_loads_and_stale_runs_are_dropped(ctx, server):
    held = hold_runtime(ctx)
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=ubatuba&vagas=10")
    table_answer = result_of(page, "reserva", "tabela")
    page.evaluate(RECORD, "reserva")
    type_into(page, "#reserva-percentual", "30")  # outside the tables: Python is needed
    page.keyboard.press("Enter")
    wait_held(page, held)
    # the answer on screen stays, dimmed; the load's step beside the button, as in the page's status
    assert page.inner_text("#reserva-resultado") == table_answer
    assert page.get_attribute("#reserva-resultado", "aria-busy") == "true"
    assert page.is_disabled("#form-reserva button[type=submit]")
    assert LOADING.fullmatch(page.text_content("#reserva-estado").strip())
    assert page.is_visible("#reserva-estado progress")
    assert page.get_attribute("#calc-status", "data-state") == "loading"
    # a newer question while it waits: only its answer may be shown
    type_into(page, "#reserva-vagas", "12")
    page.evaluate("document.getElementById('form-reserva').requestSubmit()")
    held[0].continue_()
    page.wait_for_function("document.querySelector('#reserva-resultado').dataset.vagas === '12'"
                           " && document.querySelector('#reserva-resultado').dataset.origem === 'python'",
                           timeout=PY_TIMEOUT)
    idle(page, "reserva")
    want = handle({"command": "reserva", "norma": "ubatuba", "vagas": "12", "percentual": "30"})["result"]
    assert want["headline"] in page.inner_text("#reserva-resultado")
    assert_loading_then_calculating(page.evaluate("window.__busy.reserva"))


def test_call_order_from_a_link_is_busy_from_arrival(ctx, server):
    held = hold_runtime(ctx)
    page = open_calculator(ctx, server, "?ferramenta=ordem&norma=ubatuba&vagas=12&leitura=quinta#ordem")
    wait_held(page, held)
    assert page.get_attribute("#ordem-resultado", "aria-busy") == "true"
    assert page.is_disabled("#form-ordem button[type=submit]")
    assert LOADING.fullmatch(page.text_content("#ordem-estado").strip())
    page.evaluate(RECORD, "ordem")
    held[0].continue_()
    result_of(page, "ordem")
    idle(page, "ordem")
    want = handle({"command": "ordem", "norma": "ubatuba", "vagas": "12", "leitura": "quinta"})["result"]
    assert ", ".join(f"{p}ª" for p in want["positions"]) in page.inner_text("#ordem-resultado")
    seen = page.evaluate("window.__busy.ordem")
    assert seen[-1]["status"] == "calculando…" and all(s["dimmed"] and s["disabled"] for s in seen), seen


def test_the_explanation_of_a_table_answer_is_busy_while_python_loads(ctx, server):
    held = hold_runtime(ctx)
    page = open_calculator(ctx, server, "?ferramenta=reserva&norma=quissama&vagas=7")
    result_of(page, "reserva", "tabela")
    page.evaluate(RECORD, "reserva")
    page.click("#reserva-resultado .calc-passo-a-passo")
    wait_held(page, held)
    assert page.get_attribute("#reserva-resultado", "aria-busy") == "true"
    held[0].continue_()
    text = result_of(page, "reserva", "python")
    idle(page, "reserva")
    steps = handle({"command": "reserva", "norma": "quissama", "vagas": "7"})["result"]["steps"]
    assert steps[0]["text"] in text
    assert_loading_then_calculating(page.evaluate("window.__busy.reserva"))


def test_edital_is_busy_while_python_loads_and_while_it_calculates(ctx, server):
    held = hold_runtime(ctx)
    page = open_calculator(ctx, server)
    page.evaluate(RECORD, "edital")
    page.select_option("#edital-norma", "ubatuba")
    type_rows(page, TABLE)
    page.click("#form-edital button[type=submit]")
    wait_held(page, held)
    assert page.get_attribute("#edital-resultado", "aria-busy") == "true"
    assert page.is_disabled("#form-edital button[type=submit]")
    assert LOADING.fullmatch(page.text_content("#edital-estado").strip())
    held[0].continue_()
    wait_result(page)
    idle(page, "edital")
    assert_loading_then_calculating(page.evaluate("window.__busy.edital"))
    first = page.inner_text("#edital-resultado")
    want = handle({"command": "edital", "norma": "ubatuba", "csv": table_csv(TABLE)})["result"]
    assert want["headline"] in first
    # with Python ready: busy again ("calculando…"), and of two requests only the newer one's answer shows
    page.evaluate(RECORD, "edital")
    page.select_option("#edital-norma", "quissama")
    page.evaluate("document.getElementById('form-edital').requestSubmit()")
    page.select_option("#edital-norma", "lins")
    type_into(page, "#edital-percentual", "20")
    page.evaluate("document.getElementById('form-edital').requestSubmit()")
    page.wait_for_function("document.querySelector('#edital-resultado').dataset.norma === 'lins'"
                           " && !document.querySelector('#edital-resultado').hasAttribute('aria-busy')",
                           timeout=PY_TIMEOUT)
    idle(page, "edital")
    seen = page.evaluate("window.__busy.edital")
    assert seen and seen[0] == {"dimmed": True, "disabled": True, "status": "calculando…", "bar": None}, seen
    lins = handle({"command": "edital", "norma": "lins", "percentual": "20",
                   "csv": table_csv(TABLE)})["result"]
    assert lins["headline"] in page.inner_text("#edital-resultado")
    assert page.get_attribute("#calc-status", "data-state") == "ready"
    page.wait_for_selector(READY)
