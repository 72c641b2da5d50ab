"""Performance measurements. Not part of the test run.

    .venv/bin/python -m bench                 # build, then every measurement (make bench)
    .venv/bin/python -m bench --no-build      # measure the site already in site/
    .venv/bin/python -m bench --runs 7        # browser loads per case (default 5; median, min–max)
    .venv/bin/python -m bench --only python --runs 5   # only Python ready (worker / throttled page)
    .venv/bin/python -m bench --only edital --runs 5   # only the Edital report of 40 cargos
    .venv/bin/python -m bench --only pdf --runs 5      # only a 10-page PDF read on the Edital tool
    .venv/bin/python -m bench --only worker --runs 5   # only answers through worker.js (warm reserva,
                                                       # 100-cargo edital); --site DIR: another built site
    .venv/bin/python -m bench --only arrival --runs 1  # only the arrival (bytes, requests, time)
    (--skip-sim, --skip-browser: leave those parts out)
    .venv/bin/python -m bench --normas-sinteticas 0 10 100   # what the number of norms costs

Measures, in headless Debian Chromium (Playwright) against a local server on 127.0.0.1 that serves
site/ under /cotas/ (bench/server.py), on a desktop profile and on a throttled phone profile (CPU 4x,
9 Mbit/s, 150 ms; bench/profiles.py), from a server that compresses nothing and from one that sends the
precompressed .gz files (like nginx gzip_static):
- arrival with a question the tables answer: bytes, time to the answer, longest main-thread task;
- Python ready after the visitor asks for it, plain start and memory snapshot: time, bytes, longest task;
  and the plain start again with its CPU throttled like the page's (worker.js on the page's throttled
  thread, bench/profiles.py), beside it, run by run;
- a simulation of 100,000 candidates and 10,000 seats uploaded as a file: time, longest task;
- a 10-page edital's PDF chosen in the Edital tool: time to the rebuilt table, PDF.js's bytes, longest task
  (PDF.js's parsing on the page's throttled thread);
- bytes transferred by a law page;
and also the full build time (`python build.py`, with an empty build cache and again), the
simulator throughput (100,000 candidates, 10,000 seats) in CPython and in Pyodide (Node, the built
site's own files) and the edital tool with 5,000 cargos in CPython (bench/bench_edital.py).
Prints a table and writes bench/results/latest.json. The targets are printed beside the figures.
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
LAW_PAGE = "gerado/ubatuba.html"
CANDIDATES = 100_000
SEATS = 10_000

sys.path.insert(0, str(ROOT))

def fmt_s(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.2f} s".replace(".", ",")


def fmt_ms_value(ms: float) -> str:
    if ms >= 1000:
        return fmt_s(ms)
    return f"{ms:.1f} ms".replace(".", ",") if ms < 100 else f"{ms:.0f} ms"


def fmt_ms(s: dict) -> str:
    """A spread in milliseconds: median (min–max)."""
    return f"{fmt_ms_value(s['median'])} ({fmt_ms_value(s['min'])}–{fmt_ms_value(s['max'])})"


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


def copy_site(dest: Path, site: Path = BUILT_SITE) -> Path:
    """A private copy of the site whose SHA256SUMS verifies (retries while another build rewrites it)."""
    copy = try_verified_copy(dest, site)
    if copy is None:
        raise SystemExit(f"{site} incompleto ou sem SHA256SUMS válido: rode `python build.py`.")
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


def measure_law_page() -> dict:
    """Bytes a law page transfers (gzip server, cold profile): no Pyodide byte expected."""
    from playwright.sync_api import sync_playwright

    from bench.server import SiteServer

    with SiteServer(SITE) as srv, sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="cotas-bench-chromium-"), executable_path=CHROMIUM, headless=True,
            args=CHROMIUM_ARGS)
        try:
            page = ctx.new_page()
            srv.counter.reset()
            page.goto(srv.url(LAW_PAGE), wait_until="networkidle")
            return {"bytes": srv.counter.bytes, "requests": srv.counter.requests,
                    "pyodide_requests": [p for p in srv.counter.paths if "pyodide" in p]}
        finally:
            ctx.close()


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
    parser = argparse.ArgumentParser(prog="python -m bench",
                                     description="Medições de desempenho do site e da calculadora.")
    parser.add_argument("--no-build", action="store_true", help="não gera o site; mede o que está em site/")
    parser.add_argument(
        "--runs", type=int, default=5,
        help="carregamentos por caso (padrão 5: mediana e mínimo–máximo de pelo menos 5)"
    )
    parser.add_argument("--skip-browser", action="store_true", help="pula as medições no Chromium")
    parser.add_argument("--skip-sim", action="store_true", help="pula as medições do simulador")
    parser.add_argument("--only", choices=["python", "edital", "pdf", "worker", "arrival", "visitas"],
                        help="só o Python pronto (no worker e na página limitada), só o relatório do "
                             "edital, só a leitura de um PDF de 10 páginas, só as respostas pelo worker "
                             "(reserva quente, edital de 100 cargos), "
                             "só a chegada à calculadora (e a página de norma) ou só o Python na primeira e "
                             "na segunda visita (e sem conexão), sem gerar o site")
    parser.add_argument("--site", type=Path, default=BUILT_SITE,
                        help="o site a medir (padrão: site/); outro site já gerado, p. ex. o de uma versão "
                             "anterior, para comparar")
    parser.add_argument("--normas-sinteticas", type=int, nargs="+", metavar="K",
                        help="gera K normas sintéticas, gera o site com elas e mede (bench/synthetic.py)")
    args = parser.parse_args(argv)
    if args.normas_sinteticas:
        from bench import synthetic

        return synthetic.main(args.normas_sinteticas, args.runs)

    report: dict = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "command": "python -m bench " + " ".join(argv or sys.argv[1:]),
        "loadavg": [loadavg()],
    }
    if args.only:
        args.no_build = args.skip_sim = True
    if not args.no_build:
        print("gerando o site (python build.py)…", file=sys.stderr)
        report["build_ms"] = measure_build()
    global SITE
    if not (args.site / "calculadora.html").is_file():
        raise SystemExit(f"{args.site} não tem um site gerado: rode `python build.py` (ou tire --no-build).")
    copy_dir = Path(tempfile.mkdtemp(prefix="cotas-bench-"))
    SITE = copy_site(copy_dir / "site", args.site)
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
        from bench.profiles import measure_profiles

        if not args.only:
            print("Chromium: página de norma…", file=sys.stderr)
            report["law_page"] = measure_law_page()
        data = b"" if args.only else make_candidates() if args.skip_sim else data
        report["profiles"] = measure_profiles(SITE, args.runs, data, SEATS,
                                              log=lambda m: print(m, file=sys.stderr), only=args.only)

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
    law = r.get("law_page")
    if law:
        rows.append(("bytes: página de norma (gerado/ubatuba.html, gzip)",
                     fmt_bytes(law["bytes"]) + f" ({law['requests']} req.)", "≤ 300 KB"))
        rows.append(("requisições do Pyodide numa página de norma", str(len(law["pyodide_requests"])), "0"))
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
    if r.get("profiles"):
        print_profiles(r["profiles"])


SERVERS = (("sem_compressao", "sem compressão (python3 -m http.server)"),
           ("gzip", "com gzip (.gz, como gzip_static)"))
STARTS = (("comum", "início comum"), ("instantaneo", "instantâneo"))


def _load(runs: list[dict]) -> str:
    loads = [x["load"] for x in runs if "load" in x]
    if not loads:
        return "?"
    lo, hi = min(loads), max(loads)
    text = f"{lo:.1f}" if round(lo, 1) == round(hi, 1) else f"{lo:.1f}–{hi:.1f}"
    return text.replace(".", ",")


def _table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    print(" | ".join(cell.ljust(widths[j]) for j, cell in enumerate(header)))
    print("-+-".join("-" * w for w in widths))
    for row in rows:
        print(" | ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)))


def print_visits(profiles: dict, label: dict) -> None:
    """Python ready on the first and the second visit (the start's CPU throttled), and offline."""
    rows = []
    for name, res in profiles.items():
        runs = res.get("visitas")
        if not runs:
            continue
        rows.append([label.get(name, name), str(len(runs)),
                     fmt_spread(spread([x["first_ms"] for x in runs])),
                     fmt_spread(spread([x["second_ms"] for x in runs])),
                     f"{fmt_bytes(max(x['second_bytes'] for x in runs))} "
                     f"({max(x['second_requests'] for x in runs)} req.)",
                     fmt_spread(spread([x["offline_worker_ms"] for x in runs])), _load(runs)])
    if rows:
        _table("Python pronto na primeira e na segunda visita (CPU do início limitada: worker.js na página "
               "limitada, sob o service worker do site) e, sem conexão, na calculadora (no worker); metas: "
               "segunda visita ≤ 1,5 s, primeira ≤ 6 s no celular",
               ["perfil", "n", "primeira visita", "segunda visita", "rede na segunda", "sem conexão (worker)",
                "carga"], rows)


def print_profiles(profiles: dict) -> None:
    """One table per question; each row with the machine's load average (1 min) when its runs started
    (a range over the runs): on this shared machine, times are comparable only at a similar load."""
    names = list(profiles)
    label = {"desktop": "computador", "celular": "celular limitado"}

    def med(runs, field):
        return statistics.median([x[field] for x in runs])

    rows = []
    for name in names:
        for server, server_label in SERVERS:
            if f"arrival_{server}" not in profiles[name]:
                continue
            a = profiles[name][f"arrival_{server}"]
            law = profiles[name][f"law_{server}"]
            pyodide = len(a[0]["pyodide_requests"])
            rows.append([label.get(name, name), server_label,
                         f"{fmt_bytes(a[0]['bytes'])} ({a[0]['requests']} req., Pyodide {pyodide})",
                         fmt_s(med(a, "answer_ms")), f"{med(a, 'longest_task_ms'):.0f} ms",
                         f"{med(law, 'longest_task_ms'):.0f} ms",
                         f"{fmt_bytes(a[0].get('sw_bytes', 0))} ({a[0].get('sw_requests', 0)} req.)",
                         _load(a + law)])
    if rows:
        _table("Chegada à calculadora, pergunta que as tabelas respondem (metas: ≤ 1 MB sem compressão, "
               "≤ 300 KB com gzip, tarefa ≤ 200 ms); depois, com a página parada, o service worker e o que "
               "ele guarda para uso sem conexão",
               ["perfil", "servidor", "bytes", "resposta", "tarefa mais longa", "pág. de norma",
                "depois: service worker", "carga"], rows)
    print_visits(profiles, label)

    rows = []
    for name in names:
        for server, server_label in SERVERS:
            if f"python_{server}_pagina" not in profiles[name]:
                continue
            worker = profiles[name][f"python_{server}_comum"]
            on_page = profiles[name][f"python_{server}_pagina"]
            after = [x["after_last_byte_ms"] for x in worker if x.get("after_last_byte_ms")]
            after_page = [x["after_last_byte_ms"] for x in on_page if x.get("after_last_byte_ms")]
            rows.append([label.get(name, name), server_label, str(len(worker)),
                         fmt_spread(spread([x["ready_ms"] for x in on_page])),
                         fmt_spread(spread(after_page)) if after_page else "—",
                         fmt_spread(spread([x["ready_ms"] for x in worker])),
                         fmt_spread(spread(after)) if after else "—", fmt_bytes(on_page[0]["bytes"]),
                         _load(worker + on_page)])
    if rows:
        _table("Python pronto (início comum), do pedido a 'pronta': com a CPU do início limitada como a da "
               "página (worker.js na página limitada) e no worker (CPU do worker livre: o Chromium não a "
               "limita); mediana (mín.–máx.); metas: ≤ 1 s no computador, ≤ 6 s no celular",
               ["perfil", "servidor", "n", "CPU limitada", "depois do último byte", "worker (CPU livre)",
                "depois do último byte", "bytes", "carga"], rows)

    rows = []
    for name in names:
        for server, server_label in SERVERS:
            for start, start_label in STARTS:
                if f"python_{server}_{start}" not in profiles[name]:
                    continue
                p = profiles[name][f"python_{server}_{start}"]
                rows.append([label.get(name, name), server_label, start_label,
                             fmt_spread(spread([x["ready_ms"] for x in p])), fmt_bytes(p[0]["bytes"]),
                             f"{med(p, 'longest_task_ms'):.0f} ms", p[0]["boot"][:9], _load(p)])
    if rows:
        _table("Python pronto, do pedido a 'pronta' (metas: ≤ 1 s no computador, ≤ 6 s no celular, "
               "≤ 8 MB sem compressão)",
               ["perfil", "servidor", "início", "tempo: mediana (mín.–máx.)", "bytes", "tarefa",
                "como iniciou", "carga"], rows)

    rows = []
    for name in names:
        if "worker" not in profiles[name]:
            continue
        runs = profiles[name]["worker"]
        rows.append([label.get(name, name), str(len(runs))]
                    + [fmt_ms(spread([x[field] for x in runs]))
                       for field in ("first_reserve_ms", "warm_reserve_ms", "edital_100_ms")] + [_load(runs)])
    if rows:
        _table("Respostas pelo worker.js, Python já iniciado, com a CPU do perfil (worker.js na página "
               "limitada): mediana (mín.–máx.)",
               ["perfil", "n", "1ª reserva", "reserva quente", "edital de 100 cargos", "carga"], rows)

    # the two drawings in parts: the Edital report and a simulation's results
    for key, title, shown in (
            ("edital", "Relatório do Edital, 40 cargos, Python já carregado (meta: tarefa ≤ 200 ms)",
             "relatório inteiro na tela"),
            ("simulation", "Simulação de 100.000 linhas e 10.000 vagas (meta: tarefa ≤ 200 ms)",
             "resposta na tela")):
        rows = []
        for name in names:
            if key not in profiles[name]:
                continue
            runs = profiles[name][key]
            tasks = [x["longest_task_ms"] for x in runs]
            times = spread([x["answer_ms"] for x in runs])
            rows.append([label.get(name, name), str(len(runs)), fmt_spread(times),
                         f"{statistics.median(tasks):.0f} ms ({min(tasks):.0f}–{max(tasks):.0f})",
                         str(runs[0]["dom_nodes"]), _load(runs)])
        if rows:
            _table(title, ["perfil", "n", shown, "tarefa mais longa: mediana (mín.–máx.)", "nós", "carga"],
                   rows)
    print_pdf(profiles, label)


def print_pdf(profiles: dict, label: dict) -> None:
    rows = []
    for name in profiles:
        for key, where in (("pdf_worker", "no worker do PDF.js"), ("pdf_pagina", "na página limitada")):
            if key not in profiles[name]:
                continue
            runs = profiles[name][key]
            tasks = [x["longest_task_ms"] for x in runs]
            times = spread([x["answer_ms"] for x in runs])
            rows.append([label.get(name, name), where, str(len(runs)), fmt_spread(times),
                         f"{statistics.median(tasks):.0f} ms ({min(tasks):.0f}–{max(tasks):.0f})",
                         f"{fmt_bytes(runs[0]['pdf_bytes'])}", f"{runs[0]['rows']} linhas, "
                         f"{fmt_bytes(runs[0]['pdf_size'])}", _load(runs)])
    if rows:
        _table("PDF de 10 páginas escolhido na ferramenta Edital, Python já carregado: da escolha à tabela "
               "para conferir, com o código do PDF.js no seu worker (como no site; o Chromium não limita a "
               "CPU de um worker) e na página limitada (a CPU do celular contada); mediana (mín.–máx.)",
               ["perfil", "PDF.js", "n", "tabela na tela", "tarefa mais longa", "bytes baixados (PDF.js)",
                "PDF", "carga"], rows)


if __name__ == "__main__":
    sys.exit(main())
