"""The whole report as one HTML document: what it is and when it was made, the norms, the files, each
edital's part (calculator/report/edital_html.py), the comparison across editais and the provisions cited,
quoted verbatim (calculator/report/quotes.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

from calculator import VERSION
from calculator.cli.render import DISCLAIMER
from calculator.labels import NORM_CITATION, display_label
from calculator.norms import registry_of
from calculator.ptbr import count_phrase, format_date, format_int
from calculator.report.edital_html import context, edital, esc, warning_item
from calculator.report.quotes import UNAVAILABLE, NormText, norm_text
from calculator.report.request import InputFile
from calculator.report.style import CSS

#: What the report is, said beside "Não é orientação jurídica".
WHAT_IT_IS = ("Este relatório é a leitura que a calculadora faz do texto da norma: aplica os dispositivos "
              "citados às tabelas informadas, com as premissas e interpretações que indica, e não tem mais "
              "certeza que o próprio texto. As mesmas entradas dão sempre o mesmo relatório.")


def basis_of(answer: object) -> list[str]:
    """Every provision id the answer cites (``basis`` and ``basis_readings``, at any depth), each once, in
    the order first seen."""
    seen: dict[str, None] = {}
    stack = [answer]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in ("basis", "basis_readings") and isinstance(value, list):
                    seen.update(dict.fromkeys(v for v in value if isinstance(v, str) and ":" in v))
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return list(seen)


def _when(moment: datetime) -> str:
    return (f"<time datetime=\"{moment.isoformat()}\">{format_date(moment.date())}, {moment:%H:%M:%S}</time> "
            "(horário de Brasília, UTC−3)")


def header(title: str, moment: datetime) -> Iterator[str]:
    yield (f"<!doctype html>\n<html lang=\"pt-BR\"><head><meta charset=\"utf-8\">"
           f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
           f"<meta name=\"generator\" content=\"cotas {esc(VERSION)}\"><title>{esc(title)}</title>"
           f"<style>\n{CSS}\n</style></head><body>")
    yield f"<header><h1>{esc(title)}</h1><dl class=\"fatos\">"
    yield f"<dt>Gerado em</dt><dd>{_when(moment)}</dd>"
    yield f"<dt>Versão da calculadora</dt><dd>cotas {esc(VERSION)}</dd></dl>"
    yield f"<p class=\"juridico\"><strong>Não é orientação jurídica.</strong> {esc(WHAT_IT_IS)}</p></header>"


def norms_section(slugs: list[str], texts: dict[str, NormText | None]) -> Iterator[str]:
    yield "<section><h2>A norma</h2>" if len(slugs) == 1 else "<section><h2>As normas</h2>"
    for slug in slugs:
        registry, text = registry_of(slug), texts[slug]
        digest = (f"<span class=\"hash\">{text.sha256}</span> (bytes de laws/{esc(slug)}/texto.txt)"
                  if text else esc(UNAVAILABLE))
        yield (f"<dl class=\"fatos\"><dt>Citação</dt><dd>{esc(registry.citation)}</dd>"
               f"<dt>Título</dt><dd>{esc(registry.title)}</dd><dt>Lugar</dt><dd>{esc(registry.place)}</dd>"
               f"<dt>URN (LexML)</dt><dd class=\"urn\">{esc(registry.urn)}</dd>"
               f"<dt>SHA-256 do texto</dt><dd>{digest}</dd></dl>")
    yield "</section>"


def files_section(files: list[InputFile]) -> Iterator[str]:
    yield ("<section><h2>Arquivos analisados</h2><table><thead><tr><th>Arquivo</th><th>SHA-256</th>"
           "<th>Origem da tabela</th></tr></thead><tbody>")
    for f in files:
        digest = f"<span class=\"hash\">{f.sha256}</span>"
        if f.table_sha256 != f.sha256:
            digest += (f"<br>tabela analisada (CSV): <span class=\"hash\">{f.table_sha256}</span>")
        yield f"<tr><td>{esc(f.name)}</td><td>{digest}</td><td>{esc(f.origin or '—')}</td></tr>"
    yield ("</tbody></table><p class=\"nota\">Confira um arquivo com <code>sha256sum</code> (Linux), "
           "<code>shasum -a 256</code> (macOS) ou <code>certutil -hashfile ARQUIVO SHA256</code> "
           "(Windows): a soma igual garante que é o mesmo arquivo, byte a byte.</p></section>")


def comparison_section(res: dict) -> Iterator[str]:
    """Several editais: what the comparison across them found."""
    yield f"<section><h2>Comparação entre editais</h2><p class=\"manchete\">{esc(res['headline'])}</p>"
    together = [g["editais"] for g in res["comparison"]["groups"] if len(g["editais"]) > 1]
    for names in together:
        yield (f"<p>Comparados entre si (mesma norma, percentual, vínculo e período): "
               f"{esc('; '.join(names))}.</p>")
    cargos = res["comparison"]["cargos"]
    if cargos:
        yield ("<table><thead><tr><th>Cargo</th><th>Em cada edital (vagas → reserva)</th>"
               "<th class=\"num\">Separados</th><th>Somados (vagas → reserva)</th><th>Fracionamento</th></tr>"
               "</thead><tbody>")
        for c in cargos:
            alone = "; ".join(f"{f['name']}: {format_int(f['vacancies'])} → {format_int(f['reserved'])}"
                              for f in c["editais"])
            yield (f"<tr><td>{esc(c['cargo'])}</td><td>{esc(alone)}</td>"
                   f"<td class=\"num\">{format_int(c['reserved_separately'])}</td>"
                   f"<td>{esc(count_phrase(c['vacancies'], 'vaga', 'vagas'))} → "
                   f"{format_int(c['reserved_together'])}</td>"
                   f"<td>{'sim: somar as vagas muda a reserva' if c['fragmented'] else 'não'}</td></tr>")
        yield "</tbody></table>"
    if res["warnings"]:
        yield "<h3>Avisos da comparação</h3><ul>"
        yield from (warning_item(w) for w in res["warnings"])
        yield "</ul>"
    yield from context(res["context"])
    yield "</section>"


def provisions_section(refs: list[str], texts: dict[str, NormText | None]) -> Iterator[str]:
    """Each provision cited, with its label, quoted verbatim from the norm's text (in the text's order)."""
    def order(ref: str) -> tuple:
        slug, _, pid = ref.partition(":")
        text = texts.get(slug)
        ids = list(text.provisions) if text else []
        return (list(texts).index(slug) if slug in texts else len(texts), ids.index(pid) if pid in ids else 0)

    yield ("<section><h2>Dispositivos citados</h2><p class=\"nota\">Cada dispositivo em que a resposta se "
           "apoia, copiado do texto da norma (linha a linha, sem alteração).</p>")
    for ref in sorted(refs, key=order):
        slug, _, pid = ref.partition(":")
        text = texts.get(slug)
        lines = text.quote(pid) if text else None
        caption = f"{NORM_CITATION.get(slug, slug)}, {display_label(pid)}"
        body = ("".join(f"<p>{esc(line)}</p>" for line in lines) if lines
                else f"<p><em>{esc(UNAVAILABLE if text is None else 'dispositivo não encontrado no texto')}"
                     "</em></p>")
        yield f"<figure><figcaption>{esc(caption)}</figcaption><blockquote>{body}</blockquote></figure>"
    yield "</section>"


def document(res: dict, requests: list[dict], files: list[InputFile], moment: datetime) -> str:
    """The report of an edital answer (one edital or several) for the requests it answered (one per
    edital: the options each was answered with)."""
    several = res.get("editais")
    parts = ([(e["name"], e["result"], r) for e, r in zip(several, requests, strict=True)] if several
             else [(None, res, requests[0])])
    slugs = list(dict.fromkeys(r["norm"] for _, r, _ in parts))
    texts = {slug: norm_text(slug) for slug in slugs}
    title = ("Relatório da análise do edital" if not several
             else f"Relatório da análise de {count_phrase(len(several), 'edital', 'editais')}")
    out = [*header(title, moment), *norms_section(slugs, texts), *files_section(files)]
    for i, (name, result, request) in enumerate(parts, 1):
        heading = f"Edital {i} de {len(parts)}: {name}" if several else "O edital"
        out += [f"<section><h2>{esc(heading)}</h2>", *edital(result, request), "</section>"]
    if several:
        out += comparison_section(res)
    out += provisions_section(basis_of(res), texts)
    lead, _, rest = DISCLAIMER.partition(": ")
    out.append(f"<footer><p><strong>{esc(lead)}:</strong> {esc(rest)}</p><p>Gerado por cotas "
               f"{esc(VERSION)} em {_when(moment)}.</p></footer></body></html>\n")
    return "".join(out)
