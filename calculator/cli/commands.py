"""The subcommands of ``python -m calculator``: each one's arguments, how it runs (through the same request
path as the page's, calculator/api.py) and how its answer is written as text."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from calculator.api import run
from calculator.cli.editais_text import render_edital
from calculator.cli.help import norm_help, percent_help, reading_help, scope_help
from calculator.cli.pdf_reader import PdfTables
from calculator.cli.render import render_order, render_parameters, render_reserve
from calculator.cli.simulation_text import render_text as render_simulation
from calculator.csv.text import MAX_CSV_BYTES, table_too_large, too_large
from calculator.edital import api_edital
from calculator.errors import InputError
from calculator.rules import rules_for
from calculator.simulator import api_simular
from calculator.simulator.options import declaration


def read_file(path: str, too_large=too_large) -> bytes:
    """The file's bytes, at most MAX_CSV_BYTES of them (a bigger file, /dev/zero or an endless
    pipe is refused after reading one byte more than the limit, never read whole).  ``too_large``: the
    message of a bigger file (the edital's table says its own)."""
    import os
    import stat
    import sys

    limit = MAX_CSV_BYTES
    try:
        if path == "-":
            if sys.stdin is None:
                raise InputError("a entrada padrão está fechada (arquivo -)", "arquivo")
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as fh:
                st = os.fstat(fh.fileno())
                if stat.S_ISREG(st.st_mode) and st.st_size > limit:
                    raise too_large()
                data = fh.read(limit + 1)
        if len(data) > limit:
            raise too_large()
        return data
    except FileNotFoundError:
        raise InputError(f"arquivo não encontrado: {path}", "arquivo") from None
    except IsADirectoryError:
        raise InputError(f"é uma pasta, não um arquivo: {path}", "arquivo") from None
    except PermissionError:
        raise InputError(f"sem permissão para ler o arquivo: {path}", "arquivo") from None
    except OSError as exc:
        raise InputError(f"não foi possível ler o arquivo {path} (erro {exc.errno})", "arquivo") from None
    except MemoryError:
        raise InputError(f"memória insuficiente para ler o arquivo {path}", "arquivo") from None


def simulation_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``python -m calculator simular``."""
    p.add_argument("arquivo", metavar="ARQUIVO.csv", help="lista de classificação em CSV (ou - para a "
                                                          "entrada padrão)")
    p.add_argument("--norma", required=True, metavar="NORMA", help=norm_help())
    p.add_argument("--vagas", required=True, metavar="N", help="número de vagas a preencher (inteiro ≥ 1)")
    p.add_argument("--percentual", metavar="P", help="percentual de reserva (o da norma, se ela o fixa; "
                                                     "obrigatório se não)")
    p.add_argument("--leitura", metavar="L", help="ordem de nomeação: proporcional (padrão) ou quinta")
    p.add_argument("--vinculo", metavar="V", help="efetivo (padrão), emprego, comissao ou estagio")
    p.add_argument("--data-edital", metavar="AAAA-MM-DD",
                   help="data de publicação do edital (verifica a vigência: fora dela, todas as vagas são de "
                        "ampla concorrência)")
    p.add_argument("--vagas-pcd", metavar="K", help="vagas para pessoas com deficiência fixadas no edital "
                                                    "(padrão 0)")
    # the options only one norm accepts: their help is that norm's registry ([simulation.options])
    for option, metavar in (("vagas_femininas", "K"), ("precedencia", "REGRA"),
                            ("precedencia_feminina", "REGRA"), ("substituicao", "LEITURA"),
                            ("preenchimento", "LEITURA"), ("equidade_genero", None)):
        owner, declared = declaration(option)
        text = f"{owner.place}: {declared.get('help', declared.get('description', ''))}" if owner else option
        flag_name = "--" + option.replace("_", "-")
        if metavar is None:
            p.add_argument(flag_name, action="store_true", help=text)
        else:
            p.add_argument(flag_name, metavar=metavar, help=text)
    p.add_argument("--json", action="store_true", help="imprime um objeto JSON")


def run_simulation(a: argparse.Namespace) -> dict:
    """Namespace → result, through api_simular (the browser's path, with the bytes passed as they are)."""
    data = read_file(a.arquivo)
    return api_simular({"norma": a.norma, "vagas": a.vagas, "percentual": a.percentual,
                        "leitura": a.leitura, "vinculo": a.vinculo, "vagas_pcd": a.vagas_pcd,
                        "vagas_femininas": a.vagas_femininas, "precedencia": a.precedencia,
                        "precedencia_feminina": a.precedencia_feminina,
                        "substituicao": a.substituicao, "equidade_genero": a.equidade_genero,
                        "preenchimento": a.preenchimento, "data_edital": a.data_edital}, data)


def edital_arguments(p: argparse.ArgumentParser) -> None:
    """Arguments of ``python -m calculator edital``."""
    p.add_argument("arquivo", metavar="ARQUIVO.csv", nargs="+",
                   help="tabela de cargos em CSV: cargo, vagas e, opcionais, reservadas (o que o edital "
                        "anunciou), vagas_pcd e nomeacoes (ou - para a entrada padrão); ou o PDF do edital "
                        "(cotas edital edital.pdf: a tabela de vagas lida do texto do PDF; precisa de pip "
                        "install \"cotas-em-concursos[pdf]\"); com dois arquivos ou mais, cada edital e "
                        "depois a comparação entre eles (o mesmo cargo em editais da mesma norma e período)")
    p.add_argument("--norma", required=True, metavar="NORMA", help=norm_help())
    p.add_argument("--percentual", metavar="P", help=f"percentual de reserva ({percent_help()})")
    p.add_argument("--data-edital", metavar="AAAA-MM-DD",
                   help="data de publicação do edital (verifica a vigência)")
    p.add_argument("--vinculo", metavar="V", help=scope_help())
    p.add_argument("--leitura", metavar="L", help=f"ordem de nomeação: {reading_help()}")
    p.add_argument("--nomeacoes", metavar="M",
                   help="total de nomeações previstas em cada cargo, contando as vagas (cadastro de reserva; "
                        "pelo menos as vagas de cada cargo; a coluna nomeacoes dá um número por cargo)")
    p.add_argument("--vagas-sao", metavar="total|ampla",
                   help="o que conta a coluna vagas quando é a única coluna de vagas da tabela (CARGO | "
                        "VAGAS | PcD | NEGROS): total (padrão; PcD e reservadas incluídas) ou ampla (só a "
                        "ampla concorrência; o total é a soma)")
    p.add_argument("--relatorio", metavar="ARQUIVO.html",
                   help="grava também um relatório para anexar (HTML autocontido, para imprimir em A4): a "
                        "norma e os dispositivos citados, os arquivos com o SHA-256, as leituras usadas e a "
                        "situação de cada cargo; com SOURCE_DATE_EPOCH, a data e hora do relatório são essa")
    p.add_argument("--json", action="store_true", help="imprime um objeto JSON")


def run_edital(a: argparse.Namespace) -> dict:
    """Namespace → result, through api_edital (the browser's path, with the file's bytes as they are)."""
    rules_for(a.norma)
    request = {"norma": a.norma, "percentual": a.percentual, "data_edital": a.data_edital,
               "vinculo": a.vinculo, "leitura": a.leitura, "nomeacoes": a.nomeacoes, "vagas_sao": a.vagas_sao}
    tables = PdfTables()  # a PDF's vacancy table is read as its CSV text, the PDF named where it came from
    kept = []  # with --relatorio, each file as read: the report names and hashes it

    def read(path: str) -> bytes:
        data = read_file(path, table_too_large)
        table = tables.read(path, data)
        if a.relatorio:
            from calculator.cli.report_file import ReadTable

            kept.append(ReadTable(path, data, table, tables.source(path)))
        return table

    if len(a.arquivo) == 1:
        result = tables.answer(a.arquivo[0], lambda: api_edital(request, read(a.arquivo[0])))
    else:
        from calculator.edital.several import check_count, several

        check_count(len(a.arquivo))
        # each file read when its turn comes: a file that cannot be read stops the run before anything is
        # written
        result = tables.answer(None, lambda: several((path, request, read(path)) for path in a.arquivo))
    if a.relatorio:  # the answer stood: the report is written before it is printed
        from calculator.cli.report_file import write_report

        write_report(a.relatorio, request, kept)
    return result


@dataclass(frozen=True)
class Subcommand:
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], dict]
    render: Callable[[dict], str]


def _norm_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--norma", required=True, metavar="NORMA", help=norm_help())
    p.add_argument("--vagas", required=True, metavar="N", help="número de vagas oferecidas (inteiro ≥ 1)")
    p.add_argument("--percentual", metavar="P",
                   help=f"percentual de reserva, ex.: 25 ou 25,5 ({percent_help()})")
    p.add_argument("--vinculo", metavar="V", help=scope_help())
    p.add_argument("--json", action="store_true", help="imprime um objeto JSON")


def date_args(p: argparse.ArgumentParser) -> None:
    """--data-edital (and its name for a vínculo dated by the nomination, --data-nomeacao)."""
    p.add_argument("--data-edital", metavar="AAAA-MM-DD",
                   help="data de publicação do edital (verifica a vigência; sem ela, a resposta vale só "
                        "se o edital estiver no período de vigência, e diz qual é)")
    p.add_argument("--data-nomeacao", metavar="AAAA-MM-DD",
                   help="para cargos em comissão, a data da nomeação (no lugar da data do edital)")


def _reserva_args(p: argparse.ArgumentParser) -> None:
    _norm_args(p)
    date_args(p)


def _ordem_args(p: argparse.ArgumentParser) -> None:
    _norm_args(p)
    date_args(p)
    p.add_argument("--leitura", metavar="L",
                   help=reading_help())
    p.add_argument("--nomeacoes", metavar="M",
                   help="total de nomeações, além das vagas (cadastro de reserva; M ≥ vagas): a ordem "
                        "continua pela mesma regra, com os limiares das vagas oferecidas")


def _parametros_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--norma", required=True, metavar="NORMA", help=norm_help())
    p.add_argument("--json", action="store_true", help="imprime um objeto JSON")


SUBCOMMANDS: dict[str, Subcommand] = {
    "reserva": Subcommand(
        "quantas vagas são reservadas (e se a norma se aplica ao edital)", _reserva_args,
        lambda a: run({"command": "reserva", "norma": a.norma, "vagas": a.vagas, "percentual": a.percentual,
                       "data_edital": a.data_edital, "data_nomeacao": a.data_nomeacao,
                       "vinculo": a.vinculo}),
        render_reserve),
    "ordem": Subcommand(
        "quais nomeações vão para a lista reservada", _ordem_args,
        lambda a: run({"command": "ordem", "norma": a.norma, "vagas": a.vagas, "percentual": a.percentual,
                       "leitura": a.leitura, "vinculo": a.vinculo, "nomeacoes": a.nomeacoes,
                       "data_edital": a.data_edital, "data_nomeacao": a.data_nomeacao}),
        render_order),
    "parametros": Subcommand(
        "os parâmetros da norma, cada um com o dispositivo que o fixa", _parametros_args,
        lambda a: run({"command": "parametros", "norma": a.norma}),
        render_parameters),
    "simular": Subcommand(
        "simula as nomeações a partir de uma lista de classificação (CSV)", simulation_arguments,
        run_simulation, render_simulation),
    "edital": Subcommand(
        "o edital inteiro: a reserva de cada cargo e do concurso, e se o edital cumpre a norma (CSV)",
        edital_arguments, run_edital, render_edital),
}
