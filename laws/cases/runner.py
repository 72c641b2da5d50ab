"""casos.toml run: each case asked of the calculator through calculator.api.handle, in a process of its
own that reads the norm from the folder as it is now on disk, and compared with what the case expects."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from laws.cases.keys import TIMEOUT, UNKNOWN, Case
from laws.cases.reader import shown


def compare(case: Case, slug: str, answer: dict) -> list[str]:
    """What ``answer`` (calculator.api.handle's, as a dict) gets wrong for ``case``: pt-BR messages
    naming the expectation, what was expected and what the calculator said."""
    expected = case.expected
    if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
        return ["a calculadora não deu uma resposta legível"]
    if not answer["ok"]:
        message = str((answer.get("error") or {}).get("message", ""))
        if "recusa" not in expected:
            return [f"a calculadora recusou a entrada: {shown(message, 200)}"]
        if expected["recusa"] not in message:
            return [f"recusa: a mensagem não contém {shown(expected['recusa'])}; a calculadora disse "
                    f"{shown(message, 200)}"]
        return []
    result = answer.get("result") or {}
    if "recusa" in expected:
        return [f"recusa: esperava a recusa {shown(expected['recusa'])}, mas a calculadora respondeu "
                f"{shown(result.get('headline', ''), 200)}"]
    out = []
    if "reservadas" in expected and result.get("reserved") != expected["reservadas"]:
        out.append(f"reservadas: esperado {expected['reservadas']}, a calculadora deu "
                   f"{result.get('reserved')}")
    if "posicoes" in expected and result.get("positions") != expected["posicoes"]:
        out.append(f"posicoes: esperado {_positions(expected['posicoes'])}, a calculadora deu "
                   f"{_positions(result.get('positions'))}")
    if "aplica" in expected:
        want = None if expected["aplica"] == UNKNOWN else expected["aplica"]
        if result.get("applies") is not want:
            out.append(f"aplica: esperado {_applies(want)}, a calculadora deu "
                       f"{_applies(result.get('applies'))}")
    if "exige_reserva" in expected and result.get("reserve_required") is not expected["exige_reserva"]:
        out.append(f"exige_reserva: esperado {str(expected['exige_reserva']).lower()}, a calculadora deu "
                   f"{str(result.get('reserve_required')).lower()}")
    if "manchete" in expected and expected["manchete"] not in str(result.get("headline", "")):
        out.append(f"manchete: a resposta não contém {shown(expected['manchete'])}; ela diz "
                   f"{shown(result.get('headline', ''), 200)}")
    cited = [str(b) for b in result.get("basis", [])]
    missing = [pid for pid in expected.get("base", []) if f"{slug}:{pid}" not in cited]
    if missing:
        out.append(f"base: a resposta não cita {', '.join(missing)} (cita: "
                   f"{', '.join(b.partition(':')[2] for b in cited) or 'nada'})")
    codes = [str(w.get("code")) for w in result.get("warnings", []) if isinstance(w, dict)]
    absent = [code for code in expected.get("avisos", []) if code not in codes]
    if absent:
        out.append(f"avisos: a resposta não traz {', '.join(absent)} (traz: {', '.join(codes) or 'nenhum'})")
    return out


def _positions(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return "nenhuma lista de posições"


def _applies(value: object) -> str:
    if value is None:
        return f'"{UNKNOWN}"'
    return "true" if value is True else "false" if value is False else repr(value)


def ask_here(requests: list[dict]) -> list[dict]:
    """The calculator's answers in this process, as it found the norms when first imported (the tests)."""
    from calculator.api import handle

    return [json.loads(handle(json.dumps(r))) for r in requests]


#: The child process: the requests as JSON on stdin, the answers (calculator.api.handle's) on stdout.
_CHILD = ("import json, sys\n"
          "from calculator.api import handle\n"
          "requests = json.load(sys.stdin)\n"
          "print(json.dumps([json.loads(handle(json.dumps(r))) for r in requests]))\n")


def ask_folder(folder: Path, requests: list[dict]) -> list[dict] | str:
    """The answers of the calculator reading the norm from ``folder`` (a process of its own, with the
    folder's parent first among the extra corpus folders), or why there are none (pt-BR)."""
    import calculator

    extra = [str(folder.resolve().parent), *filter(None, os.environ.get("COTAS_NORMAS_EXTRA", "")
                                                   .split(os.pathsep))]
    env = {**os.environ, "COTAS_NORMAS_EXTRA": os.pathsep.join(extra), "PYTHONIOENCODING": "utf-8"}
    try:
        proc = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps(requests), env=env,
                              cwd=Path(calculator.__file__).resolve().parent.parent, capture_output=True,
                              text=True, encoding="utf-8", timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"a calculadora não respondeu aos casos em {TIMEOUT} s"
    except OSError as exc:
        return f"a calculadora não pôde ser iniciada ({exc.strerror or exc})"
    try:
        answers = json.loads(proc.stdout) if proc.returncode == 0 else None
    except ValueError:
        answers = None
    if not isinstance(answers, list) or len(answers) != len(requests):
        last = (proc.stderr.strip().splitlines() or ["sem mensagem"])[-1]
        return f"a calculadora falhou ao responder aos casos ({shown(last, 200)})"
    return answers


def verify(folder: Path, cases: list[Case], ask=None) -> list[tuple[int | None, str]]:
    """Each case of ``folder`` through the calculator: (line, pt-BR message) for each expectation it
    gets wrong. ``ask`` (requests → answers) defaults to a calculator reading the norm from ``folder``."""
    if not cases:
        return []
    slug = folder.resolve().name
    if ask is None:
        shadow = _shadowing(folder)
        if shadow:
            return [(None, shadow)]
        answers = ask_folder(folder, [c.request(slug) for c in cases])
    else:
        answers = ask([c.request(slug) for c in cases])
    if isinstance(answers, str):
        return [(None, answers)]
    return [(case.line, f"caso {shown(case.name)}: {message}")
            for case, answer in zip(cases, answers, strict=True) for message in compare(case, slug, answer)]


def _shadowing(folder: Path) -> str | None:
    """Why the calculator cannot answer for ``folder``: the corpus's own folder of the same name comes first
    (laws/<slug>), with another norma.toml. The same norma.toml gives the same answers."""
    from laws.corpus import LAWS_DIR

    home = LAWS_DIR / folder.resolve().name
    if home.resolve() == folder.resolve() or not (home / "norma.toml").is_file():
        return None
    try:
        same = (home / "norma.toml").read_bytes() == (folder / "norma.toml").read_bytes()
    except OSError:
        same = False
    if same:
        return None
    return (f"os casos não foram conferidos: a calculadora lê a norma {shown(folder.resolve().name)} de "
            f"laws/{folder.resolve().name}, cujo norma.toml é outro; confira esta pasta com outro nome (o "
            "slug) ou no lugar da de laws/")
