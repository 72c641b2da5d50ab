"""meta.toml described once (laws/folder_schema.py): laws check refuses a key the description does not know (a
typo is not silently ignored), a required key missing and a value of the wrong type, each with the file and
the line; every key the corpus writes is described."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from calculator import discovery
from laws.folder_schema import BY_PATH, KEYS, TABLE, TABLES
from tests.test_new_norm import EXAMPLE, _check_fails


def _paths(table: dict, parent: str = ""):
    for key, value in table.items():
        path = f"{parent}.{key}" if parent else key
        yield path
        if isinstance(value, dict):
            yield from _paths(value, path)
        elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            for entry in value:
                yield from _paths(entry, path)


@pytest.mark.parametrize("slug", discovery.discover())
def test_every_key_the_corpus_writes_is_described(slug):
    meta = tomllib.loads((discovery.path_of(slug).parent / "meta.toml").read_text(encoding="utf-8"))
    assert [p for p in _paths(meta) if p not in BY_PATH] == []


def test_the_description_is_consistent():
    for key in KEYS:
        assert not key.parent or BY_PATH[key.parent].type in (TABLE, TABLES), key.path
        assert key.meaning and key.type


def _meta_copy(tmp_path: Path, edit) -> tuple[Path, list[str]]:
    folder = tmp_path / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    meta = folder / "meta.toml"
    meta.write_text(edit(meta.read_text(encoding="utf-8")), encoding="utf-8")
    return folder, meta.read_text(encoding="utf-8").splitlines()


def test_a_misspelt_key_is_refused_where_it_is(tmp_path):
    folder, lines = _meta_copy(tmp_path, lambda t: t.replace("disclaimer = ", "disclaimr = ")
                               .replace('[entry_into_force]\nrule = ', '[entry_into_force]\nregra = ')
                               .replace('[[signatories]]\nname = ', '[[signatories]]\nnome = '))
    line = {key: next(i for i, ln in enumerate(lines, 1) if ln.startswith(key)) for key in
            ("disclaimr", "regra", "nome")}
    problems = _check_fails(folder)
    expected = (("disclaimr", "meta.toml tem: kind, number"),
                ("entry_into_force.regra", "[entry_into_force] tem: rule, provision"),
                ("signatories.nome", "[[signatories]] tem: name"))
    for key, where in expected:
        short = key.rpartition(".")[2]
        assert any(p.startswith(f"erro: {folder}/meta.toml:{line[short]}: chave desconhecida {key} ({where}")
                   for p in problems), (key, problems)


def test_a_missing_required_key_and_a_wrong_type_are_refused(tmp_path):
    folder, lines = _meta_copy(tmp_path, lambda t: re.sub(r"(\[entry_into_force\]\n)rule = .*\n", r"\1", t)
                               .replace('number = "1"', "number = 1"))
    header = lines.index("[entry_into_force]") + 1
    number = lines.index("number = 1") + 1
    problems = _check_fails(folder)
    missing = f"erro: {folder}/meta.toml:{header}: falta entry_into_force.rule (texto: o que o texto diz)"
    assert missing in problems
    assert f"erro: {folder}/meta.toml:{number}: number deve ser texto: 1" in problems


def test_an_annotation_with_a_misspelt_key_is_refused(tmp_path):
    folder = tmp_path / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    notes = folder / "anotacoes.toml"
    text = notes.read_text(encoding="utf-8")
    first = next(ln for ln in text.splitlines() if ln.startswith("["))
    notes.write_text(text.replace(first, f"{first}\nregras = \"calculator.engine\"", 1), encoding="utf-8")
    line = notes.read_text(encoding="utf-8").splitlines().index('regras = "calculator.engine"') + 1
    assert _check_fails(folder) == [
        f"erro: {folder}/anotacoes.toml:{line}: {first}: chave desconhecida regras (uma anotação tem: texto, "
        "regra, nao_implementado)"]


@pytest.mark.parametrize(("edit", "path", "table"), [
    (lambda t: t.replace("start_presumed = ", "start_presumd = ", 1), "validity.start_presumd", "[validity]"),
    (lambda t: re.sub(r"^note = ", "nota = ", t, count=1, flags=re.M), "parameters.values.nota",
     "[[parameters.values]]"),
    (lambda t: t.replace("[edital]", "[edtal]", 1), "edtal", "norma.toml"),
    (lambda t: re.sub(r"^(\[warnings\.exemplo_minimo_por_cargo\]\n)", r'\1tipo = "x"\n', t, count=1,
                      flags=re.M),
     "warnings.exemplo_minimo_por_cargo.tipo", "[warnings.<nome>]"),
])
def test_a_misspelt_registry_key_is_refused_with_the_keys_its_table_holds(tmp_path, edit, path, table):
    """An optional key of norma.toml written wrong used to be ignored (the norm then lost what it said)."""
    from tests.test_new_norm import _bad_copy

    folder = _bad_copy(tmp_path, edit)
    problems = _check_fails(folder)
    assert any(f"chave desconhecida {path} ({table} tem: " in p for p in problems), problems


def test_every_registry_key_the_corpus_and_the_synthetic_norms_write_is_known():
    from bench import synthetic
    from laws.folder_schema import unknown_registry_keys

    for slug in discovery.discover():
        assert unknown_registry_keys(tomllib.loads(discovery.path_of(slug).read_text(encoding="utf-8"))) == []
    for i in range(12):
        assert unknown_registry_keys(tomllib.loads(synthetic.norm_files(i)["norma.toml"])) == []
