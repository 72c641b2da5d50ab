"""casos.toml: a norm folder's readable expected cases, and their run through the calculator.

Like OpenFisca's YAML tests beside each variable, Catala's test scopes and Blawx's fact scenarios kept with
the rule document, each norm folder holds, beside its text, cases written from the text that a lawyer can
read and check: the question (``entrada``: reserva or ordem, the vacancies, the edital's date…), what the
answer must say (``esperado``) and why (``razao``, naming the provision). The format is documented in
laws/README.md and docs/incluir-norma.md; :data:`CASE_KEYS`, :data:`INPUT_KEYS` and :data:`EXPECT_KEYS`
describe every key once.

    cases, problems = read(Path("laws/ubatuba"))          # problems: [(line, message in pt-BR)]
    problems = verify(Path("laws/ubatuba"), cases)        # each case through calculator.api.handle

The folder is untrusted data: the file is bounded in size, read with tomllib only (nothing in it runs),
every key checked (an unknown key or a wrong type is a message naming the line), and every text from it is
quoted in messages with control characters made visible. The calculator is asked through its one stable
entry point (calculator.api.handle) in a process of its own, so that it reads the norm from the folder
being checked, as the folder is now on disk, and never a copy it read earlier.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
import sys
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

FILENAME = "casos.toml"
#: Bounds on what a folder may ask of the check: the file's size, the number of cases, a text's length, a
#: list's length and the vacancies of a question (a case is read by a person: none needs more).
MAX_BYTES = 256 * 1024
MAX_CASES = 200
MAX_TEXT = 400
MAX_ITEMS = 100
MAX_VACANCIES = 100_000
#: Seconds for the calculator to answer all of a folder's cases.
TIMEOUT = 120

COMMANDS = ("reserva", "ordem")
#: ``aplica`` = "indeterminado": the answer's ``applies`` is null (the corpus does not settle it, or the
#: edital's date was not given).
UNKNOWN = "indeterminado"

# The types as the guide and the messages name them.
TEXT = "texto"
INTEGER = "número inteiro"
DATE = "data (AAAA-MM-DD)"
BOOLEAN = "true ou false"
TABLE = "tabela"
INTEGERS = "lista de números inteiros"
IDS = "lista de ids de dispositivo"
TEXTS = "lista de textos"
PERCENT = 'texto ("25,5") ou número inteiro'
APPLIES = f'true, false ou "{UNKNOWN}"'


@dataclass(frozen=True)
class Key:
    """One key of casos.toml: its type, whether it is required, what it means and an example; ``field`` is
    the calculator's request field it becomes; ``only`` the command it belongs to."""
    name: str
    type: str
    required: bool
    description: str
    example: str = ""
    field: str | None = None
    only: str | None = None


#: The keys of one case, [[casos]].
CASE_KEYS = (
    Key("nome", TEXT, True, "um nome curto, único no arquivo", '"13 vagas: 2,6 arredonda para 3"'),
    Key("razao", TEXT, True, "por quê, em uma linha, citando ou nomeando o dispositivo",
        '"art. 2º, § 3º: decimal igual ou maior que 0,5 sobe (20% de 13 = 2,6)"'),
    Key("entrada", TABLE, True, "a pergunta feita à calculadora (tabela abaixo)",
        '{ comando = "reserva", vagas = 13 }'),
    Key("esperado", TABLE, True, "o que a resposta deve dizer (tabela abaixo; ao menos uma chave)",
        "{ reservadas = 3 }"),
    Key("interpretacao", BOOLEAN, False, "true quando o texto não fixa a resposta e o caso confere a leitura "
        "que a calculadora adota (e rotula como interpretação)", "true"),
)
#: The keys of ``entrada``: the calculator's question.
INPUT_KEYS = (
    Key("comando", TEXT, True, f"{' ou '.join(COMMANDS)} (quantas vagas; quais nomeações)", '"reserva"',
        "command"),
    Key("vagas", INTEGER, True, f"as vagas oferecidas (de 1 a {MAX_VACANCIES:_})".replace("_", "."), "13",
        "vagas"),
    Key("percentual", PERCENT, False, "o percentual do edital, quando a norma deixa informá-lo", '"25,5"',
        "percentual"),
    Key("data_edital", DATE, False, "a data de publicação do edital (sem aspas)", "2020-01-01",
        "data_edital"),
    Key("data_nomeacao", DATE, False, "a data da nomeação (vínculos datados pela nomeação)", "2020-01-01",
        "data_nomeacao"),
    Key("vinculo", TEXT, False, "o vínculo (os de [scopes.names] em norma.toml)", '"emprego"', "vinculo"),
    Key("leitura", TEXT, False, "a leitura da ordem de nomeação (as de [readings] em norma.toml)", '"quinta"',
        "leitura", "ordem"),
    Key("nomeacoes", INTEGER, False, "nomeações além das vagas (cadastro de reserva)", "20", "nomeacoes",
        "ordem"),
)
#: The keys of ``esperado``: what the answer must say.
EXPECT_KEYS = (
    Key("reservadas", INTEGER, False, "o número de vagas reservadas", "3"),
    Key("posicoes", INTEGERS, False, "as nomeações que vão para a lista reservada, em ordem", "[3, 8, 13]",
        only="ordem"),
    Key("aplica", APPLIES, False, f'se a reserva se aplica ("{UNKNOWN}": a resposta diz que não é possível '
        "determinar, ou a data do edital não foi informada)", "false"),
    Key("manchete", TEXT, False, "um trecho que a frase principal da resposta deve conter",
        '"abaixo do mínimo de 20%"'),
    Key("base", IDS, False, "dispositivos que a resposta deve citar (ids de texto.txt, sem o nome da norma)",
        '["art2_par3"]'),
    Key("avisos", TEXTS, False, "códigos de aviso que a resposta deve trazer",
        '["ubatuba_ordem_interpretacao"]'),
    Key("recusa", TEXT, False, "a calculadora recusa a entrada com uma mensagem que contém este trecho "
        "(sozinha: uma recusa não tem reserva nem posições)", '"o edital pode reservar mais, não menos"'),
)
_TABLES = {"entrada": {k.name: k for k in INPUT_KEYS}, "esperado": {k.name: k for k in EXPECT_KEYS}}
_CASE = {k.name: k for k in CASE_KEYS}
#: The id forms the parser gives (LexML style), as laws check accepts them in the other files.
ID_FORM = re.compile(r"(art\d+(_cpt|_par1u|_par\d+)?(_inc\d+(_ali\d+)?)?(_nota\d+)?"
                     r"|cabecalho\d+|nota\d+|assinatura\d+|registro\d+|epigrafe|ementa|preambulo|fecho|aviso)")
CODE_FORM = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Case:
    """One case as the file states it, checked: ``inputs`` and ``expected`` keep the file's keys and order."""
    name: str
    reason: str
    line: int | None
    inputs: dict
    expected: dict
    interpretation: bool = False

    def request(self, slug: str) -> dict:
        """The calculator's request (calculator.api): fields as typed by a user."""
        spec = _TABLES["entrada"]
        out: dict = {"norma": slug}
        for key, value in self.inputs.items():
            out[spec[key].field] = value.isoformat() if isinstance(value, datetime.date) else \
                value if key == "comando" else str(value)
        return out


# --- reading the file ------------------------------------------------------------------------------------
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
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return [], []
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


# --- running the cases ---------------------------------------------------------------------------------
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
