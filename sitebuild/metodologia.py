"""docs/gerado/metodologia.md: what the calculator applies, cites or leaves out, provision by provision, and
the basis of each kind of step of its answers."""

from __future__ import annotations

import re

from markupsafe import Markup

import calculator
from calculator.cli.render import parameter_value
from calculator.norms import registry_of
from sitebuild.calcblock import rule_source
from sitebuild.context import Context, example_percent, md_text, readings, scopes, write
from sitebuild.dates import br_date
from sitebuild.norm_names import PLACE, rule_anchor
from tools.registry_table import sorted_rows


def registry_rows(norm) -> list[tuple[str, str, str]]:
    """Provision → what the norm's registry says of it → where: the table of calculator/README.md
    (tools/registry_table.py), with dates and values in pt-BR."""
    return sorted_rows(registry_of(norm.slug), norm, day=br_date,
                       value=lambda p: parameter_value(p.to_dict()))


def page_metodologia(ctx: Context) -> None:
    """docs/gerado/metodologia.md — implemented / not implemented provisions, coverage, both-way links."""
    norms, rules = [], {}
    for norm in ctx.corpus.norms:
        table = registry_rows(norm)
        # what the registry applies (not only cites in a warning) counts as applied
        registry_applied = {ref for ref, _, where in table if not where.startswith("`[warnings.")}
        rows = []
        for pid, ann in norm.annotations.items():
            prov = norm.get(pid)
            used = ctx.implemented(norm, pid)
            params = ctx.parameters_citing(norm, pid)
            implemented = bool(ann.get("regra")) or bool(used) or bool(params)
            sub = {f"{norm.slug}:{p.id}" for p in prov.walk()}
            applied = bool(ann.get("regra")) or bool(sub & (ctx.applied_basis() | registry_applied))
            # each provision counted once: applied, only cited, or not implemented (an applied provision
            # is never also listed as not implemented)
            implemented = implemented or applied
            motivo = ann.get("nao_implementado", "")
            rows.append({"id": pid, "label": prov.label, "regra": ann.get("regra"), "used": used,
                         "params": params, "implemented": implemented, "applied": applied,
                         "cited": implemented and not applied, "motivo": motivo})
            if ann.get("regra"):
                rules.setdefault(ann["regra"], []).append((norm.slug, pid, prov.label))
        done = sum(r["implemented"] for r in rows)
        applied = sum(r["applied"] for r in rows)
        params = calculator.parameters(norm.slug)["parameters"]
        norms.append({"norm": norm, "rows": rows, "done": done, "applied": applied, "cited": done - applied,
                      "total": len(rows), "params": params, "steps": step_basis_table(norm.slug),
                      "registry": table, "cases": case_rows(ctx, norm)})
    total = sum(n["total"] for n in norms)
    done = sum(n["done"] for n in norms)
    applied = sum(n["applied"] for n in norms)
    write(ctx.gen / "metodologia.md", ctx.env.get_template("metodologia.md.j2").render(
        norms=norms, rules=sorted(rules.items()), sources={r: rule_source(r) for r in rules},
        rule_anchor=rule_anchor, total=total, done=done,
        applied=applied, cited=done - applied,
        place=PLACE))


def case_rows(ctx: Context, norm) -> list[dict] | None:
    """The norm's casos.toml as the Metodologia table shows it (None: the folder has none): each case's name,
    question, expected answer and reason, every text from the folder written by md_text (shown as typed,
    never read as HTML or Markdown), the provisions as links to the norm's text. The build has run laws check
    on the folder (sitebuild/staging.py), cases included: a case here is one the calculator answers as
    written."""
    from laws import cases

    if norm.folder is None or not (norm.folder / cases.FILENAME).is_file():
        return None
    found, problems = cases.read(norm.folder, {p.id for p in norm.walk()})
    if problems:
        line, message = problems[0]
        raise SystemExit(f"erro: {norm.slug}/{cases.FILENAME}:{line or ''} {message}")
    rows = []
    for case in found:
        rows.append({"name": md_text(case.name), "interpretation": case.interpretation,
                     "question": _question(case.inputs), "expected": _expected(case.expected),
                     "reason": md_text(case.reason),
                     "basis": Markup(", ").join(ctx.ref(f"{norm.slug}:{pid}")
                                                for pid in case.expected.get("base", []))})
    return rows


def _question(inputs: dict) -> Markup:
    """A case's ``entrada`` in words: "Ordem de nomeação: 13 vagas, leitura quinta, edital de 16/06/2014"."""
    parts = [f"{inputs['vagas']:_} {'vaga' if inputs['vagas'] == 1 else 'vagas'}".replace("_", ".")]
    if "percentual" in inputs:
        parts.append(f"percentual de {inputs['percentual']}%".replace("%%", "%"))
    for key, words in (("data_edital", "edital de"), ("data_nomeacao", "nomeação em")):
        if key in inputs:
            parts.append(f"{words} {br_date(inputs[key].isoformat())}")
    for key, words in (("vinculo", "vínculo"), ("leitura", "leitura")):
        if key in inputs:
            parts.append(f"{words}: {inputs[key]}")
    if "nomeacoes" in inputs:
        parts.append(f"{inputs['nomeacoes']:_} nomeações".replace("_", "."))
    command = {"reserva": "Reserva", "ordem": "Ordem de nomeação"}[inputs["comando"]]
    return md_text(f"{command}: {', '.join(parts)}")


def _expected(expected: dict) -> Markup:
    """A case's ``esperado`` in words, one item after another: "3 reservadas; posições 3ª, 8ª e 13ª"."""
    items = []
    if "reservadas" in expected:
        n = expected["reservadas"]
        items.append("nenhuma vaga reservada" if n == 0 else f"{n} {'reservada' if n == 1 else 'reservadas'}")
    if "posicoes" in expected:
        shown = [f"{p}ª" for p in expected["posicoes"]]
        items.append("nenhuma nomeação pela lista reservada" if not shown else
                     f"{'posição' if len(shown) == 1 else 'posições'} "
                     + (shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} e {shown[-1]}"))
    if "aplica" in expected:
        items.append({True: "a reserva se aplica", False: "a reserva não se aplica"}.get(
            expected["aplica"], "não é possível determinar se a reserva se aplica"))
    if "manchete" in expected:
        items.append(f"a resposta diz “{expected['manchete']}”")
    if "avisos" in expected:
        codes = expected["avisos"]
        items.append(f"{'aviso' if len(codes) == 1 else 'avisos'} {', '.join(codes)}")
    if "recusa" in expected:
        items.append(f"recusada: “{expected['recusa']}”")
    return md_text("; ".join(items))


def step_basis_table(slug: str) -> list[dict]:
    """Answer step → basis, for Metodologia: each distinct step the calculator gives in a sample of
    answers (13 vagas; every scope and reading; editais in and out of force), and each kind of decision
    of the simulator, with the provisions it cites or "sem base no corpus"."""
    pct = example_percent(slug)
    rows, seen = [], set()
    answers = [calculator.reserve(slug, 13, pct), calculator.reserve(slug, 4, pct)]
    for scope in scopes(slug):
        if scope not in calculator.NORMS[slug].registry.set_scopes:  # no call order for a set of posts
            answers += [calculator.order(slug, 13, pct, reading=r, scope=scope)
                        for r in readings(slug)]
        answers.append(calculator.reserve(slug, 12, pct, scope=scope))
    for d in ("2010-01-01", "2016-01-01", "2022-03-10", "2023-06-01", "2025-01-01", "2040-01-01"):
        answers.append(calculator.reserve(slug, 13, pct, edital_date=d))
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
    "ampla_excludes_other": "Simulação: quem só está na lista de PcD e é nomeado pela ampla sai dela",
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
