"""Parity: the built site's Pyodide runs the packed calculator and answers exactly like CPython.

A few hundred generated requests (reserva, ordem, simular, edital) go through ``calculator.api.handle`` here
and through tests/node/run_api.mjs, which loads site/assets/pyodide/ and site/assets/calculadora/
calculator.zip — the very files the calculator page loads. The JSON strings must be equal, byte for byte.
"""

from __future__ import annotations

import _imp
import json
import random
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from calculator import NORMS as RULES
from calculator.api import handle
from calculator.norms import path_of, registry_of
from tests import pace
from tests.support import ROOT, SITE, require_site_files

NODE_SCRIPT = ROOT / "tests" / "node" / "run_api.mjs"
NORMS = tuple(RULES)  # every norm of the registry (the fixture norms too, when the build has them)


def _given(norm: str) -> bool:
    """The user gives the percentage (a law outside the corpus sets it)."""
    return registry_of(norm).percent_rule == "given"


def _minimum(norm: str) -> bool:
    """The norm sets a minimum an edital may exceed."""
    return registry_of(norm).percent_rule == "minimum"


def require_site() -> Path:
    require_site_files(["assets/pyodide/pyodide.mjs", "assets/pyodide/pyodide.asm.wasm",
                        "assets/calculadora/calculator.zip"])
    if shutil.which("node") is None:
        pytest.fail("Node.js não encontrado no PATH (roda o Pyodide fora do navegador).", pytrace=False)
    return SITE


def _csv(rng: random.Random, size: int, sep: str) -> str:
    """A classification list in the simulator's format, with the odd cases people really have."""
    header = ["inscricao", "nome", "classificacao", "cotista", "pcd", "genero", "situacao",
              "heteroidentificacao"]
    ranks = list(range(1, size + 1))
    rng.shuffle(ranks)
    rows = [sep.join(header)]
    for i, rank in enumerate(ranks):
        name = rng.choice(["Ana Souza", "João da Silva", "Zé", "<img src=x onerror=alert(1)>",
                           "Ção; \"aspas\"", ""])
        if sep in name or '"' in name:
            name = '"' + name.replace('"', '""') + '"'
        rows.append(sep.join([
            f"{1000 + i}",
            name,
            str(rank),
            rng.choice(["sim", "não", "nao", "S", "n", ""]),
            rng.choice(["sim", "não", "", "", ""]),
            rng.choice(["F", "M", ""]),
            rng.choice(["", "", "", "", "desistente", "inapto", "eliminado"]),
            rng.choice(["", "", "confirmada", "nao_confirmada", "fraude", "ausente"]),
        ]))
    return "\n".join(rows) + "\n"


def generate_requests(seed: int = 20240208) -> list[str]:
    rng = random.Random(seed)
    reqs: list[dict] = []
    percents = ["", "20", "25", "25,5", "30", "33,3", "19", "100", "abc"]
    dates = ["", "2014-06-16", "2013-01-01", "2024-03-01", "2012-03-02", "2026-11-29", "2035-01-01",
             "2024-02-30"]
    for norm in NORMS:
        for n in list(range(0, 41)) + [49, 50, 51, 99, 100, 101, 997, 10**6, 10**9]:
            req = {"command": "reserva", "norma": norm, "vagas": str(n)}
            pct = rng.choice(percents)
            if pct and registry_of(norm).percent_rule != "tiered":
                req["percentual"] = pct
            elif _given(norm):
                req["percentual"] = "20"
            date = rng.choice(dates)
            if date:
                req["data_edital"] = date
            reqs.append(req)
        for n in list(range(1, 31)) + [57, 100, 1000, 10**9]:
            req = {"command": "ordem", "norma": norm, "vagas": str(n)}
            if _given(norm):
                req["percentual"] = rng.choice(["20", "25", "30", "12,5"])
            elif _minimum(norm) and rng.random() < 0.5:
                req["percentual"] = rng.choice(["20", "25", "40"])
            reqs.append(req)
        for n in range(1, 16):
            req = {"command": "ordem", "norma": norm, "vagas": str(n),
                   "leitura": rng.choice(["quinta", "proporcional"])}
            if _given(norm):
                req["percentual"] = "20"
            reqs.append(req)
        for scope in ("efetivo", "emprego", "comissao", "estagio", "terceirizado"):
            req = {"command": "reserva", "norma": norm, "vagas": str(rng.randint(1, 60)), "vinculo": scope}
            if _given(norm):
                req["percentual"] = "20"
            reqs.append(req)
        for k in range(12):
            sep = rng.choice([",", ";"])
            req = {"command": "simular", "norma": norm, "vagas": str(rng.choice([1, 3, 5, 8, 10, 15, 20])),
                   "csv": _csv(rng, rng.choice([0, 1, 5, 12, 30, 60]) if k else 25, sep)}
            if _given(norm):
                req["percentual"] = "20"
                if rng.random() < 0.3:
                    req["vagas_femininas"] = str(rng.choice([0, 1, 2]))
            if rng.random() < 0.3:
                req["vagas_pcd"] = str(rng.choice([0, 1, 2]))
            reqs.append(req)
    # The labelled readings and the three-valued validity, in both runtimes.
    for k in range(4):
        reqs.append({"command": "simular", "norma": "quissama", "vagas": str(10 + k),
                     "preenchimento": "lista", "csv": _csv(rng, 30, ";")})
    for day in ("2020-01-01", "2023-06-01", "2024-02-07", "2024-02-08"):
        reqs.append({"command": "reserva", "norma": "lins", "vagas": "13", "percentual": "20",
                     "data_edital": day})
    for scope in ("comissao", "estagio"):
        reqs.append({"command": "ordem", "norma": "ubatuba", "vagas": "12", "vinculo": scope})
    # applicability first in every tool: dated ordem and simular, comissão dated by the nomination
    for norm, day in (("ubatuba", "2025-01-01"), ("ubatuba", "2020-01-01"), ("quissama", "2022-03-10"),
                      ("quissama", "2032-03-10"), ("lins", "2023-06-01")):
        pct = {"percentual": "20"} if norm == "lins" else {}
        reqs.append({"command": "ordem", "norma": norm, "vagas": "13", "data_edital": day, **pct})
        reqs.append({"command": "ordem", "norma": norm, "vagas": "13", "nomeacoes": "20", "data_edital": day,
                     **pct})
        reqs.append({"command": "simular", "norma": norm, "vagas": "10", "data_edital": day,
                     "csv": _csv(rng, 30, ";"), **pct})
    reqs.append({"command": "reserva", "norma": "ubatuba", "vagas": "12", "vinculo": "comissao",
                 "data_nomeacao": "2014-06-10"})
    reqs += edital_requests(rng)
    # Bad input must fail the same way in both: messages and fields.
    reqs += [
        {"command": "reserva", "norma": "sorocaba", "vagas": "10"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "-1"},
        {"command": "reserva", "norma": "ubatuba", "vagas": "dez"},
        {"command": "reserva", "norma": "lins", "vagas": "10"},
        {"command": "ordem", "norma": "ubatuba", "vagas": ""},
        {"command": "simular", "norma": "ubatuba", "vagas": "3", "csv": ""},
        {"command": "simular", "norma": "ubatuba", "vagas": "3", "csv": "nome\nAna\n"},
        {"command": "nada"},
    ]
    return [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in reqs]


def _cargos(rng: random.Random, size: int, sep: str) -> str:
    """A table of cargos for the edital tool, with what editais really have (accents, blanks, 0 vagas)."""
    header = rng.choice([["cargo", "vagas", "reservadas"], ["Cargo", "Vagas", "Reservadas", "Vagas PcD"],
                         ["cargo", "vagas", "reservadas", "nomeacoes"], ["Função", "vagas"]])
    rows = [sep.join(header)]
    for i in range(size):
        n = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 14, 20, 57, 101])
        cells = [rng.choice(["Professor", "Técnico de Enfermagem", "Gari", "Médico"]) + f" {i}", str(n)]
        for col in header[2:]:
            if col.lower() == "nomeacoes":
                cells.append(rng.choice(["", str(n), str(2 * n + 3)]))
            else:
                cells.append(rng.choice(["", str(rng.randint(0, n))]))
        rows.append(sep.join(cells))
    return "\n".join(rows) + "\n"


def edital_requests(rng: random.Random) -> list[dict]:
    """The edital tool and ordem with nominations beyond the vacancies."""
    reqs: list[dict] = []
    for norm in NORMS:
        for k in range(14):
            req = {"command": "edital", "norma": norm, "csv": _cargos(rng, rng.choice([1, 2, 5, 12, 40]),
                                                                        rng.choice([",", ";"]))}
            if _given(norm):
                req["percentual"] = rng.choice(["20", "25,5", "30"])
            elif _minimum(norm) and k % 3 == 0:
                req["percentual"] = rng.choice(["20", "25", "40"])
            if k % 4 == 1:
                req["data_edital"] = rng.choice(["2013-01-01", "2020-05-05", "2024-03-01", "2030-01-01"])
            if k % 5 == 2:
                req["nomeacoes"] = "250"
            reqs.append(req)
        for n in (1, 2, 3, 4, 5, 6, 10, 13, 57):
            req = {"command": "ordem", "norma": norm, "vagas": str(n),
                   "nomeacoes": str(rng.choice([n, n + 1, 3 * n + 2]))}
            if _given(norm):
                req["percentual"] = "20"
            reqs.append(req)
    reqs += [
        {"command": "edital", "norma": "ubatuba", "csv": "cargo;vagas\nA;-1\n"},
        {"command": "edital", "norma": "ubatuba", "csv": "cargo;vagas\nA;1\na;2\n"},
        {"command": "edital", "norma": "ubatuba", "csv": ""},
        {"command": "edital", "norma": "lins", "csv": "cargo;vagas\nA;3\n"},
        {"command": "edital", "norma": "ubatuba", "csv_base64": "Y2FyZ287dmFnYXMKQTsz/wo="},
        {"command": "ordem", "norma": "ubatuba", "vagas": "10", "nomeacoes": "9"},
    ]
    return reqs


def run_in_pyodide(requests: list[str]) -> tuple[list[str], dict[str, int]]:
    """The answers of the built site's Pyodide, and how many times it parsed and validated a registry."""
    proc = subprocess.run(
        ["node", str(NODE_SCRIPT), str(SITE), "--count-reads"],
        input=json.dumps(requests, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        timeout=pace.seconds(600),
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-3000:]
    answers = json.loads(proc.stdout.decode("utf-8"))
    assert isinstance(answers, list) and all(isinstance(a, str) for a in answers)
    reads = re.search(r"^registry-reads parses=(\d+) checks=(\d+)$", proc.stderr.decode("utf-8"), re.M)
    assert reads, proc.stderr.decode("utf-8", "replace")[-3000:]
    return answers, {"parses": int(reads[1]), "checks": int(reads[2])}


def test_packed_calculator_is_the_source_tree():
    """The zip the page loads holds exactly calculator/*.py of the published wheel (site/downloads/), as
    bytecode of the sources as they are now, and the norms' registries, texts and metadata as they are now
    (so parity is about this code and these data). Each .pyc carries the hash of the source it was compiled
    from (PEP 552), checked here against the file."""
    require_site()
    files = [p for p in (ROOT / "calculator").rglob("*.py") if "__pycache__" not in p.parts]
    sources = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sorted(files)}
    # every norm's registry, text and metadata (the report quotes the text), packed as laws/<slug>/<file>
    # wherever its folder is
    from sitebuild.pyodide import NORM_FILES

    sources |= {f"laws/{slug}/{name}": (path_of(slug).parent / name).read_bytes()
                for slug in RULES for name in NORM_FILES if (path_of(slug).parent / name).is_file()}
    # the page runs the wheel pip installs: the published wheel holds these very sources (the corpus's
    # norms; a norm from an extra corpus folder is packed into calculator.zip only)
    from sitebuild import wheel

    with zipfile.ZipFile(SITE / wheel.FOLDER / wheel.wheel_name()) as whl:
        in_wheel = {n for n in sources if n.startswith("calculator/") or (ROOT / n).is_file()}
        assert {name: whl.read(name) for name in in_wheel} == {n: sources[n] for n in in_wheel},\
            "wheel desatualizado: rode build.py"
    with zipfile.ZipFile(SITE / "assets" / "calculadora" / "calculator.zip") as zf:
        packed = {name[:-1] if name.endswith(".pyc") else name: zf.read(name) for name in zf.namelist()}
    assert packed.keys() == sources.keys(), "calculator.zip desatualizado: rode build.py"
    stale = []
    for name, source in sources.items():
        data = packed[name]
        if name.endswith(".py"):
            magic = int.from_bytes(data[:4], "little")  # the source hash is keyed by Pyodide's magic number
            if data[4:8] != b"\x01\0\0\0" or data[8:16] != _imp.source_hash(magic, source):
                stale.append(name)
        elif data != source:
            stale.append(name)
    assert not stale, f"calculator.zip desatualizado ({stale}): rode build.py"


def test_pyodide_answers_equal_cpython_byte_for_byte():
    require_site()
    requests = generate_requests()
    assert len(requests) >= 300
    expected = [handle(r) for r in requests]
    got, reads = run_in_pyodide(requests)
    assert len(got) == len(expected)
    diffs = [(req, e, g) for req, e, g in zip(requests, expected, got, strict=True) if e != g]
    assert not diffs, f"{len(diffs)} diferenças; primeira: pedido {diffs[0][0][:300]}\nCPython: "\
        f"{diffs[0][1][:600]}\nPyodide: {diffs[0][2][:600]}"
    # The batch really exercised the rules, not only the error path.
    commands_ok = {json.loads(r)["command"] for r, e in zip(requests, expected, strict=True)
                   if json.loads(e)["ok"]}
    assert commands_ok == {"reserva", "ordem", "simular", "edital"}
    assert sum(json.loads(e)["ok"] for e in expected) >= len(expected) // 2
    # Read once, in Pyodide too: hundreds of requests of every command and norm (the page's worker calls
    # the same api.handle) parse and validate each registry at most once.
    assert 0 < reads["parses"] == reads["checks"] <= len(NORMS), reads
