"""A question's inputs, as typed (strings from the CLI and the page) or as Python values, checked before any
stage runs: the request's fields, vacancies, percentage, dates, options and nominations. The CLI and
``api.handle`` give the same
pt-BR messages; every count has a documented limit, checked before any work.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from calculator import norms
from calculator.arithmetic import digits_value
from calculator.errors import InputError, clip, quoted
from calculator.limits import MAX_VACANCIES
from calculator.ptbr import either, format_int
from calculator.rules.choices import scope_of
from calculator.rules.percent import legal_percent

_INT = re.compile(r"[0-9]+")
_PERCENT = re.compile(r"(?P<int>[0-9]+)(?:[.,](?P<dec>[0-9]+))?")
_DATE = re.compile(r"(?P<y>[0-9]{4})-(?P<m>[0-9]{2})-(?P<d>[0-9]{2})")
#: What is trimmed around a typed value: spaces, tabs, line ends and the no-break space of a copied
#: cell — not str.strip()'s other "whitespace" (U+001C…U+001F, U+0085…), which would let "3\x1c" pass as 3.
BLANKS = " \t\r\n\u00a0"


def parse_vacancies(text: object) -> int:
    """Number of vacancies typed by the user ("12") → int ≥ 1, else InputError(field="vagas")."""
    if isinstance(text, bool):
        raise InputError("o número de vagas deve ser um número inteiro (ex.: 12)", "vagas")
    if isinstance(text, int):
        text = str(text)
    if not isinstance(text, str) or not text.strip(BLANKS):
        raise InputError("informe o número de vagas (um número inteiro, ex.: 12)", "vagas")
    s = text.strip(BLANKS)
    if s.startswith("-") and _INT.fullmatch(s[1:]) and s[1:].strip("0"):
        raise InputError(f"o número de vagas não pode ser negativo: {clip(s)}", "vagas")
    if s.startswith("-") and _INT.fullmatch(s[1:]):
        raise InputError("o número de vagas deve ser pelo menos 1", "vagas")
    if not _INT.fullmatch(s):
        raise InputError(f"o número de vagas deve ser um número inteiro (ex.: 12), não {quoted(s)}", "vagas")
    if len(s.lstrip("0")) > len(str(MAX_VACANCIES)):
        raise InputError(f"número de vagas grande demais (o limite é {format_int(MAX_VACANCIES)})", "vagas")
    n = digits_value(s)
    if n == 0:
        raise InputError("o número de vagas deve ser pelo menos 1", "vagas")
    if n > MAX_VACANCIES:
        raise InputError(f"número de vagas grande demais (o limite é {format_int(MAX_VACANCIES)})", "vagas")
    return n


def parse_percent(text: object) -> Fraction | None:
    """Percentage typed by the user ("25", "25,5", "25.5", "25%") → exact Fraction (25,5 → 51/2).

    ``None`` or "" → ``None`` (not given).  Bounds (0 < P ≤ 100) are checked here; each norm
    checks its own legal minimum.
    """
    if text is None:
        return None
    if isinstance(text, bool) or not isinstance(text, str | int):
        raise InputError("o percentual deve ser um número decimal (ex.: 25 ou 25,5)", "percentual")
    s = str(text).strip(BLANKS)
    if s == "":
        return None
    if s.endswith("%"):
        s = s[:-1].strip(BLANKS)
    if s.startswith("-") and _PERCENT.fullmatch(s[1:]):
        if not s[1:].replace(",", "").replace(".", "").strip("0"):
            raise InputError("o percentual deve ser maior que zero", "percentual")
        raise InputError(f"o percentual não pode ser negativo: {clip(s)}", "percentual")
    m = _PERCENT.fullmatch(s)
    if not m or len(s) > 40:
        raise InputError(f"o percentual deve ser um número decimal (ex.: 25 ou 25,5), não {quoted(s)}",
                         "percentual")
    dec = m.group("dec") or ""
    value = Fraction(int(m.group("int"))) + (Fraction(int(dec), 10 ** len(dec)) if dec else 0)
    if value <= 0:
        raise InputError("o percentual deve ser maior que zero", "percentual")
    if value > 100:
        raise InputError(f"o percentual não pode passar de 100%: {s}", "percentual")
    return value


def parse_date(text: object) -> date | None:
    """Edital date typed as AAAA-MM-DD → date; None/"" → None; impossible dates → InputError."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise InputError("a data do edital deve estar no formato AAAA-MM-DD (ex.: 2020-05-31)", "data_edital")
    s = text.strip(BLANKS)
    if s == "":
        return None
    m = _DATE.fullmatch(s)
    if not m:
        raise InputError("a data do edital deve estar no formato AAAA-MM-DD (ex.: 2020-05-31), "
                         f"não {quoted(s)}",
                         "data_edital")
    try:
        return date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    except ValueError:
        raise InputError(f"data inexistente: {s}", "data_edital") from None


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
    if len(s.lstrip("0")) > len(str(MAX_VACANCIES)) or digits_value(s) > MAX_VACANCIES:
        raise InputError(f"número de nomeações grande demais (o limite é {format_int(MAX_VACANCIES)})", field)
    m = digits_value(s)
    if m < vacancies:
        raise InputError(
            f"o número de nomeações ({format_int(m)}) não pode ser menor que o de vagas oferecidas "
            f"({format_int(vacancies)}): informe as nomeações além das vagas, ou deixe em branco", field)
    return m


def input_vacancies(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return parse_vacancies(value)


def input_percent(value: object) -> Fraction | None:
    if isinstance(value, Fraction):
        return _bounded(value)
    return parse_percent(value)


def _bounded(value: Fraction) -> Fraction:
    if value <= 0:
        raise InputError("o percentual deve ser maior que zero", "percentual")
    if value > 100:
        raise InputError("o percentual não pode passar de 100%", "percentual")
    return value


def input_date(value: object) -> date | None:
    """The date of a request as typed (AAAA-MM-DD) or a ``date``; None when not given."""
    if isinstance(value, date):
        return value
    return parse_date(value)


def input_option(value: object, field: str, what: str) -> str | None:
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None
    if not isinstance(value, str):
        raise InputError(f"valor inválido para {what}: {value!r}", field)
    return value.strip().lower()


def checked_inputs(rules, n: int, p: Fraction | None, sc: str | None) -> Fraction:
    """The input checks every stage relies on (the vínculo and the percentage, in the norm's words), run
    before applicability so that bad input is refused whatever the date."""
    scope_of(rules.registry, sc)
    return legal_percent(rules.registry, n, p)


# What to ask for when a required field is empty: plain words, as a person would (never the field's name).
MISSING = {
    "vagas": "informe o número de vagas",
    "csv": "cole ou envie a lista de classificação (arquivo CSV)",
}


def missing(key: str) -> str:
    """The message for an empty required field ``key``; the norm's lists every norm, so it is written when
    asked for (importing reads no registry)."""
    if key == "norma":
        return f"informe a norma: {either(list(norms.discover()))}"
    return MISSING.get(key, f"preencha o campo {key}")


def check_fields(request: dict, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> None:
    """Refuse unknown fields and missing required ones (pt-BR messages): the one rule every command of
    :func:`handle` applies before it runs."""
    for key in request:
        if key not in allowed:
            # the name is echoed clipped and escaped; as the error's field only if it can be written back
            # as it came (a lone surrogate cannot be encoded as UTF-8)
            raise InputError(f"campo desconhecido: {quoted(key)} (campos aceitos: {', '.join(allowed)})",
                             key if key.isprintable() and len(key) <= 40 else None)
    for key in required:
        if request.get(key) in (None, ""):
            raise InputError(missing(key), key)
