"""Command line: `python -m laws export` (the corpus as JSON), `python -m laws export --lexml NORMA` (one
norm as LexML Brasil XML), `python -m laws show NORMA[:ID]` and `python -m laws check PASTA` (is a new
norm's folder ready? laws/check/).

Like the calculator's CLI: errors are one pt-BR line on stderr with exit status 2; output that cannot be
written (full disk, closed stdout) is one line and status 1; a terminal that is not UTF-8 gets a close
ASCII form of what it cannot show (calculator/cli/terminal.py).
"""

from __future__ import annotations

import codecs
import json
import sys
import unicodedata

from calculator.cli.terminal import emit, error, setup_streams, stdout_takes, visible
from calculator.errors import quoted
from calculator.norms import problem
from laws.corpus import NORM_SLUGS, CorpusError, load_available, load_norm, os_reason
from laws.export import export_json

USAGE = f"""uso:
  python -m laws export              imprime o corpus inteiro em JSON (esquema: laws/schema.json)
  python -m laws export --lexml NORMA imprime a norma em XML LexML Brasil (esquema: laws/schema/lexml/)
  python -m laws show NORMA          lista os ids e rótulos dos dispositivos da norma
  python -m laws show NORMA:ID       mostra o texto de um dispositivo (ex.: ubatuba:art2_par3)
  python -m laws check PASTA...      confere a pasta de uma norma (texto, metadados, registro, anotações)
normas: {", ".join(NORM_SLUGS)}"""


def fail(message: str) -> int:
    error(f"{message} (veja: python -m laws --help)")
    return 2


def warn(message: str) -> None:
    """One pt-BR line on stderr ("aviso: …"): the command went on."""
    try:
        print("aviso: " + visible(" ".join(message.split())), file=sys.stderr)
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass


def norm_slug(text: str) -> str | None:
    """A norm typed by the user → its slug, as the calculator accepts it ("Quissamã" → "quissama")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.strip().lower())
                    if not unicodedata.combining(c))
    return plain if plain in NORM_SLUGS else None


def unknown(name: str) -> int:
    """An unknown norm; when a folder of that name exists but does not load, its problem."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name.strip().lower())
                    if not unicodedata.combining(c))
    why = problem(plain)
    if why is not None:
        return fail(f"a norma {quoted(plain)} não pôde ser carregada: {why}")
    return fail(f"norma desconhecida: {quoted(name)} (normas: {', '.join(NORM_SLUGS)})")


def show(ref: str) -> int:
    name, sep, pid = ref.partition(":")
    slug = norm_slug(name)
    if slug is None:
        return unknown(name)
    norm = load_norm(slug)
    pid = pid.strip()
    if not sep:
        return emit("\n".join(f"{p.id:<22} {p.label}" for p in norm.walk()))
    p = norm.get(pid)
    if p is None:
        return fail(f"a norma {slug} não tem o dispositivo {quoted(pid)} "
                    f"(a lista: python -m laws show {slug})")
    text = norm.citation(pid) + "\n" + "".join(q.text + q.tail for q in p.walk()).rstrip("\n")
    # a folder's text is data: a control or bidi character (ESC, U+202E) is shown, never sent to the terminal
    return emit("\n".join(visible(line) for line in text.split("\n")))


def export_lexml(args: list[str]) -> int:
    if len(args) != 1:
        return fail(("falta a norma" if not args else "uma norma por vez")
                    + f": python -m laws export --lexml NORMA ({', '.join(NORM_SLUGS)})")
    slug = norm_slug(args[0])
    if slug is None:
        return unknown(args[0])
    from laws.lexml import to_xml

    text = to_xml(load_norm(slug)).removesuffix("\n")
    if not _utf8(sys.stdout):
        # The document says UTF-8: in any other encoding (cp1252, latin-1) its bytes would lie, so it goes
        # out as ASCII with character references (&#231;), the same document in every encoding.
        text = text.encode("ascii", "xmlcharrefreplace").decode("ascii")
    return emit(text)


def check(folders: list[str]) -> int:
    """Check each norm folder: the problems on stderr (exit 2), or one summary line per folder (exit 0)."""
    from pathlib import Path

    from laws.check import check_folder, summary

    if not folders:
        return fail("falta a pasta da norma: python -m laws check PASTA (ex.: laws/ubatuba)")
    problems, summaries = [], []
    for name in folders:
        path = Path(name)
        try:
            if not path.is_dir():
                problems.append(f"{name}: pasta não encontrada")
                continue
            found, folder = check_folder(path, name.rstrip("/"))
        except (OSError, ValueError) as exc:  # a name too long, a folder that cannot be read…
            why = os_reason(exc)
            problems.append(f"{name[:120] + ('…' if len(name) > 120 else '')}: pasta ilegível ({why})")
            continue
        problems += [str(p) for p in found]
        summaries.append(summary(folder))
    if problems:
        count = len(problems)
        # one line per problem, whole: a path with its line number must not be cut like an echoed value
        lines = [f"erro: {visible(' '.join(p.split()))}" for p in problems]
        lines.append(f"{count} {'problema' if count == 1 else 'problemas'}: corrija e rode de novo "
                     "python -m laws check")
        try:
            print("\n".join(lines), file=sys.stderr)
            sys.stderr.flush()
        except (AttributeError, OSError, ValueError):
            pass
        return 2
    return emit("\n".join(summaries))


def _utf8(stream) -> bool:
    try:
        return codecs.lookup(stream.encoding).name == "utf-8"
    except (AttributeError, LookupError, TypeError):
        return False


def main(argv: list[str]) -> int:
    if argv == ["export"]:
        corpus, broken = load_available()
        for line in broken:  # the other norms are exported; each folder left out is named, with its problem
            warn(f"norma fora da exportação: {line}")
        text = export_json(corpus)
        if not stdout_takes(text):  # e.g. cp1252: \u escapes keep the JSON exact
            text = json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True, indent=1)
        return emit(text)
    if argv[:2] == ["export", "--lexml"]:
        return export_lexml(argv[2:])
    if len(argv) == 2 and argv[0] == "show":
        return show(argv[1])
    if argv[:1] == ["check"]:
        return check(argv[1:])
    if argv in (["-h"], ["--help"], ["--ajuda"]):
        return emit(USAGE)
    return fail(f"comando inválido: {quoted(' '.join(argv))}" if argv else "falta o comando")


def run(argv: list[str]) -> int:
    setup_streams()
    try:
        return main(argv)
    except CorpusError as err:
        error(str(err))
        return 2


def cli() -> int:
    """The ``cotas-normas`` command (pyproject's [project.scripts]): ``python -m laws`` by another name."""
    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(cli())
