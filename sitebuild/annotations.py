"""An annotation of a norm folder (laws/<slug>/anotacoes.toml) as HTML the folder cannot turn into code.

A norm folder is untrusted data. Its notes are Markdown, rendered here, not by the site's MkDocs pipeline
(which passes raw HTML, attribute lists and file snippets through): raw HTML is shown as text, images are
dropped (the site loads nothing from another host), and a link keeps its address only when it is http(s)
or a relative address inside the site (``../glossario.md#edital`` → ``../glossario.html#edital``); any
other link (``javascript:``, ``data:``, ``mailto:``…) keeps only its words. The build's link check
(sitebuild/htmlcheck.py) then checks the relative addresses like every other link of the site."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import markdown
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

#: Schemes a note's link may use; a relative address (no scheme) is also kept.
LINK_SCHEMES = ("http", "https")
_SCHEME = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9+.\-]*):")
#: What a note may contain, as Markdown makes it (anything else is unwrapped to its text).
ALLOWED_TAGS = {"p", "strong", "em", "code", "a", "ul", "ol", "li", "br", "blockquote", "pre", "hr"}


def safe_href(href: str) -> str | None:
    """The address a note's link may keep (``.md`` pages become ``.html``), or None."""
    if any(ord(ch) < 32 or ch in "\\\x7f" for ch in href):
        return None
    m = _SCHEME.match(href)
    if m:
        return href if m.group(1).lower() in LINK_SCHEMES and href.startswith(m.group(1)) else None
    if href.startswith("//"):
        return None  # another host, with the page's scheme
    path, sep, anchor = href.partition("#")
    if path.endswith(".md"):
        path = path[:-3] + ".html"
    return path + sep + anchor


class _Sanitize(Treeprocessor):
    def run(self, root: ET.Element) -> None:
        for parent in list(root.iter()):
            children = list(parent)
            for index, el in enumerate(children):
                if el.tag == "a":
                    href = safe_href(el.get("href", ""))
                    title = el.get("title")
                    el.attrib.clear()
                    if href is not None:
                        el.set("href", href)
                        if title:
                            el.set("title", title)
                        continue
                if el.tag not in ALLOWED_TAGS or el.tag == "a":
                    _unwrap(parent, el, index, children)
                else:
                    el.attrib.clear()


def _unwrap(parent: ET.Element, el: ET.Element, index: int, siblings: list[ET.Element]) -> None:
    """Replace ``el`` by its text and children (an image by nothing)."""
    words = "" if el.tag == "img" else (el.text or "")
    kids = [] if el.tag == "img" else list(el)
    tail = el.tail or ""
    position = list(parent).index(el)
    parent.remove(el)
    for offset, kid in enumerate(kids):
        parent.insert(position + offset, kid)
    before = parent[position - 1] if position > 0 else None
    if kids:
        last = kids[-1]
        last.tail = (last.tail or "") + tail
        tail = ""
    joined = words + tail
    if before is None:
        parent.text = (parent.text or "") + joined if not kids else (parent.text or "") + words
    else:
        before.tail = (before.tail or "") + (joined if not kids else words)


def _converter() -> markdown.Markdown:
    md = markdown.Markdown(extensions=[], output_format="html")
    md.preprocessors.deregister("html_block")  # raw HTML is text
    md.inlinePatterns.deregister("html")
    md.treeprocessors.register(_Sanitize(md), "sanitize", 0)  # last: after links and images are made
    return md


def note_html(text: str) -> Markup:
    """A note's Markdown as HTML blocks (paragraphs, lists…)."""
    md = _converter()
    return Markup(md.convert(text.strip()))


def note_inline(text: str) -> Markup:
    """A short note's Markdown as inline HTML (its one paragraph, unwrapped)."""
    out = note_html(text)
    if out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1:
        return Markup(out[3:-4])
    return out
