"""A norm as one LexML Brasil XML document (schema: laws/schema/lexml/lexml-br-rigido.xsd).

    LexML
      Metadado       Identificacao URN; Notas: what the source prints that is not the norm's text
                     (the gazette's header, a legislative-process note, registration lines, the disclaimer)
      Norma          xml:lang="pt-BR"
        ParteInicial Epigrafe, Ementa, Preambulo
        Articulacao  Artigo (Rotulo) / Caput, Paragrafo, Inciso, Alinea (Rotulo, p), ids of the corpus
        ParteFinal   LocalDataFecho, Assinatura (NomePessoa, Cargo)

Every line of texto.txt stands whole in one element: a provision's line is its Rotulo, one space and
its p; a note printed at the end of a line (Quissamã's art. 5º "(Prazo prorrogado …)") stays inside the
p as <EmLinha nome="nota-do-compilador">. The rigid schema has no element for notes in ParteFinal, so the
registration lines and the disclaimer are Metadado notes (class says which); `lines()` reads the lines
back by id. References found in the text become <Remissao xlink:href="URN[!id]"> where the target's URN
is known; unresolved ones and norms without a known URN stay plain text (nothing is guessed).

Written with the standard library (xml.etree) so the corpus needs nothing else; only validation uses
lxml (see `validate`).
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from pathlib import Path

from laws.corpus import LAWS_DIR, Norm
from laws.parser import Provision

NS = "http://www.lexml.gov.br/1.0"
XLINK = "http://www.w3.org/1999/xlink"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SCHEMA = LAWS_DIR / "schema" / "lexml" / "lexml-br-rigido.xsd"

ELEMENTS = {"caput": "Caput", "paragrafo": "Paragrafo", "inciso": "Inciso", "alinea": "Alinea"}
# Lines outside the norm's own text, kept as Metadado notes: class attribute and a pt-BR title.
NOTE_CLASSES = {
    "cabecalho": ("cabecalho-da-publicacao", "Cabeçalho da publicação oficial; não é texto da norma"),
    "nota": ("nota-da-publicacao", "Nota impressa na publicação; não é texto da norma"),
    "registro": ("registro", "Registro e publicação do ato; não é texto da norma"),
    "aviso": ("aviso-da-fonte", "Aviso da fonte; não é texto da norma"),
}
# Ubatuba's "(Autógrafo nº 22/14, Projeto de Lei nº 26/14, Mensagem nº 19/14)", known from meta.toml.
LEGISLATIVE_PROCESS = ("processo-legislativo", "Processo legislativo (autógrafo, projeto de lei, mensagem) "
                       "impresso na publicação; não é texto da norma")
# A note at the end of a provision's line (Quissamã, art. 5º: "(Prazo prorrogado … pela Lei nº 2.189 …)")
# was added by whoever compiled the copy: a 2012 law cannot speak of a 2022 one.
INLINE_NOTE = "nota-do-compilador"
# Elements whose text is the law's own characters: never indented (whitespace there would be content).
_MIXED = {"p", "Epigrafe", "Ementa", "Rotulo", "NomePessoa", "Cargo", "EmLinha", "Remissao"}

ET.register_namespace("xlink", XLINK)


def _local(el: ET.Element) -> str:
    return el.tag.rpartition("}")[2]


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    # Tags are written without a namespace: the root's xmlns attribute puts them all in LexML's.
    el = ET.SubElement(parent, tag, {k: v for k, v in attrs.items() if v is not None})
    if text is not None:
        el.text = text
    return el


def _append_text(el: ET.Element, text: str) -> None:
    """Add text at the end of el's mixed content (after its last child, if any)."""
    if not text:
        return
    if len(el):
        el[-1].tail = (el[-1].tail or "") + text
    else:
        el.text = (el.text or "") + text


def _href(norm: Norm, target: dict | None) -> str | None:
    if target is None:
        return None
    if target["type"] == "internal":
        return f"{norm.urn}!{target['id']}"
    if target.get("urn"):
        return target["urn"] + (f"!{target['provision']}" if target.get("provision") else "")
    return None  # a norm outside the corpus whose date (hence URN) the text does not give


def _inline(norm: Norm, el: ET.Element, prov: Provision, start: int) -> None:
    """prov.text[start:] into el, with <Remissao> around each reference whose target has a URN."""
    pos = start
    refs = sorted((r for r in norm.references if r.from_id == prov.id and r.start >= start),
                  key=lambda r: r.start)
    for r in refs:
        href = _href(norm, r.target)
        if href is None or r.start < pos:
            continue
        _append_text(el, prov.text[pos:r.start])
        link = ET.SubElement(el, "Remissao", {f"{{{XLINK}}}href": href})
        link.text = r.text
        pos = r.end
    _append_text(el, prov.text[pos:])


def _body_start(prov: Provision) -> int:
    """Where the text after the marker starts; the marker and the body are separated by one space."""
    if not prov.marker:
        return 0
    rest = prov.text[len(prov.marker):]
    if not rest.startswith(" ") or rest[1:2].isspace():
        raise ValueError(f"{prov.id}: esperado um espaço entre o rótulo e o texto")
    return len(prov.marker) + 1


def _paragraph(norm: Norm, parent: ET.Element, prov: Provision) -> ET.Element:
    """One <p> with the provision's body, and the notes printed at the end of its line."""
    p = _sub(parent, "p")
    _inline(norm, p, prov, _body_start(prov))
    for child in prov.children:
        if child.kind == "nota":
            _append_text(p, prov.tail)  # the space between the text and the note, part of the line
            note = ET.SubElement(p, "EmLinha", {"nome": INLINE_NOTE, "id": child.id})
            _inline(norm, note, child, 0)
    return p


def _device(norm: Norm, parent: ET.Element, prov: Provision) -> None:
    el = _sub(parent, ELEMENTS[prov.kind], id=prov.id)
    if prov.kind != "caput":
        _sub(el, "Rotulo", prov.marker)
    _paragraph(norm, el, prov)
    for child in prov.children:
        if child.kind in ELEMENTS:
            _device(norm, el, child)


def document(norm: Norm) -> ET.Element:
    root = ET.Element("LexML", {"xmlns": NS})
    meta = _sub(root, "Metadado")
    _sub(meta, "Identificacao", URN=norm.urn)
    notes = [p for p in norm.provisions if p.kind in NOTE_CLASSES]
    if notes:
        box = _sub(meta, "Notas")
        for prov in notes:
            css, title = NOTE_CLASSES[prov.kind]
            if prov.id == norm.meta.get("legislative_process", {}).get("provision"):
                css, title = LEGISLATIVE_PROCESS
            _sub(_sub(box, "Nota", id=prov.id, **{"class": css, "title": title}), "p", prov.text)
    body = _sub(root, "Norma", **{XML_LANG: "pt-BR"})
    initial = _sub(body, "ParteInicial")
    articles = _sub(body, "Articulacao")
    final = _sub(body, "ParteFinal")
    last_inline = None  # the element holding the previous line: a note below it is referenced there
    signatures: list[Provision] = []
    for prov in norm.provisions:
        if prov.kind == "epigrafe":
            last_inline = _sub(initial, "Epigrafe", prov.text, id=prov.id)
        elif prov.kind == "ementa":
            last_inline = _sub(initial, "Ementa", id=prov.id)
            _inline(norm, last_inline, prov, 0)
        elif prov.kind == "preambulo":
            last_inline = _paragraph(norm, _sub(initial, "Preambulo", id=prov.id), prov)
        elif prov.kind == "nota" and last_inline is not None:
            ET.SubElement(last_inline, "NotaReferenciada", {"nota": prov.id})
        elif prov.kind == "artigo":
            caput = prov.children[0]
            article = _sub(articles, "Artigo", id=prov.id)
            _sub(article, "Rotulo", caput.marker)
            for child in prov.children:
                _device(norm, article, child)
        elif prov.kind == "fecho":
            _sub(_sub(final, "LocalDataFecho", id=prov.id), "p", prov.text)
        elif prov.kind == "assinatura":
            signatures.append(prov)
    declared = [s for s in norm.meta.get("signatories") or () if isinstance(s, dict)]
    for n, prov in enumerate(signatures):
        # A signature is the name line, then the office line(s), as printed; meta.toml says when the text
        # prints no name (the schema requires NomePessoa: it stays empty rather than holding the office).
        unnamed = n < len(declared) and not declared[n].get("name")
        lines_ = [ln for ln in prov.text.split("\n") if ln.strip()]
        name, offices = ("", lines_) if unnamed else (lines_[0], lines_[1:])
        sig = _sub(final, "Assinatura")
        _sub(sig, "NomePessoa", name)
        for office in offices:
            _sub(sig, "Cargo", office)
    _indent(root)
    return root


def _indent(el: ET.Element, level: int = 0) -> None:
    """Pretty-print the structure without touching the text of the law (see _MIXED)."""
    if _local(el) in _MIXED or not len(el):
        return
    pad = "\n" + "  " * (level + 1)
    el.text = pad
    for child in el:
        _indent(child, level + 1)
        child.tail = pad
    el[-1].tail = "\n" + "  " * level


def to_xml(norm: Norm) -> str:
    """The document as text (UTF-8 when encoded), ending in a newline; the same bytes on every run."""
    body = ET.tostring(document(norm), encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


# --------------------------------------------------------------------------- reading back


def _child(el: ET.Element, name: str) -> ET.Element:
    return next(c for c in el if _local(c) == name)


def lines(root: ET.Element) -> dict[str, str]:
    """{corpus id: its line} read from a document: how every line of texto.txt is found in the XML.

    Signatures have no id in the schema; they come back as assinatura1, assinatura2… in order, their
    lines joined by "\\n". A note printed at the end of a line is part of its parent's line."""
    out: dict[str, str] = {}
    for el in root.iter():
        name, pid = _local(el), el.get("id")
        if name in ("Epigrafe", "Ementa"):
            out[pid] = "".join(el.itertext())
        elif name in ("Nota", "Preambulo", "LocalDataFecho"):
            out[pid] = "".join(_child(el, "p").itertext())
        elif name == "Artigo":  # the caput's line starts with the article's label
            caput = _child(el, "Caput")
            out[caput.get("id")] = f"{_child(el, 'Rotulo').text} " + "".join(_child(caput, "p").itertext())
        elif name in ("Paragrafo", "Inciso", "Alinea"):
            out[pid] = f"{_child(el, 'Rotulo').text} " + "".join(_child(el, "p").itertext())
    signatures = [el for el in root.iter() if _local(el) == "Assinatura"]
    for n, sig in enumerate(signatures, 1):
        out[f"assinatura{n}"] = "\n".join(child.text for child in sig if child.text)
    return out


# --------------------------------------------------------------------------- validation


@functools.cache
def _schema(path: Path):
    from lxml import etree

    # no_network: the schema and its imports are the local copies, never fetched
    return etree.XMLSchema(etree.parse(str(path), etree.XMLParser(no_network=True)))


def validate(xml: str | bytes, schema: Path = SCHEMA) -> list[str]:
    """Errors of the document against the rigid LexML schema ([] when valid). Needs lxml."""
    from lxml import etree

    xsd = _schema(schema)
    data = xml.encode("utf-8") if isinstance(xml, str) else xml
    doc = etree.fromstring(data)
    if xsd.validate(doc):
        return []
    return [f"linha {e.line}: {e.message}" for e in xsd.error_log]
