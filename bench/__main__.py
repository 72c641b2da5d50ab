"""Performance measurements (issue 7). Not part of the test run.

    .venv/bin/python -m bench                 # build, then every measurement (make bench)
    .venv/bin/python -m bench --no-build      # measure the site already in site/
    .venv/bin/python -m bench --runs 5        # browser loads per case (median, min–max)
    .venv/bin/python -m bench --plain         # also without the memory snapshot (the worker's fallback)
    (--skip-sim, --skip-browser: leave those parts out)

Measures, in headless Debian Chromium (Playwright) against a local server on 127.0.0.1 that serves
site/ under /cotas/ with precompressed .gz files (like nginx gzip_static):
- cold and warm time from navigation to the first reserved-seat answer and to "Pyodide ready"
  (the page's #calc-status[data-state=ready]);
- bytes transferred by a law page and by the calculator page (counted by the server);
and also the full build time (`python build.py`, with an empty build cache and again), the
simulator throughput (100,000 candidates, 10,000 seats) in CPython and in Pyodide (Node, the built
site's own files) and the edital tool with 5,000 cargos in CPython (bench/bench_edital.py).
Prints a table and writes bench/results/latest.json. Targets (issue 7) are printed beside the figures.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.support import CHROMIUM, CHROMIUM_ARGS, ROOT, try_verified_copy
from tests.support import SITE as BUILT_SITE

# Measurements run on a private copy of site/ (other builds may rewrite site/ meanwhile).
SITE = BUILT_SITE
PY = sys.executable
CALC_URL = "calculadora.html?ferramenta=reserva&norma=ubatuba&vagas=10#reserva"
LAW_PAGE = "gerado/ubatuba.html"
CANDIDATES = 100_000
SEATS = 10_000

sys.path.insert(0, str(ROOT))

# Recorded in the page before its own scripts run; times are performance.now(), i.e. ms since navigation.
MARKS_SCRIPT = """
(() => {
  const marks = (window.__bench = {});
  const check = () => {
    const out = document.getElementById("reserva-resultado");
    const origin = out && out.dataset.origem;
    if (origin && origin !== "espera" && marks.answer === undefined) {
      marks.answer = performance.now();
      marks.answerOrigin = origin;
    }
    if (origin === "python" && marks.pythonAnswer === undefined) marks.pythonAnswer = performance.now();
    const st = document.getElementById("calc-status");
    const state = st && st.dataset.state;
    if (state === "ready" && marks.ready === undefined) marks.ready = performance.now();
    if (state === "failed" && marks.failed === undefined) {
      marks.failed = performance.now();
      marks.failedText = st.textContent;
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true, childList: true });
})();
"""


def fmt_s(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.2f} s".replace(".", ",")


def thousands(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def fmt_bytes(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1_000_000:.2f} MB".replace(".", ",")
    return f"{n / 1000:.0f} KB"


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": values}


def fmt_spread(s: dict | None) -> str:
    if not s:
        return "—"
    return f"{fmt_s(s['median'])} ({fmt_s(s['min'])}–{fmt_s(s['max'])})"


# --------------------------------------------------------------------------- measurements


def measure_build() -> dict:
    """Wall time of `python build.py`: first with an empty build cache (snapshot made in Node, every
    .gz compressed), then again (snapshot and large .gz reused from node_modules/.cache)."""
    shutil.rmtree(ROOT / "node_modules" / ".cache" / "cotas-em-concursos", ignore_errors=True)
    times = {}
    for kind in ("clean", "rebuild"):
        t0 = time.perf_counter()
        subprocess.run(
            [PY, "build.py"],
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        times[kind] = (time.perf_counter() - t0) * 1000
    return times


def copy_site(dest: Path) -> Path:
    """A private copy of site/ whose SHA256SUMS verifies (retries while another build rewrites site/)."""
    copy = try_verified_copy(dest)
    if copy is None:
        raise SystemExit("site/ incompleto ou sem SHA256SUMS válido: rode `python build.py`.")
    return copy


def make_candidates() -> bytes:
    from bench.bench_simulator import make_csv

    return make_csv(CANDIDATES)


def measure_cpython(data: bytes, repeat: int = 3) -> dict:
    from calculator import simulate

    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        res = simulate("ubatuba", SEATS, data)
        runs.append(time.perf_counter() - t0)
    assert len(res["nominations"]) == SEATS
    return {"best_s": min(runs), "runs": runs, "python": platform.python_version()}


def measure_pyodide(data: bytes, repeat: int = 3) -> dict:
    csv = ROOT / "bench" / "results" / "candidatos-100000.csv"
    csv.parent.mkdir(parents=True, exist_ok=True)
    csv.write_bytes(data)
    out = subprocess.run(
        ["node", str(ROOT / "bench" / "pyodide_simulate.mjs"), str(SITE), str(csv), str(SEATS), str(repeat)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    res = json.loads(out.strip().splitlines()[-1])
    assert res["nominations"] == SEATS
    return {
        "best_s": min(res["runs"]),
        "runs": res["runs"],
        "python": res["python"],
        "load_ms": res["load_ms"],
    }


def measure_browser(runs: int, block_snapshot: bool = False) -> dict:
    """Each run uses a new Chromium profile on disk (empty HTTP and code caches): a cold load of the
    calculator, then a warm one (new tab, same profile: disk cache filled, revalidated with 304s)."""
    from playwright.sync_api import sync_playwright

    from bench.server import SiteServer

    results: dict = {"cold": [], "warm": []}
    with SiteServer(SITE) as srv, sync_playwright() as pw:

        def profile():
            ctx = pw.chromium.launch_persistent_context(
                tempfile.mkdtemp(prefix="cotas-bench-chromium-"),
                executable_path=CHROMIUM,
                headless=True,
                args=CHROMIUM_ARGS,
            )
            ctx.add_init_script(MARKS_SCRIPT)
            if block_snapshot:  # the worker's fallback: plain loadPyodide
                ctx.route("**/calculator.snapshot.bin", lambda route: route.fulfill(status=404, body=""))
            return ctx

        ctx = profile()
        page = ctx.new_page()
        srv.counter.reset()
        page.goto(srv.url(LAW_PAGE), wait_until="networkidle")
        results["law_page"] = {
            "bytes": srv.counter.bytes,
            "requests": srv.counter.requests,
            "pyodide_requests": [p for p in srv.counter.paths if "pyodide" in p],
        }
        ctx.close()

        for _ in range(runs):
            ctx = profile()
            try:
                for kind in ("cold", "warm"):
                    page = ctx.new_page()
                    srv.counter.reset()
                    res = load_calculator(page, srv)
                    res["bytes"], res["requests"] = srv.counter.bytes, srv.counter.requests
                    results[kind].append(res)
                    page.close()
            finally:
                ctx.close()
    return results


def load_calculator(page, srv) -> dict:
    page.goto(srv.url(CALC_URL), wait_until="commit")
    page.wait_for_function(
        "() => window.__bench && (window.__bench.pythonAnswer !== undefined"
        " || window.__bench.failed !== undefined)",
        timeout=180_000,
    )
    page.wait_for_load_state("networkidle")
    marks = page.evaluate("() => window.__bench")
    if marks.get("failed") is not None:
        raise SystemExit(f"a calculadora não carregou o Python: {marks.get('failedText')}")
    # which start the worker made (docs/assets/calculadora/worker.js sets self.pythonBoot)
    boots = [w.evaluate("() => self.pythonBoot || null") for w in page.workers]
    snapshot = next((b for b in boots if b), None)
    return {
        "answer_ms": marks["answer"],
        "answer_origin": marks["answerOrigin"],
        "ready_ms": marks["ready"],
        "python_answer_ms": marks["pythonAnswer"],
        "snapshot": snapshot,
    }


# --------------------------------------------------------------------------- report


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return (
        f"{os.cpu_count()} núcleos ({cpu}), {platform.system()} {platform.release()}; {chromium}; Node {node}"
    )


def loadavg() -> str:
    return " ".join(f"{x:.1f}".replace(".", ",") for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description="Medições de desempenho (issue 7).")
    parser.add_argument("--no-build", action="store_true", help="não gera o site; mede o que está em site/")
    parser.add_argument(
        "--runs", type=int, default=3, help="carregamentos da calculadora por caso (padrão 3)"
    )
    parser.add_argument("--skip-browser", action="store_true", help="pula as medições no Chromium")
    parser.add_argument("--skip-sim", action="store_true", help="pula as medições do simulador")
    parser.add_argument(
        "--plain",
        action="store_true",
        help="mede também a carga sem o instantâneo de memória (para comparar)",
    )
    args = parser.parse_args(argv)

    report: dict = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "command": "python -m bench " + " ".join(argv or sys.argv[1:]),
        "loadavg": [loadavg()],
    }
    if not args.no_build:
        print("gerando o site (python build.py)…", file=sys.stderr)
        report["build_ms"] = measure_build()
    global SITE
    if not (BUILT_SITE / "calculadora.html").is_file():
        raise SystemExit("site/ não existe: rode `python build.py` (ou tire --no-build).")
    copy_dir = Path(tempfile.mkdtemp(prefix="cotas-bench-"))
    SITE = copy_site(copy_dir / "site")
    if not args.skip_sim:
        print("simulador em CPython…", file=sys.stderr)
        data = make_candidates()
        report["sim_cpython"] = measure_cpython(data)
        print("simulador em Pyodide (Node)…", file=sys.stderr)
        report["sim_pyodide"] = measure_pyodide(data)
        print("lista perto do limite de tamanho (CLI)…", file=sys.stderr)
        from bench.bench_large_input import main as measure_large_input

        report["sim_large_input"] = measure_large_input()
        print("edital com 5.000 cargos em CPython…", file=sys.stderr)
        from bench.bench_edital import measure as measure_edital

        report["edital_cpython"] = measure_edital()
    if not args.skip_browser:
        print("Chromium…", file=sys.stderr)
        report["browser"] = measure_browser(args.runs)
        if args.plain:
            print("Chromium, sem o instantâneo (carga comum do Pyodide)…", file=sys.stderr)
            report["browser_plain"] = measure_browser(args.runs, block_snapshot=True)

    out = ROOT / "bench" / "results" / "latest.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    report["loadavg"].append(loadavg())
    print_table(report)
    shutil.rmtree(copy_dir, ignore_errors=True)
    print(f"\n(detalhes em {out.relative_to(ROOT)})")
    return 0


def print_table(r: dict) -> None:
    rows = [("medida", "resultado", "meta")]
    if "build_ms" in r:
        rows.append(("geração completa do site, cache vazio", fmt_s(r["build_ms"]["clean"]), "≤ 10 s"))
        rows.append(("geração completa do site, de novo (cache)", fmt_s(r["build_ms"]["rebuild"]), "≤ 10 s"))
    b = r.get("browser")
    if b:
        for kind, label in (("cold", "fria"), ("warm", "quente")):
            loads = b[kind]
            rows.append(
                (
                    f"1ª resposta de vagas reservadas, carga {label}",
                    fmt_spread(spread([x["answer_ms"] for x in loads])) + f" [{loads[0]['answer_origin']}]",
                    "≤ 0,5 s",
                )
            )
            rows.append(
                (
                    f"Python pronto (Pyodide + calculadora), carga {label}",
                    fmt_spread(spread([x["ready_ms"] for x in loads])),
                    "≤ 1,5 s" if kind == "cold" else "≤ 1 s",
                )
            )
            rows.append(
                (
                    f"1ª resposta calculada em Python, carga {label}",
                    fmt_spread(spread([x["python_answer_ms"] for x in loads])),
                    "",
                )
            )
        boot = b["cold"][0].get("snapshot") or "—"
        rows.append(("início do Python no worker (carga fria)", boot, "snapshot"))
        rows.append(
            (
                "bytes transferidos: página de norma (gerado/ubatuba.html)",
                fmt_bytes(b["law_page"]["bytes"]) + f" ({b['law_page']['requests']} req.)",
                "≤ 300 KB",
            )
        )
        rows.append(
            (
                "bytes do Pyodide numa página de norma",
                str(len(b["law_page"]["pyodide_requests"])) + " req.",
                "0",
            )
        )
        cold = b["cold"][0]
        rows.append(
            (
                "bytes transferidos: calculadora, carga fria",
                fmt_bytes(cold["bytes"]) + f" ({cold['requests']} req.)",
                "",
            )
        )
        rows.append(("bytes transferidos: calculadora, carga quente", fmt_bytes(b["warm"][0]["bytes"]), ""))
    plain = r.get("browser_plain")
    if plain:
        for kind, label in (("cold", "fria"), ("warm", "quente")):
            loads = plain[kind]
            rows.append(
                (
                    f"sem instantâneo: Python pronto, carga {label}",
                    fmt_spread(spread([x["ready_ms"] for x in loads])) + f" [{loads[0]['snapshot'][:5]}]",
                    "",
                )
            )
        rows.append(("sem instantâneo: bytes, carga fria", fmt_bytes(plain["cold"][0]["bytes"]), ""))
    for key, label in (("sim_cpython", "CPython"), ("sim_pyodide", "Pyodide/Node")):
        if key not in r:
            continue
        s = r[key]
        rate = thousands(int(CANDIDATES / s["best_s"]))
        rows.append(
            (
                f"simulador, {thousands(CANDIDATES)} candidatos, {thousands(SEATS)} vagas "
                f"({label} {s['python']})",
                f"{fmt_s(s['best_s'] * 1000)} = {rate} candidatos/s",
                "",
            )
        )
    for e in r.get("edital_cpython", []):
        rows.append((f"edital, {thousands(e['cargos'])} cargos, {e['case']} (CPython, api.handle)",
                     fmt_s(e["seconds"] * 1000), "≤ 0,2 s"))
    if "load_ms" in r.get("sim_pyodide", {}):
        rows.append(("Pyodide + calculadora no Node (carga)", fmt_s(r["sim_pyodide"]["load_ms"]), ""))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    print(f"\nDesempenho — {r['date']} — {r['machine']}")
    print("carga média da máquina (1/5/15 min) no início e no fim: " + " → ".join(r.get("loadavg", [])))
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)))
        if i == 0:
            print("  ".join("-" * w for w in widths))


if __name__ == "__main__":
    sys.exit(main())
