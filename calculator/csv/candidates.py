"""Reader for a published classification list (CSV) — the input of the nomination simulator.

Accepts what people really have: ``,`` or ``;`` separators; UTF-8 with or without BOM and
Windows-1252 (what Excel exports in Brazil; decoding and separator: :mod:`calculator.csv.text`); header
names case- and accent-insensitive; extra columns ignored and reported by name (``ignored_columns``).
Every problem is raised as :class:`calculator.errors.InputError` with a one-line pt-BR message naming
the line and the column (``field == "csv"``).

Scores (``nota``) are read in ONE format for the whole file, decided from all its cells and reported
(``score_format``): ``virgula`` (8,5 and 1.234,5), ``ponto`` (8.5 and 1,234.5) or ``inteiro``.  A file
that mixes the two, or whose every score could be read both ways ("1.234" alone), is refused: a
score is never guessed cell by cell (:mod:`calculator.csv.scores`).

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass

from calculator.csv.scores import ScoreFormat, score_keys
from calculator.csv.text import FIELD, csv_reason, data_rows, normalise, open_lines, safe_text, sep_name
from calculator.errors import InputError
from calculator.stages.inputs import BLANKS

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


def read_candidates(data: bytes) -> CandidateTable:
    """Parse and validate a classification list. Raises InputError (field "csv")."""
    lines, first, delimiter, encoding = open_lines(
        data, "Linha 1: o arquivo está vazio (falta o cabeçalho com os nomes das colunas).")
    state = {"line": first + 1}  # line of the row being read, for csv.Error messages
    try:
        return _parse(lines, first, delimiter, encoding, state)
    except csv.Error as exc:  # malformed quoting, over-long field...
        raise InputError(f"Linha {state['line']}: CSV malformado ({csv_reason(exc)}).", FIELD) from None


def _parse(lines, first: int, delimiter: str, encoding: str, state: dict) -> CandidateTable:
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    header = next(reader, None)
    if header is None:  # pragma: no cover - guarded by the blank check
        raise InputError("Linha 1: o arquivo está vazio.", FIELD)
    cols = _Columns(header, first + 1, delimiter)
    rows, notas, scores = _read_rows(reader, first, len(header), delimiter, state, cols)
    if not rows:
        raise InputError(
            f"Linha {cols.header_line + 1}: o arquivo tem cabeçalho, mas nenhum candidato.", FIELD
        )
    score_format, ties = None, []
    if cols.ranked_by == "nota":
        score_format, ties = _rank_by_score(rows, notas, scores, cols.where)
    rows.sort(key=lambda c: c.rank)
    return CandidateTable(
        candidates=rows,
        columns=tuple(c for c in COLUMN_ALIASES if c in cols.index),
        ignored_columns=tuple(cols.ignored),
        delimiter=delimiter,
        encoding=encoding,
        ranked_by=cols.ranked_by,
        ties=ties,
        score_format=score_format,
    )


class _Columns:
    """The header read: each known column's index and its name as written, the columns ignored, and what
    the list is ranked by; a repeated or missing required column is refused."""

    def __init__(self, header: list[str], header_line: int, delimiter: str):
        self.header_line = header_line
        self.index: dict[str, int] = {}
        self.display: dict[str, str] = {}
        self.ignored: list[str] = []
        for i, raw in enumerate(header):
            name = normalise(raw)
            col = _HEADER_TO_COLUMN.get(name)
            if col is None:
                if name or raw.strip():  # (an empty trailing header cell, as Excel writes, is no column)
                    self.ignored.append(safe_text(raw))
                continue
            if col in self.index:
                raise InputError(
                    f"Linha {header_line}, coluna {i + 1} (“{safe_text(raw)}”): a coluna “{col}” aparece "
                    "mais de uma vez no cabeçalho.",
                    FIELD,
                )
            self.index[col] = i
            self.display[col] = safe_text(raw) or col
        if "inscricao" not in self.index:
            raise InputError(
                f"Linha {header_line}: falta a coluna obrigatória “inscricao” no cabeçalho "
                f"(separador detectado: “{sep_name(delimiter)}”).",
                FIELD,
            )
        if "classificacao" not in self.index and "nota" not in self.index:
            raise InputError(
                f"Linha {header_line}: falta a coluna obrigatória “classificacao” (ou “nota”, para ordenar "
                "pela nota) no cabeçalho.",
                FIELD,
            )
        self.ranked_by = "classificacao" if "classificacao" in self.index else "nota"

    def where(self, line: int, col: str) -> str:
        return f"Linha {line}, coluna {self.index[col] + 1} (“{self.display[col]}”)"


#: The coded columns, in Candidate field order: column → (parser, value of an empty or absent cell).
_CODED = {
    "cotista": (lambda raw, w: _parse_bool(raw, w), False),
    "pcd": (lambda raw, w: _parse_bool(raw, w), False),
    "genero": (lambda raw, w: _parse_gender(raw, w), None),
    "situacao": (lambda raw, w: _parse_choice(raw, SITUATIONS, w, "situação"), ""),
    "heteroidentificacao": (lambda raw, w: _parse_choice(raw, HETERO_VALUES, w, "heteroidentificação"), ""),
}


def _read_rows(reader, first: int, width: int, delimiter: str, state: dict, cols: _Columns):
    """(the candidates, their raw score cells, the score format seen so far), each row checked."""
    where = cols.where
    rows: list[Candidate] = []
    notas: list = []  # raw score cells, then (format decided) their Decimal values
    scores = ScoreFormat()
    seen_insc: dict[str, int] = {}
    seen_rank: dict[int, int] = {}
    i_insc = cols.index["inscricao"]
    i_rank = cols.index.get("classificacao")
    i_nota = cols.index.get("nota")
    i_nome = cols.index.get("nome")
    empty = width  # index of an always-empty cell appended to each row for absent columns
    # (column, index, cache raw -> value, parser): a value seen once is not parsed again
    coded = [(col, cols.index.get(col, empty), {"": default}, parser)
             for col, (parser, default) in _CODED.items()]
    for line, row in data_rows(reader, first, width, delimiter, state):
        row.append("")  # the always-empty cell of absent coded columns
        insc = row[i_insc].strip()
        if not insc:
            raise InputError(f"{where(line, 'inscricao')}: a inscrição está vazia.", FIELD)
        if insc in seen_insc:
            raise InputError(
                f"{where(line, 'inscricao')}: a inscrição “{safe_text(insc)}” repete a da linha "
                f"{seen_insc[insc]}.",
                FIELD,
            )
        seen_insc[insc] = line
        rank = 0
        if i_rank is not None:
            rank = _rank_cell(row[i_rank], line, where, seen_rank)
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
    return rows, notas, scores


def _rank_cell(raw: str, line: int, where, seen: dict[int, int]) -> int:
    """A classification cell: a whole number ≥ 1 not seen before."""
    if raw.isdigit() and raw.isascii() and len(raw) < 10:
        rank = int(raw)
    else:
        rank = _parse_rank(raw, line, where)
    if rank < 1:
        _parse_rank(raw, line, where)  # raises
    if rank in seen:
        raise InputError(
            f"{where(line, 'classificacao')}: a classificação {rank} repete a da linha {seen[rank]}.",
            FIELD,
        )
    seen[rank] = line
    return rank


def _rank_by_score(rows: list[Candidate], notas: list, scores: ScoreFormat, where):
    """Rank by score, higher first; ties keep the order of the lines (documented tie-breaking). Returns
    (the score format, the groups of tied inscriptions)."""
    score_format = scores.decide(where)
    scores.cache.clear()
    score_keys(notas, score_format)
    order = sorted(range(len(rows)), key=notas.__getitem__, reverse=True)  # stable
    for pos, i in enumerate(order, start=1):
        rows[i].rank = pos
    ties: list[tuple[str, ...]] = []
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
    return score_format, ties


def _parse_rank(raw: str, line: int, where) -> int:
    m = _RANK_RE.fullmatch(raw.strip(BLANKS))
    if not m and re.fullmatch(r"[0-9]{10,}[ \t]*[º°ªo]?", raw.strip(BLANKS)):
        raise InputError(
            f"{where(line, 'classificacao')}: a classificação “{safe_text(raw)}” é grande demais (o máximo "
            "é 999.999.999).", FIELD)
    if not m or int(m.group(1)) < 1:
        shown = f"“{safe_text(raw)}”" if raw.strip(BLANKS) else "vazia"
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
    raise InputError(f"{where}: valor “{safe_text(raw)}” não reconhecido; use sim ou não (s/n).", FIELD)


def _parse_gender(raw: str, where: str) -> str | None:
    value = normalise(raw)
    if value in _GENDER:
        return _GENDER[value]
    raise InputError(f"{where}: valor “{safe_text(raw)}” não reconhecido; use F ou M.", FIELD)


def _parse_choice(raw: str, allowed: tuple[str, ...], where: str, what: str) -> str:
    value = normalise(raw)
    if value in allowed:
        return value
    accepted = ", ".join(v for v in allowed if v)
    raise InputError(
        f"{where}: {what} “{safe_text(raw)}” não reconhecida; deixe vazio ou use um destes valores: "
        f"{accepted}.", FIELD
    )
