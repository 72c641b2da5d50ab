"""Which PDF library reads the editais' tables right: each candidate's positioned text, through the shared
function (calculator/csv/pdf_table.py), on the PDFs the tests make (tests/pdfs.py).

    .venv/bin/python -m bench.pdf_libraries

Prints, per library, the fixtures read as expected and the time to read them all (best of 3)."""

from __future__ import annotations

import io
import time

from calculator.csv.pdf_table import pdf_table
from calculator.errors import InputError
from tests import pdfs


def pdfminer_runs(data: bytes) -> tuple[list, int]:
    from calculator.cli.pdf_reader import pdf_runs

    return pdf_runs(data, "x.pdf")


def pdfplumber_runs(data: bytes) -> tuple[list, int]:
    import pdfplumber

    runs = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            runs += [[number, w["x0"], w["x1"], w["top"], w["bottom"], w["text"]]
                     for w in page.extract_words()]
        return runs, len(pdf.pages)


def pypdf_runs(data: bytes) -> tuple[list, int]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    if reader.is_encrypted:
        reader.decrypt("")
    runs = []
    for number, page in enumerate(reader.pages, 1):
        # the layout mode's text is monospaced: a character 5 points wide on a line 10 points high
        for i, line in enumerate(page.extract_text(extraction_mode="layout").splitlines()):
            runs.append([number, 0, 5 * len(line), 10 * i, 10 * i + 10, line])
    return runs, len(reader.pages)


def read(reader, name: str, data: bytes) -> list[list[str]] | str:
    import csv

    try:
        runs, pages = reader(data)
        found = pdf_table(runs, f"{name}.pdf", pages)
    except InputError as err:
        return err.message
    except Exception as exc:  # noqa: BLE001 - a library's own failure counts as a wrong reading
        return f"{type(exc).__name__}: {exc}"
    return list(csv.reader(io.StringIO(found.csv), delimiter=";"))


#: the refusals each reader words its own way: any refusal is right
_OWN_WORDS = {"encrypted", "truncated", "broken"}


def right(name: str, got: list[list[str]] | str) -> bool:
    expected = pdfs.EXPECTED[name]
    return got == expected if isinstance(expected, list) else isinstance(got, str) and (
        got.startswith(expected) or name in _OWN_WORDS)


def main() -> None:
    made = {name: pdfs.make(name) for name in pdfs.FIXTURES}
    for label, reader in (("pdfminer.six", pdfminer_runs), ("pdfplumber", pdfplumber_runs),
                          ("pypdf", pypdf_runs)):
        wrong = [name for name, data in made.items() if not right(name, read(reader, name, data))]
        best = min(_timed(reader, made) for _ in range(3))
        print(f"{label}: {len(made) - len(wrong)}/{len(made)} right in {best * 1000:.0f} ms"
              + (f"; wrong: {', '.join(wrong)}" if wrong else ""))
        for name in wrong:
            print(f"    {name}: {str(read(reader, name, made[name]))[:300]}")


def _timed(reader, made: dict[str, bytes]) -> float:
    start = time.perf_counter()
    for name, data in made.items():
        read(reader, name, data)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
