"""One broken norm folder breaks only itself: the review's 11 broken variants of the fictitious exemplo norm
(hostile_variants.sh), each in an extra corpus folder, × the 5 commands it ran. No traceback; the other
norms answer as always; the broken one gets one pt-BR line naming its folder and the problem; `laws check`
diagnoses it where it sits, and does not crash on a long or unreadable path."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "fixtures" / "normas" / "exemplo"


def _sub(name: str, old: str, new: str):
    def edit(folder: Path) -> None:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert re.search(old, text, re.M), old
        path.write_text(re.sub(old, new, text, count=1, flags=re.M), encoding="utf-8")
    return edit


def _write(name: str, data: bytes, append: bool = False):
    def edit(folder: Path) -> None:
        with open(folder / name, "ab" if append else "wb") as fh:
            fh.write(data)
    return edit


def _remove(name: str):
    return lambda folder: (folder / name).unlink()


def _deep(folder: Path) -> None:
    """The review's M2: a registry that opens with 5,000 nested lists (10 KB; tomllib recurses into them)."""
    path = folder / "norma.toml"
    path.write_text("deep = " + "[" * 5000 + "]" * 5000 + "\n" + path.read_text(encoding="utf-8"),
                    encoding="utf-8")


def _fifo(folder: Path) -> None:
    """A registry that is a FIFO: reading it would wait for a writer that never comes."""
    (folder / "norma.toml").unlink()
    os.mkfifo(folder / "norma.toml")


def _link(name: str, target: str):
    def edit(folder: Path) -> None:
        (folder / name).unlink()
        (folder / name).symlink_to(target)
    return edit


# name → (defect, whether the registry itself is broken: then the calculator refuses the norm too)
VARIANTS = {
    "v_slug": (_sub("norma.toml", r'^slug = "v_slug"', 'slug = "../x"'), True),
    "v_rules": (_sub("norma.toml", r"^list_order", 'rules = "nao_existe"\nlist_order'), True),
    "v_ids": (_sub("norma.toml", r'whole_basis = \["art1_cpt"\]', 'whole_basis = ["art99_par7"]'), False),
    "v_utf8": (_write("texto.txt", b"\xff\xfe bad", append=True), False),
    "v_annot": (_write("anotacoes.toml", b'[art1_cpt\ntexto = "x"\n'), False),
    "v_annot2": (_write("anotacoes.toml", b'[art1_cpt]\nregra = "x"\n'), False),
    "v_nodate": (_sub("meta.toml", r"^date = .*\n", ""), False),
    "v_nometa": (_remove("meta.toml"), False),
    "v_notext": (_remove("texto.txt"), False),
    "v_order": (_sub("norma.toml", r"^list_order = 100", 'list_order = "x"'), True),
    "v_dupslug": (_sub("norma.toml", r'^slug = "v_dupslug"', 'slug = "ubatuba"'), True),
    # the third round's (M2): deep nesting, a FIFO, a link to a device that never ends, a huge text
    "v_deep": (_deep, True),
    "v_fifo": (_fifo, True),
    "v_zero": (_link("norma.toml", "/dev/zero"), True),
    "v_huge": (_write("texto.txt", b"Art. 99. " + b"x" * 3_000_000 + b"\n", append=True), False),
}


def _run(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=300)


@pytest.fixture(scope="module")
def reference():
    """The commands' output without any extra folder."""
    env = {k: v for k, v in os.environ.items() if k != "COTAS_NORMAS_EXTRA"}
    return {"reserva": _run(env, "calculator", "reserva", "--norma", "ubatuba", "--vagas", "3").stdout,
            "show": _run(env, "laws", "show", "ubatuba:art1_cpt").stdout}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_broken_folder_breaks_only_itself(tmp_path, name, reference):
    edit, registry_broken = VARIANTS[name]
    extra = tmp_path / "extra"
    folder = extra / name
    shutil.copytree(EXAMPLE, folder)
    _sub("norma.toml", r'^slug = "exemplo"', f'slug = "{name}"')(folder)
    edit(folder)
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(extra)}

    runs = {
        "reserva": _run(env, "calculator", "reserva", "--norma", "ubatuba", "--vagas", "3"),
        "check": _run(env, "laws", "check", str(folder)),
        "show": _run(env, "laws", "show", "ubatuba:art1_cpt"),
        "export": _run(env, "laws", "export"),
        "itself": _run(env, "calculator", "reserva", "--norma", name, "--vagas", "10"),
    }
    for what, proc in runs.items():
        assert "Traceback" not in proc.stderr, (what, proc.stderr)
        assert proc.returncode in (0, 2), (what, proc.returncode, proc.stderr)
    # the other norms and commands work as without the folder
    assert runs["reserva"].returncode == 0 and runs["reserva"].stdout == reference["reserva"]
    assert runs["reserva"].stderr == ""
    assert runs["show"].returncode == 0 and runs["show"].stdout == reference["show"]
    # `laws check` diagnoses the folder where it sits
    check = runs["check"]
    assert check.returncode == 2 and check.stdout == "" and check.stderr.startswith("erro: ")
    assert str(folder) in check.stderr
    # the export goes on with the other norms, and names the folder left out (v_ids: only the check and
    # the build see an id that does not exist in the text)
    export = runs["export"]
    assert export.returncode == 0 and '"slug": "ubatuba"' in export.stdout
    if name != "v_ids":
        assert f'"slug": "{name}"' not in export.stdout
        lines = export.stderr.splitlines()
        assert len(lines) == 1 and name in lines[0]
        assert lines[0].startswith("aviso: norma fora da exportação: ")
    # the broken norm itself: refused with its folder and problem when its registry does not load
    itself = runs["itself"]
    if registry_broken:
        lines = itself.stderr.splitlines()
        assert itself.returncode == 2 and itself.stdout == "" and len(lines) == 1
        assert lines[0].startswith(f"erro: a norma '{name}' não pôde ser carregada: ") and name in lines[0]
    else:
        assert itself.returncode == 0


@pytest.mark.parametrize(("path", "reason"), [
    ("x" * 300, "nome longo demais"),
    ("/proc/1/root", "sem permissão de leitura"),
])
def test_laws_check_names_an_unreadable_path_without_traceback(path, reason):
    proc = _run(dict(os.environ), "laws", "check", path)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    first = proc.stderr.splitlines()[0]
    assert first.startswith("erro: ")
    if "ilegível" in first or not path.startswith("/proc"):  # a user who may read /proc/1/root gets its check
        assert first.endswith(f": pasta ilegível ({reason})")


def test_laws_show_makes_control_characters_of_a_folders_text_visible(tmp_path):
    import hashlib

    folder = tmp_path / "extra" / "esc"
    shutil.copytree(EXAMPLE, folder)
    _sub("norma.toml", r'^slug = "exemplo"', 'slug = "esc"')(folder)
    text = (folder / "texto.txt").read_bytes().replace("Art. 1º Ficam".encode(),
                                                       "Art. 1º \x1b[2J\u202eFicam".encode())
    (folder / "texto.txt").write_bytes(text)
    _sub("meta.toml", r'sha256 = "[0-9a-f]+"', f'sha256 = "{hashlib.sha256(text).hexdigest()}"')(folder)
    proc = _run({**os.environ, "COTAS_NORMAS_EXTRA": str(folder.parent)}, "laws", "show", "esc:art1_cpt")
    assert proc.returncode == 0, proc.stderr
    assert "Art. 1º <U+001B>[2J<U+202E>Ficam" in proc.stdout and "\x1b" not in proc.stdout


@pytest.mark.parametrize("rule", ["laws.evil.pwn.run", "os.system", "calculator.__main__.main",
                                  "calculator._private", "calculator",
                                  # the third round's M3: the standard library reached through an import
                                  "calculator.norms.discovery.os.system",
                                  "calculator.norms.importlib.import_module", "calculator.rules.nada"])
def test_an_annotation_names_only_a_public_function_of_the_calculator(tmp_path, rule):
    from laws.corpus import CorpusError, load_annotations

    path = tmp_path / "anotacoes.toml"
    path.write_text(f'[art1_cpt]\ntexto = "x"\nregra = "{rule}"\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="regra deve nomear uma função da calculadora"):
        load_annotations(path)
    path.write_text('[art1_cpt]\ntexto = "x"\n'
                    'regra = "calculator.rules.default.DefaultRules.concurso_reserved_seats"\n',
                    encoding="utf-8")
    assert load_annotations(path)["art1_cpt"]["regra"] == (
        "calculator.rules.default.DefaultRules.concurso_reserved_seats")
