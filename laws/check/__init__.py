"""`python -m laws check PASTA`: is a norm's folder ready to enter the corpus?

A city's IT or legal team writes four files (texto.txt, meta.toml, norma.toml, anotacoes.toml; see
docs/incluir-norma.md) and runs this before anything else.  Every problem is one pt-BR line naming the
file and the line ("laws/exemplo/norma.toml:42: …"); all of them are listed at once, so one run shows
what is left to fix.  What is checked:

- texto.txt: UTF-8, and the parser rebuilds it byte for byte; its SHA-256 is the one meta.toml pins;
  the ids are unique and well formed;
- every provision id cited in norma.toml, anotacoes.toml and meta.toml exists in the text;
- norma.toml: the keys and parameters the calculator needs, each with a dated value whose basis resolves
  (or a labelled interpretation), dates valid and in order; the warning catalogue (the four kinds, known
  {placeholders}); then the registry loader's own checks, and a short run of the calculator on it;
- meta.toml agrees with norma.toml where both state a fact (citation, place, start, term, extension,
  transition);
- casos.toml (optional): the shape of each case and, once everything else is right, each case through the
  calculator (laws/cases/): a wrong expectation is refused with the case's line.

tomllib gives no line numbers: the line is found by searching the key (or the id) in the file's text.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from calculator.norms import FolderFileError, folder_file, toml_data
from laws import cases
from laws.check.folder import Folder, Problem
from laws.check.registry import check_loader, check_registry, check_written_once
from laws.check.text import check_bases, check_meta, check_text
from laws.corpus import LAWS_DIR

FILES = ("texto.txt", "meta.toml", "norma.toml", "anotacoes.toml")


# --- the whole folder ---------------------------------------------------------------------------------
def check_folder(path: Path, shown: str | None = None) -> tuple[list[Problem], Folder]:
    f = Folder(path, shown or str(path).rstrip("/"))
    for name in FILES:
        p = path / name
        if not p.exists() and not p.is_symlink():
            if name != "anotacoes.toml":
                f.add(name, "arquivo não encontrado")
            continue
        if name == "texto.txt":
            continue
        try:
            f.texts[name] = folder_file(p).decode("utf-8")
            f.data[name] = toml_data(f.texts[name])
        except FolderFileError as exc:
            f.add(name, str(exc))
        except UnicodeDecodeError:
            f.add(name, "o arquivo não está em UTF-8")
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
            where = f", coluna {m.group(2)}" if m else ""
            f.add(name, f"TOML inválido (erro de sintaxe{where}): confira aspas, colchetes, vírgulas e "
                        "chaves repetidas", int(m.group(1)) if m else None)
    if (path / "texto.txt").exists():
        check_text(f)
    if f.ids:
        check_bases(f)
    check_meta(f)
    check_registry(f)
    check_written_once(f)
    if not f.problems and "norma.toml" in f.data:
        check_loader(f)
    check_cases(f)
    return f.problems, f


def check_cases(f: Folder) -> None:
    """casos.toml: its shape always; its cases through the calculator only when the rest of the folder is
    right (a wrong registry would make every case fail for the registry's reason)."""
    found, problems = cases.read(f.path, f.ids or None)
    for line, message in problems:
        f.add(cases.FILENAME, message, line)
    in_corpus = f.path.resolve().parent == LAWS_DIR
    if problems or not (f.path / cases.FILENAME).is_file():
        if in_corpus and not problems:
            f.add(cases.FILENAME, f"arquivo não encontrado: uma norma do corpus (laws/) tem pelo menos "
                                  f"{cases.CORPUS_MINIMUM} casos verificados (veja docs/incluir-norma.md)")
        return
    f.cases = len(found)
    missing = sorted(set(cases.COMMANDS) - {c.inputs["comando"] for c in found})
    if in_corpus and (len(found) < cases.CORPUS_MINIMUM or missing):
        f.add(cases.FILENAME, f"uma norma do corpus (laws/) tem pelo menos {cases.CORPUS_MINIMUM} casos, com "
                              f"os comandos {' e '.join(cases.COMMANDS)}: há {len(found)}"
                              + (f", nenhum de {' e '.join(missing)}" if missing else ""))
    if not f.problems:
        for line, message in cases.verify(f.path, found):
            f.add(cases.FILENAME, message, line)


def summary(f: Folder) -> str:
    reg = f.data.get("norma.toml", {})
    notes = len(f.data.get("anotacoes.toml", {}))
    own = reg.get("rules")
    how = f"exceções próprias em calculator/rules/{own}.py" if own else "padrão comum, sem Python"
    checked = "sem casos.toml" if f.cases is None else \
        f"{f.cases} {'caso conferido' if f.cases == 1 else 'casos conferidos'} com a calculadora"
    return (f"{f.shown}: norma {reg.get('slug')!r} pronta — texto reconstruído byte a byte "
            f"({len(f.ids)} dispositivos, SHA-256 conferido), {len(reg.get('parameters', []))} parâmetros, "
            f"{len(reg.get('warnings', {}))} avisos, {notes} anotações, {checked}; {how}.")
