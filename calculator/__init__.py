"""Quota rules as code: reserved seats, validity and call order for each norm, with legal basis.

Standard library only (runs unchanged in Pyodide).  See calculator/README.md for the packages:

- ``norms``: what a norm is (its registry, found, checked and loaded once);
- ``rules``: how a count is computed (the default rules and each norm's declared exceptions);
- ``stages``: the stages every answer is computed by, and the one headline composer;
- ``csv``: the files a reader gives (lists of candidates, tables of cargos);
- ``edital``, ``simulator``: the two tools over whole inputs; ``cli``: the command line;
- ``api``: the one JSON entry point (``handle``); ``answer``: steps, warnings and their basis;
  ``ptbr``: pt-BR formatting; ``labels``: provision labels; ``arithmetic``: exact arithmetic.

The public API, for notebooks and scripts: one function per question, each returning the same answer as
``cotas <command> --json`` (a dict: the figure, ``steps``, ``warnings`` and ``basis`` with provision ids such
as ``ubatuba:art2_par3``) and raising :class:`InputError` (``.message`` in pt-BR, ``.field``) for bad input.
The Portuguese functions take the fields as the CLI and the page do and go through :func:`calculator.api.run`,
so the answers cannot differ.
"""

from __future__ import annotations

from pathlib import Path

from calculator.errors import InputError, RegistryError
from calculator.rules import NORMS
from calculator.stages.order import order
from calculator.stages.parameters import parameters
from calculator.stages.reserve import reserve

#: The package's version (pyproject.toml reads it from here; `cotas --version` prints it).
VERSION = "0.1.0"
__version__ = VERSION  # the name Python tools look for

__all__ = ["NORMS", "VERSION", "InputError", "RegistryError", "__version__", "analisar_edital",
           "forget_norms", "order", "ordem", "parameters", "reserva", "reserve", "simulate"]


def forget_norms() -> None:
    """Forget every norm found, loaded and made (a test or a tool that changes the corpus folders or a
    registry file; nothing else needs it: each registry is read once per process)."""
    import sys

    from calculator import norms

    norms.forget()
    NORMS.forget()
    if "calculator.simulator.policy" in sys.modules:
        sys.modules["calculator.simulator.policy"].forget()


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
    ``tabela`` is the table of cargos — its text, its bytes (any encoding the CLI reads) or the path of a CSV
    file."""
    import base64

    if isinstance(tabela, Path):
        tabela = tabela.read_bytes()
    table = ({"csv_base64": base64.b64encode(tabela).decode("ascii")} if isinstance(tabela, bytes)
             else {"csv": tabela})
    return _run("edital", norma=norma, percentual=percentual, data_edital=data_edital, vinculo=vinculo,
                leitura=leitura, nomeacoes=nomeacoes, vagas_sao=vagas_sao, **table)


def __getattr__(name: str):
    # simulate() lives in the calculator.simulator package, imported on first use: the common questions
    # (reserva, ordem) never pay for loading it.
    if name == "simulate":
        from calculator.simulator import simulate

        return simulate
    raise AttributeError(f"module 'calculator' has no attribute {name!r}")
