"""Reader for a published classification list (CSV) — the input of the nomination simulator.

Accepts what people really have: ``,`` or ``;`` separators; UTF-8 with or without BOM and
Windows-1252 (what Excel exports in Brazil); header names case- and accent-insensitive; extra
columns kept and ignored.  Every problem is raised as :class:`calculator.errors.InputError`
with a one-line pt-BR message naming the line and the column (``field == "csv"``).

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from calculator.errors import InputError

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
_RANK_RE = re.compile(r"^([0-9]{1,9})\s*[º°ªo]?$")
_MAX_SHOWN = 40
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
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class CandidateTable:
    candidates: list[Candidate]  # sorted by rank (best first)
    columns: tuple[str, ...]  # canonical columns found in the header
    ignored_columns: tuple[str, ...]  # extra columns, as written in the file
    delimiter: str
    encoding: str  # "utf-8" | "utf-8-sig" | "windows-1252"
    ranked_by: str  # "classificacao" | "nota"
    ties: list[tuple[str, ...]]  # groups of inscricoes tied on `nota` (order of lines used)


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


def _decode(data: bytes) -> tuple[str, str]:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise InputError("O arquivo CSV deve ser lido como bytes.", FIELD)
    data = bytes(data)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(
            "Linha 1: o arquivo está em UTF-16; salve-o como CSV em UTF-8 ou Windows-1252.", FIELD
        )
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


def read_candidates(data: bytes) -> CandidateTable:
    """Parse and validate a classification list. Raises InputError (field "csv")."""
    text, encoding = _decode(data)
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise InputError(f"Linha {line}: o arquivo contém o caractere nulo (não é um CSV de texto).", FIELD)
    if not text.strip():
        raise InputError("Linha 1: o arquivo está vazio (falta o cabeçalho com os nomes das colunas).", FIELD)

    # split on \n, \r\n and \r only (what editors and the csv module call a line)
    lines = io.StringIO(text, newline="").readlines()
    # skip leading blank lines
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    delimiter = _sniff_delimiter(lines[first])
    state = {"line": first + 1}  # line of the row being read, for csv.Error messages
    try:
        return _parse(lines, first, delimiter, encoding, state)
    except csv.Error as exc:  # malformed quoting, over-long field...
        raise InputError(f"Linha {state['line']}: CSV malformado ({_csv_reason(exc)}).", FIELD) from None


def _csv_reason(exc: csv.Error) -> str:
    msg = str(exc)
    if "field larger" in msg:
        return "um campo excede o tamanho máximo"
    if "EOF" in msg or "end of data" in msg or "quote" in msg.lower():
        return "aspas não fechadas ou mal colocadas"
    return "conteúdo não reconhecido"


def _parse(lines: list[str], first: int, delimiter: str, encoding: str, state: dict) -> CandidateTable:
    reader = csv.reader(lines[first:], delimiter=delimiter, strict=True)
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
            f"(separador detectado: “{_SEP_NAMES.get(delimiter, delimiter)}”).",
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
    notas: list[Decimal] = []
    seen_insc: dict[str, int] = {}
    seen_rank: dict[int, int] = {}
    extra_idx = [i for i in range(width) if i not in col_index.values() and header[i].strip()]
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
    physical_end = header_line  # csv counts physical lines itself
    while True:
        state["line"] = physical_end + 1
        row = next(reader, None)
        if row is None:
            break
        line = physical_end + 1
        physical_end = first + reader.line_num
        if not "".join(row).strip():
            continue  # blank line
        if len(row) > width and any(cell.strip() for cell in row[width:]):
            raise InputError(
                f"Linha {line}, coluna {width + 1}: a linha tem mais colunas ({len(row)}) que o cabeçalho "
                f"({width}); confira o separador “{_SEP_NAMES.get(delimiter, delimiter)}” e as aspas.",
                FIELD,
            )
        if len(row) < width:
            row = row + [""] * (width - len(row))
        elif len(row) > width:
            row = row[:width]
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
            notas.append(_parse_nota(row[i_nota], where(line, "nota")))

        values = []
        for col, i, cache, parser in coded:
            raw = row[i]
            try:
                values.append(cache[raw])
            except KeyError:
                cache[raw] = value = parser(raw, where(line, col))
                values.append(value)
        cand = Candidate(insc, rank, line, row[i_nome].strip() if i_nome is not None else "", *values)
        if extra_idx:
            cand.extra = {header[i]: row[i] for i in extra_idx if row[i]}
        rows.append(cand)

    if not rows:
        raise InputError(
            f"Linha {header_line + 1}: o arquivo tem cabeçalho, mas nenhum candidato.", FIELD
        )

    ties: list[tuple[str, ...]] = []
    if ranked_by == "nota":
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
    )


def _parse_rank(raw: str, line: int, where) -> int:
    m = _RANK_RE.match(raw.strip())
    if not m or int(m.group(1)) < 1:
        shown = f"“{_shown(raw)}”" if raw.strip() else "vazia"
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


def _parse_nota(raw: str, where: str) -> Decimal:
    text = raw.strip().replace(" ", "")
    if "," in text:
        # "8,5" (pt-BR) or "1.234,5"
        text = text.replace(".", "").replace(",", ".")
    try:
        value = Decimal(text)
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or not text:
        shown = f"“{_shown(raw)}”" if raw.strip() else "vazia"
        raise InputError(f"{where}: nota {shown} não é um número (ex.: 78,5).", FIELD)
    return value
