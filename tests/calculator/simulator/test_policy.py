"""The simulation policy as data: a norm whose registry says nothing of the simulation (no [simulation]
section, no hook module) simulates with the defaults; a malformed section is refused by name."""

from __future__ import annotations

import tomllib

import pytest

from calculator.answer import collect_basis, step
from calculator.arithmetic import HUNDRED, proportional_count
from calculator.errors import InputError
from calculator.norms import registry_from_data, registry_of
from calculator.rules.choices import scope_of
from calculator.rules.default import DefaultRules
from calculator.rules.percent import legal_percent
from calculator.simulator import policy, simulate_norm
from tests.calculator.norms.test_registry import GOOD, _write

HEADER = "inscricao;nome;classificacao;cotista;pcd;genero;situacao;heteroidentificacao\n"


def _norm_module(tmp_path):
    """A norm with a minimal registry (25,5% minimum, half-up, proportional order, a term in years) whose
    one declared exception is its reserve: the percentage rounded half up, with no minimum of vacancies and
    no notes; every other stage is the default (calculator/rules/default.py)."""
    norm = registry_from_data(tomllib.loads(GOOD), _write(tmp_path, GOOD))

    class Rules(DefaultRules):
        def reserved_seats(self, vacancies, percent=None, scope=None):
            scope_of(norm, scope)
            p = legal_percent(norm, vacancies, percent)
            steps = [step(f"{p}% de {vacancies}", list(norm.params()["percentual"].basis))]
            return {"reserved": proportional_count(p, vacancies, "meio_para_cima"), "applies": True,
                    "percent": p,
                    "exact": p / HUNDRED * vacancies, "basis": collect_basis(steps), "warnings": [],
                    "steps": steps}

        def order_notes(self, order):
            return [], []

    return Rules(norm)


def _csv(rows) -> bytes:
    """rows: (rank, cotista, pcd, situacao)."""
    lines = [f"C{r};Nome {r};{r};{'sim' if c else 'não'};{'sim' if p else 'não'};M;{s};"
             for r, c, p, s in rows]
    return (HEADER + "\n".join(lines) + "\n").encode()


def test_a_norm_without_simulation_section_has_the_default_policy(tmp_path):
    mod = _norm_module(tmp_path)
    pol = policy.of(mod.registry)
    assert pol.order == policy.DEFAULT_ORDER and pol.hetero is None and pol.replacement == {}
    assert pol.refs("ranking", "reserve") == []  # nothing declared: sem base no corpus, never a guess
    assert not pol.publish_within_vacancies and pol.options == {}


def test_defaults_general_and_cotista_lists_proportional_order_same_list_replacement(tmp_path):
    mod = _norm_module(tmp_path)
    # 10 vacancies × 25,5% = 2,55 → 3 reserved seats, proportional order (half up): 2nd, 6th, 10th
    optants = {1: "", 9: "desistente", 10: "", 12: ""}
    rows = [(r, r in optants, False, optants.get(r, "")) for r in range(1, 14)]
    res = simulate_norm(mod, 10, _csv(rows))
    assert res["reserved"] == 3 and res["reserved_positions"] == [2, 6, 10]
    assert set(res["published_lists"]) == {"ampla", "reserva"}
    # the published list has every optant, the desisting one too
    assert res["published_lists"]["reserva"]["candidates"] == ["C1", "C9", "C10", "C12"]
    by_seat = {n["seat"]: (n["candidate"], n["list"]) for n in res["nominations"]}
    # C1, an optant ranked within the ampla seats, is nominated by them (concurrent competition)
    assert by_seat[1] == ("C1", "ampla")
    reserved = [by_seat[s] for s in (2, 6, 10)]
    # C9 desists: the next optant of the same list (C10, then C12) takes the seat; the third seat has no
    # optant left and reverts to the ampla concorrência (the next of the general list)
    assert reserved[:2] == [("C10", "reserva"), ("C12", "reserva")] and reserved[2][1] == "ampla"
    c9 = next(e for e in res["excluded"] if e["candidate"] == "C9")
    assert c9["would_fill"] == "reserva" and c9["replaced_by"] == "C10"
    assert res["reverted_seats"][0]["seat"] == 10
    assert res["options"] == {"precedence": "art6_par2", "replacement": "lista", "fill": "concorrencia",
                              "gender_equity": False, "female_precedence": "reserva"}
    # no provision of this norm is cited for the simulation's own decisions
    assert all(not n["basis"] or all(b.startswith("teste:") for b in n["basis"]) for n in res["nominations"])


def test_defaults_a_candidate_in_two_lists_is_an_interpretation_without_basis(tmp_path):
    mod = _norm_module(tmp_path)
    rows = [(r, False, False, "") for r in range(1, 8)] + [(8, True, True, ""), (9, True, False, ""),
                                                           (10, False, True, "")]
    res = simulate_norm(mod, 8, _csv(rows), pcd_seats=1)
    gap = next(w for w in res["warnings"] if w["code"] == "simulacao_precedencia_lacuna")
    assert gap["basis"] == [] and gap["basis_kind"] == "sem_base_no_corpus"
    assert next(n for n in res["nominations"] if n["candidate"] == "C8")["list"] == "reserva"


def test_defaults_refuse_other_norms_options_in_their_words(tmp_path):
    mod = _norm_module(tmp_path)
    with pytest.raises(InputError) as err:
        simulate_norm(mod, 5, _csv([(1, True, False, "")]), choices={"substituicao": "geral"})
    assert err.value.field == "substituicao" and "Ubatuba" in err.value.message
    data = (HEADER + "C1;A;1;sim;não;M;;fraude\n").encode()
    res = simulate_norm(mod, 5, data)
    ignored = next(w for w in res["warnings"] if w["code"] == "simulacao_heteroidentificacao_ignorada")
    assert "Lins (Decreto nº 13.760/2024, arts. 7º a 10)" in ignored["message"]
    assert res["excluded"] == []  # the column has no effect here


@pytest.mark.parametrize(("section", "message"), [
    ({"basis": {"palpite": ["art1"]}}, "simulation.basis.palpite"),
    ({"basis": {"ranking": ["teste:art1"]}}, "ids sem prefixo"),
    ({"precedence": {"order": ["reserva", "outra"]}}, "simulation.precedence.order"),
    ({"heteroidentificacao": {"results": {"fraude": {"effect": "talvez"}}}}, "effect"),
])
def test_a_malformed_simulation_section_is_refused_by_name(section, message):
    with pytest.raises(policy.PolicyError, match=message.replace(".", r"\.")):
        policy.from_data("teste", section)


@pytest.mark.parametrize("slug", ["ubatuba", "quissama", "lins"])
def test_every_warning_key_the_policy_names_is_in_the_catalogue(slug):
    norm = registry_of(slug)
    pol = policy.of(norm)
    keys = [pol.pcd_first.get("warning"), pol.pcd_with_reserve.get("warning"),
            pol.reversion.get("partial_warning"), pol.hetero and pol.hetero.pending_warning]
    for key in filter(None, keys):
        assert key in norm.warnings, key


@pytest.mark.parametrize("slug", ["ubatuba", "quissama", "lins"])
def test_every_provision_the_policy_cites_resolves_in_the_corpus(slug):
    from laws import load_corpus

    corpus = load_corpus()
    refs = policy.of(registry_of(slug)).references()
    assert refs and all(corpus.resolve(ref) is not None for ref in refs), refs


def test_every_annotation_rule_names_a_function_of_the_calculator():
    from laws import load_corpus
    from sitebuild.calcblock import resolve_rule

    for norm in load_corpus().norms:
        for pid, ann in norm.annotations.items():
            rule = ann.get("regra")
            if rule:  # a module's function or a method of the common pattern's class
                assert rule.startswith("calculator.") and callable(resolve_rule(rule)), (norm.slug, pid, rule)


def test_a_reverted_pcd_seat_cites_the_pcd_basis_even_beside_a_seat_handed_to_the_general_list():
    # Ubatuba, "geral" reading: R9 desists from the 1st reserved seat (handed to the general list); the only
    # PcD seat (the 5th nomination) has no candidate and reverts.  Its basis is the PcD one, not art. 4º,
    # § 1º (both are the first seat of their list: the reversion must not be mistaken for the hand-over).
    from calculator.simulator import simulate

    rows = [f"R{r};N{r};{r};{'sim' if r in (9, 10, 12) else 'não'};não;M;{'desistente' if r == 9 else ''}"
            for r in range(1, 16)]
    data = ("inscricao;nome;classificacao;cotista;pcd;genero;situacao\n" + "\n".join(rows) + "\n").encode()
    res = simulate("ubatuba", 10, data, pcd_seats=1, replacement="geral")
    seat = {n["seat"]: n for n in res["nominations"]}
    assert seat[5]["seat_type"] == "pcd" and seat[5]["list"] == "ampla"
    assert "ubatuba:art7_par1_inc2" in seat[5]["basis"] and "ubatuba:art4_par1" not in seat[5]["basis"]
    assert seat[3]["seat_type"] == "reserva" and "ubatuba:art4_par1" in seat[3]["basis"]
