"""The CLI's PDF reading (``cotas edital edital.pdf``): the PDF's characters, with pdfminer.six, turned into
the positioned runs calculator/csv/pdf_table.py reads (the page gives it PDF.js's instead), and the vacancy
table it finds as CSV text for the edital's reader.

pdfminer.six, not pdfplumber or pypdf (bench/pdf_libraries.py compares them on tests/pdfs.py): pure Python
(MIT), it gives each character's box, which is all the shared function needs; pdfplumber adds pypdfium2
and Pillow to the same pdfminer.six for drawing and tables we do not use, and pypdf gives no character
boxes (only a text laid out in spaces, which splits cells at its own guess).  It is the package's one
optional dependency (``pip install "cotas-em-concursos[pdf]"``), imported only here, when a PDF is read:
``calculator`` itself stays standard-library only.
"""

from __future__ import annotations

import io
import os
import re
from fractions import Fraction

from calculator.answer import warning
from calculator.csv.pdf_table import PdfTable, pdf_table
from calculator.csv.text import safe_text
from calculator.errors import InputError
from calculator.limits import PDF_PAGES, PDF_RUNS
from calculator.ptbr import format_int

FIELD = "arquivo"
INSTALL = ("Para ler um PDF, instale o leitor de PDF da ferramenta: pip install \"cotas-em-concursos[pdf]\" "
           "(ou salve a tabela de vagas como CSV).")
#: two characters are in one word when the gap between them is less than this share of their size
_WORD_GAP = Fraction(3, 20)
#: "Linha 12" at a message's start (after an edital's name): a line of the CSV text the PDF's table became
_CSV_LINE = re.compile(r"^((?:.*?: )?)Linha (\d+)")


def is_pdf(data: bytes) -> bool:
    """A PDF by its magic bytes (readers accept them anywhere in the first kilobyte)."""
    return b"%PDF-" in data[:1024]


def read_pdf_table(data: bytes, name: str) -> PdfTable:
    """The PDF's vacancy table (InputError: a scan, an encrypted or damaged PDF, no table)."""
    runs, pages = pdf_runs(data, name)
    return pdf_table(runs, name, pages)


def pdf_runs(data: bytes, name: str) -> tuple[list[list], int]:
    """The PDF's words as ``[page, x0, x1, top, bottom, text]`` runs, and its number of pages."""
    try:
        from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    except ImportError:
        raise InputError(INSTALL, FIELD) from None
    shown = f"O PDF “{safe_text(name)}”"
    runs: list[list] = []
    pages = 0
    try:
        for page in _pages(data):
            pages += 1
            if pages > PDF_PAGES:
                raise InputError(f"{shown} tem mais de {format_int(PDF_PAGES)} páginas, o limite; separe as "
                                 "páginas da tabela de vagas num PDF menor.", FIELD)
            runs.extend([pages, *word] for word in _words(page))
            if len(runs) > PDF_RUNS:
                break  # the shared function refuses it, saying the limit
    except (PDFPasswordIncorrect, PDFEncryptionError):
        raise InputError(f"{shown} está protegido por senha: a ferramenta não abre PDFs que pedem senha. "
                         "Abra-o com a senha e salve uma cópia sem ela, ou salve a tabela como CSV.",
                         FIELD) from None
    except InputError:
        raise
    except (Exception, RecursionError, MemoryError):  # noqa: BLE001 - any failure of a damaged file's parse
        raise InputError(_damaged(shown), FIELD) from None
    if pages == 0:
        raise InputError(_damaged(shown), FIELD)
    return runs, pages


def _pages(data: bytes):
    """The PDF's pages as pdfminer lays them out without its layout analysis (the characters in the order
    the PDF draws them; the rebuilder groups them).  An owner password alone (copying "not allowed")
    opens without asking, and the text is read: the edital is public."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    resources = PDFResourceManager(caching=True)
    device = PDFPageAggregator(resources, laparams=None)
    interpreter = PDFPageInterpreter(resources, device)
    for page in PDFPage.get_pages(io.BytesIO(data), check_extractable=False):
        interpreter.process_page(page)
        yield device.get_result()


def _damaged(shown: str) -> str:
    return (f"{shown} está danificado ou incompleto: a ferramenta não consegue lê-lo. Baixe-o de novo, ou "
            "abra-o num leitor de PDF e salve uma cópia.")


def _words(page) -> list[list]:
    """The page's characters, in the order the PDF draws them, joined into words: ``[x0, x1, top, bottom,
    text]`` (y from the page's top)."""
    top_of_page = page.y1
    words: list[list] = []
    last = None
    for char in _chars(page):
        text = char.get_text()
        if not text.strip():
            last = None
            continue
        top, bottom = top_of_page - char.y1, top_of_page - char.y0
        if last is not None and _same_word(last, char):
            word = words[-1]
            word[1], word[4] = max(word[1], char.x1), word[4] + text
        else:
            words.append([char.x0, char.x1, top, bottom, text])
        last = char
    return words


def _same_word(last, char) -> bool:
    size = max(char.size, last.size, 1)
    # the character's middle within the last one's height
    return 2 * last.y0 <= char.y0 + char.y1 <= 2 * last.y1 and -size < char.x0 - last.x1 < _WORD_GAP * size


def _chars(item):
    from pdfminer.layout import LTChar

    for child in item:
        if isinstance(child, LTChar):
            yield child
        elif hasattr(child, "__iter__"):
            yield from _chars(child)


class PdfTables:
    """The editais' files of one CLI run: each PDF's vacancy table read as CSV text (the bytes the edital's
    reader gets), then, in the answer, where each table came from (a warning ``tabela_do_pdf``, first among
    the edital's warnings, and the PDF's own) and, in a refusal of the table, the PDF's page and line of the
    CSV line it names."""

    def __init__(self):
        self.tables: dict[str, PdfTable] = {}
        self.last: PdfTable | None = None  # the file being answered (each is answered when it is read)

    def read(self, path: str, data: bytes) -> bytes:
        """The file's bytes, a PDF's turned into its table's CSV text."""
        self.last = None
        if not is_pdf(data):
            return data
        # named by the file's own name: a long path would be cut in a message
        self.last = self.tables[path] = read_pdf_table(data, os.path.basename(path) or path)
        return self.last.csv.encode("utf-8")

    def source(self, path: str) -> str | None:
        """Where the table of the file at ``path`` came from, if it was a PDF."""
        table = self.tables.get(path)
        return table.source if table is not None else None

    def answer(self, path: str | None, answer) -> dict:
        """``answer()``, one edital's (of ``path``) or several's, with the PDFs' sources said."""
        try:
            result = answer()
        except InputError as err:
            if self.last is None:
                raise
            raise InputError(_csv_place(err.message, self.last), err.field) from None
        for name, one in ([(path, result)] if path is not None else
                          [(e["name"], e["result"]) for e in result["editais"]]):
            if name in self.tables:
                table = self.tables[name]
                one["warnings"][:0] = [warning("tabela_do_pdf", "aviso", table.source, []), *table.warnings]
        return result


def _csv_place(message: str, table: PdfTable) -> str:
    """A refusal of the CSV text read from the PDF, its line named in the PDF too."""
    def place(match: re.Match) -> str:
        row = table.place(int(match.group(2)))
        return (f"{match.group(1)}Linha {match.group(2)} da tabela lida do PDF (página {row.page}, linha "
                f"{row.line})")

    return _CSV_LINE.sub(place, message, count=1)
