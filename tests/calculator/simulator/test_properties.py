"""Properties of the nomination simulator, over random classification lists (hypothesis)."""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.simulator import simulate

HEADER = "inscricao;classificacao;cotista;pcd;genero;situacao;heteroidentificacao"
# SIMULATOR_EXAMPLES=5000 for a longer search (default keeps the suite fast)
SETTINGS = settings(max_examples=int(os.environ.get("SIMULATOR_EXAMPLES", "250")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

candidate = st.fixed_dictionaries({
    "cotista": st.booleans(),
    "pcd": st.booleans(),
    "genero": st.sampled_from(["F", "M"]),
    "situacao": st.sampled_from(["", "", "", "", "desistente", "inapto", "eliminado"]),
    "hetero": st.sampled_from(["", "confirmada", "confirmada", "nao_confirmada", "fraude", "ausente"]),
})


@st.composite
def scenarios(draw):
    cands = draw(st.lists(candidate, min_size=1, max_size=30))
    norm = draw(st.sampled_from(["ubatuba", "quissama", "lins"]))
    vacancies = draw(st.integers(1, 25))
    opts = {}
    if norm == "lins":
        opts["percent"] = draw(st.sampled_from(["10", "20", "25,5", "30"]))
        opts["female_seats"] = draw(st.integers(0, 2))
        opts["precedence"] = draw(st.sampled_from(["art6_par2", "art4_par1u"]))
    if norm == "ubatuba":
        opts["percent"] = draw(st.sampled_from(["20", "30"]))
        opts["replacement"] = draw(st.sampled_from(["lista", "geral"]))
        opts["gender_equity"] = draw(st.booleans())
        opts["reading"] = draw(st.sampled_from(["proporcional", "quinta"]))
    opts["pcd_seats"] = draw(st.integers(0, 2))
    return cands, norm, vacancies, opts


def to_csv(cands) -> bytes:
    """cands: list of dicts, or of (rank, dict) to keep the original ranks (gaps allowed)."""
    lines = [HEADER]
    for pos, item in enumerate(cands, start=1):
        rank, c = item if isinstance(item, tuple) else (pos, item)
        lines.append(f"C{rank};{rank};{'sim' if c['cotista'] else 'não'};{'s' if c['pcd'] else 'n'};"
                     f"{c['genero']};{c['situacao']};{c['hetero']}")
    return ("\n".join(lines) + "\n").encode()


def run(cands, norm, vacancies, opts):
    try:
        return simulate(norm, vacancies, to_csv(cands), **opts)
    except Exception as exc:  # only the "too many special seats" input error is acceptable
        from calculator.errors import InputError

        assert isinstance(exc, InputError) and exc.field in ("vagas_pcd", "vagas_femininas"), exc
        return None


def available(c, norm) -> bool:
    if c["situacao"]:
        return False
    return not (norm == "lins" and c["cotista"] and c["hetero"] in ("fraude", "ausente"))


@SETTINGS
@given(scenarios())
def test_invariants(scenario):
    cands, norm, vacancies, opts = scenario
    res = run(*scenario)
    if res is None:
        return
    noms = res["nominations"]
    ids = [n["candidate"] for n in noms]
    # no one nominated twice; seats distinct, in call order, within 1..N
    assert len(ids) == len(set(ids))
    seats = [n["seat"] for n in noms]
    assert seats == sorted(set(seats)) and all(1 <= s <= vacancies for s in seats)
    # every seat filled while eligible candidates remain
    eligible = [f"C{i}" for i, c in enumerate(cands, start=1) if available(c, norm)]
    assert len(noms) == min(vacancies, len(eligible))
    assert len(noms) + res["unfilled_count"] == vacancies
    assert res["unfilled_count"] == sum(u["to"] - u["from"] + 1 for u in res["unfilled_seats"])
    filled = set(seats)
    for u in res["unfilled_seats"]:
        assert not filled & set(range(u["from"], u["to"] + 1))
    # only eligible candidates are nominated
    assert set(ids) <= set(eligible)
    # within each list, rank order is respected along the call order
    for lst in ("ampla", "reserva", "pcd", "feminina"):
        ranks = [n["rank"] for n in noms if n["list"] == lst]
        assert ranks == sorted(ranks)
    # every nomination has a non-empty basis of "norm:id" references of this norm, or says it has none
    # (Quissamã's PcD seats: sem base no corpus)
    for n in noms:
        assert n["basis"] or "sem base no corpus" in n["reason"]
        assert all(b.startswith(norm + ":") for b in n["basis"])
    # reserved seats only for optants (not "nao_confirmada" in Lins); non-optants only elsewhere
    by_id = {f"C{i}": c for i, c in enumerate(cands, start=1)}
    for n in noms:
        c = by_id[n["candidate"]]
        if n["list"] == "reserva":
            assert c["cotista"] and not (norm == "lins" and c["hetero"] == "nao_confirmada")
        if n["list"] == "pcd":
            assert c["pcd"]
        if n["list"] == "feminina":
            assert c["genero"] == "F"
    # concurrent competition: the ampla nominees are a prefix of the eligible general list, up to the
    # candidates already called through a specific list
    ampla = [n["candidate"] for n in noms if n["list"] == "ampla"]
    if ampla:
        worst = max(by_id_rank(a) for a in ampla)
        for e in eligible:
            if by_id_rank(e) < worst:
                assert e in ids


def by_id_rank(insc: str) -> int:
    return int(insc[1:])


@SETTINGS
@given(scenarios(), st.data())
def test_a_desistance_never_removes_someone_ranked_above(scenario, data):
    cands, norm, vacancies, opts = scenario
    res = run(*scenario)
    if res is None or not res["nominations"]:
        return
    pick = data.draw(st.sampled_from(res["nominations"]))
    d = by_id_rank(pick["candidate"])
    before = {n["candidate"] for n in res["nominations"]}
    for mode in ("desistente", "removed"):
        changed = [dict(c) for c in cands]
        if mode == "desistente":
            changed[d - 1]["situacao"] = "desistente"
            after_res = run(changed, norm, vacancies, opts)
        else:
            # remove the row entirely (the other rows keep their ranks and inscrições)
            kept = [(i, c) for i, c in enumerate(changed, start=1) if i != d]
            if not kept:
                continue
            after_res = run(kept, norm, vacancies, opts)
        if after_res is None:
            continue
        after = {n["candidate"] for n in after_res["nominations"]}
        for insc in before:
            r = by_id_rank(insc)
            if r < d:
                assert insc in after, (mode, insc, pick["candidate"])
        assert pick["candidate"] not in after or mode == "removed"


@SETTINGS
@given(scenarios())
def test_deterministic_and_json_ready(scenario):
    import json

    res = run(*scenario)
    if res is None:
        return
    text = json.dumps(res, ensure_ascii=False, sort_keys=True)
    assert json.loads(text) == res
    assert run(*scenario) == res


_cell = st.sampled_from(["", "sim", "não", "s", "N", "F", "m", "desistente", "inapto", "eliminado",
                         "confirmada", "nao_confirmada", "fraude", "ausente", "1", "2", "3", "x", "0", "-1",
                         "7,5"])


@SETTINGS
@given(
    st.lists(st.sampled_from(["inscricao", "classificacao", "nota", "cotista", "pcd", "genero", "situacao",
                              "heteroidentificacao", "extra"]), min_size=1, max_size=9, unique=True),
    st.lists(st.lists(_cell, min_size=0, max_size=10), max_size=12),
    st.sampled_from(["ubatuba", "quissama", "lins"]),
    st.integers(1, 12),
    st.booleans(),
)
def test_api_never_fails_with_anything_but_a_pt_br_error(header, rows, norm, vacancies, equity):
    import json

    from calculator.api import handle

    text = ";".join(header) + "\n" + "\n".join(";".join(r) for r in rows)
    req = {"command": "simular", "norma": norm, "vagas": str(vacancies), "csv": text, "vagas_pcd": "1"}
    if norm == "lins":
        req["percentual"] = "20"
    if norm == "ubatuba" and equity:
        req["equidade_genero"] = "sim"
    out = json.loads(handle(json.dumps(req)))
    if not out["ok"]:
        assert out["error"]["message"] and "\n" not in out["error"]["message"]
    else:
        assert len(out["result"]["nominations"]) <= vacancies


@SETTINGS
@given(st.integers(1, 60), st.data())
def test_seat_types_place_every_seat_exactly(n, data):
    from calculator.simulator import seat_types

    racial = sorted(data.draw(st.sets(st.integers(1, n), max_size=n)))
    k = data.draw(st.integers(0, n - len(racial)))
    f = data.draw(st.integers(0, n - len(racial) - k))
    types = seat_types(n, racial, k, f)
    assert len(types) == n
    assert [i + 1 for i, t in enumerate(types) if t == "reserva"] == racial
    assert types.count("pcd") == k and types.count("feminina") == f
