"""docs/gerado/<slug>.md: a norm's page — header box, the full verbatim text with its annotations, downloads.

The text is written as raw HTML blocks (immune to Markdown), one block per visual line of the text, so that
every line stays one intact run; the site's notes come after the line, never inside it."""

from __future__ import annotations

import html
import json

from markupsafe import Markup

import calculator
from laws import abnt, jsonld
from sitebuild import annotations, calcblock
from sitebuild.context import Context, write
from sitebuild.dates import pt_date
from sitebuild.norm_names import PLACE, site_citation
from sitebuild.timeline import validity_status, validity_timeline

KIND_LABEL = {"lei": "Lei ordinária municipal", "decreto": "Decreto municipal"}
NOTE_TITLE = "Nota explicativa — não é orientação jurídica"


def official_url(norm, target: dict) -> str | None:
    """The official text of an external norm the text cites, as its meta.toml ``[[cites]]`` entry gives it
    (a plain link; nothing is loaded from it)."""
    for entry in norm.meta.get("cites", []):
        if (entry.get("kind"), entry.get("number"), entry.get("year")) ==\
                (target.get("kind"), target.get("number"), target.get("year")):
            return entry.get("url")
    return None


def _macros(ctx: Context):
    return ctx.env.get_template("_texto_norma.html.j2").module


def _text_html(ctx: Context, norm, prov) -> str:
    """Escaped verbatim text of one provision, references marked up, line breaks as <br>."""
    macros = _macros(ctx)
    refs = sorted((r for r in norm.references if r.from_id == prov.id), key=lambda r: r.start)
    out, pos = [], 0
    for r in refs:
        if r.start < pos:  # overlapping reference: keep the first one inline (both are listed below)
            continue
        out.append(html.escape(prov.text[pos:r.start], quote=False))
        url = official_url(norm, r.target) if r.target else None
        out.append(str(macros.remissao(norm, r, url)))
        pos = r.end
    out.append(html.escape(prov.text[pos:], quote=False))
    return Markup("".join(out).replace("\n", "<br>\n"))


def _ref_notes(ctx: Context, norm, provs) -> str:
    """Notes below a line for external and unresolved references (outside the law text)."""
    items = [(r, official_url(norm, r.target) if r.target else None)
             for prov in provs for r in norm.references
             if r.from_id == prov.id and (r.target is None or r.target["type"] == "external")]
    return str(_macros(ctx).notas(norm, items))


def law_lines(norm) -> list[list]:
    """Group the provisions into the text's visual lines: a line ends where a tail holds a newline.

    Containers (artigo: empty text) become anchors at the start of the next line."""
    lines, current, pending_anchors = [], [], []
    for prov in norm.walk():
        if not prov.text:
            pending_anchors.append(prov)
            continue
        current.append((pending_anchors, prov))
        pending_anchors = []
        if "\n" in prov.tail or not prov.tail:
            lines.append(current)
            current = []
    if current:
        lines.append(current)
    return lines


def notes_after(norm, pids) -> dict[str, list[str]]:
    """Where each note goes: after the line holding the provision's last descendant."""
    out: dict[str, list[str]] = {}
    for pid in pids:
        out.setdefault(list(norm.get(pid).walk())[-1].id, []).append(pid)
    return out


def law_text_markdown(ctx: Context, norm) -> str:
    """The full text as raw HTML blocks; after a line, the annotations (admonitions) and the "Na calculadora"
    blocks of the provisions it closes."""
    macros = _macros(ctx)
    annotations = norm.annotations
    after = notes_after(norm, annotations)
    calc_blocks = calcblock.blocks(ctx, norm)
    calc_after = notes_after(norm, calc_blocks)
    blocks = []
    for line in law_lines(norm):
        # Each article opens with a heading kept off screen (the text already starts with "Art. 2º"): the
        # page's side index lists the articles and a search hit lands at the article, not the page top.
        for anchors, _prov in line:
            blocks.extend(str(macros.titulo_artigo(a)) for a in anchors if a.kind == "artigo")
        # The line's text stays one intact run (a note printed inside a line, such as Quissamã's
        # art. 5º "(Prazo prorrogado…)", keeps its own anchor); the ¶ permalinks come after the whole line.
        parts, provs = [], []
        for anchors, prov in line:
            parts.append({"anchors": [a.id for a in anchors], "id": prov.id,
                          "css": "trecho nota-na-linha" if provs and prov.kind == "nota" else "trecho",
                          "html": _text_html(ctx, norm, prov),
                          "tail": Markup(html.escape(prov.tail, quote=False))
                          if prov.tail and "\n" not in prov.tail else "",
                          "citation": site_citation(norm, prov.id)})
            provs.append(prov)
        blocks.append(str(macros.linha(provs[0].kind, parts)) + _ref_notes(ctx, norm, provs))
        for prov in provs:
            for pid in after.get(prov.id, []):
                blocks.append(annotation_markdown(ctx, norm, pid))
            for pid in calc_after.get(prov.id, []):
                blocks.append(calc_blocks[pid])
    return Markup("\n\n".join(blocks) + "\n")


def annotation_markdown(ctx: Context, norm, pid: str) -> str:
    """The note on ``pid`` as one raw HTML block (its Markdown rendered by sitebuild/annotations.py)."""
    ann = norm.annotations[pid]
    html_block = ctx.env.get_template("_anotacao.html.j2").render(
        note_title=NOTE_TITLE, label=norm.get(pid).label, ann=ann, slug=norm.slug,
        body=annotations.note_html(ann["texto"]),
        why_not=annotations.note_inline(ann.get("nao_implementado") or ""),
        used=ctx.implemented(norm, pid), params=ctx.parameters_citing(norm, pid))
    return "\n".join(line for line in html_block.splitlines() if line.strip())


def front_matter(**fields: str) -> Markup:
    """A page's front matter from a norm folder's texts, written by a serializer, never pasted into YAML:
    each value a JSON string (a YAML double-quoted scalar whose escapes, "\\u003c" included, stand for
    themselves), HTML-escaped first, because the theme prints the title and the description into the page
    without escaping them."""
    return Markup("".join(f"{key}: {json.dumps(html.escape(value), ensure_ascii=False)}\n"
                          for key, value in fields.items()))


def page_norm(ctx: Context, norm) -> None:
    """docs/gerado/<slug>.md — header box, full annotated text, downloads."""
    meta = norm.meta
    articles = [p for p in norm.provisions if p.kind == "artigo"]
    status = validity_status(ctx, norm)
    structured = jsonld.legislation(norm, f"{norm.slug}.html", in_force=status["applies"],
                                    start=status["start"], last_day=status["last_day"], on=status["date"])
    timeline = {row["slug"]: row for row in validity_timeline(ctx)}[norm.slug]
    title = f"{meta['title']} — {PLACE[norm.slug]}"
    write(ctx.gen / f"{norm.slug}.md", ctx.env.get_template("norma.md.j2").render(
        front_matter=front_matter(title=title, description=f"Texto integral anotado da {meta['title']} de "
                                                            f"{PLACE[norm.slug]}: {meta['ementa']}"),
        norm=norm, meta=meta, place=PLACE[norm.slug], kind_label=KIND_LABEL.get(meta["kind"], meta["kind"]),
        date_pt=pt_date(meta["date"]), status=status, articles=articles,
        jsonld=Markup(jsonld.script(structured)),
        abnt=abnt.reference_head(norm), text_warnings=calculator.parameters(norm.slug)["warnings"],
        text_markdown=law_text_markdown(ctx, norm), note_title=NOTE_TITLE,
        n_annotations=len(norm.annotations), build_date=pt_date(ctx.today), vigencia=timeline["summary"],
    ))


def page_norms(ctx: Context) -> None:
    """One page per norm of the corpus."""
    for norm in ctx.corpus.norms:
        page_norm(ctx, norm)
