"""Golden outputs: api.handle and the precomputed tables reproduce, byte for byte, what was recorded
(tools/golden.py records them, one sweep per norm of the registry; re-record only when an answer changes on
purpose, and name it in the commit)."""

from __future__ import annotations

import difflib
import gzip
import json

import pytest

from calculator import NORMS
from calculator.api import handle
from tools import golden


def _recorded() -> list[dict]:
    data = gzip.decompress((golden.GOLDEN / "api.jsonl.gz").read_bytes()).decode("utf-8")
    return [json.loads(line) for line in data.splitlines()]


def _first_difference(expected: str, actual: str) -> str:
    a = json.dumps(json.loads(expected), ensure_ascii=False, sort_keys=True, indent=1).splitlines()
    b = json.dumps(json.loads(actual), ensure_ascii=False, sort_keys=True, indent=1).splitlines()
    return "\n".join(list(difflib.unified_diff(a, b, "gravado", "agora", lineterm="", n=2))[:40])


def test_the_sweep_covers_every_command_and_both_outcomes():
    recorded = _recorded()
    commands = {json.loads(r["request"]).get("command") for r in recorded}
    assert {"reserva", "ordem", "parametros", "simular"} <= commands
    outcomes = [json.loads(r["response"])["ok"] for r in recorded]
    assert outcomes.count(True) > 1000 and outcomes.count(False) > 20
    # the sweep the recorder would make now is the one recorded (a changed sweep is re-recorded on purpose)
    sent = [json.dumps(golden._clean(q), ensure_ascii=False, sort_keys=True) for q in golden.requests()]
    assert sent == [r["request"] for r in recorded]


_HANDLE = """
import json, sys
from calculator.api import handle
print(json.dumps([handle(r) for r in json.loads(sys.stdin.read())]))
"""


def test_api_handle_reproduces_the_recorded_answers_byte_for_byte():
    """Recorded with the fixture norms present (tools/golden.py), as a few messages list the norms:
    replayed in a process that has them, whatever this one has."""
    import os
    import subprocess
    import sys

    recorded = _recorded()
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(golden.FIXTURES)}
    proc = subprocess.run([sys.executable, "-c", _HANDLE], cwd=golden.ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=600,
                          input=json.dumps([r["request"] for r in recorded]))
    assert proc.returncode == 0, proc.stderr[-2000:]
    changed = []
    for r, now in zip(recorded, json.loads(proc.stdout), strict=True):
        if now != r["response"]:
            changed.append((r["request"], _first_difference(r["response"], now)))
    assert not changed, (f"{len(changed)} respostas mudaram; a primeira: {changed[0][0]}\n{changed[0][1]}")


def _golden_of(slug: str, suffix: str):
    path = golden.NORM_GOLDEN / f"{slug}{suffix}"
    if not path.is_file():
        pytest.fail(f"{path.relative_to(golden.ROOT)} não existe: grave-o com "
                    ".venv/bin/python tools/golden.py", pytrace=False)
    return path


@pytest.mark.parametrize("slug", list(NORMS))
def test_each_norms_sweep_reproduces_its_recorded_answers_byte_for_byte(slug):
    data = gzip.decompress(_golden_of(slug, ".jsonl.gz").read_bytes()).decode("utf-8")
    recorded = [json.loads(line) for line in data.splitlines()]
    sent = [json.dumps(golden._clean(q), ensure_ascii=False, sort_keys=True)
            for q in golden.norm_requests(slug)]
    assert sent == [r["request"] for r in recorded], "a varredura mudou: grave de novo com tools/golden.py"
    changed = [(r["request"], _first_difference(r["response"], now)) for r in recorded
               if (now := handle(r["request"])) != r["response"]]
    assert not changed, (f"{len(changed)} respostas mudaram; a primeira: {changed[0][0]}\n{changed[0][1]}")
    assert sum(json.loads(r["response"])["ok"] for r in recorded) > 100


@pytest.mark.parametrize("slug", list(NORMS))
def test_each_norms_precomputed_table_reproduces_the_recorded_one_byte_for_byte(slug):
    expected = _golden_of(slug, ".tabelas.json").read_text(encoding="utf-8")
    now = golden.norm_tables_json(slug)
    if now != expected:
        def lines(text: str) -> list[str]:
            return json.dumps(json.loads(text), indent=1, ensure_ascii=False).splitlines()

        diff = difflib.unified_diff(lines(expected), lines(now), "gravado", "agora", lineterm="", n=2)
        raise AssertionError("tabelas.json mudou:\n" + "\n".join(list(diff)[:40]))


def test_pyodide_reproduces_the_recorded_answers_from_the_built_site():
    """The packed calculator (registries included) answers the whole sweep in Pyodide, byte for byte."""
    import subprocess

    from tests.support import SITE, require_site_files

    require_site_files(["assets/pyodide/pyodide.mjs", "assets/calculadora/calculator.zip"])
    recorded = _recorded()
    proc = subprocess.run(["node", str(golden.ROOT / "tests" / "node" / "run_api.mjs"), str(SITE)],
                          input=json.dumps([r["request"] for r in recorded]), capture_output=True,
                          text=True, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    answers = json.loads(proc.stdout)
    changed = [r["request"] for r, now in zip(recorded, answers, strict=True) if now != r["response"]]
    assert not changed, f"{len(changed)} respostas diferem no Pyodide; a primeira: {changed[0]}"


def test_every_recorded_answer_has_the_norms_urn_and_meets_its_commands_schema():
    """Every JSON answer names its norm by the LexML URN, the version of its shape and the package's version
    that computed it, each cargo of an edital too, and validates against the JSON Schema the site publishes
    for its command."""
    from jsonschema import Draft202012Validator

    from calculator import VERSION, answer_schema, norms

    validators = {c: Draft202012Validator(answer_schema.schema(c)) for c in answer_schema.SCHEMAS}
    Draft202012Validator.check_schema(answer_schema.schema("edital"))
    lines = _recorded()
    for slug in NORMS:
        data = gzip.decompress(_golden_of(slug, ".jsonl.gz").read_bytes()).decode("utf-8")
        lines += [json.loads(line) for line in data.splitlines()]
    seen = set()
    for line in lines:
        request, response = json.loads(line["request"]), json.loads(line["response"])
        if not response["ok"]:
            continue
        result, command = response["result"], request["command"]
        seen.add(command)
        errors = sorted(validators[command].iter_errors(result), key=str)
        assert not errors, (line["request"][:200], errors[0].message, list(errors[0].path))
        assert result["norm_urn"] == norms.registry_of(result["norm"]).urn
        assert result["schema_version"] == answer_schema.SCHEMA_VERSION
        assert result["calculator_version"] == VERSION
        for cargo in result.get("cargos", []):
            assert (cargo["norm_urn"], cargo["schema_version"], cargo["calculator_version"]) == (
                result["norm_urn"], result["schema_version"], VERSION)
    # the report (relatorio) is a document about an edital answer, not an answer with a norm of its own:
    # its schema is checked in tests/calculator/report/test_report.py
    assert seen == set(answer_schema.SCHEMAS) - {"relatorio"}


def test_a_schema_refuses_an_answer_with_a_field_it_does_not_describe():
    from jsonschema import Draft202012Validator

    from calculator import answer_schema, reserve

    answer = reserve("ubatuba", 10)
    assert not list(Draft202012Validator(answer_schema.schema("reserva")).iter_errors(answer))
    assert list(Draft202012Validator(answer_schema.schema("reserva")).iter_errors({**answer, "novo": 1}))
    del answer["norm_urn"]
    assert list(Draft202012Validator(answer_schema.schema("reserva")).iter_errors(answer))
