"""Command line: python -m calculator {reserva|ordem|parametros|simular|edital} … [--json]

Every error is one pt-BR line on stderr, exit status 2, nothing on stdout.

Adding a subcommand = one entry in calculator/cli/commands.py's ``SUBCOMMANDS``: how to declare its
arguments, how to run it (namespace → result dict, raising InputError) and how to render the result as
text.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys

from calculator import VERSION
from calculator.cli.commands import SUBCOMMANDS
from calculator.cli.help import places_help
from calculator.cli.render import DISCLAIMER
from calculator.cli.terminal import OUTPUT_ERROR, emit, error, setup_streams
from calculator.errors import InputError, clip


class CliError(Exception):
    """An argument error already translated to pt-BR."""


_TRANSLATIONS = (
    (re.compile(r"the following arguments are required: (?P<x>.+)"), "faltam argumentos obrigatórios: {x}"),
    (re.compile(r"unrecognized arguments: (?P<x>.+)"), "argumentos não reconhecidos: {x}"),
    (re.compile(r"argument (?P<a>\S+): expected one argument"), "a opção {a} precisa de um valor"),
    (re.compile(r"argument (?P<a>\S+): invalid choice: (?P<x>\S+?)(?: \(choose from (?P<c>.*)\))?$"),
     "{a}: valor inválido {x} (escolha entre: {c})"),
    (re.compile(r"argument (?P<a>\S+): ignored explicit argument (?P<x>.+)"),
     "a opção {a} não aceita valor: {x}"),
    (re.compile(r"ambiguous option: (?P<x>\S+?)(?: could match (?P<c>.*))?$"), "opção ambígua: {x}"),
    (re.compile(r"argument (?P<a>\S+): not allowed with argument (?P<b>\S+)"),
     "a opção {a} não pode ser usada com {b}"),
    (re.compile(r"unexpected option: (?P<x>.+)"), "opção inesperada: {x}"),
)


def translate(message: str) -> str:
    """argparse's English error → pt-BR (unknown messages get a generic pt-BR line)."""
    message = message.strip().splitlines()[0] if message.strip() else ""
    for pattern, template in _TRANSLATIONS:
        m = pattern.search(message)
        if m:
            parts = {k: clip((v or "").replace("'", ""), 80) for k, v in m.groupdict().items()}
            text = template.format(**parts)
            return text.replace(" (escolha entre: )", "")
    return "argumentos inválidos (use --ajuda para ver as opções)"


class PtBrFormatter(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, "uso: " if prefix is None else prefix)


class PtBrParser(argparse.ArgumentParser):
    """ArgumentParser with pt-BR help and errors raised as CliError (never prints English)."""

    def __init__(self, *args, **kwargs):
        kwargs["add_help"] = False
        kwargs.setdefault("allow_abbrev", False)
        kwargs["formatter_class"] = PtBrFormatter
        super().__init__(*args, **kwargs)
        self._positionals.title = "argumentos"
        self._optionals.title = "opções"
        self.add_argument("-h", "--ajuda", "--help", action="help", default=argparse.SUPPRESS,
                          help="mostra esta ajuda e sai")

    def error(self, message):
        raise CliError(translate(message))

    def _print_message(self, message, file=None):
        # --ajuda: written like any result (a full disk or a closed stdout is one pt-BR line, no traceback)
        if message:
            status = emit(message.rstrip("\n"))
            if status:
                raise SystemExit(status)

    def exit(self, status=0, message=None):
        if status:
            raise CliError(translate(message or ""))
        super().exit(status, message)


def build_parser() -> PtBrParser:
    parser = PtBrParser(prog="python -m calculator",
                        description="Calculadora de cotas raciais em concursos municipais "
                                    f"({places_help()}), com a base legal de cada resposta.")
    parser.add_argument("--version", "--versao", action="version", version=f"cotas {VERSION}",
                        help="mostra a versão e sai")
    sub = parser.add_subparsers(title="comandos", dest="comando", metavar="COMANDO", required=True)
    for name, spec in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=spec.help, description=spec.help)
        spec.add_arguments(p)
    return parser


def _option_strings(parser: argparse.ArgumentParser) -> tuple[set[str], set[str]]:
    """(every option string of the parser and its subcommands, those that take a value)."""
    known: set[str] = set()
    valued: set[str] = set()
    stack = [parser]
    while stack:
        p = stack.pop()
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                stack.extend(action.choices.values())
                continue
            known.update(action.option_strings)
            if action.option_strings and action.nargs is None and isinstance(action, argparse._StoreAction):
                valued.update(action.option_strings)
    return known, valued


_NEGATIVE_LOOKING = re.compile(r"-[0-9.,]")


def join_option_values(argv: list[str], parser: argparse.ArgumentParser) -> list[str]:
    """``--percentual -5,5`` → ``--percentual=-5,5``: a value that looks like a negative number is the
    option's value (argparse would otherwise take it for an option and say the option has no value),
    so the user gets the message about the value itself.  ``--percentual --vagass`` stays apart: a
    mistyped option is not a value."""
    known, valued = _option_strings(parser)
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            out.extend(argv[i:])
            break
        nxt = argv[i + 1] if i + 1 < len(argv) else None
        if (arg in valued and nxt is not None and _NEGATIVE_LOOKING.match(nxt)
                and nxt.partition("=")[0] not in known):
            out.append(f"{arg}={nxt}")
            i += 2
            continue
        out.append(arg)
        i += 1
    return out


def option_hint(field: str | None, message: str, parser: argparse.ArgumentParser) -> str:
    """Name the command-line option an InputError is about: the message itself is interface-neutral,
    since the browser page shows the same text next to its form field."""
    option = "--" + (field or "").replace("_", "-")
    if not field or option not in _option_strings(parser)[0] or option in message:
        return ""
    return f" (opção {option})"


def main(argv: list[str] | None = None) -> int:
    setup_streams()
    try:
        parser = build_parser()
        argv = list(sys.argv[1:] if argv is None else argv)
        args = parser.parse_args(join_option_values(argv, parser))
        spec = SUBCOMMANDS[args.comando]
        result = spec.run(args)
        if getattr(args, "json", False):
            from calculator.cli.jsonstream import pieces

            out = pieces(result)  # written as it is made (a large edital is never one string)
        else:
            text = spec.render(result)  # a large edital's report comes a line at a time
            out = (text + "\n\n" + DISCLAIMER if isinstance(text, str)
                   else itertools.chain(text, ("\n\n" + DISCLAIMER,)))
    except (CliError, InputError) as err:
        message = err.message if isinstance(err, InputError) else str(err)
        if isinstance(err, InputError):
            message += option_hint(err.field, message, build_parser())
        error(message)
        return 2
    except MemoryError:
        error("memória insuficiente para esta entrada; use um arquivo menor ou menos vagas.")
        return OUTPUT_ERROR
    return emit(out)


if __name__ == "__main__":
    sys.exit(main())
