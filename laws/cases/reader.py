"""casos.toml read: bounded in size, parsed with tomllib only (nothing in it runs), every key checked; each
problem a pt-BR message naming the line."""

from __future__ import annotations

import datetime
import re
import tomllib
import unicodedata
from pathlib import Path

from calculator.norms import FolderFileError, folder_file
from laws.cases.keys import (
    _CASE,
    _TABLES,
    APPLIES,
    BOOLEAN,
    CASE_KEYS,
    CODE_FORM,
    COMMANDS,
    DATE,
    FILENAME,
    ID_FORM,
    IDS,
    INTEGER,
    INTEGERS,
    MAX_BYTES,
    MAX_CASES,
    MAX_ITEMS,
    MAX_TEXT,
    MAX_VACANCIES,
    PERCENT,
    TABLE,
    TEXT,
    UNKNOWN,
    Case,
    Key,
)


def shown(value: object, limit: int = 80) -> str:
    """A text from the folder as a message quotes it: clipped, between “”, with control and format
    characters (ESC, line breaks, bidi overrides) shown as <U+XXXX>, never sent to a terminal as they are."""
    text = str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return "“" + "".join(f"<U+{ord(c):04X}>" if _hidden(c) else c for c in text) + "”"


def _hidden(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp")


def case_lines(text: str) -> list[int]:
    """The line (1-based) of each ``[[casos]]`` header, in order (tomllib gives no line numbers); a header
    inside a multi-line string is text, not a header."""
    out, quote = [], None
    for number, line in enumerate(text.splitlines(), 1):
        if quote is None and re.match(r"\s*\[\[\s*casos\s*\]\]\s*(#.*)?$", line):
            out.append(number)
        for delimiter in re.findall(r'"""|\'\'\'', line):
            if quote is None:
                quote = delimiter
            elif delimiter == quote:
                quote = None
    return out


def _key_line(lines: list[str], start: int | None, end: int | None, key: str,
              table: str | None = None) -> int | None:
    """The first line of a case (``start`` to ``end``, excluded) that sets ``key`` (``key =``, also inside
    an inline table or as a dotted key), after the line of ``table`` when given; quoted texts are skipped.
    The case's own line when none does."""
    if start is None:
        return None
    stop = min(end or len(lines) + 1, len(lines) + 1)
    if table is not None:
        header = re.compile(rf"\s*\[\s*casos\.{table}\s*\]")
        start = next((n for n in range(start, stop) if header.match(lines[n - 1])), None) \
            or _key_line(lines, start, end, table)
    pattern = re.compile(rf"(?:^|[\s{{,.]){re.escape(key)}\s*=")
    for number in range(start, stop):
        if pattern.search(_QUOTED.sub('""', lines[number - 1])):
            return number
    return start


_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')


def read(folder: Path, ids: set[str] | None = None) -> tuple[list[Case], list[tuple[int | None, str]]]:
    """The cases of ``folder``/casos.toml and the problems of its shape, as (line, pt-BR message); no file:
    no cases, no problem. ``ids``: the provision ids of texto.txt, to name a ``base`` id that does not
    exist."""
    path = folder / FILENAME
    try:
        raw = folder_file(path, 16 * MAX_BYTES)  # a regular file only (never a FIFO or a device)
    except FileNotFoundError:
        return [], []
    except FolderFileError as exc:
        return [], [(None, str(exc))]
    if len(raw) > MAX_BYTES:
        return [], [(None, f"o arquivo passa de {MAX_BYTES // 1024} KiB: um caso é uma pergunta e uma "
                           "resposta curtas")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [], [(raw[:exc.start].count(b"\n") + 1, "o arquivo não está em UTF-8")]
    return parse(text, ids)


def parse(text: str, ids: set[str] | None = None) -> tuple[list[Case], list[tuple[int | None, str]]]:
    """``text`` of a casos.toml → (cases, problems); see :func:`read`."""
    problems: list[tuple[int | None, str]] = []
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f", coluna {m.group(2)}" if m else ""
        return [], [(int(m.group(1)) if m else None, f"TOML inválido (erro de sintaxe{where}): confira "
                                                     "aspas, colchetes, vírgulas e chaves repetidas")]
    except RecursionError:
        return [], [(None, "TOML com estruturas aninhadas demais")]
    lines = text.splitlines()
    for key in data:
        if key != "casos":
            problems.append((_key_line(lines, 1, None, key) if re.match(r"[\w-]+$", key) else None,
                             f"chave desconhecida no topo do arquivo: {shown(key)} (o arquivo tem só "
                             "[[casos]], um por caso)"))
    raw_cases = data.get("casos", [])
    if not isinstance(raw_cases, list) or not all(isinstance(c, dict) for c in raw_cases):
        return [], problems + [(None, "casos deve ser uma lista de tabelas: escreva cada caso como "
                                      "[[casos]]")]
    if len(raw_cases) > MAX_CASES:
        return [], problems + [(None, f"mais de {MAX_CASES} casos: divida-os ou escolha os que ensinam mais")]
    headers = case_lines(text)
    if len(headers) != len(raw_cases):  # e.g. casos = [{…}]: the cases have no header of their own
        headers = [None] * len(raw_cases)
    cases, names = [], {}
    for i, raw in enumerate(raw_cases):
        start = headers[i]
        end = headers[i + 1] if i + 1 < len(headers) else None
        case, found = _case(raw, i + 1, lines, start, end, ids)
        problems += found
        if case is None:
            continue
        if case.name in names:
            problems.append((start, f"caso {shown(case.name)}: nome repetido (o mesmo da linha "
                                    f"{names[case.name]}); cada caso precisa de um nome seu"))
            continue
        names[case.name] = start
        cases.append(case)
    return (cases if not problems else []), problems


def _case(raw: dict, number: int, lines: list[str], start: int | None, end: int | None,
          ids: set[str] | None) -> tuple[Case | None, list[tuple[int | None, str]]]:
    problems: list[tuple[int | None, str]] = []
    name = raw.get("nome")
    who = f"caso {shown(name)}" if isinstance(name, str) and name.strip() else f"caso nº {number}"

    def add(key: str | None, message: str, table: str | None = None) -> None:
        problems.append((_key_line(lines, start, end, key, table) if key else start, f"{who}: {message}"))

    for key in raw:
        if key not in _CASE:
            add(key, f"chave desconhecida {shown(key)} (um caso tem: {', '.join(_CASE)})")
    for spec in CASE_KEYS:
        if spec.name not in raw:
            if spec.required:
                add(None, f"falta {spec.name} ({spec.description})")
            continue
        problem = _type_problem(spec, raw[spec.name])
        if problem:
            add(spec.name, f"{spec.name} {problem}")
    tables = {}
    for table in ("entrada", "esperado"):
        value = raw.get(table)
        if not isinstance(value, dict):
            continue
        tables[table] = value
        for key, item in value.items():
            spec = _TABLES[table].get(key)
            if spec is None:
                add(key, f"chave desconhecida em {table}: {shown(key)} (aceitas: "
                         f"{', '.join(_TABLES[table])})", table)
            elif problem := _type_problem(spec, item):
                add(key, f"{table}.{key} {problem}", table)
        for spec in _TABLES[table].values():
            if spec.required and spec.name not in value:
                add(table, f"falta {table}.{spec.name} ({spec.description})")
    entrada, esperado = tables.get("entrada", {}), tables.get("esperado", {})
    command = entrada.get("comando")
    if "esperado" in tables and not esperado:
        add("esperado", "esperado está vazio: diga ao menos uma coisa que a resposta deve dizer")
    if "recusa" in esperado and len(esperado) > 1:
        add("recusa", "esperado.recusa vem sozinha: uma entrada recusada não tem reserva, posições nem base")
    if command in COMMANDS:
        for table, value in tables.items():
            for key in value:
                spec = _TABLES[table].get(key)
                if spec is not None and spec.only not in (None, command):
                    add(key, f"{table}.{key} só vale com comando = \"{spec.only}\"", table)
    if ids:
        for pid in esperado.get("base", []) if isinstance(esperado.get("base"), list) else []:
            if isinstance(pid, str) and ID_FORM.fullmatch(pid) and pid not in ids:
                add("base", f"esperado.base: o dispositivo {shown(pid)} não existe em texto.txt", "esperado")
    if problems:
        return None, problems
    return Case(name=raw["nome"], reason=raw["razao"], line=start, inputs=dict(entrada),
                expected=dict(esperado), interpretation=raw.get("interpretacao", False)), []


def _type_problem(spec: Key, value: object) -> str | None:
    """What is wrong with ``value`` for ``spec`` (pt-BR, after the key's name), or None."""
    def integer(v: object) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if spec.type == TEXT:
        if not isinstance(value, str):
            return f"deve ser um texto entre aspas, não {_kind(value)}"
        if not value.strip():
            return "está vazio"
        if len(value) > MAX_TEXT:
            return f"passa de {MAX_TEXT} caracteres"
        if bad := next((c for c in value if _hidden(c)), None):
            return f"tem o caractere de controle U+{ord(bad):04X} (escreva numa linha de texto simples)"
        if spec.name == "comando" and value not in COMMANDS:
            return f"deve ser {' ou '.join(COMMANDS)}, não {shown(value)}"
        return None
    if spec.type == INTEGER:
        if not integer(value):
            return f"deve ser um número inteiro (sem aspas), não {_kind(value)}"
        if spec.name in ("vagas", "nomeacoes") and not 1 <= value <= MAX_VACANCIES:
            return f"deve ir de 1 a {MAX_VACANCIES:_}".replace("_", ".")
        if value < 0:
            return "não pode ser negativo"
        return None
    if spec.type == PERCENT:
        if isinstance(value, float):
            return 'deve ser um texto, com vírgula, ou um número inteiro: escreva "25,5", não 25.5'
        if integer(value):
            return None
        return _type_problem(Key(spec.name, TEXT, False, ""), value)
    if spec.type == DATE:
        if type(value) is datetime.date:
            return None
        return f"deve ser uma data AAAA-MM-DD sem aspas (ex.: 2020-01-31), não {_kind(value)}"
    if spec.type == BOOLEAN:
        return None if isinstance(value, bool) else f"deve ser true ou false, não {_kind(value)}"
    if spec.type == APPLIES:
        return None if isinstance(value, bool) or value == UNKNOWN else \
            f"deve ser true, false ou \"{UNKNOWN}\", não {_kind(value)}"
    if spec.type == TABLE:
        return None if isinstance(value, dict) else f"deve ser uma tabela {{ … }}, não {_kind(value)}"
    # lists
    if not isinstance(value, list):
        return f"deve ser uma lista [ … ], não {_kind(value)}"
    if len(value) > MAX_ITEMS:
        return f"tem mais de {MAX_ITEMS} itens"
    if spec.type == INTEGERS:
        bad = next((v for v in value if not integer(v) or v < 1), None)
        return None if bad is None and value == sorted(set(value)) else \
            "deve listar números inteiros positivos, em ordem crescente, sem repetir"
    if spec.type == IDS:
        bad = next((v for v in value if not (isinstance(v, str) and ID_FORM.fullmatch(v))), None)
        if bad is None:
            return None
        if isinstance(bad, str) and ":" in bad:
            return f"escreva o id sem o nome da norma: {shown(bad.partition(':')[2])}, não {shown(bad)}"
        return f"deve listar ids de dispositivo de texto.txt (ex.: \"art2_par3\"), não {_kind(bad)}"
    bad = next((v for v in value if not (isinstance(v, str) and CODE_FORM.fullmatch(v))), None)
    return None if bad is None else f"deve listar códigos de aviso (ex.: \"ubatuba_ordem_interpretacao\"), " \
                                    f"não {_kind(bad)}"


def _kind(value: object) -> str:
    """A wrong value as a message names it: its kind, and the value itself when short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"o texto {shown(value, 40)}"
    if isinstance(value, int):
        return f"o número {value}" if abs(value) < 10**12 else "um número grande demais"
    if isinstance(value, float):
        return f"o número {value!r}"
    if isinstance(value, datetime.datetime | datetime.time):
        return "uma data com hora"
    if isinstance(value, datetime.date):
        return f"a data {value.isoformat()}"
    if isinstance(value, list):
        return "uma lista"
    if isinstance(value, dict):
        return "uma tabela"
    return type(value).__name__
