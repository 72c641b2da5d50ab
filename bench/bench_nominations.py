"""Benchmark of `ordem --nomeacoes M`: the call order for M nominations beyond the vacancies, through
calculator.api.handle (what the page's worker and `python -m calculator ordem --json` do).

Run:  .venv/bin/python -m bench.bench_nominations        (prints a table; not a test)
Target: under 0.5 s for M = 1,000,000 in CPython (the positions repeat with the percentage's period, so
the cost follows the positions listed, at most 100,000, not M); M = 10^15 is listed as `ordem` lists it.
"""

from __future__ import annotations

import json
import sys

from bench.bench_edital import best_of
from calculator.api import handle

TARGET_S = 0.5


def cases() -> list[tuple[str, dict]]:
    base = {"command": "ordem", "vagas": "100"}
    return [
        ("ubatuba, 10^6 nomeações", {**base, "norma": "ubatuba", "nomeacoes": "1000000"}),
        ("quissama, 10^6 nomeações", {**base, "norma": "quissama", "nomeacoes": "1000000"}),
        ("lins 20%, 10^6 nomeações", {**base, "norma": "lins", "percentual": "20", "nomeacoes": "1000000"}),
        ("lins 23,5%, 10^6 nomeações", {**base, "norma": "lins", "percentual": "23,5",
                                        "nomeacoes": "1000000"}),
        ("ubatuba, 10^15 nomeações", {**base, "norma": "ubatuba", "nomeacoes": "1000000000000000"}),
        ("edital: 10 cargos × 10^6 nomeações", {"command": "edital", "norma": "ubatuba", "csv": (
            "cargo;vagas;nomeacoes\n" + "".join(f"C{i};{10 * i};1000000\n" for i in range(1, 11)))}),
    ]


def measure(repeat: int = 5) -> list[dict]:
    out = []
    for name, request in cases():
        text = json.dumps(request)
        answer = json.loads(handle(text))
        assert answer.get("ok", True) is not False and "error" not in answer, answer
        wall, cpu = best_of(lambda text=text: handle(text), repeat)
        out.append({"case": name, "wall_s": wall, "cpu_s": cpu, "target_s": TARGET_S})
    return out


def main() -> int:
    rows = measure()
    print(f"{'caso':40} {'parede (s)':>10} {'CPU (s)':>8}  meta")
    for r in rows:
        print(f"{r['case']:40} {r['wall_s']:10.3f} {r['cpu_s']:8.3f}  < {r['target_s']} s")
    return 0 if all(r["cpu_s"] < TARGET_S for r in rows if "edital" not in r["case"]) else 1


if __name__ == "__main__":
    sys.exit(main())
