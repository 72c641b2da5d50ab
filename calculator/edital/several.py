"""Several editais at once (``cotas edital a.csv b.csv …``; the request's ``editais``): each edital's answer,
exactly the one it gets asked alone, then the comparison across them (calculator/edital/across.py).

The request: the single edital's fields, common to every edital, and ``editais``, a list of
``{"nome": …, "csv": …}`` (or ``csv_base64``), each of which may also give its own ``norma``,
``percentual``, ``data_edital``, ``vinculo``, ``leitura``, ``nomeacoes`` or ``vagas_sao``.  An edital whose
table or options are refused is named in the message (its file's name), and nothing is answered.
"""

from __future__ import annotations

from collections.abc import Iterable

from calculator.answer import SCHEMA_VERSION, collect_basis
from calculator.csv.text import safe_text
from calculator.edital.across import Answered, compare, groups, shown_name
from calculator.edital.readings import ADC41
from calculator.errors import InputError
from calculator.limits import EDITAIS
from calculator.ptbr import count_phrase, either, format_int
from calculator.stages.inputs import check_fields

FIELD = "editais"


def _fields() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the request's fields, an item's fields): the single edital's, with ``editais`` or ``nome``."""
    from calculator.edital import API_FIELDS

    return API_FIELDS + (FIELD,), ("nome",) + API_FIELDS


def check_count(n: int) -> None:
    if n > EDITAIS:
        raise InputError(f"{format_int(n)} editais: o limite é {format_int(EDITAIS)} numa pergunta (cada "
                         "edital é respondido inteiro antes da comparação).", FIELD)


def api_several(req: dict) -> dict:
    """api.handle runner for an edital request with ``editais``."""
    fields, _ = _fields()
    check_fields(req, fields)
    if req.get("csv") is not None or req.get("csv_base64") is not None:
        raise InputError("informe as tabelas em “editais” (uma por edital) ou uma só em “csv”, não as duas "
                         "formas", FIELD)
    items = req[FIELD]
    if not isinstance(items, list) or not items:
        raise InputError("“editais” deve ser uma lista de editais, cada um com o nome e a tabela: "
                         "{\"nome\": \"edital-1.csv\", \"csv\": \"cargo;vagas…\"}", FIELD)
    check_count(len(items))
    common = {k: v for k, v in req.items() if k != FIELD}
    return several(_requested(items, common))


def _requested(items: list, common: dict) -> Iterable[tuple[str, dict, None]]:
    """(name, request) of each item, the common fields under its own."""
    _, item_fields = _fields()
    for i, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise InputError(f"“editais”, item {i}: cada edital é um objeto com o nome e a tabela "
                             "({\"nome\": …, \"csv\": …})", FIELD)
        name = item.get("nome", f"edital {i}")
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"“editais”, item {i}: o nome (“nome”) deve ser um texto", FIELD)
        try:
            check_fields(item, item_fields)
        except InputError as err:
            raise InputError(f"{shown_name(name)}: {err.message}", FIELD) from None
        yield name, {**common, **{k: v for k, v in item.items() if k != "nome"}}, None


def several(editais: Iterable[tuple[str, dict, bytes | None]]) -> dict:
    """Each edital's answer, then the comparison.  ``editais``: (name, request, the file's bytes or None),
    read one at a time (the CLI reads each file when its turn comes)."""
    from calculator.edital import api_edital

    answered: list[Answered] = []
    for name, request, data in editais:
        if any(e.name == name for e in answered):
            raise InputError(f"o edital “{shown_name(name)}” foi informado duas vezes (compare editais "
                             "diferentes)", FIELD)
        try:
            answered.append(Answered(name, request, api_edital(request, data)))
        except InputError as err:
            raise InputError(f"{shown_name(name)}: {err.message}", err.field) from None
    return _answer(answered)


def _answer(answered: list[Answered]) -> dict:
    from calculator import VERSION

    compared_groups = groups(answered)
    compared = [item for group in compared_groups if len(group) > 1 for item in compare(group)]
    warnings = [item.pop("warning") for item in compared if "warning" in item]
    return {
        "command": "edital", "schema_version": SCHEMA_VERSION, "calculator_version": VERSION,
        "editais": [{"name": e.name, "result": e.result} for e in answered],
        "comparison": {"groups": [{"norm": g[0].result["norm"], "editais": [e.name for e in g]}
                                  for g in compared_groups],
                       "cargos": compared},
        "headline": _headline(answered, compared_groups, compared),
        "warnings": warnings, "context": [dict(ADC41)] if warnings else [],
        "basis": collect_basis(warnings),
    }


def _headline(answered: list[Answered], compared_groups: list[list[Answered]], compared: list[dict]) -> str:
    """What the comparison found, in one sentence, after which editais it compared."""
    names = [f"“{shown_name(e.name)}”" for e in answered]
    out = f"{count_phrase(len(answered), 'edital', 'editais')} ({either(names, 'e')})"
    together = [g for g in compared_groups if len(g) > 1]
    if not together:
        return (out + ": nenhum par de editais da mesma norma e do mesmo período (percentual, vínculo e "
                "vigência), e nada a comparar entre eles.")
    split = [c for c in compared if c["fragmented"]]
    if split:
        shown = either([f"“{safe_text(c['cargo'])}”" for c in split], "e")
        return (out + f": fracionamento entre editais em {count_phrase(len(split), 'cargo', 'cargos')} "
                f"({shown}) — somar as vagas do cargo nos editais da mesma norma e período muda a reserva; a "
                "resposta de cada edital fica com o seu número, e o aviso diz a outra leitura.")
    if compared:
        return (out + f": {count_phrase(len(compared), 'cargo se repete', 'cargos se repetem')} em editais "
                "da mesma norma e período, e somar as vagas não muda a reserva.")
    return out + ": nenhum cargo se repete em editais da mesma norma e período."
