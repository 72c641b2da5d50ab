"""``cotas edital edital.pdf``: every PDF of tests/pdfs.py through the CLI, as a user runs it — a table gets
the answer its CSV gets, with the PDF's pages and lines said; a refusal is one pt-BR line on stderr, exit 2,
nothing on stdout."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests import pdfs
from tests.support import ROOT, run_cli

pytest.importorskip("pdfminer")
pytest.importorskip("fpdf")

ASK = ("--norma", "ubatuba", "--data-edital", "2014-09-01")


def edital(*args: str) -> subprocess.CompletedProcess:
    return run_cli("calculator", "edital", *args, *ASK, text=True)


def _write(tmp_path, name: str, data: bytes | str):
    path = tmp_path / name
    path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", pdfs.TABLES)
def test_a_pdfs_table_gets_its_csvs_answer(tmp_path, name):
    pdf = _write(tmp_path, f"{name}.pdf", pdfs.make(name))
    as_csv = _write(tmp_path, f"{name}.csv", pdfs.expected_csv(name))
    got, want = edital(pdf, "--json"), edital(as_csv, "--json")
    assert got.returncode == 0 and want.returncode == 0, got.stderr + want.stderr
    got, want = json.loads(got.stdout), json.loads(want.stdout)
    source = got["warnings"].pop(0)
    assert source["code"] == "tabela_do_pdf"
    assert source["message"].startswith(f"O PDF “{name}.pdf”: tabela de vagas lida")
    assert got == want


def test_the_text_output_says_where_the_table_came_from(tmp_path):
    pdf = _write(tmp_path, "e.pdf", pdfs.make("two_pages"))
    out = edital(pdf)
    assert out.returncode == 0, out.stderr
    assert "tabela de vagas lida nas páginas 1 e 2, da linha 3 da página 1 à linha" in out.stdout


@pytest.mark.parametrize("name", [n for n in pdfs.FIXTURES if n not in pdfs.TABLES])
def test_a_refused_pdf_is_one_line_on_stderr(tmp_path, name):
    pdf = _write(tmp_path, f"{name}.pdf", pdfs.make(name))
    out = edital(pdf)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.startswith(f"erro: {pdfs.EXPECTED[name]}"), out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_a_pdf_is_known_by_its_bytes_not_its_name(tmp_path):
    disguised = _write(tmp_path, "tabela.csv", pdfs.make("ruled"))
    out = edital(disguised, "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["warnings"][0]["code"] == "tabela_do_pdf"


def test_a_pdf_and_a_csv_together(tmp_path):
    pdf = _write(tmp_path, "a.pdf", pdfs.make("ruled"))
    csv = _write(tmp_path, "b.csv", "cargo;vagas\nEnfermeiro;4\n")
    out = edital(pdf, csv, "--json")
    assert out.returncode == 0, out.stderr
    first, second = (e["result"] for e in json.loads(out.stdout)["editais"])
    assert first["warnings"][0]["code"] == "tabela_do_pdf"
    assert all(w["code"] != "tabela_do_pdf" for w in second["warnings"])


def test_a_refusal_of_the_pdfs_table_names_the_pdfs_page_and_line(tmp_path):
    from fpdf import FPDF

    doc = FPDF(unit="pt")
    doc.add_page()
    doc.set_font("Helvetica", size=10)
    for line in (pdfs.HEADER, *pdfs.CARGOS[:2], ["Fiscal de Tributos", "doze", "-", "-"]):
        for text, width in zip(line, [230, 60, 60, 70], strict=True):
            doc.cell(width, 16, text, border=1)
        doc.ln(16)
    pdf = _write(tmp_path, "a.pdf", bytes(doc.output()))
    for args in ((pdf,), (pdf, _write(tmp_path, "b.csv", "cargo;vagas\nEnfermeiro;4\n"))):
        out = edital(*args)
        assert (out.returncode, out.stdout) == (2, ""), out.stderr
        assert "Linha 4 da tabela lida do PDF (página 1, linha 4)" in out.stderr


def test_without_the_pdf_library_the_message_says_how_to_install_it(tmp_path):
    pdf = _write(tmp_path, "a.pdf", pdfs.make("ruled"))
    code = ("import sys\nsys.modules['pdfminer'] = None\nsys.modules['pdfminer.pdfdocument'] = None\n"
            "from calculator.cli.main import main\n"
            f"sys.exit(main(['edital', {pdf!r}, '--norma', 'ubatuba']))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert (out.returncode, out.stdout) == (2, "")
    assert 'pip install "cotas-em-concursos[pdf]"' in out.stderr and "Traceback" not in out.stderr
