"""The one JSON entry point used by the browser (Pyodide) and the parity tests.

    handle('{"command": "reserva", "norma": "ubatuba", "vagas": "13"}')
    → '{"ok": true, "result": {...}}'  or  '{"ok": false, "error": {"message": "...", "field": "vagas"}}'

Request fields are the CLI options without dashes, with values as typed (strings):
``norma``, ``vagas``, ``percentual``, ``data_edital`` (every command but parametros: the edital's
publication; ``data_nomeacao`` is the same field named for a vínculo dated by its nomination),
``leitura`` and ``nomeacoes`` (ordem), ``vinculo``; ``edital`` takes the table of cargos as ``csv`` or
``csv_base64``, or several editais as ``editais``, a list of ``{"nome": …, "csv": …}``
(calculator/edital/several.py); ``pdf_tabela`` takes a PDF's positioned text as ``palavras`` and answers
its vacancy table as CSV text (calculator/csv/pdf_table.py); ``relatorio`` takes an edital request with
``arquivos`` and ``gerado_em`` and answers the report's HTML (calculator/report/).  Every answer starts from
the applicability stage: ``applies``, ``headline`` and, without a date, ``validity_window``
(calculator/README.md).

Adding a command = one entry in :data:`COMMANDS`: a function taking the request dict (without
"command") and returning a JSON-ready result dict, raising InputError on bad input.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from calculator.errors import InputError
from calculator.stages.inputs import MISSING, check_fields, missing
from calculator.stages.order import order
from calculator.stages.parameters import parameters
from calculator.stages.reserve import reserve


def date_of(req: dict) -> object:
    """The request's date: ``data_edital`` or, for a vínculo dated by its nomination, ``data_nomeacao``
    (one of them)."""
    given = [k for k in ("data_edital", "data_nomeacao") if req.get(k) not in (None, "")]
    if len(given) == 2:
        raise InputError("informe a data do edital ou a da nomeação, não as duas", "data_nomeacao")
    return req.get(given[0]) if given else None


def dated_as_asked(req: dict, answer: dict) -> dict:
    """A nomination date is the date only of a vínculo the norm dates by its nomination (a cargo em
    comissão has no edital); for any other it is refused, never read as the edital's date (a concurso
    keeps its reserve in nominations made after the norm's term)."""
    if req.get("data_nomeacao") not in (None, "") and answer.get("date_kind") != "nomeacao":
        raise InputError("a data da nomeação só vale para um vínculo que a norma data pela nomeação (como o "
                         "cargo em comissão, que não tem edital); para este vínculo, a norma se aplica pela "
                         "data do edital: informe a data do edital.", "data_nomeacao")
    return answer


def _reserva(req: dict) -> dict:
    check_fields(req, ("norma", "vagas", "percentual", "data_edital", "data_nomeacao", "vinculo"),
                 ("norma", "vagas"))
    return dated_as_asked(req, reserve(req["norma"], req["vagas"], req.get("percentual"), date_of(req),
                                       req.get("vinculo")))


def _ordem(req: dict) -> dict:
    check_fields(req, ("norma", "vagas", "percentual", "leitura", "vinculo", "nomeacoes", "data_edital",
                       "data_nomeacao"), ("norma", "vagas"))
    if req.get("nomeacoes") not in (None, ""):  # nominations beyond the vacancies (cadastro de reserva)
        from calculator.stages.nominations import order_with_nominations  # the common question loads less

        return dated_as_asked(req, order_with_nominations(
            req["norma"], req["vagas"], req["nomeacoes"], req.get("percentual"), req.get("leitura"),
            req.get("vinculo"), date_of(req)))
    return dated_as_asked(req, order(req["norma"], req["vagas"], req.get("percentual"), req.get("leitura"),
                                     req.get("vinculo"), date_of(req)))


def _parametros(req: dict) -> dict:
    check_fields(req, ("norma",), ("norma",))
    return parameters(req["norma"])


def _simular(req: dict) -> dict:
    # imported on first use: the page answers `reserva` before it needs the simulator's modules
    from calculator.simulator import api_simular

    return api_simular(req)


def _edital(req: dict) -> dict:
    from calculator.edital import api_edital

    return api_edital(req)


def _pdf_tabela(req: dict) -> dict:
    from calculator.csv.pdf_table import api_pdf_table

    return api_pdf_table(req)


def _relatorio(req: dict) -> dict:
    from calculator.report import api_relatorio

    return api_relatorio(req)


__all__ = ["COMMANDS", "MISSING", "check_fields", "date_of", "dumps", "handle", "missing", "run"]

#: command name → runner(request dict without "command") → result dict.
COMMANDS: dict[str, Callable[[dict], dict]] = {
    "reserva": _reserva,
    "ordem": _ordem,
    "parametros": _parametros,
    "simular": _simular,
    "edital": _edital,
    "pdf_tabela": _pdf_tabela,
    "relatorio": _relatorio,
}


def dumps(obj: object) -> str:
    """The project's JSON form (CLI --json and handle())."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


def run(request: dict) -> dict:
    """Run a request dict; returns the result dict or raises InputError."""
    if not isinstance(request, dict):
        raise InputError("a requisição deve ser um objeto JSON", "command")
    command = request.get("command")
    if not isinstance(command, str) or command not in COMMANDS:
        if command in (None, ""):
            raise InputError("informe o comando (\"command\"): " + ", ".join(COMMANDS), "command")
        if not isinstance(command, str):
            raise InputError(f"o comando (\"command\") deve ser um texto: use {', '.join(COMMANDS)}",
                             "command")
        raise InputError(f"comando desconhecido: {command!r} (use {', '.join(COMMANDS)})", "command")
    args = {k: v for k, v in request.items() if k != "command"}
    return COMMANDS[command](args)


def handle(request_json: str) -> str:
    """JSON request string → JSON response string ({"ok": true, "result"} or {"ok": false, "error"}).

    Never raises: the page's worker and every other caller always get an answer. A request nested too
    deep for the parser is refused as such; any other failure (a defect, memory) is an error answer in
    pt-BR rather than an exception that would leave the page waiting."""
    try:
        try:
            request = json.loads(request_json)
        except RecursionError:
            raise InputError("a requisição tem estruturas aninhadas demais", "command") from None
        except (TypeError, ValueError):
            raise InputError("a requisição não é um JSON válido", "command") from None
        return dumps({"ok": True, "result": run(request)})
    except InputError as err:
        return dumps({"ok": False, "error": err.to_dict()})
    except MemoryError:
        return dumps({"ok": False, "error": {"message": "memória insuficiente para esta requisição",
                                             "field": None}})
    except Exception as exc:  # noqa: BLE001 - the one entry point answers, whatever happened
        return dumps({"ok": False, "error": {
            "message": f"erro interno ao responder ({type(exc).__name__}); a requisição não foi atendida",
            "field": None}})
