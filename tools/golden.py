"""Record the calculator's golden outputs (tests/golden/), the reference a refactoring must reproduce.

    .venv/bin/python tools/golden.py          # rewrite tests/golden/*
    .venv/bin/python -m pytest tests/calculator/test_golden.py -q

What is recorded:
- ``api.jsonl.gz``: one line per request, ``{"request": <JSON text sent>, "response": <JSON text
  returned>}``, over a sweep of `reserva`, `ordem`, `parametros` and `simular` written for the corpus's
  first norms (N, edital dates, vínculos, readings, percentages, simulator options, bad input);
- per norm of the registry (those of laws/ and the fixture norms of tests/fixtures/normas), in
  ``normas/<slug>.jsonl.gz``, the same kind of lines over a sweep made from the norm's own registry
  (:func:`norm_requests`: its percentage rule, vínculos, readings, validity dates, edital, simulation), and
  in ``normas/<slug>.tabelas.json`` its part of tables.table_data, with the generation date fixed at
  GOLDEN_TODAY (the real build uses the day it runs). A new norm gets its goldens from this one command.

Re-record only when an answer changes on purpose, and say which in the commit. Gzip with mtime 0 and
sorted requests keep the files deterministic.
"""

from __future__ import annotations

import base64
import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
GOLDEN_TODAY = "2026-12-01"

NORMS = ("ubatuba", "quissama", "lins")  # the norms api.jsonl.gz's hand-written sweep names
NORM_GOLDEN = GOLDEN / "normas"
FIXTURES = ROOT / "tests" / "fixtures" / "normas"
HEADER = "inscricao;nome;classificacao;cotista;pcd;genero;situacao;heteroidentificacao"


def classification_csv(rows: list[tuple[int, str]]) -> str:
    """A classification list, the simulator's input (also the tests' hand-worked cases).

    rows: (rank, flags): c cotista, p PcD, f female, d desistente, i inapto, e eliminado; after ':' the
    heteroidentificação result."""
    lines = [HEADER]
    for rank, flags in rows:
        flags, _, hetero = flags.partition(":")
        sit = ("desistente" if "d" in flags else "inapto" if "i" in flags
               else "eliminado" if "e" in flags else "")
        lines.append(f"R{rank};Nome {rank};{rank};{'sim' if 'c' in flags else 'não'};"
                     f"{'sim' if 'p' in flags else 'não'};{'F' if 'f' in flags else 'M'};{sit};{hetero}")
    return "\n".join(lines) + "\n"


def _synthetic(size: int, seed: int) -> str:
    """A deterministic classification list mixing every kind of candidate (no random module state)."""
    kinds = ["", "c", "", "p", "c:confirmada", "f", "cf", "", "cd", "cp", "", "ci", "c:nao_confirmada",
             "pf", "", "e", "c", "", "cfp", "d"]
    return classification_csv([(r, kinds[(r * 7 + seed) % len(kinds)]) for r in range(1, size + 1)])


def requests() -> list[dict]:
    out: list[dict] = []
    pct = {"ubatuba": [None, "20", "25", "33,3", "100"], "quissama": [None],
           "lins": ["20", "10", "25,5", "30"]}
    ns = list(range(1, 41)) + [45, 49, 50, 51, 99, 100, 101, 123, 250, 999, 1000, 10**6, 10**9]
    for norm in NORMS:
        out.append({"command": "parametros", "norma": norm})
        for p in pct[norm]:
            for n in ns:
                out.append({"command": "reserva", "norma": norm, "vagas": str(n), "percentual": p})
                if n <= 1000 or (n == 10**6 and norm == "ubatuba" and p is None):  # one truncated list
                    out.append({"command": "ordem", "norma": norm, "vagas": str(n), "percentual": p})
    # vínculos and readings
    scopes = {"ubatuba": ["efetivo", "emprego", "comissao", "estagio"], "quissama": ["efetivo", "emprego"],
              "lins": ["efetivo", "emprego"]}
    readings = {"ubatuba": ["proporcional", "quinta"], "quissama": ["quinta"],
                "lins": ["proporcional", "quinta"]}
    for norm in NORMS:
        p = "20" if norm == "lins" else None
        for sc in scopes[norm]:
            for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 18, 23, 100):
                out.append({"command": "reserva", "norma": norm, "vagas": str(n), "percentual": p,
                            "vinculo": sc})
                for rd in readings[norm]:
                    out.append({"command": "ordem", "norma": norm, "vagas": str(n), "percentual": p,
                                "leitura": rd, "vinculo": sc})
    # edital dates around every validity boundary
    dates = ["2000-01-01", "2012-03-02", "2012-03-03", "2012-03-04", "2014-06-15", "2014-06-16", "2014-06-17",
             "2020-05-31", "2022-03-03", "2022-03-04", "2022-03-17", "2022-03-18", "2022-12-31", "2023-01-01",
             "2023-06-30", "2024-02-07", "2024-02-08", "2024-06-16", "2024-06-17", "2032-03-03", "2032-03-04",
             "2032-03-18", "2032-03-19", "2040-01-01"]
    for norm in NORMS:
        p = "20" if norm == "lins" else None
        for d in dates:
            for n in (2, 3, 13):
                for command in ("reserva", "ordem"):  # every tool starts from applicability
                    out.append({"command": command, "norma": norm, "vagas": str(n), "percentual": p,
                                "data_edital": d})
    # cargos em comissão: dated by the nomination (Ubatuba, art. 8º, parágrafo único)
    for d in ("2014-06-15", "2014-06-16", "2024-06-16", "2024-06-17"):
        out.append({"command": "reserva", "norma": "ubatuba", "vagas": "12", "vinculo": "comissao",
                    "data_nomeacao": d})
    # bad input: one clear message each
    bad = [
        {"command": "reserva", "norma": "ubatuba", "vagas": "0"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "-3"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "1,5"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10000000000000000"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "19"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "101"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10", "percentual": "abc"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10", "vinculo": "temporario"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10", "data_edital": "2020-02-30"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10", "data_edital": "31/05/2020"},
        {"command": "reserva", "norma": "quissama", "vagas": "10", "percentual": "30"},
        {"command": "reserva", "norma": "quissama", "vagas": "10", "vinculo": "comissao"},
        {"command": "reserva", "norma": "lins", "vagas": "10"},
        {"command": "reserva", "norma": "lins", "vagas": "10", "percentual": "20", "vinculo": "estagio"},
        {"command": "reserva", "norma": "Quissamã", "vagas": "10"},
        {"command": "reserva", "norma": "sao paulo", "vagas": "10"},
        {"command": "reserva", "norma": "", "vagas": "10"},
        {"command": "reserva", "vagas": "10"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "10", "extra": "1"},
        {"command": "ordem", "norma": "ubatuba", "vagas": "10", "leitura": "alternada"},
        {"command": "ordem", "norma": "quissama", "vagas": "10", "leitura": "proporcional"},
        {"command": "ordem", "norma": "lins", "vagas": "10", "percentual": "20", "leitura": "x"},
        {"command": "parametros"},
        {"command": "parametros", "norma": "lins", "vagas": "3"},
        {"command": "desconhecido"},
        {},
    ]
    out.extend(bad)
    out.extend(_simulations())
    return out


def _simulations() -> list[dict]:
    sample = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_bytes()
    sample_b64 = base64.b64encode(sample).decode("ascii")
    out: list[dict] = []
    base = {"ubatuba": {}, "quissama": {}, "lins": {"percentual": "20"}}
    for norm in NORMS:
        for n in (1, 3, 5, 6, 8, 10, 13, 18, 22):
            out.append({"command": "simular", "norma": norm, "vagas": str(n), "csv_base64": sample_b64,
                        **base[norm]})
            out.append({"command": "simular", "norma": norm, "vagas": str(n), "csv_base64": sample_b64,
                        "vagas_pcd": "1", **base[norm]})
        for seed in range(4):
            for n in (7, 13, 25):
                out.append({"command": "simular", "norma": norm, "vagas": str(n), "csv": _synthetic(40, seed),
                            "vagas_pcd": str(seed % 3), **base[norm]})
    options = [
        {"norma": "ubatuba", "leitura": "quinta"},
        {"norma": "ubatuba", "vinculo": "emprego", "vagas_pcd": "2"},
        {"norma": "ubatuba", "vinculo": "comissao"},
        {"norma": "ubatuba", "vinculo": "estagio"},
        {"norma": "ubatuba", "substituicao": "geral"},
        {"norma": "ubatuba", "substituicao": "lista"},
        {"norma": "ubatuba", "equidade_genero": True},
        {"norma": "ubatuba", "equidade_genero": "sim"},
        {"norma": "ubatuba", "percentual": "30"},
        {"norma": "quissama", "preenchimento": "lista"},
        {"norma": "quissama", "preenchimento": "concorrencia", "vagas_pcd": "1"},
        {"norma": "lins", "percentual": "20", "precedencia": "art4_par1u", "vagas_pcd": "2"},
        {"norma": "lins", "percentual": "20", "precedencia": "art6_par2", "vagas_pcd": "2"},
        {"norma": "lins", "percentual": "20", "vagas_femininas": "2"},
        {"norma": "lins", "percentual": "25", "leitura": "quinta"},
        # bad input
        {"norma": "ubatuba", "preenchimento": "lista"},
        {"norma": "quissama", "substituicao": "geral"},
        {"norma": "lins", "percentual": "20", "precedencia": "x"},
        {"norma": "ubatuba", "vagas_pcd": "-1"},
        {"norma": "ubatuba", "equidade_genero": "talvez"},
    ]
    for opt in options:
        for n, data in ((10, sample_b64), (13, None)):
            req = {"command": "simular", "vagas": str(n), **opt}
            if data is None:
                req["csv"] = _synthetic(30, 5)
            else:
                req["csv_base64"] = data
            out.append(req)
    for norm, d in (("ubatuba", "2020-01-01"), ("ubatuba", "2025-01-01"), ("quissama", "2022-03-10"),
                    ("quissama", "2032-03-10"), ("lins", "2022-06-01"), ("lins", "2023-06-01")):
        out.append({"command": "simular", "vagas": "10", "csv_base64": sample_b64, "vagas_pcd": "1",
                    "data_edital": d, **base[norm], "norma": norm})
    out.append({"command": "simular", "norma": "ubatuba", "vagas": "5", "csv": "inscricao;nome\n"})
    out.append({"command": "simular", "norma": "ubatuba", "vagas": "5"})
    out.append({"command": "simular", "norma": "ubatuba", "vagas": "5", "csv_base64": "***"})
    return out


def _clean(request: dict) -> dict:
    return {k: v for k, v in request.items() if v is not None}


def norm_requests(slug: str) -> list[dict]:
    """A sweep of every command for one norm, made from its registry alone (so any norm has one)."""
    from calculator.norms import registry_of

    norm = registry_of(slug)
    rule = norm.percent_rule
    if rule == "given":
        percents = [norm.percent_example or "20", "12,5", "33,3"]
    elif rule == "minimum":
        percents = [None, "100"]
    else:
        percents = [None]
    base = {"norma": slug}
    out: list[dict] = []
    for p in percents:
        for n in [*range(1, 31), 49, 50, 51, 100, 101, 999, 10**9]:
            for command in ("reserva", "ordem") if n < 10**9 else ("reserva",):  # huge n: reserva only
                out.append({"command": command, "vagas": str(n), "percentual": p, **base})
    p = percents[0]
    start = norm.validity.start
    year = int(start[:4])
    days = sorted({f"{y}-{start[5:]}" for y in (year - 1, year, year + 1, year + 5, year + 9, year + 10,
                                                  year + 11, year + 30)} | {"2000-01-01", "2026-12-01"})
    days = [d for d in days if d[5:] != "02-29"]
    for day in days:
        for n in (4, 10, 13):
            out.append({"command": "reserva", "vagas": str(n), "percentual": p, "data_edital": day, **base})
    for scope in norm.scopes:
        for reading in norm.readings:
            for n in (3, 10, 21):
                out.append({"command": "ordem", "vagas": str(n), "percentual": p, "vinculo": scope,
                            "leitura": reading, **base})
    out.append({"command": "parametros", **base})
    for table in ("cargo;vagas\nA;1\nB;4\nC;7\nD;13\n", "cargo;vagas;reservadas\nA;5;1\nB;9;2\nC;20;9\n"):
        out.append({"command": "edital", "csv": table, "percentual": p, **base})
    sample = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")
    out.append({"command": "simular", "vagas": "10", "csv": sample, "percentual": p, **base})
    out.append({"command": "simular", "vagas": "7", "csv": _synthetic(20, 1), "vagas_pcd": "1",
                "percentual": p, **base})
    return out


def _lines(requests_: list[dict]) -> list[str]:
    from calculator.api import handle

    lines = []
    for request in requests_:
        text = json.dumps(_clean(request), ensure_ascii=False, sort_keys=True)
        lines.append(json.dumps({"request": text, "response": handle(text)}, ensure_ascii=False,
                                sort_keys=True))
    return lines


def norm_lines(slug: str) -> list[str]:
    return _lines(norm_requests(slug))


def norm_tables_json(slug: str) -> str:
    """tables.table_data for ``slug`` alone, generated on GOLDEN_TODAY."""
    from laws.corpus import Corpus
    from sitebuild import context, tables

    ctx = context.Context()
    ctx.today = GOLDEN_TODAY
    ctx.corpus = Corpus([ctx.corpus.norm(slug)])
    return json.dumps(tables.table_data(ctx), ensure_ascii=False, sort_keys=True) + "\n"


def _gzip(lines: list[str]) -> bytes:
    return gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), compresslevel=9, mtime=0)


def main() -> None:
    import os

    # the fixture norms are recorded with the others (the tests run with them present)
    os.environ.setdefault("COTAS_NORMAS_EXTRA", str(FIXTURES))
    sys.path.insert(0, str(ROOT))
    from calculator import NORMS as ALL

    GOLDEN.mkdir(parents=True, exist_ok=True)
    NORM_GOLDEN.mkdir(parents=True, exist_ok=True)
    lines = _lines(requests())
    (GOLDEN / "api.jsonl.gz").write_bytes(_gzip(lines))
    counts = [f"api.jsonl.gz: {len(lines)} respostas"]
    for slug in ALL:
        lines = norm_lines(slug)
        (NORM_GOLDEN / f"{slug}.jsonl.gz").write_bytes(_gzip(lines))
        (NORM_GOLDEN / f"{slug}.tabelas.json").write_text(norm_tables_json(slug), encoding="utf-8")
        counts.append(f"{slug}: {len(lines)} respostas e tabelas")
    print(f"{GOLDEN}: " + "; ".join(counts))


if __name__ == "__main__":
    main()
