"""What a lone ``vagas`` column counts.  Editais print ``CARGO | VAGAS | PcD | NEGROS`` and say in a
footnote whether VAGAS is the cargo's total or only the ampla concorrência share; the table is read with
one meaning (the ``vagas_sao`` option), and when the other meaning makes every cargo conforme, or more
of them, the answer says so, so the reader checks the footnote instead of trusting a verdict built on
the wrong column."""

from __future__ import annotations

from calculator.answer import warning
from calculator.csv.cargos import CargoTable
from calculator.ptbr import count_phrase
from calculator.stages.compliance import compliance_status
from calculator.stages.reserve import reserve


def _alternative_totals(table: CargoTable):
    """Each cargo's total under the other meaning of the vagas column."""
    sign = 1 if table.layout == "vagas" else -1  # read as the total: the other meaning adds PcD and the
    return (c.vacancies + sign * ((c.pcd or 0) + (c.announced or 0)) for c in table.rows)  # reserve


def other_meaning(norm: object, table: CargoTable, result: dict, percent: object, edital_date: object,
                  scope: object) -> dict | None:
    """The note, or None: only for a lone vagas column with the announced reserve, in an edital the norm
    may govern, when the other meaning fits better."""
    if table.layout not in ("vagas", "vagas_ampla") or "reservadas" not in table.columns:
        return None
    if (result.get("validity") or {}).get("applies") is False:
        return None
    kind = result["percent_kind"]
    cache: dict[int, int] = {}
    judged = now = then = 0
    for c, row, n in zip(result["cargos"], table.rows, _alternative_totals(table), strict=True):
        if row.announced is None:
            continue  # (the cargos' answers are made one at a time: a table of 100k is not held twice)
        judged += 1
        now += c["status"] == "conforme"
        if n not in cache:
            cache[n] = reserve(norm, n, percent, edital_date, scope)["reserved"] if n else 0
        then += compliance_status(row.announced, cache[n], kind, [], True)[0] == "conforme"
    if not judged or now == judged or then <= now:
        return None
    column = table.columns.get("vagas", "vagas")
    if table.layout == "vagas":
        read, other = ("o total de vagas de cada cargo",
                       "as vagas de ampla concorrência (o total de cada cargo seria a soma com PcD e "
                       "reservadas)")
    else:
        read, other = ("as vagas de ampla concorrência (o total é a soma com PcD e reservadas)",
                       "o total de vagas de cada cargo")
    def fit(k: int) -> str:
        if judged == 1:
            return "o cargo fica conforme" if k else "o cargo não fica conforme"
        return f"{k} de {judged} cargos {'fica' if k == 1 else 'ficam'} conforme"

    outcome = (f"todos os {count_phrase(judged, 'cargo', 'cargos')} ficam conforme"
               if then == judged and judged > 1 else
               fit(then))
    return warning(
        "edital_vagas_outra_leitura", "interpretacao",
        f"A coluna “{column}” foi lida como {read}: assim, {fit(now)}. "
        f"Lida como {other}, {outcome}. O que a coluna conta está numa nota do edital: confira-a; se for a "
        "outra leitura, refaça a conta com ela (leitura da coluna de vagas).", [])
