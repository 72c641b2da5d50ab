"""What every stage shares besides the arithmetic (calculator/arithmetic.py): the parsing of typed input
(the CLI and api.handle give the same messages), pt-BR formatting of numbers, dates and lists, and the
constructors of steps and warnings with the kind of their basis.

Numbers stay exact: ``fractions.Fraction`` and ``int`` only (never ``float``, never ``round()``).
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from calculator.arithmetic import round_half_up
from calculator.errors import InputError, clip, quoted

#: Largest number of vacancies accepted (documented bound; every answer stays O(log N) anyway).
MAX_VACANCIES = 10**15


# --- input parsing (shared by the CLI and api.handle, so both give the same messages) -----------
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
    n = int(s)
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


# --- pt-BR formatting ---------------------------------------------------------------------------
def format_int(n: int) -> str:
    """12345678 → "12.345.678"."""
    return f"{n:,}".replace(",", ".")


def count_phrase(n: int, singular: str, plural: str) -> str:
    """count_phrase(1, "vaga reservada", "vagas reservadas") → "1 vaga reservada"; 0 and 2+: plural."""
    return f"{format_int(n)} {singular if n == 1 else plural}"


def format_number(x: Fraction | int) -> str:
    """Exact pt-BR decimal: 13/5 → "2,6"; 1/3 → "1/3" (no finite decimal); 51/2 → "25,5"."""
    x = Fraction(x)
    den = x.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return str(x)
    digits = max(twos, fives)
    if digits == 0:
        return format_int(x.numerator)
    scaled = x * 10**digits
    assert scaled.denominator == 1
    sign = "-" if scaled < 0 else ""
    n = abs(scaled.numerator)
    whole, frac = divmod(n, 10**digits)
    return f"{sign}{format_int(whole)},{frac:0{digits}d}"


def approx_percent(x: Fraction | int) -> str:
    """A share as a percentage with one decimal, "≈" when not exact: 2/12 → "≈ 16,7%"; 1/4 → "25%"."""
    pct = Fraction(x) * 100
    tenths = round_half_up(pct * 10)
    if Fraction(tenths, 10) == pct:
        return format_percent(pct)
    return "≈ " + format_percent(Fraction(tenths, 10))


def format_percent(p: Fraction) -> str:
    """51/2 → "25,5%"."""
    return format_number(p) + "%"


def fraction_str(x: Fraction | int) -> str:
    """Machine form of an exact number: "51/2", "3"."""
    return str(Fraction(x))


def format_date(d: date) -> str:
    """date(2014, 6, 16) → "16/06/2014"."""
    return f"{d.day:02d}/{d.month:02d}/{d.year:04d}"


#: The months as Brazilian legal texts write them (the corpus's dates are read with these too).
MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
          "outubro", "novembro", "dezembro")


def format_long_date(d: date) -> str:
    """date(2014, 6, 16) → "16 de junho de 2014" (legal style: "1º" for the first day)."""
    return f"{'1º' if d.day == 1 else d.day} de {MONTHS[d.month - 1]} de {d.year}"


# --- results ------------------------------------------------------------------------------------
#: Kinds of basis a step or warning can have ("basis_kind"):
#: "dispositivo" — the provisions in ``basis`` support it;
#: "sem_base_no_corpus" — the rule it applies has no provision in the corpus (``basis`` is empty: no
#:   merely nearby provision is cited instead); the text says "sem base no corpus";
#: "nota_de_compilacao" — ``basis`` includes a note printed in the source by whoever compiled it
#:   (Quissamã's "(Prazo prorrogado…)" to art. 5º): the step rests on that note, not only on provisions;
#: "dado" — a fact of the input or plain arithmetic, not a legal rule.
BASIS_KINDS = ("dispositivo", "sem_base_no_corpus", "nota_de_compilacao", "dado")
NO_BASIS = "sem base no corpus"
#: A compilation note's id (laws/parser.py: "<parent>_nota1"), with or without the "slug:" prefix.
_COMPILATION_NOTE = re.compile(r"_nota\d*$")


def is_compilation_note(ref: str) -> bool:
    return bool(_COMPILATION_NOTE.search(ref))


def basis_kind(basis: list[str] | tuple[str, ...], no_basis: bool = False) -> str:
    """The kind of basis of a step, warning or parameter (see BASIS_KINDS)."""
    if no_basis:
        if basis:
            raise ValueError("a step without basis in the corpus cites no provision")
        return "sem_base_no_corpus"
    if any(is_compilation_note(b) for b in basis):
        return "nota_de_compilacao"
    return "dispositivo" if basis else "dado"


def warning(code: str, kind: str, message: str, basis: list[str] | tuple[str, ...],
            no_basis: bool = False) -> dict:
    """A warning: kind is "conflito", "interpretacao", "premissa" or "aviso"."""
    return {"code": code, "kind": kind, "message": message, "basis": list(basis),
            "basis_kind": basis_kind(list(basis), no_basis)}


def step(text: str, basis: list[str] | tuple[str, ...] = (), no_basis: bool = False) -> dict:
    """One step of an answer.  ``no_basis``: the rule applied has no basis in the corpus (said as such)."""
    return {"text": text, "basis": list(basis), "basis_kind": basis_kind(list(basis), no_basis)}


def unique(items) -> list:
    """Order-preserving de-duplication."""
    seen: set = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def collect_basis(*groups) -> list[str]:
    """All basis references of the given lists of refs / warnings / steps, de-duplicated, in order."""
    refs: list[str] = []
    for group in groups:
        for item in group:
            if isinstance(item, str):
                refs.append(item)
            else:
                refs.extend(item.get("basis", ()))
    return unique(refs)


def sentence(text: str) -> str:
    """End a clause with exactly one full stop ("…" already ends it)."""
    text = text.rstrip(".")
    return text if text.endswith("…") else text + "."


def reserved_phrase(n: int) -> str:
    """"1 vaga reservada", "3 vagas reservadas"."""
    return count_phrase(n, "vaga reservada", "vagas reservadas")


def pick_scope(scope: str | None, scopes: dict, default: str, refusal: str) -> str:
    """The vínculo asked for (field "vinculo"), or the norm's default when none is given.
    ``refusal`` is the norm's own message for a vínculo it does not cover; ``{scope}`` is filled in."""
    if scope is None:
        return default
    if scope not in scopes:
        raise InputError(refusal.format(scope=quoted(scope)), "vinculo")
    return scope


def ordinals(positions: list[int]) -> str:
    """[3, 8] → "3ª e 8ª"."""
    items = [f"{format_int(p)}ª" for p in positions]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " e " + items[-1]
