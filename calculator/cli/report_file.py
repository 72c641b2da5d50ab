"""``cotas edital … --relatorio ARQUIVO.html``: the report request made from the files read (each file
named by its name only, with the SHA-256 of its bytes), answered by the same api.handle command as the
page's ``relatorio``, and the file written whole or not at all."""

from __future__ import annotations

import base64
import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from calculator.api import run
from calculator.errors import InputError

FIELD = "relatorio"
#: The reproducible-builds variable: with it, the same inputs give the same report, byte for byte.
EPOCH_ENV = "SOURCE_DATE_EPOCH"
#: A file read from the standard input has no name.
STDIN_NAME = "entrada padrão"


@dataclass(frozen=True)
class ReadTable:
    """A file given on the command line: its path, its bytes (named and hashed in the report), the table
    analysed (the file's bytes, or a CSV rebuilt from it) and where that table came from."""

    path: str
    data: bytes
    table: bytes | None = None
    origin: str | None = None


def generation_time() -> int:
    """SOURCE_DATE_EPOCH when set, else now (epoch seconds)."""
    value = os.environ.get(EPOCH_ENV, "").strip()
    if not value:
        return int(time.time())
    if not value.isascii() or not value.isdigit():
        raise InputError(f"{EPOCH_ENV} deve ser um número inteiro de segundos desde 01/01/1970 UTC", FIELD)
    return int(value)


def _name(path: str) -> str:
    return STDIN_NAME if path == "-" else Path(path).name


def report_request(request: dict, tables: list[ReadTable]) -> dict:
    """The api.handle request of the report (the page's, with the files' names and hashes)."""
    names = [_name(t.path) for t in tables]
    if len(set(names)) < len(names):
        raise InputError("dois arquivos com o mesmo nome: o relatório nomeia cada arquivo só pelo nome "
                         "(sem a pasta); renomeie um deles", FIELD)
    files = [{"nome": name, "sha256": hashlib.sha256(t.data).hexdigest(),
              **({"origem": t.origin} if t.origin else {})} for name, t in zip(names, tables, strict=True)]
    common = {k: v for k, v in request.items() if v is not None}

    def table(t: ReadTable) -> dict:
        return {"csv_base64": base64.b64encode(t.data if t.table is None else t.table).decode("ascii")}

    edital = ({**common, **table(tables[0])} if len(tables) == 1 else
              {**common, "editais": [{"nome": n, **table(t)} for n, t in zip(names, tables, strict=True)]})
    return {"command": "relatorio", **edital, "arquivos": files, "gerado_em": generation_time()}


_REASONS = {PermissionError: "sem permissão de escrita", FileNotFoundError: "a pasta não existe",
            IsADirectoryError: "é uma pasta", NotADirectoryError: "um trecho do caminho não é uma pasta"}


def write_report(path: str, request: dict, tables: list[ReadTable]) -> None:
    """The report written at ``path`` through a temporary file beside it: a failure leaves no half file."""
    html = run(report_request(request, tables))["html"].encode("utf-8")
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "xb") as fh:
            fh.write(html)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        reason = next((words for kind, words in _REASONS.items() if isinstance(exc, kind)),
                      exc.strerror or type(exc).__name__)
        raise InputError(f"não foi possível gravar o relatório em {path}: {reason}", FIELD) from None
