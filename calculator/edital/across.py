"""The same cargo offered in several editais: the comparison made across editais of the same norm and
period (fracionamento entre editais).

Each edital alone counts its cargo's vacancies; a concurso published in several editais may offer one
cargo in two of them, each below the norm's minimum for a reservation, or with counts whose sum differs
from the count of the summed vacancies. The comparison never changes an edital's answer (a reading never
quietly reduces a reservation): it warns, naming the editais and both counts, and says what the reserve
would be if the editais are one concurso, beside each edital's number.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculator.answer import collect_basis, warning
from calculator.csv.cargos import cargo_key  # the one rule of "the same cargo", within a table too
from calculator.csv.text import safe_text
from calculator.limits import MAX_VACANCIES
from calculator.ptbr import alternative_note, count_phrase, either, format_int, reserved_phrase
from calculator.rules import rules_for
from calculator.stages.reserve import reserve

#: An edital's name as messages quote it: a file's path is longer than a cell, and two paths often differ
#: only at the end, so names are not cut as cells are (calculator/csv/text.py, safe_text), only bounded.
NAME_SHOWN = 300


def shown_name(name: str) -> str:
    """The name in a one-line message: control and formatting characters shown by their code, as
    safe_text shows them."""
    name = "".join(ch if ch.isprintable() else f"<U+{ord(ch):04X}>" for ch in name)
    return name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"


@dataclass
class Answered:
    """One edital of the question: its name (the file's, or the request's "nome"), the request it was
    answered for (options included) and its answer, exactly the single-edital one."""

    name: str
    request: dict
    result: dict


def comparable(result: dict) -> tuple | None:
    """What editais must share to be compared: the norm, the percentage, the vínculo and the period the
    answer stands in (dated: the norm's validity for the date; undated: the window the answer assumes).
    None: nothing of the norm to sum (it does not govern the edital, or a vínculo counted only as a set)."""
    if result["applies"] is False or result["set_scope"]:
        return None
    validity = result["validity"]
    if validity is None:
        window = result["validity_window"] or {}
        period = ("sem_data", window.get("from"), window.get("to"))
    else:
        period = ("data", validity["applies"], validity["in_force_from"], validity["last_day"])
    return (result["norm"], result["percent"], result["scope"], period)


def groups(editais: list[Answered]) -> list[list[Answered]]:
    """The editais compared together, in the order given (an edital that shares nothing stands alone)."""
    out: dict[object, list[Answered]] = {}
    for i, e in enumerate(editais):
        key = comparable(e.result)
        out.setdefault(key if key is not None else ("sozinho", i), []).append(e)
    return list(out.values())


def _offered(group: list[Answered]) -> dict[str, list[dict]]:
    """Each cargo with vacancies, by its key, with its figures in each edital that offers it (in the order
    given)."""
    out: dict[str, list[dict]] = {}
    for e in group:
        for c in e.result["cargos"]:  # (made when read: only the figures are kept)
            if c["vacancies"]:
                figures = {"name": e.name, "cargo": c["cargo"], "line": c["line"],
                           "vacancies": c["vacancies"], "reserved": c["reserved"],
                           "reserve_required": c["reserve_required"]}
                out.setdefault(cargo_key(c["cargo"]), []).append(figures)
    return out


def compare(group: list[Answered]) -> list[dict]:
    """Each cargo offered in two or more editais of the group: its counts alone and together, and whether
    the sum changes the reserve (``fragmented``), with the warning that says so."""
    first = group[0].request
    together: dict[int, dict] = {}
    out = []
    for offers in _offered(group).values():
        if len(offers) < 2:
            continue
        total = sum(f["vacancies"] for f in offers)
        if total > MAX_VACANCIES:
            continue  # beyond what any one answer counts: nothing to compare it with
        if total not in together:  # the first edital's options: the group shares norm, percentage, period
            together[total] = reserve(first.get("norma"), total, first.get("percentual"),
                                      first.get("data_edital"), first.get("vinculo"))
        out.append(_compared(offers, together[total], group[0].result["norm"]))
    return out


def _compared(alone: list[dict], joined: dict, norm: str) -> dict:
    separately = sum(f["reserved"] for f in alone)
    below_each = not any(f["reserve_required"] for f in alone) and joined["reserve_required"]
    fragmented = below_each or joined["reserved"] != separately
    item = {"cargo": alone[0]["cargo"], "norm": norm,
            "editais": [{k: v for k, v in f.items() if k != "cargo"} for f in alone],
            "vacancies": joined["vacancies"], "reserved_separately": separately,
            "reserved_together": joined["reserved"], "reserve_required_together": joined["reserve_required"],
            "alternative_together": joined.get("alternative"), "below_minimum_each": below_each,
            "fragmented": fragmented}
    if fragmented:
        item["warning"] = across_warning(item)
    return item


def across_warning(item: dict) -> dict:
    """The warning of a cargo split across editais: the editais and their counts, the count of the summed
    vacancies beside them, and the provisions the single edital's fracionamento warning cites (with those
    of the other reading of the summed count, where it is shown)."""
    readings = rules_for(item["norm"]).registry.edital_readings
    cargo_basis, cargo_text = readings["cargo"]
    conc_basis, conc_text = readings["concurso"]
    alone = either([f"“{shown_name(f['name'])}” ({count_phrase(f['vacancies'], 'vaga', 'vagas')} → "
                    f"{reserved_phrase(f['reserved'])})" for f in item["editais"]], "e")
    joined = (f"{count_phrase(item['vacancies'], 'vaga', 'vagas')} → "
              f"{reserved_phrase(item['reserved_together'])}")
    if item["alternative_together"]:
        joined += f" ({alternative_note(item['alternative_together'])})"
    below = (" Cada edital sozinho fica abaixo do mínimo de vagas da norma para haver reserva; somadas, as "
             "vagas o alcançam." if item["below_minimum_each"] else "")
    if item["reserved_together"] == item["reserved_separately"]:
        higher = "As duas contagens são iguais, mas só somadas as vagas alcançam o mínimo da norma"
    else:
        higher = "A leitura que reserva mais é " + (
            "a dos editais como um só concurso" if item["reserved_together"] > item["reserved_separately"]
            else "a de cada edital")
    return warning(
        "fracionamento_entre_editais", "conflito",
        f"Fracionamento entre editais: o cargo “{safe_text(item['cargo'])}” é oferecido em "
        f"{format_int(len(item['editais']))} editais da mesma norma e do mesmo período — {alone}; somadas "
        f"as reservas de cada edital, {reserved_phrase(item['reserved_separately'])} — {cargo_text}.{below} "
        f"Se os editais forem um só concurso, o cargo teria {joined} — {conc_text}. {higher}; a resposta de "
        "cada edital fica com o seu número, e esta é a outra leitura, ao lado dele (confira se os editais "
        "são do mesmo concurso).",
        collect_basis(cargo_basis, conc_basis, (item["alternative_together"] or {}).get("basis", ())),
        no_basis=not (cargo_basis or conc_basis))
