"""schema.org `Legislation` metadata of a norm (JSON-LD), from the corpus and its meta.toml.

The legal force is not decided here: the caller passes the result of the calculator's validity rule for
a date (does the norm apply, from when, until when), so the page, the calculator and this metadata give
one answer. That date goes in ``sdDatePublished`` (when the status was evaluated) and the period the rule
gives goes in ``temporalCoverage`` (ISO 8601 interval, ".." when the text sets no end).

URLs are relative to the norm's page ("ubatuba.html#art2"): the site works under any sub-path, and
JSON-LD resolves them against the page's address.
"""

from __future__ import annotations

import json
from datetime import date

from calculator.ptbr import format_long_date
from laws.corpus import Norm
from laws.parser import label_for

SCHEMA_ORG = "https://schema.org"
STATES = {"SP": "São Paulo", "RJ": "Rio de Janeiro"}
TYPES = {"lei": "Lei", "decreto": "Decreto", "lei.complementar": "Lei Complementar"}

def long_date(iso: str) -> str:
    """2014-06-16 → "16 de junho de 2014" (Brazilian legal style: "1º" for the first day)."""
    return format_long_date(date.fromisoformat(iso))


def formal_name(norm: Norm) -> str:
    """ "Lei nº 3.765, de 16 de junho de 2014": kind, number and date, as a law names another."""
    kind = TYPES.get(norm.meta["kind"], norm.meta["kind"].capitalize())
    return f"{kind} nº {norm.meta['number']}, de {long_date(norm.meta['date'])}"


def jurisdiction(norm: Norm) -> dict:
    state = norm.meta["state"]
    return {"@type": "AdministrativeArea", "name": norm.meta["municipality"],
            "containedInPlace": {"@type": "AdministrativeArea", "name": STATES.get(state, state),
                                 "identifier": f"BR-{state}"}}


def cited(entry: dict) -> dict:
    out = {"@type": "Legislation", "name": entry["label"],
           "legislationType": TYPES.get(entry["kind"], entry["kind"])}
    if entry.get("urn"):
        out["legislationIdentifier"] = entry["urn"]
    if entry.get("date"):
        out["legislationDate"] = entry["date"]
    if entry.get("provisions"):
        out["description"] = "Dispositivos citados: " + "; ".join(label_for(p) for p in entry["provisions"])
    return out


def legislation(norm: Norm, page: str, *, in_force: bool | None, start: str | None, last_day: str | None,
                on: str) -> dict:
    """The Legislation node of `norm`, shown on `page` (file name), with its legal force on date `on`.

    in_force None (the rule cannot tell from the corpus) leaves legislationLegalForce out: schema.org has
    no "unknown", and a guess would claim more than the text gives."""
    data = {
        "@context": SCHEMA_ORG,
        "@type": "Legislation",
        "url": page,
        "legislationIdentifier": norm.urn,
        "name": formal_name(norm),
        "alternateName": norm.title,
        "description": norm.meta["ementa"],
        "legislationDate": norm.meta["date"],
        "legislationJurisdiction": jurisdiction(norm),
        "legislationType": TYPES.get(norm.meta["kind"], norm.meta["kind"]),
        "sdDatePublished": on,
        "inLanguage": "pt-BR",
    }
    if in_force is not None:
        data["legislationLegalForce"] = f"{SCHEMA_ORG}/{'InForce' if in_force else 'NotInForce'}"
    if start:
        data["temporalCoverage"] = f"{start}/{last_day or '..'}"
    if norm.meta.get("publication", {}).get("date"):
        data["datePublished"] = norm.meta["publication"]["date"]
    if norm.meta.get("cites"):
        data["citation"] = [cited(c) for c in norm.meta["cites"]]
    data["hasPart"] = [
        {"@type": "Legislation", "name": norm.citation(p.id),
         "legislationIdentifier": norm.provision_urn(p.id), "url": f"{page}#{p.id}"}
        for p in norm.provisions if p.kind == "artigo"
    ]
    return data


def script(data: dict) -> str:
    """A <script type="application/ld+json"> block: one line, same bytes every time, and no "<", ">" or
    "&" inside (escaped as \\u003c… in the JSON strings) so the HTML parser never ends it early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/ld+json">{text}</script>'
