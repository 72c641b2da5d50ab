"""The reference of a norm as ABNT NBR 6023:2018 writes it (documento jurídico, legislação, online):

    JURISDIÇÃO (UF). Epígrafe. Ementa. [Dados da publicação.] Disponível em: URL. Acesso em: 1 dez. 2026.

    UBATUBA (SP). Lei nº 3.765, de 16 de junho de 2014. Dispõe sobre reserva de vagas para negros, índios e
    quilombolas […] do Município de Ubatuba. Disponível em: https://…/gerado/ubatuba.html. Acesso em: …

The ementa is transcribed as published (the corpus keeps it verbatim). The publication data comes only
from the corpus (Lins's gazette header); the other two texts do not give it, and nothing is guessed.
The page completes "Disponível em" and "Acesso em" from its own address and the reader's date at the time
of copying (docs/assets/citacao.js); `reference()` is the same composition, for tests and other tools.
"""

from __future__ import annotations

from laws.corpus import Norm
from laws.jsonld import formal_name
from laws.parser import roman_to_int

# Months as NBR 6023 abbreviates them (May is written out).
MONTHS = ("jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez.")


def short_date(iso: str) -> str:
    """2024-02-08 → "8 fev. 2024"."""
    year, month, day = (int(x) for x in iso.split("-"))
    return f"{day} {MONTHS[month - 1]} {year}"


def jurisdiction(norm: Norm) -> str:
    """ "UBATUBA (SP)": the municipality in capitals, its state to tell it apart."""
    return f"{norm.meta['municipality'].upper()} ({norm.meta['state']})"


def publication(norm: Norm) -> str | None:
    """ "Imprensa Oficial - Lins: seção Atos Oficiais, Lins, SP, ano 8, n. 1490, 8 fev. 2024." or None."""
    pub = norm.meta.get("publication")
    if not pub:
        return None
    volume = pub["volume"]
    volume = str(roman_to_int(volume)) if volume.isupper() and volume.isalpha() else volume
    return (f"{pub['source']}: seção {pub['section']}, {norm.meta['municipality']}, {norm.meta['state']}, "
            f"ano {volume}, n. {pub['edition']}, {short_date(pub['date'])}.")


def reference_head(norm: Norm) -> str:
    """The reference up to "Disponível em" (no trailing space)."""
    ementa = norm.meta["ementa"].strip()
    ementa = ementa if ementa.endswith(".") else ementa + "."
    parts = [f"{jurisdiction(norm)}.", f"{formal_name(norm)}.", ementa]
    if publication(norm):
        parts.append(publication(norm))
    return " ".join(parts)


def reference(norm: Norm, url: str, accessed: str) -> str:
    """The full reference for a copy at `url` read on date `accessed` (ISO)."""
    return f"{reference_head(norm)} Disponível em: {url}. Acesso em: {short_date(accessed)}."
