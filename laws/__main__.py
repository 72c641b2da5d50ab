"""Command line: `python -m laws export` (the corpus as JSON) and `python -m laws show NORMA[:ID]`."""

from __future__ import annotations

import sys

from laws.corpus import NORM_SLUGS, load_corpus
from laws.export import export_json

USAGE = f"""uso:
  python -m laws export              imprime o corpus inteiro em JSON (esquema: laws/schema.json)
  python -m laws show NORMA          lista os ids e rótulos dos dispositivos da norma
  python -m laws show NORMA:ID       mostra o texto de um dispositivo (ex.: ubatuba:art2_par3)
normas: {", ".join(NORM_SLUGS)}"""


def fail(message: str) -> int:
    print(f"erro: {message}\n\n{USAGE}", file=sys.stderr)
    return 2


def show(ref: str) -> int:
    corpus = load_corpus()
    slug, sep, pid = ref.partition(":")
    if slug not in NORM_SLUGS:
        return fail(f"norma desconhecida: {slug!r}")
    norm = corpus.norm(slug)
    if not sep:
        for p in norm.walk():
            print(f"{p.id:<22} {p.label}")
        return 0
    p = norm.get(pid)
    if p is None:
        return fail(f"a norma {slug} não tem o dispositivo {pid!r} (veja: python -m laws show {slug})")
    print(norm.citation(pid))
    print("".join(q.text + q.tail for q in p.walk()).rstrip("\n"))
    return 0


def main(argv: list[str]) -> int:
    if argv == ["export"]:
        print(export_json())
        return 0
    if len(argv) == 2 and argv[0] == "show":
        return show(argv[1])
    if argv in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    return fail("comando inválido" if argv else "falta o comando")


def run(argv: list[str]) -> int:
    """main() with a closed pipe handled quietly (e.g. `python -m laws export | head -c 10`)."""
    try:
        status = main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away: drop what is left and leave without a traceback (as the calculator does)
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
