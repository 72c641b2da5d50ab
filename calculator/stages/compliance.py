"""Stage 4 of the edital tool, compliance: whether a cargo (or the total) complies — the kind of the norm's
percentage and the status of the seats the edital announces against the seats the norm requires (the reserve
stage's count for the same inputs, calculator/edital/)."""

from __future__ import annotations

from calculator.answer import step, unique, warning
from calculator.ptbr import count_phrase, format_int, reserved_phrase

#: The registry's ``[percent] rule`` → the kind of percentage an edital is held to.
PERCENT_KINDS = {"minimum": "minimo", "fixed": "fixo", "tiered": "fixo", "given": "informado"}


def percent_kind(rules) -> tuple[str, list[str]]:
    """What the norm's percentage is, from ``[percent] rule`` alone: "minimo" (the edital may reserve more),
    "fixo" (set by the text) or "informado" (comes from outside the corpus), with the provisions of the
    parameters that rule names."""
    norm = rules.registry
    params = rules.params
    names = [norm.percent_parameters[key] for key in ("parameter", "reduced_parameter")
             if key in norm.percent_parameters]
    basis = [ref for name in names if params.get(name) is not None for ref in params[name].basis]
    return PERCENT_KINDS[norm.percent_rule], unique(basis)


def compliance_status(announced: int | None, reserved: int, kind: str, kind_basis: list[str],
            applies: object, note: str = "", shortfall_basis: tuple[str, ...] = (),
            voluntary_basis: list[str] | None = None) -> tuple[str | None, list[dict]]:
    """A cargo's (or the total's) status.  ``voluntary_basis``: the norm does not govern the edital
    (validity), so any seat it announces is the edital's own reserve, with the provisions that say so."""
    if announced is None:
        return None, []
    if voluntary_basis is not None and announced == 0:
        return "nao_se_aplica", []  # nothing required, nothing announced: not "conforme" to a norm that
        # does not govern the edital
    if voluntary_basis is not None and announced > 0:
        return "reserva_voluntaria", [warning(
            "edital_reserva_voluntaria", "aviso",
            f"O edital anuncia {reserved_phrase(announced)}, mas a norma não se aplica a este edital: "
            f"{'é reserva' if announced == 1 else 'são reserva'} do próprio edital, não exigida pela norma.",
            voluntary_basis)]
    if announced == reserved:
        return "conforme", []
    if announced < reserved:
        missing = reserved - announced
        return "abaixo", [warning(
            "edital_reserva_abaixo", "aviso",
            f"O edital anuncia {reserved_phrase(announced)}, mas a norma exige {format_int(reserved)}: "
            f"{'falta' if missing == 1 else 'faltam'} {reserved_phrase(missing)}.{note}",
            list(shortfall_basis), no_basis=not shortfall_basis)]
    extra = announced - reserved
    more = count_phrase(extra, "vaga", "vagas")
    lead = f"O edital anuncia {reserved_phrase(announced)}"
    if reserved == 0:
        lead += ", e a norma não exige reserva para este cargo"
    else:
        lead += f", {more} a mais que as {format_int(reserved)} exigidas"
    if kind == "minimo":
        return "acima", [warning(
            "edital_reserva_acima_minimo", "aviso",
            f"{lead}. A norma fixa um limite mínimo, e o edital pode reservar mais: acima do mínimo, o "
            "edital cumpre a norma.", kind_basis)]
    if kind == "fixo":
        return "acima", [warning(
            "edital_reserva_acima_fixo", "interpretacao",
            f"{lead}. A norma fixa o percentual (não um mínimo): o texto não prevê reserva maior que a sua, "
            "nem a proíbe expressamente. Reservar mais não reduz a reserva da norma, mas não tem base no "
            "texto.", kind_basis)]
    return "acima", [warning(
        "edital_reserva_acima_informado", "premissa",
        f"{lead} com o percentual informado. O percentual vem de norma fora do corpus: se ela fixa um "
        "mínimo, reservar mais a cumpre; o corpus não permite dizer.", kind_basis)]



def status_words(status: str, announced: int, reserved: int) -> str:
    """A compared status in words: "conforme", "abaixo (falta 1)", "acima (+2)"."""
    if status == "abaixo":
        missing = reserved - announced
        return f"abaixo ({'falta' if missing == 1 else 'faltam'} {format_int(missing)})"
    return f"acima (+{format_int(announced - reserved)})" if status == "acima" else status


def reading_dependence(status: str | None, announced: int | None, reserved: int, alternative: dict | None,
                       kind: str, kind_basis: list[str]) -> tuple[str | None, list[dict]]:
    """Where the count rests on a reading (``alternative``, the reserve stage's other count) and the status
    flips under it: the note that qualifies the status ("arredondando para baixo, a reserva seria de 0:
    acima (+1)")
    and the warning that says so; otherwise (None, [])."""
    if alternative is None or announced is None or status not in ("conforme", "abaixo", "acima"):
        return None, []
    other = compliance_status(announced, alternative["reserved"], kind, kind_basis, True)[0]
    if other == status:
        return None, []
    label = alternative["label"]
    note = (f"{label}, a reserva seria de {format_int(alternative['reserved'])}: "
            f"{status_words(other, announced, alternative['reserved'])}")
    basis = alternative.get("basis", [])
    return note, [{**warning(
        "edital_situacao_depende_da_leitura", "interpretacao",
        f"A situação depende da leitura da contagem: com a contagem adotada ({format_int(reserved)}), o "
        f"edital fica {status_words(status, announced, reserved)}; {label}, a reserva seria de "
        f"{format_int(alternative['reserved'])} e o edital ficaria "
        f"{status_words(other, announced, alternative['reserved'])}.", basis, no_basis=not basis),
        "beside": True}]


def no_vacancies(rules, percent: object, scope: object, applies: bool | None) -> dict:
    """A cargo with no vacancies offered (cadastro de reserva only): nothing to reserve, no order.
    ``applies``: the edital's applicability (validity and scope), as every cargo's."""
    text = ("Nenhuma vaga oferecida para este cargo: a reserva é calculada sobre as vagas oferecidas, e "
            "não há vaga a reservar nem ordem de nomeação.")
    readings = rules.registry.edital_readings
    basis = list(readings["cargo"][0]) or list(readings["concurso"][0])
    r = {"reserved": 0, "applies": applies, "reserve_required": False, "percent": None,
         "percent_display": None, "exact": "0",
         "basis": basis, "steps": [step(text, basis, no_basis=not basis)], "warnings": [warning(
             "edital_cargo_sem_vagas", "aviso",
             "Cargo sem vagas oferecidas: sem reserva e sem ordem; se houver nomeações (cadastro de "
             "reserva), o texto não diz como contar a reserva delas (sem base no corpus).", [],
             no_basis=True)]}
    o = {"positions": [], "positions_total": 0, "positions_truncated": False, "reserved": 0, "reading": None,
         "basis": [], "warnings": [], "steps": []}
    return {"r": r, "o": o}

