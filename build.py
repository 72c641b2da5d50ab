"""Build the whole static site into site/.

1. Read the corpus (laws/), refusing a law text whose SHA-256 is not the one pinned in its meta.toml,
   and run the calculator (calculator/).
2. Render Markdown pages with Jinja2 templates (docs/templates/) into docs/gerado/ — generated,
   git-ignored, never edited by hand. One function per generated page (``page_*``).
3. Run ``mkdocs build --strict`` into a temporary folder next to site/ (never ``--quiet``: it would
   hide the warnings that ``--strict`` turns into a failure).
4. Post-build stages on that folder: the 404 page, ``pack_calculator``, the Content-Security-Policy
   (``write_csp``: hashes of the inline scripts and styles, written into Como hospedar), the Pyodide
   snapshot, ``.gz`` twins, SHA256SUMS, the zip.
5. Only when every stage succeeded, the folder replaces site/ (a failed build leaves the last good
   site/ as it was). One build at a time: a second one waits for the lock (``build_lock``).

Usage: ``python build.py``. No MkDocs plugins or hooks: all generation lives here.
"""

from __future__ import annotations

import contextlib
import datetime
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import jinja2

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from calculator.labels import display_label  # noqa: E402
from calculator.rules import format_int  # noqa: E402
from laws import NORM_SLUGS, abnt, jsonld, lexml, load_corpus  # noqa: E402
from laws.corpus import LAWS_DIR, CorpusError, Norm  # noqa: E402

DOCS = ROOT / "docs"
GEN = DOCS / "gerado"
TEMPLATES = DOCS / "templates"
SITE = ROOT / "site"

# Pages written by other helpers; while missing, a placeholder is created for the build and removed after.
PLACEHOLDERS = {
    "calculadora.md": "# Calculadora\n\nA calculadora interativa ainda não foi incluída nesta versão do "
    "site. Enquanto isso, consulte as [tabelas de vagas](gerado/tabelas.md).\n",
    "simulacao.md": "# Simulação de nomeações\n\nA página de simulação ainda não foi incluída nesta versão "
    "do site.\n",
}

# Example percentage for Lins (its percentage is set by Lei nº 7.739/2023, outside the corpus).
LINS_EXAMPLE_PERCENT = "20"
TABLE_MAX = 100

# Official sources for external norms (plain links only; nothing is loaded from them).
OFFICIAL_URLS = {
    ("lei", "8.213", 1991): "https://www.planalto.gov.br/ccivil_03/leis/l8213cons.htm",
}

PLACE = {"ubatuba": "Ubatuba/SP", "quissama": "Quissamã/RJ", "lins": "Lins/SP"}
KIND_LABEL = {"lei": "Lei ordinária municipal", "decreto": "Decreto municipal"}
NOTE_TITLE = "Nota explicativa — não é orientação jurídica"


# --------------------------------------------------------------------------- helpers


def pt_date(iso: str) -> str:
    months = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
              "outubro", "novembro", "dezembro"]
    d = datetime.date.fromisoformat(iso)
    day = "1º" if d.day == 1 else str(d.day)
    return f"{day} de {months[d.month - 1]} de {d.year}"


def br_date(iso: str | None) -> str:
    """ "2014-06-16" → "16/06/2014"."""
    return datetime.date.fromisoformat(iso).strftime("%d/%m/%Y") if iso else "—"


def site_citation(norm, pid: str) -> str:
    """Citation of a provision for the ¶ permalinks; a note printed inside a provision (Quissamã's "(Prazo
    prorrogado…)") is named as the source's compilation note, never as a provision of the law."""
    if norm.get(pid).kind == "nota" and "_nota" in pid:
        return f"{norm.meta['title']}, {display_label(pid)}"
    return norm.citation(pid)


def rule_anchor(rule: str) -> str:
    return "regra-" + re.sub(r"[^a-z0-9]+", "-", rule.lower()).strip("-")


# Human pt-BR names for the calculator's rules and parameters (the Python name is shown beside, as code).
RULE_LABELS = {"reserved_seats": "vagas reservadas", "call_positions": "ordem de convocação",
               "validity": "vigência", "simulate": "simulação de nomeações",
               # the simulator's rules (calculator/simulator/), each beside the provisions it implements
               "fill_ampla": "simulação: vagas de ampla concorrência (concorrência simultânea)",
               "fill_specific": "simulação: vagas das listas específicas",
               "revert_to_other_gender": "simulação: reversão entre gêneros",
               "lists_of": "simulação: listas de cada candidato",
               "in_racial": "simulação: opção pela reserva",
               "record_exclusions": "simulação: eliminados e excluídos",
               "hetero_result": "simulação: resultado da heteroidentificação",
               "publish": "simulação: listas publicadas",
               "choose": "simulação: precedência entre listas",
               "precedence_order": "simulação: ordem de precedência entre listas",
               "note_conflict": "simulação: quem é nomeado por uma lista sai das outras",
               "skip": "simulação: substituição de desistente ou inapto",
               "revert": "simulação: reversão das vagas sem candidatos"}
PARAM_LABELS = {
    "beneficiarios": "Beneficiários", "percentual": "Percentual", "percentual_minimo": "Percentual mínimo",
    "percentual_ate_5_vagas": "Percentual com até 5 vagas", "vagas_minimas": "Número mínimo de vagas",
    "limite_vagas_percentual_reduzido": "Vagas até as quais vale o percentual reduzido",
    "arredondamento": "Arredondamento", "abrangencia": "Abrangência",
    "ordem_de_nomeacao": "Ordem de nomeação",
    "entrada_em_vigor": "Entrada em vigor", "prazo_de_vigencia_anos": "Prazo de vigência",
    "prorrogacao": "Prorrogação", "editais_anteriores_excluidos": "Editais publicados antes da lei",
}
VALUE_LABELS = {
    "meio_para_cima": "0,5 ou mais arredonda para cima; menos de 0,5, para baixo",
    "alternancia_e_proporcionalidade": "alternância e proporcionalidade",
    "quinta_de_cada_cinco": "a 5ª de cada 5 nomeações",
}


def rule_short(rule: str) -> str:
    """"calculator.ubatuba.reserved_seats" → "ubatuba.reserved_seats"."""
    return rule.removeprefix("calculator.")


def rule_label(rule: str) -> str:
    """"calculator.ubatuba.reserved_seats" → "vagas reservadas (Ubatuba/SP)"."""
    module, _, name = rule_short(rule).rpartition(".")
    text = RULE_LABELS.get(name, name.replace("_", " "))
    return f"{text} ({PLACE[module]})" if module in PLACE else text


def param_label(name: str) -> str:
    return PARAM_LABELS.get(name) or name.replace("_", " ").capitalize()


def param_value(name: str, value) -> str:
    """A parameter's value in pt-BR words (never a Python literal)."""
    if value is None:
        if name.startswith("percentual"):
            return "não fixado no corpus: informado pelo usuário"
        return "não fixado"
    if isinstance(value, bool):
        if name == "editais_anteriores_excluidos":
            return "excluídos (a reserva não se aplica)" if value else "incluídos"
        return "sim" if value else "não"
    if isinstance(value, (list, tuple)):
        return ", ".join(param_value(name, v) for v in value)
    if isinstance(value, int):
        if name.endswith("_anos"):
            return f"{value} anos"
        return f"{value} vagas" if "vagas" in name else str(value)
    text = str(value)
    if name.startswith("percentual") and re.fullmatch(r"\d+([.,]\d+)?", text):
        return text.replace(".", ",") + "%"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return br_date(text)
    if text in VALUE_LABELS:
        return VALUE_LABELS[text]
    return text.replace("_", " ")


def site_annotations(norm) -> dict:
    """Annotation entries as written in anotacoes.toml, including site-only keys (nao_implementado)."""
    path = ROOT / "laws" / norm.slug / "anotacoes.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def percent_for(slug: str) -> str | None:
    return LINS_EXAMPLE_PERCENT if slug == "lins" else None


class Calc:
    """Thin access to the calculator (contract in contracts.md); results are plain dicts."""

    def __init__(self):
        import calculator

        self.mod = calculator

    def reserve(self, slug, vacancies, percent=None, edital_date=None, scope=None):
        return self.mod.reserve(slug, vacancies, percent=percent, edital_date=edital_date, scope=scope)

    def order(self, slug, vacancies, percent=None, reading=None, scope=None):
        return self.mod.order(slug, vacancies, percent=percent, reading=reading, scope=scope)

    def scopes(self, slug) -> list[str]:
        return list(getattr(getattr(self.mod, slug), "SCOPES", {}) or [None])

    def readings(self, slug) -> list[str | None]:
        return list(getattr(getattr(self.mod, slug), "READINGS", {}) or [None])

    def simulator_basis(self) -> set[str]:
        """Every provision the simulator can cite (its own BASIS table), as "norm:id"."""
        from calculator import simulator

        return {f"{slug}:{pid}" for slug, kinds in simulator.BASIS.items()
                for ids in kinds.values() for pid in ids}


class Context:
    """Everything the page functions share."""

    def __init__(self):
        self.corpus = load_corpus()
        self.calc = Calc()
        self.today = datetime.date.today().isoformat()
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(TEMPLATES),
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
            autoescape=False,  # templates produce Markdown; HTML pieces are escaped explicitly
        )
        self.env.globals.update(ref=self.ref, refs=self.refs, quote=self.quote, cite=self.cite,
                                calc=self.calc, place=PLACE, e=html.escape, pt_date=pt_date,
                                br_date=br_date, rule_label=rule_label, rule_short=rule_short,
                                param_label=param_label, param_value=param_value)
        self._emitted_basis: set[str] | None = None

    # ---- citations usable from templates (every reference is checked against the corpus)
    def _provision(self, ref: str):
        prov = self.corpus.resolve(ref)
        if prov is None:
            raise ValueError(f"referência inexistente no corpus: {ref}")
        return prov

    def implemented(self, norm, pid: str) -> list[str]:
        """Basis references ("norm:id") to this provision or its sub-provisions the calculator can emit."""
        ids = {f"{norm.slug}:{p.id}" for p in norm.get(pid).walk()}
        return sorted(ids & self.emitted_basis())

    def parameters_citing(self, norm, pid: str) -> list[str]:
        """Names of the calculator parameters whose basis cites this provision or a sub-provision."""
        ids = {f"{norm.slug}:{p.id}" for p in norm.get(pid).walk()}
        return [p["name"] for p in self.calc.mod.parameters(norm.slug)["parameters"] if ids & set(p["basis"])]

    def ref(self, ref: str, text: str | None = None, page_prefix: str = "") -> str:
        """Markdown link to a provision: ref('ubatuba:art2_par3') → [art. 2º, § 3º](ubatuba.md#art2_par3).

        A note printed inside a provision belongs to whoever compiled the source: it is named so
        ("nota de compilação da fonte ao art. 5º, caput"), never as a provision of the law."""
        prov = self._provision(ref)
        slug = ref.split(":", 1)[0]
        return f"[{text or display_label(prov.id)}]({page_prefix}{slug}.md#{prov.id})"

    def refs(self, *items: str) -> str:
        return ", ".join(self.ref(r) for r in items)

    def cite(self, ref: str) -> str:
        slug, _, pid = ref.partition(":")
        prov = self._provision(ref)
        if prov.kind == "nota":
            return f"{self.corpus.norm(slug).citation(pid).split(',')[0]}, {display_label(pid)}"
        return self.corpus.norm(slug).citation(pid)

    def quote(self, ref: str) -> str:
        """A Markdown blockquote with the verbatim text of a provision (and its sub-provisions)."""
        prov = self._provision(ref)
        lines = []
        for p in prov.walk():
            if p.text:
                lines.extend(p.text.split("\n"))
        body = "\n>\n".join("> " + html.escape(line, quote=False) for line in lines if line.strip())
        return f"{body}\n>\n> — {self.ref(ref, self.cite(ref))}"

    def emitted_basis(self) -> set[str]:
        """Every basis reference the calculator emits (N = 1..TABLE_MAX, every scope, reading and a few edital
        dates) plus every provision the simulator can cite."""
        if self._emitted_basis is None:
            seen: set[str] = set()
            applied: set[str] = set()
            for res in self._sample_answers():
                seen.update(_all_basis(res))
                applied.update(b for s in res.get("steps", []) for b in s.get("basis", []))
            self._emitted_basis = seen | self.calc.simulator_basis()
            # "aplicado": a step of an answer, a decision of the simulator or a parameter rests on it;
            # the rest of the emitted basis is only cited (warnings, context)
            params = {b for slug in NORM_SLUGS for p in self.calc.mod.parameters(slug)["parameters"]
                      for b in p["basis"]}
            self._applied_basis = applied | self.calc.simulator_basis() | params
        return self._emitted_basis

    def applied_basis(self) -> set[str]:
        self.emitted_basis()
        return self._applied_basis

    def _sample_answers(self):
        dates = [None, "2010-01-01", "2013-01-01", "2016-01-01", "2022-03-10", "2023-01-01", "2023-06-01",
                 "2025-01-01", "2040-01-01"]
        for slug in NORM_SLUGS:
            pct = percent_for(slug)
            for n in range(1, TABLE_MAX + 1):
                yield self.calc.reserve(slug, n, pct)
                yield self.calc.order(slug, n, pct)
            for scope in self.calc.scopes(slug):
                for reading in self.calc.readings(slug):
                    yield self.calc.order(slug, 13, pct, reading=reading, scope=scope)
                for d in dates:
                    yield self.calc.reserve(slug, 10, pct, edital_date=d, scope=scope)

    def step_basis_table(self, slug: str) -> list[dict]:
        """Answer step → basis, for Metodologia: each distinct step the calculator gives in a sample of
        answers (13 vagas; every scope and reading; editais in and out of force), and each kind of decision
        of the simulator, with the provisions it cites or "sem base no corpus"."""
        pct = percent_for(slug)
        rows, seen = [], set()
        answers = [self.calc.reserve(slug, 13, pct), self.calc.reserve(slug, 4, pct)]
        for scope in self.calc.scopes(slug):
            answers += [self.calc.order(slug, 13, pct, reading=r, scope=scope)
                        for r in self.calc.readings(slug)]
            answers.append(self.calc.reserve(slug, 12, pct, scope=scope))
        for d in ("2010-01-01", "2016-01-01", "2022-03-10", "2023-06-01", "2025-01-01", "2040-01-01"):
            answers.append(self.calc.reserve(slug, 13, pct, edital_date=d))
        for res in answers:
            for s in res.get("steps", []):
                if not s.get("basis") and s.get("basis_kind") != "sem_base_no_corpus":
                    continue  # input facts ("Edital publicado em …"), not legal steps
                # one row per kind of step: the same sentence with other numbers is the same step
                key = (re.sub(r"[0-9][0-9.,/]*", "#", s["text"]), tuple(s["basis"]))
                if key in seen:
                    continue
                seen.add(key)
                rows.append({"step": s["text"], "basis": list(s["basis"]),
                             "kind": s.get("basis_kind", "dispositivo"), "source": res["command"]})
        from calculator import simulator

        for key, ids in simulator.BASIS[slug].items():
            if key not in SIMULATOR_DECISIONS:
                continue
            rows.append({"step": SIMULATOR_DECISIONS[key], "basis": [f"{slug}:{i}" for i in ids],
                         "kind": "dispositivo" if ids else "sem_base_no_corpus", "source": "simular"})
        return rows


#: pt-BR names of the simulator's kinds of decision (the norms' [simulation.basis], calculator/simulator/) for
#: Metodologia.
SIMULATOR_DECISIONS = {
    "ranking": "Simulação: nomeação pela classificação geral",
    "concurrent": "Simulação: o optante concorre também às vagas de ampla concorrência",
    "ampla_excludes": "Simulação: o optante nomeado pela ampla concorrência sai da lista específica",
    "reserve": "Simulação: vagas reservadas preenchidas pela lista específica",
    "reserve_only_optants": "Simulação: só optantes ocupam vagas reservadas",
    "call_order": "Simulação: posições da reserva na ordem de nomeação",
    "pcd": "Simulação: vagas de pessoas com deficiência (fixadas pelo edital)",
    "precedence": "Simulação: candidato em mais de uma lista específica",
    "precedence_alt": "Simulação: candidato em duas listas — opção art. 4º, parágrafo único",
    "female": "Simulação: vagas femininas da Guarda Civil Municipal",
    "replace_reserve": "Simulação: vaga reservada de quem desiste passa ao optante seguinte",
    "replace_list": "Simulação: vaga de lista específica de quem desiste passa ao seguinte da lista",
    "revert_reserve": "Simulação: vagas reservadas sem optante revertem à ampla concorrência",
    "eliminated": "Simulação: eliminação por declaração falsa",
    "fraud": "Simulação: fraude na heteroidentificação",
    "cappc": "Simulação: parecer da CAPPC e decisão da autoridade",
    "absent": "Simulação: ausência à heteroidentificação",
    "not_confirmed": "Simulação: autodeclaração não confirmada, sem má-fé",
    "hetero": "Simulação: heteroidentificação",
    "gender": "Simulação: equidade de gênero",
    "gender_revert": "Simulação: vagas de um gênero revertidas ao outro",
    "lists": "Simulação: listas publicadas",
}


def _all_basis(result: dict) -> set[str]:
    out = set(result.get("basis", []))
    for key in ("warnings", "steps"):
        for item in result.get(key, []):
            out.update(item.get("basis", []))
    return out


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- law pages


def _ref_html(norm, ref) -> str:
    """Inline markup for one reference found in the law text (the cited words stay verbatim)."""
    words = html.escape(ref.text, quote=False)
    target = ref.target
    if target is None:
        note = html.escape(f"Remissão não resolvida: {ref.note or 'alvo não identificado'}")
        return f'<span class="remissao nao-resolvida" title="{note}">{words}</span>'
    if target["type"] == "internal":
        label = html.escape(norm.get(target["id"]).label)
        return f'<a class="remissao" href="#{target["id"]}" title="{label}">{words}</a>'
    label = html.escape(f"{target['label']} — norma externa, fora do corpus")
    url = OFFICIAL_URLS.get((target.get("kind"), target.get("number"), target.get("year")))
    if url:
        return f'<a class="remissao externa" href="{url}" title="{label}" rel="external">{words}</a>'
    return f'<span class="remissao externa" title="{label}">{words}</span>'


def _text_html(norm, prov) -> str:
    """Escaped verbatim text of one provision, references marked up, line breaks as <br>."""
    refs = sorted((r for r in norm.references if r.from_id == prov.id), key=lambda r: r.start)
    out, pos = [], 0
    for r in refs:
        if r.start < pos:  # overlapping reference: keep the first one inline (both are listed below)
            continue
        out.append(html.escape(prov.text[pos:r.start], quote=False))
        out.append(_ref_html(norm, r))
        pos = r.end
    out.append(html.escape(prov.text[pos:], quote=False))
    return "".join(out).replace("\n", "<br>\n")


def _ref_notes(norm, provs) -> str:
    """Notes below a line for external and unresolved references (outside the law text)."""
    items = []
    for prov in provs:
        for r in norm.references:
            if r.from_id != prov.id:
                continue
            words = html.escape(r.text, quote=False)
            if r.target is None:
                note = html.escape(r.note or "alvo não identificado", quote=False)
                items.append(f'<li class="nao-resolvida">Remissão não resolvida: “{words}” — {note}. '
                             f'<a href="conflitos.html#{norm.slug}-remissoes">'
                             "Veja Conflitos e ambiguidades</a>.</li>")
            elif r.target["type"] == "external":
                label = html.escape(r.target["label"], quote=False)
                url = OFFICIAL_URLS.get((r.target.get("kind"), r.target.get("number"), r.target.get("year")))
                link = f' <a href="{url}" rel="external">Texto oficial</a> (site externo).' if url else ""
                items.append(f"<li>Remissão externa: “{words}” → <strong>{label}</strong>, norma fora do "
                             f"corpus deste site.{link}</li>")
    if not items:
        return ""
    return '<ul class="remissoes-nota" aria-label="Remissões">' + "".join(items) + "</ul>"


def _law_lines(norm) -> list[list]:
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


def law_text_markdown(ctx: Context, norm) -> str:
    """The full text as raw HTML blocks (immune to Markdown), with annotations as admonitions."""
    annotations = norm.annotations
    site_ann = site_annotations(norm)
    # annotation of a provision goes after the line holding its last descendant
    last_of = {}
    for pid in annotations:
        prov = norm.get(pid)
        last_of[pid] = list(prov.walk())[-1].id
    notes_after: dict[str, list[str]] = {}
    for pid, last in last_of.items():
        notes_after.setdefault(last, []).append(pid)

    blocks = []
    for line in _law_lines(norm):
        # Each article opens with a heading kept off screen (the text already starts with "Art. 2º"): the
        # page's side index lists the articles and a search hit lands at the article, not the page top.
        for anchors, _prov in line:
            for a in anchors:
                if a.kind == "artigo":
                    title = a.label[:1].upper() + a.label[1:]
                    blocks.append(f"### {title} {{ #titulo-{a.id} .titulo-artigo }}")
        # The line's text stays one intact run (a note printed inside a line, such as Quissamã's
        # art. 5º "(Prazo prorrogado…)", keeps its own anchor); the ¶ permalinks come after the whole line.
        parts, links, provs = [], [], []
        for anchors, prov in line:
            for a in anchors:
                parts.append(f'<span class="ancora" id="{a.id}"></span>')
            citation = html.escape(site_citation(norm, prov.id))
            css = "trecho nota-na-linha" if provs and prov.kind == "nota" else "trecho"
            provs.append(prov)
            parts.append(f'<span class="{css}" id="{prov.id}">{_text_html(norm, prov)}</span>')
            links.append(
                f'<a class="citar" href="#{prov.id}" data-citacao="{citation}" '
                f'title="Copiar citação e link: {citation}" '
                f'aria-label="Copiar citação e link: {citation}" data-search-exclude>¶</a>'
            )
            if prov.tail and "\n" not in prov.tail:
                parts.append(html.escape(prov.tail, quote=False))
        kind = provs[0].kind
        block = f'<div class="dispositivo tipo-{kind}">{"".join(parts)}{"".join(links)}</div>'
        blocks.append(block + _ref_notes(norm, provs))
        for prov in provs:
            for pid in notes_after.get(prov.id, []):
                blocks.append(_annotation_markdown(norm, pid, annotations[pid], site_ann.get(pid, {}),
                                                   ctx.implemented(norm, pid),
                                                   ctx.parameters_citing(norm, pid)))
    return "\n\n".join(blocks) + "\n"


def _annotation_markdown(norm, pid, ann, extra, used, params=()) -> str:
    label = norm.get(pid).label
    body = ann["texto"].strip()
    tail = []
    if ann.get("regra"):
        rule = ann["regra"]
        tail.append(f"**Regra na calculadora:** [{rule_label(rule)}](metodologia.md#{rule_anchor(rule)}) "
                    f"<small>(`{rule_short(rule)}`)</small>.")
    elif used:
        tail.append("**Na calculadora:** citado como base legal nas respostas "
                    f"([Metodologia](metodologia.md#{norm.slug})).")
    elif params:
        names = ", ".join(param_label(p).lower() for p in params)
        tail.append(f"**Na calculadora:** fixa o parâmetro {names} "
                    f"([Metodologia](metodologia.md#{norm.slug})).")
    elif extra.get("nao_implementado"):
        tail.append(f"**Fora da calculadora:** {extra['nao_implementado']} "
                    f"([Metodologia](metodologia.md#{norm.slug}))")
    text = body + ("\n\n" + "\n".join(tail) if tail else "")
    indented = "\n".join(("    " + line) if line.strip() else "" for line in text.split("\n"))
    return f'!!! note "{NOTE_TITLE} ({label})"\n\n{indented}'


def validity_status(ctx: Context, norm) -> dict:
    """Validity for an edital published on the build date, computed by the calculator's own rule."""
    rule = getattr(ctx.calc.mod, norm.slug).validity
    res = rule(datetime.date.fromisoformat(ctx.today))
    return {"applies": res["applies"], "warnings": res.get("warnings", []), "date": ctx.today,
            "start": res.get("in_force_from"), "last_day": res.get("last_day"), "basis": res.get("basis", [])}


def page_norm(ctx: Context, norm) -> None:
    """docs/gerado/<slug>.md — header box, full annotated text, downloads."""
    meta = norm.meta
    articles = [p for p in norm.provisions if p.kind == "artigo"]
    tpl = ctx.env.get_template("norma.md.j2")
    status = validity_status(ctx, norm)
    structured = jsonld.legislation(norm, f"{norm.slug}.html", in_force=status["applies"],
                                    start=status["start"], last_day=status["last_day"], on=status["date"])
    timeline = {row["slug"]: row for row in validity_timeline(ctx)}[norm.slug]
    write(GEN / f"{norm.slug}.md", tpl.render(
        norm=norm, meta=meta, place=PLACE[norm.slug], kind_label=KIND_LABEL.get(meta["kind"], meta["kind"]),
        date_pt=pt_date(meta["date"]), status=status, articles=articles, jsonld=jsonld.script(structured),
        abnt=abnt.reference_head(norm), text_warnings=ctx.calc.mod.parameters(norm.slug)["warnings"],
        text_markdown=law_text_markdown(ctx, norm), note_title=NOTE_TITLE,
        n_annotations=len(norm.annotations), build_date=pt_date(ctx.today), vigencia=timeline["summary"],
    ))


# --------------------------------------------------------------------------- validity timeline
#
# The timeline is read off the calculator's own validity rules: every day of the range is an edital date
# passed to <norm>.validity(), and consecutive days with the same answer (applies true, false or null)
# form one period. Nothing is copied by hand, so the picture follows whatever model the rules adopt.

TIMELINE_FROM = datetime.date(2010, 1, 1)
TIMELINE_TO = datetime.date(2035, 12, 31)
TIMELINE_STATUS = {True: "a reserva se aplica", False: "a reserva não se aplica",
                   None: "não é possível determinar com o corpus"}


def validity_periods(rule, first: datetime.date = TIMELINE_FROM, last: datetime.date = TIMELINE_TO) -> list:
    """Maximal runs of edital dates in [first, last] for which ``rule`` gives the same ``applies`` and the
    same reason (its last step, compared without digits, so that a date quoted in it does not split a run;
    the reason is kept only when it is the same word for word on every day of the run).

    A boundary date is marked presumed when the rule says the publication date is presumed (a warning
    ``*_publicacao_presumida``) and the date is, or is next to, the start or last day the rule reports, or an
    anniversary of that start (a term in years ends on the day of the same number, so it inherits the
    presumption)."""
    one = datetime.timedelta(days=1)
    periods, presumed, anniversaries = [], set(), set()
    day = first
    while day <= last:
        res = rule(day)
        if any(w["code"].endswith("_publicacao_presumida") for w in res.get("warnings", [])):
            presumed.update(datetime.date.fromisoformat(d)
                            for d in (res.get("in_force_from"), res.get("last_day")) if d)
            if res.get("in_force_from"):
                start = datetime.date.fromisoformat(res["in_force_from"])
                anniversaries.add((start.month, start.day))
        steps = res.get("steps", [])
        why = steps[-1]["text"] if steps else ""
        key = (res["applies"], re.sub(r"\d", "", why))
        if periods and periods[-1]["key"] == key:
            periods[-1]["end"] = day
            if periods[-1]["why"] != why:
                periods[-1]["why"] = ""
        else:
            periods.append({"key": key, "start": day, "end": day, "applies": res["applies"], "why": why})
        day += one
    def is_presumed(*days: datetime.date) -> bool:
        return any(d in presumed or (d.month, d.day) in anniversaries for d in days)

    for p in periods:
        del p["key"]
        p["open_start"], p["open_end"] = p["start"] == first, p["end"] == last
        p["start_presumed"] = not p["open_start"] and is_presumed(p["start"], p["start"] - one)
        p["end_presumed"] = not p["open_end"] and is_presumed(p["end"], p["end"] + one)
    return periods


def _tl_date(d: datetime.date, presumed: bool) -> str:
    return d.strftime("%d/%m/%Y") + (" (presumida)" if presumed else "")


def validity_summary(periods: list, today: datetime.date) -> str:
    """One pt-BR sentence: "Vigorou de … a …", "Em vigor desde …", with the presumed dates marked."""
    on = [p for p in periods if p["applies"] is True]
    if not on:
        return ("Pela regra de vigência da calculadora, a reserva não se aplica a edital de nenhuma data "
                "examinada.")
    first, last = on[0], on[-1]
    start = _tl_date(first["start"], first["start_presumed"])
    end = _tl_date(last["end"], last["end_presumed"])
    if first["open_start"] and last["open_end"]:
        text = f"A calculadora aplica a reserva a editais de qualquer data examinada, desde {start}"
    elif first["open_start"]:
        text = f"A calculadora aplica a reserva a editais publicados até {end}"
    elif last["open_end"]:
        text = f"Em vigor desde {start}, sem prazo final no texto"
    else:
        text = f"{'Vigorou' if last['end'] < today else 'Vigora'} de {start} a {end}"
    for gap in periods:  # interruptions, and every stretch the corpus cannot decide
        between = first["start"] < gap["start"] and gap["end"] < last["end"]
        if gap["applies"] is None or (gap["applies"] is False and between):
            text += (f"; para editais de {_tl_date(gap['start'], gap['start_presumed'])} a "
                     f"{_tl_date(gap['end'], gap['end_presumed'])}, {TIMELINE_STATUS[gap['applies']]}")
    text += ". Contam as datas de publicação do edital, pela regra de vigência da calculadora."
    if any(p["start_presumed"] or p["end_presumed"] for p in periods):
        text += (" Datas presumidas: o texto não traz a data de publicação, e os prazos contados dela também "
                 "são presumidos.")
    return text


def validity_timeline(ctx: Context) -> list[dict]:
    """Per norm: the calculator's validity periods and their one-sentence summary (cached on ctx)."""
    if getattr(ctx, "_timeline", None) is None:
        today = datetime.date.fromisoformat(ctx.today)
        rows = []
        for norm in ctx.corpus.norms:
            periods = validity_periods(getattr(ctx.calc.mod, norm.slug).validity)
            rows.append({"slug": norm.slug, "place": PLACE[norm.slug], "title": norm.meta["title"],
                         "periods": periods, "summary": validity_summary(periods, today)})
        ctx._timeline = rows
    return ctx._timeline


# Geometry of the SVG (viewBox units): narrow enough to stay legible on a phone.
TL_LEFT, TL_WIDTH, TL_ROW, TL_TOP = 16, 448, 60, 30


def timeline_html(ctx: Context, prefix: str = "") -> str:
    """The timeline figure (docs/templates/_linha_do_tempo.html.j2): SVG plus its text equivalent.

    ``prefix`` is the path from the including page to docs/gerado/ (the home page is one level up)."""
    total = (TIMELINE_TO - TIMELINE_FROM).days + 1
    one = datetime.timedelta(days=1)

    def x(d: datetime.date) -> float:
        return round(TL_LEFT + TL_WIDTH * (d - TIMELINE_FROM).days / total, 1)

    rows = []
    for row in validity_timeline(ctx):
        bars, marks = [], set()
        for p in row["periods"]:
            x1, x2 = x(p["start"]), x(p["end"] + one)
            bars.append({**p, "x": x1, "w": max(round(x2 - x1, 1), 2),
                         "start_text": _tl_date(p["start"], p["start_presumed"]),
                         "end_text": _tl_date(p["end"], p["end_presumed"]),
                         "status": TIMELINE_STATUS[p["applies"]]})
            marks.update([x1] if p["start_presumed"] else [])
            marks.update([x2] if p["end_presumed"] else [])
        # drawn green first, so that a short gap (Quissamã, March 2022) is painted over them and stays visible
        drawn = [b for b in bars if b["applies"] is True] + [b for b in bars if b["applies"] is not True]
        rows.append({**row, "bars": bars, "drawn": drawn, "marks": sorted(marks)})
    today = datetime.date.fromisoformat(ctx.today)
    years = [{"x": x(datetime.date(y, 1, 1)), "year": y, "label": (y - TIMELINE_FROM.year) % 4 == 0}
             for y in range(TIMELINE_FROM.year, TIMELINE_TO.year + 1, 2)]
    xt = x(today)
    return ctx.env.get_template("_linha_do_tempo.html.j2").render(
        rows=rows, years=years, prefix=prefix, left=TL_LEFT, width=TL_WIDTH, row_h=TL_ROW, top=TL_TOP,
        today=today.strftime("%d/%m/%Y"), xt=xt,
        today_anchor="end" if xt > TL_LEFT + TL_WIDTH * 0.7 else "start" if xt < TL_LEFT + TL_WIDTH * 0.3
        else "middle",
        first=TIMELINE_FROM.strftime("%d/%m/%Y"), last=TIMELINE_TO.strftime("%d/%m/%Y")).strip()


# --------------------------------------------------------------------------- pages across norms


def page_comparativo(ctx: Context) -> None:
    """docs/gerado/comparativo.md — topics × the three norms, every cell citing its provisions."""
    write(GEN / "comparativo.md", ctx.env.get_template("comparativo.md.j2").render(
        quiss13=ctx.calc.order("quissama", 13), ubat13=ctx.calc.order("ubatuba", 13),
        linha_do_tempo=timeline_html(ctx),
        vigencia={row["slug"]: row["summary"] for row in validity_timeline(ctx)}))


def page_linha_do_tempo(ctx: Context) -> None:
    """docs/gerado/_linha-do-tempo.md — the timeline for the home page (included there with pymdownx.snippets;
    excluded from the pages by mkdocs.yml's exclude_docs)."""
    write(GEN / "_linha-do-tempo.md", timeline_html(ctx, "gerado/") + "\n")


def page_conflitos(ctx: Context) -> None:
    """docs/gerado/conflitos.md — tensions in the texts and how the calculator treats each one."""

    def warnings_for(slug, n, percent=None, edital_date=None, command="reserve", scope=None):
        if command == "order":
            res = ctx.calc.order(slug, n, percent, scope=scope)
        else:
            res = ctx.calc.reserve(slug, n, percent, edital_date=edital_date, scope=scope)
        # plus the warnings about the text itself (`parametros`), which answers carry only where they can
        # change them: this page is about the texts' tensions
        ws = list(res.get("warnings", []))
        codes = {w["code"] for w in ws}
        return ws + [w for w in ctx.calc.mod.parameters(slug)["warnings"] if w["code"] not in codes]

    def aplica(slug, percent, edital_date):
        res = ctx.calc.reserve(slug, 10, percent, edital_date=edital_date)
        return {True: "**a reserva se aplica**", False: "**a reserva não se aplica**",
                None: "**não é possível determinar com o corpus se a reserva se aplica**"}[res["applies"]]

    unresolved = {n.slug: [r for r in n.references if r.target is None] for n in ctx.corpus.norms}
    write(GEN / "conflitos.md", ctx.env.get_template("conflitos.md.j2").render(
        warnings_for=warnings_for, aplica=aplica, unresolved=unresolved, corpus=ctx.corpus,
        lins_pct=LINS_EXAMPLE_PERCENT))


def page_metodologia(ctx: Context) -> None:
    """docs/gerado/metodologia.md — implemented / not implemented provisions, coverage, both-way links."""
    norms, rules = [], {}
    for norm in ctx.corpus.norms:
        extra = site_annotations(norm)
        rows = []
        for pid, ann in norm.annotations.items():
            prov = norm.get(pid)
            used = ctx.implemented(norm, pid)
            params = ctx.parameters_citing(norm, pid)
            implemented = bool(ann.get("regra")) or bool(used) or bool(params)
            sub = {f"{norm.slug}:{p.id}" for p in prov.walk()}
            applied = bool(ann.get("regra")) or bool(params) or bool(sub & ctx.applied_basis())
            motivo = extra.get(pid, {}).get("nao_implementado", "")
            rows.append({"id": pid, "label": prov.label, "regra": ann.get("regra"), "used": used,
                         "params": params, "implemented": implemented, "applied": applied,
                         "cited": implemented and not applied, "motivo": motivo})
            if ann.get("regra"):
                rules.setdefault(ann["regra"], []).append((norm.slug, pid, prov.label))
        done = sum(r["implemented"] for r in rows)
        applied = sum(r["applied"] for r in rows)
        params = ctx.calc.mod.parameters(norm.slug)["parameters"]
        norms.append({"norm": norm, "rows": rows, "done": done, "applied": applied, "cited": done - applied,
                      "total": len(rows), "params": params, "steps": ctx.step_basis_table(norm.slug)})
    total = sum(n["total"] for n in norms)
    done = sum(n["done"] for n in norms)
    applied = sum(n["applied"] for n in norms)
    write(GEN / "metodologia.md", ctx.env.get_template("metodologia.md.j2").render(
        norms=norms, rules=sorted(rules.items()), rule_anchor=rule_anchor, total=total, done=done,
        applied=applied, cited=done - applied,
        place=PLACE, lins_pct=LINS_EXAMPLE_PERCENT))


def table_data(ctx: Context) -> dict:
    """Build-time table, computed by the calculator itself.

    Shape of docs/gerado/tabelas.json (read by the calculator page before Python is ready or without
    WebAssembly; the page shows the warnings with the precomputed answer):
    {
      "generated": "AAAA-MM-DD",
      "max_vacancies": 100,
      "norms": {
        "<slug>": {                       # ubatuba, quissama, lins
          "percent": "20" | null,         # percentage passed to the calculator (null = the norm's own)
          "percent_is_example": bool,     # true for Lins: an example, its law sets the real value
          "messages": {"<key>": {"code", "kind", "message", "basis"}},   # the calculator's own warnings
          "window": {"from", "to", "presumed", "short", "text", "basis"},  # editais the norm governs
          "validity": {"date", "applies", "start", "last_day", "summary", "warnings", "basis"},
                                          # the calculator's validity rule for an edital published on the
                                          # build date (as in the norm page's status box)
          "rows": [                       # index i ↔ vacancies i + 1
            {"vacancies": int, "reserved": int, "positions": [int, ...],
             "applies": true | false | null,  # as the calculator's reserva (null: the corpus cannot tell)
             "headline": str,             # the calculator's own one-sentence answer (same as the page/CLI)
             "interpreted_positions": [int, ...],  # positions placed by interpretation (also in positions)
             "warnings": [code, ...],     # codes of the reserva and ordem answers (sorted, deduplicated)
             "reserve_warnings": [key, ...], "order_warnings": [key, ...]}   # keys into "messages"
          ]
        }
      }
    }
    """
    norms = {}
    for slug in NORM_SLUGS:
        pct = percent_for(slug)
        rows = []
        messages: dict[str, dict] = {}

        def key_of(warning: dict, messages: dict = messages) -> str:
            entry = {k: warning.get(k) for k in ("code", "kind", "message", "basis")}
            i = 0
            while True:
                key = warning["code"] if i == 0 else f"{warning['code']}-{i}"
                if messages.setdefault(key, entry) == entry:
                    return key
                i += 1

        for n in range(1, TABLE_MAX + 1):
            res = ctx.calc.reserve(slug, n, pct)
            order = ctx.calc.order(slug, n, pct)
            codes = sorted({w["code"] for w in res.get("warnings", []) + order.get("warnings", [])})
            rows.append({"vacancies": n, "reserved": res["reserved"], "positions": list(order["positions"]),
                         "applies": res["applies"], "headline": res["headline"],
                         "interpreted_positions": list(order["interpreted_positions"]),
                         "warnings": codes,
                         "reserve_warnings": [key_of(w) for w in res.get("warnings", [])],
                         "order_warnings": [key_of(w) for w in order.get("warnings", [])]})
        window = ctx.calc.reserve(slug, 1, pct)["validity_window"]
        norms[slug] = {"percent": pct, "percent_is_example": slug == "lins", "rows": rows, "window": window,
                       "messages": messages, "validity": table_validity(ctx, ctx.corpus.norm(slug))}
    return {"generated": ctx.today, "max_vacancies": TABLE_MAX, "norms": norms}


def table_validity(ctx: Context, norm) -> dict:
    """validity_status (the calculator's rule, edital published on the build date) with a pt-BR summary."""
    status = validity_status(ctx, norm)
    when = br_date(status["date"])
    verdict = {True: "a reserva se aplica", False: "a reserva não se aplica",
               None: "não é possível determinar com o corpus se a reserva se aplica"}[status["applies"]]
    period = {row["slug"]: row["summary"] for row in validity_timeline(ctx)}[norm.slug]
    summary = (f"Vigência ({PLACE[norm.slug]}): {period} "
               f"Para um edital publicado em {when} (data de geração do site), {verdict}, segundo a regra de "
               "vigência da calculadora.")
    return {**status, "summary": summary}


def page_tabelas(ctx: Context) -> None:
    """docs/gerado/tabelas.md and docs/gerado/tabelas.json — N = 1…100 per norm."""
    data = table_data(ctx)
    write(GEN / "tabelas.json", json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
    write(GEN / "tabelas.md", ctx.env.get_template("tabelas.md.j2").render(
        data=data, lins_pct=LINS_EXAMPLE_PERCENT, corpus=ctx.corpus))


def page_downloads(ctx: Context) -> None:
    """docs/gerado/downloads.md plus the files: each norm's plain text and LexML XML, and the corpus JSON."""
    out = GEN / "downloads"
    out.mkdir(parents=True, exist_ok=True)
    xml_sizes = {}
    for norm in ctx.corpus.norms:
        shutil.copyfile(ROOT / "laws" / norm.slug / "texto.txt", out / f"{norm.slug}.txt")
        xml = lexml.to_xml(norm)
        errors = lexml.validate(xml)
        if errors:  # never publish a document the schema rejects
            raise SystemExit(f"{norm.slug}.xml não passa no esquema LexML: {errors[0]}")
        xml_sizes[norm.slug] = (out / f"{norm.slug}.xml").write_bytes(xml.encode("utf-8"))
    corpus_json = subprocess.run([sys.executable, "-m", "laws", "export"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
    (out / "corpus.json").write_bytes(corpus_json)
    write(GEN / "downloads.md", ctx.env.get_template("downloads.md.j2").render(
        corpus=ctx.corpus, place=PLACE, size=len(corpus_json), xml_sizes=xml_sizes))


# --------------------------------------------------------------------------- build


def run_mkdocs(site_dir: Path, root: Path = ROOT) -> None:
    """``mkdocs build --strict`` of root/mkdocs.yml into site_dir.  Never ``--quiet``: mkdocs then drops
    its warnings before ``--strict`` can count them, and a broken link builds with exit 0.  Its INFO lines
    are left out; warnings are shown; a failure is a pt-BR SystemExit with mkdocs's own lines."""
    created = []
    for name, text in PLACEHOLDERS.items():
        path = root / "docs" / name
        if not path.exists():
            path.write_text(text, encoding="utf-8")
            created.append(path)
    try:
        cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(root / "mkdocs.yml"),
               "--site-dir", str(site_dir)]
        # Material's end-of-life banner; the Zensical build is covered by tests/test_site_zensical.py.
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    finally:
        for path in created:
            path.unlink(missing_ok=True)
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
        path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


# The error page is served by the web server for a missing address at ANY depth (/cotas/x/y/z.html), so no
# relative URL is right for it and MkDocs's root-absolute ones break under a sub-path. It is therefore
# self-contained (inline style, no assets) and finds the site root at run time: the nearest folder above
# the address that holds ROOT_MARKER. Without JavaScript its links are relative to the address.
ROOT_MARKER = "gerado/tabelas.json"
NOT_FOUND_LINKS = (("index.html", "Página inicial"), ("calculadora.html", "Calculadora"),
                   ("gerado/tabelas.html", "Tabelas de vagas"), ("gerado/ubatuba.html", "Lei de Ubatuba/SP"),
                   ("gerado/quissama.html", "Lei de Quissamã/RJ"), ("gerado/lins.html", "Decreto de Lins/SP"))
NOT_FOUND_HTML = """<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Página não encontrada — Cotas em Concursos</title>
<style>
body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif;
  color: #1a1a1a; background: #fff; line-height: 1.5; }
header { background: #795548; color: #fff; padding: .8rem 1.2rem; font-size: 1.1rem; font-weight: 700; }
header a { color: #fff; text-decoration: none; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem 1.2rem 3rem; }
h1 { font-size: 1.6rem; font-weight: 400; }
a { color: #5d4037; text-decoration: underline; }
a:focus-visible { outline: 3px solid #1a56a6; outline-offset: 2px; }
code { background: #f2f2f2; padding: 0 .2em; word-break: break-all; }
</style>
</head>
<body>
<header><a data-caminho="index.html" href="index.html">Cotas em Concursos</a></header>
<main>
<h1>Página não encontrada</h1>
<p>O endereço <code id="endereco"></code> não existe neste site. Ele pode ter sido digitado errado ou a página
pode ter mudado de lugar.</p>
<p>Comece por uma destas páginas:</p>
<ul>
__LINKS__
</ul>
<p><small>Não é orientação jurídica: este site explica o texto das normas e não substitui a publicação
oficial, o edital do concurso nem a orientação de um profissional.</small></p>
</main>
<script>
// Finds the site root (the nearest folder above this address holding __MARKER__) and points the links there.
(async () => {
  document.getElementById("endereco").textContent = decodeURIComponent(location.pathname);
  if (!/^https?:$/.test(location.protocol)) return;
  const parts = location.pathname.split("/");
  parts.pop();
  while (parts.length) {
    const root = parts.join("/") + "/";
    try {
      let r = await fetch(root + "__MARKER__", { method: "HEAD", cache: "no-store" });
      if (r.status === 405 || r.status === 501) r = await fetch(root + "__MARKER__", { cache: "no-store" });
      if (r.ok && (r.headers.get("content-type") || "").includes("json")) {
        for (const a of document.querySelectorAll("a[data-caminho]")) a.href = root + a.dataset.caminho;
        document.documentElement.dataset.raiz = root;
        return;
      }
    } catch (err) {
      // keep looking one folder up
    }
    parts.pop();
  }
})();
</script>
</body>
</html>
"""


def write_404(site_dir: Path) -> Path:
    """Replace MkDocs's 404.html (root-absolute URLs) with the self-contained error page above."""
    links = "\n".join(f'<li><a data-caminho="{href}" href="{href}">{html.escape(text)}</a></li>'
                       for href, text in NOT_FOUND_LINKS)
    out = Path(site_dir) / "404.html"
    out.write_text(NOT_FOUND_HTML.replace("__LINKS__", links).replace("__MARKER__", ROOT_MARKER),
                   encoding="utf-8")
    return out


# Pyodide files the calculator page loads (its loader, the runtime and the standard library). The lock
# file is written trimmed (no packages): the page never installs anything (no micropip, no network).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def calculator_data_files() -> list[Path]:
    """The norms' registries (laws/<slug>/norma.toml), read by the calculator at import: packed at the same
    relative path, so calculator/registry.py finds them in Pyodide as in the repository."""
    from calculator.registry import FILENAME

    return sorted((ROOT / "laws").glob(f"*/{FILENAME}"))


def pack_calculator(site_dir: Path) -> None:
    """Post-build hook for the calculator page (issue 6).

    Copies Pyodide from node_modules/pyodide (npm, pinned) into site/assets/pyodide/ and packs
    calculator/*.py and the norms' registries (laws/*/norma.toml) into
    site/assets/calculadora/calculator.zip — deterministic (sorted names, fixed timestamps and modes),
    loaded in the page's Web Worker with ``pyodide.unpackArchive``. The standard library zip keeps only the
    files the calculator loads (trim_stdlib); the precomputed answers are written beside (write_answers).
    """
    src = ROOT / "node_modules" / "pyodide"
    if not (src / "pyodide.mjs").is_file():
        raise SystemExit("erro: Pyodide não encontrado em node_modules/pyodide; rode `npm ci`.")
    dest = Path(site_dir) / "assets" / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if name != "python_stdlib.zip":
            shutil.copyfile(src / name, dest / name)
    lock = json.loads((src / "pyodide-lock.json").read_text(encoding="utf-8"))
    (dest / "pyodide-lock.json").write_text(
        json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n", encoding="utf-8")

    out = Path(site_dir) / "assets" / "calculadora" / "calculator.zip"
    out.parent.mkdir(parents=True, exist_ok=True)
    files = sorted([p for p in (ROOT / "calculator").rglob("*.py") if "__pycache__" not in p.parts]
                   + calculator_data_files())
    with zipfile.ZipFile(out, "w") as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            zf.writestr(info, path.read_bytes())
    trim_stdlib(src / "python_stdlib.zip", out, dest / "python_stdlib.zip")
    write_answers(site_dir)


# Files kept in the trimmed standard library besides those seen loaded (tools/stdlib_modules.mjs): codecs a
# browser's file may need and the error formatting path.
STDLIB_ALWAYS = ("encodings/__init__.py", "encodings/aliases.py", "encodings/utf_8.py",
                 "encodings/utf_8_sig.py", "encodings/cp1252.py", "encodings/latin_1.py",
                 "encodings/ascii.py",
                 "traceback.py", "linecache.py", "site.py")


def stdlib_needed(full_zip: Path, calculator_zip: Path, cache: Path | None = None) -> list[str]:
    """The stdlib files the calculator loads in Pyodide (tools/stdlib_modules.mjs, cached by inputs in
    ``cache``, by default the build cache)."""
    import hashlib

    cache = BUILD_CACHE if cache is None else cache
    key = hashlib.sha256()
    for path in (full_zip, calculator_zip, ROOT / "tools" / "stdlib_modules.mjs"):
        key.update(hashlib.sha256(path.read_bytes()).digest())
    cached = Path(cache) / "stdlib" / f"{key.hexdigest()}.json" if cache is not None else None
    if cached is not None and cached.is_file():
        return json.loads(cached.read_text(encoding="utf-8"))
    proc = subprocess.run(["node", str(ROOT / "tools" / "stdlib_modules.mjs"), str(full_zip.parent),
                           str(calculator_zip)], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"erro: não foi possível listar os módulos da biblioteca padrão "
                         f"(tools/stdlib_modules.mjs):\n{proc.stderr.strip()}")
    names = json.loads(proc.stdout.strip().splitlines()[-1])
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("*.json"):
            old.unlink()
        cached.write_text(json.dumps(names), encoding="utf-8")
    return names


def trim_stdlib(full_zip: Path, calculator_zip: Path, out: Path) -> Path:
    """Pyodide's python_stdlib.zip holding only what the calculator loads (about a third of its 2.5 MB).

    Deterministic (sorted names, fixed timestamps); each kept file's bytes are the original's."""
    keep = set(stdlib_needed(full_zip, calculator_zip)) | set(STDLIB_ALWAYS)
    tmp = out.with_name(out.name + ".tmp")
    with zipfile.ZipFile(full_zip) as src, zipfile.ZipFile(tmp, "w") as zf:
        for name in sorted(n for n in src.namelist() if n in keep):
            info = zipfile.ZipInfo(name, ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            zf.writestr(info, src.read(name), compresslevel=9)
    tmp.replace(out)
    return out

# Precomputed answers for the calculator page (assets/calculadora/respostas.js): what the tables answer
# without Python. A classic script (not JSON fetched by the page) so it also loads from the unzipped folder
# opened from disk (file://), where fetch() and module scripts are refused.
ANSWERS_MAX = 1000
ANSWERS_DATES = ("2000-01-01", "2060-12-31")  # edital dates scanned for validity windows
DATE_MARK = "{data_edital}"
RESERVE_FIELDS = ("reserved", "applies", "percent_display", "headline", "warnings", "basis")
ORDER_FIELDS = ("reserved", "applies", "percent_display", "positions_total", "reading_description",
                "interpreted_positions", "warnings", "basis")


class _Pool:
    """Distinct JSON values, referenced by index (the same warning list is stored once)."""

    def __init__(self):
        self.items: list = []
        self._index: dict[str, int] = {}

    def __call__(self, value) -> int:
        key = json.dumps(value, ensure_ascii=False, sort_keys=True)
        if key not in self._index:
            self._index[key] = len(self.items)
            self.items.append(value)
        return self._index[key]


def _message(pool: _Pool, text: str, row: tuple[int, int] | None = None):
    """A message whose numbers vary with N (e.g. Quissamã's art. 1º vs art. 3º conflict) is stored once as a
    skeleton: [skeleton index, number, number, ...]; the page puts the numbers back where each \\0 is.
    With row = (reserved, vacancies), a number equal to one of them (or to one seat more or less) is the
    token "r", "n", "r+1" or "r-1", so that one entry serves every N with the same wording."""
    numbers = re.findall(r"\d+", text)
    if not numbers:
        return text
    if row is not None:
        reserved, vacancies = row
        names = {str(reserved - 1): "r-1", str(reserved + 1): "r+1", str(vacancies): "n", str(reserved): "r"}
        numbers = [names.get(x, x) for x in numbers]
    return [pool(re.sub(r"\d+", "\0", text)), *numbers]


def _warnings(pool: _Pool, warnings: list[dict], row: tuple[int, int] | None = None) -> int:
    """A list of warnings: [[head, message], ...] with head = every field but the message (code, kind,
    basis, basis_kind…), as pool indices."""
    return pool([pool([pool({k: v for k, v in w.items() if k != "message"}),
                       _message(pool, w["message"], row)]) for w in warnings])


def _value(pool: _Pool, key: str, value, row: tuple[int, int]) -> int:
    return _warnings(pool, value, row) if key == "warnings" else pool(value)


def _runs(values: list[int]) -> list[list[int]]:
    """Run-length encoding: [[value, count], ...]."""
    out: list[list[int]] = []
    for v in values:
        if out and out[-1][0] == v:
            out[-1][1] += 1
        else:
            out.append([v, 1])
    return out


def _validity_windows(module) -> list[tuple[datetime.date, datetime.date]]:
    """Consecutive edital dates for which the norm's validity rule gives the same answer (date in the text
    aside), scanned day by day over ANSWERS_DATES."""
    day = datetime.timedelta(days=1)
    d, end = (datetime.date.fromisoformat(x) for x in ANSWERS_DATES)
    windows, prev = [], None
    while d <= end:
        key = json.dumps(module.validity(d), ensure_ascii=False, sort_keys=True)
        key = key.replace(d.strftime("%d/%m/%Y"), DATE_MARK).replace(d.isoformat(), "")
        if key != prev:
            windows.append([d, d])
            prev = key
        else:
            windows[-1][1] = d
        d += day
    return [tuple(w) for w in windows]


# A number as the calculator writes it ("13", "1.000").
_NUMBER = re.compile(r"\d{1,3}(?:\.\d{3})+|\d+")


def _headline(pool: _Pool, text: str, reserved: int, vacancies: int) -> int:
    """The calculator's one-sentence answer as a template: [skeleton, token, ...], each token "r" (the
    reserved seats), "n" (the vacancies), "r+1"/"r-1" (one seat more or less) or "=<digits>" (a number
    of the text itself, e.g. a date), put back where each \\0 of the skeleton is. The same template
    serves every N with the same wording."""
    tokens = []
    for number in _NUMBER.findall(text):
        if number == format_int(reserved):
            tokens.append("r")
        elif number == format_int(vacancies):
            tokens.append("n")
        elif number in (format_int(reserved + 1), format_int(reserved - 1)):
            # the other rounding's count ("Arredondando para cima, seriam 2."): one template for every N
            tokens.append("r+1" if number == format_int(reserved + 1) else "r-1")
        else:
            tokens.append("=" + number)
    return pool([pool(_NUMBER.sub("\0", text)), *tokens])


def _fill_headline(pool: list, index: int, reserved: int, vacancies: int) -> str:
    """What calculadora.js does with a _headline template (used here to check the tables)."""
    skeleton, *tokens = pool[index]
    parts = pool[skeleton].split("\0")
    out = parts[0]
    for token, part in zip(tokens, parts[1:], strict=True):
        named = {"r": reserved, "n": vacancies, "r+1": reserved + 1, "r-1": reserved - 1}
        out += (format_int(named[token]) if token in named else token[1:]) + part
    return out


def _dated_state(window_applies, row_applies) -> int:
    """How an edital date changes the undated answer (calculator/core.py, reserve): 0 not at all; 1 the norm
    does not apply to it (no reserved seat); 2 the corpus cannot tell (applies null, the count kept)."""
    if window_applies is False and row_applies:
        return 1
    if window_applies is None and row_applies:
        return 2
    return 0


def _dated_from_table(row: dict, window: dict, basis: list, headline: str, date: datetime.date) -> dict:
    """A dated reserve answer rebuilt from the undated row and the window (what calculadora.js does)."""
    text = date.strftime("%d/%m/%Y")
    warnings = [{**w, "message": w["message"].replace(DATE_MARK, text)} for w in window["warnings"]]
    warnings += [w for w in row["warnings"] if w["code"] != "vigencia_nao_verificada"]
    state = _dated_state(window["applies"], row["applies"])
    return {"reserved": 0 if state == 1 else row["reserved"],
            "applies": {0: row["applies"], 1: False, 2: None}[state],
            "percent_display": row["percent_display"], "warnings": warnings, "basis": basis,
            "headline": headline}


def _split_positions(order: dict, sequence: list[int]) -> tuple[int, list[int]] | None:
    """(count, sequence) such that the positions are the first `count` of the sequence plus the positions
    placed by interpretation; None when they are not (then the row keeps its positions explicitly)."""
    interpreted = list(order.get("interpreted_positions", []))
    base = [p for p in order["positions"] if p not in interpreted]
    if order["positions_truncated"] or base[:len(sequence)] != sequence[:len(base)]:
        return None
    if sorted(base + interpreted) != list(order["positions"]):
        return None
    return len(base), (base if len(base) > len(sequence) else sequence)


def norm_answers(calc: Calc, slug: str) -> dict:
    """One norm's precomputed answers: N = 1..ANSWERS_MAX at the default percentage, for an undated
    question and for an edital date inside each validity window. Checked here against the calculator:
    a window whose rebuilt answers differ from the calculator's is left out (then Python answers)."""
    pct = percent_for(slug)
    pool = _Pool()
    reserve_rows, order_rows, sequence = [], [], []
    for n in range(1, ANSWERS_MAX + 1):
        res, order = calc.reserve(slug, n, pct), calc.order(slug, n, pct)
        split = _split_positions(order, sequence)
        if split is None:
            count, explicit = -1, list(order["positions"])
        else:
            (count, sequence), explicit = split, None
        reserve_rows.append({k: res[k] for k in RESERVE_FIELDS})
        order_rows.append({**{k: order[k] for k in ORDER_FIELDS}, "count": count, "explicit": explicit})
    module = getattr(calc.mod, slug)
    windows = []
    for start, end in _validity_windows(module):
        samples = sorted({start, end, start + (end - start) // 2})
        text = start.strftime("%d/%m/%Y")
        v = module.validity(start)
        window = {"from": start.isoformat(), "to": end.isoformat(), "applies": v["applies"],
                  "warnings": [{**w, "message": w["message"].replace(text, DATE_MARK)}
                               for w in v["warnings"]]}
        bases: dict[str, list] = {}
        headlines: list[int] = []
        ok = True
        for n in range(1, ANSWERS_MAX + 1):
            row = reserve_rows[n - 1]
            state = _dated_state(window["applies"], row["applies"])
            key = f"{pool(row['basis'])}:{state}"
            for i, d in enumerate(samples if n <= 50 or n == ANSWERS_MAX else samples[:1]):
                want = {k: x for k, x in calc.reserve(slug, n, pct, edital_date=d.isoformat()).items()
                        if k in RESERVE_FIELDS}
                if i == 0:
                    headlines.append(_headline(pool, want["headline"], want["reserved"], n))
                bases.setdefault(key, want["basis"])
                dated_reserved = 0 if state == 1 else row["reserved"]
                headline = _fill_headline(pool.items, headlines[-1], dated_reserved, n)
                if _dated_from_table(row, window, bases[key], headline, d) != want:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            windows.append({"from": window["from"], "to": window["to"], "applies": window["applies"],
                            "warnings": _warnings(pool, window["warnings"]),
                            "basis": {k: pool(b) for k, b in bases.items()}, "headline": _runs(headlines)})

    def column(rows, key):
        if key == "headline":
            return _runs([_headline(pool, r["headline"], r["reserved"], n)
                          for n, r in enumerate(rows, start=1)])
        return _runs([_value(pool, key, r[key], (r["reserved"], n)) for n, r in enumerate(rows, start=1)])

    columns = {
        "reserva": {k: column(reserve_rows, k) for k in RESERVE_FIELDS},
        "ordem": {k: column(order_rows, k) for k in (*ORDER_FIELDS, "count", "explicit")},
    }
    for n, r in enumerate(reserve_rows, start=1):  # the templates give back the calculator's sentence
        if _fill_headline(pool.items, _headline(pool, r["headline"], r["reserved"], n), r["reserved"], n) \
                != r["headline"]:
            raise SystemExit(f"erro: frase de resposta de {slug} não reconstruída (N = {n})")
    return {"percent": pct, "percent_is_example": slug == "lins", "sequence": sequence, "columns": columns,
            "windows": windows, "pool": pool.items}


def write_answers(site_dir: Path, ctx_today: str | None = None) -> Path:
    """site_dir/assets/calculadora/respostas.js: ``self.cotasRespostas = {...}`` (shape in norm_answers;
    each column is run-length encoded indices into the norm's pool; ordem's positions are the first
    ``count`` items of ``sequence`` plus its interpreted_positions, or ``explicit`` when count is -1;
    headlines are templates, see _headline)."""
    ctx = Context()
    if ctx_today:
        ctx.today = ctx_today
    calc, corpus = ctx.calc, ctx.corpus
    data = {"generated": ctx.today, "max_vacancies": ANSWERS_MAX, "date_mark": DATE_MARK,
            "dates": list(ANSWERS_DATES),
            "norms": {slug: {**norm_answers(calc, slug), "validity": table_validity(ctx, corpus.norm(slug))}
                      for slug in NORM_SLUGS}}
    out = Path(site_dir) / "assets" / "calculadora" / "respostas.js"
    out.parent.mkdir(parents=True, exist_ok=True)
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    out.write_text("// Gerado por build.py (write_answers): respostas pré-calculadas da calculadora.\n"
                   f"self.cotasRespostas = {body};\n", encoding="utf-8")
    return out


# Search ignores accents ("desistencia" finds "desistência"): the theme's Portuguese lunr pipeline gets one
# more step, before the stop-word filter and the stemmer, that strips diacritics from both the indexed words
# and the typed ones (the text shown in the results keeps its accents).
SEARCH_FOLD = """
;(function () {
  if (typeof lunr === "undefined" || !lunr.pt || lunr.pt.__semAcentos) return;
  var fold = function (token) {
    return token.update(function (s) { return s.normalize("NFD").replace(/[\\u0300-\\u036f]/g, ""); });
  };
  lunr.Pipeline.registerFunction(fold, "semAcentos");
  var original = lunr.pt;
  lunr.pt = function () {
    original.call(this);
    this.pipeline.before(lunr.pt.stopWordFilter, fold);
    if (this.searchPipeline) this.searchPipeline.before(lunr.pt.stemmer, fold);
  };
  for (var key in original) lunr.pt[key] = original[key];
  lunr.pt.__semAcentos = true;
  // Query terms with a wildcard (the theme adds one while typing) skip the search pipeline: fold the query.
  var search = lunr.Index.prototype.search;
  lunr.Index.prototype.search = function (query) {
    return search.call(this, String(query).normalize("NFD").replace(/[\\u0300-\\u036f]/g, ""));
  };
})();
"""


def fold_search_accents(site_dir: Path) -> None:
    """Append SEARCH_FOLD to the theme's lunr.pt.min.js in site_dir (the search worker loads it)."""
    path = Path(site_dir) / "assets" / "javascripts" / "lunr" / "min" / "lunr.pt.min.js"
    if not path.is_file():
        raise SystemExit(f"erro: {path} não encontrado (o tema mudou?): busca sem acentos não instalada.")
    text = path.read_text(encoding="utf-8")
    if "__semAcentos" not in text:
        path.write_text(text + SEARCH_FOLD, encoding="utf-8")


def generate() -> None:
    ctx = Context()
    if GEN.exists():
        shutil.rmtree(GEN)
    GEN.mkdir(parents=True)
    for norm in ctx.corpus.norms:
        page_norm(ctx, norm)
    page_comparativo(ctx)
    page_linha_do_tempo(ctx)
    page_conflitos(ctx)
    page_metodologia(ctx)
    page_tabelas(ctx)
    page_downloads(ctx)


# --------------------------------------------------------------------------- distribution (issue 7)

# Large assets get a ``.gz`` twin (stdlib gzip, level 9, mtime 0: deterministic) that servers with
# gzip_static (nginx) or mod_rewrite rules (Apache) send as is — see docs/hospedar.md. No ``.br``: a Brotli
# package would be one more native dependency and its quality 11 takes tens of seconds on
# pyodide.asm.wasm; gzip already brings it from 9.6 to 3.5 MB.
PRECOMPRESS_SUFFIXES = (".wasm", ".mjs", ".js", ".css", ".json", ".zip", ".html", ".svg", ".txt", ".xml",
                        ".bin", ".map")
PRECOMPRESS_MIN_BYTES = 1024
MANIFEST_NAME = "SHA256SUMS"
DIST = ROOT / "dist"
DIST_NAME = "cotas-em-concursos"


def _site_files(site_dir: Path) -> list[Path]:
    """Every regular file under site_dir, sorted by its POSIX path relative to site_dir."""
    site_dir = Path(site_dir)
    return sorted((p for p in site_dir.rglob("*") if p.is_file()),
                  key=lambda p: p.relative_to(site_dir).as_posix())


def precompress(site_dir: Path, files: list[Path] | None = None, cache: Path | None = None) -> list[Path]:
    """Write ``<file>.gz`` next to every compressible file of at least PRECOMPRESS_MIN_BYTES.

    Without ``files``: old twins are removed first (including mkdocs's own sitemap.xml.gz, rewritten
    deterministically) and every file of site_dir is considered; with ``files``: only those.
    A ``.gz`` is kept only when smaller than its original. Returns the ``.gz`` files written, sorted.
    zlib releases the GIL, so files are compressed in parallel threads. With ``cache`` (a folder),
    results for files of 1 MiB or more are kept there by content hash: Pyodide's 9.6 MB wasm and an
    unchanged snapshot are compressed once, not at every build (same bytes either way).
    """
    import gzip
    import hashlib
    import os
    from concurrent.futures import ThreadPoolExecutor

    site_dir = Path(site_dir)
    if files is None:
        for old in list(site_dir.rglob("*.gz")):
            if old.with_suffix("").suffix in PRECOMPRESS_SUFFIXES:
                old.unlink()
        files = _site_files(site_dir)
    candidates = [p for p in files
                  if p.suffix in PRECOMPRESS_SUFFIXES and p.stat().st_size >= PRECOMPRESS_MIN_BYTES]

    def one(path: Path) -> Path | None:
        data = path.read_bytes()
        cached = None
        if cache is not None and len(data) >= 1 << 20:
            cached = Path(cache) / "gz" / (hashlib.sha256(data).hexdigest() + ".gz")
        try:
            packed = cached.read_bytes() if cached is not None else None
        except FileNotFoundError:
            packed = None
        if packed is None:
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if cached is not None:
                cached.parent.mkdir(parents=True, exist_ok=True)
                tmp = cached.with_name(f"{cached.name}.{os.getpid()}.{id(path)}.tmp")
                try:
                    tmp.write_bytes(packed)
                    tmp.replace(cached)
                except BaseException:
                    tmp.unlink(missing_ok=True)  # a full disk leaves no truncated file in the cache
                    raise
        if len(packed) >= len(data):
            return None
        out = path.with_name(path.name + ".gz")
        out.write_bytes(packed)
        return out

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return [p for p in pool.map(one, candidates) if p is not None]


def write_manifest(site_dir: Path) -> Path:
    """Write site_dir/SHA256SUMS: one ``<sha256>  <path>`` line per file, sorted (``sha256sum -c``)."""
    import hashlib

    site_dir = Path(site_dir)
    out = site_dir / MANIFEST_NAME
    lines = []
    for path in _site_files(site_dir):
        rel = path.relative_to(site_dir).as_posix()
        if rel == MANIFEST_NAME:
            continue
        if "\n" in rel or "\\" in rel:
            raise SystemExit(f"erro: nome de arquivo não suportado no manifesto: {rel!r}")
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for chunk in iter(lambda fh=fh: fh.read(1 << 20), b""):
                digest.update(chunk)
        lines.append(f"{digest.hexdigest()}  {rel}\n")
    out.write_text("".join(lines), encoding="utf-8", newline="\n")
    return out


def dist_version() -> str:
    """``<version>`` from pyproject.toml, plus ``-g<short hash>`` when git knows the commit."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = ""
    return f"{version}-g{commit}" if commit else version


# Files that are already compressed are stored, not deflated again.
ZIP_STORED_SUFFIXES = (".gz", ".br", ".zip", ".png", ".jpg", ".jpeg", ".woff", ".woff2", ".ico")


def make_zip(site_dir: Path, dist_dir: Path = DIST, version: str | None = None) -> Path:
    """dist/cotas-em-concursos-<version>.zip holding site_dir under one top folder of the same name.

    Deterministic: entries sorted, fixed timestamps (ZIP_EPOCH) and modes, no directory entries.
    site_dir should already hold SHA256SUMS (write_manifest), so the zip carries its own checksums.
    """
    name = f"{DIST_NAME}-{version or dist_version()}"
    dist_dir = Path(dist_dir)
    dist_dir.mkdir(parents=True, exist_ok=True)
    out = dist_dir / f"{name}.zip"
    tmp = out.with_name(out.name + ".tmp")
    site_dir = Path(site_dir)
    with zipfile.ZipFile(tmp, "w") as zf:
        for path in _site_files(site_dir):
            info = zipfile.ZipInfo(f"{name}/{path.relative_to(site_dir).as_posix()}", ZIP_EPOCH)
            stored = path.suffix.lower() in ZIP_STORED_SUFFIXES
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            zf.writestr(info, path.read_bytes(), compresslevel=None if stored else 9)
    tmp.replace(out)
    return out


# Pyodide memory snapshot of the calculator, made at build time in Node (tools/make_snapshot.mjs) from the
# site's own Pyodide files and calculator.zip, already imported; the page's worker starts from it with
# loadPyodide({_loadSnapshot}) and falls back to a plain load when that fails.
SNAPSHOT = Path("assets") / "calculadora" / "calculator.snapshot.bin"
# Build cache (ignored by git, wiped by `npm ci` together with the Pyodide it depends on).
BUILD_CACHE = ROOT / "node_modules" / ".cache" / "cotas-em-concursos"


def snapshot_inputs(site_dir: Path) -> list[Path]:
    """Everything the snapshot depends on: the Pyodide runtime, calculator.zip and the Node script."""
    pyodide = Path(site_dir) / "assets" / "pyodide"
    calculator_zip = Path(site_dir) / "assets" / "calculadora" / "calculator.zip"
    return ([pyodide / name for name in (*PYODIDE_FILES, "pyodide-lock.json")]
            + [calculator_zip, ROOT / "tools" / "make_snapshot.mjs"])


def _copy_if_present(src: Path, dest: Path) -> bool:
    """Copy src to dest through a temporary name: a full disk leaves no truncated dest behind."""
    import os

    part = dest.with_name(f"{dest.name}.{os.getpid()}.part")
    try:
        shutil.copyfile(src, part)
    except FileNotFoundError:
        part.unlink(missing_ok=True)
        return False
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    part.replace(dest)
    return True


def start_snapshot(site_dir: Path, cache: Path | None = BUILD_CACHE):
    """Start writing site_dir/SNAPSHOT; returns a function that waits for it and returns its path.

    Node runs in the background (the caller compresses other files meanwhile). The snapshot is
    byte-reproducible (tools/make_snapshot.mjs fixes the clock and the entropy while it is made); with
    ``cache`` it is reused while its inputs are unchanged, which makes rebuilds faster.
    """
    import hashlib

    site_dir = Path(site_dir)
    out = site_dir / SNAPSHOT
    key = hashlib.sha256()
    for path in snapshot_inputs(site_dir):
        key.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    cached = Path(cache) / "snapshot" / f"{key.hexdigest()}.bin" if cache is not None else None
    if cached is not None and _copy_if_present(cached, out):

        def done() -> Path:
            return out

        done.key = key.hexdigest()
        return done

    tmp = out.with_name(out.name + ".tmp")
    proc = subprocess.Popen(["node", str(ROOT / "tools" / "make_snapshot.mjs"), str(site_dir), str(tmp)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def wait() -> Path:
        _, err = proc.communicate()
        if proc.returncode != 0:
            tmp.unlink(missing_ok=True)
            raise SystemExit(f"erro: não foi possível gerar o instantâneo de memória do Pyodide "
                             f"(tools/make_snapshot.mjs):\n{err.strip()}")
        tmp.replace(out)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            _copy_if_present(out, cached)  # through a temporary name: nobody ever reads half a snapshot
        return out

    wait.key = key.hexdigest()
    return wait


def prune_cache(site_dir: Path, cache: Path, snapshot_key: str) -> None:
    """Keep in the build cache only what this build used (each old snapshot is 31 MB)."""
    import hashlib

    site_dir, cache = Path(site_dir), Path(cache)
    originals = [gz.with_suffix("") for gz in site_dir.rglob("*.gz")]
    keep_gz = {hashlib.sha256(p.read_bytes()).hexdigest() + ".gz"
               for p in originals if p.is_file() and p.stat().st_size >= 1 << 20}
    for old in (cache / "gz").glob("*.gz"):
        if old.name not in keep_gz:
            old.unlink()
    for old in (cache / "snapshot").glob("*.bin"):
        if old.stem != snapshot_key:
            old.unlink()


def finish_site(site_dir: Path, zip_to: Path | None = None, cache: Path | None = BUILD_CACHE) -> Path | None:
    """Post-build steps for hosting: Pyodide snapshot, .gz twins, SHA256SUMS and, if asked, the zip."""
    site_dir = Path(site_dir)
    (site_dir / SNAPSHOT).unlink(missing_ok=True)
    wait_snapshot = start_snapshot(site_dir, cache)
    precompress(site_dir, cache=cache)  # everything but the snapshot, while Node makes it
    precompress(site_dir, files=[wait_snapshot()], cache=cache)
    if cache is not None:
        prune_cache(site_dir, cache, wait_snapshot.key)
    write_manifest(site_dir)
    if zip_to is None:
        return None
    out = make_zip(site_dir, zip_to)
    print(f"pacote: {out}")
    return out


def parse_args(argv: list[str] | None = None):
    import argparse

    parser = argparse.ArgumentParser(description="Gera o site estático em site/.")
    parser.add_argument("--zip", action="store_true",
                        help="também grava dist/cotas-em-concursos-<versão>.zip (com o manifesto SHA256SUMS)")
    return parser.parse_args(argv)


# Content-Security-Policy of docs/hospedar.md (section 6). The theme writes a few inline scripts and the
# 404 page an inline style; instead of 'unsafe-inline', the policy lists the SHA-256 of each, computed here
# from the built pages, and the page's nginx and Apache snippets get exactly these (their markers below are
# replaced in the built page). Inline style="" and on…="" attributes would need 'unsafe-hashes', so the build
# refuses them (tables use align="", see mkdocs.yml).
CSP_MARKERS = {"script": "__CSP_SCRIPT_HASHES__", "style": "__CSP_STYLE_HASHES__"}
CSP_PAGE = "hospedar.html"
_INLINE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1\s*>", re.S | re.I)
_EXECUTABLE_TYPES = ("", "module", "text/javascript", "application/javascript")
_INLINE_ATTRIBUTE = re.compile(r"<[a-zA-Z][^>]*?\s(style|on[a-z]+)\s*=", re.S)


def inline_hashes(site_dir: Path) -> dict[str, list[str]]:
    """{"script": ["'sha256-…'", …], "style": […]}: every inline script the browser runs and every inline
    <style>, over all pages (sorted, deduplicated)."""
    import base64
    import hashlib

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
            digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
            found[tag].add(f"'sha256-{digest}'")
        bad = _INLINE_ATTRIBUTE.search(_INLINE.sub("", text))
        if bad:
            raise SystemExit(f"erro: {page.relative_to(site_dir).as_posix()}: atributo {bad.group(1)}=\"…\" "
                             "embutido no HTML; a política de segurança (CSP) de docs/hospedar.md o "
                             "bloquearia. Use uma classe CSS ou um script do site.")
    return {kind: sorted(hashes) for kind, hashes in found.items()}


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
    for path in [page, *sorted(site_dir.glob("search/*.json"))]:
        text = path.read_bytes().decode("utf-8")
        new = text
        for marker, value in fills.items():
            new = new.replace(marker, value)
        if new != text:
            path.write_bytes(new.encode("utf-8"))
    for path in _site_files(site_dir):
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


def check_corpus(directory: Path | None = None) -> None:
    """Every law text is the one pinned (SHA-256) in its meta.toml, or the build stops here (pt-BR)."""
    for slug in NORM_SLUGS:
        try:
            Norm.load(slug, directory or LAWS_DIR)
        except CorpusError as err:
            raise SystemExit(f"erro: {err}") from None


LOCK = ROOT / ".build.lock"


@contextlib.contextmanager
def build_lock(path: Path | None = None):
    """One build at a time in this folder: they share docs/gerado/, site/ and the build cache.  A second
    build says so and waits (an advisory flock: released by the system even if the build is killed)."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock; builds must not be run at the same time there
        yield
        return
    with open(path or LOCK, "a+b") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("outra geração do site está em andamento nesta pasta; aguardando ela terminar…",
                  file=sys.stderr, flush=True)
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def staging_dir(site: Path) -> Path:
    """A new empty folder beside site/ (same file system, so the final rename is instant).  Folders
    left by a killed build are removed first (the lock guarantees none is in use)."""
    site = Path(site)
    for old in site.parent.glob(f".{site.name}-*.tmp"):
        shutil.rmtree(old, ignore_errors=True)
    path = site.parent / f".{site.name}-{os.getpid()}.tmp"
    path.mkdir(parents=True)
    return path


def swap_into_place(new: Path, site: Path) -> None:
    """Replace site with new: two renames, so site/ is never half-written (at worst, for an instant,
    absent); the previous site is deleted afterwards."""
    site = Path(site)
    old = site.parent / f".{site.name}-{os.getpid()}-anterior.tmp"
    if site.exists():
        os.replace(site, old)
    os.replace(new, site)
    shutil.rmtree(old, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with build_lock():
        check_corpus()
        generate()
        staging = staging_dir(SITE)
        try:
            run_mkdocs(staging)
            write_404(staging)
            fold_search_accents(staging)
            pack_calculator(staging)
            write_csp(staging)
            finish_site(staging, zip_to=DIST if args.zip else None)
            swap_into_place(staging, SITE)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
