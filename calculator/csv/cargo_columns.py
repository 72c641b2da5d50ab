"""The columns of an edital's table of cargos: each canonical column with the header spellings editais
print (:data:`COLUMN_ALIASES`), how a header is matched (:func:`header_key`), the layouts they make and the
names rows that are totals go by."""

from __future__ import annotations

import re

from calculator.csv.counts import NOT_WORD
from calculator.csv.text import normalise

#: canonical column → accepted header spellings (normalised by :func:`header_key`)
COLUMN_ALIASES: dict[str, tuple[str, ...]] = {
    "cargo": ("cargo", "cargos", "cargo_emprego", "cargo_funcao", "funcao", "emprego", "especialidade",
              "cargo_especialidade", "nome_do_cargo", "denominacao_do_cargo", "cargos_empregos",
              "denominacao", "cargo_publico", "emprego_publico"),
    # a second name of the cargo: one emprego split by area or place ("Emprego | Área | Vagas"), joined to
    # the cargo's name ("Analista — Contábil"); a second cargo-like column ("Cargo | Especialidade") too
    "area": ("area", "areas", "area_de_atuacao", "area_de_conhecimento", "subarea", "lotacao", "localidade",
             "local_de_trabalho", "local_de_lotacao", "unidade", "unidade_de_lotacao", "regiao", "polo",
             "setor", "disciplina"),
    # the count whose meaning is in the edital's footnote (total or ampla concorrência)
    "vagas": ("vagas", "n_vagas", "no_vagas", "n_de_vagas", "no_de_vagas", "numero_de_vagas",
              "vagas_oferecidas", "quantidade_de_vagas", "qtde_de_vagas", "qtd_vagas", "qtde_vagas",
              "n_o_de_vagas", "n_o_vagas"),
    "total": ("total", "vagas_totais", "total_de_vagas", "total_vagas", "total_geral", "vagas_total",
              "total_de_vagas_oferecidas"),
    "ampla": ("ampla", "ampla_concorrencia", "ac", "vagas_ampla_concorrencia", "vagas_ac", "vagas_ampla",
              "ampla_concorrencia_ac", "vagas_de_ampla_concorrencia"),
    "vagas_pcd": ("vagas_pcd", "pcd", "vagas_deficiencia", "vagas_pessoas_com_deficiencia",
                  "pessoas_com_deficiencia", "pessoa_com_deficiencia", "pne", "vagas_pne", "deficientes",
                  "vagas_para_pcd", "vagas_para_pessoas_com_deficiencia", "pcd_pne", "reservadas_pcd",
                  "vagas_reservadas_a_pcd", "reservadas_a_pessoas_com_deficiencia",
                  "vagas_reservadas_a_pessoas_com_deficiencia", "candidatos_com_deficiencia",
                  "candidatos_deficientes", "pessoas_deficientes", "deficiencia", "vagas_deficientes"),
    "reservadas": ("reservadas", "vagas_reservadas", "reserva", "reserva_racial", "vagas_negros",
                   "cotas", "cota_racial", "vagas_cotas", "negros", "pretos_e_pardos", "ppi",
                   "negros_indios_e_quilombolas", "niq", "cotas_raciais", "candidatos_negros",
                   "pretos_pardos_e_indigenas", "vagas_ppi", "vagas_niq", "cotas_negros",
                   "reservadas_negros", "reservadas_a_negros", "vagas_reservadas_a_negros",
                   "vagas_para_negros", "negros_e_pardos", "reserva_negros", "vagas_reservadas_para_negros",
                   "cotas_raciais_negros", "reservadas_para_negros", "vagas_para_candidatos_negros",
                   "pessoas_negras", "vagas_pessoas_negras", "reserva_pessoas_negras", "ppiq", "vagas_ppiq",
                   "candidatos_negros_ppiq", "negros_ppiq", "negras", "reserva_racial_negros"),
    # a list of its own for women (the Lins decree foresees one for the Guarda, art. 6º, IV): a part of the
    # total like PcD, never ignored, or a parts-only table would be read on a shrunken total
    "feminino": ("feminino", "sexo_feminino", "mulheres", "vagas_femininas", "vagas_feminino", "feminina",
                 "femininas", "vagas_mulheres", "vagas_para_mulheres", "vagas_sexo_feminino",
                 "candidatas_mulheres", "candidatos_sexo_feminino", "vagas_para_o_sexo_feminino"),
    "nomeacoes": ("nomeacoes", "nomeacoes_previstas", "n_nomeacoes"),
}
HEADER_TO_COLUMN = {alias: col for col, aliases in COLUMN_ALIASES.items() for alias in aliases}
#: how each count column is named in a message
WHAT = {"vagas": "o número de vagas", "total": "o total de vagas", "ampla": "as vagas de ampla concorrência",
         "vagas_pcd": "o número de vagas PcD", "reservadas": "o número de vagas reservadas",
         "feminino": "o número de vagas para mulheres",
         "nomeacoes": "o número de nomeações"}
#: layout → how the answer describes it (the table's shape, said once)
LAYOUTS = {
    "vagas": "uma coluna de vagas, lida como o total de vagas de cada cargo",
    "vagas_ampla": "uma coluna de vagas, lida como as vagas de ampla concorrência (o total de cada cargo "
                   "é a soma: ampla concorrência + PcD + reservadas)",
    "total": "o total de vagas de cada cargo",
    "total_partes": "o total de vagas e as partes (ampla concorrência + PcD + reservadas), que somam o total",
    "partes": "as partes sem o total (o total de cada cargo é a soma: ampla concorrência + PcD + "
              "reservadas)",
}
VACANCIES_ARE = ("total", "ampla")
#: The columns editais print beside the counts that never count vacancies (requisitos, jornada, salary, fee,
#: codes): left aside by their header, said in the steps, never taken for an unread part of the total.
NON_COUNT = re.compile(
    r"(pre_)?requisitos?(_.*)?|escolaridade(_.*)?|formacao(_.*)?|habilitac(ao|oes)(_.*)?|jornada(_.*)?"
    r"|carga_horaria(_.*)?|horas(_semanais)?|vencimentos?(_.*)?|salario(s)?(_.*)?|remuneracao(_.*)?"
    r"|subsidio(_.*)?|valor(_.*)?|taxa(_.*)?|codigo(_.*)?|cod|nivel(_.*)?|referencia(_.*)?"
    r"|atribuic(ao|oes)(_.*)?|descricao(_.*)?|classe|padrao|obs|observac(ao|oes)(_.*)?|escolaridade_minima")
#: A header that speaks of the racial reserve: an ignored column like it is named as such.
RESERVE_LIKE = re.compile(r"negr|pret|pard|indig|quilomb|cota|reserv|ppi|racia|etnic")
TOTAL_ROW = re.compile(r"(sub_?)?tota(l|is)(_.*)?|soma(_.*)?")
_FOOTNOTE = re.compile(r"(\s*(\*+|\(\s*\d{1,2}\s*\)|[¹²³⁴⁵⁶⁷⁸⁹⁰]+))+\s*$")
#: the share a header states beside its name ("PcD (5%)", "Negros (20%)"): not part of the name
_SHARE = re.compile(r"\(\s*\d+(?:[.,]\d+)?\s*%\s*\)")


def header_key(raw: str) -> str:
    """A header as the aliases spell it: footnote marks off ("VAGAS*", "Vagas (1)"), accents and case
    off, any run of other characters as ``_``
    ("Negros, índios e quilombolas" → negros_indios_e_quilombolas)."""
    return NOT_WORD.sub("_", normalise(_FOOTNOTE.sub("", _SHARE.sub("", raw)))).strip("_")


def total_key(name: str) -> str:
    """A row's name as a total row's is matched: footnote marks, parentheses and punctuation off, like a
    header ("Total*", "TOTAL¹", "(Total)", "Total: "), and letters spaced out joined ("T O T A L")."""
    key = header_key(name)
    parts = key.split("_")
    return "".join(parts) if len(parts) > 1 and all(len(p) == 1 for p in parts) else key
