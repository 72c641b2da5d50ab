"""The built pages' own links and embedded resources, checked the way ``mkdocs build --strict`` checks the
Markdown ones (it does not look inside raw HTML, of which the generated pages are mostly made):

- a relative link (``<a href>``, ``<link href>``, any ``src``) must name a file of the site, and its
  ``#anchor`` an ``id`` (or ``name``) of that page;
- a page loads nothing from another host (``src``, ``<link href>``, ``srcset``, ``poster``…), and embeds
  no frame, object or ``<base>``;
- a link to another host is http(s) or mailto: no ``javascript:``, ``data:`` or ``vbscript:`` address;
- no element carries an event handler (``on…=``, however the tag is written: ``<svg/onload=…>``), and no
  ``<meta http-equiv>`` (a refresh would take the visitor to another address; the site writes none).

A problem stops the build with one pt-BR line per problem (page, element, address)."""

from __future__ import annotations

import html.parser
import urllib.parse
from pathlib import Path

from sitebuild.context import Context

#: Schemes a link (<a>, <area>) to another host may use.
LINK_SCHEMES = {"http", "https", "mailto"}
#: Attributes that make the browser fetch (or navigate to) an address.
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "poster", "data", "srcset", "xlink:href", "cite",
                  "background", "manifest", "ping"}
#: Elements the site never uses: each would load another document into the page, or change every address.
REFUSED_TAGS = {"iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal"}
#: Addresses a page reaches only at run time, which exist in the built site but not as files yet.
SKIP = ("search/",)


class _Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.urls: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.refused: list[str] = []
        self.handlers: list[str] = []  # "<tag on…=>" and "<meta http-equiv>"
        self.inline: list[str] = []  # the style="" and on…="" attributes, in order (sitebuild/csp.py)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in REFUSED_TAGS:
            self.refused.append(tag)
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.inline.append(name)
            if name.startswith("on"):
                self.handlers.append(f"<{tag} {name}=…>")
            elif tag == "meta" and name == "http-equiv":
                self.handlers.append(f"<meta http-equiv=\"{(value or '')[:40]}\">")
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif name in URL_ATTRIBUTES:
                if name == "srcset":
                    self.urls.extend((tag, name, part.split()[0])
                                     for part in value.split(",") if part.split())
                else:
                    self.urls.append((tag, name, value))

    handle_startendtag = handle_starttag


def inline_attributes(text: str) -> list[str]:
    """The style="" and on…="" attributes of a page's elements, in order, read as the browser reads the tags:
    "<svg/onload=…>" has one, and a value that merely contains "/onload=" is text."""
    return _page_of(text).inline


def page_urls(path: Path) -> list[tuple[str, str, str]]:
    """Every (tag, attribute, address) of the page that makes the browser fetch or navigate."""
    return _parse(path).urls


def _parse(path: Path) -> _Page:
    return _page_of(path.read_text(encoding="utf-8"))


def _page_of(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    page.close()
    return page


def problems(site_dir: Path) -> list[str]:
    site_dir = Path(site_dir)
    site_dir = site_dir.resolve()
    pages = {p: _parse(p) for p in sorted(site_dir.rglob("*.html"))}
    out = []
    for path, page in pages.items():
        shown = path.relative_to(site_dir).as_posix()
        out += [f"{shown}: elemento <{tag}> (o site não embute outras páginas nem muda a base dos endereços)"
                for tag in page.refused]
        out += [f"{shown}: {what} (o site não escreve código em atributos nem redireciona a página; veio de "
                "um conteúdo)" for what in page.handlers]
        for tag, attr, value in page.urls:
            problem = _url_problem(site_dir, path, pages, tag, attr, value.strip())
            if problem:
                out.append(f"{shown}: <{tag} {attr}=\"{value[:80]}\">: {problem}")
    return out


def _url_problem(site_dir: Path, page: Path, pages: dict, tag: str, attr: str, value: str) -> str | None:
    parsed = urllib.parse.urlsplit(value)
    is_link = tag in ("a", "area") and attr == "href"
    if parsed.scheme or value.startswith("//"):
        if not is_link:
            return "recurso de outro endereço (o site não carrega nada de fora)"
        if parsed.scheme.lower() not in LINK_SCHEMES:
            return f"endereço {parsed.scheme or 'sem esquema'}: recusado (só http, https ou mailto)"
        return None
    if not is_link and tag == "a":
        return None  # <a ping>, etc.: not produced by the site
    if not parsed.path:
        target = page
    else:
        target = (page.parent / urllib.parse.unquote(parsed.path)).resolve()
        try:
            rel = target.relative_to(site_dir.resolve()).as_posix()
        except ValueError:
            return "aponta para fora do site"
        if rel.startswith(SKIP):
            return None
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            return "arquivo inexistente no site"
    fragment = urllib.parse.unquote(parsed.fragment)
    if fragment and target.suffix == ".html":
        ids = pages[target].ids if target in pages else _parse(target).ids
        if fragment not in ids:
            return f"âncora #{fragment} inexistente em {target.relative_to(site_dir.resolve()).as_posix()}"
    return None


def check_site(site_dir: Path) -> None:
    found = problems(site_dir)
    if found:
        raise SystemExit("erro: links ou recursos inválidos no HTML gerado:\n" + "\n".join(found))


def check(ctx: Context) -> None:
    check_site(ctx.out)
