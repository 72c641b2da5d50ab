"""The one JSON entry point used by the browser (Pyodide) and the parity tests.

    handle('{"command": "reserva", "norma": "ubatuba", "vagas": "13"}')
    → '{"ok": true, "result": {...}}'  or  '{"ok": false, "error": {"message": "...", "field": "vagas"}}'

Request fields are the CLI options without dashes, with values as typed (strings):
``norma``, ``vagas``, ``percentual``, ``data_edital`` (reserva), ``leitura`` and ``nomeacoes`` (ordem),
``vinculo``; ``edital`` takes the table of cargos as ``csv`` or ``csv_base64``.

Adding a command = one entry in :data:`COMMANDS`: a function taking the request dict (without
"command") and returning a JSON-ready result dict, raising InputError on bad input.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from calculator.core import order, parameters, reserve
from calculator.errors import InputError
from calculator.fields import MISSING, check_fields


def _reserva(req: dict) -> dict:
    check_fields(req, ("norma", "vagas", "percentual", "data_edital", "vinculo"), ("norma", "vagas"))
    return reserve(req["norma"], req["vagas"], req.get("percentual"), req.get("data_edital"),
                   req.get("vinculo"))


def _ordem(req: dict) -> dict:
    check_fields(req, ("norma", "vagas", "percentual", "leitura", "vinculo", "nomeacoes"), ("norma", "vagas"))
    if req.get("nomeacoes") not in (None, ""):  # nominations beyond the vacancies (cadastro de reserva)
        from calculator.nominations import order_with_nominations

        return order_with_nominations(req["norma"], req["vagas"], req["nomeacoes"], req.get("percentual"),
                                      req.get("leitura"), req.get("vinculo"))
    return order(req["norma"], req["vagas"], req.get("percentual"), req.get("leitura"), req.get("vinculo"))


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


__all__ = ["COMMANDS", "MISSING", "check_fields", "dumps", "handle", "run"]

#: command name → runner(request dict without "command") → result dict.
COMMANDS: dict[str, Callable[[dict], dict]] = {
    "reserva": _reserva,
    "ordem": _ordem,
    "parametros": _parametros,
    "simular": _simular,
    "edital": _edital,
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
