"""Facts written once, in norma.toml, that the law pages also need.

The calculator reads a norm's registry (norma.toml) alone, in Python and in the browser, so the facts it
applies and names live there: the short citation, the place, the LexML URN, the date the norm took effect when
the text gives it, the term and its extension, and the provision that spares editais already published.
meta.toml (the norm's metadata for its pages, LexML, JSON-LD and the ABNT reference) does not write them
again: the corpus loader takes them from the registry (``complete_meta``), and ``laws check`` refuses a
meta.toml that restates one (``RESTATED``), naming where it is written."""

from __future__ import annotations

import copy

#: meta.toml keys that are taken from norma.toml, with where norma.toml writes each (for laws check).
RESTATED = {
    ("title",): "citation",
    ("urn",): "urn",
    ("municipality",): 'place ("Município/UF")',
    ("state",): 'place ("Município/UF")',
    ("entry_into_force", "date"): "validity.start (com start_presumed = false)",
    ("term", "years"): "o parâmetro que validity.term_parameter nomeia ([[parameters]])",
    ("term", "extension", "years"): "validity.extension years",
    ("term", "extension", "date"): "validity.extension start",
    ("transition", "provision"): "validity.transition_basis",
}


def term_years(registry: dict) -> int | None:
    """The term in years: the first value of the parameter validity.term_parameter names (None without)."""
    name = (registry.get("validity") or {}).get("term_parameter")
    for parameter in registry.get("parameters", []):
        if isinstance(parameter, dict) and parameter.get("name") == name and parameter.get("values"):
            value = parameter["values"][0]
            return value.get("value") if isinstance(value, dict) else None
    return None


def split_place(place: object) -> tuple[str, str] | None:
    """ "Ubatuba/SP" -> ("Ubatuba", "SP"); None when place is not "Município/UF"."""
    if not isinstance(place, str):
        return None
    municipality, slash, state = place.rpartition("/")
    if not slash or not municipality.strip() or not state.isalpha() or not state.isupper() or len(state) != 2:
        return None
    return municipality, state


def complete_meta(meta: dict, registry: dict) -> dict:
    """meta.toml's data with the facts of RESTATED filled in from the registry (a new dict).

    Only what the registry states is filled: [term] and [transition] keep their quotation and provision in
    meta.toml, and get years or the provision only where meta.toml has the table (a norm without a term has
    neither)."""
    out = copy.deepcopy(meta)
    validity = registry.get("validity") if isinstance(registry.get("validity"), dict) else {}
    if isinstance(registry.get("citation"), str):
        out["title"] = registry["citation"]
    if isinstance(registry.get("urn"), str):
        out["urn"] = registry["urn"]
    if (place := split_place(registry.get("place"))) is not None:
        out["municipality"], out["state"] = place
    if validity.get("start_presumed") is False and isinstance(validity.get("start"), str):
        if isinstance(out.get("entry_into_force"), dict):
            out["entry_into_force"]["date"] = validity["start"]
    term = out.get("term")
    if isinstance(term, dict):
        years = term_years(registry)
        if years is not None:
            term["years"] = years
        extension = validity.get("extension")
        if isinstance(term.get("extension"), dict) and isinstance(extension, dict):
            term["extension"]["years"] = extension.get("years")
            term["extension"]["date"] = extension.get("start")
    basis = validity.get("transition_basis")
    if isinstance(out.get("transition"), dict) and isinstance(basis, list) and basis:
        out["transition"]["provision"] = basis[0]
    return out


def restated(meta: dict) -> list[tuple[tuple[str, ...], str]]:
    """The keys of RESTATED that meta.toml writes, with where norma.toml has them."""
    found = []
    for path, source in RESTATED.items():
        node: object = meta
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if node is not None:
            found.append((path, source))
    return found
