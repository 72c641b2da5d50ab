"""Editais as PDFs, made by the tests (fpdf2; never downloaded): each fixture's bytes, what it shows, and what
reading it must give - the vacancy table's CSV rows, or the refusal's first words.  The CLI's tests, the
shared function's and the page's browser test all read these.

    make("ruled") -> bytes;  EXPECTED["ruled"] -> [[cell, …], …] (header first) or a str (a refusal's start)
"""

from __future__ import annotations

import io
from collections.abc import Callable

#: the vacancy table most fixtures print (header first); accented names catch encoding slips
HEADER = ["CARGO", "VAGAS", "PCD", "NEGROS"]
CARGOS = [["Agente Comunitário de Saúde", "12", "1", "3"],
          ["Auxiliar de Serviços Gerais", "8", "-", "2"],
          ["Técnico em Informática", "3", "-", "1"],
          ["Coordenação Pedagógica", "1", "-", "-"]]
HEADING_ROWS = [["NÍVEL MÉDIO", "", "", ""], ["Agente Comunitário de Saúde", "12", "1", "3"],
                ["Técnico em Segurança do Trabalho", "2", "-", "-"],
                ["NÍVEL SUPERIOR", "", "", ""], ["Enfermeiro", "19", "1", "5"],
                ["Médico Plantonista", "4", "-", "1"]]
#: a table long enough to need two pages
LONG = [[f"Professor de Educação Básica {n:02d}", str(n % 7 + 1), "-", "-"] for n in range(1, 41)]
QUADROS = {"NÍVEL FUNDAMENTAL": [["Auxiliar de Serviços Gerais", "8", "-", "2"],
                                 ["Motorista", "5", "-", "1"]],
           "NÍVEL MÉDIO": [["Agente Comunitário de Saúde", "12", "1", "3"]],
           "NÍVEL SUPERIOR": [["Enfermeiro", "19", "1", "5"], ["Médico Plantonista", "4", "-", "1"]]}
WIDE_HEADER = ["CARGO", "AMPLA CONCORRÊNCIA", "PCD", "NEGROS", "TOTAL", "ESCOLARIDADE", "JORNADA"]
WIDE = [["Assistente Administrativo", "6", "1", "2", "9", "Médio", "40h"],
        ["Fiscal de Tributos", "3", "-", "1", "4", "Superior", "40h"],
        ["Operador de Máquinas", "2", "-", "-", "2", "Fundamental", "44h"]]
RESERVE = [["Agente Comunitário de Saúde", "02 + CR", "-", "-"],
           ["Auxiliar de Enfermagem", "CR", "-", "-"],
           ["Enfermeiro", "5", "-", "1"]]
PASSWORD = "senha-do-usuario"

NO_TEXT = "PDF sem texto: digitalizado"


def _pdf(orientation: str = "P"):
    from fpdf import FPDF

    class Edital(FPDF):
        """A page's running head and foot, as editais print them."""

        def header(self):
            self.set_font("Helvetica", size=8)
            self.cell(0, 10, "PREFEITURA MUNICIPAL DE UBATUBA - EDITAL Nº 01/2024", align="C")
            self.ln(24)
            self.set_font("Helvetica", size=10)

        def footer(self):
            self.set_y(-30)
            self.set_font("Helvetica", size=8)
            self.cell(0, 10, f"Página {self.page_no()}", align="C")
            self.set_font("Helvetica", size=10)

    pdf = Edital(orientation=orientation, unit="pt", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_font("Helvetica", size=10)
    pdf.add_page()
    return pdf


def _paragraph(pdf, text: str) -> None:
    pdf.multi_cell(0, 13, text)
    pdf.ln(13)


def _table(pdf, header: list[str], rows: list[list[str]], widths: list[int], ruled: bool) -> None:
    border = 1 if ruled else 0
    for i, line in enumerate([header, *rows]):
        pdf.set_font("Helvetica", "B" if i == 0 else "", 10)
        for text, width in zip(line, widths, strict=True):
            pdf.cell(width, 16, text, border=border, align="L" if width == widths[0] else "C")
        pdf.ln(16)
    pdf.set_font("Helvetica", size=10)
    pdf.ln(20)


def _output(pdf) -> bytes:
    return bytes(pdf.output())


_WIDTHS = [230, 60, 60, 70]


def _ruled() -> bytes:
    pdf = _pdf()
    _paragraph(pdf, "1. DAS VAGAS\n1.1 O concurso público destina-se ao provimento das vagas abaixo.")
    _table(pdf, HEADER, CARGOS, _WIDTHS, ruled=True)
    _paragraph(pdf, "1.2 As atribuições de cada cargo estão no Anexo I.")
    return _output(pdf)


def _unruled() -> bytes:
    pdf = _pdf()
    _paragraph(pdf, "1. DAS VAGAS\n1.1 São oferecidas as vagas a seguir, com reserva de 20% aos candidatos "
                    "negros (Lei Municipal nº 3.765/2014).")
    _table(pdf, HEADER, CARGOS, _WIDTHS, ruled=False)
    _paragraph(pdf, "1.2 A reserva será aplicada na ordem de nomeação.")
    return _output(pdf)


def _two_pages() -> bytes:
    pdf = _pdf()
    _paragraph(pdf, "ANEXO I - QUADRO DE VAGAS")
    _table(pdf, HEADER, LONG[:30], _WIDTHS, ruled=True)
    pdf.add_page()
    _table(pdf, HEADER, LONG[30:], _WIDTHS, ruled=True)
    _paragraph(pdf, "Ubatuba, 2 de março de 2024.")
    return _output(pdf)


def pages_of_table(pages: int, per_page: int = 40) -> bytes:
    """An edital whose vacancy table runs over ``pages`` pages, its header repeated on each (the bench's
    PDF: bench/profiles.py times the page reading it)."""
    pdf = _pdf()
    rows = [[f"Professor de Educação Básica {n:03d}", str(n % 7 + 1), "-", "-"]
            for n in range(1, pages * per_page + 1)]
    for page in range(pages):
        if page:
            pdf.add_page()
        _table(pdf, HEADER, rows[page * per_page:(page + 1) * per_page], _WIDTHS, ruled=True)
    return _output(pdf)


def _headings() -> bytes:
    pdf = _pdf()
    _paragraph(pdf, "2. DOS CARGOS")
    widths = [150, 60, 60, 70]
    pdf.set_font("Helvetica", "B", 10)
    for text, width in zip(HEADER, widths, strict=True):
        pdf.cell(width, 14, text)
    pdf.ln(14)
    pdf.set_font("Helvetica", size=10)
    for name, *counts in HEADING_ROWS:
        first, rest = (name, "") if pdf.get_string_width(name) < widths[0] - 4 else name.rsplit(" ", 1)
        pdf.cell(widths[0], 14, first)
        for text, width in zip(counts, widths[1:], strict=True):
            pdf.cell(width, 14, text)
        pdf.ln(14)
        if rest:
            pdf.cell(widths[0], 14, rest)
            pdf.ln(14)
    return _output(pdf)


def _other_tables() -> bytes:
    pdf = _pdf()
    _paragraph(pdf, "2. DOS REQUISITOS")
    _table(pdf, ["CARGO", "REQUISITOS"], [["Agente Comunitário de Saúde", "Ensino médio completo"],
                                          ["Técnico em Informática", "Curso técnico em informática"]],
           [230, 250], ruled=True)
    _paragraph(pdf, "3. DAS VAGAS")
    _table(pdf, HEADER, CARGOS, _WIDTHS, ruled=True)
    _paragraph(pdf, "4. DA JORNADA E DO VENCIMENTO")
    _table(pdf, ["CARGO", "JORNADA", "VENCIMENTO"], [["Agente Comunitário de Saúde", "40h", "R$ 1.450,00"],
                                                     ["Técnico em Informática", "40h", "R$ 2.980,00"]],
           [230, 80, 100], ruled=True)
    _paragraph(pdf, "5. DO CRONOGRAMA")
    _table(pdf, ["ETAPA", "DATA"], [["Inscrições", "01/04/2024 a 30/04/2024"],
                                    ["Prova objetiva", "02/06/2024"]], [230, 150], ruled=True)
    return _output(pdf)


def _quadros() -> bytes:
    pdf = _pdf()
    _paragraph(pdf, "1. DAS VAGAS")
    for number, (level, rows) in enumerate(QUADROS.items(), 1):
        _paragraph(pdf, f"QUADRO {number} - {level}")
        _table(pdf, HEADER, rows, _WIDTHS, ruled=True)
    return _output(pdf)


def _landscape() -> bytes:
    pdf = _pdf("L")
    _paragraph(pdf, "ANEXO I - VAGAS, ESCOLARIDADE E JORNADA")
    _table(pdf, WIDE_HEADER, WIDE, [200, 130, 50, 60, 50, 100, 70], ruled=True)
    return _output(pdf)


def _reserve_list() -> bytes:
    pdf = _pdf()
    _table(pdf, HEADER, RESERVE, _WIDTHS, ruled=True)
    return _output(pdf)


def _misaligned() -> bytes:
    pdf = _pdf()
    widths = [150, 60, 60, 70]
    _table(pdf, HEADER, CARGOS[:1], widths, ruled=False)
    pdf.set_y(pdf.get_y() - 20)  # the next row right under the table's last, not after a gap
    pdf.cell(0, 16, "Assistente de Serviços de Saúde Bucal Complementar  2  -  1")
    pdf.ln(16)
    pdf.cell(150, 16, "Enfermeiro")
    pdf.cell(60, 16, "5")
    pdf.ln(16)
    return _output(pdf)


def _no_table() -> bytes:
    pdf = _pdf()
    _paragraph(pdf, "EDITAL DE CONVOCAÇÃO\nFicam convocados os candidatos aprovados para a prova prática, "
                    "conforme o cronograma publicado no sítio da Prefeitura.")
    _table(pdf, ["ETAPA", "DATA"], [["Prova prática", "12/05/2024"]], [230, 150], ruled=True)
    return _output(pdf)


def _scan() -> bytes:
    from fpdf import FPDF
    from PIL import Image, ImageDraw

    image = Image.new("L", (600, 800), 255)
    draw = ImageDraw.Draw(image)
    for y in range(100, 500, 40):  # ruled lines where a scanned table's rows would be
        draw.line((50, y, 550, y), fill=0, width=2)
    pdf = FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.image(image, x=0, y=0, w=595, h=842)
    return _output(pdf)


def _encrypted(user: str | None) -> Callable[[], bytes]:
    def make_encrypted() -> bytes:
        from fpdf import FPDF  # noqa: F401  (the fixture needs fpdf2, as the others)

        pdf = _pdf()
        _table(pdf, HEADER, CARGOS, _WIDTHS, ruled=True)
        pdf.set_encryption(owner_password="senha-do-dono", user_password=user)
        return _output(pdf)

    return make_encrypted


def _truncated() -> bytes:
    data = _ruled()
    return data[: len(data) // 3]


def _broken() -> bytes:
    return b"%PDF-1.7\n" + bytes(range(256)) * 20


#: name → (what it shows, how it is made, what reading it gives)
_FIXTURES: dict[str, tuple[str, Callable[[], bytes], list[list[str]] | str]] = {
    "ruled": ("tabela com bordas entre textos", _ruled, [HEADER, *CARGOS]),
    "unruled": ("tabela sem bordas entre parágrafos", _unruled, [HEADER, *CARGOS]),
    "two_pages": ("tabela em duas páginas, cabeçalho repetido, cabeçalho e rodapé de página", _two_pages,
                  [HEADER, *LONG]),
    "headings": ("linhas de título (NÍVEL MÉDIO) e nomes de cargo em duas linhas", _headings,
                 [HEADER, *HEADING_ROWS]),
    "other_tables": ("tabelas de requisitos, jornada, vencimento e cronograma antes e depois", _other_tables,
                     [HEADER, *CARGOS]),
    "quadros": ("um quadro por nível, cada um com o seu cabeçalho", _quadros,
                [HEADER, *(row for rows in QUADROS.values() for row in rows)]),
    "landscape": ("página em paisagem com tabela larga", _landscape, [WIDE_HEADER, *WIDE]),
    "reserve_list": ("células “02 + CR” e “CR”", _reserve_list, [HEADER, *RESERVE]),
    "owner_password": ("protegido só com senha do dono (abre sem senha)", _encrypted(None),
                       [HEADER, *CARGOS]),
    "misaligned": ("uma linha cujo texto passa por baixo de duas colunas", _misaligned,
                   "O PDF “misaligned.pdf”, página 1, linha"),
    "no_table": ("texto sem tabela de vagas", _no_table, "O PDF “no_table.pdf”: nenhuma tabela de vagas"),
    "scan": ("digitalizado: a página é só uma imagem", _scan, NO_TEXT),
    "encrypted": ("protegido com senha de usuário", _encrypted(PASSWORD),
                  "O PDF “encrypted.pdf” está protegido por senha"),
    "truncated": ("arquivo cortado pela metade", _truncated, "O PDF “truncated.pdf” está danificado"),
    "broken": ("começa como PDF e não é", _broken, "O PDF “broken.pdf” está danificado"),
}

FIXTURES = {name: what for name, (what, _make, _expected) in _FIXTURES.items()}
EXPECTED = {name: expected for name, (_what, _make, expected) in _FIXTURES.items()}
#: the fixtures read into a table
TABLES = [name for name, expected in EXPECTED.items() if isinstance(expected, list)]


def make(name: str) -> bytes:
    """The fixture's PDF bytes."""
    return _FIXTURES[name][1]()


def expected_csv(name: str) -> str:
    """The table a fixture reads into, as the CSV text the shared function gives."""
    import csv

    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\n").writerows(EXPECTED[name])
    return out.getvalue()
