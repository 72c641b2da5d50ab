"""Build the whole static site into site/: a list of small stages (sitebuild/), each ``(ctx) -> None``.

1. Check the corpus (laws/): a law text whose SHA-256 is not the one pinned in its meta.toml stops the build.
2. PAGES write Markdown from Jinja2 templates (docs/templates/) into docs/gerado/ — generated, git-ignored,
   never edited by hand.
3. SITE_STAGES run on a staging folder next to site/: ``mkdocs build --strict`` (never ``--quiet``: it
   would hide the warnings that ``--strict`` turns into a failure), the 404 page, accent-insensitive
   search, the images (link preview and app icons, sitebuild/images.py), the calculator's Pyodide files and
   precomputed answers (and a small page for each answer a reader shares, sitebuild/share_pages.py), the
   page's scripts joined from their module sources (docs/assets/calculadora/src/),
   the check of every link and resource of the built HTML, the Content-Security-Policy (only the site's
   own inline scripts), the web app manifest and the service worker with the files it keeps for offline
   use (sitebuild/offline.py), then the snapshot, ``.gz`` twins, SHA256SUMS and, with ``--zip``, the zip.
4. Only when every stage succeeded, the folder replaces site/ (a failed build leaves the last good site/ as
   it was). One build at a time: a second one waits for the lock.

Usage: ``python build.py [--zip] [--site-url https://…/]``: with the site's public address, the pages get
canonical links and absolute preview addresses and sitemap.xml lists full addresses (sitebuild/site_url.py).
No MkDocs plugins or hooks: all generation lives here and in sitebuild/.
"""

from __future__ import annotations

import argparse
import errno
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitebuild import (  # noqa: E402
    answer_tables,
    csp,
    distribution,
    frontend,
    htmlcheck,
    images,
    lawpage,
    metodologia,
    mkdocs_run,
    offline,
    pages,
    pdfjs,
    pyodide,
    scripts,
    share_pages,
    site_url,
    staging,
    tables,
)
from sitebuild.context import DIST, SITE, Context  # noqa: E402


def clean_generated(ctx: Context) -> None:
    """docs/gerado/ is rewritten whole: nothing of an older build survives."""
    if ctx.gen.exists():
        shutil.rmtree(ctx.gen)
    ctx.gen.mkdir(parents=True)


PAGES = (
    clean_generated,
    lawpage.page_norms,
    pages.page_comparativo,
    pages.page_linha_do_tempo,
    pages.page_normas,
    pages.page_chaves,
    pages.page_conflitos,
    metodologia.page_metodologia,
    tables.page_tabelas,
    pages.page_downloads,
)
SITE_STAGES = (
    mkdocs_run.mkdocs,
    mkdocs_run.write_404,
    images.write_images,
    mkdocs_run.search_accents,
    pyodide.pack,
    pdfjs.write_stage,
    answer_tables.write_answers,
    share_pages.write_share_pages,
    frontend.write_stage,
    scripts.write_stage,
    htmlcheck.check,
    csp.fill,
    offline.write_stage,
    distribution.finish,
)


def run(ctx: Context, stages) -> None:
    for stage in stages:
        stage(ctx)


def generate(ctx: Context | None = None) -> Context:
    """The generated pages (docs/gerado/), without building the site."""
    ctx = ctx or Context()
    run(ctx, PAGES)
    return ctx


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        """A refused argument: one line (no usage block), exit status 2 as argparse's."""
        self.exit(2, f"erro: {message}\n")


def parse_args(argv: list[str] | None = None):
    parser = _Parser(description="Gera o site estático em site/.")
    parser.add_argument("--zip", action="store_true",
                        help="também grava dist/cotas-em-concursos-<versão>.zip (com o manifesto SHA256SUMS)")
    parser.add_argument("--site-url", metavar="URL",
                        help="endereço público do site (https://…/): links canônicos, sitemap.xml completo e "
                             "prévias de links com endereço absoluto")
    args = parser.parse_args(argv)
    if args.site_url is not None:
        try:
            args.site_url = site_url.normalized(args.site_url)
        except ValueError as err:
            parser.error(str(err))
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return build(args)
    except OSError as err:  # a full disk, a read-only folder: one line; site/ is swapped only when whole
        raise SystemExit(file_error(err)) from None


def file_error(err: OSError) -> str:
    """The one pt-BR line for a file the build could not write or read."""
    where = f" ({err.filename})" if err.filename else ""
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        what = "não há espaço em disco"
    elif err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        what = "sem permissão de escrita"
    else:
        what = err.strerror or type(err).__name__
    return (f"erro: a geração do site parou: {what}{where}. O site/ anterior ficou intacto; libere espaço "
            "ou corrija a pasta e gere de novo.")


def build(args) -> int:
    with staging.build_lock():
        staging.check_corpus()
        ctx = Context(zip_to=DIST if args.zip else None, site_url=getattr(args, "site_url", None))
        if not ctx.site_url:
            print(site_url.WITHOUT, file=sys.stderr)
        run(ctx, PAGES)
        ctx.out = staging.staging_dir(SITE)
        try:
            run(ctx, SITE_STAGES)
            staging.swap_into_place(ctx.out, SITE)
        finally:
            shutil.rmtree(ctx.out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
