"""What a norm folder may name, checked before anything shows it: its slug, the names the site prints as
they are (title, citation, place) and the module of its own rules."""

from __future__ import annotations

import importlib.util
import re
import unicodedata

#: A norm's slug: its folder's name, its ids' prefix, part of file names and addresses of the site.
SLUG_FORM = re.compile(r"[a-z][a-z0-9_]*")
#: A municipal norm's LexML URN: urn:lex:br;<estado>;<município>:municipal:<espécie>:<data>;<número>.
URN_FORM = re.compile(r"urn:lex:br;[a-z0-9.]+;[a-z0-9.]+:municipal:[a-z.]+:[0-9]{4}-[0-9]{2}-[0-9]{2};[0-9]+")


def rules_problem(value: object, slug: str) -> str | None:
    """Why ``rules = value`` cannot name the norm ``slug``'s exceptions, or None. A norm folder is data: it
    may only point at the module written for it inside this package, calculator/rules/<slug>.py, never
    bring code of its own (or borrow another norm's)."""
    if value != slug:
        return (f"rules = {str(value)[:60]!r} deve ser o nome da própria norma ({slug!r}): as exceções dela "
                "ficam em calculator/rules/<slug>.py; omita rules quando a norma segue o padrão comum")
    if not SLUG_FORM.fullmatch(slug) or importlib.util.find_spec(f"calculator.rules.{slug}") is None:
        return (f"rules = {slug!r}, mas não há calculator/rules/{slug}.py (omita rules quando a norma "
                "segue o "
                "padrão comum)")
    return None


#: Markdown that makes a link or an image: "[texto](…)", "[texto][ref]", "[ref]: …", "![…", "<esquema:…>".
#: The site's pages are Markdown, so a folder's text with it would publish a link the project did not write.
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\s*[(\[]|^\s*\[[^\]]+\]:|!\[|<[a-zA-Z][a-zA-Z0-9+.-]*:", re.M)


def text_problem(text: str) -> str | None:
    """Why ``text`` (any text of a registry: a note, a warning, a reading's description, a name) cannot be
    shown by the site and the terminal as typed, or None: no control or formatting character (ESC, BEL,
    line breaks, bidi overrides, which a terminal obeys) and no Markdown link or image."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"):
            return f"tem o caractere de controle U+{ord(ch):04X} (deve ser uma linha de texto simples)"
    link = MARKDOWN_LINK.search(text)
    if link:
        return (f"tem marcação de link ou imagem do Markdown ({link.group(0)[:20]!r}): só as anotações "
                "podem ter links")
    return None


def label_problem(text: str) -> str | None:
    """Why ``text`` cannot be a name the site shows as is (a title, a citation, a place, a menu label), or
    None: one line of plain text, with no control or formatting character (line breaks, ESC, bidi
    overrides) and no ``<`` or ``>``. The theme puts such names in the menu and in the page's <title>
    without escaping them, so the folder's data must not be able to open a tag there."""
    for ch in text:
        if ch in "<>":
            return f"tem o caractere {ch!r} (nomes não podem conter marcação HTML)"
    return text_problem(text) or (None if text.strip() else "está vazio")
