"""The calculator page's scripts as small modules (docs/assets/calculadora/src/), joined by the build into the
files the page loads (sitebuild/scripts.py); ESLint over every script of the project; the messages between
the page and its worker described in one place (src/messages.js)."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from sitebuild import scripts
from tests.support import ROOT, SITE, require_site_files

ASSETS = ROOT / "docs" / "assets"
MAX_LINES = 400


def _ignored(paths: list) -> set[str]:
    """The paths git ignores (generated or installed files)."""
    proc = subprocess.run(["git", "check-ignore", "--stdin"], input="\n".join(str(p) for p in paths),
                          cwd=ROOT, capture_output=True, text=True, check=False)
    return set(proc.stdout.split())


def _script_sources() -> list:
    """Every JavaScript file under docs/assets that is written by hand: the page's scripts and the module
    sources; what git ignores (Pyodide's copy, anything generated) left out."""
    found = sorted(p for p in ASSETS.rglob("*") if p.suffix in (".js", ".mjs") and p.is_file())
    ignored = _ignored(found)
    return [p for p in found if str(p) not in ignored]


def test_no_script_source_is_over_400_lines():
    sources = _script_sources()
    modules = [p for p in sources if scripts.SRC in p.parents]
    assert len(modules) >= 25, modules  # the module sources are among them
    long = {p.relative_to(ROOT).as_posix(): n for p in sources
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"mais de {MAX_LINES} linhas: {long}"


def test_every_module_starts_by_saying_what_it_holds():
    for path in sorted(scripts.SRC.rglob("*.js")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("// ") and len(first) > 40, path


def _order_ok(order: list[scripts.Module]) -> None:
    """Each module after the modules it imports (a cycle aside: a module being placed is skipped)."""
    placed: list[str] = []
    for module in order:
        for dep, _ in module.internal:
            if dep not in placed:
                # only a cycle back to a module still being placed: dep imports this one, directly or not
                assert _reaches(order, dep, module.path.name), (module.path.name, dep)
        placed.append(module.path.name)


def _reaches(order: list[scripts.Module], start: str, goal: str) -> bool:
    by_name = {m.path.name: m for m in order}
    todo, seen = [start], set()
    while todo:
        name = todo.pop()
        if name == goal:
            return True
        if name not in seen:
            seen.add(name)
            todo += [dep for dep, _ in by_name[name].internal]
    return False


@pytest.mark.parametrize("name", list(scripts.SCRIPTS))
def test_each_page_script_is_its_modules_joined(name):
    folder, is_module = scripts.SCRIPTS[name]
    text = scripts.join(name)
    order = scripts.modules_in_order(scripts.SRC / folder)
    assert sorted(m.path.name for m in order) == sorted(p.name for p in (scripts.SRC / folder).glob("*.js"))
    assert order[-1].path.name == scripts.ENTRY
    _order_ok(order)
    markers = re.findall(rf"^// ---- src/{folder}/(\w+\.js)$", text, re.M)
    assert markers == [m.path.name for m in order]
    for module in order:  # each module's code, as written, once
        assert text.count(module.body) == 1, module.path
    assert not re.search(r"^export\b", text, re.M)
    imports = re.findall(r'^import .* from "([^"]+)";$', text, re.M)
    if is_module:
        assert imports and all(spec.startswith("./") and "/" not in spec[2:] for spec in imports), imports
    else:  # a classic script: it runs from disk too (file://), where modules do not load
        assert imports == []
        assert text.split("\n", 2)[2].startswith('(function () {\n"use strict";\n')
        assert text.rstrip().endswith("})();")


def test_the_page_scripts_are_those_the_page_and_the_worker_name():
    page = (ROOT / "docs" / "calculadora.md").read_text(encoding="utf-8")
    assert '<script src="assets/calculadora/calculadora.js" defer></script>' in page
    assert '<script type="module" src="assets/calculadora/edital.js"></script>' in page
    assert 'new URL("worker.js", HERE)' in (scripts.SRC / "calculadora" / "worker_client.js").read_text()
    assert set(scripts.SCRIPTS) == {"calculadora.js", "edital.js", "worker.js"}


def _folder(tmp_path, monkeypatch, files: dict[str, str], is_module: bool = True):
    """A script "x.js" of the modules ``files`` (name → code), beside a file csvcell.js."""
    page = tmp_path / "calculadora"
    (page / "src" / "x").mkdir(parents=True)
    (page / "csvcell.js").write_text("export const cell = 1;\n")
    for name, code in files.items():
        (page / "src" / "x" / name).write_text(code, encoding="utf-8")
    monkeypatch.setattr(scripts, "PAGE_DIR", page)
    monkeypatch.setattr(scripts, "SRC", page / "src")
    monkeypatch.setattr(scripts, "SCRIPTS", {"x.js": ("x", is_module)})


def test_the_join_puts_each_module_after_those_it_imports(tmp_path, monkeypatch):
    _folder(tmp_path, monkeypatch, {
        "main.js": '// the entry\nimport { b } from "./b.js";\nimport { a } from "./a.js";\n\nb(a);\n',
        "a.js": "// a\nexport const a = 1;\n",
        "b.js": '// b\nimport { a } from "./a.js";\nimport { cell } from "../../csvcell.js";\n\n'
                "export function b(x) {\n  return x + a + cell;\n}\n",
    })
    text = scripts.join("x.js")
    assert re.findall(r"^// ---- src/x/(\w+)\.js$", text, re.M) == ["a", "b", "main"]
    assert 'import { cell } from "./csvcell.js";' in text
    assert "const a = 1;" in text and "function b(x)" in text and "export" not in text
    assert "// the entry" not in text  # the module's own comment stays in its source


@pytest.mark.parametrize("files, is_module, says", [
    ({"main.js": 'import { a } from "./a.js";\na;\n', "a.js": "const a = 1;\n"}, True, "a.js não exporta a"),
    ({"main.js": 'import { a } from "./a.js";\nconst b = a;\n',
      "a.js": "export const a = 1;\nconst b = 2;\n"}, True, "b já é declarado"),
    ({"main.js": "const a = 1;\n", "a.js": "export const b = 2;\n"}, True, "nenhum outro importa: a.js"),
    ({"main.js": "export default 1;\n"}, True, "export não suportado"),
    ({"main.js": 'import { a as b } from "./a.js";\nb;\n', "a.js": "export const a = 1;\n"}, True,
     "sem 'as'"),
    ({"main.js": 'import * as a from "./a.js";\na;\n', "a.js": "export const a = 1;\n"}, True,
     "import não suportado"),
    ({"main.js": 'import { a } from "./nada.js";\na;\n'}, True, "nada.js, que não existe"),
    ({"main.js": 'import { cell } from "../../csvcell.js";\ncell;\n'}, False, "script clássico"),
    ({"main.js": 'import { cell } from "../../csvcell.js";\nconst cell = 2;\n'}, True, "já é outro nome"),
])
def test_the_join_refuses_what_it_cannot_reproduce(tmp_path, monkeypatch, files, is_module, says):
    _folder(tmp_path, monkeypatch, files, is_module)
    with pytest.raises(scripts.JoinError, match=re.escape(says)):
        scripts.join("x.js")


def test_the_joined_scripts_parse(tmp_path):
    """Each joined script parses as what the page loads it as: a classic script, or a module."""
    for name, (_, is_module) in scripts.SCRIPTS.items():
        path = tmp_path / (name.replace(".js", ".mjs" if is_module else ".cjs"))
        path.write_text(scripts.join(name), encoding="utf-8")
        proc = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
        assert proc.returncode == 0, proc.stderr


def test_the_built_site_has_the_joined_scripts_and_not_their_sources():
    require_site_files([f"assets/calculadora/{name}" for name in scripts.SCRIPTS])
    texts, _ = scripts.joined(SITE)
    for name in scripts.SCRIPTS:
        built = (SITE / "assets" / "calculadora" / name).read_text(encoding="utf-8")
        assert built == texts[name], name
    assert not (SITE / "assets" / "calculadora" / "src").exists()
    assert not list(SITE.rglob("messages.js"))


# ---------------------------------------------------------------- ESLint

def test_eslint_lints_every_script_of_the_project_and_finds_nothing():
    eslint = ROOT / "node_modules" / "eslint" / "bin" / "eslint.js"
    proc = subprocess.run(["node", str(eslint), "-f", "json", "."], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)
    results = json.loads(proc.stdout)
    problems = [f"{r['filePath']}:{m['line']}: {m['ruleId']}: {m['message']}" for r in results
                for m in r["messages"]]
    assert not problems and proc.returncode == 0, "\n".join(problems[:20]) or proc.stderr
    linted = {str(ROOT.joinpath(r["filePath"]).relative_to(ROOT)) for r in results}
    want = {p.relative_to(ROOT).as_posix() for p in _script_sources()}
    for pattern in ("tools/*.mjs", "bench/*.mjs", "tests/node/*.mjs", "sitebuild/*.js", "*.mjs"):
        want |= {p.relative_to(ROOT).as_posix() for p in ROOT.glob(pattern)}
    assert want <= linted, sorted(want - linted)
    assert not any(p.startswith(("site/", "node_modules/", ".venv/", "dist/")) for p in linted)


# ---------------------------------------------------------------- the worker's messages

def _documented(section: str) -> tuple[set[str], set[str]]:
    """The message types and the properties messages.js describes in the section after ``section``."""
    text = (scripts.SRC / "messages.js").read_text(encoding="utf-8")
    parts = re.split(r"^// -{10,} ", text, flags=re.M)
    body = "".join(p for p in parts if p.startswith(section))
    types = set(re.findall(r'@property \{"(\w+)"\} type', body))
    props = set(re.findall(r"@property \{[^}]*\} \[?(\w+)", body))
    return types, props


def _sources(folder: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((scripts.SRC / folder).glob("*.js")))


def test_every_message_between_the_page_and_its_worker_is_described_in_one_place():
    page, worker, edital = _sources("calculadora"), _sources("worker"), _sources("edital")
    to_worker, _ = _documented("page → worker")
    to_page, _ = _documented("worker → page: the load")
    _, reply_fields = _documented("worker → page: answers")
    # what the page sends (edital.js sends through calculadora.js's callPython, an "api" request)
    sent = set(re.findall(r'callWorker\(\{ type: "(\w+)"', page + edital))
    assert sent and sent == to_worker, (sent, to_worker)
    # what the worker tells of its load, and what the page reads of it
    told = set(re.findall(r'\{ type: "(\w+)"', worker))
    assert told == to_page, (told, to_page)
    assert set(re.findall(r'msg\.type === "(\w+)"', page)) == to_page
    # each answer carries its id and one of the documented fields
    replies = set(re.findall(r"postMessage\(\{ id, (\w+)", worker))
    assert replies and replies <= reply_fields, replies - reply_fields
    # the senders and the receivers name the types
    for module in ("calculadora/worker_client.js", "worker/main.js", "worker/files.js", "worker/boot.js"):
        assert 'import("../messages.js")' in (scripts.SRC / module).read_text(encoding="utf-8"), module


def test_the_worker_and_the_pages_know_the_calculators_limits():
    """The worker refuses before it allocates, and the Edital tool reads a link's table only up to what a
    link carries: their constants are those of calculator/csv/text.py and what the share link writes."""
    from calculator.csv.text import MAX_CSV_BYTES

    worker = (scripts.SRC / "worker" / "main.js").read_text(encoding="utf-8")
    assert f"const MAX_CSV_BYTES = {MAX_CSV_BYTES:_};" in worker
    page = (scripts.SRC / "edital" / "page.js").read_text(encoding="utf-8")
    written = int(re.search(r"URL_MAX_CHARS = (\d+);", page).group(1))
    read = int(re.search(r"URL_READ_MAX_CHARS = (\d+);", page).group(1))
    assert written < read <= 8192  # every link the page writes, it reads back; nginx's default line is 8 KB
