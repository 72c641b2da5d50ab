"""compartilhar/<norma>/<reserva|ordem>-<N>.html: one small page per answer the precomputed tables hold
(N = 1..TABLE_MAX vacancies, the norm's defaults, no edital date), the address the calculator's
"Compartilhar" button gives for such an answer (docs/assets/calculadora/src/calculadora/answer_link.js).

A messaging app shows a link's preview from the page's Open Graph tags, without running its scripts: here
the title and description carry the answer itself (the calculator's own headline, never a second copy of
the rules), and the page shows it with its legal basis and a link that opens the calculator on the same
question. No theme, no script: a few hundred bytes and one small stylesheet (compartilhar/compartilhar.css).
Every text comes from the corpus or the calculator and is escaped by the template (autoescape). The pages are
not in the menu, the search or the sitemap (robots noindex: each is one row of the tables of vacancies)."""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass
from pathlib import Path

import calculator
from calculator.labels import display_label
from calculator.ptbr import format_int
from sitebuild import images
from sitebuild.context import TABLE_MAX, Context, example_percent, write
from sitebuild.norm_names import PLACE

SHARE_DIR = "compartilhar"
STYLE = "compartilhar.css"
#: command → (the calculator's function, the tool's name on the page, its section of calculadora.html)
COMMANDS = {
    "reserva": (calculator.reserve, "Vagas reservadas", "reserva"),
    "ordem": (calculator.order, "Ordem de convocação", "ordem"),
}


@dataclass
class SharePage:
    """What one page shows (all of it text; the template escapes it)."""

    path: str  # from the site's root: compartilhar/<norma>/<command>-<N>.html
    title: str  # og:title, <title>: the place, the vacancies and the calculator's headline
    description: str  # og:description: the norm and the legal basis
    headline: str
    norm_title: str
    tool: str
    basis: list[tuple[str, str]]  # (address of the provision, its label)
    calculator: str  # calculadora.html?… (the same question in the calculator)


def page_path(command: str, slug: str, n: int) -> str:
    return f"{SHARE_DIR}/{slug}/{command}-{n}.html"


def calculator_query(command: str, slug: str, n: int) -> str:
    """The calculator's address for this question, as its page writes it (form_state.js, stateToQuery)."""
    params = {"ferramenta": command, "norma": slug, "vagas": str(n)}
    percent = example_percent(slug)
    if percent is not None:
        params["percentual"] = str(percent)
    return f"calculadora.html?{urllib.parse.urlencode(params)}#{COMMANDS[command][2]}"


def share_page(command: str, slug: str, n: int) -> SharePage:
    compute, tool, _ = COMMANDS[command]
    answer = compute(slug, n, example_percent(slug))
    basis = [(f"gerado/{urllib.parse.quote(slug)}.html#{urllib.parse.quote(ref.partition(':')[2])}",
              display_label(ref.partition(":")[2])) for ref in answer["basis"]]
    vacancies = f"{format_int(n)} {'vaga' if n == 1 else 'vagas'}"
    labels = "; ".join(label for _, label in basis)
    return SharePage(
        path=page_path(command, slug, n),
        title=f"{PLACE[slug]}, {vacancies}: {answer['headline']}",
        description=f"{tool}: {answer['norm_title']}. Base legal: {labels}.",
        headline=answer["headline"], norm_title=answer["norm_title"], tool=tool, basis=basis,
        calculator=calculator_query(command, slug, n))


def render(ctx: Context, page: SharePage) -> str:
    """The page's HTML; its addresses relative to it, og:url and og:image absolute with the site's address."""
    root = "../" * page.path.count("/")
    return ctx.env.get_template("compartilhar.html.j2").render(
        page=page, root=root, style=f"{root}{SHARE_DIR}/{STYLE}",
        image=(ctx.site_url or root) + images.PREVIEW, url=ctx.site_url and ctx.site_url + page.path)


def share_pages(ctx: Context):
    for slug in ctx.slugs:
        for command in COMMANDS:
            for n in range(1, TABLE_MAX + 1):
                yield share_page(command, slug, n)


def write_share_pages(ctx: Context, site_dir: Path | None = None) -> list[Path]:
    """Every page, and their stylesheet, into site_dir (default ctx.out)."""
    out = Path(site_dir or ctx.out)
    write(out / SHARE_DIR / STYLE, ctx.env.get_template("compartilhar.css.j2").render(
        primary=images.PRIMARY, accent=images.ACCENT))
    written = []
    for page in share_pages(ctx):
        write(out / page.path, render(ctx, page))
        written.append(out / page.path)
    return written
