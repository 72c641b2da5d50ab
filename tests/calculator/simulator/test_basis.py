"""Simulator: each statement carries the basis the text gives and no more (hand-worked cases)."""


from calculator import order
from calculator.simulator import simulate
from tests.calculator.simulator.test_simulator import by_list, calls, csv, plain
from tests.support import ROOT

EXAMPLE = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_bytes()


def codes(res):
    return {w["code"] for w in res["warnings"]}


def warn(res, code):
    return next(w for w in res["warnings"] if w["code"] == code)


def excluded(res, insc):
    return next(e for e in res["excluded"] if e["candidate"] == insc)


# --- analogy warning: only seats actually refilled from the specific list ----------------------------
def test_analogy_warning_omitted_when_no_reserved_seat_was_refilled():
    # the example's eliminated (17th) and absent (20th) optants rank below both reserve winners (11th,
    # 15th): neither would have held a reserved seat, so no seat was refilled by analogy
    lins = simulate("lins", 10, EXAMPLE, percent="20", pcd_seats="1")
    assert "lins_substituicao_por_analogia" not in codes(lins)
    assert "quissama_substituicao_por_analogia" not in codes(simulate("quissama", 10, EXAMPLE))


def test_analogy_warning_names_the_optant_whose_seat_went_to_the_next_of_the_list():
    # Lins, 5 seats, 20%: 1 reserved seat (3rd).  R5 (optant, eliminated) would have held it; R6 takes it
    # from the list: art. 5º, § 1º speaks only of desistência, so this is the analogy
    res = simulate("lins", 5, csv(*plain(4), (5, "ce"), (6, "c"), (7, "")), percent="20")
    assert by_list(res, "reserva") == ["R6"]
    w = warn(res, "lins_substituicao_por_analogia")
    assert w["kind"] == "interpretacao" and w["message"].endswith(": R5.")
    # the eliminated optant ranked after the winner held no reserved seat
    res = simulate("lins", 5, csv(*plain(4), (5, "c"), (6, "ce"), (7, "")), percent="20")
    assert "lins_substituicao_por_analogia" not in codes(res)


def test_analogy_warning_omitted_when_the_seat_reverted_instead():
    # Quissamã, 10 seats: 2 reserved (5th, 10th).  R12 (optant) eliminated, R13 the only other optant:
    # R13 would have had a seat anyway; the second seat reverts (art. 1º, § 6º) — nothing refilled
    res = simulate("quissama", 10, csv(*plain(11), (12, "ce"), (13, "c"), (14, ""), (15, "")))
    assert by_list(res, "reserva") == ["R13"]
    assert "quissama_substituicao_por_analogia" not in codes(res)


# --- bases ------------------------------------------------------------------------------------------
def test_replacing_a_non_optant_has_no_basis_in_the_corpus():
    for norm, pct in (("ubatuba", None), ("lins", "20"), ("quissama", None)):
        res = simulate(norm, 5, csv((1, "d"), *[(r, "") for r in range(2, 8)]), percent=pct)
        e = excluded(res, "R1")
        assert e["replaced_by"] and e["basis"] == []
        assert "sem base no corpus" in e["reason"]
    # an optant's seat keeps its article (Ubatuba art. 4º, § 1º)
    res = simulate("ubatuba", 5, csv(*plain(5), (6, "cd"), (7, ""), (8, "c")))
    assert excluded(res, "R6")["basis"] == ["ubatuba:art4_par1"]


def test_lins_reverted_pcd_and_female_seats_have_no_basis_and_say_why():
    # 4 seats, 20% → 1 reserved, 1 PcD, 1 female (LC nº 1.745/2023).  R5 is a woman, optant and PcD:
    # art. 6º, § 2º sends her to the racial list; the PcD and female seats revert with no rule in the decree
    rows = [(1, ""), (2, ""), (3, ""), (4, ""), (5, "cpf"), (6, ""), (7, "")]
    res = simulate("lins", 4, csv(*rows), percent="20", pcd_seats=1, female_seats=1)
    assert by_list(res, "reserva") == ["R5"]
    rev = {r["from"]: r for r in res["reverted_seats"]}
    assert rev["pcd"]["basis"] == [] and rev["feminina"]["basis"] == []
    assert "a única pessoa com deficiência aprovada (R5) foi nomeada pela reserva racial (art. 6º, § 2º)"\
        in rev["pcd"]["reason"]
    assert "não há pessoas com deficiência aprovadas" not in rev["pcd"]["reason"]
    # the female seat: the only woman approved went through the racial list, and the reason says so
    assert rev["feminina"]["reason"].startswith("a única candidata aprovada (R5) foi nomeada pela reserva "
                                                "racial;")
    for r in rev.values():
        assert "sem base no corpus" in r["reason"] and "analogia ao art. 5º, § 2º" in r["reason"]
    # no PcD candidate at all: said so
    none = simulate("lins", 4, csv(*plain(7)), percent="20", pcd_seats=1)
    assert none["reverted_seats"][0]["reason"].startswith("não há pessoas com deficiência aprovadas;")


def test_lins_quinta_seat_without_position_has_no_basis():
    # 8 nominations, 20%: 2 reserved, "quinta" places only the 5th; the 8th is the calculator's choice
    res = order("lins", 8, percent="20", reading="quinta")
    w = warn(res, "lins_ordem_menor_que_reserva")
    assert w["basis"] == [] and w["basis_kind"] == "sem_base_no_corpus"
    assert "sem base no corpus" in w["message"]


def test_lins_eliminated_carries_the_cappc_caveat():
    # art. 10: the CAPPC "deverá opinar"; the authority decides after the candidate's 48 hours
    res = simulate("lins", 5, csv(*plain(4), (5, "ce"), (6, "c")), percent="20")
    e = excluded(res, "R5")
    assert "deverá opinar" in e["reason"] and "48 horas" in e["reason"]
    assert "lins:art10_cpt" in e["basis"] and "lins:art10_par1u_inc1" in e["basis"]
    # the other norms have no CAPPC
    assert "CAPPC" not in excluded(simulate("ubatuba", 5, csv(*plain(4), (5, "ce"))), "R5")["reason"]


def test_lins_absent_names_the_cappc_summons():
    res = simulate("lins", 5, csv(*plain(4), (5, "c:ausente"), (6, "c")), percent="20")
    assert excluded(res, "R5")["reason"].startswith("não compareceu à convocação da CAPPC (art. 9º, § 2º)")
    woman = simulate("lins", 5, csv(*plain(4), (5, "cf:ausente"), (6, "c")), percent="20")
    assert "— excluída do concurso" in excluded(woman, "R5")["reason"]


# --- Ubatuba empregos públicos: art. 7º, caput ------------------------------------------------------
def test_ubatuba_emprego_fills_pcd_seats_first():
    # art. 7º, caput: "obrigatoriamente, deverão ser preenchidas primeiramente as vagas destinadas às
    # pessoas com deficiência".  10 seats, 2 reserved, 1 PcD: the PcD seat is the 1st nomination
    rows = [*plain(6), (7, "c"), (8, "p"), (9, "c"), (10, "")]
    res = simulate("ubatuba", 10, csv(*rows), scope="emprego", pcd_seats=1)
    assert calls(res)[0] == (1, "R8", "pcd")
    assert "art. 7º, caput" in res["nominations"][0]["reason"]
    # after it, the efetivo order of reserved and ampla seats (3rd, 8th → 4th, 9th... shifted past the PcD
    # seat): an interpretation, said once, with no warning contradicting it
    assert res["reserved_positions"] == [n["seat"] for n in res["nominations"] if n["seat_type"] == "reserva"]
    assert res["reserved_positions"] == [4, 8]
    assert "simulacao_emprego_pcd_primeiro_nao_simulado" not in codes(res)
    w = warn(res, "simulacao_emprego_pcd_primeiro")
    assert w["kind"] == "interpretacao" and w["basis"] == ["ubatuba:art7_cpt"]
    assert "distribuídas na ordem de chamada" not in warn(res, "simulacao_vagas_pcd")["message"]
    # cargos efetivos keep the proportional spread of the PcD seat
    efetivo = simulate("ubatuba", 10, csv(*rows), pcd_seats=1)
    assert [n["seat"] for n in efetivo["nominations"] if n["seat_type"] == "pcd"] == [5]
    assert "simulacao_emprego_pcd_primeiro" not in codes(efetivo)
    # two PcD seats: nominations 1 and 2
    two = simulate("ubatuba", 10, csv(*rows, (11, "p")), scope="emprego", pcd_seats=2)
    assert [n["seat_type"] for n in two["nominations"][:2]] == ["pcd", "pcd"]


# --- Lins: a candidate on the female and racial lists -----------------------------------------------
def test_lins_female_and_racial_is_a_conflict_with_the_other_reading():
    rows = [(1, ""), (2, ""), (3, ""), (4, ""), (5, "cpf"), (6, ""), (7, "")]
    res = simulate("lins", 4, csv(*rows), percent="20", pcd_seats=1, female_seats=1)
    w = warn(res, "lins_feminina_reserva_lacuna")
    assert w["kind"] == "conflito" and "(R5)" in w["message"]
    assert "Outra leitura, disponível como opção (precedência feminina \"feminina\"): nomeá-la pela vaga "\
        "feminina (art. 6º, § 3º, por analogia)" in w["message"]


# --- wording ----------------------------------------------------------------------------------------
def test_lins_pcd_conflict_is_printed_once():
    res = simulate("lins", 10, EXAMPLE, percent="20", pcd_seats="1")
    assert "lins_precedencia_conflito" in codes(res) and "lins_pcd_duas_listas" not in codes(res)


def test_gender_agreement_follows_the_gender_column():
    # Lins art. 6º, § 2º: Juliana (F, optant and PcD) is nominated through the racial list
    res = simulate("lins", 10, EXAMPLE, percent="20", pcd_seats="1")
    juliana = next(n for n in res["nominations"] if n["candidate"] == "2024-0227")
    assert "também classificada para pessoas com deficiência, de cuja lista é excluída" in juliana["reason"]
    assert warn(res, "lins_precedencia_conflito")["message"].startswith("Candidata classificada")
    moved = {m["candidate"]: m["reason"] for m in res["moved"]}
    assert moved["2024-0276"].startswith("classificada dentro das vagas de ampla concorrência: nomeada")
    assert moved["2024-0457"].startswith("classificado dentro das vagas de ampla concorrência: nomeado")
    # no gender column: the generic form
    data = b"inscricao;classificacao;cotista\nA;1;sim\nB;2;nao\nC;3;nao\nD;4;nao\nE;5;nao\n"
    first = simulate("ubatuba", 5, data)["nominations"][0]
    assert "mas é nomeado(a) pela ampla concorrência" in first["reason"]


def test_quissama_literal_fill_says_first_not_yet_nominated():
    res = simulate("quissama", 5, csv(*plain(4), (5, "c")), fill="lista")
    phrase = "primeiro ainda não nomeado da lista específica"
    assert phrase in res["nominations"][4]["reason"]
    assert phrase in warn(res, "quissama_quinta_vaga_leitura")["message"]


def test_lins_female_precedence_option_gives_the_other_reading():
    # the other reading of the gap: R5 through the female seat (art. 6º, § 3º by analogy); the racial
    # seat goes to the next of the racial list — here there is none, so it reverts (art. 5º, § 2º)
    rows = [(1, ""), (2, ""), (3, ""), (4, ""), (5, "cpf"), (6, ""), (7, "")]
    res = simulate("lins", 4, csv(*rows), percent="20", pcd_seats=1, female_seats=1,
                   female_precedence="feminina")
    assert by_list(res, "feminina") == ["R5"] and by_list(res, "reserva") == []
    assert any(r["from"] == "reserva" and r["basis"] == ["lins:art5_par2"] for r in res["reverted_seats"])
    w = warn(res, "lins_feminina_reserva_lacuna")
    assert "A simulação a nomeou pela vaga feminina" in w["message"]
    assert "opção (precedência feminina \"reserva\"): nomeá-la pela reserva racial" in w["message"]
    assert res["options"]["female_precedence"] == "feminina"


def test_female_precedence_is_refused_outside_lins_and_checked():
    import pytest

    from calculator.errors import InputError

    with pytest.raises(InputError) as exc:
        simulate("ubatuba", 5, csv(*plain(5)), female_precedence="feminina")
    assert exc.value.field == "precedencia_feminina"
    with pytest.raises(InputError) as exc:
        simulate("lins", 5, csv(*plain(5)), percent="20", female_precedence="outra")
    assert exc.value.field == "precedencia_feminina" and "reserva ou feminina" in str(exc.value)


def test_generic_pcd_conflict_is_worded_for_anyone():
    # no one on both lists: the decree's conflict (art. 4º, p. ú. × art. 6º, § 2º) is stated generically
    rows = [*plain(8), (9, "c"), (10, "c"), (11, "p"), (12, "")]
    res = simulate("lins", 10, csv(*rows), percent="20", pcd_seats=1)
    msg = warn(res, "lins_pcd_duas_listas")["message"]
    assert msg.startswith("Candidato(a) com deficiência aprovado(a)") and "nomeá-lo(a)" in msg
    assert "nomeá-lo " not in msg
