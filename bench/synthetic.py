"""What the number of norms costs: `python -m bench --normas-sinteticas 0 10 100`.

For each K, K data-only norms are generated (varied percentages and rules, roundings, minimums of vacancies,
terms or none; bench.synthetic.norm_files), a copy of the repository is built with them as an extra corpus
folder (calculator.norms.EXTRA_ENV), and the table gives: the build's wall time, the site's size, the
bytes of arrival at the calculator (a question the tables answer, desktop profile, from a plain server and
from one sending the .gz twins), the search index (plain and gzip), the time for Python to be ready (desktop,
plain start) and the bytes of respostas.js per norm. Budgets (docs/desempenho.md): arrival ≤ 1 MB plain and
≤ 300 KB gzip for any K; build time at most linear in K; Python ready unchanged within noise.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.support import ROOT

NUMBERS = {1: "um", 2: "dois", 3: "três", 4: "quatro", 5: "cinco", 6: "seis"}
ROUNDINGS = ("meio_para_cima", "para_cima", "para_baixo")
ROUNDING_TEXT = {
    "meio_para_cima": "Se da aplicação do percentual resultar número decimal igual ou maior que 0,5, "
                      "adotar-se-á o número inteiro imediatamente superior; se menor, o imediatamente "
                      "inferior.",
    "para_cima": "Se da aplicação do percentual resultar número decimal, adotar-se-á o número inteiro "
                 "imediatamente superior.",
    "para_baixo": "Na aplicação do percentual, a fração será desprezada.",
}


def norm_files(i: int) -> dict[str, str]:
    """The four files of the i-th synthetic norm (slug sintetica_<i>)."""
    slug, city = f"sintetica_{i:03d}", f"Sintética {i}"
    percent = (10, 15, 20, 25, 30, 40)[i % 6]
    fixed = i % 2 == 1
    rounding = ROUNDINGS[i % 3]
    minimum = 1 + i % 6
    term = (None, 5, 8, 10, 12)[i % 5]
    year = 2000 + i % 30
    day = f"{year}-03-0{1 + i % 9}"
    lines = [f"LEI Nº {i + 1}, DE {1 + i % 9} DE MARÇO DE {year}",
             "Dispõe sobre a reserva de vagas para pessoas negras nos concursos públicos do Município de "
             f"{city}.",
             f"O PREFEITO DO MUNICÍPIO DE {city.upper()} faz saber que a Câmara Municipal aprovou e ele "
             "sanciona a seguinte Lei:",
             f"Art. 1º Ficam reservadas às pessoas negras{'' if fixed else ', no mínimo,'} {percent}% das "
             "vagas oferecidas nos concursos públicos do Município.",
             f"§ 1º A reserva será aplicada sempre que o número de vagas oferecidas for igual ou superior a "
             f"{minimum} ({NUMBERS[minimum]}).",
             f"§ 2º {ROUNDING_TEXT[rounding]}",
             "Art. 2º A nomeação observará a proporcionalidade entre as vagas reservadas e as demais vagas.",
             f"Art. 3º Esta Lei vigorará por {term} anos." if term else
             "Art. 3º Revogam-se as disposições em contrário.",
             "Art. 4º Esta Lei entra em vigor na data de sua publicação.",
             f"{city}, {1 + i % 9} de março de {year}.",
             "FULANO DE TAL",
             "Prefeito Municipal",
             "Texto gerado para a medição de desempenho; norma fictícia."]
    text = "\n\n".join(lines) + "\n"
    sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    # title, municipality, state and urn come from norma.toml (citation, place, urn): laws.registry_facts
    meta = f'''kind = "lei"
number = "{i + 1}"
date = "{day}"
epigrafe = "{lines[0]}"
ementa = "{lines[1]}"
disclaimer = "{lines[-1]}"

[[signatories]]
name = "FULANO DE TAL"
office = "Prefeito Municipal"
provision = "assinatura1"

[entry_into_force]
rule = "na data de sua publicação"
provision = "art4"
''' + (f'''
[term]
rule = "vigorará por {term} anos"
provision = "art3"
''' if term else "") + f'''
[text_file]
path = "texto.txt"
sha256 = "{sha}"
source = "texto gerado por bench/synthetic.py"
'''
    end = '\nend = "term_end"' if term else ""
    registry = f'''slug = "{slug}"
citation = "Lei nº {i + 1}/{year}"
title = "Lei nº {i + 1}, de {1 + i % 9} de março de {year} ({city}/ZZ, norma fictícia)"
place = "{city}/ZZ"
urn = "urn:lex:br;zz;{slug}:municipal:lei:{day};{i + 1}"
list_order = {1000 + i}

[validity]
start = "{day}"
start_presumed = true
start_basis = ["art4_cpt", "fecho"]
{'term_parameter = "prazo"' if term else ""}

[percent]
rule = "{'fixed' if fixed else 'minimum'}"
parameter = "percentual"
minimum_vacancies_parameter = "vagas_minimas"
rounding_parameter = "arredondamento"
refusal = "{'o percentual é fixado em lei ({legal}); não informe outro: {percent}' if fixed else
            'o percentual mínimo é {minimum}; o edital pode reservar mais, não menos: {percent}'}"

[reserve]
whole_basis = ["art1_cpt"]

[scopes]
default = "efetivo"
[scopes.names]
efetivo = "cargo efetivo (concurso)"

[order]
basis = ["art2_cpt"]

[readings]
default = "proporcional"
[readings.proporcional]
count = "proportional"
description = "proporcionalidade cumulativa"

[[parameters]]
name = "percentual"
unit = "percentual"
label = "Percentual"
[[parameters.values]]{end}
value = "{percent}"
basis = ["art1_cpt"]
note = "O percentual do art. 1º."

[[parameters]]
name = "vagas_minimas"
unit = "vagas"
label = "Vagas mínimas"
[[parameters.values]]{end}
value = {minimum}
basis = ["art1_par1"]
note = "O mínimo de vagas para haver reserva."

[[parameters]]
name = "arredondamento"
unit = "arredondamento"
label = "Arredondamento"
[[parameters.values]]{end}
value = "{rounding}"
basis = ["art1_par2"]
note = "O arredondamento do art. 1º, § 2º."
''' + (f'''
[[parameters]]
name = "prazo"
unit = "anos"
label = "Prazo (anos)"
[[parameters.values]]
end = "term_end"
value = {term}
basis = ["art3_cpt"]
note = "O prazo do art. 3º."
''' if term else "") + '''
[validity.entry]
text = "Entrada em vigor: {start} (presumida)."
basis = ["art4_cpt"]

[validity.cases.before]
applies = false
reason = "a lei não vigorava antes de {start}"
text = "Edital anterior à lei: ela não se aplica."
basis = ["art4_cpt"]
''' + ('''
[validity.cases.term]
applies = true
text = "Edital publicado durante o prazo: a lei se aplica."
basis = ["art3_cpt", "art4_cpt"]

[validity.cases.after]
applies = false
reason = "o prazo do art. 3º terminou em {term_end}"
text = "Edital publicado depois do prazo: {reason}."
basis = ["art3_cpt"]

[validity.window]
short = "publicado de {start} a {last_day}"
text = "publicado de {start} a {last_day} (datas presumidas)"
basis = ["art3_cpt", "art4_cpt"]
''' if term else '''
[validity.cases.in_force]
applies = true
text = "Edital publicado com a lei em vigor: a lei se aplica."
basis = ["art4_cpt"]

[validity.window]
short = "publicado a partir de {start}"
text = "publicado a partir de {start} (data presumida), sem prazo final no texto"
basis = ["art4_cpt"]
''')
    return {"texto.txt": text, "meta.toml": meta, "norma.toml": registry,
            "anotacoes.toml": '[art1_cpt]\ntexto = """\nA reserva do art. 1º.\n"""\n'}


def write_norms(folder: Path, k: int) -> None:
    for i in range(k):
        target = folder / f"sintetica_{i:03d}"
        target.mkdir(parents=True)
        for name, text in norm_files(i).items():
            (target / name).write_text(text, encoding="utf-8")


def _repository_copy(dest: Path) -> Path:
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, files.decode("utf-8").split("\0")):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    (dest / "node_modules").symlink_to(ROOT / "node_modules")
    return dest


def _size(site: Path, name: str) -> tuple[int, int]:
    plain = site / name
    gz = plain.with_name(plain.name + ".gz")
    return plain.stat().st_size, gz.stat().st_size if gz.exists() else 0


def measure(k: int, runs: int = 3, log=print) -> dict:
    """Build a copy of the repository with K synthetic norms and measure it."""
    from playwright.sync_api import sync_playwright

    from bench.profiles import PROFILES, arrival, python_ready
    from bench.server import SiteServer

    with tempfile.TemporaryDirectory(prefix="cotas-bench-normas-") as tmp:
        repo = _repository_copy(Path(tmp) / "repo")
        extra = Path(tmp) / "normas"
        extra.mkdir()
        write_norms(extra, k)
        log(f"K = {k}: build…")
        env = {**os.environ, "COTAS_NORMAS_EXTRA": str(extra)}
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "build.py"], cwd=repo, env=env, capture_output=True, text=True)
        build_s = time.perf_counter() - t0
        if proc.returncode != 0:
            raise SystemExit(f"build com {k} normas sintéticas falhou:\n{proc.stderr[-3000:]}")
        site = repo / "site"
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        norms = len(json.loads((site / "assets/calculadora/normas.js").read_text(encoding="utf-8")
                               .split("=", 1)[1].strip().rstrip(";"))["norms"])
        # the shared respostas.js and one respostas/<slug>.js per norm (the page loads the chosen one)
        per_norm = [_size(site, f"assets/calculadora/respostas/{p.name}")
                    for p in sorted((site / "assets/calculadora/respostas").glob("*.js"))]
        answers = tuple(map(sum, zip(*per_norm, strict=True))) if per_norm else (0, 0)
        out = {"k": k, "norms": norms, "build_s": build_s, "site_bytes": size,
               "search_index": _size(site, "search/search_index.json"), "respostas": answers,
               "respostas_per_norm": answers[0] / norms}
        log(f"K = {k}: chegada e Python pronto…")
        with sync_playwright() as pw:
            desktop = PROFILES["desktop"]
            for compressed in (False, True):
                with SiteServer(site, precompressed=compressed, network=None) as srv:
                    runs_ = [arrival(pw, srv, desktop) for _ in range(runs)]
                    sent = sorted(r["bytes"] for r in runs_)
                    out["arrival_gzip" if compressed else "arrival_plain"] = sent[len(sent) // 2]
            with SiteServer(site, precompressed=True, network=None) as srv:
                ready = sorted(python_ready(pw, srv, desktop, False)["ready_ms"] for _ in range(runs))
            out["python_ready_ms"] = ready[len(ready) // 2]
            out["python_ready_runs"] = ready
        out["load"] = os.getloadavg()[0]
        return out


def table(rows: list[dict]) -> str:
    def kb(n: float) -> str:
        return f"{n / 1000:,.0f} KB".replace(",", ".")

    head = ("| K | normas | build | site | chegada (sem compressão / gzip) | índice de busca "
            "(sem compressão / gzip) | Python pronto (desktop) | respostas por norma |")
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(
            f"| {r['k']} | {r['norms']} | {r['build_s']:.0f} s | {r['site_bytes'] / 1e6:.1f} MB | "
            f"{kb(r['arrival_plain'])} / {kb(r['arrival_gzip'])} | {kb(r['search_index'][0])} / "
            f"{kb(r['search_index'][1])} | {r['python_ready_ms'] / 1000:.2f} s | "
            f"{kb(r['respostas_per_norm'])} |")
    return "\n".join(lines)


def main(ks: list[int], runs: int) -> int:
    rows = [measure(k, runs) for k in ks]
    print(table(rows))
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "normas-sinteticas.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0
