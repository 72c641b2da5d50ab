"""The small public Python API, for notebooks and scripts (``from calculator import reserva``): one function
per question, with the options the command line and the page have, each returning the same answer as
``cotas <command> --json`` (a dict: the figure, ``steps``, ``warnings`` and ``basis`` with provision ids
such as ``ubatuba:art2_par3``) and raising :class:`calculator.errors.InputError` (``.message`` in pt-BR,
``.field``) for bad input.  Every function goes through :func:`calculator.api.run`, the entry point of the
CLI and the page, so the answers cannot differ."""

from __future__ import annotations

from pathlib import Path


def _run(command: str, **fields) -> dict:
    from calculator.api import run

    return run({"command": command, **{k: v for k, v in fields.items() if v is not None}})


def reserva(norma: str, vagas: int | str, percentual: str | None = None, data_edital: str | None = None,
            vinculo: str | None = None) -> dict:
    """Vagas reservadas: ``reserva("ubatuba", 10, data_edital="2020-03-02")["reserved"]`` → 2."""
    return _run("reserva", norma=norma, vagas=vagas, percentual=percentual, data_edital=data_edital,
                vinculo=vinculo)


def ordem(norma: str, vagas: int | str, percentual: str | None = None, leitura: str | None = None,
          vinculo: str | None = None, nomeacoes: int | str | None = None) -> dict:
    """Ordem de convocação: ``ordem("ubatuba", 10)["positions"]`` → [3, 8]."""
    return _run("ordem", norma=norma, vagas=vagas, percentual=percentual, leitura=leitura, vinculo=vinculo,
                nomeacoes=nomeacoes)


def analisar_edital(norma: str, tabela: str | bytes | Path, percentual: str | None = None,
                    data_edital: str | None = None, vinculo: str | None = None, leitura: str | None = None,
                    nomeacoes: int | str | None = None, vagas_sao: str | None = None) -> dict:
    """Um edital inteiro (``cotas edital``; not named ``edital``, which is the package calculator.edital):
    ``tabela`` is the table of cargos — its text, its bytes (any encoding the CLI
    reads) or the path of a CSV file."""
    import base64

    if isinstance(tabela, Path):
        tabela = tabela.read_bytes()
    table = ({"csv_base64": base64.b64encode(tabela).decode("ascii")} if isinstance(tabela, bytes)
             else {"csv": tabela})
    return _run("edital", norma=norma, percentual=percentual, data_edital=data_edital, vinculo=vinculo,
                leitura=leitura, nomeacoes=nomeacoes, vagas_sao=vagas_sao, **table)
