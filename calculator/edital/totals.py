"""What an edital's answer says of the whole edital: the steps (the table read, the two readings' totals),
the warnings (fragmentation, nominations beyond the vacancies, a set of posts, a shortfall only in the
concurso read as one) and the totals with their status."""

from __future__ import annotations

from calculator.answer import step, warning
from calculator.csv.cargo_columns import LAYOUTS, header_key
from calculator.edital.answers import Statuses
from calculator.edital.compute import CargoCache, Question
from calculator.edital.readings import ADC41, fragmentation_warning
from calculator.edital.shared import Shared
from calculator.limits import EDITAL_POSITIONS, EDITAL_POSITIONS_EACH
from calculator.ptbr import count_phrase, format_int, reserved_phrase
from calculator.stages.compliance import compliance_status, reading_dependence
from calculator.stages.reserve import is_not_calculated


def edital_steps(q: Question, shared: Shared, st: Statuses) -> list[dict]:
    """The table's columns, the steps every cargo shares, and each reading's total."""
    out = []
    # the headers that matched, as printed, whenever the table is not the tool's own plain format
    if q.table is not None and (q.table.layout != "vagas" or any(
            header_key(name) != col for col, name in q.table.columns.items())):
        columns = ", ".join(f"“{name}”" for col, name in q.table.columns.items()
                            if col != "cargo" or header_key(name) != "cargo")
        out.append(step(f"Tabela lida pelas colunas {columns}: {LAYOUTS[q.table.layout]}."))
    if q.table is not None and q.table.skipped:
        names = ", ".join(f"“{name}”" for name in q.table.skipped)
        out.append(step(f"Colunas que não contam vagas, deixadas de lado: {names}."))
    if q.table is not None and q.table.sections:
        titles = ", ".join(f"“{title}” (linha {line})" for line, title in q.table.sections)
        out.append(step(f"Títulos de seção, não contados como cargos: {titles}; cada cargo leva o título da "
                        "seção em que está."))
    if q.set_scope:
        # the set read as one: its own answer's steps (applicability, percentage) and warnings
        return out + list(q.aggregated["steps"][:-1]) + [_set_step(q)]
    if q.app.stops:
        # the norm does not govern the edital: one step says that nothing is computed (the reserve's and
        # the order's are the same sentence), and no reading's count is shown as if it were required
        stop = [s for s in shared.steps if is_not_calculated(s)]
        rest = [s for s in shared.steps if s not in stop]
        return out + rest + stop[-1:]
    cargo_basis = q.rules.registry.edital_readings["cargo"][0]
    conc_basis = q.rules.registry.edital_readings["concurso"][0]
    out += shared.steps + [step(
        f"Leitura por cargo: soma das reservas de {count_phrase(len(q.rows), 'cargo', 'cargos')} = "
        f"{reserved_phrase(st.reserved)}.", cargo_basis, no_basis=not cargo_basis)]
    text = (f"Leitura do concurso como um todo: {format_int(q.total)} vagas oferecidas no concurso → "
            f"{reserved_phrase(q.reserved_aggregated)}")
    if q.total:
        text += (f" ({q.aggregated['percent_display']} de {format_int(q.total)} = "
                 f"{q.aggregated['exact_display']})")
    out.append(step(text + ".", conc_basis, no_basis=not conc_basis))
    return out


def edital_warnings(cache: CargoCache, shared: Shared, st: Statuses) -> tuple[list[dict], list[dict]]:
    """(the edital's warnings, the national context shown beside them). Fragmentation drops the cargos'
    per-cargo notes, which it states with both readings."""
    q, registry = cache.q, cache.q.rules.registry
    warnings = list(q.aggregated["warnings"]) if q.set_scope else list(shared.warnings)
    context = []
    per_cargo = q.reserved_aggregated if q.set_scope else st.reserved  # a set's count is the only one
    if per_cargo != q.reserved_aggregated:
        warnings.insert(0, fragmentation_warning(registry, per_cargo, q.reserved_aggregated, q.total))
        context.append(dict(ADC41))
        warnings = [w for w in warnings if w["code"] not in registry.per_cargo_notes]
        st.drop_codes(registry.per_cargo_notes)
    if any(m is not None and m != c.vacancies for c, m, _ in cache.per_cargo()) and not q.set_scope:
        beyond = list(registry.beyond_basis)
        warnings.append(warning(
            "edital_nomeacoes_alem_das_vagas", "interpretacao",
            "Nomeações além das vagas: em cada cargo, a reserva e os limiares (o mínimo de vagas, a troca de "
            "percentual) continuam os das vagas oferecidas; a ordem de nomeação continua pela mesma regra "
            "nas nomeações adicionais (veja cada cargo).", beyond, no_basis=not beyond))
    if st.cut is not None:
        warnings.append(warning(
            "edital_posicoes_limitadas", "aviso",
            f"As posições de chamada são listadas até {format_int(EDITAL_POSITIONS)} no edital inteiro: a "
            f"partir do cargo da linha {q.rows[st.cut[0]].line}, cada cargo lista as "
            f"{EDITAL_POSITIONS_EACH} primeiras e diz quantas nomeações vão para a lista reservada (a "
            "contagem não muda). Para ver todas as posições de um cargo, pergunte a ordem de convocação só "
            "dele.", []))
    if q.set_scope:
        warnings.insert(0, warning(
            "edital_vinculo_conjunto", "aviso",
            f"Com o vínculo \"{registry.scopes[q.aggregated['scope']]}\", a norma fixa o mínimo sobre o "
            "conjunto desses postos, não cargo a cargo: a tabela soma as linhas num conjunto só e julga "
            "apenas "
            "o número do conjunto; as linhas não têm reserva, situação nem ordem próprias (a norma não fixa "
            "ordem de convocação para eles).", set_basis(q)))
    return warnings, context


def totals(q: Question, st: Statuses, warnings: list[dict]) -> dict:
    """The edital's totals and their status under each reading (the set's status warnings and a shortfall
    only in the concurso read as one are added to ``warnings``)."""
    reserved = q.reserved_aggregated if q.set_scope else st.reserved  # a set's count is the only one
    shortfall = tuple(set_basis(q)) if q.set_scope else q.shortfall_basis
    status = (compliance_status(st.announced, reserved, q.kind, q.kind_basis, True, q.above_minimum,
                                shortfall, q.voluntary_basis) if st.announced_all else (None, []))
    aggregated = (compliance_status(st.announced, q.reserved_aggregated, q.kind, q.kind_basis, True,
                                    voluntary_basis=q.voluntary_basis)[0] if st.announced_all else None)
    missing = st.missing
    if q.set_scope:
        missing = q.reserved_aggregated - st.announced if aggregated == "abaixo" else 0
        warnings += status[1]
    if st.announced_all and aggregated == "abaixo" and status[0] != "abaixo":
        basis = q.rules.registry.edital_readings["concurso"][0]
        warnings.insert(0, warning(
            "edital_abaixo_no_concurso", "conflito",
            f"O total anunciado pelo edital ({reserved_phrase(st.announced)}) alcança a soma das reservas "
            f"por cargo ({format_int(reserved)}), mas fica abaixo da reserva do concurso lido como um "
            f"todo ({format_int(q.reserved_aggregated)}).", list(basis), no_basis=not basis))
    rows = q.rows
    # the concurso's status where it flips under the other reading of its count
    aggregated_note = reading_dependence(aggregated, st.announced if st.announced_all else None,
                                         q.reserved_aggregated,
                                         q.aggregated.get("alternative") if q.total else None, q.kind,
                                         q.kind_basis)[0]
    return {
        "cargos": len(rows), "vacancies": q.total, "reserved": reserved,
        "reserved_aggregated": q.reserved_aggregated,
        "announced": st.announced if st.announced_all else None, "missing": missing,
        "status_counts": st.counts, "status": status[0], "status_aggregated": aggregated,
        "status_aggregated_note": aggregated_note, "status_depends": st.depends,
        "status_below_depends": st.below_depends,
        "pcd_vacancies": sum(c.pcd or 0 for c in rows) if any(c.pcd is not None for c in rows) else None,
    }


def set_basis(q: Question) -> list[str]:
    """The provision that sets the minimum over the set of posts of a vínculo: the one the norm's set step
    cites beside the percentage (Ubatuba: art. 8º for cargos em comissão; art. 1º, p. ú., I, for estágios)."""
    rules = q.rules
    if rules.registry.percent_rule == "given":
        return []
    probe = rules.reserved_seats(5, None, q.aggregated["scope"])
    percent_basis = set(probe["steps"][0]["basis"])
    for s in probe["steps"][1:]:
        own = [b for b in s["basis"] if b not in percent_basis]
        if own:
            return own
    return []


def _set_step(q: Question) -> dict:
    """The one count the text describes for a set of posts (cargos em comissão, estágios of an órgão)."""
    name = q.rules.registry.scopes[q.aggregated["scope"]]
    text = (f"Conjunto de {name}: {format_int(q.total)} postos somando as linhas da tabela → "
            f"{reserved_phrase(q.reserved_aggregated)}")
    if q.total:
        text += (f" ({q.aggregated['percent_display']} de {format_int(q.total)} = "
                 f"{q.aggregated['exact_display']})")
    basis = set_basis(q)
    return step(text + "; só este número é exigido (não há conta cargo a cargo).", basis, no_basis=not basis)
