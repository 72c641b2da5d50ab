"""``mkdocs build --strict`` into the staging folder, and what the build changes in mkdocs's output: the
search index (compact UTF-8, accent-insensitive search) and the error page."""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from pathlib import Path

from sitebuild.context import ROOT, Context
from sitebuild.norm_names import PLACE

# The error page is served by the web server for a missing address at ANY depth (/cotas/x/y/z.html), so no
# relative URL is right for it and MkDocs's root-absolute ones break under a sub-path. It is therefore
# self-contained (inline style, no assets) and finds the site root at run time: the nearest folder above
# the address that holds ROOT_MARKER. Without JavaScript its links are relative to the address.
ROOT_MARKER = "gerado/tabelas.json"
NOT_FOUND_LINKS = (("index.html", "Página inicial"), ("calculadora.html", "Calculadora"),
                   ("gerado/tabelas.html", "Tabelas de vagas"))
KIND_WORD = {"lei": "Lei", "decreto": "Decreto"}
SEARCH_FOLD = Path(__file__).with_name("search_fold.js")


NORMS_CONFIG = ".mkdocs-normas.yml"  # git-ignored; exists only while mkdocs runs


def norms_config(root: Path, site_url: str | None = None) -> Path:
    """root/mkdocs.yml, or — when the corpus has a norm its menu does not list (one added from an extra
    corpus folder, COTAS_NORMAS_EXTRA, to try it before it enters laws/) or the build was given the site's
    address (``site_url``: mkdocs then writes canonical links and a sitemap.xml of full addresses) — a copy
    with that norm's page added after the last norm of the menu and that address, so the strict build
    accepts it.

    The copy is written by a YAML serializer from the parsed configuration, never by pasting text: a
    norm's citation is data of an untrusted folder and must not be able to add keys (``hooks``,
    ``extra_javascript``…) to the configuration. The menu label is HTML-escaped because the theme prints
    menu labels without escaping them."""
    import yaml

    from calculator.norms import registry_of
    from laws import NORM_SLUGS

    path = root / "mkdocs.yml"
    config = yaml.safe_load(path.read_text(encoding="utf-8"))
    pages = {f"gerado/{slug}.md": slug for slug in NORM_SLUGS}
    section = _menu_section(config.get("nav") or [], set(pages))
    missing = [slug for slug in NORM_SLUGS if not _in_menu(config.get("nav") or [], f"gerado/{slug}.md")]
    if missing and section is not None:
        last = max(i for i, item in enumerate(section) if _target(item) in pages)
        added = [{html.escape(f"{PLACE[slug]} — {registry_of(slug).citation}"): f"gerado/{slug}.md"}
                 for slug in missing]
        section[last + 1:last + 1] = added
    elif not site_url:
        return path
    if site_url:
        config["site_url"] = site_url
    out = root / NORMS_CONFIG
    out.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
    return out


def _target(item: object) -> object:
    """The page of a menu entry ({"label": "page.md"} or "page.md"); a section's list of entries."""
    if isinstance(item, dict) and len(item) == 1:
        return next(iter(item.values()))
    return item


def _menu_section(nav: list, norm_pages: set[str]) -> list | None:
    """The list of menu entries that holds the norms' pages (the first one listing any of them)."""
    if any(_target(item) in norm_pages for item in nav if isinstance(_target(item), str)):
        return nav
    for item in nav:
        entries = _target(item)
        if isinstance(entries, list) and (found := _menu_section(entries, norm_pages)) is not None:
            return found
    return None


def _in_menu(nav: list, page: str) -> bool:
    return any(_target(item) == page or (isinstance(_target(item), list) and _in_menu(_target(item), page))
               for item in nav)


def run_mkdocs(site_dir: Path, root: Path = ROOT, site_url: str | None = None) -> None:
    """``mkdocs build --strict`` of root/mkdocs.yml (with ``site_url``, when given) into site_dir.  Never
    ``--quiet``: mkdocs then drops its warnings before ``--strict`` can count them, and a broken link builds
    with exit 0.  Its INFO lines
    are left out; warnings are shown; a failure is a pt-BR SystemExit with mkdocs's own lines."""
    config = norms_config(root, site_url)
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config),
           "--site-dir", str(site_dir)]
    # Material's end-of-life banner; the Zensical build is covered by tests/sitebuild/test_zensical.py.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    try:
        proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    finally:
        if config.name != "mkdocs.yml":
            config.unlink(missing_ok=True)
    said = [line for line in (proc.stderr + proc.stdout).splitlines()
            if line.strip() and not line.startswith("INFO")]
    if proc.returncode != 0:
        raise SystemExit("erro: o mkdocs recusou o site (modo estrito: todo aviso é um erro):\n"
                         + "\n".join(said))
    if said:
        print("\n".join(said), file=sys.stderr)
    compact_search_index(site_dir)


def compact_search_index(site_dir: Path) -> None:
    """The theme writes its search index with every accented letter as a \\uXXXX escape. Portuguese is full
    of them and every page, the calculator's included, downloads this file on arrival: the same JSON in
    UTF-8, without spaces, is about 12% smaller."""
    path = Path(site_dir) / "search" / "search_index.json"
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        path.write_text(text, encoding="utf-8")
        # Opened from disk (file://), the theme loads the index by a script tag (fetch is refused there);
        # only that case downloads this copy (assets/busca-local.js runs the search worker).
        path.with_suffix(".js").write_text("var __index = " + text, encoding="utf-8")


def fold_search_accents(site_dir: Path) -> None:
    """Search ignores accents ("desistencia" finds "desistência"): search_fold.js, appended to the theme's
    lunr.pt.min.js (the search worker loads it), adds a step before the stop-word filter and the stemmer
    that strips diacritics from both the indexed and the typed words (results keep their accents)."""
    path = Path(site_dir) / "assets" / "javascripts" / "lunr" / "min" / "lunr.pt.min.js"
    if not path.is_file():
        raise SystemExit(f"erro: {path} não encontrado (o tema mudou?): busca sem acentos não instalada.")
    text = path.read_text(encoding="utf-8")
    if "__semAcentos" not in text:
        path.write_text(text + "\n" + SEARCH_FOLD.read_text(encoding="utf-8"), encoding="utf-8")


def write_404(ctx: Context, site_dir: Path | None = None) -> Path:
    """Replace MkDocs's 404.html (root-absolute URLs) with the self-contained page of 404.html.j2."""
    norms = [(f"gerado/{n.slug}.html", f"{KIND_WORD.get(n.meta['kind'], n.meta['kind'])} de {PLACE[n.slug]}")
             for n in ctx.corpus.norms]
    out = Path(site_dir or ctx.out) / "404.html"
    out.write_text(ctx.env.get_template("404.html.j2").render(links=[*NOT_FOUND_LINKS, *norms],
                                                              marker=ROOT_MARKER), encoding="utf-8")
    return out


def mkdocs(ctx: Context) -> None:
    run_mkdocs(ctx.out, site_url=ctx.site_url)


def search_accents(ctx: Context) -> None:
    fold_search_accents(ctx.out)
