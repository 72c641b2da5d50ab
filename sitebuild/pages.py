"""The pages across norms: Comparativo, the home page's timeline, Conflitos e ambiguidades, Downloads."""

from __future__ import annotations

import shutil
import subprocess
import sys

import calculator
from calculator import discovery
from laws import lexml
from sitebuild.context import ROOT, Context, write
from sitebuild.labels import PLACE
from sitebuild.validity import timeline_html, validity_timeline


def page_comparativo(ctx: Context) -> None:
    """docs/gerado/comparativo.md — topics × the three norms, every cell citing its provisions."""
    write(ctx.gen / "comparativo.md", ctx.env.get_template("comparativo.md.j2").render(
        linha_do_tempo=timeline_html(ctx),
        vigencia={row["slug"]: row["summary"] for row in validity_timeline(ctx)}))


def page_linha_do_tempo(ctx: Context) -> None:
    """docs/gerado/_linha-do-tempo.md — the timeline for the home page (included there with pymdownx.snippets;
    excluded from the pages by mkdocs.yml's exclude_docs)."""
    write(ctx.gen / "_linha-do-tempo.md", timeline_html(ctx, "gerado/") + "\n")


def page_conflitos(ctx: Context) -> None:
    """docs/gerado/conflitos.md — tensions in the texts and how the calculator treats each one."""

    def warnings_for(slug, n, percent=None, edital_date=None, command="reserve", scope=None, norm_level=True):
        if command == "order":
            res = calculator.order(slug, n, percent, scope=scope)
        else:
            res = calculator.reserve(slug, n, percent, edital_date=edital_date, scope=scope)
        # plus the warnings about the text itself (`parametros`), which answers carry only where they can
        # change them: this page is about the texts' tensions; they are marked as the norm's, so that no
        # one reads them as output of that calculation
        ws = list(res.get("warnings", []))
        if not norm_level:
            return ws
        codes = {w["code"] for w in ws}
        return ws + [{**w, "norm_level": True} for w in calculator.parameters(slug)["warnings"]
                     if w["code"] not in codes]

    def aplica(slug, percent, edital_date):
        res = calculator.reserve(slug, 10, percent, edital_date=edital_date)
        return {True: "**a reserva se aplica**", False: "**a reserva não se aplica**",
                None: "**não é possível determinar com o corpus se a reserva se aplica**"}[res["applies"]]

    unresolved = {n.slug: [r for r in n.references if r.target is None] for n in ctx.corpus.norms}
    write(ctx.gen / "conflitos.md", ctx.env.get_template("conflitos.md.j2").render(
        warnings_for=warnings_for, aplica=aplica, unresolved=unresolved, corpus=ctx.corpus))



def page_downloads(ctx: Context) -> None:
    """docs/gerado/downloads.md plus the files: each norm's plain text and LexML XML, and the corpus JSON."""
    out = ctx.gen / "downloads"
    out.mkdir(parents=True, exist_ok=True)
    xml_sizes = {}
    for norm in ctx.corpus.norms:
        shutil.copyfile(discovery.path_of(norm.slug).parent / "texto.txt", out / f"{norm.slug}.txt")
        xml = lexml.to_xml(norm)
        errors = lexml.validate(xml)
        if errors:  # never publish a document the schema rejects
            raise SystemExit(f"{norm.slug}.xml não passa no esquema LexML: {errors[0]}")
        xml_sizes[norm.slug] = (out / f"{norm.slug}.xml").write_bytes(xml.encode("utf-8"))
    corpus_json = subprocess.run([sys.executable, "-m", "laws", "export"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
    (out / "corpus.json").write_bytes(corpus_json)
    write(ctx.gen / "downloads.md", ctx.env.get_template("downloads.md.j2").render(
        corpus=ctx.corpus, place=PLACE, size=len(corpus_json), xml_sizes=xml_sizes))
