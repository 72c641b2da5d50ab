"""The calculator page on two profiles: desktop, and a throttled phone (CPU 4x, 9 Mbit/s, 150 ms round trip).

For each profile, in headless Debian Chromium (Playwright) against bench/server.py (the built site under
/cotas/), from a server that compresses nothing (like ``python3 -m http.server``) and from one that sends
the ``.gz`` twins (like nginx ``gzip_static``):

- arrival: a question the precomputed tables answer (calculadora.html?ferramenta=reserva&…); bytes the
  server sent, requests, time to the answer, Pyodide requests (must be none), longest main-thread task;
- Python ready: the visitor asks for the calculator in Python (the status's button); time from the click
  to "pronta" (both timed on the page), bytes, with the plain start and with the memory snapshot
  (?inicio_python=instantaneo);
- Python ready with the start's CPU throttled too: Chromium throttles a page's CPU but not its Web
  Workers' (Emulation.setCPUThrottlingRate on a worker's own DevTools target answers "Operation is only
  supported for pages, not workers"), so the site's worker.js also runs, unchanged, on the throttled main
  thread of a bench page (bench/python_na_pagina.html, served beside the site): same files, same requests,
  same code, the CPU as slow as the page's. Interleaved with the worker measurement, run by run;
- simulation: 100,000 candidates and 10,000 seats, uploaded as a file; time from the click on Simular to
  the answer on screen and the longest main-thread task meanwhile.

Throttling: CPU through the DevTools protocol (Emulation.setCPUThrottlingRate, 4x, on the page's target);
network in bench/server.py, for the page and its Web Worker alike: 150 ms before each response and every
body paced so that all connections together stay within 9 Mbit/s (DevTools network conditions are set per
target, and the worker that downloads the Python runtime is a target of its own).
Long tasks: PerformanceObserver("longtask") on the page's main thread.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from tests.support import CHROMIUM, CHROMIUM_ARGS

PROFILES = {
    "desktop": {"viewport": {"width": 1366, "height": 900}, "cpu": 1, "net": None},
    "celular": {"viewport": {"width": 390, "height": 844}, "cpu": 4,
                "net": {"latency_ms": 150, "bits_per_s": 9_000_000}},
}
SW_SCRIPT = "sw.js"
ARRIVAL_URL = "calculadora.html?ferramenta=reserva&norma=ubatuba&vagas=40&data_edital=2016-03-01#reserva"

LONGTASK_SCRIPT = """
(() => {
  window.__longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (err) { window.__longtasks = null; }
})();
"""


# The click and "pronta" timed on the page itself: the click's own timestamp, and the moment the status
# changes. Reading performance.now() from the test after Playwright sees the change would add Playwright's
# polling and round trips, a third of a second on the throttled page.
READY_CLOCK = """
(() => {
  const status = document.querySelector("#calc-status");
  window.__clickAt = window.__readyAt = window.__lastByteAt = null;
  // the runtime's last byte: the status moves to step 2 ("Iniciando o Python…")
  new MutationObserver(() => {
    if (window.__lastByteAt === null && /etapa 2/.test(status.textContent)) {
      window.__lastByteAt = performance.now();
    }
  }).observe(status, { childList: true, subtree: true, characterData: true });
  document.querySelector("#calc-carregar").addEventListener("click", (e) => {
    if (window.__clickAt === null) window.__clickAt = e.timeStamp;
  }, { capture: true });
  new MutationObserver(() => {
    if (window.__readyAt === null && ["ready", "failed"].includes(status.dataset.state)) {
      window.__readyAt = performance.now();
    }
  }).observe(status, { attributes: true, attributeFilter: ["data-state"] });
})();
"""


def _throttle(context, page, profile: dict) -> None:
    cdp = context.new_cdp_session(page)
    if profile["cpu"] > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})


def _longest(page, since: float = 0.0) -> float:
    tasks = page.evaluate("window.__longtasks")
    if tasks is None:
        return float("nan")
    return max([d for start, d in tasks if start + d >= since] or [0.0])


def _new(pw, profile: dict):
    context = pw.chromium.launch_persistent_context(
        tempfile.mkdtemp(prefix="cotas-bench-perfil-"), executable_path=CHROMIUM, headless=True,
        args=CHROMIUM_ARGS, viewport=profile["viewport"], locale="pt-BR")
    context.add_init_script(LONGTASK_SCRIPT)
    page = context.pages[0] if context.pages else context.new_page()
    _throttle(context, page, profile)
    return context, page


def arrival(pw, srv, profile: dict) -> dict:
    context, page = _new(pw, profile)
    try:
        srv.counter.reset()
        t0 = time.perf_counter()
        page.goto(srv.url(ARRIVAL_URL), wait_until="commit")
        page.wait_for_selector('#reserva-resultado[data-origem="tabela"]', timeout=120_000)
        answer_ms = page.evaluate("performance.now()")
        page.wait_for_load_state("networkidle")
        # the service worker is registered once the page is idle: what came before its script is the arrival;
        # its script and the files it keeps for offline use come after, and are counted apart
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000, polling=500)
        arrived = srv.counter.before.get(SW_SCRIPT, srv.counter.bytes)
        paths = srv.counter.paths
        kept = paths[paths.index(SW_SCRIPT):] if SW_SCRIPT in paths else []
        return {"answer_ms": answer_ms, "bytes": arrived, "requests": len(srv.counter.paths) - len(kept),
                "sw_bytes": srv.counter.bytes - arrived, "sw_requests": len(kept),
                "pyodide_requests": [p for p in srv.counter.paths if "pyodide" in p or "worker.js" in p],
                "longest_task_ms": _longest(page), "wall_s": time.perf_counter() - t0}
    finally:
        context.close()


def law_page(pw, srv, profile: dict) -> dict:
    """The same for a law page (no calculator on it): what the theme alone costs the main thread."""
    context, page = _new(pw, profile)
    try:
        srv.counter.reset()
        page.goto(srv.url("gerado/ubatuba.html"), wait_until="networkidle")
        return {"bytes": srv.counter.bytes, "longest_task_ms": _longest(page)}
    finally:
        context.close()


def python_ready(pw, srv, profile: dict, snapshot: bool) -> dict:
    context, page = _new(pw, profile)
    try:
        query = "?inicio_python=instantaneo" if snapshot else ""
        page.goto(srv.url("calculadora.html" + query), wait_until="load")
        page.wait_for_load_state("networkidle")
        srv.counter.reset()
        page.evaluate(READY_CLOCK)
        page.click("#calc-carregar")
        page.wait_for_selector('#calc-status[data-state="ready"], #calc-status[data-state="failed"]',
                               timeout=300_000)
        state = page.get_attribute("#calc-status", "data-state")
        if state != "ready":
            raise SystemExit(f"o Python não carregou: {page.inner_text('#calc-status')}")
        start, last_byte, done = page.evaluate("[window.__clickAt, window.__lastByteAt, window.__readyAt]")
        ready = done - start
        boot = page.evaluate("document.documentElement.dataset.pythonBoot")
        return {"ready_ms": ready, "after_last_byte_ms": done - last_byte if last_byte else None,
                "bytes": srv.counter.bytes, "requests": srv.counter.requests, "boot": boot,
                "longest_task_ms": _longest(page, start)}
    finally:
        context.close()


HARNESS = "/bancada/python-na-pagina.html"


def python_on_page(pw, srv, profile: dict) -> dict:
    """Python ready with the start on the page's (throttled) main thread: bench/python_na_pagina.html."""
    context, page = _new(pw, profile)
    try:
        page.goto(srv.url().replace(srv.prefix, HARNESS), wait_until="load")
        srv.counter.reset()
        page.click("#iniciar")
        page.wait_for_function("window.__readyAt !== null", timeout=300_000, polling=500)
        start, last_byte, done, result = page.evaluate(
            "[window.__clickAt, window.__lastByteAt, window.__readyAt, window.__result]")
        if result.get("type") != "ready":
            raise SystemExit(f"o Python não carregou na página de medição: {result}")
        return {"ready_ms": done - start, "after_last_byte_ms": done - last_byte if last_byte else None,
                "bytes": srv.counter.bytes, "requests": srv.counter.requests, "boot": result.get("boot", "")}
    finally:
        context.close()


IN_SCOPE_HARNESS = "bancada-python-na-pagina.html"
DECODED = ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "calculator.zip")
KEPT = """async (names) => {
  const cache = await caches.open(names.cache);
  const kept = (await cache.keys()).map((r) => r.url.split("/").pop());
  return names.files.every((f) => kept.includes(f));
}"""


def runtime_version(site: Path) -> str:
    """The runtime's version the build wrote into sw.js (sitebuild/offline.py)."""
    from sitebuild import offline

    return offline.read_build(site)["runtime"]


def _harness_start(page, srv) -> dict:
    """Click the harness's start; Python ready, timed on the page, and what the server sent meanwhile."""
    page.wait_for_load_state("load")
    srv.counter.reset()
    page.click("#iniciar")
    page.wait_for_function("window.__readyAt !== null", timeout=300_000, polling=500)
    start, done, result = page.evaluate("[window.__clickAt, window.__readyAt, window.__result]")
    if result.get("type") != "ready":
        raise SystemExit(f"o Python não carregou na página de medição: {result}")
    return {"ready_ms": done - start, "bytes": srv.counter.bytes, "requests": srv.counter.requests,
            "via": sorted(set((result.get("via") or {}).values()))}


def second_visit(pw, srv, profile: dict, runtime: str) -> dict:
    """Python ready on a first and a second visit of the same browser, with the CPU of the start throttled
    like the page's (the harness, inside the site's sub-path, under the site's service worker); then the
    calculator page itself offline, Python started in its worker (the worker's CPU not throttled)."""
    context, page = _new(pw, profile)
    try:
        page.goto(srv.url("calculadora.html"), wait_until="load")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000, polling=500)
        harness = srv.url(f"{IN_SCOPE_HARNESS}?v={runtime}")
        page.goto(harness)
        first = _harness_start(page, srv)
        page.wait_for_function(KEPT, arg={"cache": f"cotas-python-{runtime}", "files": list(DECODED)},
                               timeout=300_000, polling=500)
        page.goto(harness)
        second = _harness_start(page, srv)
        context.set_offline(True)
        page.goto(srv.url("calculadora.html"), wait_until="load")
        offline = python_ready_here(page, srv)
        return {"first_ms": first["ready_ms"], "first_bytes": first["bytes"],
                "second_ms": second["ready_ms"], "second_bytes": second["bytes"],
                "second_requests": second["requests"], "second_via": second["via"],
                "offline_worker_ms": offline["ready_ms"], "offline_boot": offline["boot"]}
    finally:
        context.close()


def python_ready_here(page, srv) -> dict:
    """Python ready on the calculator page already open: click to "pronta", on the page's clock."""
    srv.counter.reset()
    page.evaluate(READY_CLOCK)
    page.click("#calc-carregar")
    page.wait_for_selector('#calc-status[data-state="ready"], #calc-status[data-state="failed"]',
                           timeout=300_000)
    if page.get_attribute("#calc-status", "data-state") != "ready":
        raise SystemExit(f"o Python não carregou: {page.inner_text('#calc-status')}")
    start, done = page.evaluate("[window.__clickAt, window.__readyAt]")
    return {"ready_ms": done - start, "boot": page.evaluate("document.documentElement.dataset.pythonBoot")}


def _with_python(pw, srv, profile: dict, init_script: str | None = None):
    """A calculator page on the profile with Python loaded (the status's button); ``init_script`` runs in
    the page before its own scripts."""
    context, page = _new(pw, profile)
    if init_script is not None:
        context.add_init_script(init_script)
    page.goto(srv.url("calculadora.html"), wait_until="load")
    page.click("#calc-carregar")
    page.wait_for_selector('#calc-status[data-state="ready"]', timeout=300_000)
    return context, page


def _submit_and_wait(page, tool: str, form: str, since: float | None = None) -> dict:
    """Click the tool's Calcular; time to its whole answer (data-origem="python", not busy), the longest
    main-thread task from `since` (default: the click) and the answer's elements."""
    start = page.evaluate("performance.now()")
    page.click(f"#{form} button[type=submit]")
    page.wait_for_function(
        f"document.querySelector('#{tool}-resultado').dataset.origem === 'python'"
        f" && !document.querySelector('#{tool}-resultado').hasAttribute('aria-busy')", timeout=600_000,
        polling=1000)  # Playwright's default (a check at every frame) adds tasks to the page's thread
    done = page.evaluate("performance.now()") - start
    nodes = page.evaluate(f"document.querySelectorAll('#{tool}-resultado *').length")
    page.wait_for_timeout(300)
    return {"answer_ms": done, "longest_task_ms": _longest(page, start if since is None else since),
            "dom_nodes": nodes}


def simulation(pw, srv, profile: dict, data: bytes, seats: int) -> dict:
    context, page = _with_python(pw, srv, profile)
    try:
        page.select_option("#simular-norma", "ubatuba")
        page.fill("#simular-vagas", str(seats))
        # The file is given by its path, as a person choosing it does: a buffer would be decoded by
        # Playwright's own script on the page's main thread (a long task that is not the page's).
        path = Path(tempfile.mkdtemp(prefix="cotas-bench-csv-")) / "candidatos.csv"
        path.write_bytes(data)
        chosen = page.evaluate("performance.now()")
        page.set_input_files("#simular-arquivo", str(path))
        page.wait_for_timeout(500)
        return _submit_and_wait(page, "simular", "form-simular", since=chosen)
    finally:
        context.close()


def edital_csv(cargos: int) -> str:
    """A table of cargos in the columns of docs/assets/exemplo-edital.csv; every fifth announces too few."""
    lines = ["cargo;vagas;reservadas"]
    for i in range(cargos):
        vacancies = 3 + (i * 7) % 40
        short = 1 if i % 5 == 0 and vacancies >= 5 else 0
        lines.append(f"Cargo {i + 1};{vacancies};{vacancies // 5 - short}")
    return "\n".join(lines) + "\n"


def edital_report(pw, srv, profile: dict, cargos: int = 40) -> dict:
    """The Edital tool's report for a table of `cargos` (pasted), Python already loaded: time from the
    click on Calcular to the whole report on screen, and the longest main-thread task meanwhile."""
    context, page = _with_python(pw, srv, profile)
    try:
        page.check("#edital-modo-colar")
        page.select_option("#edital-norma", "ubatuba")
        page.fill("#edital-csv", edital_csv(cargos))
        page.wait_for_timeout(500)
        return _submit_and_wait(page, "edital", "form-edital")
    finally:
        context.close()


# PDF.js parses in a Web Worker of its own, which Chromium does not throttle: the bench refuses that worker
# (only that one), and PDF.js then runs its worker's code on the page's thread (its "fake worker", the same
# code), where the phone profile's CPU throttling reaches it.
PDF_WORKER_ON_PAGE = """
(() => {
  const Native = self.Worker;
  self.Worker = function (url, options) {
    if (String(url).includes("pdf.worker")) throw new Error("bench: PDF.js worker on the page's thread");
    return new Native(url, options);
  };
  self.Worker.prototype = Native.prototype;
})();
"""
PDF_PAGES = 10


def pdf_read(pw, srv, profile: dict, on_page: bool, pages: int = PDF_PAGES) -> dict:
    """A PDF of ``pages`` pages of vacancy table chosen in the Edital tool, Python already loaded: time from
    the choice to the rebuilt table on screen to be checked, PDF.js's bytes, and the longest main-thread
    task meanwhile.  ``on_page``: PDF.js's worker code on the page's thread (its CPU throttled and its tasks
    counted), else in its own worker, as a visitor's page runs it."""
    from tests.pdfs import pages_of_table

    path = Path(tempfile.mkdtemp(prefix="cotas-bench-pdf-")) / "edital.pdf"
    path.write_bytes(pages_of_table(pages))
    context, page = _with_python(pw, srv, profile, PDF_WORKER_ON_PAGE if on_page else None)
    try:
        page.check("#edital-modo-colar")
        srv.counter.reset()
        chosen = page.evaluate("performance.now()")
        page.set_input_files("#edital-arquivo", str(path))
        page.wait_for_selector("#edital-lida", state="visible", timeout=600_000)
        done = page.evaluate("performance.now()") - chosen
        rows = page.evaluate("""() => document.querySelector('#edital-modo-colar').checked
          ? document.querySelector('#edital-csv').value.trim().split('\\n').length - 1
          : document.querySelectorAll('#edital-linhas tbody tr').length""")
        page.wait_for_timeout(300)
        return {"answer_ms": done, "longest_task_ms": _longest(page, chosen), "pdf_bytes": srv.counter.bytes,
                "rows": rows, "pdf_size": path.stat().st_size}
    finally:
        context.close()


# Requests sent to the site's own worker.js as the page sends them ({id, type: "api", request}), on the
# harness page (bench/python_na_pagina.html: the worker's code on the page's thread, so that the phone
# profile's CPU throttling reaches it). Each is timed from the message to the reply.
WORKER_ANSWERS = """
async ([requests]) => {
  const waiting = new Map();
  const post = window.postMessage;
  window.postMessage = (message) => {
    post(message);
    const resolve = waiting.get(message.id);
    if (resolve) resolve(message);
  };
  const times = [];
  let id = 1000;
  for (const request of requests) {
    id += 1;
    const reply = new Promise((resolve) => waiting.set(id, resolve));
    const start = performance.now();
    self.onmessage({ data: { id, type: "api", request } });
    const message = await reply;
    if (!message.response || !JSON.parse(message.response).ok) throw new Error(JSON.stringify(message));
    times.push(performance.now() - start);
  }
  return times;
}
"""
WARM_RESERVES = 9


def worker_requests(cargos: int = 100) -> list[str]:
    """A first reserva (the norm's registry read), WARM_RESERVES more with other vacancies, then an edital of
    `cargos` distinct cargos (each with its own name and number of vacancies)."""
    reserves = [json.dumps({"command": "reserva", "norma": "ubatuba", "vagas": str(n)})
                for n in range(10, 11 + WARM_RESERVES)]
    lines = ["cargo;vagas"] + [f"Cargo {i + 1};{3 + i}" for i in range(cargos)]
    edital = json.dumps({"command": "edital", "norma": "ubatuba", "csv": "\n".join(lines) + "\n"})
    return reserves + [edital]


def worker_answers(pw, srv, profile: dict) -> dict:
    """Answers through the site's worker.js, Python already started: the first reserva, the median of
    the warm ones after it, and the 100-cargo edital."""
    context, page = _new(pw, profile)
    try:
        page.goto(srv.url().replace(srv.prefix, HARNESS), wait_until="load")
        page.click("#iniciar")
        page.wait_for_function("window.__readyAt !== null", timeout=300_000, polling=500)
        result = page.evaluate("window.__result")
        if result.get("type") != "ready":
            raise SystemExit(f"o Python não carregou na página de medição: {result}")
        times = page.evaluate(WORKER_ANSWERS, [worker_requests()])
        return {"first_reserve_ms": times[0], "warm_reserve_ms": statistics.median(times[1:-1]),
                "edital_100_ms": times[-1]}
    finally:
        context.close()


def _with_load(measure, *args) -> dict:
    """The measurement with the machine's load average (1 min) when it started: on a shared machine the
    times are only comparable at a similar load."""
    load = os.getloadavg()[0]
    return {**measure(*args), "load": load}


def python_series(pw, srv, profile: dict, runs: int) -> tuple[list, list]:
    """Python ready in the worker (as the site runs it) and on the throttled page, run by run alternately,
    so that both see the same load."""
    worker, on_page = [], []
    for _ in range(runs):
        worker.append(_with_load(python_ready, pw, srv, profile, False))
        on_page.append(_with_load(python_on_page, pw, srv, profile))
    return worker, on_page


def measure_profiles(site, runs: int, data: bytes, seats: int, log=print, only: str | None = None) -> dict:
    """Every measurement on both profiles; only="python", "edital", "pdf", "worker" or "arrival": that one
    alone."""
    from playwright.sync_api import sync_playwright

    from bench.server import SiteServer

    out: dict = {}
    with sync_playwright() as pw:
        for name, profile in PROFILES.items():
            res: dict = {}
            for compressed in (False, True):
                label = "gzip" if compressed else "sem_compressao"
                with SiteServer(site, precompressed=compressed, network=profile["net"]) as srv:
                    if only in (None, "python"):
                        log(f"{name}, servidor {label}: Python pronto no worker e na página limitada…")
                        res[f"python_{label}_comum"], res[f"python_{label}_pagina"] = python_series(
                            pw, srv, profile, runs)
                    if only not in (None, "arrival"):
                        continue
                    log(f"{name}, servidor {label}: chegada…")
                    res[f"arrival_{label}"] = [_with_load(arrival, pw, srv, profile) for _ in range(runs)]
                    res[f"law_{label}"] = [_with_load(law_page, pw, srv, profile) for _ in range(runs)]
                    if only is not None:
                        continue
                    log(f"{name}, servidor {label}: Python pronto (instantaneo)…")
                    res[f"python_{label}_instantaneo"] = [_with_load(python_ready, pw, srv, profile, True)
                                                          for _ in range(runs)]
            if only in (None, "visitas"):
                with SiteServer(site, precompressed=True, network=profile["net"]) as srv:
                    log(f"{name}: Python na primeira e na segunda visita, e sem conexão…")
                    runtime = runtime_version(site)
                    res["visitas"] = [_with_load(second_visit, pw, srv, profile, runtime)
                                      for _ in range(runs)]
            if only in (None, "worker"):
                with SiteServer(site, precompressed=True, network=profile["net"]) as srv:
                    log(f"{name}: respostas pelo worker (reserva, edital de 100 cargos)…")
                    res["worker"] = [_with_load(worker_answers, pw, srv, profile) for _ in range(runs)]
            if only in (None, "edital"):
                with SiteServer(site, precompressed=True, network=profile["net"]) as srv:
                    log(f"{name}: relatório do edital com 40 cargos…")
                    res["edital"] = [_with_load(edital_report, pw, srv, profile) for _ in range(runs)]
            if only in (None, "pdf"):
                with SiteServer(site, precompressed=True, network=profile["net"]) as srv:
                    log(f"{name}: PDF de {PDF_PAGES} páginas lido na página…")
                    for on_page in (False, True):
                        res[f"pdf_{'pagina' if on_page else 'worker'}"] = [
                            _with_load(pdf_read, pw, srv, profile, on_page) for _ in range(runs)]
            if only is None:
                with SiteServer(site, precompressed=False, network=profile["net"]) as srv:
                    log(f"{name}: simulação de {len(data.splitlines()) - 1} linhas e {seats} vagas…")
                    res["simulation"] = [_with_load(simulation, pw, srv, profile, data, seats)
                                         for _ in range(runs)]
            out[name] = res
    return out


def median(values: list[float]) -> float:
    return statistics.median(values)
