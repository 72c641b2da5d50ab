"""meta.toml described once (laws/folder_schema.py): laws check refuses a key the description does not know (a
typo is not silently ignored), a required key missing and a value of the wrong type, each with the file and
the line; every key the corpus writes is described."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from calculator.norms import discover, path_of, registry_from_data
from laws.folder_schema import BY_PATH, KEYS, TABLE, TABLES
from tests.laws.test_new_norm import EXAMPLE, _check_fails


def _paths(table: dict, parent: str = ""):
    for key, value in table.items():
        path = f"{parent}.{key}" if parent else key
        yield path
        if isinstance(value, dict):
            yield from _paths(value, path)
        elif isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
            for entry in value:
                yield from _paths(entry, path)


@pytest.mark.parametrize("slug", discover())
def test_every_key_the_corpus_writes_is_described(slug):
    meta = tomllib.loads((path_of(slug).parent / "meta.toml").read_text(encoding="utf-8"))
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
    from tests.laws.test_new_norm import _bad_copy

    folder = _bad_copy(tmp_path, edit)
    problems = _check_fails(folder)
    assert any(f"chave desconhecida {path} ({table} tem: " in p for p in problems), problems


def test_every_registry_the_corpus_and_the_synthetic_norms_write_meets_the_schema():
    from bench import synthetic
    from calculator.norms.validate import problems

    for slug in discover():
        assert problems(tomllib.loads(path_of(slug).read_text(encoding="utf-8"))) == []
    for i in range(12):
        assert problems(tomllib.loads(synthetic.norm_files(i)["norma.toml"])) == []


def test_the_registry_schema_is_consistent():
    """Every key's table is described as a table, every key has a meaning, and a table's required keys are
    reachable (a "*" is a name, never required)."""
    from calculator.norms.schema import BY_PATH, SCHEMA
    from calculator.norms.vocabulary import TABLE as R_TABLE
    from calculator.norms.vocabulary import TABLES as R_TABLES
    from calculator.norms.vocabulary import parent_pattern

    for key in SCHEMA:
        parent = parent_pattern(key.path)
        if parent:
            holder = BY_PATH[parent.removesuffix("[]")]
            assert holder.type == (R_TABLES if parent.endswith("[]") else R_TABLE), key.path
        assert key.meaning and key.type, key.path
        assert not (key.name == "*" and key.required), key.path


#: (edit of the fixture's norma.toml, how the problem laws check and the loader both give starts)
REGISTRY_MUTANTS = [
    (lambda t: t.replace("list_order = 100", 'list_order = "100"'), "list_order deve ser inteiro"),
    (lambda t: t.replace("start_presumed = true", 'start_presumed = "sim"'),
     "validity.start_presumed deve ser true ou false"),
    (lambda t: t.replace('count = "whole_blocks"', 'count = "blocos"'),
     "readings.blocos.count deve ser um de proportional, whole_blocks"),
    (lambda t: t.replace('kind = "premissa"', 'kind = "nota"', 1),
     "warnings.exemplo_publicacao_presumida.kind deve ser um de conflito"),
    (lambda t: t.replace("[validity.cases.term]", "[validity.cases.durante]"),
     "validity.cases.durante: nome desconhecido 'durante' em [validity.cases]"),
    (lambda t: t.replace("call_order = [", "chamada = ["),
     "simulation.basis.chamada: nome desconhecido 'chamada' em [simulation.basis]"),
    (lambda t: t + '\n[simulation.options.cadastro]\ndescription = "x"\nrefusal = "y"\n',
     "simulation.options.cadastro: nome desconhecido 'cadastro' em [simulation.options]"),
    (lambda t: t + '\n[simulation.options.equidade_genero]\ndescription = "x"\nrefusal = "y"\nlable = "z"\n',
     "chave desconhecida simulation.options.equidade_genero.lable ([simulation.options.<nome>] tem: "),
    (lambda t: t + '\n[simulation.precedence]\norder = ["reserva", "mulheres"]\n',
     "simulation.precedence.order deve ser um de reserva, pcd, feminina, não 'mulheres'"),
    (lambda t: re.sub(r'^(\[validity\.window\]\n)short = .*\n', r"\1", t, flags=re.M),
     "falta validity.window.short"),
    (lambda t: re.sub(r'^refusal = "na Lei.*$', "refusal = 25", t, count=1, flags=re.M),
     "percent.refusal deve ser texto: 25"),
]


@pytest.mark.parametrize(("edit", "message"), REGISTRY_MUTANTS)
def test_laws_check_and_the_loader_refuse_a_registry_by_the_same_schema(tmp_path, edit, message):
    """One description of norma.toml: what laws check refuses with the file's line, the loader (the
    calculator, also in the browser) refuses in the same words, before reading anything."""

    from calculator.errors import RegistryError
    from calculator.norms.validate import problems
    from tests.laws.test_new_norm import _bad_copy

    folder = _bad_copy(tmp_path, edit)
    path = folder / "norma.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = problems(data)
    assert found, "the schema accepts the mutant"
    first = found[0].message
    assert first.startswith(message), first
    checked = _check_fails(folder)
    assert any(p.startswith(f"erro: {path}:") and first in p for p in checked), checked
    with pytest.raises(RegistryError) as err:
        registry_from_data(data, path)
    assert str(err.value) == f"{path}: {first}"


def test_a_number_declared_as_another_fact_in_percent_is_accepted_by_the_check_and_the_loader(tmp_path):
    """[percent] not_parameter_values (a number in percent.refusal that is not the parameter's) was accepted
    by laws check and refused by the loader, which read every other key of [percent] as a parameter name."""

    from tests.laws.test_new_norm import _bad_copy, run

    folder = _bad_copy(tmp_path, lambda t: t.replace(
        'refusal = "na Lei nº 1/2030 de Exemplo o percentual mínimo é {minimum} (art. 1º); o edital pode '
        'reservar mais, não menos: {percent}"',
        'refusal = "na Lei nº 1/2030 de Exemplo o percentual mínimo é {minimum} (art. 1º), não 10%: '
        '{percent}"\nnot_parameter_values = ["10%"]'))
    assert "not_parameter_values" in (folder / "norma.toml").read_text(encoding="utf-8")
    proc = run("laws", "check", str(folder))
    assert proc.returncode == 0, proc.stderr
    norm = registry_from_data(tomllib.loads((folder / "norma.toml").read_text(encoding="utf-8")),
                              folder / "norma.toml")
    assert "not_parameter_values" not in norm.percent_parameters


def test_a_missing_key_is_reported_once_at_its_own_entry(tmp_path):
    """The schema and laws check's own checks do not both report a missing key, and the line is the entry's
    own, not the first entry of the same table in the file."""
    from tests.laws.test_new_norm import _bad_copy, _line_of

    folder = _bad_copy(tmp_path, lambda t: t.replace(
        'note = "Reserva só com {vagas_minimas} vagas ou mais no concurso."\n', ""))
    problems = _check_fails(folder)
    assert len(problems) == 1, problems
    line = _line_of(folder, 'label = "Vagas mínimas"')  # its [[parameters.values]] is the next line
    where = f"erro: {folder}/norma.toml:{line + 1}: "
    assert problems[0].startswith(where + "parâmetro 'vagas_minimas', valor 1: falta note"), problems
    folder = _bad_copy(tmp_path / "b", lambda t: t.replace(
        'message = "O art. 1º, § 1º, fala das vagas oferecidas',
        'mensagem = "O art. 1º, § 1º, fala das vagas oferecidas'))
    problems = _check_fails(folder)
    line = _line_of(folder, "[warnings.exemplo_minimo_por_cargo]")
    assert f"erro: {folder}/norma.toml:{line}: warnings.exemplo_minimo_por_cargo: falta message" in problems
    assert sum("falta message" in p for p in problems) == 1, problems


def test_the_key_tables_of_the_clone_are_those_the_guide_shows():
    """laws/CHAVES.md (the key tables, readable without building the site) is what tools/key_tables.py
    writes from the same function as the guide's tables."""
    from tools import key_tables

    assert key_tables.OUT.read_text(encoding="utf-8") == key_tables.render(), \
        "laws/CHAVES.md desatualizado: rode .venv/bin/python tools/key_tables.py"
