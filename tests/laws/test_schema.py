"""The export validates against laws/schema.json (checked with a small stdlib JSON Schema validator)."""

import copy
import json
import re

import pytest

from laws.export import export_corpus
from tests.support import ROOT

SCHEMA = json.loads((ROOT / "laws" / "schema.json").read_text("utf-8"))

# --- a small JSON Schema (draft 2020-12) validator: the subset laws/schema.json uses ------------
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def errors(value, schema, root=SCHEMA, path="$"):
    """Yield "path: problem" strings; nothing when `value` is valid."""
    for key, arg in schema.items():
        if key in ANNOTATIONS:
            continue
        if key == "$ref":
            assert arg.startswith("#/"), arg
            target = root
            for part in arg[2:].split("/"):
                target = target[part]
            yield from errors(value, target, root, path)
        elif key == "type":
            if not any(TYPES[t](value) for t in ([arg] if isinstance(arg, str) else arg)):
                yield f"{path}: não é {arg}"
        elif key == "enum":
            if not any(value == e and type(value) is type(e) for e in arg):
                yield f"{path}: {value!r} fora de {arg}"
        elif key == "const":
            if not (value == arg and type(value) is type(arg)):
                yield f"{path}: {value!r} != {arg!r}"
        elif key == "pattern":
            if isinstance(value, str) and not re.search(arg, value):
                yield f"{path}: {value!r} não casa com {arg}"
        elif key == "minLength":
            if isinstance(value, str) and len(value) < arg:
                yield f"{path}: menor que {arg} caracteres"
        elif key == "minimum":
            if TYPES["number"](value) and value < arg:
                yield f"{path}: menor que {arg}"
        elif key == "minItems":
            if isinstance(value, list) and len(value) < arg:
                yield f"{path}: menos de {arg} itens"
        elif key == "items":
            if isinstance(value, list):
                for i, item in enumerate(value):
                    yield from errors(item, arg, root, f"{path}[{i}]")
        elif key == "required":
            if isinstance(value, dict):
                yield from (f"{path}: falta {k!r}" for k in arg if k not in value)
        elif key == "properties":
            if isinstance(value, dict):
                for k, sub in arg.items():
                    if k in value:
                        yield from errors(value[k], sub, root, f"{path}.{k}")
        elif key == "additionalProperties":
            if isinstance(value, dict):
                extra = [k for k in value if k not in schema.get("properties", {})]
                for k in extra:
                    if arg is False:
                        yield f"{path}: propriedade não prevista {k!r}"
                    elif isinstance(arg, dict):
                        yield from errors(value[k], arg, root, f"{path}.{k}")
        elif key == "propertyNames":
            if isinstance(value, dict):
                for k in value:
                    yield from errors(k, arg, root, f"{path}<{k}>")
        elif key in ("oneOf", "anyOf"):
            passing = sum(not list(errors(value, sub, root, path)) for sub in arg)
            if passing == 0 or (key == "oneOf" and passing > 1):
                yield f"{path}: {passing} alternativas de {key} válidas"
        else:
            raise NotImplementedError(f"palavra-chave não suportada pelo validador: {key}")


def validate(value):
    return list(errors(value, SCHEMA))


# --- the export ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def exported():
    # Through JSON, as other tools read it.
    return json.loads(json.dumps(export_corpus(), ensure_ascii=False))


def test_export_validates(exported):
    assert validate(exported) == []


def test_export_slugs_in_order(exported):
    from calculator.norms import discover

    assert [n["slug"] for n in exported["norms"]] == list(discover())


def test_schema_is_draft_2020_12_and_documented():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for name, sub in SCHEMA["$defs"].items():
        assert sub.get("description"), name


# The validator must be able to fail: each mutation below breaks the contract.
def _mutations():
    def drop_text(d):
        del d["norms"][0]["provisions"][0]["text"]

    def bad_kind(d):
        d["norms"][1]["provisions"][0]["kind"] = "capitulo"

    def bad_id(d):
        d["norms"][2]["provisions"][6]["children"][0]["id"] = "art1-caput"

    def extra_field(d):
        d["norms"][0]["references"][0]["extra"] = 1

    def bad_target(d):
        d["norms"][0]["references"][0]["target"] = {"type": "internal"}

    def bool_as_int(d):
        d["norms"][0]["references"][0]["start"] = True

    def bad_slug(d):
        d["norms"][0]["slug"] = "São Paulo"  # a slug is lowercase letters without accents, digits and _

    def bad_annotation(d):
        d["norms"][0]["annotations"] = {"art2_par3": {"texto": 1, "regra": None}}

    return [drop_text, bad_kind, bad_id, extra_field, bad_target, bool_as_int, bad_slug, bad_annotation]


@pytest.mark.parametrize("mutate", _mutations(), ids=lambda f: f.__name__)
def test_validator_rejects_broken_export(exported, mutate):
    broken = copy.deepcopy(exported)
    mutate(broken)
    assert validate(broken) != []
