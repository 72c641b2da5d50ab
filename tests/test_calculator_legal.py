"""Legal corrections: every answer keeps the reserve's count and is never more certain than the text.

Hand-worked cases name the article they apply; invariants run over ranges.
"""

from __future__ import annotations

import pytest

import calculator
from calculator.simulator import simulate

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
    for n in list(range(1, 41)) + [57, 99, 123]:
        reserved = calculator.reserve(norm, n, percent)["reserved"]
        rows = [(r, r > n) for r in range(1, 2 * n + 2)]
        res = simulate(norm, n, csv(rows), percent=percent, reading=reading)
        via_reserve = [x for x in res["nominations"] if x["list"] == "reserva"]
        assert len(via_reserve) == reserved, (norm, reading, n)
        assert len(res["nominations"]) == n
