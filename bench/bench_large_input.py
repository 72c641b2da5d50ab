"""Time and peak memory of `python -m calculator simular` on a list near the input limit.

Run:  .venv/bin/python -m bench.bench_large_input          (prints a table; not a test)
The CLI reads at most csvtext.MAX_CSV_BYTES (50 MB); this writes a list just under it (about 900,000
candidates with nome, nota in pt-BR form and one ignored column), runs the CLI with --json and reports
wall time and peak RSS (getrusage of the child). docs/simulacao.md quotes the figures.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from calculator.csv.text import MAX_CSV_BYTES

ROOT = Path(__file__).resolve().parent.parent


def make_large_csv(path: Path, size: int = MAX_CSV_BYTES - 500_000, seed: int = 2) -> int:
    """A list of `size` bytes at most; returns the number of candidates."""
    rng = random.Random(seed)
    n = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write("inscricao;nome;nota;cotista;pcd;genero;observacao\n")
        while fh.tell() < size:
            nota = f"{rng.randint(0, 10000) / 100:.2f}".replace(".", ",")
            fh.write(f"{1_000_000 + n};Candidato Número {n};{nota};{'sim' if rng.random() < 0.3 else 'não'};"
                     "não;F;obs\n")
            n += 1
    return n


def measure(path: Path, seats: int = 1000) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "calculator", "simular", "--norma", "ubatuba", "--vagas",
                           str(seats), str(path), "--json"], cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - t0
    if proc.returncode:
        raise SystemExit(proc.stderr)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
    return {"bytes": path.stat().st_size, "seconds": elapsed, "peak_rss_mb": max(peak, before) / 1024}


def main() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "grande.csv"
        n = make_large_csv(path)
        res = {"candidates": n, **measure(path)}
    mb = res["bytes"] / 1e6
    ratio = res["peak_rss_mb"] * 1024 * 1024 / res["bytes"]
    print(f"Lista de {mb:.1f} MB ({res['candidates']} candidatos), simular --json, 1000 vagas: "
          f"{res['seconds']:.1f} s; pico de memória {res['peak_rss_mb']:.0f} MB "
          f"({ratio:.1f} vezes o arquivo)")
    return res


if __name__ == "__main__":
    main()
