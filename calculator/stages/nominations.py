"""Nominations beyond the vacancies offered (cadastro de reserva): the call order for M ≥ N nominations.

Two things are kept apart (they depend on different numbers):

- **the thresholds** depend on the N vacancies offered: whether the concurso has a reserve at all
  (Ubatuba, art. 2º, § 2º: 3 or more), which percentage applies (Quissamã, art. 1º, § 7º: 10% up to 5
  vacancies) and the reserve itself;
- **the call order** is about nominations, which can go beyond the vacancies (Lins, art. 7º, § 3º, is
  the only text in the corpus that mentions them, and only to say when their verification happens: no
  norm sets their order, so the continuation is "sem base no corpus"). The first N positions are exactly
  those of `ordem` for N; after them the order continues by the same rule, with the percentage of the N
  vacancies.

Generic: it uses only each norm's call count (calculator/rules/calls.py) and the reserve's own rounding
(calculator/rules/rounding.py), never a per-norm branch: the per-norm facts it needs are registry data
([order] beyond_basis) and a declared exception (``beyond_vacancies_warnings``, calculator/rules/default.py).
"""

from __future__ import annotations

from fractions import Fraction

from calculator.answer import collect_basis, step, warning
from calculator.arithmetic import POSITIONS_LIMIT, bisect_reaching, gallop_reaching, period_of
from calculator.ptbr import count_phrase, format_int, format_percent, ordinal_list
from calculator.rules import rules_for
from calculator.rules.calls import call_count
from calculator.rules.rounding import reserved_count
from calculator.stages.headline import compose, reading_notes
from calculator.stages.inputs import parse_nominations
from calculator.stages.order import order_stages


def _continuation(count, vacancies: int, nominations: int, first: list[int], total_first: int,
                  room: int, periods: tuple[tuple[int, int], ...] = ()) -> list[int]:
    """Positions k = total_first + 1, … (at most ``room`` of them): the first m in vacancies+1..nominations
    with count(m) ≥ k.

    The positions repeat: with a share a/b of the nominations, count(m + b) = count(m) + a once the
    count has left the first N's (every count here is a rounding of m · a/b, capped by another of the
    same share), so position k + a = position k + b. With ``periods`` (candidate (a, b) pairs), only
    the first a positions are searched and the rest shifted by b, checked against ``count`` at the start,
    the middle and the end of the list; a schedule that is not periodic after all falls back to the
    search, by galloping from the previous position (the cost then grows with the number of positions)."""
    want = min(room, count(nominations) - total_first)
    if want <= 0:
        return []
    start = max(vacancies, first[-1] if first else 0)

    def reaches(i: int, position: int) -> bool:  # position is the (total_first + i + 1)-th
        k = total_first + i + 1
        return vacancies < position <= nominations and count(position) >= k > count(position - 1)

    gap = max(1, periods[0][1] // periods[0][0]) if periods else 1
    for a, b in periods:
        if not 0 < a < want:
            continue
        head = _search(count, start, nominations, total_first, a, gap)
        out = [head[i % a] + (i // a) * b for i in range(want)]
        if all(reaches(i, out[i]) for i in {0, a - 1, a, want // 2, want - 1}):
            return out
    return _search(count, start, nominations, total_first, want, gap)


def _search(count, start: int, nominations: int, total_first: int, how_many: int, gap: int = 1) -> list[int]:
    """The next ``how_many`` positions after ``start``, each searched from the previous one: first at the
    expected distance ``gap`` (with a share a/b, positions are b/a apart, give or take one), then by
    galloping. Any non-decreasing count gives the same positions; the guess only saves calls."""
    out: list[int] = []
    prev, k = start, total_first
    while len(out) < how_many:
        k += 1
        probe = min(prev + gap, nominations)
        if gap > 1 and probe > prev + 1 and count(probe) >= k:
            prev = probe if count(probe - 1) < k else bisect_reaching(count, k, prev + 1, probe - 1)
        else:
            prev = gallop_reaching(count, k, probe if gap > 1 and probe > prev + 1 else prev, nominations)
        out.append(prev)
    return out


def order_with_nominations(norm: object, vacancies: object, nominations: object, percent: object = None,
                           reading: object = None, scope: object = None, edital_date: object = None,
                           limit: int = POSITIONS_LIMIT) -> dict:
    """`ordem` for M ≥ N nominations: the first N positions are `ordem`'s for N; the rest follow the
    same rule with the thresholds (and percentage) of the N vacancies offered.

    Adds ``nominations`` to the result; ``positions_total`` counts the reserved-list nominations among
    the M; ``reserved`` stays the reserve of the N vacancies."""
    base, app = order_stages(norm, vacancies, percent, reading, scope, edital_date, limit)
    rules = rules_for(norm)
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
        # nominations with the reserve's rounding (e.g. a reduced percentage), never below what the first N
        # nominations already gave
        if k <= n:
            return total_n
        return max(total_n, min(call_count(rules.registry, k, p, rd), reserved_count(rules.registry, p, k)))

    steps = list(base["steps"])
    warnings = list(base["warnings"])
    beyond = list(rules.registry.beyond_basis)
    alternatives: list[dict] = []
    if app.stops:  # the norm does not apply: nothing beyond the vacancies either
        result["alternatives"] = []
        return result
    if base["reserve_required"]:
        extra = []
        if not base["positions_truncated"]:
            extra = _continuation(count, n, m, base["positions"], total_n,
                                  limit - len(base["positions"]), _periods(rules, p, rd))
        positions = base["positions"] + extra
        positions_total = count(m)
        alternatives = _alternatives(rules, base, n, m, p, rd, positions_total, positions, limit)
        notes = _continued(base, n, m, p, positions_total, beyond)
    else:
        positions, positions_total = base["positions"], base["positions_total"]
        notes = _not_continued(base, n, m, beyond)
    steps.append(notes[0])
    warnings.append(notes[1])
    # A norm may reword its own warnings for nominations beyond the vacancies (what was true of the
    # vacancies offered is not said of the nominations after them).
    warnings = rules.beyond_vacancies_warnings(warnings, n)
    shown = positions[:limit]
    result["alternatives"] = alternatives
    main, rest = _headline(shown, positions_total, n, m, p, alternatives, base["reserve_required"],
                           base["reserved"])
    result["headline"] = (compose(app, main, refusal="Nenhuma nomeação pela lista reservada",
                                  notes=reading_notes(base["alternative"], base["count_text"]))
                          + ("" if rest is None else " " + rest)) if main is not None else rest
    result.update({
        "positions": shown,
        "positions_total": positions_total,
        "positions_truncated": positions_total > len(shown),
        "basis": collect_basis(base["basis"], steps, warnings),
        "warnings": warnings,
        "steps": steps,
    })
    return result


def _unsaid(beyond: list[str]) -> str:
    return ("" if beyond else " O texto da norma não trata de nomeações além das vagas (sem base no "
            "corpus): a continuação é interpretação.")


def _continued(base: dict, n: int, m: int, p: Fraction, positions_total: int,
               beyond: list[str]) -> tuple[dict, dict]:
    """The step and the warning of an order continued beyond the N vacancies offered."""
    return (step(
        f"Nomeações além das vagas: {format_int(m)} nomeações para {format_int(n)} vagas oferecidas. As "
        f"{format_int(n)} primeiras seguem a ordem acima; da {format_int(n + 1)}ª em diante a ordem "
        f"continua pela mesma regra, com {format_percent(p)} (o percentual das vagas oferecidas): "
        f"{count_phrase(positions_total, 'nomeação reservada', 'nomeações reservadas')} entre as "
        f"{format_int(m)}.", beyond, no_basis=not beyond), warning(
        "nomeacoes_alem_das_vagas", "interpretacao",
        f"Nomeações além das vagas (cadastro de reserva): os limiares continuam os das "
        f"{format_int(n)} vagas oferecidas — se há reserva, o percentual ({format_percent(p)}) e as "
        f"{count_phrase(base['reserved'], 'vaga reservada', 'vagas reservadas')} —, e a ordem de "
        f"nomeação continua pela mesma regra até a {format_int(m)}ª nomeação, sem passar do percentual "
        f"das vagas oferecidas aplicado às nomeações (com o arredondamento da norma): "
        f"{count_phrase(positions_total, 'nomeação', 'nomeações')} pela lista reservada.{_unsaid(beyond)}",
        beyond + [b for s in base["steps"] for b in s["basis"]]))


def _not_continued(base: dict, n: int, m: int, beyond: list[str]) -> tuple[dict, dict]:
    """The step and the warning when the N vacancies offered have no reserve: nor have the nominations."""
    return (step(
        f"Nomeações além das vagas: {format_int(m)} nomeações para {format_int(n)} vagas oferecidas. "
        "Os limiares são os das vagas oferecidas: sem reserva para elas, nenhuma nomeação adicional "
        "vai para a lista reservada.", beyond + [b for s in base["steps"][-1:] for b in s["basis"]]), warning(
        "nomeacoes_alem_das_vagas", "interpretacao",
        f"Nomeações além das vagas (cadastro de reserva): os limiares continuam os das "
        f"{format_int(n)} vagas oferecidas; como elas não têm reserva, as {format_int(m - n)} "
        f"nomeações adicionais também não têm.{_unsaid(beyond)}", beyond, no_basis=not beyond))


def _periods(rules, p: Fraction, reading: str) -> tuple[tuple[int, int], ...]:
    """Candidate periods (a, b) of the count: the percentage's, and the reading's fixed share's."""
    shares = [p]
    fixed = rules.registry.readings.get(reading)
    if fixed is not None and fixed.share is not None and fixed.share != p:
        shares.append(fixed.share)
    return tuple(period_of(x) for x in shares if x > 0)


def _alternatives(rules, base: dict, n: int, m: int, p: Fraction, rd: str, adopted_total: int,
                  adopted: list[int] | None = None, limit: int = POSITIONS_LIMIT) -> list[dict]:
    """The two other readings of the order beyond the vacancies, where they give other positions: the
    norm's call rule alone over all M nominations, from the first, with no cap and no placement by
    interpretation (literal: Quissamã's art. 3º, § 1º, gives 5ª, 10ª, 15ª, 20ª where the adopted order has
    13ª), and only the N vacancies offered (nothing beyond)."""
    out = []
    total_n = base["positions_total"]
    if not base["positions_truncated"]:
        def literal(k: int) -> int:
            return call_count(rules.registry, k, p, rd)

        literal_total = literal(m)
        positions = _continuation(literal, 0, m, [], 0, limit, _periods(rules, p, rd))
        if literal_total != adopted_total or positions != (adopted or [])[:limit]:
            out.append({"reading": "literal", "positions": positions, "positions_total": literal_total,
                        "basis": list(rules.registry.order_basis)})
    if total_n != adopted_total:
        out.append({"reading": "vagas", "positions": list(base["positions"]), "positions_total": total_n,
                    "basis": []})
    return out


def _headline(positions: list[int], total: int, n: int, m: int, p: Fraction, alternatives: list[dict],
              applies: bool, reserved: int = 0) -> tuple[str | None, str | None]:
    """`ordem` beyond the vacancies: (the rule adopted, for the headline composer; the alternatives, as
    sentences after it); (None, the whole sentence) when the vacancies offered have no reserve."""
    from calculator.labels import short_labels

    if not applies:
        return None, (f"Nenhuma das {format_int(m)} nomeações vai para a lista reservada: as {format_int(n)} "
                      "vagas oferecidas não têm reserva, e as nomeações além delas também não "
                      "(interpretação).")
    text = ("nenhuma das nomeações vai para a lista reservada" if not total else
            f"nomeações pela lista reservada: {ordinal_list(positions, total, 12)}")
    text += (f" (interpretação: a ordem continua pela mesma regra, sem passar de {format_percent(p)} das "
             f"{format_int(m)} nomeações, com o arredondamento da norma)")
    rest = []
    if total and not reserved:
        # Quissamã, 4 vacancies: 10% of 4 rounds to 0, 10% of 12 nominations to 1 — said, not left implied
        rest.append(f"As {format_int(n)} vagas oferecidas não têm vaga reservada, mas o percentual "
                    f"delas ({format_percent(p)}) aplicado às {format_int(m)} nomeações, com o mesmo "
                    f"arredondamento, dá {format_int(total)}: por isso há nomeação pela lista reservada "
                    "sem vaga reservada.")
    for alt in alternatives:
        shown = ordinal_list(alt["positions"], alt["positions_total"], 12)
        if alt["reading"] == "literal":
            where = f" do {short_labels(alt['basis'])}" if alt["basis"] else " da regra de ordem"
            rest.append(f"Pela leitura literal{where}, seriam {shown}.")
        else:
            rest.append(f"Contando só as vagas oferecidas, {shown}.")
    return text, " ".join(rest) or None
