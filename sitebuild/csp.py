"""The Content-Security-Policy of docs/hospedar.md (section 6), filled with the hashes of the built pages'
inline scripts and styles."""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import re
from pathlib import Path

import material

from sitebuild import htmlcheck
from sitebuild.context import ROOT, Context
from sitebuild.distribution import site_files

# Content-Security-Policy of docs/hospedar.md (section 6). The theme writes a few inline scripts and the
# 404 page an inline style; instead of 'unsafe-inline', the policy lists the SHA-256 of each, computed here
# from the built pages, and the page's nginx and Apache snippets get exactly these (their markers below are
# replaced in the built page). Inline style="" and on…="" attributes would need 'unsafe-hashes', so the build
# refuses them (tables use align="", see mkdocs.yml).
CSP_MARKERS = {"script": "__CSP_SCRIPT_HASHES__", "style": "__CSP_STYLE_HASHES__"}
CSP_PAGE = "hospedar.html"
_INLINE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1\s*>", re.S | re.I)
_EXECUTABLE_TYPES = ("", "module", "text/javascript", "application/javascript")
#: Where the project's own inline scripts and styles are written: the theme's templates, the site's
#: overrides and the build's own templates. An inline script or style of a built page must be one of these
#: (a value the template fills in, such as a relative address, may differ): anything else came from
#: content, and the build refuses it instead of adding its hash to the policy.
OWN_TEMPLATES = (Path(material.__file__).parent / "templates", ROOT / "docs" / "overrides",
                 ROOT / "docs" / "templates")
_TEMPLATE_VALUE = re.compile(r"\{\{.*?\}\}", re.S)


@functools.cache
def own_inline() -> tuple[re.Pattern, ...]:
    """Every inline script and style the project's templates write, as a pattern of its body (a template
    expression matches a value without quotes or markup)."""
    patterns = set()
    for folder in OWN_TEMPLATES:
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".html", ".j2") or not path.is_file():
                continue
            for m in _INLINE.finditer(path.read_text(encoding="utf-8")):
                if "{%" in m.group(3):
                    continue  # no template of the project writes logic inside a script
                pieces = _TEMPLATE_VALUE.split(m.group(3))
                patterns.add("[^<>\"'\\\\]*".join(re.escape(piece) for piece in pieces))
    return tuple(re.compile(p) for p in sorted(patterns))


def inline_hashes(site_dir: Path) -> dict[str, list[str]]:
    """{"script": ["'sha256-…'", …], "style": […]}: every inline script the browser runs and every inline
    <style>, over all pages (sorted, deduplicated)."""
    found: dict[str, set[str]] = {"script": set(), "style": set()}
    site_dir = Path(site_dir)
    for page in sorted(site_dir.rglob("*.html")):
        text = page.read_bytes().decode("utf-8")  # exact bytes: the browser hashes them as they are
        for m in _INLINE.finditer(text):
            tag, attrs, body = m.group(1).lower(), m.group(2), m.group(3)
            kind = re.search(r"""\btype\s*=\s*["']?([^"'\s>]*)""", attrs)
            if tag == "script" and (re.search(r"\bsrc\s*=", attrs)
                                    or (kind and kind.group(1).lower() not in _EXECUTABLE_TYPES)):
                continue  # an external script, or a data block (never run)
            if not any(p.fullmatch(body) for p in own_inline()):
                shown = page.relative_to(site_dir).as_posix()
                raise SystemExit(f"erro: {shown}: <{tag}> embutido que não vem dos modelos do site "
                                 f"({_excerpt(body)}); um conteúdo (norma, anotação, página) não pode trazer "
                                 "código. A política de segurança (CSP) só lista os scripts e estilos do "
                                 "próprio site.")
            digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
            found[tag].add(f"'sha256-{digest}'")
        bad = next(iter(htmlcheck.inline_attributes(text)), None)  # the tags read as the browser reads them
        if bad:
            raise SystemExit(f"erro: {page.relative_to(site_dir).as_posix()}: atributo {bad}=\"…\" "
                             "embutido no HTML; a política de segurança (CSP) de docs/hospedar.md o "
                             "bloquearia. Use uma classe CSS ou um script do site.")
    return {kind: sorted(hashes) for kind, hashes in found.items()}


def _excerpt(body: str) -> str:
    text = " ".join(body.split())
    return repr(text[:60] + ("…" if len(text) > 60 else ""))


def write_csp(site_dir: Path) -> str:
    """Fill the hash markers of the CSP snippets in the built Como hospedar page (and its search entry);
    returns the policy. Stops the build if the page has no marker (the snippets drifted) or one is left."""
    site_dir = Path(site_dir)
    hashes = inline_hashes(site_dir)
    fills = {marker: " ".join(hashes[kind]) for kind, marker in CSP_MARKERS.items()}
    page = site_dir / CSP_PAGE
    if not all(page.read_text(encoding="utf-8").count(m) >= 2 for m in fills):
        raise SystemExit(f"erro: docs/hospedar.md: os blocos nginx e Apache devem conter "
                         f"{' e '.join(CSP_MARKERS.values())} na política de segurança (CSP).")
    for path in [page, *sorted(site_dir.glob("search/*.json")), *sorted(site_dir.glob("search/*.js"))]:
        text = path.read_bytes().decode("utf-8")
        new = text
        for marker, value in fills.items():
            new = new.replace(marker, value)
        if new != text:
            path.write_bytes(new.encode("utf-8"))
    for path in site_files(site_dir):
        if path.suffix in (".html", ".json", ".js", ".xml", ".txt") and any(
                m.encode() in path.read_bytes() for m in fills):
            rel = path.relative_to(site_dir).as_posix()
            raise SystemExit(f"erro: {rel}: marcador da política de segurança (CSP) não substituído.")
    return csp_policy(site_dir)


def csp_policy(site_dir: Path) -> str:
    """The policy as the built Como hospedar page states it (its nginx snippet)."""
    text = html.unescape((Path(site_dir) / CSP_PAGE).read_text(encoding="utf-8"))
    m = re.search(r'add_header Content-Security-Policy "([^"]+)"', text)
    if not m:
        raise SystemExit("erro: docs/hospedar.md: falta a linha add_header Content-Security-Policy do nginx.")
    return m.group(1)



def fill(ctx: Context) -> None:
    write_csp(ctx.out)
