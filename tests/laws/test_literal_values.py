"""Each fact once (issue 21): `python -m laws check` refuses a registry message that writes a parameter's
value as text ("25%", "quatro vagas", "8 anos") instead of its placeholder, with the file, the line and
what to write; a quotation and a number declared as another fact (not_parameter_values) are left alone. The
corpus's registries name their values through placeholders, and the answers show the values."""

from __future__ import annotations

import pytest

from tests.laws.test_new_norm import _bad_copy, _check_fails, _line_of, run

MESSAGE = ('message = "O art. 1º, § 1º, fala das vagas oferecidas no concurso; o mínimo de {vagas_minimas} '
           'vagas foi aplicado às vagas informadas (as de um cargo)."')


@pytest.mark.parametrize(("written", "parameter"), [
    ("o mínimo de 4 vagas", "vagas_minimas"),
    ("o mínimo de quatro vagas", "vagas_minimas"),
    ("o mínimo de 4 (quatro) vagas", "vagas_minimas"),
    ("a reserva de 25% das vagas", "percentual_minimo"),
    ("a reserva de 25 % das vagas", "percentual_minimo"),
    ("o prazo de 8 anos", "prazo_de_vigencia_anos"),
    ("o prazo de oito anos", "prazo_de_vigencia_anos"),
    ("a reserva de vinte e cinco por cento das vagas", "percentual_minimo"),
    ("com o mínimo de 4 no concurso", "vagas_minimas"),
])
def test_a_message_that_restates_a_parameter_is_refused(tmp_path, written, parameter):
    folder = _bad_copy(tmp_path, lambda t: t.replace(
        MESSAGE, MESSAGE.replace("o mínimo de {vagas_minimas} vagas", written)))
    lines = _check_fails(folder)
    line = _line_of(folder, 'message = "O art. 1º, § 1º')
    assert any(ln.startswith(f"erro: {folder}/norma.toml:{line}: warnings.exemplo_minimo_por_cargo.message: "
                             f"o texto escreve o valor do parâmetro '{parameter}' como texto")
               and f"escreva {{{parameter}}} no lugar" in ln for ln in lines), lines


def test_a_quotation_and_a_declared_other_fact_are_accepted(tmp_path):
    quoted = MESSAGE.replace("o mínimo de {vagas_minimas} vagas",
                             'o texto diz \\"4 vagas\\", e a lei federal, 8 anos')
    folder = _bad_copy(tmp_path, lambda t: t.replace(MESSAGE, quoted + '\nnot_parameter_values = ["8 anos"]'))
    proc = run("laws", "check", str(folder))
    assert proc.returncode == 0, proc.stderr
    # without the declaration, the federal law's 8 years read as this norm's term
    folder2 = _bad_copy(tmp_path / "b", lambda t: t.replace(MESSAGE, quoted))
    assert any("'prazo_de_vigencia_anos'" in ln for ln in _check_fails(folder2))


def test_the_corpus_names_its_values_through_placeholders():
    from calculator.api import handle

    def ask(req: dict) -> dict:
        import json

        return json.loads(handle(json.dumps(req)))["result"]

    after = ask({"command": "reserva", "norma": "ubatuba", "vagas": "10", "data_edital": "2025-01-01"})
    assert "o prazo de 10 anos do art. 13 terminou em 16/06/2024" in after["headline"]
    comissao = ask({"command": "reserva", "norma": "ubatuba", "vagas": "12", "vinculo": "comissao"})
    messages = " ".join(w["message"] for w in comissao["warnings"])
    assert "o mínimo de 20% se aplica ao conjunto" in messages
    assert "o mínimo de 3 vagas do art. 2º" in messages
    assert "{" not in messages
    quissama = ask({"command": "reserva", "norma": "quissama", "vagas": "10", "data_edital": "2023-01-01"})
    text = " ".join([*(w["message"] for w in quissama["warnings"]), *(s["text"] for s in quissama["steps"])])
    assert "Prazo de 10 anos (art. 5º)" in text and "prorrogação de mais 10 anos" in text
    assert "{" not in text


def test_the_percentage_hint_names_its_parameter_and_the_page_shows_the_value(tmp_path):
    """percent.hint (beside the page's percentage field) is a message like the others: "25%" written in it is
    refused, an unknown placeholder too, and the page's field gets the value filled in."""
    from calculator.norms import registry_of
    from sitebuild.frontend import norm_fields

    hint = 'hint = "Opcional: no mínimo 25%."'
    folder = _bad_copy(tmp_path, lambda t: t.replace("[percent]\n", f"[percent]\n{hint}\n", 1))
    line = _line_of(folder, "hint =")
    assert any(f"norma.toml:{line}: percent.hint: o texto escreve o valor do parâmetro "
               "'percentual_minimo' como texto" in ln for ln in _check_fails(folder))
    unknown = _bad_copy(tmp_path / "b",
                        lambda t: t.replace("[percent]\n", '[percent]\nhint = "{percentual}"\n', 1))
    assert any("percent.hint: marcador desconhecido {percentual}" in ln for ln in _check_fails(unknown))
    ubatuba = norm_fields(registry_of("ubatuba"))["percentual"]["hint"]
    assert ubatuba == ("Opcional: a lei reserva no mínimo 20%; o edital pode reservar mais. "
                       "Em branco, vale 20%.")


@pytest.mark.parametrize(("old", "new", "where"), [
    ('note = "No mínimo {percentual_minimo} das vagas', 'note = "No mínimo 25% das vagas',
     "parameters.values.note"),
    ("de cada grupo de 4", "de cada grupo de 4 (25 por cento)", "readings.blocos.description"),
    ('label = "Vagas mínimas"', 'label = "Vagas mínimas (4 vagas)"', "parameters.label"),
])
def test_every_prose_field_is_read_for_a_restated_value(tmp_path, old, new, where):
    """Not only messages: a parameter's note and label and a reading's description are prose too."""
    folder = _bad_copy(tmp_path, lambda t: t.replace(old, new, 1))
    assert any(f": {where}: o texto escreve o valor do parâmetro" in ln for ln in _check_fails(folder)), where
