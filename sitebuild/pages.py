"""The pages across norms: Comparativo, the home page's timeline, Conflitos e ambiguidades, Downloads."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import calculator
from calculator import answer_schema
from calculator.arithmetic import ROUNDINGS
from calculator.norms import MESSAGE_VALUES, MESSAGES, path_of, registry_of
from laws import lexml
from sitebuild.context import ROOT, Context, write
from sitebuild.norm_names import PLACE
from sitebuild.timeline import timeline_html, validity_timeline


def reserve_summary(slug: str) -> str:
    """What a norm reserves, in a few words, from its registry and its own answers: "no mínimo 20%, com 3
    vagas ou mais"; "20%; 10% com até 5 vagas (na prática, nenhuma vaga reservada com 1 a 4 vagas)"."""

    from calculator.ptbr import format_int, format_percent

    norm = registry_of(slug)
    names = norm.percent_parameters
    if norm.percent_rule == "given":
        return "percentual informado pelo usuário: vem de norma fora do corpus"
    percent = format_percent(norm.value(names["parameter"]))
    text = {"minimum": f"no mínimo {percent}", "fixed": f"{percent}, fixo"}.get(norm.percent_rule, percent)
    if norm.percent_rule == "tiered":
        text += (f"; {format_percent(norm.value(names['reduced_parameter']))} com até "
                 f"{format_int(norm.value(names['reduced_up_to_parameter']))} vagas")
    key = "minimum_vacancies_parameter"
    minimum = norm.value(names[key]) if key in names else 1
    if minimum > 1:
        text += f", com {format_int(minimum)} vagas ou mais"
    first = next((n for n in range(1, 101) if calculator.reserve(slug, n)["reserved"]), None)
    if first is not None and first > minimum:
        text += f" (na prática, nenhuma vaga reservada com 1 a {format_int(first - 1)} vagas)"
    return text


def page_normas(ctx: Context) -> None:
    """docs/gerado/_normas.md — the home page's table of the norms (included there with pymdownx.snippets):
    every norm of the corpus, with what it reserves."""
    from laws.jsonld import formal_name

    rows = [{"slug": n.slug, "place": PLACE[n.slug], "name": formal_name(n),
             "reserve": reserve_summary(n.slug)} for n in ctx.corpus.norms]
    write(ctx.gen / "_normas.md", ctx.env.get_template("_normas.md.j2").render(rows=rows))


def without_analysis(ctx: Context, markdown: str) -> str:
    """A page of hand-written analysis, with one sentence after its title naming the norms of the corpus it
    does not analyse (it cites none of their provisions): a new norm is said to be missing, not left out."""
    missing = [f"{PLACE[n.slug]} — {n.title}" for n in ctx.corpus.norms if f"({n.slug}.md#" not in markdown]
    if not missing:
        return markdown
    names = "; ".join(missing)
    which = "a norma" if len(missing) == 1 else "as normas"
    sentence = (f"\nEsta página ainda não tem análise escrita para {which} {names}: veja o texto anotado e a "
                "calculadora de cada uma.\n")
    return re.sub(r"^# .*\n", lambda m: m.group(0) + sentence, markdown, count=1, flags=re.M)


def page_chaves(ctx: Context) -> None:
    """The guide's tables of a norm folder's keys (Como incluir uma norma includes them with
    pymdownx.snippets): see :func:`key_tables`. laws/CHAVES.md holds the same tables for a reader of the
    clone (tools/key_tables.py writes it)."""
    for name, text in key_tables(ctx.env).items():
        write(ctx.gen / name, text)


def key_tables(env) -> dict[str, str]:
    """Each table of a norm folder's keys, by the name the guide includes, written from the description
    its loader and laws check use: _chaves_norma.md from calculator/norms/schema.py (every key of
    norma.toml, with its type, default and the values it may take), _chaves.md from
    calculator/norms/wording.py (the common steps' messages with their default wording and placeholders,
    and the rounding values), _chaves_meta.md and _chaves_anotacoes.md from laws/folder_schema.py,
    _chaves_casos.md from laws/cases/keys.py (casos.toml)."""
    from laws import folder_schema

    meta = env.get_template("_chaves_meta.md.j2")
    return {
        "_chaves_meta.md": meta.render(keys=meta_keys()),
        "_chaves_norma.md": env.get_template("_chaves_norma.md.j2").render(keys=registry_keys()),
        "_chaves.md": env.get_template("_chaves.md.j2").render(
            messages=[(key, text, MESSAGE_VALUES[key]) for key, text in MESSAGES.items()],
            roundings=list(ROUNDINGS)),
        "_chaves_anotacoes.md": meta.render(keys=meta_keys(folder_schema.ANNOTATION_KEYS)),
        "_chaves_casos.md": meta.render(keys=case_keys()),
    }


def registry_keys() -> list[dict]:
    """calculator.norms.schema's keys as the guide shows them: [validity] start, [[parameters]] name,
    [warnings.<nome>] kind; the values a key may take, or the names a "<nome>" may be; what holds when it is
    left out."""
    from markupsafe import Markup

    from calculator.norms.schema import SCHEMA
    from calculator.norms.validate import shown
    from calculator.norms.vocabulary import TABLE, TABLES, parent_pattern

    rows = []
    for k in SCHEMA:
        parent = parent_pattern(k.path)
        if k.type in (TABLE, TABLES):
            field = shown(k.path + ("[]" if k.type == TABLES else ""))
        else:
            name = "<nome>" if k.name == "*" else k.name
            field = f"{shown(parent)} {name}" if parent else name
        # the field and the example go inside code spans as written ("<nome>", quotes): they are the schema's
        # own constants, never a norm folder's data, and Markdown escapes a code span itself
        rows.append({"shown": Markup(field), "type": k.type, "required": k.required, "meaning": k.meaning,
                     "default": k.default, "choices": k.choices, "named": k.name == "*",
                     "example": Markup(k.example), "within": shown(parent) if parent else ""})
    return rows


def meta_keys(keys: tuple | None = None) -> list[dict]:
    """laws.folder_schema's keys (meta.toml's, or those given) as the guide shows them: a table as [name], an
    array of tables as [[name]], a key inside one as [table] key; a required key inside an optional table is
    required there."""
    from markupsafe import Markup

    from laws.folder_schema import KEYS, TABLE, TABLES, header

    keys = KEYS if keys is None else keys
    rows = []
    for k in keys:
        shown = header(k.path) if k.type in (TABLE, TABLES) else (
            f"{header(k.parent)} {k.name}" if k.parent else k.name)
        # the example goes inside a code span as written (quotes included): it is the schema's own constant,
        # never a norm folder's data
        rows.append({"shown": shown, "type": k.type, "required": k.required, "meaning": k.meaning,
                     "example": Markup(k.example), "within": header(k.parent) if k.parent else ""})
    return rows


def case_keys() -> list[dict]:
    """laws.cases's keys (casos.toml) as the guide shows them: a case's own keys as [[casos]] key, those of
    its question and of its expectations as entrada.key and esperado.key."""
    from markupsafe import Markup

    from laws.cases import CASE_KEYS, EXPECT_KEYS, INPUT_KEYS

    rows = []
    for within, keys in (("", CASE_KEYS), ("entrada", INPUT_KEYS), ("esperado", EXPECT_KEYS)):
        for k in keys:
            only = f" (só com comando = \"{k.only}\")" if k.only else ""
            # the example goes inside a code span as written: laws/cases/'s constant, not a folder's data
            rows.append({"shown": f"{within}.{k.name}" if within else f"[[casos]] {k.name}", "type": k.type,
                         "required": k.required, "meaning": k.description + only,
                         "example": Markup(k.example), "within": within})
    return rows


def page_comparativo(ctx: Context) -> None:
    """docs/gerado/comparativo.md — topics × the norms analysed, every cell citing its provisions."""
    write(ctx.gen / "comparativo.md", without_analysis(ctx, ctx.env.get_template("comparativo.md.j2").render(
        linha_do_tempo=timeline_html(ctx),
        vigencia={row["slug"]: row["summary"] for row in validity_timeline(ctx)})))


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
    write(ctx.gen / "conflitos.md", without_analysis(ctx, ctx.env.get_template("conflitos.md.j2").render(
        warnings_for=warnings_for, aplica=aplica, unresolved=unresolved, corpus=ctx.corpus)))



def page_downloads(ctx: Context) -> None:
    """docs/gerado/downloads.md plus the files: each norm's plain text and LexML XML, and the corpus JSON."""
    out = ctx.gen / "downloads"
    out.mkdir(parents=True, exist_ok=True)
    xml_sizes = {}
    for norm in ctx.corpus.norms:
        shutil.copyfile(path_of(norm.slug).parent / "texto.txt", out / f"{norm.slug}.txt")
        xml = lexml.to_xml(norm)
        errors = lexml.validate(xml)
        if errors:  # never publish a document the schema rejects
            raise SystemExit(f"{norm.slug}.xml não passa no esquema LexML: {errors[0]}")
        xml_sizes[norm.slug] = (out / f"{norm.slug}.xml").write_bytes(xml.encode("utf-8"))
    corpus_json = subprocess.run([sys.executable, "-m", "laws", "export"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
    (out / "corpus.json").write_bytes(corpus_json)
    schemas = out / "esquemas"
    schemas.mkdir(exist_ok=True)
    for command in answer_schema.SCHEMAS:
        (schemas / f"{command}.schema.json").write_text(
            json.dumps(answer_schema.schema(command), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
            encoding="utf-8")
    write(ctx.gen / "downloads.md", ctx.env.get_template("downloads.md.j2").render(
        corpus=ctx.corpus, place=PLACE, size=len(corpus_json), xml_sizes=xml_sizes,
        schemas=list(answer_schema.SCHEMAS), schema_version=answer_schema.SCHEMA_VERSION))
