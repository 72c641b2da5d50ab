"""The text of a CSV file, as every CSV this package reads is decoded and cut: bytes to text (UTF-8 with
or without BOM, Windows-1252; UTF-16 refused by name), the separator sniffed from the header (``,``,
``;`` or tab), physical lines, the data rows under the header, header names and cell values made safe
for a one-line pt-BR message.  Shared by the classification list (calculator/csv/candidates.py) and the
table of
cargos (calculator/csv/cargos.py).

At most :data:`MAX_CSV_BYTES` bytes are read (the file is held once, as text, while it is parsed; its
lines are cut lazily from that one copy, never held as a list: :func:`open_lines`).

Standard library only (runs in Pyodide).
"""

from __future__ import annotations

import csv
import itertools
import re
import unicodedata

from calculator.errors import InputError

FIELD = "csv"
MAX_SHOWN = 40
#: Largest classification list accepted, in bytes (about a million candidates of 50 bytes each);
#: docs/simulacao.md and docs/hospedar.md state it, bench/ measures time and memory near it.
MAX_CSV_BYTES = 50_000_000
MAX_CSV_LABEL = "50 MB"
_SEP_NAMES = {"\t": "tabulação"}


def normalise(text: str) -> str:
    """Lowercase, accents removed, runs of spaces/hyphens/dots as ``_``: "Situação" -> "situacao"."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = plain.replace("º", "o").replace("°", "o").replace("ª", "a")
    return re.sub(r"[\s\-./]+", "_", plain).strip("_")


def safe_text(value: str) -> str:
    """A cell value made safe for a one-line message: a control or formatting character is shown by its
    code (<U+001C>), as the tables show it, before runs of spaces are joined (str.split would take some
    control characters for spaces and hide them)."""
    value = "".join(ch if ch.isprintable() or ch in " \t\r\n" else f"<U+{ord(ch):04X}>" for ch in value)
    value = " ".join(value.split())
    if len(value) > MAX_SHOWN:
        value = value[: MAX_SHOWN - 1] + "…"
    return value


def too_large() -> InputError:
    return InputError(
        f"O arquivo passa de {MAX_CSV_LABEL}, o limite da simulação (cerca de um milhão de candidatos); "
        "retire as colunas que a simulação não usa ou divida a lista.",
        FIELD,
    )


def table_too_large() -> InputError:
    """The same limit, said of the edital's table of cargos (the page has this sentence too)."""
    return InputError(f"O arquivo passa de {MAX_CSV_LABEL}, o limite da tabela de cargos; retire as colunas "
                      "que a ferramenta não usa ou divida a tabela.", FIELD)


UTF16 = "Linha 1: o arquivo está em UTF-16; salve-o como CSV em UTF-8 ou Windows-1252."
UTF32 = "Linha 1: o arquivo está em UTF-32; salve-o como CSV em UTF-8 ou Windows-1252."


def decode(data: bytes, large=too_large) -> tuple[str, str]:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise InputError("O arquivo CSV deve ser lido como bytes.", FIELD)
    if len(data) > MAX_CSV_BYTES:
        raise large()
    if not isinstance(data, bytes):
        data = bytes(data)
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise InputError(UTF32, FIELD)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(UTF16, FIELD)
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError as exc:
            raise decode_error(data[3:], exc.start, "UTF-8") from None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("windows-1252")
    except UnicodeDecodeError as exc:
        raise decode_error(data, exc.start, "UTF-8 nem Windows-1252") from None
    if (mac := _MAC_ROMAN.search(text)) is not None:
        line = text.count("\n", 0, mac.start()) + 1
        at = mac.start() + 1
        word = re.search(r"\w*$", text[:at]).group() + re.match(r"\w*", text[at:]).group()
        raise InputError(f"Linha {line}: o arquivo parece estar em Mac Roman (“{safe_text(word)}”, com as "
                         "letras acentuadas trocadas); salve-o como CSV em UTF-8.", FIELD)
    return text, "windows-1252"


#: Mac Roman's é, á, ã, â, õ, ú (bytes 0x8E, 0x87, 0x8B, 0x89, 0x9B, 0x9C) as Windows-1252 reads them; between
#: two letters they are a Portuguese word from a file saved on an old Mac ("MŽdico"), not a word of its own
_MAC_ROMAN = re.compile(r"[A-Za-z][Ž‡‹‰›œ][A-Za-z]")


def decode_error(data: bytes, offset: int, what: str) -> InputError:
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


def sniff_delimiter(header_line: str) -> str:
    # Excel in pt-BR writes ';'; most other tools write ','; "texto separado por tabulações" and a table
    # pasted from Excel or a PDF write tabs (a header such as "Negros, índios e quilombolas" may hold a
    # comma, never a tab).
    tabs = header_line.count("\t")
    if tabs and tabs >= header_line.count(";") and tabs >= header_line.count(","):
        return "\t"
    return ";" if header_line.count(";") >= max(1, header_line.count(",")) else ","


def looks_utf16(text: str) -> bool:
    """UTF-16 read as an 8-bit text: a decoded byte-order mark, or a NUL after every other character."""
    if text.startswith(("ÿþ", "þÿ")):
        return True
    head = text[:64]
    return len(head) >= 4 and (head[1::2].count("\x00") >= len(head) // 2 - 1
                               or head[0::2].count("\x00") >= len(head) // 2 - 1)


# A line as editors and the csv module see it: ended by \r\n, \n or \r (str.splitlines would also
# split on U+001C…U+001E, U+0085, U+2028… inside a name).
LINE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+")
_VISIBLE = re.compile(r"\S")



def open_lines(data: bytes, empty: str, large=too_large):
    """A CSV's bytes → ``(lines, first, delimiter, encoding)``: ``lines`` yields the physical lines from
    the header on, lazily, from the one decoded copy of the text (no list of lines: a file padded with a
    million blank lines, CRLF or not, costs nothing more); ``first`` is the number of blank lines before
    the header.  Refuses UTF-16, NUL and an empty file (``empty``: its message) as every reader does."""
    text, encoding = decode(data, large)
    if "\x00" in text:
        if looks_utf16(text):
            raise InputError(UTF16, FIELD)
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise InputError(f"Linha {line}: o arquivo contém o caractere nulo (não é um CSV de texto).", FIELD)
    bom = 0  # a second byte-order mark (a file saved twice "with BOM") is not part of the first name
    while text.startswith("\ufeff", bom):
        bom += 1
    if not _VISIBLE.search(text, bom):  # (text[bom:].strip() would copy the whole text)
        raise InputError(empty, FIELD)
    lines = (m.group() for m in LINE.finditer(text, bom))
    first = 0
    header = ""
    for header in lines:
        if header.strip():
            break
        first += 1  # leading blank lines
    return itertools.chain((header,), lines), first, sniff_delimiter(header), encoding


def csv_reason(exc: csv.Error) -> str:
    msg = str(exc)
    if "field larger" in msg:
        return "um campo excede o tamanho máximo"
    if "EOF" in msg or "end of data" in msg or "quote" in msg.lower():
        return "aspas não fechadas ou mal colocadas"
    return "conteúdo não reconhecido"


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


def request_bytes(req: dict, too_large, noun: str, text_noun: str, absent: str) -> bytes:
    """A file's bytes from a JSON request: ``csv`` (the text, as the page reads the file; encoded back as
    UTF-8) or ``csv_base64`` (the file's bytes, base64: the page sends a loaded file so), its size checked
    before decoding. ``noun`` ("a lista"), ``text_noun`` ("o texto do arquivo") and ``absent`` (the message
    when neither is given) word the messages; ``too_large`` makes the size's."""
    text, b64 = req.get("csv"), req.get("csv_base64")
    if text is not None and b64 is not None:
        raise InputError(f"informe {noun} em \"csv\" ou em \"csv_base64\", não nos dois", FIELD)
    if b64 is not None:
        import base64
        import binascii

        if not isinstance(b64, str):
            raise InputError("csv_base64 deve ser um texto em base64", FIELD)
        if len(b64) > (MAX_CSV_BYTES + 2) // 3 * 4 + 4:
            raise too_large()
        try:
            return base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise InputError("csv_base64 não é base64 válido", FIELD) from None
    if text is None:
        raise InputError(absent, FIELD)
    if not isinstance(text, str):
        raise InputError(f"csv deve ser {text_noun}", FIELD)
    if len(text) > MAX_CSV_BYTES:
        raise too_large()
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"Linha 1: {text_noun} contém caracteres inválidos", FIELD) from None
