"""docs/gerado/tabelas.md and tabelas.json: N = 1…TABLE_MAX per norm, computed by the calculator itself."""

from __future__ import annotations

import json

import calculator
from sitebuild.context import TABLE_MAX, Context, example_percent, write
from sitebuild.dates import br_date
from sitebuild.norm_names import PLACE
from sitebuild.timeline import validity_status, validity_timeline


def table_data(ctx: Context) -> dict:
    """Build-time table, computed by the calculator itself.

    Shape of docs/gerado/tabelas.json (read by the calculator page before Python is ready or without
    WebAssembly; the page shows the warnings with the precomputed answer):
    {
      "generated": "AAAA-MM-DD",
      "max_vacancies": 100,
      "norms": {
        "<slug>": {                       # every norm of the corpus
          "percent": "20" | null,         # percentage passed to the calculator (null = the norm's own)
          "percent_is_example": bool,     # true where the norm sets no percentage (Lins)
          "messages": {"<key>": {"code", "kind", "message", "basis"}},   # the calculator's own warnings
          "window": {"from", "to", "presumed", "short", "text", "basis"},  # editais the norm governs
          "validity": {"date", "applies", "start", "last_day", "summary", "warnings", "basis"},
                                          # the calculator's validity rule for an edital published on the
                                          # build date (as in the norm page's status box)
          "rows": [                       # index i ↔ vacancies i + 1
            {"vacancies": int, "reserved": int, "positions": [int, ...],
             "applies": true | false | null,  # as the calculator's reserva and ordem: null without an edital
                                          # date (the answer holds only inside "window"); false only
                                          # where false whatever the date
             "headline": str,             # the calculator's own one-sentence answer (same as the page/CLI)
             "order_headline": str,       # the same for ordem (the same validity clause)
             "interpreted_positions": [int, ...],  # positions placed by interpretation (also in positions)
             "alternative": {"label", "reserved", "basis"} | null,  # where the count rests on a reading:
                                          # the other reading's count (as the calculator's reserva)
             "warnings": [code, ...],     # codes of the reserva and ordem answers (sorted, deduplicated)
             "reserve_warnings": [key, ...], "order_warnings": [key, ...]}   # keys into "messages"
          ]
        }
      }
    }
    """
    norms = {}
    for slug in ctx.slugs:
        pct = example_percent(slug)
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
            res = calculator.reserve(slug, n, pct)
            order = calculator.order(slug, n, pct)
            codes = sorted({w["code"] for w in res.get("warnings", []) + order.get("warnings", [])})
            rows.append({"vacancies": n, "reserved": res["reserved"], "positions": list(order["positions"]),
                         "applies": res["applies"], "headline": res["headline"],
                         "order_headline": order["headline"],
                         "interpreted_positions": list(order["interpreted_positions"]),
                         "alternative": res["alternative"],
                         "warnings": codes,
                         "reserve_warnings": [key_of(w) for w in res.get("warnings", [])],
                         "order_warnings": [key_of(w) for w in order.get("warnings", [])]})
        window = calculator.reserve(slug, 1, pct)["validity_window"]
        norms[slug] = {"percent": pct, "percent_is_example": pct is not None, "rows": rows, "window": window,
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
    write(ctx.gen / "tabelas.json", json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
    write(ctx.gen / "tabelas.md", ctx.env.get_template("tabelas.md.j2").render(
        data=data, corpus=ctx.corpus))
