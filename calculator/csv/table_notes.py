"""What the reading of a table of cargos says about the table itself, beside the cargos: the header cells it
did not read, and the total rows it left out (whether they match the rows above them)."""

from __future__ import annotations

from calculator.answer import warning
from calculator.csv.text import safe_text
from calculator.ptbr import count_phrase, format_int


def ignored_columns_warning(ignored: list[tuple[int, str]], line: int,
                            reserve_like: tuple[int, str] | None, uncertain_total: bool) -> dict:
    """The header cells no column name matched: named, never dropped in silence (one of them may count
    vacancies the total then leaves out, or be the reserve the edital announces)."""
    shown = ", ".join(f"{number} (“{safe_text(raw)}”)" for number, raw in ignored[:10])
    more = f" e mais {len(ignored) - 10}" if len(ignored) > 10 else ""
    one = len(ignored) == 1
    text = (f"Linha {line}: {'a coluna' if one else 'as colunas'} {shown}{more} "
            f"{'não foi reconhecida e não foi lida' if one else 'não foram reconhecidas e não foram lidas'}. "
            "Se contam vagas do cargo, o total lido não as inclui: renomeie-as com um dos nomes aceitos "
            "(veja a página do Edital) ou tire-as da tabela.")
    if uncertain_total:
        text += (" Esta tabela não traz o total: o de cada cargo é a soma das partes lidas, e uma coluna não "
                 "lida que tem números pode ser uma parte. Por isso a situação dos cargos não é julgada.")
    if reserve_like is not None:
        n, raw = reserve_like
        text += (f" A coluna {n} (“{safe_text(raw)}”) parece ser a da reserva racial: sem ela, a reserva "
                 "anunciada por cargo não é conferida; chame-a de “reservadas”.")
    return warning("tabela_coluna_ignorada", "aviso", text, [])


def total_row_warning(name: str, line: int, total: int | None, announced: int | None, pcd: int | None,
                       since: list, overall: list) -> dict:
    """A total line of the table: left out of the cargos; whether it matches the rows above it (those
    since the previous total line, or all of them)."""
    shown = safe_text(name)
    checks = [(("vaga", "vagas"), total, since[0], overall[0])]
    if announced is not None:
        checks.append((("vaga reservada", "vagas reservadas"), announced, since[1], overall[1]))
    if pcd is not None:
        checks.append((("vaga PcD", "vagas PcD"), pcd, since[2], overall[2]))
    wrong = [(what, value, summed) for what, value, summed, everything in checks
             if value is not None and value != summed and value != everything]
    if not wrong:
        figures = ", ".join(count_phrase(value, *what) for what, value, _, _ in checks if value is not None)
        return warning(
            "tabela_linha_de_total", "aviso",
            f"Linha {line} (“{shown}”): é a linha de total da tabela, não um cargo, e ficou fora da conta; "
            f"ela confere com a soma dos cargos acima dela ({figures}).", [])
    diffs = "; ".join(f"{what[1]}: {format_int(value)} na linha, {format_int(summed)} somando os cargos"
                      for what, value, summed in wrong)
    return warning(
        "tabela_total_nao_confere", "conflito",
        f"Linha {line} (“{shown}”): é a linha de total da tabela, não um cargo, e ficou fora da conta; "
        f"mas ela não confere com a soma dos cargos acima dela ({diffs}). Confira se a tabela foi copiada "
        "inteira.",
        [])


def lines_text(lines: list[int]) -> str:
    shown = ", ".join(str(n) for n in lines[:10]) + (f" e mais {format_int(len(lines) - 10)}"
                                                     if len(lines) > 10 else "")
    return f"Linha {shown}" if len(lines) == 1 else f"Linhas {shown}"


def reserve_list_warning(lines: list[int]) -> dict:
    return warning(
        "tabela_cadastro_reserva", "aviso",
        f"{lines_text(lines)}: “CR” (cadastro de reserva) não conta como vaga oferecida (“02 + CR” conta as "
        "2 vagas); as nomeações do cadastro entram pelo total de nomeações previstas (ou pela coluna "
        "nomeacoes).", [])


def empty_vacancies_warning(lines: list[int]) -> dict:
    """An empty vacancies cell is read as 0 (cadastro de reserva): said, since a cell merged with the one
    above in a PDF comes out empty when the table is copied."""
    return warning(
        "tabela_vagas_vazias", "aviso",
        f"{lines_text(lines)}: a célula de vagas está vazia e foi lida como nenhuma vaga (cadastro de "
        "reserva). Numa tabela copiada de um PDF, uma célula mesclada com a de cima fica vazia assim: "
        "confira essas linhas no edital.", [])


def footnote_marks_warning(marks: list[tuple[int, str]]) -> dict:
    """Numbers printed with a footnote mark ("5*", "3¹", "2 (1)") are read as the number; the note may say
    that part of them is something else (a PcD or reserved seat), so the rows are named."""
    shown = ", ".join(f"“{cell}”" for _, cell in marks[:5]) + (
        f" e mais {format_int(len(marks) - 5)}" if len(marks) > 5 else "")
    return warning(
        "tabela_marcas_de_nota", "aviso",
        f"{lines_text(sorted({line for line, _ in marks}))}: números com marca de nota ({shown}) lidos sem a "
        "marca. Confira a nota no edital: se ela diz que parte dessas vagas é reservada ou para PcD, ponha "
        "essa parte na sua coluna.", [])


def heading_rows_warning(headings: list[tuple[int, str]]) -> dict:
    """Rows read as section titles ("NÍVEL MÉDIO"), not cargos: named, so a cargo printed without any
    number is not lost in silence."""
    names = ", ".join(f"“{safe_text(name)}”" for _, name in headings[:5]) + (
        f" e mais {format_int(len(headings) - 5)}" if len(headings) > 5 else "")
    read = ("lida como título de seção, não como cargo" if len(headings) == 1
            else "lidas como títulos de seção, não como cargos")
    return warning(
        "tabela_titulos_de_secao", "aviso",
        f"{lines_text([line for line, _ in headings])}: {read} (todas as outras células estão vazias): "
        f"{names}. Se alguma é um cargo sem vagas, escreva 0 ou CR na coluna de vagas.", [])


def area_joined_warning(cargo: str, area: str) -> dict:
    """A second identifying column joined to the cargo: each area is a line of its own in the per-cargo
    reading, which is where splitting one emprego may lower the reserve (the edital's readings say it)."""
    return warning(
        "tabela_area_juntada", "aviso",
        f"A coluna “{area}” foi juntada ao nome do cargo (“{cargo} — {area}”): cada uma é contada como um "
        "cargo na leitura por cargo; a leitura do concurso como um todo soma todas.", [])
