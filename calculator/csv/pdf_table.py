"""The vacancy table of an edital's PDF, from its positioned text: the one function both the page (text
from PDF.js, through ``api.handle``'s ``pdf_tabela``) and the CLI (text from a PDF library,
calculator/cli/pdf_reader.py) call, so a PDF reads the same wherever it is opened.

The text comes as runs, ``[page, x0, x1, top, bottom, text]``: page from 1, positions in PDF points, x to
the right and y from the top of the page down.  A run is what a PDF reader gives (a PDF.js text item, a
library's word or line): two spaces or more inside it separate cells, so it is cut there, each piece at the
x its characters take (interpolated by character count, the only measure both readers share).  The table
is rebuilt by calculator/csv/layout.py (the header found by the CSV reader's names; several quadros with the
same header, and a header repeated on the next page, read as one table) and handed back as CSV text, which
the edital's reader reads as it reads any CSV: the table read from the PDF gets the answer its CSV gets.

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass
from fractions import Fraction

from calculator.answer import warning
from calculator.csv.layout import Row, Table, Word, rebuild
from calculator.csv.text import safe_text
from calculator.errors import InputError
from calculator.limits import PDF_PAGES, PDF_RUN_CHARS, PDF_RUNS
from calculator.ptbr import either, format_int

FIELD = "pdf"
#: a run's pieces: words joined by single blanks (two blanks or more separate cells)
_PIECE = re.compile(r"\S+(?:\s\S+)*")
NO_TEXT = ("PDF sem texto: digitalizado (as páginas são imagens), ele não traz o texto que a ferramenta lê. "
           "Copie a tabela de um PDF com texto, digite os cargos ou use um programa de OCR antes.")
_SHAPE = "cada trecho de texto é [página, x0, x1, topo, base, texto]"


@dataclass(frozen=True, slots=True)
class PdfTable:
    """The table found: its CSV text, header and rows (each with its page and line), the pages it spans, a
    sentence saying where it came from, and the warnings about the PDF itself."""

    csv: str
    header: Row
    rows: list[Row]
    pages: list[int]
    source: str
    warnings: list[dict]

    def place(self, csv_line: int) -> Row:
        """The PDF's page and line of the CSV text's line ``csv_line`` (1 is the header)."""
        return self.header if csv_line <= 1 else self.rows[min(csv_line, len(self.rows) + 1) - 2]


def pdf_table(runs: object, name: object = None, pages: object = None) -> PdfTable:
    """Positioned text (see the module) → the vacancy table, or InputError (field ``pdf``): no text (a
    scan), no vacancy table's header, a row that does not fit the header's columns, or malformed input.
    ``name``: the PDF's file name, for the sentences; ``pages``: how many pages it has (the pages without
    text are then named)."""
    shown = _name(name)
    total = _pages(pages)
    words = _words(runs, total)
    if not words:
        raise InputError(NO_TEXT, FIELD)
    found = rebuild(words)
    read = total or max(w.page for w in words)
    if found is None:
        raise InputError(
            f"{shown}: nenhuma tabela de vagas nas {format_int(read)} páginas lidas: a ferramenta procura "
            "uma linha de cabeçalho que nomeie o cargo (CARGO, CARGO/FUNÇÃO) e uma coluna de vagas (VAGAS, "
            "TOTAL ou AMPLA CONCORRÊNCIA)." if read > 1 else
            f"{shown}: nenhuma tabela de vagas na página lida: a ferramenta procura uma linha de cabeçalho "
            "que nomeie o cargo (CARGO, CARGO/FUNÇÃO) e uma coluna de vagas (VAGAS, TOTAL ou AMPLA "
            "CONCORRÊNCIA).", FIELD)
    if found.unplaced is not None:
        bad, head = found.unplaced, found.header
        raise InputError(
            f"{shown}, página {bad.page}, linha {bad.line}: as colunas desta linha não se alinham com as do "
            f"cabeçalho da tabela de vagas (página {head.page}, linha {head.line}): um texto passa por baixo "
            "de duas colunas. Copie a tabela para um CSV e corrija a linha.", FIELD)
    spanned = sorted({found.header.page, *(row.page for row in found.rows)})
    return PdfTable(_csv(found), found.header, found.rows, spanned, _source(shown, found, spanned),
                    _blank_pages(words, total))


def _name(name: object) -> str:
    if name is None or name == "":
        return "O PDF"
    if not isinstance(name, str):
        raise InputError("o nome do PDF (“nome”) deve ser um texto", FIELD)
    return f"O PDF “{safe_text(name)}”"


def _pages(pages: object) -> int | None:
    if pages is None:
        return None
    if not isinstance(pages, int) or isinstance(pages, bool) or pages < 1:
        raise InputError("o número de páginas do PDF (“paginas”) deve ser um inteiro ≥ 1", FIELD)
    if pages > PDF_PAGES:
        raise InputError(f"O PDF tem {format_int(pages)} páginas: o limite é {format_int(PDF_PAGES)}; "
                         "separe as páginas da tabela de vagas num PDF menor.", FIELD)
    return pages


def _words(runs: object, pages: int | None) -> list[Word]:
    """The runs checked and cut into words (blank runs left out)."""
    if not isinstance(runs, list):
        raise InputError(f"o texto do PDF (“palavras”) deve ser uma lista: {_SHAPE}", FIELD)
    if len(runs) > PDF_RUNS:
        raise InputError(f"O PDF tem {format_int(len(runs))} trechos de texto: o limite é "
                         f"{format_int(PDF_RUNS)}; separe as páginas da tabela de vagas num PDF menor.",
                         FIELD)
    words: list[Word] = []
    for i, run in enumerate(runs, 1):
        page, x0, x1, top, bottom, text = _run(i, run, pages)
        if text.strip():
            words.extend(_cut(page, x0, x1, top, bottom, text))
    return words


def _run(i: int, run: object, pages: int | None) -> tuple:
    where = f"“palavras”, item {format_int(i)}"
    if not isinstance(run, list | tuple) or len(run) != 6:
        raise InputError(f"{where}: {_SHAPE}", FIELD)
    page, *position, text = run
    if not isinstance(page, int) or isinstance(page, bool) or page < 1:
        raise InputError(f"{where}: a página deve ser um inteiro ≥ 1", FIELD)
    limit = pages or PDF_PAGES
    if page > limit:
        raise InputError(f"{where}: a página {format_int(page)} passa da última "
                         f"({format_int(limit)})", FIELD)
    if not all(_finite(v) for v in position):
        raise InputError(f"{where}: as posições devem ser números finitos", FIELD)
    x0, x1, top, bottom = (Fraction(v) for v in position)
    if not isinstance(text, str):
        raise InputError(f"{where}: o texto deve ser um texto", FIELD)
    if len(text) > PDF_RUN_CHARS:
        raise InputError(f"{where}: o trecho passa de {format_int(PDF_RUN_CHARS)} caracteres", FIELD)
    if text.strip() and not (x0 <= x1 and top < bottom):
        raise InputError(f"{where}: a posição deve ter x0 ≤ x1 e topo < base", FIELD)
    return page, x0, x1, top, bottom, text


def _finite(value: object) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, float) and math.isfinite(value))


def _cut(page: int, x0: Fraction, x1: Fraction, top: Fraction, bottom: Fraction, text: str) -> list[Word]:
    """The run's pieces apart by two blanks or more, each at the share of the run's width its characters
    take."""
    width, n = x1 - x0, len(text)
    return [Word(page, x0 + width * m.start() / n, x0 + width * m.end() / n, top, bottom, m.group())
            for m in _PIECE.finditer(text)]


def _csv(table: Table) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\n")
    writer.writerow(table.header.cells)
    writer.writerows(row.cells for row in table.rows)
    return out.getvalue()


def _source(shown: str, table: Table, pages: list[int]) -> str:
    """Where the table came from, in one sentence."""
    first, last = table.header, (table.rows[-1] if table.rows else table.header)
    if len(pages) == 1:
        where = f"na página {pages[0]}, linhas {first.line} a {last.line}"
    else:
        where = (f"nas páginas {either([str(p) for p in pages], 'e')}, da linha {first.line} da página "
                 f"{first.page} à linha {last.line} da página {last.page}")
    return f"{shown}: tabela de vagas lida {where}."


def _blank_pages(words: list[Word], pages: int | None) -> list[dict]:
    """The PDF's pages with no text (images: part of the table may be on them)."""
    if pages is None:
        return []
    blank = sorted(set(range(1, pages + 1)) - {w.page for w in words})
    if not blank:
        return []
    shown = either([str(p) for p in blank[:10]], "e") + (f" e mais {len(blank) - 10}" if len(blank) > 10
                                                          else "")
    one = len(blank) == 1
    return [warning("pdf_paginas_sem_texto", "aviso",
                    f"{'A página' if one else 'As páginas'} {shown} do PDF {'não tem' if one else 'não têm'} "
                    "texto (são imagens): se a tabela de vagas continua nelas, essa parte não foi lida.", [])]


def api_pdf_table(req: dict) -> dict:
    """api.handle runner for ``pdf_tabela``: ``palavras`` (the positioned text), ``nome`` and ``paginas``
    (optional)."""
    from calculator import VERSION
    from calculator.answer import SCHEMA_VERSION
    from calculator.stages.inputs import check_fields

    check_fields(req, ("nome", "paginas", "palavras"), ("palavras",))
    found = pdf_table(req["palavras"], req.get("nome"), req.get("paginas"))
    return {"command": "pdf_tabela", "schema_version": SCHEMA_VERSION, "calculator_version": VERSION,
            "csv": found.csv, "header": found.header.cells,
            "rows": [{"cells": row.cells, "page": row.page, "line": row.line} for row in found.rows],
            "pages": found.pages, "source": found.source, "warnings": found.warnings}
