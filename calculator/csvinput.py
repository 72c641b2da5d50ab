"""Reader for a published classification list (CSV) — the input of the nomination simulator.

Accepts what people really have: ``,`` or ``;`` separators; UTF-8 with or without BOM and
Windows-1252 (what Excel exports in Brazil); header names case- and accent-insensitive; extra
columns ignored and reported by name (``ignored_columns``).  Every problem is raised as
:class:`calculator.errors.InputError` with a one-line pt-BR message naming the line and the column
(``field == "csv"``).

Scores (``nota``) are read in ONE format for the whole file, decided from all its cells and reported
(``score_format``): ``virgula`` (8,5 and 1.234,5), ``ponto`` (8.5 and 1,234.5) or ``inteiro``.  A file
that mixes the two, or whose every score could be read both ways ("1.234" alone), is refused: a
score is never guessed cell by cell.

At most :data:`MAX_CSV_BYTES` bytes are read (the file is held once, as text, while it is parsed).

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import csv
import itertools
import re
import unicodedata
from dataclasses import dataclass

from calculator.errors import InputError
from calculator.rules import BLANKS

FIELD = "csv"

# canonical column -> accepted (normalised) header spellings
COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "inscricao": ("inscricao", "n_inscricao", "no_inscricao", "numero_inscricao", "numero_de_inscricao",
                  "no_de_inscricao", "n_de_inscricao", "n_o_de_inscricao", "n_o_inscricao", "no_da_inscricao",
                  "numero_da_inscricao", "inscricao_no", "inscricao_n"),
    "nome": ("nome", "nome_do_candidato", "candidato"),
    "classificacao": ("classificacao", "classificacao_geral", "classificacao_final",
                      "classificacao_final_geral", "posicao", "colocacao"),
    "nota": ("nota", "nota_final", "pontuacao", "pontuacao_final"),
    "cotista": ("cotista", "cota_racial", "optante"),
    "pcd": ("pcd", "deficiencia", "pessoa_com_deficiencia"),
    "genero": ("genero", "sexo"),
    "situacao": ("situacao",),
    "heteroidentificacao": ("heteroidentificacao",),
}
_HEADER_TO_COLUMN = {alias: col for col, aliases in COLUMN_ALIASES.items() for alias in aliases}

SITUATIONS = ("", "desistente", "inapto", "eliminado")
HETERO_VALUES = ("", "confirmada", "nao_confirmada", "fraude", "ausente")
_YES = frozenset({"sim", "s"})
_NO = frozenset({"nao", "n", ""})
_GENDER = {"f": "F", "feminino": "F", "m": "M", "masculino": "M", "": None}
_RANK_RE = re.compile(r"([0-9]{1,9})[ \t]*[º°ªo]?")
_MAX_SHOWN = 40
#: Largest classification list accepted, in bytes (about a million candidates of 50 bytes each);
#: docs/simulacao.md and docs/hospedar.md state it, bench/ measures time and memory near it.
MAX_CSV_BYTES = 50_000_000
MAX_CSV_LABEL = "50 MB"
_SEP_NAMES = {"\t": "tabulação"}


@dataclass(slots=True)
class Candidate:
    """One row of the classification list (values normalised)."""

    inscricao: str
    rank: int  # general classification, 1 = best (from `classificacao`, or derived from `nota`)
    line: int  # line of the file where the row starts (header = line 1)
    nome: str = ""
    cotista: bool = False
    pcd: bool = False
    genero: str | None = None  # "F" | "M" | None
    situacao: str = ""  # "" | desistente | inapto | eliminado
    hetero: str = ""  # "" | confirmada | nao_confirmada | fraude | ausente
    # (values of ignored columns are not kept: a million rows would hold a dict each for nothing)


@dataclass(slots=True)
class CandidateTable:
    candidates: list[Candidate]  # sorted by rank (best first)
    columns: tuple[str, ...]  # canonical columns found in the header
    ignored_columns: tuple[str, ...]  # extra columns, as written in the file
    delimiter: str
    encoding: str  # "utf-8" | "utf-8-sig" | "windows-1252"
    ranked_by: str  # "classificacao" | "nota"
    ties: list[tuple[str, ...]]  # groups of inscricoes tied on `nota` (order of lines used)
    score_format: str | None = None  # "virgula" | "ponto" | "inteiro"; None when ranked by classificacao


#: How each score format is described to the user (CLI text, the simulation's steps).
SCORE_FORMATS = {
    "virgula": "notas lidas com vírgula decimal e ponto de milhar (1.234,5 = mil duzentos e trinta e quatro "
               "e meio)",
    "ponto": "notas lidas com ponto decimal e vírgula de milhar (1,234.5 = mil duzentos e trinta e quatro e "
             "meio)",
    "inteiro": "notas inteiras (sem separador decimal)",
}


def normalise(text: str) -> str:
    """Lowercase, accents removed, runs of spaces/hyphens/dots as ``_``: "Situação" -> "situacao"."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = plain.replace("º", "o").replace("°", "o").replace("ª", "a")
    return re.sub(r"[\s\-./]+", "_", plain).strip("_")


def _shown(value: str) -> str:
    """A cell value made safe for a one-line message."""
    value = " ".join(value.split())
    value = "".join(ch if ch.isprintable() else "?" for ch in value)
    if len(value) > _MAX_SHOWN:
        value = value[: _MAX_SHOWN - 1] + "…"
    return value


def too_large() -> InputError:
    return InputError(
        f"O arquivo passa de {MAX_CSV_LABEL}, o limite da simulação (cerca de um milhão de candidatos); "
        "retire as colunas que a simulação não usa ou divida a lista.",
        FIELD,
    )


_UTF16 = "Linha 1: o arquivo está em UTF-16; salve-o como CSV em UTF-8 ou Windows-1252."


def _decode(data: bytes) -> tuple[str, str]:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise InputError("O arquivo CSV deve ser lido como bytes.", FIELD)
    if len(data) > MAX_CSV_BYTES:
        raise too_large()
    if not isinstance(data, bytes):
        data = bytes(data)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(_UTF16, FIELD)
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError as exc:
            raise _decode_error(data[3:], exc.start, "UTF-8") from None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("windows-1252"), "windows-1252"
    except UnicodeDecodeError as exc:
        raise _decode_error(data, exc.start, "UTF-8 nem Windows-1252") from None


def _decode_error(data: bytes, offset: int, what: str) -> InputError:
    line = data.count(b"\n", 0, offset) + 1
    # column: separators before the bad byte on its line (the header line decides the separator;
    # quotes are not taken into account — this is only a pointer for the user)
    first_nl = data.find(b"\n")
    header = data[: first_nl if first_nl >= 0 else len(data)]
    sep = b";" if header.count(b";") >= max(1, header.count(b",")) else b","
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = data.count(sep, line_start, offset) + 1
    return InputError(
        f"Linha {line}, coluna {column}: o arquivo contém bytes que não são texto válido em {what} "
        f"(byte 0x{data[offset]:02X}); salve-o como CSV em UTF-8.",
        FIELD,
    )


def _sniff_delimiter(header_line: str) -> str:
    # Excel in pt-BR writes ';'; most other tools write ','; "texto separado por tabulações" writes tabs.
    if ";" not in header_line and "," not in header_line and "\t" in header_line:
        return "\t"
    return ";" if header_line.count(";") >= max(1, header_line.count(",")) else ","


def _looks_utf16(text: str) -> bool:
    """UTF-16 read as an 8-bit text: a decoded byte-order mark, or a NUL after every other character."""
    if text.startswith(("ÿþ", "þÿ")):
        return True
    head = text[:64]
    return len(head) >= 4 and (head[1::2].count("\x00") >= len(head) // 2 - 1
                               or head[0::2].count("\x00") >= len(head) // 2 - 1)


# A line as editors and the csv module see it: ended by \r\n, \n or \r (str.splitlines would also
# split on U+001C…U+001E, U+0085, U+2028… inside a name).
_LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+")


def read_candidates(data: bytes) -> CandidateTable:
    """Parse and validate a classification list. Raises InputError (field "csv")."""
    text, encoding = _decode(data)
    if "\x00" in text:
        if _looks_utf16(text):
            raise InputError(_UTF16, FIELD)
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise InputError(f"Linha {line}: o arquivo contém o caractere nulo (não é um CSV de texto).", FIELD)
    # a second byte-order mark (a file saved twice "with BOM") is not part of the first column's name
    bom = 0
    while text.startswith("\ufeff", bom):
        bom += 1
    if not text[bom:].strip():
        raise InputError("Linha 1: o arquivo está vazio (falta o cabeçalho com os nomes das colunas).", FIELD)

    # The lines are read lazily from the one copy of the text (no list of lines, no StringIO copy).
    lines = (m.group() for m in _LINE.finditer(text, bom))
    first = 0
    header_line = ""
    for header_line in lines:
        if header_line.strip():
            break
        first += 1  # leading blank lines
    delimiter = _sniff_delimiter(header_line)
    state = {"line": first + 1}  # line of the row being read, for csv.Error messages
    try:
        return _parse(itertools.chain((header_line,), lines), first, delimiter, encoding, state)
    except csv.Error as exc:  # malformed quoting, over-long field...
        raise InputError(f"Linha {state['line']}: CSV malformado ({_csv_reason(exc)}).", FIELD) from None


def _csv_reason(exc: csv.Error) -> str:
    msg = str(exc)
    if "field larger" in msg:
        return "um campo excede o tamanho máximo"
    if "EOF" in msg or "end of data" in msg or "quote" in msg.lower():
        return "aspas não fechadas ou mal colocadas"
    return "conteúdo não reconhecido"


def _parse(lines, first: int, delimiter: str, encoding: str, state: dict) -> CandidateTable:
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    header = next(reader, None)
    if header is None:  # pragma: no cover - guarded by the blank check
        raise InputError("Linha 1: o arquivo está vazio.", FIELD)
    header_line = first + 1

    col_index: dict[str, int] = {}
    display: dict[str, str] = {}
    ignored: list[str] = []
    for i, raw in enumerate(header):
        name = normalise(raw)
        col = _HEADER_TO_COLUMN.get(name)
        if col is None:
            if not name and not raw.strip():
                continue  # empty trailing header cell (Excel)
            ignored.append(_shown(raw))
            continue
        if col in col_index:
            raise InputError(
                f"Linha {header_line}, coluna {i + 1} (“{_shown(raw)}”): a coluna “{col}” aparece "
                "mais de uma vez no cabeçalho.",
                FIELD,
            )
        col_index[col] = i
        display[col] = _shown(raw) or col

    if "inscricao" not in col_index:
        raise InputError(
            f"Linha {header_line}: falta a coluna obrigatória “inscricao” no cabeçalho "
            f"(separador detectado: “{sep_name(delimiter)}”).",
            FIELD,
        )
    if "classificacao" not in col_index and "nota" not in col_index:
        raise InputError(
            f"Linha {header_line}: falta a coluna obrigatória “classificacao” (ou “nota”, para ordenar "
            "pela nota) no cabeçalho.",
            FIELD,
        )
    ranked_by = "classificacao" if "classificacao" in col_index else "nota"
    width = len(header)

    def where(line: int, col: str) -> str:
        return f"Linha {line}, coluna {col_index[col] + 1} (“{display[col]}”)"

    rows: list[Candidate] = []
    notas: list = []  # raw score cells, then (format decided) their Decimal values
    scores = _ScoreFormat()
    seen_insc: dict[str, int] = {}
    seen_rank: dict[int, int] = {}
    i_insc = col_index["inscricao"]
    i_rank = col_index.get("classificacao")
    i_nota = col_index.get("nota")
    i_nome = col_index.get("nome")
    # coded columns, in Candidate field order: (column, index, cache raw -> value, parser)
    parsers = {
        "cotista": _parse_bool,
        "pcd": _parse_bool,
        "genero": _parse_gender,
        "situacao": lambda raw, w: _parse_choice(raw, SITUATIONS, w, "situação"),
        "heteroidentificacao": lambda raw, w: _parse_choice(raw, HETERO_VALUES, w, "heteroidentificação"),
    }
    defaults = {"cotista": False, "pcd": False, "genero": None, "situacao": "", "heteroidentificacao": ""}
    coded = []
    empty = len(header)  # index of an always-empty cell appended to each row for absent columns
    for col, parser in parsers.items():
        coded.append((col, col_index.get(col, empty), {"": defaults[col]}, parser))
    for line, row in data_rows(reader, first, width, delimiter, state):
        row.append("")  # the always-empty cell of absent coded columns

        insc = row[i_insc].strip()
        if not insc:
            raise InputError(f"{where(line, 'inscricao')}: a inscrição está vazia.", FIELD)
        if insc in seen_insc:
            raise InputError(
                f"{where(line, 'inscricao')}: a inscrição “{_shown(insc)}” repete a da linha "
                f"{seen_insc[insc]}.",
                FIELD,
            )
        seen_insc[insc] = line

        rank = 0
        if i_rank is not None:
            raw = row[i_rank]
            if raw.isdigit() and raw.isascii() and len(raw) < 10:
                rank = int(raw)
            else:
                rank = _parse_rank(raw, line, where)
            if rank < 1:
                _parse_rank(raw, line, where)  # raises
            if rank in seen_rank:
                raise InputError(
                    f"{where(line, 'classificacao')}: a classificação {rank} repete a da linha "
                    f"{seen_rank[rank]}.",
                    FIELD,
                )
            seen_rank[rank] = line
        else:
            raw = row[i_nota]
            scores.see(raw, line, where)
            notas.append(raw)

        values = []
        for col, i, cache, parser in coded:
            raw = row[i]
            try:
                values.append(cache[raw])
            except KeyError:
                cache[raw] = value = parser(raw, where(line, col))
                values.append(value)
        rows.append(Candidate(insc, rank, line, row[i_nome].strip() if i_nome is not None else "", *values))

    if not rows:
        raise InputError(
            f"Linha {header_line + 1}: o arquivo tem cabeçalho, mas nenhum candidato.", FIELD
        )

    ties: list[tuple[str, ...]] = []
    score_format = None
    if ranked_by == "nota":
        score_format = scores.decide(where)
        scores.cache.clear()
        _score_keys(notas, score_format)
        # higher score first; ties keep the order of the lines (documented tie-breaking)
        order = sorted(range(len(rows)), key=notas.__getitem__, reverse=True)  # stable
        for pos, i in enumerate(order, start=1):
            rows[i].rank = pos
        prev = None
        group: list[str] = []
        for i in order:
            if prev is not None and notas[i] == prev:
                group.append(rows[i].inscricao)
            else:
                if len(group) > 1:
                    ties.append(tuple(group))
                group = [rows[i].inscricao]
            prev = notas[i]
        if len(group) > 1:
            ties.append(tuple(group))
    rows.sort(key=lambda c: c.rank)
    return CandidateTable(
        candidates=rows,
        columns=tuple(c for c in COLUMN_ALIASES if c in col_index),
        ignored_columns=tuple(ignored),
        delimiter=delimiter,
        encoding=encoding,
        ranked_by=ranked_by,
        ties=ties,
        score_format=score_format,
    )


def sep_name(delimiter: str) -> str:
    """The detected separator as messages name it (a tab is not visible between quotes)."""
    return _SEP_NAMES.get(delimiter, delimiter)


def data_rows(reader, first: int, width: int, delimiter: str, state: dict):
    """The rows after the header of a csv.reader that began at the header (line ``first + 1``): each as
    ``(line, cells)``, line being where the row starts (csv counts the physical lines of a quoted field
    itself), cells padded or cut to the header's ``width``; blank lines skipped.  A row with text beyond
    the header's columns is refused.  ``state["line"]`` is kept at the line being read, for the
    message of a csv.Error raised while reading it.  Shared by every CSV this package reads."""
    physical_end = first + 1  # the header's line
    while True:
        state["line"] = physical_end + 1
        row = next(reader, None)
        if row is None:
            return
        line = physical_end + 1
        physical_end = first + reader.line_num
        if not "".join(row).strip():
            continue  # blank line
        if len(row) > width and any(cell.strip() for cell in row[width:]):
            raise InputError(
                f"Linha {line}, coluna {width + 1}: a linha tem mais colunas ({len(row)}) que o cabeçalho "
                f"({width}); confira o separador “{sep_name(delimiter)}” e as aspas.",
                FIELD,
            )
        if len(row) < width:
            row = row + [""] * (width - len(row))
        elif len(row) > width:
            row = row[:width]
        yield line, row


def _parse_rank(raw: str, line: int, where) -> int:
    m = _RANK_RE.fullmatch(raw.strip(BLANKS))
    if not m and re.fullmatch(r"[0-9]{10,}[ \t]*[º°ªo]?", raw.strip(BLANKS)):
        raise InputError(
            f"{where(line, 'classificacao')}: a classificação “{_shown(raw)}” é grande demais (o máximo "
            "é 999.999.999).", FIELD)
    if not m or int(m.group(1)) < 1:
        shown = f"“{_shown(raw)}”" if raw.strip(BLANKS) else "vazia"
        raise InputError(
            f"{where(line, 'classificacao')}: classificação {shown} não é um número inteiro positivo.", FIELD
        )
    return int(m.group(1))


def _parse_bool(raw: str, where: str) -> bool:
    value = normalise(raw)
    if value in _YES:
        return True
    if value in _NO:
        return False
    raise InputError(f"{where}: valor “{_shown(raw)}” não reconhecido; use sim ou não (s/n).", FIELD)


def _parse_gender(raw: str, where: str) -> str | None:
    value = normalise(raw)
    if value in _GENDER:
        return _GENDER[value]
    raise InputError(f"{where}: valor “{_shown(raw)}” não reconhecido; use F ou M.", FIELD)


def _parse_choice(raw: str, allowed: tuple[str, ...], where: str, what: str) -> str:
    value = normalise(raw)
    if value in allowed:
        return value
    accepted = ", ".join(v for v in allowed if v)
    raise InputError(
        f"{where}: {what} “{_shown(raw)}” não reconhecida; deixe vazio ou use um destes valores: "
        f"{accepted}.", FIELD
    )


class _ScoreFormat:
    """Decides, from every score of the file, how its separators are read — once, for the file.

    A cell is checked against both conventions: pt-BR (``1.234,5``: ``.`` groups thousands, ``,`` is
    decimal) and en (``1,234.5``).  Cells valid in only one decide; cells valid in both with the same
    value (``78``) are neutral; cells valid in both with different values (``1.234``) follow the
    decided convention, and with nothing to decide the file is refused."""

    _BR = re.compile(r"[+-]?(?:[0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+)(?:,[0-9]+)?")
    _EN = re.compile(r"[+-]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?")

    def __init__(self):
        self.first = {"virgula": None, "ponto": None, "ambos": None}  # (line, raw) of the first such cell
        self.cache: dict[str, str] = {}

    def see(self, raw: str, line: int, where) -> None:
        kind = self.cache.get(raw)
        if kind is None:
            text = _compact(raw)
            br, en = self._BR.fullmatch(text), self._EN.fullmatch(text)
            if len(text) > 40:  # no real score; and int() refuses 4,300 digits
                br = en = None
            if not br and not en:
                shown = f"“{_shown(raw)}”" if raw.strip(BLANKS) else "vazia"
                raise InputError(f"{where(line, 'nota')}: nota {shown} não é um número (ex.: 78,5).", FIELD)
            if br and en:
                kind = "ambos" if ("." in text or "," in text) else "neutro"
            else:
                kind = "virgula" if br else "ponto"
            self.cache[raw] = kind
        if kind != "neutro" and self.first[kind] is None:
            self.first[kind] = (line, raw)

    def decide(self, where) -> str:
        comma, point, both = self.first["virgula"], self.first["ponto"], self.first["ambos"]
        if comma and point:
            (l1, r1), (l2, r2) = sorted((comma, point))
            k1, k2 = ("vírgula", "ponto") if (l1, r1) == comma else ("ponto", "vírgula")
            raise InputError(
                f"{where(l2, 'nota')}: a nota “{_shown(r2)}” usa {k2} como separador decimal, mas a da "
                f"linha {l1} (“{_shown(r1)}”) usa {k1}; use um só formato em todo o arquivo (ex.: 1234,5).",
                FIELD)
        if comma:
            return "virgula"
        if point:
            return "ponto"
        if both:
            line, raw = both
            text = _compact(raw)
            sep = "ponto" if "." in text else "vírgula"
            raise InputError(
                f"{where(line, 'nota')}: a nota “{_shown(raw)}” pode ser lida com {sep} separando milhares "
                f"ou como separador decimal, e nenhuma outra nota do arquivo decide; escreva as notas sem "
                "separador de milhar (ex.: 1234 ou 1,234).",
                FIELD)
        return "inteiro"


def _compact(raw: str) -> str:
    return raw.strip(BLANKS).replace(" ", "").replace("\u00a0", "").replace("\u202f", "")


def _score_keys(notas: list, score_format: str) -> None:
    """Replace each score cell, in place, by an exact integer key: the score times 10^d, d the largest
    number of decimals in the file (1,5 and 1,50 → 150 and 150).  Integers take a third of the memory
    of Decimals, and each cell's text is freed as its key is made."""
    most = 0
    for i, raw in enumerate(notas):
        text = _compact(raw)
        if score_format == "virgula":
            text = text.replace(".", "").replace(",", ".")
        elif score_format == "ponto":
            text = text.replace(",", "")
        point = text.find(".")
        decimals = len(text) - point - 1 if point >= 0 else 0
        most = max(most, decimals)
        notas[i] = (text.replace(".", ""), decimals)
    scale = [10 ** (most - d) for d in range(most + 1)]
    for i, (digits, decimals) in enumerate(notas):
        notas[i] = int(digits) * scale[decimals]
