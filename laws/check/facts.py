"""Each fact once: prose in a norm's registry names a parameter's value by its {placeholder}, never by writing
the value again ("20%", "dez anos", "mínimo de 3"), so that it cannot go stale when the parameter changes."""

from __future__ import annotations

import re
from fractions import Fraction

from laws.check.folder import Folder, find_line, key_line

_UNITS_WORDS = ("", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze",
                "doze", "treze", "catorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove")
_TENS = {20: "vinte", 30: "trinta", 40: "quarenta", 50: "cinquenta", 60: "sessenta", 70: "setenta",
         80: "oitenta", 90: "noventa", 100: "cem"}


def in_words(n: int) -> tuple[str, ...]:
    """How a whole number from 1 to 100 is written out ("três", "vinte e cinco"; "um" and "uma", "dois" and
    "duas"); () beyond."""
    if not 1 <= n <= 100:
        return ()
    if n < 20:
        words = _UNITS_WORDS[n]
    elif n in _TENS:
        words = _TENS[n]
    else:
        words = f"{_TENS[n - n % 10]} e {_UNITS_WORDS[n % 10]}"
    out = [words]
    for male, female in (("um", "uma"), ("dois", "duas")):
        if words == male or words.endswith(f" e {male}"):
            out.append(words[: -len(male)] + female)
    return tuple(out)


#: The word that follows a count of each unit in prose.
_COUNTED = {"vagas": r"vagas?", "anos": r"anos?"}


def _literals(unit: str, value: object) -> list[tuple[str, re.Pattern]]:
    """How prose would restate a value of this unit: (as shown, pattern). A percentage ("20%", "20 %", "20
    por cento", "vinte por cento"); a count of years or vacancies, in figures or in words ("10 anos", "dez
    anos", "3 vagas", "três vagas")."""
    from calculator.ptbr import format_percent

    if unit == "percentual" and isinstance(value, str):
        try:
            number = Fraction(value)
        except (ValueError, ZeroDivisionError):
            return []
        shown = format_percent(number)
        forms = [re.escape(shown[:-1])]
        if number.denominator == 1:
            forms += [re.escape(w) for w in in_words(number.numerator)]
        alternatives = "|".join(forms)
        return [(shown, re.compile(rf"(?<![\w,.])(?:{alternatives})\s?(?:%|por cento)", re.IGNORECASE))]
    if unit in _COUNTED and isinstance(value, int) and not isinstance(value, bool):
        alternatives = "|".join(re.escape(x) for x in (str(value), *in_words(value)))
        counted = (rf"(?<![\w,.])(?:{alternatives})(?:\s*\([^)]*\))?\s+{_COUNTED[unit]}\b"
                   # a minimum or a limit said without the unit: "mínimo de 3", "igual ou superior a 3"
                   rf"|\b(?:mínimo de|máximo de|superior a|inferior a|até|a partir de)\s+(?:{alternatives})\b"
                   rf"(?![,.]\d|[ºª/])")
        return [(f"{value} {unit}", re.compile(counted, re.IGNORECASE))]
    return []


#: Keys whose strings are names, codes, ids or values, not prose.
_NOT_PROSE = {"slug", "citation", "title", "place", "urn", "rules", "name", "unit", "value", "kind", "code",
              "rule", "count", "share", "default", "model", "start", "end", "basis", "not_parameter_values",
              "parameter", "example", "effect", "better", "than", "term_parameter", "enabling_law_from",
              "list_order"}


def _prose(node: object, path: str, holder: dict | None):
    """(dotted path, text, the table that holds it) of every prose string of the registry: messages, notes,
    labels, descriptions, the edital's texts, the simulation's words."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _NOT_PROSE and not (key == "name" and isinstance(value, str) and " " in value):
                continue
            if key.endswith(("_parameter", "_basis", "_warning", "_kind")):
                continue
            yield from _prose(value, f"{path}.{key}" if path else key, node)
    elif isinstance(node, list):
        for item in node:
            yield from _prose(item, path, holder if not isinstance(item, dict) else item)
    elif isinstance(node, str) and " " in node and holder is not None:
        yield path, node, holder


#: Quotations ("…" or “…”) are the text's or a source's own words, kept as written.
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')


def check_literal_values(f: Folder, reg: dict) -> None:
    """Prose that writes a parameter's value as text ("20%", "dez anos", "3 vagas") states the fact a second
    time, and goes stale when the parameter changes: it must name it, {parameter}. Every prose string of the
    registry is read (messages, notes, labels, descriptions, the edital's and the simulation's texts); the
    value is found by the parameter's unit, never by its name. Only parameters with one value have a
    placeholder (a dated change would make the sentence wrong for some dates). Quotations are left alone; a
    number that is another fact (a federal law's term, an extension's length) is declared in the table that
    holds the text: ``not_parameter_values = ["dez anos"]``."""
    name, text = "norma.toml", f.texts["norma.toml"]
    literals = []
    for p in reg.get("parameters", []) if isinstance(reg.get("parameters"), list) else []:
        values = p.get("values") if isinstance(p, dict) else None
        if isinstance(p.get("name") if isinstance(p, dict) else None, str) and isinstance(values, list)\
                and len(values) == 1 and isinstance(values[0], dict) and "value" in values[0]:
            literals += [(p["name"], shown, pattern)
                         for shown, pattern in _literals(p.get("unit"), values[0]["value"])]
    for where, prose, holder in _prose(reg, "", None):
        declared = holder.get("not_parameter_values", [])
        if not isinstance(declared, list) or not all(isinstance(x, str) for x in declared):
            f.add(name, f"{where}: not_parameter_values deve ser uma lista de textos", key_line(text, where))
            declared = []
        unquoted = _QUOTED.sub(" ", prose)
        for pname, _shown, pattern in literals:
            m = next((m for m in pattern.finditer(unquoted) if m.group(0) not in declared), None)
            if m is None:
                continue
            fragment = re.split(r'["\\]', prose)[0][:30]
            line = find_line(text, fragment) if fragment.strip() else None
            line = line or key_line(text, where)
            f.add(name, f"{where}: o texto escreve o valor do parâmetro {pname!r} como texto "
                        f"(“{m.group(0)}”); escreva {{{pname}}} no lugar, para o fato ficar num lugar só "
                        "(se o número é outro fato, declare-o: not_parameter_values = "
                        f"[\"{m.group(0)}\"])", line)
            break


