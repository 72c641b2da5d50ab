"""The legal review's wording and basis findings: each answer says no more than the corpus gives, cites a
provision that supports the step, and labels what is a reading, a presumption or a fact from outside the
corpus.  CLI answers are run as a user runs them; page checks read the built site (site/)."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from calculator.norms import registry_of
from tests.support import run_cli

EXAMPLE = "docs/assets/exemplo-classificacao.csv"


def cli(*args: str) -> str:
    out = run_cli("calculator", *args, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout


def cli_json(*args: str) -> dict:
    return json.loads(cli(*args, "--json"))


# --------------------------------------------------------------------------- Quissamã's parameters


def test_quissama_extension_parameter_follows_the_adopted_model():
    from calculator.norms import registry_of

    params = {p["name"]: p for p in cli_json("parametros", "--norma", "quissama")["parameters"]}
    ext, term = params["prorrogacao"], params["prazo_de_vigencia_anos"]
    # continuous model: the extension starts the day after the original term's last day, with no gap
    assert date.fromisoformat(ext["start"]) == date.fromisoformat(term["end"]) + timedelta(days=1)
    assert ext["end"] == registry_of("quissama").validity.last_day == "2032-03-03"
    assert ext["interpretation"] is True
    # the basis is the compiler's note, not a provision
    assert ext["basis"] == ["quissama:art5_cpt_nota1"] and ext["basis_kind"] == "nota_de_compilacao"
    # the other model's dates are in the note
    assert "18/03/2022 a 18/03/2032" in ext["note"] and "04 a 17/03/2022" in ext["note"]
    # every rule of the law ends with the adopted window, none reads "sem prazo final"
    for name, p in params.items():
        if name not in ("entrada_em_vigor", "prazo_de_vigencia_anos"):
            assert p["end"] == "2032-03-03", name
    text = cli("parametros", "--norma", "quissama")
    assert "desde 18/03/2022" not in text and "desde 04/03/2022 até 03/03/2032" in text


def test_validity_steps_resting_on_the_compilation_note_say_so():
    r = cli_json("reserva", "--norma", "quissama", "--vagas", "10", "--data-edital", "2023-01-01")
    noted = [s for s in r["steps"] if "quissama:art5_cpt_nota1" in s["basis"]]
    assert noted and all(s["basis_kind"] == "nota_de_compilacao" for s in noted)


# --------------------------------------------------------------------------- validity wording


def test_lins_before_2023_does_not_say_the_law_created_the_reserve():
    r = cli_json("reserva", "--norma", "lins", "--percentual", "20", "--vagas", "10",
                 "--data-edital", "2012-05-01")
    assert r["applies"] is False and r["reserved"] == 0
    said = json.dumps(r, ensure_ascii=False)
    assert "cria a reserva" not in said
    assert "o corpus não diz se outra lei municipal previa reserva antes" in r["headline"]


def test_quissama_after_both_models_no_pelo_texto_before_a_model_date():
    r = cli_json("reserva", "--norma", "quissama", "--vagas", "10", "--data-edital", "2032-03-19")
    assert r["applies"] is False
    assert "pelo texto" not in r["headline"]
    assert "pelos dois modelos" in r["headline"]
    assert "03/03/2032" in r["headline"] and "18/03/2032" in r["headline"]


def test_lins_percentage_step_names_the_decree():
    r = cli_json("reserva", "--norma", "lins", "--percentual", "20", "--vagas", "10")
    first = r["steps"][0]["text"]
    assert "Decreto, art. 2º, I" in first and "2023, art. 2º, I" not in first


@pytest.mark.parametrize("slug", ["ubatuba", "quissama"])
def test_civil_code_counting_is_labelled_outside_the_corpus(slug):
    r = cli_json("reserva", "--norma", slug, "--vagas", "10", "--data-edital", "2020-01-01")
    last = next(w for w in r["warnings"] if w["code"].endswith("_ultimo_dia"))
    assert "Código Civil, art. 132, § 3º" in last["message"] and "fora do corpus" in last["message"]
    assert "só fica dentro do prazo por essa contagem" in last["message"]


def test_quissama_gap_says_it_rests_on_the_presumed_publication():
    r = cli_json("reserva", "--norma", "quissama", "--vagas", "10", "--data-edital", "2022-03-10")
    gap = next(w for w in r["warnings"] if w["code"] == "quissama_lacuna_prorrogacao")
    assert "18/03/2012 ou depois" in gap["message"] and "a lacuna não existiria" in gap["message"]


# --------------------------------------------------------------------------- bases that support the step


@pytest.mark.parametrize("scope, where", [("comissao", "ubatuba:art8_cpt"),
                                          ("estagio", "ubatuba:art1_par1u_inc1")])
def test_set_scope_whole_count_cites_the_set_rule(scope, where):
    r = cli_json("reserva", "--norma", "ubatuba", "--vagas", "10", "--vinculo", scope)
    count = next(s for s in r["steps"] if "= 2" in s["text"])
    assert where in count["basis"] and "ubatuba:art2_cpt" not in count["basis"]


def test_edital_set_scope_count_cites_art_8(tmp_path):
    table = tmp_path / "comissao.csv"
    table.write_text("cargo;vagas;reservadas\nSecretário;1;0\nDiretor;5;1\nAssessor;6;1\n", encoding="utf-8")
    r = cli_json("edital", "--norma", "ubatuba", "--vinculo", "comissao", str(table))
    whole = next(s for s in r["steps"] if "12 postos" in s["text"])
    assert whole["basis"] == ["ubatuba:art8_cpt"]


def test_ubatuba_parameters_state_the_set_scope_readings():
    params = {p["name"]: p for p in cli_json("parametros", "--norma", "ubatuba")["parameters"]}
    minimum, rounding = params["vagas_minimas"]["note"], params["arredondamento"]["note"]
    assert "Cargos em comissão" in minimum and "não aplica esse mínimo de 3 (interpretação" in minimum
    assert "estágios" in rounding and "arredonda para cima (interpretação" in rounding


def test_lins_nominations_beyond_the_vacancies_have_no_basis_in_the_corpus():
    r = cli_json("ordem", "--norma", "lins", "--percentual", "20", "--vagas", "10", "--nomeacoes", "15")
    beyond = next(s for s in r["steps"] if s["text"].startswith("Nomeações além das vagas"))
    assert beyond["basis"] == [] and beyond["basis_kind"] == "sem_base_no_corpus"
    w = next(w for w in r["warnings"] if w["code"] == "nomeacoes_alem_das_vagas")
    assert "lins:art7_par3" not in w["basis"]


def test_lins_simulation_call_order_has_no_basis_in_the_corpus():
    r = cli_json("simular", "--norma", "lins", "--percentual", "20", "--vagas", "10", EXAMPLE)
    seats = next(s for s in r["steps"] if "nas posições da ordem de nomeação" in s["text"])
    assert seats["basis"] == [] and seats["basis_kind"] == "sem_base_no_corpus"


@pytest.mark.parametrize("slug, extra, cited", [
    ("quissama", [], ["quissama:art3_par1"]),
    ("lins", ["--percentual", "20"], ["lins:art6_cpt_inc1"]),
    # Ubatuba's art. 7º, § 1º, I, excludes a candidate of any list nominated by the ampla concorrência
    ("ubatuba", [], ["ubatuba:art6_cpt", "ubatuba:art7_par1_inc1", "ubatuba:art7_par2"]),
])
def test_pcd_only_candidate_by_ampla_cites_no_racial_reserve_rule(slug, extra, cited):
    r = cli_json("simular", "--norma", slug, "--vagas", "10", "--vagas-pcd", "1", *extra, EXAMPLE)
    camila = next(n for n in r["nominations"] if "Camila" in json.dumps(n, ensure_ascii=False))
    assert camila["basis"] == cited


# --------------------------------------------------------------------------- Quissamã: simulation and order


def _ranked(path, cotistas: set[int], size: int = 20) -> str:
    rows = ["inscricao;nome;classificacao;nota;cotista;pcd;genero;situacao;heteroidentificacao"]
    for i in range(1, size + 1):
        rows.append(f"{i:04d};Cand {i};{i};{100 - i},00;{'sim' if i in cotistas else 'não'};não;"
                    f"{'F' if i % 2 else 'M'};;")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


def test_quissama_partial_shortfall_counts_every_approved_cotista(tmp_path):
    # cotistas ranked 2 (nominated by the ampla concorrência) and 14 (through the reserve): two approved
    csv = _ranked(tmp_path / "q13b.csv", {2, 14})
    r = cli_json("simular", "--norma", "quissama", "--vagas", "13", csv)
    w = next(w for w in r["warnings"] if w["code"] == "quissama_reversao_parcial")
    assert ("1 cotista aprovado disponível para a reserva (2 aprovados; 1 nomeado pela ampla concorrência)"
            in w["message"])
    assert "Há 1 cotista aprovado para" not in w["message"]


def test_quissama_beyond_the_vacancies_lists_the_literal_positions():
    r = cli_json("ordem", "--norma", "quissama", "--vagas", "13", "--nomeacoes", "20")
    assert r["positions"] == [5, 10, 13, 20]
    literal = next(a for a in r["alternatives"] if a["reading"] == "literal")
    assert literal["positions"] == [5, 10, 15, 20] and literal["basis"] == ["quissama:art3_par1"]
    assert "Pela leitura literal do art. 3º, § 1º, seriam 5ª, 10ª, 15ª e 20ª" in r["headline"]


def test_quissama_zero_reserved_vacancies_with_a_reserved_nomination_says_why():
    r = cli_json("ordem", "--norma", "quissama", "--vagas", "4", "--nomeacoes", "12")
    assert (r["reserved"], r["positions"]) == (0, [5])
    assert "As 4 vagas oferecidas não têm vaga reservada, mas" in r["headline"]
    assert "por isso há nomeação pela lista reservada sem vaga reservada" in r["headline"]


# --------------------------------------------------------------------------- per cargo or per concurso


def test_ubatuba_below_the_minimum_headline_labels_the_per_cargo_reading():
    r = cli_json("reserva", "--norma", "ubatuba", "--vagas", "2")
    assert r["reserved"] == 0
    assert "contando as vagas informadas, as de um cargo — leitura; veja Conflitos (a)" in r["headline"]


def test_quissama_reserve_says_the_text_counts_the_concurso():
    r = cli_json("reserva", "--norma", "quissama", "--vagas", "4")
    w = next(w for w in r["warnings"] if w["code"] == "quissama_vagas_do_concurso")
    assert w["kind"] == "interpretacao" and w["basis"] == ["quissama:art1_cpt", "quissama:art1_par7"]
    assert "o texto conta as vagas do concurso" in w["message"]


def test_edital_adc41_note_is_a_labelled_summary_with_its_caveat(tmp_path):
    table = tmp_path / "edital.csv"
    table.write_text("cargo;vagas;reservadas\nA;2;0\nB;2;0\nC;2;0\n", encoding="utf-8")
    r = cli_json("edital", "--norma", "ubatuba", str(table))
    note = next(c for c in r["context"] if "ADC 41" in c["text"])
    assert "Resumo deste site, não citação" in note["text"]
    assert "é um argumento, não uma decisão" in note["text"]
    assert "rejeitou" not in note["text"]


# --------------------------------------------------------------------------- the built pages


@pytest.fixture(scope="module")
def site(built_site):
    from tests.support import require_site_files

    return require_site_files(["index.html", "gerado/metodologia.html", "gerado/conflitos.html",
                               "gerado/comparativo.html", "glossario.html", "calculadora.html",
                               "simulacao.html", "contexto-nacional.html"])


def page_text(site, path: str) -> str:
    from tests.site.test_content import text_of

    return text_of((site / path).read_text(encoding="utf-8"))


def test_metodologia_counts_each_provision_once(site):
    import re

    html = (site / "gerado/metodologia.html").read_text(encoding="utf-8")
    applied = [tuple(map(int, m)) for m in re.findall(r"Aplicados</strong> \((\d+) de (\d+)\)", html)]
    cited = [int(m) for m in re.findall(r"Só citados</strong> \((-?\d+)\)", html)]
    missing = [int(m) for m in re.findall(r"Não implementados</strong> \((\d+)\)", html)]
    from calculator import NORMS

    assert len(applied) == len(cited) == len(missing) == len(NORMS)  # one line each per norm
    for (a, total), c, n in zip(applied, cited, missing, strict=True):
        assert c >= 0 and a + c + n == total


def test_norm_pages_show_worked_examples_not_placeholders(site):
    import re

    for slug in ("ubatuba", "quissama", "lins"):
        html = (site / f"gerado/{slug}.html").read_text(encoding="utf-8")
        for block in re.findall(r'<details class="na-calculadora".*?</details>', html, flags=re.S):
            from tests.site.test_content import text_of

            assert not re.search(r"\[[a-zà-ú ]+\]", text_of(block)), (slug, text_of(block)[:300])
    ub = page_text(site, "gerado/ubatuba.html")
    assert "Exemplo (reserva de 7 vagas): O art. 1º fixa um limite mínimo de 20%, mas o arredondamento" in ub
    assert "leva 1,4 a 1 vaga (14,3%)" in ub


def test_worked_example_matches_the_calculator():
    # the Ubatuba example on the norm page is what `reserva` says for 7 vacancies

    from sitebuild import calcblock

    shown = next(w for w in calcblock.facts(registry_of("ubatuba"), "ubatuba:art2_par3")["warnings"]
                 if w["code"] == "ubatuba_arredondamento_abaixo_do_minimo")
    r = cli_json("reserva", "--norma", "ubatuba", "--vagas", "7")
    said = next(w for w in r["warnings"] if w["code"] == "ubatuba_arredondamento_abaixo_do_minimo")
    assert shown["message"] == said["message"]


def test_conflitos_marks_norm_level_warnings(site):
    text = page_text(site, "gerado/conflitos.html")
    assert ("lins_tres_listas_quatro_incisos ; aviso sobre o texto da norma, dado por parametros , não por "
            "este cálculo") in text
    vig = text[text.index("Edital de 01/01/2025 em Lins"):]
    assert "lins_tres_listas_quatro_incisos" not in vig and "lins_pcd_duas_listas" not in vig


def test_home_page_ubatuba_term_and_per_cargo_wording(site):
    text = page_text(site, "index.html")
    assert "que já terminou" not in text

    from calculator.ptbr import format_date

    end = format_date(date.fromisoformat(registry_of("ubatuba").validity.term_end))
    assert f"pelo texto, terminou em {end} (data presumida" in text
    assert "do cargo ou do concurso" in text
    html = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="contexto-nacional.html#adi-7654"' in html


@pytest.mark.parametrize("path", ["index.html", "gerado/quissama.html", "gerado/comparativo.html",
                                  "gerado/tabelas.html"])
def test_quissama_validity_summary_names_the_extension_model(site, path):
    text = page_text(site, path)
    assert "03/03/2032 (presumida) pela prorrogação contínua (interpretação; pelo outro modelo" in text


def test_comparativo_labels_quissama_13th_as_interpretation(site):
    text = page_text(site, "gerado/comparativo.html")
    assert "com 13 vagas, posições 5, 10 e, por interpretação, 13" in text
    assert "(posições 5, 10, 13 com 13 vagas)" not in text


def test_glossary_selecao_publica_has_the_constitutional_limit(site):
    text = page_text(site, "glossario.html")
    part = text[text.index("Seleção pública ¶"):][:900]
    assert "sem defini-lo" in part and "art. 37, II" in part and "concurso público" in part
    assert "Processo de escolha de candidatos diferente" not in part


@pytest.mark.parametrize("path", ["calculadora.html", "simulacao.html"])
def test_lgpd_sentence_next_to_the_upload(site, path):
    html = (site / path).read_text(encoding="utf-8")
    if path == "calculadora.html":
        html = html[html.index('id="simulacao"'):html.index('id="edital"')]
    from tests.site.test_content import text_of

    assert "dados pessoais sensíveis" in text_of(html) and "LGPD" in text_of(html)
    assert 'href="sobre.html#lgpd"' in html


def test_contexto_nacional_drops_unsourced_details(site):
    text = page_text(site, "contexto-nacional.html")
    assert "10/06/2014" not in text
    assert "contratação temporária da administração federal direta" not in text
    assert "resumo deste site, não citação" in text


def test_calculator_vacancies_field_says_cargo_or_concurso(site):
    html = (site / "calculadora.html").read_text(encoding="utf-8")
    from tests.site.test_content import text_of

    hint = html[html.index('id="reserva-vagas-dica"'):]
    hint = text_of(hint[:hint.index("</p>")])
    assert "Do cargo ou do concurso" in hint and "é uma leitura" in hint
    assert 'aria-describedby="reserva-vagas-dica reserva-vagas-erro"' in html


# --------------------------------------------------------------------------- the second review: N9, N11
def test_comparativo_says_lins_calls_in_person_only_on_doubt(site):
    """N9: art. 9º examines the photo and the self-declaration; in-person attendance only on doubt or
    suspicion of fraud."""
    text = page_text(site, "gerado/comparativo.html")
    assert "com foto e comparecimento pessoal" not in text
    assert "comparecimento pessoal só se houver dúvida sobre a fenotipia ou suspeita de fraude" in text


def test_metodologia_and_home_state_the_reading_choices_of_the_second_review(site):
    """N11: the Ubatuba choice that puts the reserve below 20% and the comissão's minimum of 3 are listed
    among the reading choices; Conflitos (b) shows 6 vacancies; the home page labels the date rule."""
    metodologia = page_text(site, "gerado/metodologia.html")
    assert "Ubatuba, arredondamento abaixo do mínimo" in metodologia
    assert "6 → 1 = 16,7%" in metodologia
    assert "Ubatuba, cargos em comissão" in metodologia and "mínimo de 3 vagas" in metodologia
    assert "Lins, editais de 2023" in metodologia
    conflitos = (site / "gerado" / "conflitos.html").read_text(encoding="utf-8")
    section = conflitos[conflitos.index('id="ubatuba-minimo-arredondamento"'):]
    table = section[:section.index("</table>")]
    assert '<td align="right">6</td>' in table
    home = page_text(site, "index.html")
    assert "(leitura do site; para cargos em comissão, a data da nomeação)" in home
