"""texto.txt, and what cites it: the text parses and rebuilds byte for byte with well-formed unique ids and
the SHA-256 meta.toml pins; every id cited in norma.toml, meta.toml and anotacoes.toml exists; meta.toml's
own fields, and its copies of text lines."""

from __future__ import annotations

import difflib
import hashlib
import re

from calculator.norms import MAX_TEXT_BYTES, FolderFileError, folder_file
from calculator.norms.names import label_problem
from laws.check.folder import Folder, find_line, table_line
from laws.folder_schema import ANNOTATION_KEYS, BY_PATH, TABLE, TABLES, children, header, type_problem
from laws.parser import ParseError, closing_of, label_for, parse
from laws.registry_facts import RESTATED

#: The id forms the parser gives (LexML style).
ID_FORM = re.compile(r"(art\d+(_cpt|_par1u|_par\d+)?(_inc\d+(_ali\d+)?)?(_nota\d+)?"
                     r"|cabecalho\d+|nota\d+|assinatura\d+|registro\d+|epigrafe|ementa|preambulo|fecho|aviso)")
#: Keys of norma.toml whose value is a list of provision ids (at any depth).
#: Its basis lists name kinds of decision ([simulation.basis] keys), which name the ids.
KIND_TABLE = "simulation.heteroidentificacao"
BASIS_KEYS = ("basis", "start_basis", "transition_basis", "whole_basis", "beyond_basis", "shortfall_basis")


# --- the text ---------------------------------------------------------------------------------------
def check_text(f: Folder) -> None:
    try:
        raw = folder_file(f.path / "texto.txt", MAX_TEXT_BYTES)
    except FolderFileError as exc:
        f.add("texto.txt", str(exc))
        return
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        f.add("texto.txt", "o texto não está em UTF-8 (salve o arquivo como UTF-8, sem mudar nenhum "
              "caractere)", line)
        return
    meta = f.data.get("meta.toml")
    try:
        top = parse(text, closing_of(meta) if isinstance(meta, dict) else None)
    except ParseError as exc:
        shown = re.search(r"'(.{1,60})'", str(exc))
        line = find_line(text, shown.group(1)[:40]) if shown else None
        f.add("texto.txt", f"o analisador não reconhece a estrutura do texto: {exc}", line)
        return
    rebuilt = "".join(p.text + p.tail for node in top for p in node.walk())
    if rebuilt != text:  # parse() refuses this itself; kept as the stated contract of the check
        f.add("texto.txt", "o texto reconstruído pelo analisador difere do original")
    seen: set[str] = set()
    for node in top:
        for p in node.walk():
            if p.id in seen:
                f.add("texto.txt", f"id repetido: {p.id}", find_line(text, p.text[:40]) if p.text else None)
            seen.add(p.id)
            if not ID_FORM.fullmatch(p.id):
                f.add("texto.txt", f"id fora do padrão LexML: {p.id}")
            else:
                label_for(p.id)
            f.provisions[p.id] = p
    f.ids = seen
    meta = f.data.get("meta.toml", {})
    pinned = (meta.get("text_file") or {}).get("sha256")
    actual = hashlib.sha256(raw).hexdigest()
    if not pinned:
        f.add("meta.toml", f"falta a soma SHA-256 do texto: escreva em [text_file] sha256 = \"{actual}\"",
              f.line("meta.toml", "[text_file]"))
    elif pinned != actual:
        f.add("meta.toml", f"a soma SHA-256 de texto.txt é {actual}, não a fixada em [text_file] "
                           f"({pinned[:16]}…): o texto mudou, ou a soma foi copiada errada",
              f.line("meta.toml", "sha256 ="))


def _resolve(f: Folder, name: str, pid: object, line: int | None) -> None:
    if not isinstance(pid, str) or not pid:
        f.add(name, f"id de dispositivo inválido: {pid!r}", line)
    elif ":" in pid:
        f.add(name, f"escreva o id sem o prefixo da norma: \"{pid.partition(':')[2]}\", não \"{pid}\"", line)
    elif pid not in f.ids:
        close = difflib.get_close_matches(pid, sorted(f.ids), n=1)
        hint = f" (quis dizer \"{close[0]}\"?)" if close else ""
        f.add(name, f"o dispositivo \"{pid}\" não existe em texto.txt{hint}", line)


def _basis_lists(data: object, path: str = ""):
    """(dotted path, ids) for every basis list in a TOML document."""
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else key
            if where.startswith(KIND_TABLE):
                continue  # kinds of decision, not ids: checked by the simulation policy (check_simulation)
            if key in BASIS_KEYS and isinstance(value, list):
                yield where, value
            elif key in BASIS_KEYS and isinstance(value, dict):  # [simulation.basis]: kind → ids
                yield from ((f"{where}.{kind}", ids) for kind, ids in value.items() if isinstance(ids, list))
            else:
                yield from _basis_lists(value, where)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _basis_lists(item, f"{path}[{i}]")


def check_bases(f: Folder) -> None:
    """Every id cited in norma.toml, meta.toml and anotacoes.toml exists in the text."""
    text = f.texts.get("norma.toml", "")
    for where, ids in _basis_lists(f.data.get("norma.toml", {})):
        table = re.sub(r"\[\d+\]", "", where).rpartition(".")[0]
        start = table_line(text, table) if table else 1
        for pid in ids:
            _resolve(f, "norma.toml", pid, find_line(text, f'"{pid}"', after=start) or start)
    meta_text = f.texts.get("meta.toml", "")

    def walk(data: object) -> None:
        if isinstance(data, dict):
            for key, value in data.items():
                if key == "provision" and isinstance(value, str):
                    _resolve(f, "meta.toml", value, find_line(meta_text, "provision =", f'"{value}"'))
                elif key == "provision":
                    f.add("meta.toml", f"provision = {value!r}: escreva o id do dispositivo entre aspas "
                          "(ex.: \"art4\")", find_line(meta_text, "provision ="))
                elif key == "cited_in" and isinstance(value, list):
                    for pid in value:
                        _resolve(f, "meta.toml", pid, find_line(meta_text, "cited_in =", f'"{pid}"'))
                else:
                    walk(value)
        elif isinstance(data, list):
            for item in data:
                walk(item)

    walk(f.data.get("meta.toml", {}))
    notes_text = f.texts.get("anotacoes.toml", "")
    for pid, entry in f.data.get("anotacoes.toml", {}).items():
        line = find_line(notes_text, f"[{pid}]")
        _resolve(f, "anotacoes.toml", pid, line)
        if not isinstance(entry, dict) or not isinstance(entry.get("texto"), str):
            f.add("anotacoes.toml", f"a anotação [{pid}] precisa de texto = \"\"\"…\"\"\"", line)
            continue
        for key in entry:
            spec = ANNOTATIONS.get(key)
            where = find_line(notes_text, f"{key} =", after=line) if line else None
            if spec is None:
                f.add("anotacoes.toml", f"[{pid}]: chave desconhecida {key} (uma anotação tem: "
                                        f"{', '.join(ANNOTATIONS)})", where)
            elif problem := type_problem(spec, entry[key]):
                f.add("anotacoes.toml", f"[{pid}] {key} {problem}", where)
        if "regra" in entry and not _rule_exists(entry["regra"]):
            f.add("anotacoes.toml", f"[{pid}] regra = {entry['regra']!r}: não é uma função da calculadora; "
                  "escreva o nome qualificado de uma (ex.: "
                  "\"calculator.rules.default.DefaultRules.concurso_reserved_seats\") ou apague a linha",
                  find_line(notes_text, "regra =", after=line) if line else None)


ANNOTATIONS = {k.name: k for k in ANNOTATION_KEYS}


def _rule_exists(name: object) -> bool:
    """An annotation's ``regra`` names a function of the calculator package (and nothing else)."""
    if not isinstance(name, str) or not re.fullmatch(r"calculator(\.[A-Za-z_][A-Za-z0-9_]*)+", name):
        return False
    from laws.corpus import find_rule

    return find_rule(name) is not None


# --- meta.toml ----------------------------------------------------------------------------------------
def check_meta_keys(f: Folder, meta: dict) -> None:
    """Every key of meta.toml against its description (laws.folder_schema): a key it does not know (a typo
    would otherwise be ignored), a required key missing, a value of the wrong type."""
    name = "meta.toml"
    restated = {".".join(path) for path in RESTATED}  # check_written_once says where those live

    def walk(table: dict, parent: str, header_line: int | None) -> None:
        for spec in children(parent):
            if spec.required and spec.name not in table:
                f.add(name, f"falta {spec.path} ({spec.type}: {spec.meaning})", header_line)
        for key, value in table.items():
            path = f"{parent}.{key}" if parent else key
            spec = BY_PATH.get(path)
            line = (f.line(name, f"{key} =", after=header_line) if header_line
                    else f.line(name, f"{key} ="))
            if spec is None:
                if path not in restated:
                    where = header(parent) if parent else "meta.toml"
                    known = ", ".join(c.name for c in children(parent))
                    f.add(name, f"chave desconhecida {path} ({where} tem: {known})", line)
                continue
            if problem := type_problem(spec, value):
                f.add(name, f"{path} {problem}: {value!r}"[:200],
                      line or f.line(name, header(path)))
            elif spec.type == TABLE:
                walk(value, path, f.line(name, header(path)))
            elif spec.type == TABLES:
                headers = [n for n, ln in enumerate(f.texts.get(name, "").splitlines(), 1)
                           if ln.strip() == header(path)]
                for i, entry in enumerate(value):
                    walk(entry, path, headers[i] if i < len(headers) else None)

    walk(meta, "", None)


def check_meta(f: Folder) -> None:
    meta, name = f.data.get("meta.toml"), "meta.toml"
    if meta is None:
        return
    check_meta_keys(f, meta)
    for key, pid in (("epigrafe", "epigrafe"), ("ementa", "ementa"), ("disclaimer", "aviso")):
        p = f.provisions.get(pid)
        if key in meta and p is not None and meta[key] != p.text:
            f.add(name, f"{key} deve ser cópia literal da linha do texto ({pid}): {p.text[:60]!r}…",
                  f.line(name, f"{key} ="))
        elif key in meta and p is None and f.ids:
            f.add(name, f"{key} escrito, mas o texto não tem {pid}", f.line(name, f"{key} ="))
    for key in ("kind", "number"):
        if isinstance(meta.get(key), str) and (problem := label_problem(meta[key])):
            f.add(name, f"{key} {problem}", f.line(name, f"{key} ="))
    if "disclaimer" in meta and not isinstance(meta["disclaimer"], str):
        f.add(name, "disclaimer deve ser um texto: a linha do aviso da fonte, copiada do texto",
              f.line(name, "disclaimer ="))
    signatories = meta.get("signatories", [])
    if not isinstance(signatories, list):
        f.add(name, "signatories deve ser uma lista de [[signatories]]", f.line(name, "signatories"))
        return
    headers = [n for n, ln in enumerate(f.texts.get(name, "").splitlines(), 1)
               if ln.strip() == "[[signatories]]"]
    for i, entry in enumerate(signatories, 1):
        fields = entry if isinstance(entry, dict) else {}
        if not any(isinstance(fields.get(k), str) and fields[k] for k in ("name", "office")):
            f.add(name, f"a {i}ª assinatura ([[signatories]]) precisa de name (a linha do nome, como no "
                        "texto) ou office (a linha do cargo); escreva os dois quando o texto traz os dois",
                  headers[i - 1] if i <= len(headers) else None)
    for i, sig in enumerate(signatories):
        if not isinstance(sig, dict):
            continue
        pid = sig.get("provision")
        p = f.provisions.get(pid) if isinstance(pid, str) else None
        lines = [ln.strip() for ln in p.text.split("\n")] if p is not None else []
        for key in ("name", "office"):
            if key in sig and p is not None and sig[key] not in lines:
                f.add(name, f"signatories[{i}].{key} deve ser cópia literal de uma linha de {p.id}: "
                            f"{sig[key]!r} não está no texto", f.line(name, f"{key} =", f'"{sig[key]}"'))
