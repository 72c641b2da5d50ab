"""A report a person can attach (``cotas edital … --relatorio``; api.handle's ``relatorio``): one
self-contained HTML file (inline style, no script, nothing fetched) with the edital's answer, the norm
and its text's SHA-256, the files and theirs, the readings used, and the provisions cited quoted verbatim.

The request is the edital's (one table, or several with ``editais``) with ``arquivos`` (the files the
reader gave: name, SHA-256, where the table came from) and ``gerado_em`` (epoch seconds): the same request
gives the same bytes, on the command line as in the browser. Modules: ``request`` (the report's own fields
and the files' entries), ``quotes`` (the norm's verbatim text), ``edital_html`` (one edital's part),
``document`` (the whole file), ``style`` (its CSS).
"""

from __future__ import annotations

from calculator.report.document import document
from calculator.report.request import (
    FIELDS,
    file_name,
    generated_at,
    given_files,
    input_files,
    table_requests,
)

__all__ = ["FIELDS", "api_relatorio"]


def api_relatorio(req: dict) -> dict:
    """api.handle runner for "relatorio"."""
    from calculator import VERSION
    from calculator.edital import api_edital

    moment = generated_at(req)
    edital_req = {k: v for k, v in req.items() if k not in FIELDS}
    res = api_edital(edital_req)  # the edital's own checks and messages, exactly
    given = given_files(req, len(table_requests(edital_req)))
    files = input_files(edital_req, given)
    common = {k: v for k, v in edital_req.items() if k != "editais"}
    requests = ([{**common, **item} for item in edital_req["editais"]] if "editais" in res
                else [edital_req])
    return {"command": "relatorio", "calculator_version": VERSION,
            "html": document(res, requests, files, moment), "arquivo": file_name(res, moment)}
