"""Find the references inside a norm's text and resolve them.

A reference is a chain of parts, smallest first ("inciso II do parágrafo anterior", "§ 2º do artigo 16
da Lei Complementar Municipal nº 1.745/23") or largest first ("Art. 1º, §4º"), optionally ending with
the norm it belongs to ("desta Lei", "deste Decreto", or another norm). Each one resolves to
  {"type": "internal", "id": "art1_par4"}                       a provision of the same norm,
  {"type": "external", "kind": "lei", "number": "8.213", ...}   another norm (and its provision), or
  None, with a `note` saying why (e.g. the cited provision does not exist). Nothing is guessed.
Mentions of the whole norm itself ("esta Lei", "deste Decreto" alone) are not references.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from calculator.ptbr import MONTHS
from laws.parser import Provision, label_for, roman_to_int

# Kinds of text in which references are searched (not the header, epígrafe, signatures, …).
SEARCHED_KINDS = {"ementa", "preambulo", "caput", "paragrafo", "inciso", "alinea", "nota"}

# One part of a provision's address: "inciso II", "§ 1º", "§4º", "parágrafo único", "parágrafo anterior",
# "caput" (also quoted), "artigo 8º", "Art. 1º", "deste artigo"/"neste artigo"/"este artigo".
PART = r"""(?:inciso\ [IVXLC]+ | §\ ?\d+º? | parágrafo\ (?:único|anterior) | "?caput"?
            | (?:artigo|[Aa]rt\.)\ \d+º? | (?:[dn]?este|esse)\ artigo)"""
DATE = r"(?P<day>\d{1,2})º?\ de\ (?P<month>" + "|".join(MONTHS) + r")\ de\ (?P<year>\d{4})"
# Another norm: "Lei Federal nº 8.213, de 24 de julho de 1991", "Lei nº 7.739/23" (not "Projeto de Lei nº …").
NORM = rf"""(?<!Projeto\ de\ )
    (?P<kind>Lei\ Complementar\ Municipal|Lei\ Complementar\ Federal|Lei\ Complementar|Lei\ Federal
           |Lei\ Municipal|Lei|Decreto\ Federal|Decreto\ Municipal|Decreto)
    \ nº:?\ ?(?P<number>\d{{1,3}}(?:\.\d{{3}})*)
    (?:/(?P<yy>\d{{4}}|\d{{2}})\b | ,\ de\ {DATE})?"""
# Parts chained by ", " / " do " / " da " / " ", then optionally the norm they belong to; or a norm alone.
# Matches with neither parts nor another norm (empty, or just "desta Lei") are skipped.
REFERENCE = re.compile(
    rf"""(?:(?<!\w)(?P<parts>{PART}(?:(?:,\ ?|\ d[oa]\ |\ ){PART})*)
             (?:\ (?:d[oa]\ )?(?=desta\ |deste\ |Lei\ |Decreto\ ))?)?
         (?:(?P<self>desta\ Lei|deste\ Decreto)|{NORM})?""",
    re.VERBOSE,
)
PART_RE = re.compile(PART, re.VERBOSE)


@dataclass
class Reference:
    from_id: str
    text: str
    start: int  # offsets in the text of provision `from_id`
    end: int
    target: dict | None
    note: str | None = None


def _parse_part(part: str) -> tuple[str, int]:
    """("art", 8) / ("par", 1) / ("par1u", 0) / ("parprev", 0) / ("cpt", 0) / ("inc", 2) / ("thisart", 0)."""
    if part.startswith("inciso"):
        return "inc", roman_to_int(part.split()[1])
    if part.startswith("§"):
        return "par", int(re.search(r"\d+", part).group())
    if part == "parágrafo único":
        return "par1u", 0
    if part == "parágrafo anterior":
        return "parprev", 0
    if "caput" in part:
        return "cpt", 0
    if part.endswith(" artigo"):
        return "thisart", 0
    return "art", int(re.search(r"\d+", part).group())


def _id_from_parts(parts: list[tuple[str, int]], here: Provision | None) -> tuple[str | None, str | None]:
    """Build a LexML id from the parts; `here` is the citing provision (for "deste artigo", "anterior").

    Returns (id, None) or (None, note) when the id cannot be determined.
    """
    kinds = dict(parts)
    article = None
    if "art" in kinds:
        article = f"art{kinds['art']}"
    elif here is not None:
        article = _ancestor(here, "artigo").id if _ancestor(here, "artigo") else None
    if article is None:
        return None, "não é possível saber a que artigo a remissão se refere"
    pid = article
    if "parprev" in kinds:
        paragraph = _ancestor(here, "paragrafo") if here else None
        if paragraph is None or not re.search(r"_par\d+$", paragraph.id) or paragraph.id.endswith("_par1"):
            return None, "não há parágrafo anterior ao dispositivo que faz a remissão"
        n = int(paragraph.id.rsplit("_par", 1)[1])
        pid = f"{article}_par{n - 1}"
    elif "par" in kinds:
        pid = f"{article}_par{kinds['par']}"
    elif "par1u" in kinds:
        pid = f"{article}_par1u"
    elif "cpt" in kinds or "inc" in kinds:
        pid = f"{article}_cpt"
    if "inc" in kinds:
        pid += f"_inc{kinds['inc']}"
    return pid, None


def _ancestor(p: Provision | None, kind: str) -> Provision | None:
    while p is not None and p.kind != kind:
        p = p.parent
    return p


def _year(m: re.Match, citing_year: int) -> int | None:
    if m.group("year"):
        return int(m.group("year"))
    yy = m.group("yy")
    if not yy or len(yy) == 4:
        return int(yy) if yy else None
    # "/23" is 2023 or 1923: the one not later than the citing norm itself.
    return 2000 + int(yy) if 2000 + int(yy) <= citing_year else 1900 + int(yy)


def _external(m: re.Match, provision: str | None, known: list[dict], citing_year: int) -> dict:
    words = m.group("kind")
    kind = "decreto" if words.startswith("Decreto") else (
        "lei.complementar" if "Complementar" in words else "lei")
    scope = "federal" if "Federal" in words else "municipal" if "Municipal" in words else None
    number, year = m.group("number"), _year(m, citing_year)
    target = {"type": "external", "kind": kind, "number": number, "year": year, "scope": scope,
              "provision": provision}
    date = None
    if m.group("day"):
        date = f"{year:04d}-{MONTHS.index(m.group('month')) + 1:02d}-{int(m.group('day')):02d}"
    # Facts the text does not state here (scope, URN) come from the norm's curated list in meta.toml.
    for entry in known:
        if (entry.get("kind"), entry.get("number"), entry.get("year")) == (kind, number, year):
            target["scope"] = scope or entry.get("scope")
            if entry.get("urn"):
                target["urn"] = entry["urn"]
            date = date or entry.get("date")
            break
    if date:
        target["date"] = date
    name = {"lei": "Lei", "lei.complementar": "Lei Complementar", "decreto": "Decreto"}[kind]
    qualifier = {"federal": " Federal", "municipal": " Municipal", None: ""}[target["scope"]]
    label = f"{name}{qualifier} nº {number}" + (f"/{year}" if year else "")
    if provision:
        label += ", " + label_for(provision)
    target["label"] = label
    return target


def find_references(provisions: list[Provision], citing_year: int, known: list[dict] | None = None,
                    ids: set[str] | None = None) -> list[Reference]:
    """All references in the provisions (pre-order), resolved against `ids` (the norm's own ids).

    `citing_year` is the year of the citing norm (to read two-digit years); `known` is the curated
    list of cited norms from meta.toml (adds scope/URN that the citing words do not state).
    """
    known = known or []
    ids = ids if ids is not None else {p.id for top in provisions for p in top.walk()}
    refs = []
    for top in provisions:
        for p in top.walk():
            if p.kind not in SEARCHED_KINDS:
                continue
            start = len(p.marker)  # the provision's own marker ("Art. 2º") is not a reference
            for m in REFERENCE.finditer(p.text, start):
                if m.group("parts") or m.group("kind"):
                    refs.append(_resolve(p, m, known, ids, citing_year))
    return refs


def _resolve(p: Provision, m: re.Match, known: list[dict], ids: set[str], citing_year: int) -> Reference:
    text = m.group().rstrip()
    ref = Reference(p.id, text, m.start(), m.start() + len(text), None)
    parts = [_parse_part(s.strip('"')) for s in PART_RE.findall(m.group("parts") or "")]
    if m.group("kind"):  # another norm
        provision = None
        if parts:
            provision, note = _id_from_parts(parts, None)
            if provision is None:
                ref.note = note
                return ref
        ref.target = _external(m, provision, known, citing_year)
        return ref
    pid, note = _id_from_parts(parts, p)
    if pid is None:
        ref.note = note
    elif pid in ids:
        ref.target = {"type": "internal", "id": pid}
    else:
        article = pid.split("_")[0]
        ref.note = f"o dispositivo citado ({label_for(pid)}) não existe nesta norma"
        if f"{article}_par1u" in ids:
            ref.note += f"; o {label_for(article)} tem apenas parágrafo único"
    return ref

