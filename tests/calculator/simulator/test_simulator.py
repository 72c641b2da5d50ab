"""Nomination simulator: hand-worked cases from the law text, per norm and rule."""


import pytest

from calculator.errors import InputError
from calculator.simulator import seat_types, simulate
from tests.support import ROOT
from tools.golden import classification_csv


def csv(*rows) -> bytes:
    """rows: (rank, flags) with flags a string of letters: c=cotista, p=pcd, f=female,
    d=desistente, i=inapto, e=eliminado, and heteroidentificação after ':' (e.g. "c:fraude")."""
    return classification_csv(list(rows)).encode("utf-8")


def calls(res):
    """[(seat, inscricao, list)] in call order."""
    return [(n["seat"], n["candidate"], n["list"]) for n in res["nominations"]]


def by_list(res, lst):
    return [n["candidate"] for n in res["nominations"] if n["list"] == lst]


def plain(n):
    return [(r, "") for r in range(1, n + 1)]


# --- seat schedule ----------------------------------------------------------------------------------
def test_seat_types_follow_call_order_and_spread_pcd():
    # racial seats exactly at the norm's positions; PcD seats by cumulative proportionality,
    # pushed to the next free seat when they collide with a racial one
    assert seat_types(10, [3, 8], 2, 0) == ["ampla", "ampla", "reserva", "pcd", "ampla", "ampla", "ampla",
                                            "reserva", "pcd", "ampla"]
    assert seat_types(5, [5], 0, 0) == ["ampla"] * 4 + ["reserva"]
    # everything reserved: still exactly N seats, all placed
    assert sorted(seat_types(4, [2, 4], 1, 0)) == ["ampla", "pcd", "reserva", "reserva"]


# --- Ubatuba ------------------------------------------------------------------------------------------
def test_ubatuba_concurrent_competition_art4():
    # 5 seats, 20% → 1 reserved (art. 2º, § 3º: 1,0), called 3rd (cumulative proportionality).
    # The optant ranked 2nd is within the 4 ampla seats: called through ampla, no reserved seat used
    # (art. 4º); the reserved seat goes to the next optant (6th).
    rows = [(1, ""), (2, "c"), (3, ""), (4, ""), (5, ""), (6, "c"), (7, "")]
    res = simulate("ubatuba", 5, csv(*rows))
    assert calls(res) == [(1, "R1", "ampla"), (2, "R2", "ampla"), (3, "R6", "reserva"), (4, "R3", "ampla"),
                          (5, "R4", "ampla")]
    r2 = res["nominations"][1]
    assert "ubatuba:art4_cpt" in r2["basis"] and "não ocupa vaga reservada" in r2["reason"]
    assert "ubatuba:art7_cpt" in res["nominations"][2]["basis"]
    assert any(m["candidate"] == "R2" and m["to"] == "ampla" for m in res["moved"])
    assert all(n["basis"] for n in res["nominations"])


def test_ubatuba_no_reserve_below_three_seats_art2_par2():
    res = simulate("ubatuba", 2, csv((1, ""), (2, ""), (3, "c")))
    assert calls(res) == [(1, "R1", "ampla"), (2, "R2", "ampla")]
    assert res["seats"]["reserva"] == 0


def test_ubatuba_desistance_reading_art4_par1():
    rows = [(1, ""), (2, "c"), (3, ""), (4, ""), (5, ""), (6, "cd"), (7, ""), (8, "c")]
    # default reading: the next optant ("lista")
    res = simulate("ubatuba", 5, csv(*rows))
    assert calls(res)[2] == (3, "R8", "reserva")
    exc = {e["candidate"]: e for e in res["excluded"]}
    assert exc["R6"]["replaced_by"] == "R8" and exc["R6"]["basis"] == ["ubatuba:art4_par1"]
    assert any(w["code"] == "ubatuba_substituicao_leitura" for w in res["warnings"])
    # alternative reading: the next candidate of the general classification ("geral")
    res = simulate("ubatuba", 5, csv(*rows), replacement="geral")
    assert calls(res) == [(1, "R1", "ampla"), (2, "R2", "ampla"), (3, "R3", "ampla"), (4, "R4", "ampla"),
                          (5, "R5", "ampla")]
    assert {e["candidate"]: e for e in res["excluded"]}["R6"]["replaced_by"] == "R5"


def test_ubatuba_reversion_art4_par2():
    res = simulate("ubatuba", 5, csv((1, "c"), (2, ""), (3, ""), (4, ""), (5, ""), (6, "")))
    assert calls(res) == [(i, f"R{i}", "ampla") for i in range(1, 6)]
    assert res["reverted_seats"] == [{"seat": 3, "from": "reserva", "to": "ampla",
                                      "reason": res["reverted_seats"][0]["reason"],
                                      "basis": ["ubatuba:art4_par2"]}]
    assert "ubatuba:art4_par2" in res["nominations"][2]["basis"]


def test_ubatuba_eliminated_false_declaration_art3_par2():
    res = simulate("ubatuba", 5, csv(*plain(4), (5, ""), (6, "ce"), (7, "c")))
    assert calls(res)[2] == (3, "R7", "reserva")
    assert res["excluded"][0]["candidate"] == "R6" and res["excluded"][0]["basis"] == ["ubatuba:art3_par2"]


def test_ubatuba_precedence_pcd_before_racial_art7_par1():
    # 10 seats: 2 reserved (3rd, 8th), 2 PcD (edital) → 6 ampla. R8 is optant and PcD outside the
    # general list: under art. 7º, § 1º, II–III the PcD list comes first.
    res = simulate("ubatuba", 10, csv(*_precedence_rows()), pcd_seats=2)
    assert by_list(res, "pcd") == ["R8", "R10"]
    assert by_list(res, "reserva") == ["R7", "R9"]
    assert calls(res)[3] == (4, "R8", "pcd")
    r8 = res["nominations"][3]
    assert "ubatuba:art7_par1_inc2" in r8["basis"]


def _precedence_rows():
    return [*plain(6), (7, "c"), (8, "cp"), (9, "c"), (10, "p"), (11, "p")]


def test_same_list_different_nominations_ubatuba_and_lins():
    data = csv(*_precedence_rows())
    uba = simulate("ubatuba", 10, data, pcd_seats=2)
    lins = simulate("lins", 10, data, percent="20", pcd_seats=2)
    # Lins art. 6º, § 2º: the candidate in both specific lists is called through the racial list
    assert by_list(lins, "reserva") == ["R7", "R8"]
    assert by_list(lins, "pcd") == ["R10", "R11"]
    assert calls(lins)[3] == (4, "R10", "pcd") and calls(lins)[7] == (8, "R8", "reserva")
    assert calls(uba) != calls(lins)
    uba_ids = {n["candidate"] for n in uba["nominations"]}
    assert uba_ids - {n["candidate"] for n in lins["nominations"]} == {"R9"}


def test_ubatuba_gender_equity_option_and_gender_reversion():
    rows = [*plain(8), (9, "c"), (10, "c"), (11, "cf"), (12, "c")]
    off = simulate("ubatuba", 10, csv(*rows))
    assert by_list(off, "reserva") == ["R9", "R10"]
    assert any(w["code"] == "ubatuba_equidade_genero_desligada" for w in off["warnings"])
    on = simulate("ubatuba", 10, csv(*rows), gender_equity=True)
    assert by_list(on, "reserva") == ["R9", "R11"]
    assert any(w["code"] == "ubatuba_equidade_genero_interpretacao" for w in on["warnings"])
    # no woman among the optants: the second reserved seat reverts to the other gender (art. 2º, § 4º)
    men = simulate("ubatuba", 10, csv(*plain(8), (9, "c"), (10, "c"), (11, "c")), gender_equity=True)
    assert by_list(men, "reserva") == ["R9", "R10"]
    assert any("ubatuba:art2_par4" in r["basis"] for r in men["reverted_seats"])


# --- Quissamã -----------------------------------------------------------------------------------------
def test_quissama_every_fifth_art3_par1_and_optants_compete_for_all_art1_par2():
    rows = [*plain(2), (3, "c"), *[(r, "") for r in range(4, 9)], (9, "c"), (10, ""), (11, ""), (12, "c"),
            (13, ""), (14, "c")]
    res = simulate("quissama", 10, csv(*rows))
    assert calls(res) == [(1, "R1", "ampla"), (2, "R2", "ampla"), (3, "R3", "ampla"), (4, "R4", "ampla"),
                          (5, "R9", "reserva"), (6, "R5", "ampla"), (7, "R6", "ampla"), (8, "R7", "ampla"),
                          (9, "R8", "ampla"), (10, "R12", "reserva")]
    # non-optants R10, R11 rank above R12 but compete only for the non-reserved seats (art. 1º, § 3º)
    assert "quissama:art3_par1" in res["nominations"][4]["basis"]


def test_quissama_desistance_art3_par2():
    rows = [*plain(8), (9, "cd"), (10, ""), (11, ""), (12, "c"), (13, ""), (14, "c")]
    res = simulate("quissama", 10, csv(*rows))
    assert by_list(res, "reserva") == ["R12", "R14"]
    e = res["excluded"][0]
    assert e["candidate"] == "R9" and e["basis"] == ["quissama:art3_par2"] and e["replaced_by"] == "R12"


def test_quissama_reversion_art1_par6():
    res = simulate("quissama", 10, csv(*plain(12)))
    assert [c for _, c, _ in calls(res)] == [f"R{i}" for i in range(1, 11)]
    assert [r["seat"] for r in res["reverted_seats"]] == [5, 10]
    assert all(r["basis"] == ["quissama:art1_par6"] for r in res["reverted_seats"])


def test_quissama_conflict_between_reserve_and_order_is_reported():
    res = simulate("quissama", 8, csv(*plain(10)))
    assert any(w["code"] == "quissama_reserva_maior_que_ordem" for w in res["warnings"])


# --- Lins -------------------------------------------------------------------------------------------
def test_lins_heteroidentification_art9_art10():
    rows = [(1, ""), (2, "c:fraude"), (3, ""), (4, ""), (5, ""), (6, "c:nao_confirmada"), (7, "c:ausente"),
            (8, "c:confirmada"), (9, "")]
    res = simulate("lins", 5, csv(*rows), percent="20")
    assert calls(res) == [(1, "R1", "ampla"), (2, "R3", "ampla"), (3, "R8", "reserva"), (4, "R4", "ampla"),
                          (5, "R5", "ampla")]
    exc = {e["candidate"]: e["basis"] for e in res["excluded"]}
    # art. 10, p. ú.: the CAPPC "deverá opinar"; the authority decides after art. 10's 48 hours
    assert exc == {"R2": ["lins:art10_par1u_inc1", "lins:art10_cpt", "lins:art10_par1u"],
                   "R7": ["lins:art9_par2"]}
    moved = {m["candidate"]: m for m in res["moved"]}
    assert moved["R6"]["to"] == "ampla"
    assert moved["R6"]["basis"] == ["lins:art10_par1u_inc2", "lins:art10_cpt", "lins:art10_par1u"]
    # the not-confirmed candidate stays in the general list
    assert "R6" in res["published_lists"]["ampla"]["candidates"]
    assert "R6" not in res["published_lists"]["reserva"]["candidates"]


def test_lins_not_confirmed_keeps_competing_in_ampla():
    rows = [(1, ""), (2, "c:nao_confirmada"), (3, ""), (4, ""), (5, "c:confirmada"), (6, "")]
    res = simulate("lins", 5, csv(*rows), percent="20")
    assert ("R2" in by_list(res, "ampla")) and by_list(res, "reserva") == ["R5"]


def test_lins_precedence_default_art6_par2_and_option_art4_par1u():
    data = csv(*_precedence_rows())
    default = simulate("lins", 10, data, percent="20", pcd_seats=2)
    assert by_list(default, "reserva") == ["R7", "R8"] and by_list(default, "pcd") == ["R10", "R11"]
    assert any(w["code"] == "lins_precedencia_conflito" and "lins:art4_par1u" in w["basis"]
               for w in default["warnings"])
    # art. 4º, parágrafo único: R8 is 1st in the PcD list and 2nd in the racial list → PcD
    alt = simulate("lins", 10, data, percent="20", pcd_seats=2, precedence="art4-par1u")
    assert by_list(alt, "pcd") == ["R8", "R10"] and by_list(alt, "reserva") == ["R7", "R9"]
    r8 = next(n for n in alt["nominations"] if n["candidate"] == "R8")
    assert "lins:art4_par1u" in r8["basis"]
    assert calls(alt) == [(1, "R1", "ampla"), (2, "R2", "ampla"), (3, "R7", "reserva"), (4, "R8", "pcd"),
                          (5, "R3", "ampla"), (6, "R4", "ampla"), (7, "R5", "ampla"), (8, "R9", "reserva"),
                          (9, "R10", "pcd"), (10, "R6", "ampla")]


def test_lins_female_seats_before_pcd_art6_par3():
    rows = [*plain(5), (6, "fp"), (7, "p"), (8, "f"), (9, "c"), (10, "c"), (11, "f")]
    res = simulate("lins", 10, csv(*rows), percent="20", pcd_seats=1, female_seats=2)
    assert by_list(res, "feminina") == ["R6", "R8"]
    assert by_list(res, "pcd") == ["R7"]
    assert by_list(res, "reserva") == ["R9", "R10"]
    r6 = next(n for n in res["nominations"] if n["candidate"] == "R6")
    assert "lins:art6_par3" in r6["basis"]


def test_lins_desistance_art5_par1_and_reversion_art5_par2():
    res = simulate("lins", 5, csv(*plain(4), (5, "cd"), (6, ""), (7, "c")), percent="20")
    assert calls(res)[2] == (3, "R7", "reserva")
    assert res["excluded"][0]["basis"] == ["lins:art5_par1"]
    res = simulate("lins", 5, csv(*plain(7)), percent="20")
    assert res["reverted_seats"][0]["basis"] == ["lins:art5_par2"]


def test_lins_pending_heteroidentification_warning():
    res = simulate("lins", 5, csv(*plain(5), (6, "c")), percent="20")
    assert any(w["code"] == "lins_heteroidentificacao_pendente" for w in res["warnings"])


# --- general ---------------------------------------------------------------------------------------
def test_unfilled_seats_when_candidates_run_out():
    res = simulate("ubatuba", 5, csv((1, ""), (2, "d"), (3, "c")))
    # R3 (optant) is within the 4 ampla seats: called through ampla; the reserved seat reverts and,
    # like the rest, finds no one
    assert calls(res) == [(1, "R1", "ampla"), (2, "R3", "ampla")]
    assert [(u["from"], u["to"], u["count"]) for u in res["unfilled_seats"]] == [(3, 5, 3)]
    assert res["unfilled_seats"][0]["seat"] == 3 and res["unfilled_count"] == 3
    # seats 3 (reserva, reverted → ampla) and 4, 5 (ampla): one range, per-type counts
    assert res["unfilled_seats"][0]["lists"] == {"reserva": 1, "ampla": 2}
    assert res["unfilled_seats"][0]["list"] == "varias"


def test_unfilled_seats_are_ranges_not_one_entry_per_seat():
    # 1,000,000 vacancies and 2 candidates: one range, a small answer (was 126 MB of JSON)
    import json

    res = simulate("ubatuba", 1_000_000, csv((1, ""), (2, "")))
    assert calls(res) == [(1, "R1", "ampla"), (2, "R2", "ampla")]
    assert len(res["unfilled_seats"]) == 1
    u = res["unfilled_seats"][0]
    assert (u["from"], u["to"], u["count"]) == (3, 1_000_000, 999_998)
    assert u["lists"] == {"reserva": 200_000, "ampla": 799_998}
    assert res["unfilled_count"] == 999_998
    assert len(json.dumps(res)) < 20_000
    # non-consecutive unfilled seats stay separate ranges
    res = simulate("ubatuba", 5, csv((1, ""), (2, ""), (3, ""), (4, "")))
    assert [(u["from"], u["to"]) for u in res["unfilled_seats"]] == [(5, 5)]


def test_rank_by_score():
    data = "inscricao;nota;cotista\nx;70;não\ny;90;não\nz;80;sim\nw;60;sim\n".encode()
    res = simulate("quissama", 5, data)
    assert calls(res) == [(1, "y", "ampla"), (2, "z", "ampla"), (3, "x", "ampla"), (4, "w", "ampla")]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"norm": "recife"}, "norma"),
        ({"vacancies": "0"}, "vagas"),
        ({"vacancies": "dez"}, "vagas"),
        ({"pcd_seats": "-1"}, "vagas_pcd"),
        ({"pcd_seats": "x"}, "vagas_pcd"),
        ({"pcd_seats": "9"}, "vagas_pcd"),
        ({"female_seats": "1"}, "vagas_femininas"),
        ({"precedence": "art4-par1u"}, "precedencia"),
        ({"precedence": "outra"}, "precedencia"),
        ({"replacement": "qualquer"}, "substituicao"),
        ({"norm": "quissama", "replacement": "geral"}, "substituicao"),
        ({"norm": "lins", "gender_equity": True, "percent": "20"}, "equidade_genero"),
        ({"norm": "lins"}, "percentual"),
        ({"percent": "10"}, "percentual"),
    ],
)
def test_bad_options(kwargs, field):
    args = {"norm": "ubatuba", "vacancies": "10", "data": csv(*plain(5))}
    args.update(kwargs)
    norm, vac, data = args.pop("norm"), args.pop("vacancies"), args.pop("data")
    with pytest.raises(InputError) as info:
        simulate(norm, vac, data, **args)
    assert info.value.field == field
    assert "\n" not in info.value.message


def test_gender_equity_requires_gender_of_optants():
    data = b"inscricao;classificacao;cotista\n1;1;sim\n2;2;sim\n3;3;sim\n4;4;sim\n"
    with pytest.raises(InputError) as info:
        simulate("ubatuba", 3, data, gender_equity=True)
    assert info.value.message.startswith("Linha ")


def test_every_basis_the_simulator_can_emit_resolves_in_the_corpus():
    from calculator.simulator import BASIS
    from laws import load_corpus

    corpus = load_corpus()
    for norm, table in BASIS.items():
        for key, ids in table.items():
            for pid in ids:
                assert corpus.resolve(f"{norm}:{pid}") is not None, (norm, key, pid)


def test_result_basis_resolves_and_covers_everything_cited():
    from laws import load_corpus

    corpus = load_corpus()
    sample = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_bytes()
    for norm in ("ubatuba", "quissama", "lins"):
        res = simulate(norm, 10, sample, percent="20", pcd_seats=1)
        cited = set(res["basis"])
        for group in ("nominations", "excluded", "moved", "reverted_seats", "warnings", "steps"):
            for item in res[group]:
                for ref in item["basis"]:
                    assert corpus.resolve(ref) is not None, ref
                    assert ref in cited


def test_gender_equity_keeps_rank_order_within_the_reserved_list():
    # 20 seats → 4 reserved, 16 ampla (R1..R16); at most 2 per gender at first: R17, R18 (M), R20 (F);
    # R19 (M) waits and, with no other woman, takes the last reserved seat (art. 2º, § 4º) — and is
    # called before R20, in classification order
    rows = [*plain(16), (17, "c"), (18, "c"), (19, "c"), (20, "cf"), (21, "c"), (22, "")]
    res = simulate("ubatuba", 20, csv(*rows), gender_equity=True)
    assert by_list(res, "reserva") == ["R17", "R18", "R19", "R20"]
    assert [n["seat"] for n in res["nominations"] if n["list"] == "reserva"] == [3, 8, 13, 18]


def test_desisting_optant_within_ampla_is_replaced_through_ampla_with_a_warning():
    # Quissamã art. 3º, § 2º ("desistência de vaga por candidato cotista aprovado") read as the reserved
    # seats: the optant who would be called through ampla is replaced by the next of the general list
    res = simulate("quissama", 5, csv((1, "cd"), (2, ""), (3, "c"), (4, ""), (5, ""), (6, "c")))
    assert calls(res) == [(1, "R2", "ampla"), (2, "R3", "ampla"), (3, "R4", "ampla"), (4, "R5", "ampla"),
                          (5, "R6", "reserva")]
    assert any(w["code"] == "quissama_desistencia_optante_na_ampla" for w in res["warnings"])


def test_lins_published_specific_lists_hold_those_within_the_vacancies():
    # art. 6º, II–IV: "aprovadas dentro do número de vagas" — 1 PcD seat, 2 reserved seats (10 × 20%)
    rows = [(1, "c"), (2, "p"), (3, ""), (4, "cp"), (5, "c"), (6, "p"), (7, "c"), (8, ""), (9, ""),
            (10, ""), (11, "c"), (12, "p"), (13, "")]
    res = simulate("lins", 10, csv(*rows), percent="20", pcd_seats=1)
    pub = res["published_lists"]
    assert pub["reserva"]["candidates"] == ["R1", "R4"]
    assert pub["reserva"]["all_candidates"] == ["R1", "R4", "R5", "R7", "R11"]
    assert pub["reserva"]["vacancies"] == 2 and pub["reserva"]["within_vacancies"] is True
    assert "lins:art6_cpt_inc3" in pub["reserva"]["basis"]
    assert pub["pcd"]["candidates"] == ["R2"] and len(pub["pcd"]["all_candidates"]) == 4
    assert "lins:art6_cpt_inc2" in pub["pcd"]["basis"]
    # the general list (art. 6º, I) has everyone
    assert pub["ampla"]["candidates"] == [f"R{i}" for i in range(1, 14)]
    # the female list (IV) too, with the Guarda Civil seats
    res = simulate("lins", 10, csv((1, "f"), (2, ""), (3, "f"), (4, "f")), percent="20", female_seats=1)
    fem = res["published_lists"]["feminina"]
    assert fem["candidates"] == ["R1"] and fem["all_candidates"] == ["R1", "R3", "R4"]
    assert "lins:art6_cpt_inc4" in fem["basis"]
    # other norms: no such clause, the list is the whole ranking
    res = simulate("ubatuba", 10, csv(*rows), pcd_seats=1)
    assert res["published_lists"]["reserva"]["candidates"] == ["R1", "R4", "R5", "R7", "R11"]


def test_lins_art4_par1u_tie_goes_to_the_racial_list():
    # art. 4º, p. ú. ("a lista em que estiver melhor classificado"): same position in both lists → the
    # tie is broken by art. 6º, § 2º (racial list)
    rows = [*plain(6), (7, "cp"), (8, "cp"), (9, "p"), (10, "p")]
    res = simulate("lins", 10, csv(*rows), percent="20", pcd_seats=2, precedence="art4_par1u")
    assert res["published_lists"]["reserva"]["all_candidates"][:2] == ["R7", "R8"]
    assert res["published_lists"]["pcd"]["all_candidates"][:2] == ["R7", "R8"]
    assert by_list(res, "reserva") == ["R7", "R8"] and by_list(res, "pcd") == ["R9", "R10"]
    # better in the racial list (1st there, 2nd in PcD) → racial, under either rule
    rows = [*plain(6), (7, "p"), (8, "cp"), (9, "c"), (10, "p"), (11, "c")]
    res = simulate("lins", 10, csv(*rows), percent="20", pcd_seats=2, precedence="art4_par1u")
    assert by_list(res, "reserva") == ["R8", "R9"] and by_list(res, "pcd") == ["R7", "R10"]


def test_score_tie_warning():
    tied = "inscricao;nota;cotista\na;80;não\nb;90;não\nc;80;sim\nd;70;não\ne;70;não\n".encode()
    res = simulate("ubatuba", 5, tied)
    w = [x for x in res["warnings"] if x["code"] == "simulacao_empate_nota"]
    assert len(w) == 1 and w[0]["kind"] == "premissa" and "2 grupos" in w[0]["message"]
    assert w[0]["basis"] == ["ubatuba:art6_cpt"]
    # tied candidates keep the order of the lines: a before c, d before e
    assert [n["candidate"] for n in res["nominations"] if n["list"] == "ampla"][:2] == ["b", "a"]
    untied = b"inscricao;nota\na;80\nb;90\nc;70\n"
    assert all(x["code"] != "simulacao_empate_nota" for x in simulate("ubatuba", 3, untied)["warnings"])
    ranked = b"inscricao;classificacao;nota\na;1;80\nb;2;80\n"
    assert all(x["code"] != "simulacao_empate_nota" for x in simulate("quissama", 2, ranked)["warnings"])


# --- the file's columns and scores, said in the answer ------------------------------------------
def test_missing_cotista_column_is_a_warning_naming_the_ignored_columns():
    data = ("inscricao;nome;classificacao;Cotas (PPP)\n"
            + "".join(f"{i};N{i};{i};{'sim' if i % 2 else 'não'}\n" for i in range(1, 11))).encode()
    res = simulate("ubatuba", 10, data)
    w = [x for x in res["warnings"] if x["code"] == "simulacao_sem_coluna_cotista"]
    assert len(w) == 1 and w[0]["kind"] == "aviso"
    assert "“Cotas (PPP)”" in w[0]["message"] and "as 2 vagas dessa lista passaram" in w[0]["message"]
    assert w[0]["basis"] and all(b.startswith("ubatuba:") for b in w[0]["basis"])
    assert res["input"]["ignored_columns"] == ["Cotas (PPP)"]
    # with the column, no such warning (and the ignored-columns note only when some column is ignored)
    good = simulate("ubatuba", 10, csv(*[(i, "c" if i % 2 else "") for i in range(1, 11)]))
    assert not any(x["code"].startswith("simulacao_sem_coluna") or x["code"] == "simulacao_colunas_ignoradas"
                   for x in good["warnings"])


def test_missing_pcd_column_with_pcd_seats_and_other_ignored_columns():
    data = b"inscricao;classificacao;cotista;Deficiente?;Obs\n" + b"".join(
        f"{i};{i};nao;sim;x\n".encode() for i in range(1, 11))
    res = simulate("ubatuba", 10, data, pcd_seats=1)
    codes = [x["code"] for x in res["warnings"]]
    assert "simulacao_sem_coluna_pcd" in codes and "simulacao_colunas_ignoradas" not in codes
    res = simulate("ubatuba", 10, data.replace(b"Deficiente?", b"pcd"), pcd_seats=1)
    w = [x for x in res["warnings"] if x["code"] == "simulacao_colunas_ignoradas"]
    assert len(w) == 1 and "“Obs”" in w[0]["message"]


def test_how_the_scores_were_read_is_a_step_and_in_the_input():
    res = simulate("ubatuba", 2, b"inscricao;nota;cotista\nA;1.234;nao\nB;999;nao\nC;1.234,0;sim\n")
    assert res["input"]["ranked_by"] == "nota" and res["input"]["score_format"] == "virgula"
    steps = [s for s in res["steps"] if s["text"].startswith("Classificação geral")]
    assert len(steps) == 1 and "vírgula decimal" in steps[0]["text"] and steps[0]["basis"]
    assert [n["candidate"] for n in res["nominations"]] == ["A", "C"]
    ranked = simulate("ubatuba", 1, csv((1, "")))
    assert ranked["input"]["score_format"] is None
    texts = [s["text"] for s in ranked["steps"]]
    assert "Classificação geral: pela coluna classificacao do arquivo." in texts
