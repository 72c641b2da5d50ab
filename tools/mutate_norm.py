"""Mutants of a norm folder, and the pipeline a mutant the check accepts must pass.

`laws check` is the contract: whatever it accepts builds (the norm's page, its LexML) and answers (a sweep of
the calculator's commands); whatever would fail later, it refuses. A mutant drops, renames or corrupts one key
of meta.toml, norma.toml or anotacoes.toml, or drops, breaks or repeats one line of texto.txt (its SHA-256
pinned again, as a city editing its text would). tests/laws/test_check_contract.py runs every mutant of the
fixture norms; `python tools/mutate_norm.py FOLDER` prints the ones that break the contract.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))
KEY = re.compile(r"^(?P<indent>\s*)(?P<key>[A-Za-z_][A-Za-z0-9_]*)(?P<eq>\s*=\s*)(?P<value>.*)$")
HEADER = re.compile(r"^\[\[?(?P<name>[^\]]+)\]\]?\s*(#.*)?$")


def _corruptions(value: str) -> list[str]:
    """Values of another type (and a wrong one of the same type) for a TOML value."""
    v = value.split(" #")[0].strip()
    if v.startswith('"'):
        return ["0", '"?"']
    if v.startswith("["):
        return ['"?"', "[]", "[0]"]
    if v in ("true", "false"):
        return ['"?"']
    return ['"?"', "-1"]


def toml_mutants(name: str, text: str) -> Iterator[tuple[str, str]]:
    lines = text.split("\n")
    in_string = False
    for i, line in enumerate(lines):
        if in_string:
            if '"""' in line:
                in_string = False
            continue
        where = f"{name}:{i + 1}"
        m = KEY.match(line)
        if m:
            value = m.group("value")
            multiline = value.startswith('"""') and value.count('"""') == 1
            end = i
            if multiline:
                in_string = True
                end = next(j for j in range(i + 1, len(lines)) if '"""' in lines[j])
            yield f"{where} sem {m.group('key')}", "\n".join(lines[:i] + lines[end + 1:])
            renamed = f"{m.group('indent')}{m.group('key')}_x{m.group('eq')}{value}"
            yield f"{where} {m.group('key')} renomeada", "\n".join(lines[:i] + [renamed] + lines[i + 1:])
            if not multiline:
                for bad in _corruptions(value):
                    changed = f"{m.group('indent')}{m.group('key')}{m.group('eq')}{bad}"
                    yield (f"{where} {m.group('key')} = {bad}",
                           "\n".join(lines[:i] + [changed] + lines[i + 1:]))
        elif (h := HEADER.match(line)) and not line.startswith("#"):
            renamed = line.replace(h.group("name"), h.group("name") + "_x", 1)
            yield f"{where} [{h.group('name')}] renomeada", "\n".join(lines[:i] + [renamed] + lines[i + 1:])


def text_mutants(text: str) -> Iterator[tuple[str, str]]:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        where = f"texto.txt:{i + 1}"
        yield f"{where} sem a linha", "\n".join(lines[:i] + lines[i + 1:])
        yield f"{where} linha alterada", "\n".join(lines[:i] + ["Nota " + line] + lines[i + 1:])
        yield f"{where} linha repetida", "\n".join(lines[:i + 1] + ["", line] + lines[i + 1:])


def mutants(folder: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """(what changed, {file name: new text}) for every mutant of ``folder``."""
    for name in ("meta.toml", "norma.toml", "anotacoes.toml"):
        path = folder / name
        if path.is_file():
            for label, text in toml_mutants(name, path.read_text(encoding="utf-8")):
                yield label, {name: text}
    meta = (folder / "meta.toml").read_text(encoding="utf-8")
    old = hashlib.sha256((folder / "texto.txt").read_bytes()).hexdigest()
    for label, text in text_mutants((folder / "texto.txt").read_text(encoding="utf-8")):
        new = hashlib.sha256(text.encode("utf-8")).hexdigest()
        yield label, {"texto.txt": text, "meta.toml": meta.replace(old, new)}


# --- the pipeline ------------------------------------------------------------------------------------
def _reset(slug: str):
    """Forget every cached reading of the norms, and give the calculator ``slug``'s rules as on disk."""
    from calculator import NORMS, forget_norms

    forget_norms()  # the lazy mapping reads the norm again on first use
    return NORMS[slug]


def _sweep(slug: str, rules, ids: set[str]) -> None:
    """Every command of the calculator, over a range of inputs: an answer or a pt-BR refusal, never a crash,
    and every cited id in the text."""
    from calculator.api import handle

    norm = rules.registry
    percent = norm.percent_example if norm.percent_rule == "given" else None
    extra = {"percentual": percent} if percent else {}
    requests = [{"command": c, "norma": slug, "vagas": str(n), **extra}
                for n in (1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 20, 33, 100) for c in ("reserva", "ordem")]
    requests += [{"command": "reserva", "norma": slug, "vagas": "10", "data_edital": f"{y}-06-30", **extra}
                 for y in range(2000, 2101, 7)]
    requests += [{"command": "parametros", "norma": slug},
                 {"command": "edital", "norma": slug, "csv": "cargo;vagas;reservadas\nA;5;1\nB;9;2\nC;1;0\n",
                  **extra}]
    csv = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")
    requests.append({"command": "simular", "norma": slug, "vagas": "6", "csv": csv, **extra})
    must_answer = ({"command": "reserva", "norma": slug, "vagas": "100", **extra},
                   {"command": "ordem", "norma": slug, "vagas": "100", **extra},
                   {"command": "parametros", "norma": slug})
    for request in requests:
        answer = json.loads(handle(json.dumps(request)))
        if not answer["ok"]:
            if request in must_answer:  # a norm that refuses its own default question is broken
                raise AssertionError(f"{request['command']} recusado: {answer['error']}")
            continue  # refused with a message: what the page and the CLI show
        for ref in re.findall(rf'"{slug}:([a-z0-9_]+)"', json.dumps(answer["result"])):
            if ref not in ids:
                raise AssertionError(f"{request['command']}: cita {slug}:{ref}, que não existe no texto")


class Pipeline:
    """The norm's page, its LexML, the page's fields and a sweep of the calculator, in one process (the
    mutant lives at ``extra``/<slug>, named by calculator.norms.EXTRA_ENV before anything is imported)."""

    def __init__(self, extra: Path, slug: str, gen: Path):
        os.environ["COTAS_NORMAS_EXTRA"] = str(extra)
        from sitebuild.context import Context

        self.extra, self.slug = extra, slug
        self.ctx = Context(today="2026-12-01")
        self.ctx.gen = gen

    def run(self) -> None:
        from laws import lexml
        from laws.corpus import Corpus, Norm
        from sitebuild import frontend, lawpage

        rules = _reset(self.slug)
        norm = Norm.load(self.slug, self.extra)
        xml = lexml.to_xml(norm)
        errors = lexml.validate(xml)
        if errors:
            raise AssertionError(f"LexML inválido: {errors[0]}")
        found = lexml.lines(lexml.ET.fromstring(xml.encode("utf-8")))
        for p in norm.walk():
            if p.kind not in ("artigo", "nota", "cabecalho", "registro", "aviso") and p.text:
                printed = [ln for ln in p.text.split("\n") if ln.strip()]
                if p.id in found and found[p.id].split("\n") != printed:
                    raise AssertionError(f"LexML muda a linha {p.id}")
        ids = {p.id for p in norm.walk()}
        _sweep(self.slug, rules, ids)
        frontend.norm_fields(rules.registry)
        self.ctx.corpus = Corpus([norm])
        self.ctx._emitted_basis = None
        self.ctx._timeline = None
        lawpage.page_norm(self.ctx, norm)


def run_all(folder: Path, limit: int | None = None) -> tuple[int, int, list[str]]:
    """(mutants, refused by the check, failures): every mutant of ``folder`` through the check and, when
    accepted, the pipeline."""
    slug = folder.name
    failures: list[str] = []
    total = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        extra = Path(tmp) / "normas"
        target = extra / slug
        shutil.copytree(folder, target)
        # the mutant's folder is the only extra one, named before the calculator and the corpus are imported
        # (they discover the norms once): run this in a process of its own
        os.environ["COTAS_NORMAS_EXTRA"] = str(extra)
        from laws.check import check_folder

        pipeline = Pipeline(extra, slug, Path(tmp) / "gerado")
        originals = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
        for label, files in mutants(folder):
            if limit is not None and total >= limit:
                break
            total += 1
            for name, data in originals.items():
                (target / name).write_bytes(data)
            for name, text in files.items():
                (target / name).write_bytes(text.encode("utf-8"))
            try:
                problems, _ = check_folder(target)
            except (Exception, SystemExit) as exc:  # the check must answer with messages, never a traceback
                failures.append(f"{label}: o check falha: {type(exc).__name__}: {exc}")
                continue
            if problems:
                refused += 1
                continue
            try:
                pipeline.run()
            except (Exception, SystemExit) as exc:  # the contract is broken: report it, go on
                failures.append(f"{label}: aceita pelo check, mas falha: {type(exc).__name__}: {exc}")
        for name, data in originals.items():
            (target / name).write_bytes(data)
    return total, refused, failures


if __name__ == "__main__":
    for arg in sys.argv[1:] or [str(ROOT / "tests" / "fixtures" / "normas" / "exemplo")]:
        total, refused, failures = run_all(Path(arg).resolve())
        print(f"{arg}: {total} mutantes, {refused} recusados pelo check, {total - refused - len(failures)} "
              f"aceitos e sem falha, {len(failures)} aceitos com falha")
        for line in failures:
            print("  " + line)
