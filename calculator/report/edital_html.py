"""One edital's part of the report: the parameters and readings used, each cargo's verdict, the concurso
read as one, the steps, the warnings and the context notes, as HTML (every text from the input escaped)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from calculator.cli.edital_text import STATUS_NAMES
from calculator.cli.render import KIND_NAMES, refs_label
from calculator.ptbr import count_phrase, either, format_date, format_int, reserved_phrase
from calculator.rules import rules_for

#: The percentage's kind (the edital answer's ``percent_kind``) in words.
PERCENT_KINDS = {"minimo": "o mínimo da norma (ou o informado, se maior)",
                 "fixo": "fixado pela norma (pode variar com as vagas de cada cargo: veja a tabela)",
                 "informado": "informado na consulta (o corpus não traz o percentual)"}
#: What the lone "vagas" column counts (``vagas_sao``).
COLUMN_MEANINGS = {
    "total": "o total de vagas de cada cargo (PcD e reservadas incluídas)",
    "ampla": "só as vagas de ampla concorrência (o total de cada cargo é a soma com PcD e reservadas)"}
#: Which reading of the text leads the answer (``reading_lead``).
LEADS = {"cargo": "por cargo: o texto conta a reserva de cada cargo; o total do concurso lido como um todo "
                  "aparece ao lado",
         "concurso": "do concurso como um todo: só essa leitura tem base no texto; a leitura por cargo é "
                     "mostrada como interpretação",
         "nenhuma": "nenhuma: o corpus não permite escolher entre a leitura por cargo e a do concurso; as "
                    "duas são mostradas com o mesmo peso",
         "conjunto": "o conjunto: a norma fixa o mínimo sobre o conjunto dos cargos, julgado como um só"}
APPLIES = {True: "sim", False: "não", None: "depende de confirmação (veja a data do edital e os avisos)"}


#: html.escape's replacements (quote=True), written here: importing the standard library's html package
#: loads its table of named entities, 97 KB of bytecode the page would download for every visitor.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(value: object) -> str:
    """``value`` as HTML text or attribute value: exactly html.escape(str(value))."""
    return str(value).translate(_ESCAPES)


def status_words(c: dict) -> str:
    """A cargo's status in words (never colour alone)."""
    status = c["status"]
    if status is None:
        return "sem número anunciado"
    words = STATUS_NAMES[status]
    if status == "abaixo":
        missing = c["missing"]
        words += f" da reserva exigida ({'falta' if missing == 1 else 'faltam'} {format_int(missing)})"
    elif status == "acima":
        words += f" da reserva exigida (+{format_int(c['excess'])})"
    if c.get("status_note"):
        words += f"; {c['status_note']}"
    return words


def parameters(res: dict, req: dict) -> Iterator[str]:
    """The parameters and readings the answer used, and the other readings it shows."""
    registry = rules_for(res["norm"]).registry
    percent = res.get("percent_display") or either(sorted(
        {c["percent_display"] for c in res["cargos"] if c.get("percent_display")}), "e") or "—"
    window = (res.get("validity_window") or {}).get("text", "a vigência não foi verificada")
    when = (format_date(date.fromisoformat(res["edital_date"])) if res.get("edital_date")
            else f"não informada; a resposta vale se o edital foi {window}")
    applies = APPLIES[res["applies"]] + (f" — {res['validity_reason']}" if res.get("validity_reason") else "")
    reading = next((c["reading"] for c in res["cargos"] if c.get("reading")), None)
    rows = [("Percentual", f"{percent}: {PERCENT_KINDS[res['percent_kind']]}"),
            ("Data de publicação do edital", when), ("A norma se aplica ao edital", applies),
            ("Vínculo", f"{res['scope']} — {registry.scopes.get(res['scope'], res['scope'])}"),
            ("Ordem de nomeação", f"{reading}: {registry.readings[reading].label}"
             if reading in registry.readings else "sem ordem por cargo (nenhuma posição a calcular)"),
            ("Coluna “vagas” (quando é a única de vagas)",
             COLUMN_MEANINGS.get(req.get("vagas_sao") or "total", COLUMN_MEANINGS["total"]))]
    if req.get("nomeacoes") not in (None, ""):
        rows.append(("Nomeações previstas por cargo", str(req["nomeacoes"])))
    rows.append(("Leitura que conduz a resposta", LEADS[res["reading_lead"]]))
    for key, name in (("cargo", "Leitura por cargo"), ("concurso", "Leitura do concurso como um todo")):
        basis, text = registry.edital_readings[key]
        rows.append((name, f"{text}{refs_label(list(basis))}" if basis else f"{text} [sem base no corpus]"))
    other = (res.get("aggregated") or {}).get("other_model_count")
    if other:
        rows.append(("Outro modelo de prorrogação", f"pelo outro modelo, {other}"))
    yield "<dl class=\"fatos\">"
    for term, value in rows:
        yield f"<dt>{esc(term)}</dt><dd>{esc(value)}</dd>"
    yield "</dl>"


def _cells(c: dict) -> str:
    vac = format_int(c["vacancies"])
    if c["nominations"] != c["vacancies"]:
        vac += f" ({format_int(c['nominations'])} nomeações)"
    reserved = "—" if c["reserved"] is None else format_int(c["reserved"])
    if c.get("alternative"):
        alt = c["alternative"]
        reserved += f" (outra leitura, {alt['label']}: {format_int(alt['reserved'])})"
    positions = ", ".join(f"{format_int(p)}ª" for p in c["positions"]) or "—"
    if c["positions_truncated"]:
        positions += f", … ({format_int(c['positions_total'])} no total)"
    announced = "—" if c["announced"] is None else format_int(c["announced"])
    css = f" class=\"situacao-{c['status']}\"" if c["status"] in ("abaixo", "conforme") else ""
    return (f"<td>{esc(c['cargo'])}</td><td class=\"num\">{esc(vac)}</td>"
            f"<td class=\"num\">{esc(reserved)}</td><td class=\"num\">{announced}</td>"
            f"<td{css}>{esc(status_words(c))}</td><td>{esc(positions)}</td>")


def cargo_table(res: dict) -> Iterator[str]:
    """Each cargo's verdict, then the totals (the table's header repeats on each printed page)."""
    t = res["totals"]
    yield ("<table><thead><tr><th>Cargo</th><th class=\"num\">Vagas</th>"
           "<th class=\"num\">Reserva exigida</th>"
           f"<th class=\"num\">Anunciadas</th><th>{esc(res['status_label'])}</th>"
           "<th>Nomeações pela reserva</th></tr></thead><tbody>")
    section = None
    for c in res["cargos"]:
        if c.get("section") and c["section"] != section:
            section = c["section"]
            yield f"<tr><th colspan=\"6\">{esc(section)}</th></tr>"
        yield f"<tr>{_cells(c)}</tr>"
    announced = "—" if t["announced"] is None else format_int(t["announced"])
    yield ("</tbody><tfoot><tr><td>Total (soma por cargo)</td>"
           f"<td class=\"num\">{format_int(t['vacancies'])}</td>"
           f"<td class=\"num\">{format_int(t['reserved'])}</td><td class=\"num\">{announced}</td>"
           f"<td>{esc(_total_status(t.get('status')))}</td><td></td></tr>"
           f"<tr><td>Concurso como um todo</td><td class=\"num\">{format_int(t['vacancies'])}</td>"
           f"<td class=\"num\">{format_int(t['reserved_aggregated'])}</td><td class=\"num\">{announced}</td>"
           f"<td>{esc(_total_status(t.get('status_aggregated'), t.get('status_aggregated_note')))}</td>"
           "<td></td></tr></tfoot></table>")


def _total_status(status: str | None, note: str | None = None) -> str:
    words = "—" if status is None else STATUS_NAMES.get(status, status)
    if status in ("abaixo", "acima"):
        words += " da reserva exigida"
    return f"{words}; {note}" if note else words


def concurso(res: dict) -> Iterator[str]:
    """The concurso read as one, and what the edital announces against both readings."""
    agg, t = res["aggregated"], res["totals"]
    yield "<h3>O concurso como um todo</h3>"
    text = (f"Lido como um todo, o concurso oferece {count_phrase(agg['vacancies'], 'vaga', 'vagas')}: "
            f"{reserved_phrase(agg['reserved'])}")
    if agg.get("count_text"):
        text += f" ({agg['count_text']})"
    text += f"; somando a reserva de cada cargo: {reserved_phrase(t['reserved'])}."
    if t["announced"] is not None:
        text += f" O edital anuncia {reserved_phrase(t['announced'])}."
    if agg.get("basis_readings"):
        text += refs_label(agg["basis_readings"])
    yield f"<p>{esc(text)}</p>"


def steps(title: str, items: list[dict]) -> Iterator[str]:
    if not items:
        return
    yield f"<h3>{esc(title)}</h3><ol>"
    for s in items:
        yield f"<li>{esc(s['text'] + refs_label(s['basis'], s))}</li>"
    yield "</ol>"


def cargo_steps(res: dict) -> Iterator[str]:
    """Each cargo's own steps (those the cargos share are the edital's): every one shown, never folded."""
    if not any(c["steps"] for c in res["cargos"]):
        return
    yield "<h3>Passo a passo de cada cargo</h3>"
    for c in res["cargos"]:
        if c["steps"]:
            yield f"<p><strong>{esc(c['cargo'])}</strong> (linha {format_int(c['line'])} da tabela)</p><ol>"
            for s in c["steps"]:
                yield f"<li>{esc(s['text'] + refs_label(s['basis'], s))}</li>"
            yield "</ol>"


def warning_item(w: dict, where: str | None = None) -> str:
    kind = KIND_NAMES.get(w["kind"], "aviso")
    prefix = f"{where}: " if where else ""
    return (f"<li class=\"aviso\"><span class=\"tipo\">{esc(kind)}</span> — "
            f"{esc(prefix + w['message'] + refs_label(w['basis'], w))}</li>")


def warnings(res: dict) -> Iterator[str]:
    """The edital's warnings (a shared one names its cargos), then each cargo's own."""
    items = [warning_item(w, _concerned(w.get("cargos"))) for w in res["warnings"]]
    items += [warning_item(w, c["cargo"]) for c in res["cargos"] for w in c["warnings"]]
    if items:
        yield "<h3>Avisos</h3><ul>"
        yield from items
        yield "</ul>"
    yield from context(res.get("context") or [])


def _concerned(names: list[str] | None) -> str | None:
    return f"{count_phrase(len(names), 'cargo', 'cargos')} ({either(names, 'e')})" if names else None


def context(notes: list[dict]) -> Iterator[str]:
    """The labelled context notes (outside the corpus, never applied)."""
    for note in notes:
        yield (f"<h3>Nota de contexto</h3><p class=\"nota\">{esc(note['text'])} "
               f"<em>Fonte: {esc(note['source'])}.</em></p>")


def edital(res: dict, req: dict) -> Iterator[str]:
    """One edital's whole part."""
    yield f"<p class=\"manchete\">{esc(res['headline'])}</p>"
    yield "<h3>Parâmetros e leituras usados</h3>"
    yield from parameters(res, req)
    yield "<h3>Situação de cada cargo</h3>"
    yield from cargo_table(res)
    yield from concurso(res)
    yield from steps("Passo a passo do edital", res["steps"])
    yield from cargo_steps(res)
    yield from warnings(res)


__all__ = ["context", "edital", "esc", "status_words", "warning_item"]
