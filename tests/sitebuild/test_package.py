"""The standard package: the wheel build.py publishes (site/downloads/) installs into a fresh virtualenv
outside the checkout, with the norm folders as package data, and its commands ``cotas`` and
``cotas-normas`` and the small public API answer as the checkout does; the page's calculator.zip is
compiled from that same wheel."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import venv
import zipfile
from pathlib import Path

import pytest

from calculator.api import handle
from tests.support import ROOT


@pytest.fixture(scope="module")
def built_wheel(tmp_path_factory) -> Path:
    from sitebuild import wheel

    return wheel.build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def wheel_venv(built_wheel):
    """A virtualenv in /tmp (outside the checkout) with only the wheel installed (it has no dependencies:
    nothing is downloaded)."""
    with tempfile.TemporaryDirectory(prefix="cotas-venv-") as tmp:
        env_dir = Path(tmp) / "venv"
        venv.EnvBuilder(with_pip=True).create(env_dir)
        py = env_dir / "bin" / "python"
        proc = subprocess.run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps",
                               "--disable-pip-version-check", str(built_wheel)],
                              capture_output=True, text=True, cwd=tmp, timeout=300)
        assert proc.returncode == 0, proc.stderr
        yield env_dir, Path(tmp)


def answer(request: dict) -> dict:
    return json.loads(handle(json.dumps(request)))["result"]


def run(env_dir: Path, cwd: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(env_dir / "bin" / args[0]), *args[1:]], cwd=cwd, input=stdin,
                          capture_output=True, timeout=120, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def test_the_wheel_holds_the_packages_the_norm_folders_and_the_commands(built_wheel):
    with zipfile.ZipFile(built_wheel) as whl:
        names = set(whl.namelist())
        entry_points = whl.read("cotas_em_concursos-0.1.0.dist-info/entry_points.txt").decode()
    assert {"calculator/__main__.py", "calculator/edital/compute.py", "laws/__main__.py",
            "laws/schema/lexml/lexml-br-rigido.xsd"} <= names
    for slug in ("ubatuba", "quissama", "lins"):
        files = ("texto.txt", "meta.toml", "norma.toml", "anotacoes.toml", "casos.toml")
        assert {f"laws/{slug}/{f}" for f in files} <= names
    assert not any(n.startswith(("tests/", "sitebuild/", "docs/")) for n in names)
    assert "cotas = calculator.cli.main:main" in entry_points
    assert "cotas-normas = laws.__main__:cli" in entry_points
    # the licences travel with the package: MIT for the code, CC BY 4.0 for the data (issue 33)
    with zipfile.ZipFile(built_wheel) as whl:
        metadata = whl.read("cotas_em_concursos-0.1.0.dist-info/METADATA").decode()
        licences = {n.rsplit("/", 1)[-1] for n in whl.namelist() if "/licenses/" in n}
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Natural Language :: Portuguese (Brazilian)" in metadata
    assert licences == {"LICENSE", "LICENSE-DADOS.md"}


def test_the_wheels_description_is_the_one_for_who_installs_it(built_wheel):
    """The long description (what pip show and an index page show) is PACOTE.md, written for people who
    install the package, in Markdown — not the contributors' README (make commands, tests)."""
    from email.parser import HeaderParser

    dist_info = built_wheel.name.rsplit("-py3", 1)[0] + ".dist-info"
    with zipfile.ZipFile(built_wheel) as whl:
        metadata = HeaderParser().parsestr(whl.read(f"{dist_info}/METADATA").decode("utf-8"))
    description = metadata.get_payload()
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert description.strip() == (ROOT / "PACOTE.md").read_text(encoding="utf-8").strip()
    assert "cotas reserva --norma ubatuba --vagas 10" in description
    assert "from calculator.api import handle" in description
    assert "CC BY 4.0" in description and "domínio público" in description
    assert "make serve" not in description and "make check" not in description
    # reading a PDF is the optional extra [pdf]; the package itself needs nothing
    assert metadata.get_all("Provides-Extra") == ["pdf"]
    assert [r.split(";")[1].strip() for r in metadata.get_all("Requires-Dist")] == ['extra == "pdf"']
    assert 'pip install "cotas-em-concursos[pdf]"' in description


def test_cotas_commands_in_a_fresh_venv_answer_as_the_checkout(wheel_venv):
    env_dir, cwd = wheel_venv
    out = run(env_dir, cwd, "cotas", "reserva", "--norma", "ubatuba", "--vagas", "10", "--json")
    assert out.returncode == 0, out.stderr
    expected = answer({"command": "reserva", "norma": "ubatuba", "vagas": "10"})
    assert json.loads(out.stdout) == expected
    table = (ROOT / "docs" / "assets" / "editais" / "vagas.csv").read_bytes()
    out = run(env_dir, cwd, "cotas", "edital", "--norma", "ubatuba", "--data-edital", "2014-09-01",
              "--json", "-", stdin=table)
    assert out.returncode == 0, out.stderr
    expected = answer({"command": "edital", "norma": "ubatuba", "data_edital": "2014-09-01",
                       "csv": table.decode()})
    assert json.loads(out.stdout) == expected
    text = run(env_dir, cwd, "cotas", "edital", "--norma", "ubatuba", "-", stdin=table).stdout.decode()
    assert "Lida como as vagas de ampla concorrência" in text
    bad = run(env_dir, cwd, "cotas", "reserva", "--norma", "ubatuba", "--vagas", "0")
    assert bad.returncode == 2 and bad.stdout == b"" and bad.stderr.decode().startswith("erro: ")
    version = run(env_dir, cwd, "cotas", "--version")
    assert (version.returncode, version.stdout.decode()) == (0, "cotas 0.1.0\n")
    law = run(env_dir, cwd, "cotas-normas", "show", "ubatuba:art2_par3")
    assert law.returncode == 0 and "§ 3º" in law.stdout.decode()
    # the installed corpus checks itself, its cases run by the installed calculator
    installed = next((env_dir / "lib").glob("python3*/site-packages/laws"))
    check = run(env_dir, cwd, "cotas-normas", "check", *(str(installed / s) for s in ("ubatuba", "lins")))
    assert check.returncode == 0, check.stderr.decode()
    assert check.stdout.decode().count("casos conferidos com a calculadora") == 2
    # a city's folder outside the checkout (the guide's example, with a `regra` annotation): the wheel's
    # check needs no build code (the review's H3)
    folder = Path(cwd) / "exemplo"
    shutil.copytree(ROOT / "tests" / "fixtures" / "normas" / "exemplo", folder)
    assert "regra =" in (folder / "anotacoes.toml").read_text(encoding="utf-8")
    check = run(env_dir, cwd, "cotas-normas", "check", str(folder))
    assert check.returncode == 0 and "Traceback" not in check.stderr.decode(), check.stderr.decode()
    assert "norma 'exemplo' pronta" in check.stdout.decode()


def test_the_installed_package_writes_the_report_and_says_how_to_read_a_pdf(wheel_venv):
    """Without the extra [pdf], a PDF is refused with how to install it; the report quotes the norm's text
    the wheel carries, the same bytes as the checkout's api.handle for the same file and time."""
    from tests import pdfs

    env_dir, cwd = wheel_venv
    (cwd / "edital.pdf").write_bytes(pdfs.make("ruled"))
    out = run(env_dir, cwd, "cotas", "edital", "--norma", "ubatuba", "edital.pdf")
    assert out.returncode == 2 and out.stdout == b""
    assert 'pip install "cotas-em-concursos[pdf]"' in out.stderr.decode()
    table = (ROOT / "docs" / "assets" / "editais" / "vagas.csv").read_bytes()
    (cwd / "vagas.csv").write_bytes(table)
    out = subprocess.run([str(env_dir / "bin" / "cotas"), "edital", "--norma", "ubatuba", "vagas.csv",
                          "--relatorio", "relatorio.html"], cwd=cwd, capture_output=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "SOURCE_DATE_EPOCH": "1765098000"})
    assert out.returncode == 0, out.stderr
    report = answer({"command": "relatorio", "norma": "ubatuba", "csv": table.decode(),
                     "gerado_em": 1765098000, "arquivos": [{"nome": "vagas.csv"}]})
    assert (cwd / "relatorio.html").read_text(encoding="utf-8") == report["html"]
    assert "texto não disponível" not in report["html"]


def test_public_api_from_the_installed_package(wheel_venv):
    env_dir, cwd = wheel_venv
    code = ("import calculator, json\n"
            "from calculator import reserva, ordem, analisar_edital\n"
            "print(json.dumps([calculator.__file__, reserva('ubatuba', 10)['reserved'], "
            "ordem('ubatuba', 10)['positions'], "
            "analisar_edital('ubatuba', 'cargo;vagas;reservadas\\nA;10;2\\n')['cargos'][0]['status']]))\n")
    out = run(env_dir, cwd, "python", "-c", code)
    assert out.returncode == 0, out.stderr
    where, reserved, positions, status = json.loads(out.stdout)
    assert where.startswith(str(env_dir)) and not where.startswith(str(ROOT))
    assert (reserved, positions, status) == (2, [3, 8], "conforme")


def test_page_bytecode_is_compiled_from_the_wheel(built_wheel, tmp_path):
    """calculator.zip (what the page's Pyodide runs) holds exactly the wheel's calculator/*.py, as
    bytecode of those very sources, and its norms' files (registry, text, metadata)."""
    import _imp

    from sitebuild import pyodide

    pyodide.pack_calculator(tmp_path)
    published = tmp_path / "downloads" / built_wheel.name
    assert published.read_bytes() == built_wheel.read_bytes()  # deterministic: the same wheel
    with zipfile.ZipFile(built_wheel) as whl:
        sources = {n: whl.read(n) for n in whl.namelist()
                   if (n.startswith("calculator/") and n.endswith(".py"))
                   or (n.count("/") == 2 and n.rpartition("/")[2] in pyodide.NORM_FILES)}
    with zipfile.ZipFile(tmp_path / "assets" / "calculadora" / "calculator.zip") as zf:
        packed = {n[:-1] if n.endswith(".pyc") else n: zf.read(n) for n in zf.namelist()}
    # besides the wheel's files, only the files of norms from an extra corpus folder
    # (COTAS_NORMAS_EXTRA: the tests' fixture norms), which the wheel does not ship
    from calculator.norms import discover

    extra = {f"laws/{slug}/{name}" for slug in discover() for name in pyodide.NORM_FILES
             if not (pyodide.ROOT / "laws" / slug / "norma.toml").is_file()}
    assert packed.keys() == sources.keys() | extra
    for name, source in sources.items():
        data = packed[name]
        if name.endswith(".py"):
            magic = int.from_bytes(data[:4], "little")
            assert data[8:16] == _imp.source_hash(magic, source), name
        else:
            assert data == source


