"""The norms' registries (laws/<slug>/norma.toml): well formed, read by the rules, and the facts that
meta.toml repeats agree with them."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from datetime import date
from fractions import Fraction

import pytest

from calculator import NORMS
from calculator.errors import RegistryError
from calculator.norms import (
    LAWS,
    discover,
    discovery,
    path_of,
    read_registry,
    registry_from_data,
    registry_of,
    vocabulary,
)
from calculator.norms.model import add_years
from calculator.rules.default import DefaultRules
from laws.corpus import load_corpus, load_meta
from laws.registry_facts import restated

SLUGS = list(NORMS)


def _meta(slug: str) -> dict:
    return tomllib.loads((path_of(slug).parent / "meta.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("slug", SLUGS)
def test_each_rule_module_reads_its_own_registry(slug):
    """Each norm's rules read the registry of its own slug; a hook module is the one the registry names."""
    norm, module = registry_of(slug), NORMS[slug]
    assert module.registry is norm
    assert isinstance(module, DefaultRules)
    if norm.rules_module:
        # the norm's declared exceptions: a subclass in the module its registry names
        assert type(module).__module__ == norm.rules_module == f"calculator.rules.{slug}"
        assert type(module).__name__ == f"{slug.capitalize()}Rules"
    else:
        assert type(module) is DefaultRules


@pytest.mark.parametrize("slug", SLUGS)
def test_every_basis_in_the_registry_resolves_in_the_corpus(slug):
    corpus_norm = load_corpus().norm(slug)
    norm = registry_of(slug)
    refs = norm.references()
    assert refs and all(ref.startswith(slug + ":") for ref in refs)
    for ref in refs:
        assert corpus_norm.get(ref.split(":", 1)[1]) is not None, ref


@pytest.mark.parametrize("slug", SLUGS)
def test_meta_toml_writes_no_registry_fact_and_the_loaded_metadata_takes_them_from_it(slug):
    """meta.toml keeps the text's metadata and writes none of the facts the registry holds (each fact once);
    the corpus loader fills them in from the registry, for the pages, LexML and ABNT."""
    assert restated(_meta(slug)) == []
    meta, norm = load_meta(path_of(slug).parent), registry_of(slug)
    assert norm.citation == meta["title"]
    assert norm.place == f"{meta['municipality']}/{meta['state']}"
    v = norm.validity
    # the start: the publication date when the text has one, else presumed equal to the signature date
    if "date" in meta.get("entry_into_force", {}):
        assert not v.start_presumed and v.start == meta["entry_into_force"]["date"]
    else:
        assert v.start_presumed and v.start == meta["date"]
    entry = meta["entry_into_force"]["provision"]
    assert any(ref.split(":", 1)[1].startswith(entry) for ref in v.start_basis)
    term = meta.get("term")
    assert (term is None) == (v.term_years is None)
    if term:
        assert term["years"] == v.term_years
        assert any(ref.split(":", 1)[1].startswith(term["provision"]) for ref in v.term_basis)
        ext = term.get("extension")
        assert (ext is None) == (v.extension is None)
        if ext:
            assert (ext["years"], ext["date"]) == (v.extension.years, v.extension.start)
            assert f"{slug}:{ext['provision']}" in v.extension.basis
    if "transition" in meta:
        assert [f"{slug}:{meta['transition']['provision']}"] == list(v.transition_basis)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_catalogue_message_fills_its_placeholders(slug):
    """A message naming a date the registry does not have would fail at run time: fill every one now."""
    from calculator.rules import validity

    norm = registry_of(slug)
    values = {**validity.placeholders(norm, date(2020, 1, 1)), "reason": "…"}
    for entry in norm.warnings.values():
        entry.message.format(**values, **dict.fromkeys(entry.values, "…"))
    for case in [norm.validity_entry, *norm.validity_cases.values()]:
        case.text.format(**values)
        if case.reason:
            case.reason.format(**values)


def test_term_end_is_computed_from_the_start_and_the_years():
    assert registry_of("ubatuba").validity.term_end == "2024-06-16"
    assert registry_of("quissama").validity.last_day == "2032-03-03"
    assert registry_of("lins").validity.last_day is None
    assert add_years(date(2012, 2, 29), 10) == date(2022, 3, 1)  # no 29/02/2022: the next day


def test_fractions_are_exact_and_values_are_dated():
    ub = registry_of("ubatuba")
    minimum = ub.value("percentual_minimo")
    assert minimum == Fraction(20) and isinstance(minimum, Fraction)
    assert ub.params()["percentual_minimo"].end == "2024-06-16"
    qu = registry_of("quissama").params()["prorrogacao"]
    assert (qu.start, qu.end) == ("2022-03-04", "2032-03-03")  # continuous: from the day after the term
    assert registry_of("lins").value("percentual") is None


def _write(tmp_path, text: str):
    folder = tmp_path / "laws" / "teste"
    folder.mkdir(parents=True)
    (folder / "norma.toml").write_text(text, encoding="utf-8")
    return folder / "norma.toml"


GOOD = """slug = "teste"
citation = "Lei nº 1/2020"
title = "Lei nº 1, de 1º de janeiro de 2020 (Teste/SP)"
place = "Teste/SP"
urn = "urn:lex:br;sao.paulo;teste:municipal:lei:2020-01-01;1"
[validity]
start = "2020-01-01"
start_presumed = false
start_basis = ["art9"]
term_parameter = "prazo"
[validity.entry]
text = "Entrada em vigor: {start}."
basis = ["art9"]
warnings = ["teste_prazo"]
[validity.cases.before]
applies = false
reason = "antes de {start}"
text = "Edital anterior: {reason}."
[validity.cases.term]
text = "Edital no prazo até {term_end}."
[validity.cases.after]
applies = false
reason = "o prazo terminou em {term_end}"
text = "Depois do prazo."
[validity.window]
short = "de {start} a {last_day}"
text = "publicado de {start} a {last_day}"
[warnings.teste_prazo]
kind = "premissa"
basis = ["art8"]
message = "Prazo de cinco anos até {term_end}."
[percent]
rule = "minimum"
parameter = "percentual"
rounding_parameter = "arredondamento"
refusal = "o percentual mínimo é {minimum}: {percent}"
[scopes]
default = "efetivo"
[scopes.names]
efetivo = "cargo efetivo"
[readings]
default = "proporcional"
[readings.proporcional]
count = "proportional"
description = "proporcional"
[[parameters]]
name = "percentual"
unit = "percentual"
label = "Percentual"
[[parameters.values]]
value = "51/2"
end = "term_end"
basis = ["art1"]
note = "25,5%"
[[parameters]]
name = "prazo"
unit = "anos"
label = "Prazo (anos)"
[[parameters.values]]
value = 5
basis = ["art8"]
note = "cinco anos"
[[parameters]]
name = "arredondamento"
unit = "arredondamento"
label = "Arredondamento"
[[parameters.values]]
value = "meio_para_cima"
basis = ["art1"]
note = "meio para cima"
"""


def test_a_well_formed_file_loads(tmp_path):
    norm = registry_from_data(tomllib.loads(GOOD), _write(tmp_path, GOOD))
    assert norm.value("percentual") == Fraction(51, 2)
    assert norm.params()["percentual"].end == "2025-01-01" and norm.params()["prazo"].basis == ("teste:art8",)
    from calculator.rules import validity

    after = validity.validity_on(norm, date(2025, 1, 2))
    assert after["applies"] is False and after["reason"] == "o prazo terminou em 01/01/2025"
    assert after["warnings"][0]["message"] == "Prazo de cinco anos até 01/01/2025."
    assert validity.validity_on(norm, date(2025, 1, 1))["applies"] is True
    before = validity.validity_on(norm, date(2019, 12, 31))
    assert before["steps"][1]["text"] == "Edital anterior: antes de 01/01/2020."
    assert validity.validity_window(norm)["text"] == "publicado de 01/01/2020 a 01/01/2025"


@pytest.mark.parametrize(("old", "new", "message"), [
    ('value = "51/2"', 'value = "vinte"', "não é um número exato"),
    ('rule = "minimum"', 'rule = "maximum"', "percent.rule"),
    ('count = "proportional"', 'count = "round"', "readings.proporcional.count"),
    ('basis = ["art1"]', 'basis = ["teste:art1"]', "sem prefixo"),
    ('term_parameter = "prazo"', 'term_parameter = "duracao"', "term_parameter"),
    ('default = "efetivo"', 'default = "comissao"', "scopes.default"),
    ('start = "2020-01-01"', 'start = "01/01/2020"', "AAAA-MM-DD"),
    ('note = "cinco anos"\n', '', "falta"),
    ('kind = "premissa"', 'kind = "alerta"', "warnings.teste_prazo.kind"),
    ('warnings = ["teste_prazo"]', 'warnings = ["teste_outro"]', "não está em \\[warnings\\]"),
    ('[validity.cases.term]', '[validity.cases.durante]', "nome desconhecido 'durante'"),
    # a norm folder is data: rules names the module written for it inside calculator/rules/, nothing else
    ('place = "Teste/SP"\n', 'place = "Teste/SP"\nrules = "api"\n', "deve ser o nome da própria norma"),
    ('place = "Teste/SP"\n', 'place = "Teste/SP"\nrules = "ubatuba"\n', "deve ser o nome da própria norma"),
    ('place = "Teste/SP"\n', 'place = "Teste/SP"\nrules = "../laws/pwn"\n', "deve ser o nome da própria"),
    ('place = "Teste/SP"\n', 'place = "Teste/SP"\nrules = "teste"\n', "não há calculator/rules/teste.py"),
    ('slug = "teste"', 'slug = "../teste"', "slug deve ter só letras minúsculas"),
    # names the theme prints unescaped (menu, <title>): one line of plain text
    ('citation = "Lei nº 1/2020"', 'citation = "Lei 1\\nhooks:\\n  - x.py"', "citation tem o caractere de "
     "controle U\\+000A"),
    ('place = "Teste/SP"', 'place = "Teste<script>/SP"', "place tem o caractere '<'"),
    ('title = "Lei nº 1', 'title = "\\u202eLei nº 1', "title tem o caractere de controle U\\+202E"),
])
def test_a_malformed_file_is_refused_naming_file_and_entry(tmp_path, old, new, message):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    path = _write(tmp_path, text)
    with pytest.raises(RegistryError, match=message) as err:
        registry_from_data(tomllib.loads(text), path)
    assert str(path) in str(err.value)


def test_the_readme_article_table_is_generated_from_the_registry():
    from tools import registry_table

    text = registry_table.README.read_text(encoding="utf-8")
    assert registry_table.updated(text) == text, "README desatualizado: rode tools/registry_table.py"
    from calculator.simulator import policy

    in_laws = [s for s in SLUGS if path_of(s).parent.parent == LAWS]
    for slug in in_laws:  # every provision the registries cite has a row (the [simulation] section's too)
        norm = registry_of(slug)
        cited = set(norm.references()) | set(policy.of(norm).references())
        assert cited == {ref for ref, _, _ in registry_table.rows(norm)}


def test_each_norm_specific_simulation_option_has_one_owner_and_is_refused_elsewhere():
    from calculator.api import handle

    owners = {opt: [s for s in SLUGS if opt in registry_of(s).simulation_options]
              for opt in vocabulary.SIMULATION_OPTIONS}
    assert all(len(o) == 1 for o in owners.values()), owners
    non_default = {"substituicao": "geral", "equidade_genero": True, "preenchimento": "lista",
                   "vagas_femininas": "1", "precedencia": "art4_par1u", "precedencia_feminina": "feminina"}
    csv = "inscricao;nome;classificacao;cotista\nA;A;1;sim\nB;B;2;não\n"
    for opt, (owner,) in owners.items():
        for slug in SLUGS:
            req = {"command": "simular", "norma": slug, "vagas": "2", "csv": csv, opt: non_default[opt],
                   **({"percentual": "20"} if slug == "lins" else {})}
            answer = json.loads(handle(json.dumps(req)))
            if slug == owner:
                assert answer["ok"], (opt, slug, answer)
            else:
                refusal = registry_of(owner).simulation_options[opt]["refusal"]
                assert answer["error"] == {"field": opt, "message": refusal}, (opt, slug)


def _count_reads(monkeypatch) -> tuple[list, list]:
    """Every TOML parse of a registry and every schema validation, from now on."""
    from calculator.norms import load

    parses: list[str] = []
    checks: list[dict] = []
    real_parse, real_check = tomllib.loads, load.schema_problems
    monkeypatch.setattr(discovery.tomllib, "loads", lambda text: parses.append(text) or real_parse(text))
    monkeypatch.setattr(load, "schema_problems", lambda data: checks.append(data) or real_check(data))
    return parses, checks


def test_each_registry_is_parsed_and_validated_once_whatever_asks(monkeypatch):
    """The page's worker and the public API call api.handle with no help from the CLI: many requests, of
    every command and norm, parse and validate each registry once, and discover() after them reads none
    again."""
    from calculator import forget_norms
    from calculator.api import handle

    forget_norms()
    parses, checks = _count_reads(monkeypatch)
    try:
        asked = []
        for slug in SLUGS:
            extra = {"percentual": "20"} if registry_of(slug).percent_rule == "given" else {}
            asked.append(slug)
            for n in range(1, 40):
                for command in ("reserva", "ordem"):
                    assert json.loads(handle(json.dumps({"command": command, "norma": slug, "vagas": str(n),
                                                         **extra})))["ok"]
            handle(json.dumps({"command": "parametros", "norma": slug}))
            assert len(parses) == len(checks) == len(asked)  # one per norm asked for, so far
        assert set(discover()) == set(SLUGS) and len(parses) == len(checks) == len(SLUGS)
        read_registry(path_of(SLUGS[0]))  # an explicit read of a file parses it as it is now
        assert len(parses) == len(SLUGS) + 1
    finally:
        forget_norms()


def test_an_unknown_name_reads_no_registry_twice(monkeypatch):
    from calculator import forget_norms
    from calculator.api import handle

    forget_norms()
    parses, _ = _count_reads(monkeypatch)
    try:
        for _ in range(20):
            assert not json.loads(handle('{"command": "reserva", "norma": "ubatuba", "vagas": "0"}'))["ok"]
            assert not json.loads(handle('{"command": "reserva", "norma": "nenhuma", "vagas": "3"}'))["ok"]
        assert len(parses) <= len(SLUGS)
    finally:
        forget_norms()


@pytest.mark.parametrize("rounding", ["meio_para_cima", "para_cima", "para_baixo"])
def test_the_call_order_counts_with_the_norms_own_rounding(tmp_path, rounding):
    """One rounding fact: a norm that rounds up (or down) places its seats as it counts them. With the reading
    "proportional", every N from 1 to 200 has exactly as many positions as reserved seats, none placed by
    interpretation (the reading's count is the reserve's own rounding, not a second one)."""
    from calculator.rules import DefaultRules, call_positions

    text = GOOD.replace('value = "meio_para_cima"', f'value = "{rounding}"')
    norm = registry_from_data(tomllib.loads(text), _write(tmp_path, text))
    rules = DefaultRules(norm)
    for n in range(1, 201):
        reserved = rules.reserved_seats(n)["reserved"]
        order = call_positions(norm, rules, n)
        assert (order["positions_total"], order["interpreted_positions"]) == (reserved, []), (rounding, n)
    expected = {"meio_para_cima": 2, "para_cima": 3, "para_baixo": 2}[rounding]  # 25,5% of 9 = 2,295
    assert rules.reserved_seats(9)["reserved"] == expected


def test_a_registry_naming_an_unknown_placeholder_in_its_prose_is_refused(tmp_path):
    text = GOOD.replace('note = "cinco anos"', 'note = "{prazo} anos, até {fim_do_prazo}"')
    with pytest.raises(RegistryError, match=r"parâmetro prazo.note: marcador desconhecido \{fim_do_prazo\}"):
        registry_from_data(tomllib.loads(text), _write(tmp_path, text))
    text = GOOD.replace('note = "cinco anos"', 'note = "{prazo} anos, até {term_end}"')
    norm = registry_from_data(tomllib.loads(text), _write(tmp_path / "b", text))
    assert norm.params()["prazo"].note == "5 anos, até 01/01/2025"


def test_one_question_reads_one_registry_however_many_norms():
    """Python ready does not grow with the corpus: importing the calculator reads no registry, and a
    question about one norm reads only that norm's (discovery of every folder waits for a question that
    lists them, such as an unknown norm)."""
    from tests.support import ROOT

    code = """
import json, sys
import calculator.api as api
from calculator.norms import discover, loaded
before = (discover.cache_info().currsize, len(loaded()))
answer = json.loads(api.handle(json.dumps({"command": "reserva", "norma": "ubatuba", "vagas": "10"})))
after = (discover.cache_info().currsize, len(loaded()))
unknown = json.loads(api.handle(json.dumps({"command": "reserva", "norma": "atlantida", "vagas": "10"})))
print(json.dumps([before, after, answer["ok"], unknown["error"]["message"]]))
"""
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    before, after, ok, unknown = json.loads(proc.stdout)
    assert before == [0, 0] and after == [0, 1] and ok
    # the message that lists the norms still names every one (discovery runs for it)
    assert all(slug in unknown for slug in NORMS), unknown
