"""Legal corrections: every answer keeps the reserve's count and is never more certain than the text.

Hand-worked cases name the article they apply; invariants run over ranges.
"""

from __future__ import annotations

import pytest

import calculator
from calculator.simulator import simulate
from tests.calculator.simulator.test_simulator import csv as by_flags

HEADER = "inscricao;nome;classificacao;cotista;pcd;genero;situacao;heteroidentificacao"

#: (norm, percent, reading) for every norm and reading of the call order
READINGS = [("quissama", None, None), ("ubatuba", None, "proporcional"), ("ubatuba", None, "quinta"),
            ("ubatuba", "25", "quinta"), ("ubatuba", "33,3", "quinta"), ("lins", "20", "proporcional"),
            ("lins", "20", "quinta"), ("lins", "30", "quinta"), ("lins", "70", "quinta")]


def codes(result):
    return {w["code"] for w in result["warnings"]}


def csv(rows) -> bytes:
    """rows: (rank, cotista) pairs."""
    lines = [HEADER] + [f"R{r};Nome {r};{r};{'sim' if c else 'não'};não;M;;" for r, c in rows]
    return ("\n".join(lines) + "\n").encode("utf-8")


# --- the reserve count survives the call order --------------------------------------------------
@pytest.mark.parametrize(("norm", "percent", "reading"), READINGS)
def test_order_lists_exactly_the_reserved_seats(norm, percent, reading):
    for n in range(1, 1001):
        o = calculator.order(norm, n, percent, reading)
        r = calculator.reserve(norm, n, percent)
        assert len(o["positions"]) == o["positions_total"] == r["reserved"] == o["reserved"], (norm, n)
        assert o["positions"] == sorted(set(o["positions"])) and all(1 <= p <= n for p in o["positions"])
        assert set(o["interpreted_positions"]) <= set(o["positions"])


def test_quissama_13_seats_third_reserved_seat_is_the_13th():
    # art. 1º with § 1º: 20% of 13 = 2,6 → 3; art. 3º, § 1º: 5ª and 10ª; the third is the 13ª, the last
    # nomination of the incomplete block (labelled interpretation), never a seat for a non-cotista
    o = calculator.order("quissama", 13)
    assert o["positions"] == [5, 10, 13] and o["interpreted_positions"] == [13]
    w = next(w for w in o["warnings"] if w["code"] == "quissama_reserva_maior_que_ordem")
    assert "interpretação" in w["message"] and "13ª" in w["message"]
    assert any("interpretação" in s["text"] and "13ª" in s["text"] for s in o["steps"])
    from calculator.cli.render import render_order

    assert "5ª, 10ª e 13ª (13ª por interpretação" in render_order(o)


def test_quissama_13_seats_simulation_nominates_three_cotistas():
    # the case: 13 seats, cotistas ranked 14–16, nobody else a cotista (art. 1º, caput and § 3º)
    rows = [(r, r in (14, 15, 16)) for r in range(1, 20)]
    res = simulate("quissama", 13, csv(rows))
    reserve = [n["candidate"] for n in res["nominations"] if n["list"] == "reserva"]
    assert reserve == ["R14", "R15", "R16"]
    assert res["seats"]["reserva"] == 3 and res["seats"]["ampla"] == 10
    assert "R11" not in {n["candidate"] for n in res["nominations"]}


@pytest.mark.parametrize(("norm", "percent", "reading"), READINGS)
def test_simulation_calls_exactly_reserved_cotistas(norm, percent, reading):
    # enough cotistas outside the ampla seats → exactly `reserved` of them through the reserve list
    for n in list(range(1, 201)) + list(range(201, 1001, 13)):
        reserved = calculator.reserve(norm, n, percent)["reserved"]
        rows = [(r, r > n) for r in range(1, 2 * n + 2)]
        res = simulate(norm, n, csv(rows), percent=percent, reading=reading)
        via_reserve = [x for x in res["nominations"] if x["list"] == "reserva"]
        assert len(via_reserve) == reserved, (norm, reading, n)
        assert len(res["nominations"]) == n


# --- validity: never more certain than the text ---------------------------------------------------
@pytest.mark.parametrize(("day", "applies"), [
    ("2012-01-01", False), ("2020-06-30", False), ("2022-12-31", False),  # before Lei nº 7.739/2023
    ("2023-01-01", None), ("2023-08-15", None), ("2024-02-07", None),     # its day in 2023 is unknown
    ("2024-02-08", True), ("2030-01-01", True),                            # decree in force (art. 11)
])
def test_lins_applies_is_true_false_or_null(day, applies):
    r = calculator.reserve("lins", 10, "20", day)
    assert r["applies"] is applies
    if applies is None:
        assert "não é possível determinar com o corpus" in r["headline"].lower()
        assert "2023" in r["headline"] and "art. 11" in r["headline"]  # and says why
        assert r["reserved"] == 2  # the count if the law applies, said as such
        assert "se se aplicar: 2 vagas reservadas" in r["headline"]
    elif applies is False:
        assert r["reserved"] == 0 and "anterior a 2023" in r["headline"]


def test_ubatuba_without_date_states_the_term_in_the_result():
    # arts. 13 to 15: the law governs only editais of 16/06/2014 to 16/06/2024 (dates presumed)
    r = calculator.reserve("ubatuba", 10)
    assert r["applies"] is None and r["reserved"] == 2  # the answer depends on the date not given
    assert "16/06/2014 a 16/06/2024 (datas presumidas)" in r["headline"]
    assert r["validity_window"]["from"] == "2014-06-16" and r["validity_window"]["to"] == "2024-06-16"
    w = next(w for w in r["warnings"] if w["code"] == "vigencia_nao_verificada")
    for premise in ("art. 15", "art. 13", "art. 132", "art. 14"):  # the premises, listed
        assert premise in w["message"]


def test_ubatuba_after_the_term_says_so_with_the_presumed_date():
    r = calculator.reserve("ubatuba", 10, edital_date="2024-06-17")
    assert r["applies"] is False and r["reserved"] == 0
    assert ("pelo texto, o prazo de 10 anos do art. 13 terminou em 16/06/2024 (data presumida)"
            in r["headline"])
    w = next(w for w in r["warnings"] if w["code"] == "ubatuba_sem_prorrogacao")
    assert "Contexto nacional" not in w["message"]  # the context is its own labelled note (below)
    assert calculator.reserve("ubatuba", 10, edital_date="2024-06-16")["applies"] is True


@pytest.mark.parametrize("day", ["2022-03-04", "2022-03-10", "2022-03-17"])
def test_quissama_extension_one_labelled_model(day):
    # art. 5º and the source's compilation note: continuous extension (gap covered, ends 03/03/2032);
    # the other model (lapse + new law) is shown in the warning
    r = calculator.reserve("quissama", 10, edital_date=day)
    assert r["applies"] is True and r["reserved"] == 2
    model = next(w for w in r["warnings"] if w["code"] == "quissama_modelo_prorrogacao")
    assert model["kind"] == "interpretacao"
    assert "prorrogação contínua" in model["message"] and "caducidade seguida de nova lei" in model["message"]
    assert "18/03/2032" in model["message"]
    assert r["validity"]["last_day"] == "2032-03-03"


def test_quissama_note_is_cited_as_the_sources_compilation_note():
    from calculator.cli.render import render_reserve

    r = calculator.reserve("quissama", 10, edital_date="2025-01-01")
    text = render_reserve(r)
    assert "nota de compilação da fonte" in text
    assert "art. 5º, caput, nota" not in text
    assert not any("nota ao art" in w["message"] for w in r["warnings"])


def test_cli_text_ends_with_the_disclaimer(capsys):
    from calculator.__main__ import main

    for argv in (["reserva", "--norma", "ubatuba", "--vagas", "10"],
                 ["ordem", "--norma", "quissama", "--vagas", "13"],
                 ["parametros", "--norma", "lins"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert out.rstrip().splitlines()[-1].startswith("Não é orientação jurídica")
    assert main(["reserva", "--norma", "ubatuba", "--vagas", "10", "--json"]) == 0
    assert "orientação jurídica" not in capsys.readouterr().out


# --- one answer everywhere: the precomputed tables and Python ----------------------------------
def test_tables_and_python_give_the_same_answer():
    from sitebuild import context, tables

    data = tables.table_data(context.Context())
    for slug, table in data["norms"].items():
        for row in table["rows"]:
            res = calculator.reserve(slug, row["vacancies"], table["percent"])
            order = calculator.order(slug, row["vacancies"], table["percent"])
            assert (row["reserved"], row["applies"], row["headline"]) ==\
                (res["reserved"], res["applies"], res["headline"]), (slug, row["vacancies"])
            assert row["positions"] == order["positions"]
            assert row["interpreted_positions"] == order["interpreted_positions"]
            assert len(row["positions"]) == row["reserved"]
    # the issue's case: Ubatuba, 10 vagas, no edital date — conditional on art. 13's term in both
    row = data["norms"]["ubatuba"]["rows"][9]
    assert row["headline"].startswith("2 vagas reservadas de 10, se o edital foi publicado de 16/06/2014 a "
                                      "16/06/2024 (datas presumidas)")


# --- bases that support the step; "sem base no corpus" as a kind of its own ----------------------
def test_no_merely_nearby_provision_is_cited():
    from calculator import simulator

    # Quissamã says nothing about PcD: neither art. 1º, § 3º (non-optants) nor § 2º (concurrence)
    assert simulator.BASIS["quissama"]["pcd"] == () and simulator.BASIS["quissama"]["precedence"] == ()
    # Lins: art. 3º is about cotistas competing among themselves, not about the count; art. 2º, I and
    # art. 5º say nothing about rounding
    r = calculator.reserve("lins", 13, "20")
    assert "lins:art3" not in r["basis"]
    rounding = next(s for s in r["steps"] if "arredondamento" in s["text"])
    assert rounding["basis"] == [] and rounding["basis_kind"] == "sem_base_no_corpus"
    assert "sem base no corpus" in rounding["text"]
    # Ubatuba art. 8º is about cargos em comissão, not the minimum percentage of concursos
    assert "ubatuba:art8_cpt" not in calculator.NORMS["ubatuba"].params["percentual_minimo"].basis


def test_every_step_and_warning_has_a_basis_kind():
    from calculator.answer import BASIS_KINDS

    for res in (calculator.reserve("lins", 13, "20", "2023-05-05"), calculator.order("lins", 13, "20"),
                calculator.reserve("ubatuba", 13), calculator.order("quissama", 13),
                calculator.reserve("quissama", 10, edital_date="2022-03-10")):
        for item in res["steps"] + res["warnings"]:
            assert item["basis_kind"] in BASIS_KINDS
            assert (item["basis_kind"] in ("dispositivo", "nota_de_compilacao")) == bool(item["basis"])
            if item["basis_kind"] == "sem_base_no_corpus":
                assert "sem base no corpus" in item.get("text", item.get("message"))


def test_cli_text_says_sem_base_no_corpus():
    from calculator.cli.render import render_reserve

    text = render_reserve(calculator.reserve("lins", 13, "20"))
    rounding = next(line for line in text.splitlines()
                    if "arredondamento por interpretação" in line and not line.startswith("Resultado"))
    assert rounding.count("sem base no corpus") == 1  # said once, in the step itself
    params = calculator.parameters("lins")
    from calculator.cli.render import render_parameters

    assert "[sem base no corpus]" in render_parameters(params) or\
        "sem base no corpus" in next(p["note"] for p in params["parameters"] if p["name"] == "arredondamento")


def test_lins_pcd_conflict_shown_in_simulation_with_pcd_seats():
    rows = "\n".join([HEADER] + [f"R{r};N{r};{r};{'sim' if r > 8 else 'não'};{'sim' if r == 9 else 'não'};M;;"
                                 for r in range(1, 15)]) + "\n"
    res = simulate("lins", 10, rows.encode(), percent="20", pcd_seats="1")
    # R9 is on both lists: the conflict is shown once, naming R9 (the generic copy is dropped)
    assert "lins_precedencia_conflito" in codes(res) and "lins_pcd_duas_listas" not in codes(res)
    no_one_on_both = rows.replace("R9;N9;9;sim;sim", "R9;N9;9;sim;não").replace("R10;N10;10;sim;não",
                                                                                 "R10;N10;10;não;sim")
    assert "lins_pcd_duas_listas" in codes(simulate("lins", 10, no_one_on_both.encode(), percent="20",
                                                    pcd_seats="1"))
    plain = simulate("lins", 10, rows.encode(), percent="20")
    assert "lins_pcd_duas_listas" not in codes(plain)


# --- readings that change who is nominated are labelled, with the alternative as an option ---------
def test_quissama_fifth_seat_both_readings():
    # art. 3º, § 1º: 10 seats (positions 5ª, 10ª), cotistas ranked 6, 12 and 13
    rows = [(r, "c" if r in (6, 12, 13) else "") for r in range(1, 16)]
    default = simulate("quissama", 10, by_flags(*rows))
    nominated = {n["candidate"] for n in default["nominations"]}
    assert "R13" in nominated and "R9" not in nominated  # concurrent competition (art. 1º, § 2º)
    w = next(w for w in default["warnings"] if w["code"] == "quissama_quinta_vaga_leitura")
    assert w["kind"] == "interpretacao" and "preenchimento \"lista\"" in w["message"]
    assert "Ubatuba" in w["message"]
    literal = simulate("quissama", 10, by_flags(*rows), fill="lista")
    nominated = {n["candidate"] for n in literal["nominations"]}
    assert "R9" in nominated and "R13" not in nominated  # the first of the lista específica
    assert [(n["seat"], n["candidate"]) for n in literal["nominations"] if n["list"] == "reserva"] ==\
        [(5, "R6"), (10, "R12")]
    assert literal["options"]["fill"] == "lista"
    with pytest.raises(Exception, match="só se aplica a Quissamã"):
        simulate("ubatuba", 10, by_flags(*rows), fill="lista")


def test_quissama_fifth_seat_option_on_the_cli(tmp_path, capsys):
    from calculator.__main__ import main

    path = tmp_path / "lista.csv"
    path.write_bytes(by_flags(*[(r, "c" if r in (6, 12, 13) else "") for r in range(1, 16)]))
    argv = ["simular", "--norma", "quissama", "--vagas", "10", "--preenchimento", "lista", str(path)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "R9" in out and "leitura literal do art. 3º, § 1º" in out


def test_ubatuba_emprego_positions_are_a_reading():
    # art. 7º: "salvo quando se tratar de empregos públicos"
    r = calculator.order("ubatuba", 13, scope="emprego")
    w = next(w for w in r["warnings"] if w["code"] == "ubatuba_emprego_ordem_leitura")
    assert w["kind"] == "interpretacao"
    assert "ubatuba_emprego_ordem_leitura" not in codes(calculator.order("ubatuba", 13))


def test_quissama_partial_shortfall_is_said():
    # art. 1º, § 6º: "não havendo candidatos negros ou índios aprovados" — one cotista for two seats
    rows = [(r, "c" if r == 12 else "") for r in range(1, 15)]
    res = simulate("quissama", 10, by_flags(*rows))
    w = next(w for w in res["warnings"] if w["code"] == "quissama_reversao_parcial")
    assert w["kind"] == "interpretacao" and "1 cotista aprovado" in w["message"]
    none = simulate("quissama", 10, by_flags(*[(r, "") for r in range(1, 15)]))
    assert "quissama_reversao_parcial" not in codes(none)  # no cotista at all: the text's own case


@pytest.mark.parametrize(("norm", "percent", "flags"), [("quissama", None, "ci"), ("lins", "20", "ci"),
                                                        ("lins", "20", "c:fraude")])
def test_replacement_beyond_desistencia_is_labelled_analogy(norm, percent, flags):
    # Quissamã art. 3º, § 2º and Lins art. 5º, § 1º speak only of desistência
    rows = [(r, flags if r == 11 else "c" if r > 11 else "") for r in range(1, 16)]
    res = simulate(norm, 10, by_flags(*rows), percent=percent)
    assert f"{norm}_substituicao_por_analogia" in codes(res)
    quit_ = [(r, "cd" if r == 11 else "c" if r > 11 else "") for r in range(1, 16)]
    plain = simulate(norm, 10, by_flags(*quit_), percent=percent)
    assert f"{norm}_substituicao_por_analogia" not in codes(plain)


def test_lins_cappc_only_gives_an_opinion():
    # art. 10, p. ú.: "deverá opinar"; the decision is the authority's, after the 48 hours of art. 10
    rows = [(1, ""), (2, "c:fraude"), (3, ""), (4, ""), (5, ""), (6, "c:nao_confirmada"), (7, "c")]
    res = simulate("lins", 5, by_flags(*rows), percent="20")
    fraud = next(e for e in res["excluded"] if e["candidate"] == "R2")
    moved = next(m for m in res["moved"] if m["candidate"] == "R6")
    for reason in (fraud["reason"], moved["reason"]):
        assert "deverá opinar" in reason and "autoridade" in reason and "48 horas" in reason


@pytest.mark.parametrize(("scope", "n", "reserved"), [("comissao", 12, 3), ("comissao", 7, 2),
                                                      ("estagio", 12, 3), ("estagio", 2, 1),
                                                      ("comissao", 15, 3)])
def test_ubatuba_minimum_over_a_set_is_not_rounded_below_it(scope, n, reserved):
    # art. 8º (cargos em comissão) and art. 1º, p. ú., I (estágios): "limite mínimo de 20%" of the set;
    # 12 → 2 would be 16,7%. Rounded up, labelled; the § 3º count shown as the other reading.
    r = calculator.reserve("ubatuba", n, scope=scope)
    assert r["reserved"] == reserved and r["reserved"] * 5 >= n
    if n * 20 % 100:
        w = next(w for w in r["warnings"] if w["code"] == "ubatuba_minimo_do_conjunto_arredondado")
        assert w["kind"] == "interpretacao" and "art. 2º, § 3º" in w["message"]


def test_ubatuba_estagio_minimum_of_three_is_a_labelled_choice():
    # art. 2º, § 2º speaks of "cargos ou empregos públicos oferecidos no concurso ou seleção pública"
    r = calculator.reserve("ubatuba", 2, scope="estagio")
    assert r["applies"] is None and r["reserved"] == 1
    # the two readings the count rests on stand beside it in the headline (each alternative gives 0)
    assert "arredondado para cima — interpretação" in r["headline"]
    assert "pelo art. 2º, § 3º, 0" in r["headline"]
    assert "mínimo de 3 vagas do art. 2º, § 2º, 0" in r["headline"]
    w = next(w for w in r["warnings"] if w["code"] == "ubatuba_estagio_sem_minimo_de_tres")
    assert w["kind"] == "interpretacao"
    assert calculator.reserve("ubatuba", 2)["reserve_required"] is False  # concursos keep the minimum


# --- Metodologia: answer step → basis, "aplicado" vs "citado" ----------------------------------
def test_step_basis_table_for_metodologia():
    import laws
    from sitebuild import context, metodologia

    ctx = context.Context()
    corpus = laws.load_corpus()
    for slug in ("ubatuba", "quissama", "lins"):
        rows = metodologia.step_basis_table(slug)
        assert len(rows) > 10
        for row in rows:
            assert row["kind"] in ("dispositivo", "sem_base_no_corpus", "nota_de_compilacao")
            assert (row["kind"] in ("dispositivo", "nota_de_compilacao")) == bool(row["basis"])
            assert all(corpus.resolve(b) for b in row["basis"])
    quissama = metodologia.step_basis_table("quissama")
    pcd = next(r for r in quissama if "pessoas com deficiência" in r["step"])
    assert pcd["kind"] == "sem_base_no_corpus" and pcd["basis"] == []
    lins = metodologia.step_basis_table("lins")
    assert any(r["kind"] == "sem_base_no_corpus" and "arredondamento" in r["step"] for r in lins)
    # a provision only cited in warnings is not "aplicado"
    # art. 8º, parágrafo único, dates the nominations to cargos em comissão (applied by applicability)
    assert "ubatuba:art8_par1u" in ctx.applied_basis()


def test_metodologia_reports_applied_and_cited_separately():
    from tests.support import require_site_files

    site = require_site_files(["gerado/metodologia.html"])
    page = (site / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    assert "Aplicados" in page and "Só citados" in page and "Passos das respostas e sua base" in page
    assert "sem base no corpus" in page and "Implementados" not in page


def test_site_names_the_compilation_note_as_such():
    from sitebuild import context

    ctx = context.Context()
    assert ctx.ref("quissama:art5_cpt_nota1") ==\
        "[nota de compilação da fonte ao art. 5º, caput](quissama.md#art5_cpt_nota1)"
    assert ctx.cite("quissama:art5_cpt_nota1") ==\
        "Lei nº 1.289/2012, nota de compilação da fonte ao art. 5º, caput"
    assert ctx.cite("quissama:art5_cpt") == "Lei nº 1.289/2012, art. 5º, caput"


def test_norm_page_keeps_the_texts_own_warnings():
    # the Lins conflicts that hold for every answer live on the norm's page and in `parametros`
    from tests.support import require_site_files

    site = require_site_files(["gerado/lins.html"])
    page = (site / "gerado" / "lins.html").read_text(encoding="utf-8")
    head = page[:page.index('id="texto-integral"')]
    assert "Avisos do texto" in head
    assert "enumera quatro" in head and "melhor classificado" in head


# --- headlines that must say what the text leaves open -----------------------------------------------
@pytest.mark.parametrize(("n", "share", "up"), [(6, "16,7%", 2), (7, "14,3%", 2), (11, "18,2%", 3),
                                                (12, "16,7%", 3), (16, "18,8%", 4)])
def test_ubatuba_rounding_below_the_minimum_is_a_conflict_in_the_headline(n, share, up):
    # art. 1º: "limite mínimo de 20%"; art. 2º, § 3º: fraction below 0,5 rounds down (7 → 1,4 → 1 = 14,3%)
    r = calculator.reserve("ubatuba", n, edital_date="2020-01-01")
    assert f"de {n} ({share}: abaixo do mínimo de 20% do art. 1º; veja o conflito)" in r["headline"]
    w = next(w for w in r["warnings"] if w["code"] == "ubatuba_arredondamento_abaixo_do_minimo")
    assert w["kind"] == "conflito" and set(w["basis"]) == {"ubatuba:art1_cpt", "ubatuba:art2_par3"}
    assert f"arredondar para cima ({up} vagas)" in w["message"]
    assert f"{share})" in w["message"]


@pytest.mark.parametrize("n", [3, 5, 8, 10, 13])
def test_ubatuba_no_minimum_conflict_when_the_count_reaches_twenty_percent(n):
    # art. 2º, § 3º rounds up or the count is whole: at least 20% (art. 1º), nothing to flag
    r = calculator.reserve("ubatuba", n, edital_date="2020-01-01")
    assert "abaixo do mínimo" not in r["headline"]
    assert all(w["code"] != "ubatuba_arredondamento_abaixo_do_minimo" for w in r["warnings"])


def test_ubatuba_comissao_is_not_flagged_below_the_minimum():
    # art. 8º: the set's minimum is already rounded up (labelled), so no conflict with art. 1º
    r = calculator.reserve("ubatuba", 12, scope="comissao")
    assert all(w["code"] != "ubatuba_arredondamento_abaixo_do_minimo" for w in r["warnings"])


@pytest.mark.parametrize(("n", "tenth", "twenty"), [(1, "0,1", "também seria 0"),
                                                    (2, "0,2", "também seria 0"),
                                                    (3, "0,3", "seria 1 vaga"), (4, "0,4", "seria 1 vaga")])
def test_quissama_one_to_four_vacancies_headline_says_why_none(n, tenth, twenty):
    # art. 1º, § 7º (10% up to 5 vacancies) and § 1º (below 0,5 rounds down)
    r = calculator.reserve("quissama", n, edital_date="2020-01-01")
    assert r["reserved"] == 0 and r["applies"] is True
    assert r["headline"] == (f"Nenhuma vaga reservada de {n}. Com até 5 vagas o percentual é de 10% "
                             f"(art. 1º, § 7º), e 10% de {n} = {tenth} arredonda para 0 (§ 1º). Com 20%, "
                             f"{twenty}.")


def test_lins_rounding_headline_gives_the_other_direction():
    # the decree says nothing on rounding: the headline says so and gives the other count
    r = calculator.reserve("lins", 7, "20", edital_date="2026-01-01")
    assert r["headline"] == ("1 vaga reservada de 7, com o percentual informado (20%) e arredondamento por "
                             "interpretação (o decreto não trata disso; confira a Lei nº 7.739/2023). "
                             "Arredondando para cima, seriam 2.")
    w = next(w for w in r["warnings"] if w["code"] == "lins_arredondamento_interpretacao")
    assert "Arredondando para cima, o resultado seria 2 vagas." in w["message"]
    up = calculator.reserve("lins", 8, "20", edital_date="2026-01-01")
    assert up["headline"].endswith("Arredondando para baixo, seria 1.")
    whole = calculator.reserve("lins", 10, "20", edital_date="2026-01-01")
    assert whole["headline"] == "2 vagas reservadas de 10."


def test_lins_percentage_step_has_no_basis_in_the_corpus():
    # art. 2º, I, and art. 5º only name Lei nº 7.739/2023; neither fixes a percentage
    r = calculator.reserve("lins", 10, "20")
    pct = next(s for s in r["steps"] if s["text"].startswith("Percentual:"))
    assert pct["basis"] == [] and pct["basis_kind"] == "sem_base_no_corpus"
    assert "o decreto só remete à Lei nº 7.739/2023 — Decreto, art. 2º, I" in pct["text"]


@pytest.mark.parametrize("day", ["2032-03-04", "2032-03-10", "2032-03-18"])
def test_quissama_after_the_extension_headline_states_the_other_model(day):
    # art. 5º and the compilation note: under the continuous model the law ended on 03/03/2032; under
    # lapse-and-new-law it runs to 18/03/2032, and the reserve would be 2 of 10
    r = calculator.reserve("quissama", 10, edital_date=day)
    assert r["applies"] is False and r["reserved"] == 0
    assert r["headline"] == (
        "Nenhuma vaga reservada: pelo modelo adotado (prorrogação contínua, interpretação), a lei vigorou "
        "até 03/03/2032 (data presumida), antes deste edital. Pelo outro modelo (nova contagem a "
        "partir da lei de prorrogação, de 18/03/2022), vigora até 18/03/2032 e a reserva seria de 2 vagas.")
    # after both models' last days: both dates, and no reserve under either
    late = calculator.reserve("quissama", 10, edital_date="2032-03-19")["headline"]
    assert "a reserva seria" not in late and "pelos dois modelos" in late


@pytest.mark.parametrize("day", ["2022-03-04", "2022-03-17"])
def test_quissama_gap_headline_states_the_other_model(day):
    r = calculator.reserve("quissama", 10, edital_date=day)
    assert r["applies"] is True and r["reserved"] == 2
    assert r["headline"] == ("2 vagas reservadas de 10, pelo modelo adotado (prorrogação contínua, "
                             "interpretação); pelo outro (caducidade seguida de nova lei), a lei não se "
                             "aplicaria a edital de 04 a 17/03/2022.")
    for plain in ("2022-03-03", "2022-03-18"):
        plain_headline = calculator.reserve("quissama", 10, edital_date=plain)["headline"]
        assert plain_headline == "2 vagas reservadas de 10."


def test_ubatuba_after_the_term_has_a_labelled_dated_stf_context_note():
    # art. 13: the term ended; the STF's ADI 7.654 (federal law only) is context, never applied
    r = calculator.reserve("ubatuba", 5, edital_date="2024-06-17")
    assert r["applies"] is False
    note = next(w for w in r["warnings"] if w["code"] == "ubatuba_contexto_stf_prazo")
    assert note["message"].startswith("Contexto nacional, fora do corpus e não aplicado pela calculadora")
    for fact in ("Lei federal nº 12.990/2014", "ADI 7.654", "Flávio Dino", "14/06/2024", "Informativo 1141",
                 "semelhante", "argumento, não uma decisão"):
        assert fact in note["message"]
    assert "idêntica" not in " ".join(w["message"] for w in r["warnings"])
    assert note["basis"] == [] and note["basis_kind"] == "dado"
    assert all(w["code"] != "ubatuba_contexto_stf_prazo"
               for w in calculator.reserve("ubatuba", 5, edital_date="2020-01-01")["warnings"])


def test_whole_count_says_no_rounding():
    # Ubatuba art. 2º and Quissamã art. 1º: 20% of 5 and of 10 are whole numbers, nothing is rounded
    for slug, n in (("ubatuba", 5), ("quissama", 10)):
        texts = [s["text"] for s in calculator.reserve(slug, n)["steps"]]
        assert any("(número inteiro, sem arredondamento)" in t for t in texts)
        assert not any("parte decimal" in t for t in texts)


def test_singular_wording():
    r = calculator.reserve("ubatuba", 5, edital_date="2013-01-01")
    texts = [s["text"] for s in r["steps"]]
    # applicability first: the reserve stage does not run for an edital the law does not govern
    assert any("a reserva não é calculada" in t for t in texts)
    assert not any("a reserva se aplica" in t for t in texts)  # the law does not govern this edital
    o = calculator.order("lins", 8, "20", reading="quinta")
    assert any("só dá 1 posição entre" in w["message"] for w in o["warnings"])
    lins = calculator.reserve("lins", 5, "20", edital_date="2020-01-01")
    assert ("esta norma (e a Lei nº 7.739/2023, que ela regulamenta) não rege edital anterior a 2023"
            in lins["headline"])
    desc = " ".join(calculator.order(slug, 10, pct, reading=rd)["reading_description"]
                    for slug, pct in (("ubatuba", None), ("lins", "20")) for rd in ("proporcional", "quinta"))
    assert "k-ésima" not in desc and "100/P" not in desc
