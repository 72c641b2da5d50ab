"""Turn a norm's verbatim text into a tree of provisions with LexML ids (laws/parser.py re-exports it for the
corpus tools; it lives in the calculator, standard library only, so the edital's report quotes provisions in
Pyodide too).

The text is read line by line; every non-blank line becomes one node whose `text` is the line
itself (verbatim, marker included: "Art. 1º - Para…") and whose `tail` is the line break(s) that
follow it. Container nodes (`artigo`) have empty text and tail, so joining `text + tail` over the
nodes in document order gives the original text back byte for byte.

Ids follow LexML: art1, art1_cpt, art1_cpt_inc1, art1_cpt_inc1_ali1, art1_par1, art1_par1u,
art1_par1u_inc2. Parts outside the articles get plain ids: cabecalho1, epigrafe, nota1, ementa,
preambulo, fecho, assinatura1, registro1, aviso. A note at the end of a line, such as
"(Prazo prorrogado … pela Lei nº 2.189 …)", becomes a child node `<parent>_nota1`.

The closing lines (after the place and date) are read from what meta.toml declares (:class:`Closing`): the
source notice (``disclaimer``) and each signature (``[[signatories]]`` name and office, either may be
absent). A closing line that is neither declared nor a registration line is refused, never merged into a
signature.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from calculator.labels import label

KINDS = (
    "cabecalho", "nota", "epigrafe", "ementa", "preambulo", "artigo", "caput", "paragrafo",
    "inciso", "alinea", "fecho", "assinatura", "registro", "aviso",
)


class ParseError(ValueError):
    """The text does not have the structure the parser expects (message says where)."""


@dataclass(eq=False)
class Provision:
    id: str
    kind: str
    text: str = ""
    tail: str = ""
    marker: str = ""  # the leading marker inside `text`, e.g. "Art. 1º -", "§ 2º", "I -", "Parágrafo único."
    children: list[Provision] = field(default_factory=list, repr=False)
    parent: Provision | None = field(default=None, repr=False)

    @property
    def label(self) -> str:
        return label_for(self.id)

    @property
    def body(self) -> str:
        """The text without its marker (for display)."""
        return self.text[len(self.marker):].lstrip()

    def add(self, child: Provision) -> Provision:
        child.parent = self
        self.children.append(child)
        return child

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


# --- line patterns -------------------------------------------------------------------------
ARTICLE = re.compile(r"Art\. (?P<n>\d+)º?(?: -)?")
PARAGRAPH = re.compile(r"§ (?P<n>\d+)º?(?: -)?")
SOLE_PARAGRAPH = re.compile(r"Parágrafo [úÚ]nico(?:\.| -)")
INCISO = re.compile(r"(?P<n>[IVXLCDM]+) -")
ALINEA = re.compile(r"(?P<n>[a-z])\)")
EPIGRAFE = re.compile(r"(LEI|DECRETO|LEI COMPLEMENTAR) Nº")
REGISTRO = re.compile(r"(Registrad[oa]|Publicad[oa]) ")
AVISO = re.compile(r"Este (texto|conteúdo) não substitui")
# A trailing parenthetical note that mentions a norm, e.g. "(Prazo prorrogado … pela Lei nº 2.189 …)".
TRAILING_NOTE = re.compile(r"(?P<sep>\s+)(?P<note>\([^()]*\b(?:Lei|Decreto)\b[^()]*\))$")
WHOLE_NOTE = re.compile(r"\(.*\)")

ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


@dataclass(frozen=True)
class Closing:
    """The closing lines meta.toml declares: the source notice's line and each signature's lines."""

    disclaimer: str | None = None
    signatures: tuple[tuple[str, ...], ...] = ()


def closing_of(meta: dict) -> Closing:
    """The :class:`Closing` of a meta.toml (``disclaimer``; ``[[signatories]]`` ``name``/``office``)."""
    signatures = []
    for entry in meta.get("signatories") or ():
        if isinstance(entry, dict):
            lines = tuple(entry[k] for k in ("name", "office") if isinstance(entry.get(k), str) and entry[k])
            if lines:
                signatures.append(lines)
    disclaimer = meta.get("disclaimer")
    return Closing(disclaimer if isinstance(disclaimer, str) and disclaimer else None, tuple(signatures))


def roman_to_int(s: str) -> int:
    total = 0
    for i, ch in enumerate(s):
        value = ROMAN[ch]
        total += -value if i + 1 < len(s) and ROMAN[s[i + 1]] > value else value
    return total


# --- labels ----------------------------------------------------------------------------------
def label_for(pid: str) -> str:
    """Brazilian citation label of an id: art2_par3 → "art. 2º, § 3º"; art6_cpt_inc4 → "art. 6º, inciso IV".

    One grammar for the corpus, the calculator and the page: calculator/labels.py (standard library, so it
    also runs in Pyodide); here an id outside the grammar is an error, never a label.
    """
    return label(pid, strict=True)


# --- parsing ---------------------------------------------------------------------------------
def _lines(text: str):
    """Yield (line, tail) pairs: each non-blank line and the line breaks (with blank lines) after it."""
    for m in re.finditer(r"([^\n]+)(\n*)", text):
        yield m.group(1), m.group(2)
    # A text starting with blank lines would lose them; the seeds never do, and parse() checks.


def _split_note(node: Provision, tail: str, pid: str) -> None:
    """Move a trailing "(… Lei nº … )" out of node.text into a child `nota` node."""
    m = TRAILING_NOTE.search(node.text)
    if not m:
        node.tail = tail
        return
    node.text, node.tail = node.text[:m.start()], m.group("sep")
    node.add(Provision(f"{pid}_nota1", "nota", m.group("note"), tail))


def _count(parent: Provision, kind: str) -> int:
    return sum(c.kind == kind for c in parent.children)


def _expect(n: int, expected: int, what: str, line: str) -> None:
    if n != expected:
        raise ParseError(f"numeração inesperada: {what} {n}, esperado {expected}: {line[:60]!r}")


def parse(text: str, closing: Closing | None = None) -> list[Provision]:
    """Return the top-level provisions of `text` in document order.  With ``closing`` (meta.toml's
    declaration, :func:`closing_of`) the closing lines must be the ones declared; without it they are
    guessed (consecutive lines after the place and date form a signature)."""
    top: list[Provision] = []
    lines = list(_lines(text))
    first_article = next((i for i, (ln, _) in enumerate(lines) if ARTICLE.match(ln)), None)
    if first_article is None:
        raise ParseError("nenhum artigo encontrado")

    top += _opening(lines[:first_article])

    # Articles: every line starts with a marker until the closing parts begin.
    article = container = inciso = None
    i = first_article
    while i < len(lines):
        ln, tail = lines[i]
        if m := ARTICLE.match(ln):
            n = int(m.group("n"))
            _expect(n, sum(p.kind == "artigo" for p in top) + 1, "art.", ln)
            article = Provision(f"art{n}", "artigo")
            top.append(article)
            container = article.add(Provision(f"art{n}_cpt", "caput", ln, marker=m.group()))
            _split_note(container, tail, container.id)
            inciso = None
        elif article is not None and (m := PARAGRAPH.match(ln)):
            n = int(m.group("n"))
            _expect(n, _count(article, "paragrafo") + 1, "§", ln)
            container = article.add(Provision(f"{article.id}_par{n}", "paragrafo", ln, marker=m.group()))
            _split_note(container, tail, container.id)
            inciso = None
        elif article is not None and (m := SOLE_PARAGRAPH.match(ln)):
            if _count(article, "paragrafo"):
                raise ParseError(f"parágrafo único depois de outro parágrafo: {ln[:60]!r}")
            container = article.add(Provision(f"{article.id}_par1u", "paragrafo", ln, marker=m.group()))
            _split_note(container, tail, container.id)
            inciso = None
        elif container is not None and (m := INCISO.match(ln)):
            n = roman_to_int(m.group("n"))
            _expect(n, _count(container, "inciso") + 1, "inciso", ln)
            inciso = container.add(Provision(f"{container.id}_inc{n}", "inciso", ln, marker=m.group()))
            _split_note(inciso, tail, inciso.id)
        elif inciso is not None and (m := ALINEA.match(ln)):
            n = ord(m.group("n")) - ord("a") + 1
            _expect(n, _count(inciso, "alinea") + 1, "alínea", ln)
            alinea = inciso.add(Provision(f"{inciso.id}_ali{n}", "alinea", ln, marker=m.group()))
            _split_note(alinea, tail, alinea.id)
        else:
            break
        i += 1

    # Closing parts: place and date, then signatures, registration notes and the disclaimer.
    declared, closing = closing, lines[i:]
    if not closing:
        raise ParseError("fecho (local e data) não encontrado")
    top.append(Provision("fecho", "fecho", *closing[0]))
    if declared is not None:
        top += _declared_closing(closing[1:], declared)
    else:
        top += _guessed_closing(closing[1:])
    if "".join(p.text + p.tail for node in top for p in node.walk()) != text:
        raise ParseError("o texto reconstruído difere do original")
    return top


def _opening(opening: list[tuple[str, str]]) -> list[Provision]:
    """The opening parts: header lines, epígrafe, notes, ementa, enacting clause."""
    top: list[Provision] = []
    epigrafe = next((i for i, (ln, _) in enumerate(opening) if EPIGRAFE.match(ln)), None)
    if epigrafe is None:
        raise ParseError("epígrafe não encontrada")
    rest = [(ln, t) for ln, t in opening[epigrafe + 1:] if not WHOLE_NOTE.fullmatch(ln)]
    if len(rest) != 2:
        raise ParseError("esperadas ementa e preâmbulo entre a epígrafe e o art. 1º")
    for i, (ln, t) in enumerate(opening[:epigrafe], 1):
        top.append(Provision(f"cabecalho{i}", "cabecalho", ln, t))
    top.append(Provision("epigrafe", "epigrafe", *opening[epigrafe]))
    notes = 0
    for ln, t in opening[epigrafe + 1:]:
        if WHOLE_NOTE.fullmatch(ln):
            notes += 1
            top.append(Provision(f"nota{notes}", "nota", ln, t))
        else:
            kind = "ementa" if not any(p.kind == "ementa" for p in top) else "preambulo"
            top.append(Provision(kind, kind, ln, t))

    return top


def _guessed_closing(lines: list[tuple[str, str]]) -> list[Provision]:
    """Signatures, registration notes and the disclaimer, from the lines' wording alone."""
    out: list[Provision] = []
    signatures = registrations = 0
    previous = None
    for ln, t in lines:
        if AVISO.match(ln):
            previous = None
            out.append(Provision("aviso", "aviso", ln, t))
        elif REGISTRO.match(ln):
            registrations += 1
            out.append(Provision(f"registro{registrations}", "registro", ln, t))
            previous = None
        elif previous is not None:
            # Consecutive signature lines (name, then office) form one node.
            previous.text += previous.tail + ln
            previous.tail = t
        else:
            signatures += 1
            previous = Provision(f"assinatura{signatures}", "assinatura", ln, t)
            out.append(previous)
    return out


def _declared_closing(lines: list[tuple[str, str]], declared: Closing) -> list[Provision]:
    """Signatures, registration notes and the disclaimer as meta.toml declares them, in the text's order."""
    out: list[Provision] = []
    pending = list(declared.signatures)
    registrations = 0
    i = 0
    while i < len(lines):
        ln, t = lines[i]
        if declared.disclaimer is not None and ln == declared.disclaimer:
            if any(p.kind == "aviso" for p in out):
                raise ParseError(f"aviso da fonte repetido: {ln[:60]!r}")
            out.append(Provision("aviso", "aviso", ln, t))
        elif pending and ln == pending[0][0]:
            sig = pending.pop(0)
            got = lines[i:i + len(sig)]
            if [g for g, _ in got] != list(sig):
                raise ParseError(f"assinatura incompleta: depois de {ln[:60]!r} o texto não traz as linhas "
                                 f"declaradas em meta.toml ([[signatories]]: {' / '.join(sig)})")
            n = len(declared.signatures) - len(pending)
            text = "".join(g + (gt if k < len(got) - 1 else "") for k, (g, gt) in enumerate(got))
            out.append(Provision(f"assinatura{n}", "assinatura", text, got[-1][1]))
            i += len(sig)
            continue
        elif REGISTRO.match(ln):
            registrations += 1
            out.append(Provision(f"registro{registrations}", "registro", ln, t))
        else:
            raise ParseError(
                f"linha final não declarada: {ln[:60]!r}. Em meta.toml, declare-a: se é o aviso da fonte, "
                "disclaimer = \"<a linha inteira>\"; se é uma assinatura, um [[signatories]] com name "
                "(a linha do nome) e office (a do cargo), um deles se o texto não traz o outro, na ordem do "
                "texto")
        i += 1
    if pending:
        raise ParseError(f"assinatura declarada em meta.toml não encontrada no texto, na ordem declarada: "
                         f"{pending[0][0][:60]!r}")
    if declared.disclaimer is not None and not any(p.kind == "aviso" for p in out):
        raise ParseError(f"o aviso da fonte declarado em meta.toml (disclaimer) não é uma linha final do "
                         f"texto: {declared.disclaimer[:60]!r}")
    return out
