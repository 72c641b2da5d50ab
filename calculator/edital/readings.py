"""What the norm's text says about counting the reserve per cargo or for the whole concurso: the two
readings, which one leads, and the conflict when they differ (fragmentation)."""

from __future__ import annotations

from calculator.answer import warning
from calculator.norms.model import Registry
from calculator.ptbr import format_int, reserved_phrase


def reading_lead(registry: Registry) -> str:
    """Which reading leads the headline: "cargo" when the text counts per cargo, "concurso" when only the
    concurso read as one has a basis, "nenhuma" when neither has one (both shown with equal weight). What
    the text says of each reading is the registry's [edital]."""
    readings = registry.edital_readings
    if readings["cargo"][0]:
        return "cargo"
    return "concurso" if readings["concurso"][0] else "nenhuma"


ADC41 = {
    "kind": "contexto_nacional",
    # a summary, not a quotation: the ementa's exact words are not in the fact sheet this note comes from
    "text": "Contexto nacional, fora do corpus e não aplicado pela calculadora: o STF, na ADC 41 (Plenário, "
            "julgada em 08/06/2017, sobre a Lei federal nº 12.990/2014), tratou da aplicação da reserva "
            "ao total de vagas do concurso e do não fracionamento das vagas (por exemplo, por "
            "especialidade) para escapar da reserva. Resumo deste site, não citação: confira a redação "
            "exata na ementa do acórdão. A decisão trata da lei federal; invocá-la na leitura de uma lei "
            "municipal é um argumento, não uma decisão sobre essa lei.",
    "source": "STF, ADC 41/DF, Plenário, rel. Min. Roberto Barroso, julgada em 08/06/2017 (resumo da "
              "ementa do acórdão, publicado no Diário da Justiça eletrônico)",
    "date": "2017-06-08",
}


#: The heading of the status column: the per-cargo reading, labelled as interpretation where the text
#: does not count per cargo.
STATUS_LABELS = {"cargo": "Situação", "concurso": "Leitura por cargo (interpretação)",
                 "nenhuma": "Leitura por cargo (interpretação)"}


def fragmentation_warning(registry: Registry, per_cargo: int, aggregated: int, total: int) -> dict:
    """The conflict of the two readings when they give different counts, each with what the text says."""
    readings = registry.edital_readings
    cargo_basis, cargo_text = readings["cargo"]
    conc_basis, conc_text = readings["concurso"]
    higher = "do concurso como um todo" if aggregated > per_cargo else "por cargo"
    choice = {
        "cargo": "a calculadora não escolhe por você: a tabela mostra a reserva por cargo, e o total do "
                 "concurso aparece ao lado.",
        "concurso": "o título segue a leitura que o texto sustenta, a do concurso como um todo; a tabela "
                    "mostra a leitura por cargo, como interpretação.",
        "nenhuma": "o corpus não permite escolher: o título mostra as duas, e a tabela mostra a leitura por "
                   "cargo, como interpretação.",
    }[reading_lead(registry)]
    return warning(
        "fracionamento", "conflito",
        "Fracionamento: as duas leituras dão números diferentes. Leitura por cargo (soma das reservas de "
        f"cada cargo): {reserved_phrase(per_cargo)} — {cargo_text}. Leitura do concurso como um todo "
        f"({format_int(total)} vagas): {reserved_phrase(aggregated)} — {conc_text}. A leitura {higher} "
        f"reserva mais; {choice}",
        list(cargo_basis) + list(conc_basis), no_basis=not (cargo_basis or conc_basis))

