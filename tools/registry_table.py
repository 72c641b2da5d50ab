"""The article → rule table of calculator/README.md, generated from the norms' registries.

    .venv/bin/python tools/registry_table.py      # rewrite the table between the markers

tests/calculator/norms/test_registry.py checks that the README holds what this script would write, so the
table cannot drift from laws/<slug>/norma.toml.  Rows follow the text's order (the corpus' provision order);
each row names a provision, what the registry says about it and where (the registry entry; the rule applying
it).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "calculator" / "README.md"
BEGIN = "<!-- tabela gerada do registro por tools/registry_table.py: não editar à mão -->"
END = "<!-- fim da tabela gerada -->"


VERDICTS = {True: "aplica-se", False: "não se aplica", None: "o corpus não permite dizer"}


def _value(p) -> str:
    if p.value is None:
        return "sem valor no corpus"
    if isinstance(p.value, tuple):
        return ", ".join(p.value)
    if p.value is True:
        return "sim"
    return str(p.value)


def _order_notes(norm) -> str:
    """Where the norm's notes on the call order are written: its rules class's own order_notes, or the
    default's."""
    from calculator.rules import rules_class

    found = rules_class(norm)
    where = found if "order_notes" in vars(found) else found.__mro__[-2]
    return f"{where.__module__.removeprefix('calculator.')}.{where.__name__}.order_notes"


def rows(norm, day=str, value=_value) -> list[tuple[str, str, str]]:
    """(provision ref, what, where) for every provision the registry cites; ``day`` writes a date (ISO by
    default; the site passes dd/mm/aaaa) and ``value`` a parameter's value."""
    v = norm.validity
    out = []
    for name, values in norm.parameters.items():
        for p in values:
            when = f"{day(p.start)} a {day(p.end)}" if p.end else f"desde {day(p.start)}"
            for ref in p.basis:
                out.append((ref, f"parâmetro `{name}` = {value(p)} ({when})", f"`[[parameters]] {name}`"))
    for ref in v.start_basis:
        out.append((ref, f"início da vigência: {day(v.start)}" + (" (presumido)" if v.start_presumed else ""),
                    "`[validity] start`"))
    for ref in v.term_basis:
        out.append((ref, f"prazo de {v.term_years} anos: último dia {day(v.term_end)} (calculado)",
                    "`[validity] term_parameter`"))
    for ref in v.transition_basis:
        out.append((ref, "editais já publicados excluídos", "`[validity] transition_basis`"))
    if v.extension:
        for ref in v.extension.basis:
            out.append((ref, f"prorrogação de {v.extension.years} anos ({v.extension.model}): último dia "
                             f"{day(v.extension.end)}", "`[validity.extension]`"))
    notes = _order_notes(norm)
    for ref in norm.order_basis:
        out.append((ref, "ordem de nomeação (leituras: " + ", ".join(norm.readings) + ")",
                    f"`[order]`; `{notes}`"))
    for name, case in norm.validity_cases.items():
        verdict = VERDICTS[case.applies]
        for ref in case.basis:
            out.append((ref, f"vigência, caso `{name}`: {verdict}", f"`[validity.cases.{name}]`"))
    for ref in norm.validity_entry.basis:
        out.append((ref, "vigência: passo inicial (entrada em vigor)", "`[validity.entry]`"))
    for ref in norm.window["basis"]:
        out.append((ref, "vigência: período dos editais abrangidos", "`[validity.window]`"))
    from calculator.simulator.policy import of

    pol = of(norm)
    for kind, ids in pol.basis.items():
        for ref in pol.ids(ids):
            out.append((ref, f"simulação de nomeações: decisão `{kind}`", f"`[simulation.basis] {kind}`"))
    for lst, ids in pol.list_basis.items():
        for ref in pol.ids(ids):
            out.append((ref, f"simulação de nomeações: lista publicada `{lst}`", "`[simulation.lists]`"))
    for ref in pol.ids(pol.pcd_first.get("step_basis", ())):
        out.append((ref, "simulação de nomeações: vagas de PcD chamadas primeiro",
                     "`[simulation.pcd_first]`"))
    for key, entry in norm.warnings.items():
        for ref in entry.basis:
            out.append((ref, f"aviso `{entry.code}` ({entry.kind})", f"`[warnings.{key}]`"))
    c = norm
    for ref in c.reserve_basis:
        out.append((ref, "reserva de um concurso: dispositivo citado em cada resposta", "`[reserve] basis`"))
    for ref in c.whole_basis:
        out.append((ref, "reserva: P% de N inteiro, sem arredondamento", "`[reserve] whole_basis`"))
    for ref in c.beyond_basis:
        out.append((ref, "nomeações além das vagas", "`[order] beyond_basis`"))
    for name, (basis, _) in c.edital_readings.items():
        for ref in basis:
            out.append((ref, f"edital: leitura {'por cargo' if name == 'cargo' else 'do concurso'}",
                         f"`[edital.{name}]`"))
    for ref in c.shortfall_basis:
        out.append((ref, "edital: base de uma falta na tabela de cargos", "`[edital] shortfall_basis`"))
    return out


def sorted_rows(norm, corpus_norm, day=str, value=_value) -> list[tuple[str, str, str]]:
    """rows() without repeats, in the text's order (then by registry entry)."""
    order = {p.id: i for i, p in enumerate(corpus_norm.walk())}
    return sorted(set(rows(norm, day, value)), key=lambda r: (order[r[0].split(":", 1)[1]], r[2], r[1]))


def render() -> str:
    sys.path.insert(0, str(ROOT))
    from calculator import NORMS
    from calculator.labels import display_label
    from calculator.norms import LAWS, path_of, registry_of
    from laws.corpus import load_corpus

    corpus = load_corpus()
    lines = [BEGIN, "", "| norma | dispositivo | o que o registro diz | onde |", "|---|---|---|---|"]
    for slug in NORMS:  # the norms of laws/ (an extra corpus folder's norm is not the project's)
        if path_of(slug).parent.parent != LAWS:
            continue
        norm = registry_of(slug)
        first = True
        for ref, what, where in sorted_rows(norm, corpus.norm(slug)):
            who = f"{norm.place} ([`laws/{slug}/norma.toml`](../laws/{slug}/norma.toml))" if first else ""
            lines.append(f"| {who} | {display_label(ref.split(':', 1)[1])} | {what} | {where} |")
            first = False
    lines += ["", "Passos e avisos sem base no corpus (`no_basis`) não aparecem aqui: não citam dispositivo.",
              "", END]
    return "\n".join(lines)


def updated(text: str) -> str:
    """README text with the generated table in place (between the markers)."""
    head, sep, rest = text.partition(BEGIN)
    if not sep:
        raise SystemExit(f"{README}: marcador não encontrado: {BEGIN}")
    _, sep, tail = rest.partition(END)
    if not sep:
        raise SystemExit(f"{README}: marcador não encontrado: {END}")
    return head + render() + tail


def main() -> None:
    README.write_text(updated(README.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"{README}: tabela atualizada")


if __name__ == "__main__":
    main()
