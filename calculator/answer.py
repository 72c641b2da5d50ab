"""What every answer is made of: steps and warnings, each with its basis (provision ids such as
``ubatuba:art2_par3``) and the kind of that basis, and the list of every provision an answer cites."""

from __future__ import annotations

import re

#: Kinds of basis a step or warning can have ("basis_kind"):
#: "dispositivo" — the provisions in ``basis`` support it;
#: "sem_base_no_corpus" — the rule it applies has no provision in the corpus (``basis`` is empty: no
#:   merely nearby provision is cited instead); the text says "sem base no corpus";
#: "nota_de_compilacao" — ``basis`` includes a note printed in the source by whoever compiled it
#:   (Quissamã's "(Prazo prorrogado…)" to art. 5º): the step rests on that note, not only on provisions;
#: "dado" — a fact of the input or plain arithmetic, not a legal rule.
BASIS_KINDS = ("dispositivo", "sem_base_no_corpus", "nota_de_compilacao", "dado")
NO_BASIS = "sem base no corpus"
#: A compilation note's id (calculator/norms/provisions.py: "<parent>_nota1"), with or without "slug:".
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


def beside_number(res: dict) -> list[dict]:
    """A reserve's warnings; where the headline carries a reading that changes the count (its
    ``headline_count`` or ``headline_note``), the interpretations are marked "beside": the page shows
    them beside the number, not folded."""
    if not (res.get("headline_count") or res.get("headline_note")):
        return list(res["warnings"])
    return [{**w, "beside": True} if w["kind"] == "interpretacao" else w for w in res["warnings"]]


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


#: The version of the answers' shape (the JSON Schemas of calculator/answer_schema.py describe it): raised
#: when a field is removed or changes meaning, so a program that reads the answers can tell.
SCHEMA_VERSION = "1"


def identity(rules) -> dict:
    """The norm an answer is about, as every answer names it (``rules``: the norm's rules object): its slug,
    title, citation and LexML URN, with the version of the answer's shape and of the package that computed
    it (``calculator.VERSION``: an answer kept in a file says which release gave it)."""
    # imported here, not at the top: calculator/__init__.py imports this module before it sets VERSION
    from calculator import VERSION

    return {"norm": rules.slug, "norm_title": rules.title, "norm_citation": rules.citation,
            "norm_urn": rules.registry.urn, "schema_version": SCHEMA_VERSION, "calculator_version": VERSION}
