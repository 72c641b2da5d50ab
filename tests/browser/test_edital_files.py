"""The Edital tool's files (issue 32, items 2, 4, 5), in a real browser (Debian's Chromium via Playwright) on
the built site served from a sub-path: a PDF read by PDF.js only when chosen, its table rebuilt by Python
(command "pdf_tabela") and put in the form to be checked, a PDF that cannot be opened refused beside the
field, several CSV files answered edital by edital and compared, and the report downloaded ("relatorio").
Expected answers come from calculator.api.handle in CPython, for the request the page sent (recorded as it
is posted to the page's worker)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
from datetime import UTC, datetime
from pathlib import Path

from tests import pdfs
from tests.browser.test_calculadora import (  # noqa: F401 - pytest fixtures
    PY_TIMEOUT,
    ctx,
    handle,
    open_calculator,
    run_axe,
    server,
    wait_python,
)
from tests.browser.test_edital import table_csv, type_rows, wait_result

FIXTURES = (ctx, server)  # pytest finds them by name in this module


# What the page posts to its worker ({type: "api", request: "<json>"}), kept for the test to replay in
# CPython; the worker gets every message as it would.
RECORD_REQUESTS = """
(() => {
  const post = Worker.prototype.postMessage;
  self.__apiRequests = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "api") self.__apiRequests.push(message.request);
    return post.call(this, message, ...rest);
  };
})();
"""
CARGOS = [("Professor de Educação Básica", "13", "2"), ("Técnico de Enfermagem", "5", "1"),
          ("Agente Administrativo", "2", "0"), ("Médico", "2", "0")]


def recording_page(ctx, server):
    context, _ = ctx
    context.add_init_script(RECORD_REQUESTS)
    return open_calculator(ctx, server)


def sent(page, command: str) -> list[dict]:
    return [r for r in map(json.loads, page.evaluate("self.__apiRequests")) if r.get("command") == command]


def table_pdf(ctx, rows=CARGOS) -> bytes:
    """A text PDF of an edital's table, printed by Chromium itself (fonts embedded, text extractable)."""
    context, _ = ctx
    page = context.new_page()
    cells = "".join(f"<tr><td>{c}</td><td>{v}</td><td>{r}</td></tr>" for c, v, r in rows)
    # columns well apart, as editais print them: PDF.js joins text closer than 1.5 em into one item
    page.set_content("<style>td, th { padding: 4px 40px 4px 0; text-align: left }</style>"
                     "<h1>Edital nº 1/2024</h1><p>Quadro de vagas:</p>"
                     "<table><tr><th>Cargo</th><th>Vagas</th><th>Reservadas</th></tr>"
                     f"{cells}</table>")
    data = page.pdf(format="A4")
    page.close()
    return data


def protected_pdf() -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=595, height=842)
    writer.encrypt(user_password="segredo", owner_password="dono")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def choose(page, *files):
    page.set_input_files("#edital-arquivo", files=[
        {"name": name, "mimeType": "application/pdf" if name.endswith(".pdf") else "text/csv", "buffer": data}
        for name, data in files])


def file_error(page) -> str:
    box = page.locator("#edital-arquivo-erro")
    box.wait_for(state="visible", timeout=PY_TIMEOUT)
    return box.inner_text()


def pdf_requests(guard) -> list[str]:
    return [u for u in guard.requests if "pdf" in u.rsplit("/", 1)[-1].lower()]


def test_nothing_of_pdfjs_loads_until_a_pdf_is_chosen_and_a_broken_one_is_refused(ctx, server):
    context, guard = ctx
    page = open_calculator(ctx, server)
    page.wait_for_load_state("networkidle")
    page.check("#edital-modo-colar")
    choose(page, ("edital.csv", table_csv(CARGOS).encode()))
    page.wait_for_function("document.querySelector('#edital-csv').value.includes('Técnico')")
    page.wait_for_load_state("networkidle")
    assert pdf_requests(guard) == [], "PDF.js baixado sem que um PDF fosse escolhido"
    # a PDF that is not one: PDF.js comes now, from the site itself, and the message sits beside the field
    choose(page, ("edital.pdf", b"%PDF-1.7\n" + b"nada de PDF aqui\n" * 20))
    message = file_error(page)
    assert message.startswith("O arquivo não é um PDF válido")
    base = server.base + "assets/calculadora/pdfjs/"
    fetched = {u.split("?")[0] for u in pdf_requests(guard)}
    assert fetched == {base + "pdf.min.mjs", base + "pdf.worker.min.mjs"}
    assert page.get_attribute("#edital-arquivo", "aria-invalid") == "true"
    assert page.is_hidden("#edital-lida")
    assert run_axe(page) == []


def test_a_pdf_with_a_password_is_refused_beside_the_field(ctx, server):
    page = open_calculator(ctx, server)
    page.check("#edital-modo-colar")
    choose(page, ("protegido.pdf", protected_pdf()))
    assert file_error(page).startswith("PDF protegido por senha")


def test_a_pdf_among_several_files_that_cannot_be_read_is_named_in_the_refusal(ctx, server):
    page = open_calculator(ctx, server)
    page.check("#edital-modo-colar")
    choose(page, ("a.csv", table_csv(CARGOS).encode()), ("b.pdf", b"%PDF-1.7\n"))
    assert file_error(page).startswith("“b.pdf”: O arquivo não é um PDF válido")


def test_a_pdf_among_several_files_is_shown_to_check_answered_and_reported(ctx, server):
    """A PDF and a CSV, one edital each: the PDF's table, rebuilt by Python, in a text area under its name;
    the reader's correction is what is answered, and the report names the PDF, says the table was
    corrected, and is Python's for the same request."""
    page = recording_page(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "quissama")
    page.fill("#edital-data_edital", "2020-05-05")
    page.check("#edital-modo-colar")
    pdf, other = pdfs.make("ruled"), "cargo;vagas\nAgente Comunitário de Saúde;3\n".encode()
    choose(page, ("edital-1.pdf", pdf), ("edital-2.csv", other))
    page.locator("#edital-lida").wait_for(state="visible", timeout=PY_TIMEOUT)
    read = handle(sent(page, "pdf_tabela")[0])["result"]
    assert page.input_value("#edital-pdf-tabela-1") == read["csv"]
    assert read["source"] in page.inner_text("#edital-lida")
    corrected = read["csv"].replace(";12;", ";13;")
    assert corrected != read["csv"]
    page.fill("#edital-pdf-tabela-1", corrected)
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    [asked] = sent(page, "edital")
    assert asked["editais"] == [{"nome": "edital-1.pdf", "csv": corrected},
                                {"nome": "edital-2.csv", "csv_base64": base64.b64encode(other).decode()}]
    assert handle(asked)["result"]["headline"] in page.inner_text("#edital-resultado")
    data, name, request = download_report(page)
    assert request["arquivos"] == [
        {"nome": "edital-1.pdf", "sha256": hashlib.sha256(pdf).hexdigest(),
         "origem": read["source"] + " (tabela conferida e corrigida na página)"},
        {"nome": "edital-2.csv", "sha256": hashlib.sha256(other).hexdigest()}]
    assert (data, name) == python_report(request)
    assert run_axe(page) == []


def pdf_read(ctx, server):
    """A PDF of CARGOS chosen in the form (Ubatuba), its table on the page to check: (page, its bytes)."""
    page = recording_page(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "ubatuba")
    page.check("#edital-modo-colar")
    pdf = table_pdf(ctx)
    choose(page, ("edital.pdf", pdf))
    page.locator("#edital-lida").wait_for(state="visible", timeout=PY_TIMEOUT)
    return page, pdf


def test_a_pdfs_table_is_rebuilt_by_python_and_shown_for_confirmation(ctx, server):
    page, _ = pdf_read(ctx, server)
    [request] = sent(page, "pdf_tabela")
    assert request["nome"] == "edital.pdf" and request["paginas"] == 1
    assert all(len(w) == 6 and w[0] == 1 and w[1] <= w[2] and w[3] < w[4] and w[5].strip()
               for w in request["palavras"])
    res = handle(request)["result"]
    notice = page.inner_text("#edital-lida")
    assert "edital.pdf" in notice and "confira e corrija" in notice.lower()
    assert page.evaluate("document.activeElement.id") == "edital-lida"
    if page.is_checked("#edital-modo-digitar"):
        shown = page.eval_on_selector_all("#edital-linhas tbody tr input[name='linha-cargo']",
                                          "is => is.map(i => i.value)")
        assert shown == [row["cells"][0] for row in res["rows"]]
    else:
        assert page.input_value("#edital-csv") == res["csv"]
    assert [row["cells"][0] for row in res["rows"]] == [c for c, _, _ in CARGOS]
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    [asked] = sent(page, "edital")
    assert handle(asked)["result"]["headline"] in page.inner_text("#edital-resultado")


def several_editais():
    return (("edital-1.csv", "cargo;vagas;reservadas\nGari;3;0\nMédico;2;0\n".encode()),
            ("edital-2.csv", "cargo,vagas,reservadas\nGari,3,0\n".encode("cp1252")))


def test_several_files_give_each_editais_verdict_and_the_comparison(ctx, server):
    page = recording_page(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "quissama")
    page.fill("#edital-data_edital", "2020-05-05")
    page.check("#edital-modo-colar")
    files = several_editais()
    choose(page, *files)
    page.locator("#edital-lida").wait_for(state="visible")
    assert "2 arquivos" in page.inner_text("#edital-lida")
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    [asked] = sent(page, "edital")
    assert [e["nome"] for e in asked["editais"]] == [name for name, _ in files]
    assert [base64.b64decode(e["csv_base64"]) for e in asked["editais"]] == [data for _, data in files]
    want = handle({"command": "edital", "norma": "quissama", "data_edital": "2020-05-05",
                   "editais": [{"nome": n, "csv_base64": base64.b64encode(d).decode()} for n, d in files]})
    res = want["result"]
    text = page.inner_text("#edital-resultado")
    assert res["headline"] in text and "fracionamento entre editais" in res["headline"]
    for i, e in enumerate(res["editais"], 1):
        assert e["result"]["headline"] in text
        names = page.eval_on_selector_all(f"#edital-tabela-{i} tbody th", "hs => hs.map(h => h.textContent)")
        assert names == [c["cargo"] for c in e["result"]["cargos"]]
    [split] = [w for w in res["warnings"] if w["code"] == "fracionamento_entre_editais"]
    assert split["message"] in text
    assert "edital-1.csv" in split["message"] and "edital-2.csv" in split["message"]
    assert page.text_content("#calc-anuncio") == res["headline"]
    assert page.locator("#edital-baixar").count() == 0  # the CSV is one edital's
    assert run_axe(page) == []
    assert run_axe(page, impacts=("moderate",), rules=["heading-order"]) == []
    # one table typed in the text area again: the files are set aside, and the single answer comes back
    page.fill("#edital-csv", table_csv(CARGOS))
    page.evaluate("document.querySelector('#edital-resultado').removeAttribute('data-origem')")
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    assert page.locator("#edital-tabela").count() == 1 and page.is_hidden("#edital-lida")


def download_report(page) -> tuple[bytes, str, dict]:
    """Clicks "Baixar o relatório" at a fixed time: the file's bytes, its name and the request sent."""
    moment = datetime(2025, 3, 4, 12, 30, tzinfo=UTC)
    page.clock.set_fixed_time(moment)
    with page.expect_download(timeout=PY_TIMEOUT) as info:
        page.click("#edital-relatorio")
    request = sent(page, "relatorio")[-1]
    assert request["gerado_em"] == int(moment.timestamp())
    return Path(info.value.path()).read_bytes(), info.value.suggested_filename, request


def python_report(request: dict) -> tuple[bytes, str]:
    res = handle(request)["result"]
    return res["html"].encode("utf-8"), res["arquivo"]


def test_the_report_of_a_typed_table_is_pythons_for_the_same_request_and_time(ctx, server):
    page = recording_page(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "ubatuba")
    type_rows(page, CARGOS)
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    data, name, request = download_report(page)
    [asked] = sent(page, "edital")
    csv = table_csv(CARGOS)
    assert request == {**asked, "command": "relatorio", "gerado_em": request["gerado_em"], "arquivos": [
        {"nome": "tabela digitada na página", "sha256": hashlib.sha256(csv.encode()).hexdigest()}]}
    assert (data, name) == python_report(request)


def test_the_report_of_several_files_names_each_with_its_sha256(ctx, server):
    page = recording_page(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "quissama")
    page.check("#edital-modo-colar")
    files = several_editais()
    choose(page, *files)
    page.locator("#edital-lida").wait_for(state="visible")
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    data, name, request = download_report(page)
    assert request["arquivos"] == [{"nome": n, "sha256": hashlib.sha256(d).hexdigest()} for n, d in files]
    assert (data, name) == python_report(request)


def test_the_report_of_a_pdf_names_the_pdf_and_where_the_table_was_read(ctx, server):
    page, pdf = pdf_read(ctx, server)
    source = handle(sent(page, "pdf_tabela")[0])["result"]["source"]
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    data, name, request = download_report(page)
    assert request["arquivos"] == [{"nome": "edital.pdf", "sha256": hashlib.sha256(pdf).hexdigest(),
                                    "origem": source}]
    assert (data, name) == python_report(request)
    # the reader corrects a cell of the table read: the report says the table was changed on the page
    page.locator("#edital-linhas tbody tr input").nth(1).fill("14")
    page.evaluate("document.querySelector('#edital-resultado').removeAttribute('data-origem')")
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    _, _, changed = download_report(page)
    assert changed["arquivos"][0]["origem"] == source + " (tabela conferida e corrigida na página)"
    assert ";14;" in changed["csv"]


def test_the_browsers_own_print_shows_the_answer_without_the_form_and_every_cargos_steps(ctx, server):
    """Printed with the browser's Print (not the Imprimir button): the form is not printed before the answer,
    and "Passo a passo de cada cargo", a closed <details> on screen, prints with its content."""
    page = open_calculator(ctx, server)
    wait_python(page)
    page.click("#edital-exemplo")
    wait_result(page)
    steps = page.locator(".calc-edital-passos h4").first
    assert page.is_visible("#form-edital") and not steps.is_visible()
    page.emulate_media(media="print")
    assert page.is_hidden("#form-edital")
    assert steps.is_visible() and page.locator(".calc-edital-passos ol li").first.is_visible()
    assert page.is_visible("#edital-resultado .calc-edital-tabela")
