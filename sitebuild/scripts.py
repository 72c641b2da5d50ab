"""The calculator page's scripts, joined from their module sources: docs/assets/calculadora/src/<name>/*.js
becomes assets/calculadora/<name>.js in the built site — calculadora.js, edital.js and worker.js, the files
the page loads, at the addresses it always had.

The sources are ES modules, small and named after what they hold, each importing from the others what it
uses: ESLint sees every name, and Node can run a module alone (tools/decode_answers.mjs runs the decoder of
the precomputed answers). The join is a concatenation, not a bundler: the modules in the order a browser
evaluates them (depth first from main.js, each after the modules it imports, in the order of its imports),
their imports of one another dropped and ``export`` taken off their declarations, in one scope. What a
module imports from outside its folder (csvcell.js, fzstd.mjs: files beside the joined script) stays an
import, written relative to the joined file. calculadora.js is a classic script, which also runs from the
folder opened from disk (file://): its modules are wrapped in one function, and it imports nothing.
edital.js and worker.js are ES modules, as before.

What the join could not reproduce faithfully stops the build with the file's name: a name imported from a
module that does not export it, a top-level name declared by two modules (one scope), a module that no
module imports, and the import forms it does not rewrite (default, namespace, renamed, bare).

The sources are not copied into site/ (mkdocs.yml, exclude_docs) and the joined files are written only
there, never into docs/: nothing generated to keep out of git, nothing edited by hand in the site.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from sitebuild.context import ROOT, Context
from sitebuild.pyodide import PYODIDE_FILES

PAGE_DIR = ROOT / "docs" / "assets" / "calculadora"
SRC = PAGE_DIR / "src"
ENTRY = "main.js"
#: joined file (in assets/calculadora/) → its sources' folder under SRC, and whether it is an ES module
SCRIPTS = {
    "calculadora.js": ("calculadora", False),
    "edital.js": ("edital", True),
    "worker.js": ("worker", True),
}

_IMPORT = re.compile(r'^import[ \t]*\{([^}]*)\}[ \t]*from[ \t]*"([^"]+)";[ \t]*\n?', re.M)
_ANY_IMPORT = re.compile(r"^import\b(?!\.meta|\()", re.M)
_EXPORT = re.compile(r"^export[ \t]+(?=(?:async[ \t]+)?function\b|class\b|const\b|let\b)", re.M)
_ANY_EXPORT = re.compile(r"^export\b", re.M)
_DECLARED = re.compile(r"^(?:export[ \t]+)?(?:async[ \t]+)?"
                       r"(?:function\*?[ \t]*|class[ \t]+|const[ \t]+|let[ \t]+|var[ \t]+)"
                       r"([A-Za-z_$][\w$]*)", re.M)
_DESTRUCTURED = re.compile(r"^(?:export[ \t]+)?(?:const|let|var)[ \t]*\{([^}]*)\}[ \t]*=", re.M)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_RENAMED = re.compile(r"[A-Za-z_$][\w$]* as [A-Za-z_$][\w$]*")


class JoinError(SystemExit):
    """A module the join cannot reproduce faithfully (the build stops with this message)."""


@dataclass
class Module:
    path: Path
    body: str  # the code without its leading comment and without its imports
    internal: list[tuple[str, list[str]]] = field(default_factory=list)  # (file name, names), in order
    external: list[tuple[Path, list[str]]] = field(default_factory=list)  # (target file, names)
    declared: list[str] = field(default_factory=list)
    exported: set[str] = field(default_factory=set)


def _shown(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _names(text: str, where: Path, renamed: bool = False) -> list[str]:
    """The names of an import's braces; ``renamed``: "a as b" allowed (an import the join keeps)."""
    names = [" ".join(n.split()) for n in text.split(",") if n.strip()]
    for name in names:
        if not (_NAME.fullmatch(name) or renamed and _RENAMED.fullmatch(name)):
            raise JoinError(f"erro: {_shown(where)}: import não suportado pela junção dos scripts: {name!r} "
                            "(entre os módulos de um script, só nomes, sem 'as')")
    return names


def _destructured(text: str) -> list[str]:
    """The names a ``const { a, b: c, d = 1 } =`` declares (a, c, d)."""
    out = []
    for part in text.split(","):
        part = part.split("=", 1)[0].strip()
        if part:
            out.append(part.split(":", 1)[-1].strip().lstrip("."))
    return out


def read_module(path: Path) -> Module:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    start = 0
    while start < len(lines) and (lines[start].startswith("//") or not lines[start].strip()):
        start += 1
    code = "\n".join(lines[start:])
    module = Module(path, "")
    for m in _IMPORT.finditer(code):
        spec = m.group(2)
        target = (path.parent / spec).resolve()
        if not spec.startswith("."):
            raise JoinError(f"erro: {_shown(path)}: import de {spec!r}: só caminhos relativos")
        if target.parent == path.parent:
            module.internal.append((target.name, _names(m.group(1), path)))
        else:
            module.external.append((target, _names(m.group(1), path, renamed=True)))
    code = _IMPORT.sub("", code)
    if (bad := _ANY_IMPORT.search(code)) is not None:
        line = code[bad.start():].split("\n", 1)[0]
        raise JoinError(f"erro: {_shown(path)}: import não suportado pela junção dos scripts: {line!r}")
    for m in _EXPORT.finditer(code):
        if (declared := _DECLARED.match(code, m.start())) is not None:  # else destructured, below
            module.exported.add(declared.group(1))
    for m in _DESTRUCTURED.finditer(code):
        names = _destructured(m.group(1))
        module.declared += names
        if m.group(0).startswith("export"):
            module.exported.update(names)
    code = _EXPORT.sub("", code)
    if (bad := _ANY_EXPORT.search(code)) is not None:
        line = code[bad.start():].split("\n", 1)[0]
        raise JoinError(f"erro: {_shown(path)}: export não suportado pela junção dos scripts: {line!r}")
    module.declared += _DECLARED.findall(code)
    module.body = code.strip("\n") + "\n"
    return module


def modules_in_order(folder: Path) -> list[Module]:
    """The folder's modules in the order a browser evaluates them, from ENTRY; every module reached."""
    found = {p.name: read_module(p) for p in sorted(folder.glob("*.js"))}
    if ENTRY not in found:
        raise JoinError(f"erro: {_shown(folder)}: falta o módulo de entrada {ENTRY}")
    order: list[Module] = []
    visiting: set[str] = set()

    def visit(name: str, by: Module | None) -> None:
        if name not in found:
            raise JoinError(f"erro: {_shown(by.path)}: importa {name}, que não existe em {_shown(folder)}")
        if name in visiting or found[name] in order:
            return  # a cycle (only its functions are used before it runs) or a module already placed
        visiting.add(name)
        for dep, _ in found[name].internal:
            visit(dep, found[name])
        visiting.discard(name)
        order.append(found[name])

    visit(ENTRY, None)
    if unreached := sorted(set(found) - {m.path.name for m in order}):
        raise JoinError(f"erro: {_shown(folder)}: módulo que nenhum outro importa: {', '.join(unreached)}")
    owner: dict[str, Path] = {}
    for module in order:
        for name in module.declared:
            if name in owner:
                raise JoinError(f"erro: {_shown(module.path)}: {name} já é declarado em "
                                f"{_shown(owner[name])} (os módulos de um script dividem um escopo)")
            owner[name] = module.path
        for dep, names in module.internal:
            missing = [n for n in names if n not in found[dep].exported]
            if missing:
                raise JoinError(f"erro: {_shown(module.path)}: {dep} não exporta {', '.join(missing)}")
    imported: dict[str, Path] = {}  # what stays an import: one name, one file, in the joined script
    for module in order:
        for target, names in module.external:
            for local in (n.split(" as ")[-1] for n in names):
                if local in owner or imported.get(local, target) != target:
                    raise JoinError(f"erro: {_shown(module.path)}: {local} já é outro nome no script")
                imported[local] = target
    return order


def join(name: str) -> str:
    """The text of the joined script ``name`` (a key of SCRIPTS)."""
    folder_name, is_module = SCRIPTS[name]
    folder = SRC / folder_name
    order = modules_in_order(folder)
    imports: dict[str, list[str]] = {}
    for module in order:
        for target, names in module.external:
            if is_module is False:
                raise JoinError(f"erro: {_shown(module.path)}: {name} é um script clássico (abre do disco) e "
                                f"não pode importar {target.name}")
            if SRC in target.parents or PAGE_DIR not in target.parents:
                raise JoinError(f"erro: {_shown(module.path)}: importa {target.name}, que não está entre os "
                                f"arquivos ao lado de {name}")
            spec = "./" + Path(os.path.relpath(target, PAGE_DIR)).as_posix()
            imports.setdefault(spec, [])
            imports[spec] += [n for n in names if n not in imports[spec]]
    head = [f"// Generated by the build (sitebuild/scripts.py) from the {len(order)} modules of "
            f"src/{folder_name}/: edit those, not this file."]
    head += [f'import {{ {", ".join(names)} }} from "{spec}";' for spec, names in imports.items()]
    parts = [f"// ---- src/{folder_name}/{m.path.name}\n{m.body}" for m in order]
    body = "\n".join(parts)
    if not is_module:
        body = f'(function () {{\n"use strict";\n\n{body}}})();\n'
    return "\n".join(head) + "\n\n" + body


#: Written in config.js, replaced in the joined calculadora.js by the runtime's version (runtime_version).
RUNTIME_MARK = "__COTAS_RUNTIME_VERSION__"
#: The files the worker runs or loads to start Python, besides worker.js itself (relative to site/), and
#: PDF.js (sitebuild/pdfjs.py), which the service worker keeps in the same cache: a build with another PDF.js
#: has another version, so that a kept library never meets a newer worker of its own.
RUNTIME_FILES = ("assets/calculadora/calculator.zip", "assets/calculadora/fzstd.mjs",
                 "assets/calculadora/pdfjs/pdf.min.mjs", "assets/calculadora/pdfjs/pdf.worker.min.mjs")


def runtime_version(site_dir: Path, worker: str) -> str:
    """The version of what the worker runs: a digest of worker.js (its text ``worker``), Pyodide's files and
    the calculator's, so that a build that changes any of them has another version, and one that changes
    only pages keeps it (the phone keeps its copy of Python). The page starts the worker with it (?v=), the
    worker asks every file with it and keeps the decoded files in a cache named after it
    (src/worker/store.js); the service worker (sitebuild/offline.py) drops the caches of other versions."""
    site_dir = Path(site_dir)
    pyodide = site_dir / "assets" / "pyodide"
    files = [pyodide / name for name in (*PYODIDE_FILES, "pyodide-lock.json")]
    files += [site_dir / f for f in RUNTIME_FILES]
    digest = hashlib.sha256(worker.encode("utf-8"))
    for path in files:
        digest.update(path.relative_to(site_dir).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def joined(site_dir: Path) -> tuple[dict[str, str], str]:
    """The text of every joined script as the site gets it (calculadora.js with the runtime's version in
    place of RUNTIME_MARK), and that version; site_dir must hold Pyodide's and the calculator's files."""
    texts = {name: join(name) for name in SCRIPTS}
    version = runtime_version(site_dir, texts["worker.js"])
    if texts["calculadora.js"].count(RUNTIME_MARK) != 1:
        raise JoinError(f"erro: calculadora.js: a marca {RUNTIME_MARK} deve aparecer uma vez (config.js)")
    texts["calculadora.js"] = texts["calculadora.js"].replace(RUNTIME_MARK, version)
    return texts, version


def write_scripts(site_dir: Path) -> str:
    """Every joined script into site_dir/assets/calculadora/; returns the runtime's version."""
    out_dir = Path(site_dir) / "assets" / "calculadora"
    out_dir.mkdir(parents=True, exist_ok=True)
    texts, version = joined(site_dir)
    for name, text in texts.items():
        (out_dir / name).write_text(text, encoding="utf-8")
    return version


def write_stage(ctx: Context) -> None:
    """The build stage: the page's scripts, beside normas.js and respostas.js."""
    ctx.runtime_version = write_scripts(ctx.out)
