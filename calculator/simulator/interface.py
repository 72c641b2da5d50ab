"""The simulation's API and CLI glue (registered in calculator/api.py and calculator/__main__.py): the
request's fields, the list's bytes from JSON or from a file, the command-line arguments."""

from __future__ import annotations

from calculator import csvtext
from calculator.core import NORMS
from calculator.errors import InputError
from calculator.fields import check_fields
from calculator.simulator.options import declaration, flag
from calculator.simulator.run import simulate

API_FIELDS = ("norma", "vagas", "percentual", "leitura", "vinculo", "vagas_pcd", "vagas_femininas",
              "precedencia", "precedencia_feminina", "substituicao", "equidade_genero", "preenchimento",
              "data_edital", "csv", "csv_base64")



def api_simular(req: dict, data: bytes | None = None) -> dict:
    """api.handle runner.  The classification list comes as ``csv`` (text, as the browser reads the
    file; encoded back as UTF-8) or ``csv_base64`` (the file's bytes, base64: the page sends a loaded
    file so).  The CLI passes the file's bytes as ``data`` (no base64 round trip: one copy less of a
    large file); everything else is the same path."""
    check_fields(req, API_FIELDS, ("norma", "vagas"))
    text, b64 = req.get("csv"), req.get("csv_base64")
    if data is None:
        data = _request_bytes(text, b64)
    return simulate(req["norma"], req["vagas"], data, percent=req.get("percentual"),
                    reading=req.get("leitura"),
                    scope=req.get("vinculo"), pcd_seats=req.get("vagas_pcd"),
                    female_seats=req.get("vagas_femininas"), precedence=req.get("precedencia"),
                    replacement=req.get("substituicao"),
                    gender_equity=flag(req.get("equidade_genero"), "equidade_genero"),
                    fill=req.get("preenchimento"), female_precedence=req.get("precedencia_feminina"),
                    edital_date=req.get("data_edital"))


def _request_bytes(text, b64) -> bytes:
    """The list's bytes from a JSON request's ``csv`` or ``csv_base64`` (size checked before decoding)."""
    if text is not None and b64 is not None:
        raise InputError("informe a lista em \"csv\" ou em \"csv_base64\", não nos dois", "csv")
    if b64 is not None:
        import base64
        import binascii

        if not isinstance(b64, str):
            raise InputError("csv_base64 deve ser um texto em base64", "csv")
        if len(b64) > (csvtext.MAX_CSV_BYTES + 2) // 3 * 4 + 4:
            raise csvtext.too_large()
        try:
            data = base64.b64decode(b64, validate=True)
        except (binascii.Error, ValueError):
            raise InputError("csv_base64 não é base64 válido", "csv") from None
    elif text is not None:
        if not isinstance(text, str):
            raise InputError("csv deve ser o texto do arquivo", "csv")
        if len(text) > csvtext.MAX_CSV_BYTES:
            raise csvtext.too_large()
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError("Linha 1: o texto do arquivo contém caracteres inválidos", "csv") from None
    else:
        raise InputError("cole ou envie a lista de classificação (arquivo CSV)", "csv")
    return data


def _norm_names() -> str:
    names = list(NORMS)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " ou " + names[-1]


def cli_arguments(p) -> None:
    """Arguments of ``python -m calculator simular``."""
    p.add_argument("arquivo", metavar="ARQUIVO.csv", help="lista de classificação em CSV (ou - para a "
                                                          "entrada padrão)")
    p.add_argument("--norma", required=True, metavar="NORMA", help=_norm_names())
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


def _read_file(path: str, too_large=csvtext.too_large) -> bytes:
    """The file's bytes, at most csvtext.MAX_CSV_BYTES of them (a bigger file, /dev/zero or an endless
    pipe is refused after reading one byte more than the limit, never read whole).  ``too_large``: the
    message of a bigger file (the edital's table says its own)."""
    import os
    import stat
    import sys

    limit = csvtext.MAX_CSV_BYTES
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


def cli_run(a) -> dict:
    """Namespace → result, through api_simular (the browser's path, with the bytes passed as they are)."""
    data = _read_file(a.arquivo)
    return api_simular({"norma": a.norma, "vagas": a.vagas, "percentual": a.percentual,
                        "leitura": a.leitura, "vinculo": a.vinculo, "vagas_pcd": a.vagas_pcd,
                        "vagas_femininas": a.vagas_femininas, "precedencia": a.precedencia,
                        "precedencia_feminina": a.precedencia_feminina,
                        "substituicao": a.substituicao, "equidade_genero": a.equidade_genero,
                        "preenchimento": a.preenchimento, "data_edital": a.data_edital}, data)

