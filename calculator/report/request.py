"""What a ``relatorio`` request adds to the edital's: the files the reader gave (``arquivos``) and the
report's time (``gerado_em``), checked before anything is computed; and the files' entries the report
lists, with the SHA-256 of each table as it was analysed."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from calculator.csv.text import request_bytes, table_too_large
from calculator.errors import InputError

FILES = "arquivos"
TIME = "gerado_em"
#: The report's own fields, beside the edital request's.
FIELDS = (FILES, TIME)
FILE_FIELDS = ("nome", "sha256", "origem")
#: The longest file name and origin text accepted (a file name is short; an origin is a sentence).
MAX_NAME = 1000
MAX_ORIGIN = 1000
#: gerado_em: seconds since 1970-01-01 UTC, up to the last second of the year 9999.
MAX_TIME = 253_402_300_799
#: Brasília time, fixed (Brazil has had no daylight saving time since 2019): the same seconds are the same
#: words on every machine.
BRASILIA = timezone(timedelta(hours=-3))
_HEX = re.compile(r"[0-9a-fA-F]{64}")


@dataclass(frozen=True)
class InputFile:
    """A file the report names: its name, its SHA-256 (given, or that of the table analysed), the SHA-256
    of the table analysed (a PDF's table is the CSV text rebuilt from it) and where the table came from."""

    name: str
    sha256: str
    table_sha256: str
    origin: str | None


def generated_at(req: dict) -> datetime:
    """``gerado_em`` as Brasília time."""
    value = req.get(TIME)
    if value is None:
        raise InputError("informe quando o relatório foi gerado (“gerado_em”: segundos desde "
                         "01/01/1970 UTC)", TIME)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TIME:
        raise InputError("“gerado_em” deve ser um número inteiro de segundos desde 01/01/1970 UTC (até o "
                         "ano 9999)", TIME)
    return datetime.fromtimestamp(value, BRASILIA)


def given_files(req: dict, tables: int) -> list[dict] | None:
    """``arquivos`` checked: one entry per table (None: not given)."""
    items = req.get(FILES)
    if items is None:
        return None
    if not isinstance(items, list) or len(items) != tables:
        raise InputError(f"“arquivos” deve ser uma lista com um arquivo por tabela ({tables}), cada um "
                         "{\"nome\": …, \"sha256\": …, \"origem\": …}", FILES)
    out = []
    for i, item in enumerate(items, 1):
        where = f"“arquivos”, item {i}"
        if not isinstance(item, dict) or any(k not in FILE_FIELDS for k in item):
            raise InputError(f"{where}: cada arquivo é um objeto com “nome” e, opcionais, “sha256” e "
                             "“origem”", FILES)
        name, digest, origin = item.get("nome"), item.get("sha256"), item.get("origem")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise InputError(f"{where}: o nome (“nome”) deve ser um texto de até {MAX_NAME} caracteres",
                             FILES)
        if digest is not None and not (isinstance(digest, str) and _HEX.fullmatch(digest)):
            raise InputError(f"{where}: “sha256” deve ter 64 dígitos hexadecimais", FILES)
        if origin is not None and (not isinstance(origin, str) or len(origin) > MAX_ORIGIN):
            raise InputError(f"{where}: “origem” deve ser um texto de até {MAX_ORIGIN} caracteres", FILES)
        out.append({"name": name, "sha256": digest.lower() if digest else None,
                    "origin": origin.strip() or None if origin else None})
    return out


def table_requests(req: dict) -> list[tuple[str, dict]]:
    """(the name a table goes by without ``arquivos``, the request that carries it) of each table."""
    if "editais" not in req:
        return [("tabela de cargos (sem nome de arquivo)", req)]
    return [(item.get("nome") or f"edital {i}", item) for i, item in enumerate(req["editais"], 1)]


def input_files(req: dict, given: list[dict] | None) -> list[InputFile]:
    """Each table's entry; called once the edital was answered, so each table's bytes are known good."""
    out = []
    for i, (name, carrier) in enumerate(table_requests(req)):
        data = request_bytes(carrier, table_too_large, "a tabela", "o texto da tabela", "")
        table = hashlib.sha256(data).hexdigest()
        entry = given[i] if given is not None else {"name": name, "sha256": None, "origin": None}
        out.append(InputFile(entry["name"], entry["sha256"] or table, table, entry["origin"]))
    return out


def file_name(result: dict, when: datetime) -> str:
    """The report's file name: relatorio-edital-<norm or "N-editais">-<AAAAMMDD-HHMM>.html."""
    what = f"{len(result['editais'])}-editais" if "editais" in result else result["norm"]
    return f"relatorio-edital-{what}-{when:%Y%m%d-%H%M}.html"
