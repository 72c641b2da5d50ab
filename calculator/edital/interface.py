"""The edital's API and CLI glue: the request's fields, the table's bytes, the arguments of
``python -m calculator edital``."""

from __future__ import annotations

from calculator import options
from calculator.cargos import read_cargos
from calculator.core import get_norm
from calculator.edital.concurso import edital
from calculator.errors import InputError
from calculator.fields import check_fields

API_FIELDS = ("norma", "percentual", "data_edital", "vinculo", "leitura", "nomeacoes", "vagas_sao", "csv",
              "csv_base64")


def csv_bytes(req: dict) -> bytes:
    """The table's bytes: ``csv`` (the text, as the page has it) or ``csv_base64`` (the file's bytes)."""
    from calculator import csvtext

    text, b64 = req.get("csv"), req.get("csv_base64")
    if text is not None and b64 is not None:
        raise InputError("informe a tabela em \"csv\" ou em \"csv_base64\", não nos dois", "csv")
    if b64 is not None:
        import base64
        import binascii

        if not isinstance(b64, str):
            raise InputError("csv_base64 deve ser um texto em base64", "csv")
        if len(b64) > (csvtext.MAX_CSV_BYTES + 2) // 3 * 4 + 4:
            raise csvtext.table_too_large()
        try:
            return base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise InputError("csv_base64 não é base64 válido", "csv") from None
    if text is None:
        raise InputError("campo obrigatório ausente: csv (a tabela de cargos)", "csv")
    if not isinstance(text, str):
        raise InputError("csv deve ser o texto da tabela", "csv")
    if len(text) > csvtext.MAX_CSV_BYTES:
        raise csvtext.table_too_large()
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError("Linha 1: o texto da tabela contém caracteres inválidos", "csv") from None


def api_edital(req: dict, data: bytes | None = None) -> dict:
    """api.handle runner for "edital".  The CLI passes the file's bytes as ``data`` (no base64 round trip:
    one copy less of a large file); everything else is the same path."""
    check_fields(req, API_FIELDS, ("norma",))
    get_norm(req["norma"])
    cargos = read_cargos(csv_bytes(req) if data is None else data, req.get("vagas_sao"))
    return edital(req["norma"], cargos, req.get("percentual"), req.get("data_edital"), req.get("vinculo"),
                  req.get("nomeacoes"), req.get("leitura"), lazy=data is not None)


def cli_arguments(p) -> None:
    """Arguments of ``python -m calculator edital``."""
    p.add_argument("arquivo", metavar="ARQUIVO.csv",
                   help="tabela de cargos em CSV: cargo, vagas e, opcionais, reservadas (o que o edital "
                        "anunciou), vagas_pcd e nomeacoes (ou - para a entrada padrão)")
    p.add_argument("--norma", required=True, metavar="NORMA", help=options.norm_help())
    p.add_argument("--percentual", metavar="P", help=f"percentual de reserva ({options.percent_help()})")
    p.add_argument("--data-edital", metavar="AAAA-MM-DD",
                   help="data de publicação do edital (verifica a vigência)")
    p.add_argument("--vinculo", metavar="V", help=options.scope_help())
    p.add_argument("--leitura", metavar="L", help=f"ordem de nomeação: {options.reading_help()}")
    p.add_argument("--nomeacoes", metavar="M",
                   help="total de nomeações previstas em cada cargo, contando as vagas (cadastro de reserva; "
                        "pelo menos as vagas de cada cargo; a coluna nomeacoes dá um número por cargo)")
    p.add_argument("--vagas-sao", metavar="total|ampla",
                   help="o que conta a coluna vagas quando é a única coluna de vagas da tabela (CARGO | "
                        "VAGAS | PcD | NEGROS): total (padrão; PcD e reservadas incluídas) ou ampla (só a "
                        "ampla concorrência; o total é a soma)")
    p.add_argument("--json", action="store_true", help="imprime um objeto JSON")


def cli_run(a) -> dict:
    """Namespace → result, through api.run (the same path as the browser)."""
    from calculator import csvtext
    from calculator.simulator import _read_file

    get_norm(a.norma)
    data = _read_file(a.arquivo, csvtext.table_too_large)
    return api_edital({"norma": a.norma, "percentual": a.percentual, "data_edital": a.data_edital,
                       "vinculo": a.vinculo, "leitura": a.leitura, "nomeacoes": a.nomeacoes,
                       "vagas_sao": a.vagas_sao}, data)

