"""Benchmark of the nomination simulator: 100,000 candidates and 10,000 seats.

Run:  .venv/bin/python -m bench.bench_simulator        (prints a table; not a test)
Target: under 1 s per simulation in CPython on one core, CSV parsing included.
"""

from __future__ import annotations

import random
import sys
import time

from calculator.csv.candidates import read_candidates
from calculator.simulator import simulate

CANDIDATES = 100_000
SEATS = 10_000


def make_csv(n: int, seed: int = 2024) -> bytes:
    """A synthetic classification list: ~30% optants, ~5% PcD, half women, a few desistances."""
    rng = random.Random(seed)
    lines = ["inscricao;nome;classificacao;cotista;pcd;genero;situacao;heteroidentificacao"]
    for rank in range(1, n + 1):
        cotista = rng.random() < 0.3
        sit = rng.choices(["", "desistente", "inapto", "eliminado"], [97, 1.5, 1, 0.5])[0]
        het = rng.choices(["confirmada", "nao_confirmada", "fraude", "ausente"], [94, 3, 1, 2])[0]
        het = het if cotista else ""
        lines.append(
            f"{100000 + rank};Candidato {rank};{rank};{'sim' if cotista else 'não'};"
            f"{'sim' if rng.random() < 0.05 else 'não'};{rng.choice('FM')};{sit};{het}"
        )
    return ("\n".join(lines) + "\n").encode("utf-8")


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main(repeat: int = 3) -> None:
    data = make_csv(CANDIDATES)
    cases = [
        ("leitura do CSV", lambda: read_candidates(data)),
        ("ubatuba (20%)", lambda: simulate("ubatuba", SEATS, data)),
        (
            "ubatuba (20%, 500 PcD, equidade)",
            lambda: simulate("ubatuba", SEATS, data, pcd_seats=500, gender_equity=True),
        ),
        ("quissama", lambda: simulate("quissama", SEATS, data, pcd_seats=500)),
        (
            "lins (20%, 500 PcD, 1000 fem.)",
            lambda: simulate("lins", SEATS, data, percent="20", pcd_seats=500, female_seats=1000),
        ),
    ]
    n_cand, n_seats = f"{CANDIDATES:,}".replace(",", "."), f"{SEATS:,}".replace(",", ".")
    version = sys.version.split()[0]
    print(f"Simulador: {n_cand} candidatos, {n_seats} vagas; Python {version}; melhor de {repeat}")
    print(f"{'caso':<36} {'segundos':>9}")
    for name, fn in cases:
        print(f"{name:<36} {best_of(fn, repeat):>9.3f}")


if __name__ == "__main__":
    main()
