"""The shape of every answer, as a JSON Schema per command (draft 2020-12): what a program that reads the
calculator's JSON (``cotas … --json``, ``api.handle``) can count on. The build publishes them with the site's
downloads (``downloads/esquemas/<comando>.schema.json``); the tests validate every recorded answer against
them, so a field added, renamed or removed without its schema fails there. ``SCHEMA_VERSION`` (answer.py)
names the version of the shape every answer carries; ``calculator_version``, the package's release that
computed it, is any version string, so a schema is the same for every release of one shape."""

from __future__ import annotations

from calculator.answer import BASIS_KINDS, SCHEMA_VERSION
from calculator.norms.vocabulary import UNITS

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_TEXT = {"type": "string"}
_INT = {"type": "integer"}
_BOOL = {"type": "boolean"}
_NULLABLE_TEXT = {"type": ["string", "null"]}
_NULLABLE_INT = {"type": ["integer", "null"]}
_APPLIES = {"type": ["boolean", "null"],
            "description": "true: a norma se aplica; false: não se aplica; null: depende de uma data não "
                           "informada, ou o corpus não diz"}
_IDS = {"type": "array", "items": {"type": "string", "pattern": "^[a-z][a-z0-9_]*:[a-z0-9_]+$"},
        "description": "dispositivos citados, norma:id (ex.: ubatuba:art2_par3)"}
_FRACTION = {"type": "string", "pattern": "^[0-9]+(/[0-9]+)?$",
             "description": "número exato: \"51/2\", \"3\""}
_NULL = {"type": "null"}
_REQUIRED = {"type": "boolean",
             "description": "false: a norma não exige reserva para estas vagas (abaixo do seu mínimo de "
                            "vagas) ou não se aplica; true: exige (a contagem pode arredondar a 0)"}
_ALTERNATIVE = {"oneOf": [{"type": "object", "required": ["basis", "label", "reserved"],
                           "additionalProperties": False,
                           "properties": {"label": _TEXT, "reserved": _INT, "basis": _IDS}}, _NULL],
                "description": "onde a contagem depende de uma leitura (arredondamento que o texto não fixa, "
                               "contagem abaixo do mínimo da norma): a outra leitura e a sua contagem"}


def _object(required: dict, optional: dict | None = None, closed: bool = True) -> dict:
    out = {"type": "object", "required": sorted(required), "properties": {**required, **(optional or {})}}
    if closed:
        out["additionalProperties"] = False
    return out


STEP = _object({"text": _TEXT, "basis": _IDS, "basis_kind": {"enum": list(BASIS_KINDS)}})
WARNING = _object(
    {"code": _TEXT, "kind": {"enum": ["conflito", "interpretacao", "premissa", "aviso"]}, "message": _TEXT,
     "basis": _IDS, "basis_kind": {"enum": list(BASIS_KINDS)}},
    {"beside": {"const": True, "description": "a página o mostra ao lado do número"},
     "cargos": {"type": "array", "items": _TEXT, "description": "os cargos a que o aviso se refere"}})
WINDOW = _object({"from": _TEXT, "to": _NULLABLE_TEXT, "presumed": _BOOL, "short": _TEXT, "text": _TEXT,
                  "basis": _IDS})
VALIDITY = _object({"applies": _APPLIES, "in_force_from": _TEXT, "last_day": _NULLABLE_TEXT},
                   {"edital_date": _TEXT, "nomination_date": _TEXT, "decree_in_force": _BOOL,
                    "model_dependent": {"const": True, "description": "a resposta depende do modelo de "
                                        "prorrogação adotado (o outro está na manchete)"}})

#: What every answer says of its norm (answer.identity).
IDENTITY = {"norm": _TEXT, "norm_title": _TEXT, "norm_citation": _TEXT,
            "norm_urn": {"type": "string", "pattern": "^urn:lex:br;"},
            "schema_version": {"const": SCHEMA_VERSION},
            "calculator_version": {"type": "string", "pattern": "^[0-9]+(\\.[0-9]+)*",
                                   "description": "a versão do pacote que calculou a resposta (a de "
                                                  "cotas --version)"}}
#: What every answer says of its applicability (stages/applicability.py).
APPLICABILITY = {"applies": _APPLIES, "headline": _TEXT, "validity_window": {"oneOf": [WINDOW, _NULL]},
                 "basis": _IDS, "warnings": {"type": "array", "items": WARNING},
                 "steps": {"type": "array", "items": STEP}}
_DATED = {"date_kind": {"enum": ["edital", "nomeacao"]}, "edital_date": _NULLABLE_TEXT,
          "validity": {"oneOf": [VALIDITY, {"type": "null"}]}}
_PERCENT = {"percent": {"oneOf": [_FRACTION, {"type": "null"}]}, "percent_display": _NULLABLE_TEXT}

RESERVA = _object({**IDENTITY, **APPLICABILITY, **_DATED, **_PERCENT, "command": {"const": "reserva"},
                   "vacancies": _INT, "reserved": _INT, "exact": _FRACTION, "exact_display": _TEXT,
                   "count_text": _NULLABLE_TEXT, "alternative": _ALTERNATIVE, "scope": _TEXT,
                   "reserve_required": _REQUIRED})
_POSITIONS = {"type": "array", "items": _INT}
ORDEM = _object(
    {**IDENTITY, **APPLICABILITY, **_DATED, **_PERCENT, "command": {"const": "ordem"}, "vacancies": _INT,
     "reserved": _INT, "reserve_required": _REQUIRED, "count_text": _NULLABLE_TEXT,
     "alternative": _ALTERNATIVE, "positions": _POSITIONS,
     "positions_total": _INT, "positions_truncated": _BOOL, "interpreted_positions": _POSITIONS,
     "reading": _TEXT, "reading_description": _TEXT, "scope": _TEXT,
     "pattern": {"oneOf": [_object({"period": _INT, "reserved_per_period": _INT,
                                    "first_period": {"oneOf": [_POSITIONS, {"type": "null"}]}}),
                           {"type": "null"}]}},
    {"nominations": _INT,
     "alternatives": {"type": "array", "items": _object({"reading": {"enum": ["literal", "vagas"]},
                                                         "positions": _POSITIONS, "positions_total": _INT,
                                                         "basis": _IDS})}})
PARAMETER = _object({"name": _TEXT, "label": _TEXT, "unit": {"enum": list(UNITS)},
                     "value_label": _NULLABLE_TEXT,
                     "value": {}, "basis": _IDS, "basis_kind": {"enum": list(BASIS_KINDS)},
                     "start": _TEXT, "end": _NULLABLE_TEXT, "note": _TEXT, "interpretation": _BOOL})
PARAMETROS = _object({**IDENTITY, **APPLICABILITY, "parameters": {"type": "array", "items": PARAMETER}})
SIMULAR = _object(
    {**IDENTITY, **APPLICABILITY, **_DATED, **_PERCENT, "applicability_reason": _NULLABLE_TEXT,
     "vacancies": _INT, "reserved": _INT, "reserve_required": _REQUIRED, "alternative": _ALTERNATIVE,
     "reading": _NULLABLE_TEXT,
     "nominations": {"type": "array", "items": {"type": "object"}},
     "seats": {"type": "object"}, "input": {"type": "object"}, "options": {"type": "object"},
     "published_lists": {"type": "object"}, "excluded": {"type": "array"}, "moved": {"type": "array"},
     "reverted_seats": {"type": "array"}, "unfilled_seats": {"type": "array"}, "unfilled_count": _INT,
     "reserved_positions": _POSITIONS, "reserved_positions_total": _INT,
     "reserved_positions_truncated": _BOOL})
CARGO = _object(
    {"norm_urn": IDENTITY["norm_urn"], "schema_version": IDENTITY["schema_version"],
     "calculator_version": IDENTITY["calculator_version"], "cargo": _TEXT,
     "section": _NULLABLE_TEXT, "line": _INT, "vacancies": _INT, "nominations": _INT,
     "pcd_vacancies": _NULLABLE_INT,
     "reserved": _NULLABLE_INT, "applies": _APPLIES, "reserve_required": _BOOL, **_PERCENT,
     "exact": {"oneOf": [_FRACTION, _NULL]},
     "announced": _NULLABLE_INT,
     "status": {"enum": ["conforme", "abaixo", "acima", "reserva_voluntaria", "nao_se_aplica", "conjunto",
                         None]},
     "missing": _NULLABLE_INT, "excess": _NULLABLE_INT, "alternative": _ALTERNATIVE,
     "status_note": _NULLABLE_TEXT, "positions": _POSITIONS, "positions_total": _INT,
     "positions_truncated": _BOOL, "reading": _NULLABLE_TEXT, "basis": _IDS,
     "warnings": {"type": "array", "items": WARNING}, "steps": {"type": "array", "items": STEP}})
EDITAL = _object(
    {**IDENTITY, **APPLICABILITY, **_DATED, **_PERCENT, "command": {"const": "edital"},
     "percent_kind": {"enum": ["minimo", "fixo", "informado"]}, "scope": _TEXT, "set_scope": _BOOL,
     "validity_reason": _NULLABLE_TEXT,
     "reading_lead": {"enum": ["cargo", "concurso", "nenhuma", "conjunto"]},
     "status_label": _TEXT, "cargos": {"type": "array", "items": CARGO},
     "totals": {"type": "object", "required": ["cargos", "vacancies", "reserved", "reserved_aggregated"]},
     "aggregated": {"type": "object", "required": ["vacancies", "reserved"]},
     "context": {"type": "array", "items": _object({"kind": _TEXT, "text": _TEXT, "source": _TEXT,
                                                    "date": _TEXT})}})

_SEEN_IN = _object({"name": _TEXT, "line": _INT, "vacancies": _INT, "reserved": _INT,
                    "reserve_required": _REQUIRED})
#: A cargo offered in two or more editais of the same norm and period (edital/across.py).
COMPARED = _object(
    {"cargo": _TEXT, "norm": _TEXT, "editais": {"type": "array", "minItems": 2, "items": _SEEN_IN},
     "vacancies": _INT, "reserved_separately": _INT, "reserved_together": _INT,
     "reserve_required_together": _REQUIRED, "alternative_together": _ALTERNATIVE,
     "below_minimum_each": _BOOL, "fragmented": {"type": "boolean", "description": "somar as vagas muda a "
                                                 "reserva: o aviso fracionamento_entre_editais"}})
#: Several editais at once (the request's ``editais``; ``cotas edital a.csv b.csv``): each one's answer,
#: exactly the single edital's, and the comparison across them.
EDITAIS = _object(
    {"command": {"const": "edital"}, "schema_version": IDENTITY["schema_version"],
     "calculator_version": IDENTITY["calculator_version"],
     "editais": {"type": "array", "minItems": 1, "items": _object({"name": _TEXT, "result": EDITAL})},
     "comparison": _object({
         "groups": {"type": "array", "description": "os editais comparados entre si (mesma norma, "
                    "percentual, vínculo e período); um edital sozinho não tem com quem ser comparado",
                    "items": _object({"norm": _TEXT, "editais": {"type": "array", "items": _TEXT}})},
         "cargos": {"type": "array", "items": COMPARED}}),
     "headline": _TEXT, "warnings": {"type": "array", "items": WARNING},
     "context": EDITAL["properties"]["context"],
     "basis": {**_IDS, "description": "os dispositivos que a comparação cita (os de cada edital estão na "
                                      "sua resposta)"}})

#: The report of an edital (calculator/report/): the HTML file and the name to save it under.
RELATORIO = _object(
    {"command": {"const": "relatorio"}, "calculator_version": IDENTITY["calculator_version"],
     "html": {"type": "string", "description": "o relatório, um documento HTML autocontido (sem script)"},
     "arquivo": {"type": "string", "pattern": "^relatorio-edital-[a-z0-9_-]+-[0-9]{8}-[0-9]{4}\\.html$",
                 "description": "o nome sugerido para gravar o relatório"}})

#: command → its answer's schema (an edital request answers one edital, or several with ``editais``).
SCHEMAS = {"reserva": RESERVA, "ordem": ORDEM, "parametros": PARAMETROS, "simular": SIMULAR,
           "edital": {"oneOf": [EDITAL, EDITAIS]}, "relatorio": RELATORIO}


def schema(command: str) -> dict:
    """The published JSON Schema of ``command``'s answer."""
    return {"$schema": _DRAFT, "$id": f"{command}.schema.json",
            "title": f"Resposta do comando {command} (cotas --json, api.handle)",
            "description": f"schema_version {SCHEMA_VERSION}", **SCHEMAS[command]}
