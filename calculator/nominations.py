"""Nominations beyond the vacancies offered (cadastro de reserva): the call order for M ≥ N nominations.

Two things are kept apart (they depend on different numbers):

- **the thresholds** depend on the N vacancies offered: whether the concurso has a reserve at all
  (Ubatuba, art. 2º, § 2º: 3 or more), which percentage applies (Quissamã, art. 1º, § 7º: 10% up to 5
  vacancies) and the reserve itself;
- **the call order** is about nominations, which can go beyond the vacancies (Lins, art. 7º, § 3º, is
  the only text in the corpus that mentions it). The first N positions are exactly those of `ordem`
  for N; after them the order continues by the same rule, with the percentage of the N vacancies.

Generic: it uses only each norm's ``call_count`` and the reserve's own rounding (``proportional_count``),
never a per-norm branch.  The per-norm facts it needs are the data in :data:`BEYOND_BASIS`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from calculator.core import get_norm, order
from calculator.errors import InputError
from calculator.rules import (
    MAX_VACANCIES,
    POSITIONS_LIMIT,
    collect_basis,
    count_phrase,
    format_int,
    format_percent,
    proportional_count,
    step,
    warning,
)

#: Provisions that speak of nominations beyond the vacancies of the edital, per norm ("sem base no
#: corpus" where there is none).
BEYOND_BASIS: dict[str, tuple[str, ...]] = {
    "ubatuba": (),
    "quissama": (),
    "lins": ("lins:art7_par3",),
}

_INT = re.compile(r"[0-9]+")


def parse_nominations(value: object, vacancies: int, field: str = "nomeacoes") -> int | None:
    """Number of nominations typed by the user → int ≥ vacancies; None/"" → None (not given)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise InputError("o número de nomeações deve ser um número inteiro (ex.: 15)", field)
    s = str(value).strip()
    if s.startswith("-") and _INT.fullmatch(s[1:]):
        raise InputError(f"o número de nomeações não pode ser negativo: {s}", field)
    if not _INT.fullmatch(s):
        raise InputError(f"o número de nomeações deve ser um número inteiro (ex.: 15), não {s!r}", field)
    if len(s.lstrip("0")) > len(str(MAX_VACANCIES)) or int(s) > MAX_VACANCIES:
        raise InputError(f"número de nomeações grande demais (o limite é {format_int(MAX_VACANCIES)})", field)
    m = int(s)
    if m < vacancies:
        raise InputError(
            f"o número de nomeações ({format_int(m)}) não pode ser menor que o de vagas oferecidas "
            f"({format_int(vacancies)}): informe as nomeações além das vagas, ou deixe em branco", field)
    return m


def _continuation(count, vacancies: int, nominations: int, first: list[int], total_first: int,
                  room: int) -> list[int]:
    """Positions k = total_first + 1, … (at most ``room`` of them): the first m in vacancies+1..nominations
    with count(m) ≥ k, by galloping search from the previous position."""
    out: list[int] = []
    prev = max(vacancies, first[-1] if first else 0)
    k = total_first
    while len(out) < room:
        k += 1
        if count(nominations) < k:
            break
        size = 1
        hi = min(prev + size, nominations)
        while count(hi) < k:
            prev = hi
            size *= 2
            hi = min(prev + size, nominations)
        lo = prev + 1
        while lo < hi:
            mid = (lo + hi) // 2
            if count(mid) >= k:
                hi = mid
            else:
                lo = mid + 1
        out.append(lo)
        prev = lo
    return out


def order_with_nominations(norm: object, vacancies: object, nominations: object, percent: object = None,
                           reading: object = None, scope: object = None) -> dict:
    """`ordem` for M ≥ N nominations: the first N positions are `ordem`'s for N; the rest follow the
    same rule with the thresholds (and percentage) of the N vacancies offered.

    Adds ``nominations`` to the result; ``positions_total`` counts the reserved-list nominations among
    the M; ``reserved`` stays the reserve of the N vacancies."""
    base = order(norm, vacancies, percent, reading, scope)
    module = get_norm(norm)
    n = base["vacancies"]
    m = parse_nominations(nominations, n)
    if m is None:
        return base
    result = {**base, "nominations": m}
    if m == n:
        return result
    p = Fraction(base["percent"])
    rd = base["reading"]
    total_n = base["positions_total"]

    def count(k: int) -> int:
        # the norm's own call rule, never above the percentage of the vacancies applied to k
        # nominations with the reserve's rounding (e.g. Quissamã at 10%), never below what the first N
        # nominations already gave
        if k <= n:
            return total_n
        return max(total_n, min(module.call_count(k, p, rd), proportional_count(p, k)))

    steps = list(base["steps"])
    warnings = list(base["warnings"])
    beyond = list(BEYOND_BASIS.get(module.SLUG, ()))
    where = ("" if beyond else " O texto da norma não trata de nomeações além das vagas (sem base no "
             "corpus): a continuação é interpretação.")
    if base["applies"]:
        extra = []
        if not base["positions_truncated"]:
            extra = _continuation(count, n, m, base["positions"], total_n,
                                  POSITIONS_LIMIT - len(base["positions"]))
        positions = base["positions"] + extra
        positions_total = count(m)
        steps.append(step(
            f"Nomeações além das vagas: {format_int(m)} nomeações para {format_int(n)} vagas oferecidas. As "
            f"{format_int(n)} primeiras seguem a ordem acima; da {format_int(n + 1)}ª em diante a ordem "
            f"continua pela mesma regra, com {format_percent(p)} (o percentual das vagas oferecidas): "
            f"{count_phrase(positions_total, 'nomeação reservada', 'nomeações reservadas')} entre as "
            f"{format_int(m)}.", beyond, no_basis=not beyond))
        warnings.append(warning(
            "nomeacoes_alem_das_vagas", "interpretacao",
            f"Nomeações além das vagas (cadastro de reserva): os limiares continuam os das "
            f"{format_int(n)} vagas oferecidas — se há reserva, o percentual ({format_percent(p)}) e as "
            f"{count_phrase(base['reserved'], 'vaga reservada', 'vagas reservadas')} —, e a ordem de "
            f"nomeação continua pela mesma regra até a {format_int(m)}ª nomeação, sem passar do percentual "
            f"das vagas oferecidas aplicado às nomeações (com o arredondamento da norma): "
            f"{count_phrase(positions_total, 'nomeação', 'nomeações')} pela lista reservada.{where}",
            beyond + [b for s in base["steps"] for b in s["basis"]]))
    else:
        positions, positions_total = base["positions"], base["positions_total"]
        steps.append(step(
            f"Nomeações além das vagas: {format_int(m)} nomeações para {format_int(n)} vagas oferecidas. "
            "Os limiares são os das vagas oferecidas: sem reserva para elas, nenhuma nomeação adicional "
            "vai para a lista reservada.", beyond + [b for s in base["steps"][-1:] for b in s["basis"]]))
        warnings.append(warning(
            "nomeacoes_alem_das_vagas", "interpretacao",
            f"Nomeações além das vagas (cadastro de reserva): os limiares continuam os das "
            f"{format_int(n)} vagas oferecidas; como elas não têm reserva, as {format_int(m - n)} "
            f"nomeações adicionais também não têm.{where}", beyond, no_basis=not beyond))
    shown = positions[:POSITIONS_LIMIT]
    result.update({
        "positions": shown,
        "positions_total": positions_total,
        "positions_truncated": positions_total > len(shown),
        "basis": collect_basis(base["basis"], steps, warnings),
        "warnings": warnings,
        "steps": steps,
    })
    return result
