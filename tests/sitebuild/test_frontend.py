"""The calculator page's metadata (sitebuild/frontend.py → assets/calculadora/normas.js): what the page
knows of the norms comes from the registry and the corpus, and the page's scripts know nothing else."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from calculator.errors import RegistryError
from calculator.norms import FILENAME, Registry, read_registry, registry_of
from laws import NORM_SLUGS, load_corpus
from sitebuild import frontend
from tests.calculator.norms.test_registry import GOOD
from tests.support import ROOT, SITE, require_site_files

ASSETS = ROOT / "docs" / "assets" / "calculadora"
# the module sources the build joins into calculadora.js, edital.js and worker.js (sitebuild/scripts.py)
PAGE_FILES = [*sorted((ASSETS / "src").rglob("*.js")), ASSETS / "csvcell.js",
              ROOT / "docs" / "calculadora.md"]
CHOICES = '[["", "Próximo optante (padrão)"], ["geral", "Próximo da classificação geral"]]'

# A norm in no corpus (tests/calculator/norms/test_registry.py's well-formed file), with a hint and a
# simulation option.
FOURTH = GOOD.replace('refusal = "o percentual mínimo é {minimum}: {percent}"',
                      'refusal = "o percentual mínimo é {minimum}: {percent}"\n'
                      'hint = "Opcional no Teste: a lei reserva no mínimo 25,5%."') + f"""
[simulation.options.substituicao]
description = "quem substitui o desistente, no Teste"
refusal = "só no Teste"
label = "Vaga de quem desiste (Teste, art. 3º)"
choices = {CHOICES}
"""


def fourth_norm(tmp_path: Path, text: str = FOURTH) -> Registry:
    path = tmp_path / "teste" / FILENAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return read_registry(path)


def corpus_provisions() -> dict[str, list[str]]:
    return {norm.slug: [p.id for p in norm.walk()] for norm in load_corpus().norms}


def _code(path: Path) -> str:
    """The file without its comments (// to the end of a line in JS; <!-- --> in the page)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())


@pytest.mark.parametrize("path", PAGE_FILES, ids=lambda p: p.relative_to(ROOT / "docs").as_posix())
def test_the_page_holds_no_legal_knowledge(path):
    """No norm's slug, place or citation, no law number, no percentage, no label grammar in the page's
    scripts or form: all of it comes from normas.js."""
    code = _code(path)
    # a slug as the page would use it (a value, a field); a place, a city or a citation as written (a slug
    # or a city may also be an ordinary word: "exemplo" in "arquivo de exemplo")
    for slug in NORM_SLUGS:
        norm = registry_of(slug)
        used = re.search(rf"""["'`]{slug}["'`]|=\s*{slug}\b""", code, flags=re.I)
        assert not used, f"{path.name} nomeia uma norma: {used.group(0)!r}"
        for word in (norm.place, norm.citation, norm.place.split("/")[0]):
            named = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", code)
            assert not named, f"{path.name} nomeia uma norma: {word!r}"
    for pattern in (r"\b(Lei|Decreto|LC) nº", r"\d\s*%", r"\bart\. ?\d", r"§", r"parágrafo único",
                    r"\binciso\b", r"\balínea\b", r"\bcaput\b", r"\b\d{1,2}\.\d{3}/\d{4}\b",
                    r'"(?:CM|XC|IX|IV)"'):
        found = re.search(pattern, code, flags=re.I)
        assert not found, f"{path.name}: {found.group(0)!r} (conhecimento jurídico fora do registro)"


def test_the_build_wrote_the_registrys_metadata():
    require_site_files(["assets/calculadora/normas.js"])
    text = (SITE / "assets" / "calculadora" / "normas.js").read_text(encoding="utf-8")
    written = json.loads(text.split("=", 1)[1].strip().rstrip(";"))
    assert written == frontend.metadata([registry_of(s) for s in NORM_SLUGS], corpus_provisions())
    assert [n["slug"] for n in written["norms"]] == list(NORM_SLUGS)
    assert len(text.encode("utf-8")) < 30_000  # it is on the page's arrival


def test_every_label_is_the_corpus_label():
    """The corpus parser's label (laws) of every id, a compilation note named as such; each norm's citation
    for the long form (the page checks the long form, tests/browser/test_calculadora.py)."""
    data = frontend.metadata([registry_of(s) for s in NORM_SLUGS], corpus_provisions())
    corpus = load_corpus()
    count = 0
    for norm in corpus.norms:
        reg = registry_of(norm.slug)
        for p in norm.walk():
            short = data["labels"][norm.slug][p.id]
            if p.kind == "nota" and "_nota" in p.id:
                parent = norm.get(p.id.rsplit("_nota", 1)[0])
                assert short == f"nota de compilação da fonte ao {parent.label}"
            else:
                assert short == p.label
            count += 1
        entry = next(n for n in data["norms"] if n["slug"] == norm.slug)
        assert entry["cite"] == f"{reg.place}, {reg.citation}"
    assert count == sum(len(ids) for ids in data["labels"].values()) > 100
    assert data["labels"]["ubatuba"]["art1_par1u_inc1"] == "art. 1º, parágrafo único, inciso I"


def test_a_norm_added_to_the_registry_gets_its_fields(tmp_path):
    norms = [registry_of(s) for s in NORM_SLUGS] + [fourth_norm(tmp_path)]
    data = frontend.metadata(norms, {})
    entry = data["norms"][-1]
    assert entry["name"] == "Teste/SP — Lei nº 1/2020"
    # the percentage the user may give, with the registry's hint; one vínculo and one reading: no field
    assert entry["fields"] == {
        "percentual": {"label": frontend.PERCENT_LABEL, "kind": "decimal",
                       "hint": "Opcional no Teste: a lei reserva no mínimo 25,5%."},
        "substituicao": {"label": "Vaga de quem desiste (Teste, art. 3º)", "kind": "select",
                         "choices": json.loads(CHOICES)},
    }
    assert data["options"].count("substituicao") == 1  # Ubatuba's option too: one field, two norms
    quissama = next(n for n in data["norms"] if n["slug"] == "quissama")
    assert "percentual" not in quissama["fields"]  # fixed by law ("tiered"): no field


@pytest.mark.parametrize("choices", [
    '[["geral", "Geral"], ["", "Padrão"]]',  # the default is not first
    '[["", "Padrão"]]',  # nothing to choose
    '[["", "Padrão"], ["", "De novo"]]',  # a value twice
])
def test_malformed_choices_are_refused_naming_the_file(tmp_path, choices):
    text = FOURTH.replace(f"choices = {CHOICES}", f"choices = {choices}")
    assert text != FOURTH
    where = r"teste/norma\.toml: simulation\.options\.substituicao\.choices"
    with pytest.raises(RegistryError, match=where):
        fourth_norm(tmp_path, text)
