"""Every basis the calculator can emit resolves in the corpus; labels agree with laws/."""

from __future__ import annotations

import itertools
import re

import pytest

import calculator
import laws
from calculator import NORMS, api
from calculator.labels import label
from calculator.norms import registry_of
from calculator.norms.model import parameters_table
from tests.support import ROOT

REF = re.compile(rf"(?<![;\w])({'|'.join(NORMS)}):([a-z0-9_]+)")


def _percents(slug: str) -> list[str | None]:
    """Percentages worth asking each norm for, by its ``[percent] rule``: the default and more for a
    minimum; the example and others where the user gives it; none where the text fixes it."""
    norm = registry_of(slug)
    if norm.percent_rule == "minimum":
        minimum = norm.value(norm.percent_parameters["parameter"])
        return [None, str(minimum), str(minimum * 2 + 10), f"{int(minimum) + 5},5"]
    if norm.percent_rule == "given":
        return [norm.percent_example, "50", "30"]
    return [None]


def _refs_of(result) -> set[str]:
    refs = set(result.get("basis", []))
    for w in result.get("warnings", []):
        refs.update(w["basis"])
    for s in result.get("steps", []):
        refs.update(s["basis"])
    return refs


def _all_emitted() -> set[str]:
    refs: set[str] = set()
    days = [None, "2000-01-01", "2012-03-03", "2014-06-16", "2020-01-01", "2022-03-10", "2022-03-20",
            "2024-01-01", "2024-02-08", "2024-06-17", "2030-01-01", "2040-01-01"]
    sizes = [1, 2, 3, 4, 5, 6, 8, 9, 10, 13, 14, 20, 10**9]
    for norm, module in calculator.NORMS.items():
        percents = _percents(norm)
        start = module.registry.validity.start
        days = [*days, start, f"{int(start[:4]) + 1}{start[4:]}"]
        for n, p, day, scope in itertools.product(sizes, percents, days, [None, *module.registry.scopes]):
            refs |= _refs_of(calculator.reserve(norm, n, p, day, scope))
        readings = [None, *module.readings]
        scopes = [None, *module.registry.scopes]
        for n, p, reading, scope in itertools.product(sizes, percents, readings, scopes):
            if scope in module.registry.set_scopes:  # no call order for a set of posts (refused)
                continue
            refs |= _refs_of(calculator.order(norm, n, p, reading, scope))
        refs |= _refs_of(calculator.parameters(norm))
        for p in parameters_table(module.params):
            refs.update(p["basis"])
    return refs


def test_every_emitted_basis_resolves():
    corpus = laws.load_corpus()
    emitted = _all_emitted()
    assert len(emitted) > 40
    missing = sorted(r for r in emitted if corpus.resolve(r) is None)
    assert missing == []


def test_every_reference_in_the_source_resolves():
    # Catches references in branches the input sweep might miss.
    corpus = laws.load_corpus()
    found = set()
    for path in sorted((ROOT / "calculator").rglob("*.py")):  # every module, packages included
        text = path.read_text(encoding="utf-8")
        found |= {f"{m.group(1)}:{m.group(2)}" for m in REF.finditer(text)}
    # parameters, validity answers and the warnings catalogue live in the registries (laws/<slug>/norma.toml)
    for norm in map(registry_of, NORMS):
        found |= set(norm.references())
    assert len(found) > 40
    assert sorted(r for r in found if corpus.resolve(r) is None) == []


def test_api_errors_have_no_basis_problems():
    # handle() results carry the same basis as the Python API.
    out = api.run({"command": "ordem", "norma": "lins", "vagas": "10", "percentual": "20"})
    corpus = laws.load_corpus()
    assert all(corpus.resolve(r) for r in _refs_of(out))


def test_labels_agree_with_laws_parser():
    corpus = laws.load_corpus()
    checked = 0
    for norm in corpus.norms:
        for prov in norm.walk():
            assert label(prov.id) == prov.label, (norm.slug, prov.id)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(("pid", "expected"), [
    ("art2_par3", "art. 2º, § 3º"),
    ("art1_cpt", "art. 1º, caput"),
    ("art1_par1u_inc1", "art. 1º, parágrafo único, inciso I"),
    ("art6_cpt_inc4", "art. 6º, inciso IV"),
    ("art10", "art. 10"),
    ("art5_cpt_nota1", "art. 5º, caput, nota"),
    ("fecho", "fecho"),
])
def test_label_examples(pid, expected):
    assert label(pid) == expected
