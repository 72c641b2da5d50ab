"""The calculator page's "Edital" tool in a real browser (Debian's Chromium via Playwright), on the built
site served from a sub-path. Expected answers come from calculator.api.handle in CPython."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from tests import pace
from tests.browser.test_calculadora import (  # noqa: F401 - pytest fixtures
    PY_TIMEOUT,
    check_basis_links,
    ctx,
    handle,
    open_calculator,
    run_axe,
    sentence,
    server,
    type_into,
    wait_python,
)

FIXTURES = (ctx, server)  # pytest finds them by name in this module

TABLE = [("Professor de Educação Básica", "13", "2"), ("Técnico de Enfermagem", "5", "1"),
         ("Agente Administrativo", "2", "0"), ("Médico", "2", "")]


def table_csv(rows) -> str:
    return "cargo;vagas;reservadas\n" + "".join(f"{c};{v};{r}\n" for c, v, r in rows)


def type_rows(page, rows):
    """Types the cargos in the row editor, as a user would (adding rows with the button)."""
    page.check("#edital-modo-digitar")
    while page.locator("#edital-linhas tbody tr").count() < len(rows):
        page.click("#edital-mais-linha")
    for i, row in enumerate(rows):
        for name, value in zip(("cargo", "vagas", "reservadas"), row, strict=True):
            type_into(page, f"#edital-linhas tbody tr:nth-child({i + 1}) input[name='linha-{name}']", value)


def wait_result(page, origin="python"):
    page.wait_for_selector(f'#edital-resultado[data-origem="{origin}"]', state="attached",
                           timeout=PY_TIMEOUT)


def test_typed_rows_give_pythons_answer_with_status_in_words_and_a_chart(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "ubatuba")
    type_rows(page, TABLE)
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    res = handle({"command": "edital", "norma": "ubatuba", "csv": table_csv(TABLE)})["result"]
    text = page.inner_text("#edital-resultado")
    assert res["headline"] in text
    assert page.text_content("#calc-anuncio") == res["headline"]
    rows = page.eval_on_selector_all(
        "#edital-tabela tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent.trim()))")
    assert [r[0] for r in rows] == [c["cargo"] for c in res["cargos"]]
    assert [r[2] for r in rows] == [str(c["reserved"]) for c in res["cargos"]]
    words = {"conforme": "conforme", "abaixo": "abaixo", "acima": "acima", None: "não informado"}
    for r, c in zip(rows, res["cargos"], strict=True):
        assert words[c["status"]] in r[4]  # the status in words, not only in colour
    assert "falta 1" in rows[0][4]  # 13 vacancies: 20% = 2,6 → 3 (art. 2º, § 3º); announced 2
    totals = page.eval_on_selector_all(
        "#edital-tabela tfoot tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent.trim()))")
    t = res["totals"]
    assert [row[2] for row in totals] == [str(t["reserved"]), str(t["reserved_aggregated"])]
    assert totals[0][4].endswith("—") or words[t["status"]] in totals[0][4]
    # the bar chart: two bars per cargo with an announced number, one (required) otherwise; a text equivalent
    bars = page.eval_on_selector_all("#edital-resultado svg.calc-edital-grafico rect", "els => els.length")
    assert bars == sum(2 if c["announced"] is not None else 1 for c in res["cargos"])
    assert page.get_attribute("#edital-resultado svg.calc-edital-grafico", "aria-hidden") == "true"
    equivalent = page.eval_on_selector_all(".calc-edital-figura ul.calc-so-leitor li",
                                           "ls => ls.map(l => l.textContent)")
    assert equivalent[0].startswith("Professor de Educação Básica: exigida 3, anunciada 2, abaixo")
    for w in res["warnings"]:
        assert w["message"] in text
    assert "não é orientação jurídica" in text
    check_basis_links(page, "edital", res["basis"], server)
    # the share link carries the small table; opened elsewhere it gives the same answer
    query = parse_qs(urlsplit(page.url).query)
    assert query["ferramenta"] == ["edital"] and query["tabela"][0].startswith("cargo;vagas;reservadas")
    other = open_calculator(ctx, server, page.url[len(server.base + "calculadora.html"):])
    wait_result(other)
    assert other.inner_text("#edital-tabela") == page.inner_text("#edital-tabela")


def test_csv_download_and_printable_report(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "quissama")
    page.check("#edital-modo-colar")
    csv = "cargo,vagas,reservadas\nA,3,0\nB,3,1\nGari,10,1\n"
    page.fill("#edital-csv", csv)
    page.fill("#edital-data_edital", "2020-05-05")
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    res = handle({"command": "edital", "norma": "quissama", "csv": csv,
                  "data_edital": "2020-05-05"})["result"]
    assert "fracionamento" in [w["code"] for w in res["warnings"]]
    with page.expect_download() as info:
        page.click("#edital-baixar")
    lines = Path(info.value.path()).read_text(encoding="utf-8-sig").strip().splitlines()
    assert lines[0].startswith("cargo;vagas;nomeacoes;reserva_exigida;reserva_anunciada;situacao")
    assert [line.split(";")[:6] for line in lines[1:]] == [
        [c["cargo"], str(c["vacancies"]), str(c["nominations"]), str(c["reserved"]),
         "" if c["announced"] is None else str(c["announced"]), c["status"] or ""] for c in res["cargos"]]
    # the report as printed: norm, date, table, totals, warnings, bases and the disclaimer; no form
    page.evaluate("document.documentElement.classList.add('calc-imprimir-edital')")
    page.emulate_media(media="print")
    assert not page.is_visible("#form-edital") and not page.is_visible("#form-reserva")
    printed = page.inner_text("#edital-resultado")
    assert "Lei nº 1.289/2012" in printed and "05/05/2020" in printed
    assert "Concurso como um todo" in printed and "Fracionamento" in printed
    assert "Lei nº 1.289/2012, art. 1º" in printed  # bases, as links labelled like the law pages
    assert "não é orientação jurídica" in printed
    assert not page.is_visible("#edital-baixar")


def test_errors_next_to_the_field(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "ubatuba")
    type_rows(page, [("Gari", "-2", ""), ("", "", "")])
    page.click("#form-edital button[type=submit]")
    wait_result(page, "erro")
    expected = handle({"command": "edital", "norma": "ubatuba", "csv": "cargo;vagas;reservadas\nGari;-2;\n"})
    assert page.inner_text("#edital-linhas-erro") == sentence(expected["error"]["message"])
    assert "Linha 2, coluna 2" in page.inner_text("#edital-linhas-erro")
    cell = "#edital-linhas tbody tr:nth-child(1) input[name='linha-vagas']"  # line 2, column 2
    assert page.get_attribute(cell, "aria-invalid") == "true"
    # pasted table with a repeated cargo: the message sits under the text area
    page.check("#edital-modo-colar")
    page.fill("#edital-csv", "cargo;vagas\nGari;2\ngari;3\n")
    page.click("#form-edital button[type=submit]")
    page.wait_for_function("!document.querySelector('#edital-csv-erro').hidden")
    assert "repete o da linha 2" in page.inner_text("#edital-csv-erro")
    # Lins without the percentage: next to the percentage field
    page.select_option("#edital-norma", "lins")
    page.fill("#edital-csv", "cargo;vagas\nGari;10\n")
    page.click("#form-edital button[type=submit]")
    page.wait_for_function("!document.querySelector('#edital-percentual-erro').hidden")
    assert "Lei nº 7.739/2023" in page.inner_text("#edital-percentual-erro")


def test_big_table_is_not_put_in_the_link(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    page.check("#edital-modo-colar")
    rows = [(f"Cargo {i}", str(i % 9), "") for i in range(40)]
    page.fill("#edital-csv", table_csv(rows))
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    assert "tabela" not in parse_qs(urlsplit(page.url).query)
    assert "não vai no link" in page.inner_text("#edital-link-dica")
    res = handle({"command": "edital", "norma": "ubatuba", "csv": table_csv(rows)})["result"]
    assert page.locator("#edital-tabela tbody tr").count() == len(res["cargos"]) == 40
    # reopened, the options come back and the page asks for the table
    other = open_calculator(ctx, server, page.url[len(server.base + "calculadora.html"):])
    wait_result(other, "pede-tabela")
    assert other.locator("#calc-link-erro").count() == 0  # the edital's own link is not "unknown" (M6)
    assert json.dumps(other.inner_text("#edital-resultado"), ensure_ascii=False).count("tabela") >= 1


def test_upload_windows_1252_file_goes_to_python_as_bytes(ctx, server):
    data = ("cargo;vagas;reservadas\r\nTécnico em Edificações;10;2\r\n"
            "Auxiliar de Serviços;3;0\r\n").encode("cp1252")
    page = open_calculator(ctx, server)
    wait_python(page)
    page.check("#edital-modo-colar")
    page.set_input_files("#edital-arquivo",
                         files=[{"name": "edital.csv", "mimeType": "text/csv", "buffer": data}])
    page.wait_for_function("document.querySelector('#edital-csv').value.includes('Edificações')")
    page.click("#form-edital button[type=submit]")
    wait_result(page)

    res = handle({"command": "edital", "norma": "ubatuba", "csv_base64": base64.b64encode(data).decode()})
    names = page.eval_on_selector_all("#edital-tabela tbody th", "hs => hs.map(h => h.textContent)")
    assert names == [c["cargo"] for c in res["result"]["cargos"]]
    assert names == ["Técnico em Edificações", "Auxiliar de Serviços"]
    # a small table goes in the link whatever its source (as text: the link is text)
    assert parse_qs(urlsplit(page.url).query)["tabela"][0].startswith("cargo;vagas;reservadas\nTécnico")


def ask_order_with_nominations(ctx, server, norm: str, vacancies: str, nominations: str):
    """The call order with nominations beyond the vacancies, typed as a user does; answered by Python."""
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#ordem-norma", norm)
    type_into(page, "#ordem-vagas", vacancies)
    type_into(page, "#ordem-nomeacoes", nominations)
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#ordem-resultado').dataset.origem === 'python'",
                           timeout=PY_TIMEOUT)
    return page


def test_call_order_with_nominations_beyond_the_vacancies(ctx, server):
    page = ask_order_with_nominations(ctx, server, "ubatuba", "10", "20")
    res = handle({"command": "ordem", "norma": "ubatuba", "vagas": "10", "nomeacoes": "20"})["result"]
    text = page.text_content("#ordem-resultado")  # premises and interpretations are folded (closed details)
    assert "4 de 20 nomeações vão para a reserva racial (a norma reserva 2)" in text
    assert "Nomeações destinadas à reserva racial: 3ª, 8ª, 13ª, 18ª." in text
    assert res["positions"] == [3, 8, 13, 18]
    assert page.eval_on_selector_all("#ordem-resultado svg rect", "els => els.length") == 20
    for w in res["warnings"]:
        assert w["message"] in text
    assert parse_qs(urlsplit(page.url).query)["nomeacoes"] == ["20"]


def test_axe_edital_with_results_and_an_error(ctx, server):
    page = open_calculator(ctx, server)
    wait_python(page)
    page.click("#edital-exemplo")
    wait_result(page)
    assert run_axe(page) == []
    assert run_axe(page, impacts=("moderate",), rules=["heading-order"]) == []
    type_rows(page, [("Gari", "x", "")])
    page.click("#form-edital button[type=submit]")
    wait_result(page, "erro")
    assert run_axe(page) == []


def test_a_file_over_the_limit_is_refused_with_pythons_message(ctx, server):
    from calculator.csv import text as csvtext

    page = open_calculator(ctx, server)
    wait_python(page)
    big = b"cargo;vagas\n" + b"x" * csvtext.MAX_CSV_BYTES
    expected = handle({"command": "edital", "norma": "ubatuba",
                       "csv_base64": base64.b64encode(big).decode()})["error"]["message"]
    page.evaluate("""(size) => {
        const input = document.querySelector('#edital-arquivo');
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(size)], 'grande.csv', { type: 'text/csv' }));
        input.files = dt.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
    }""", csvtext.MAX_CSV_BYTES + 1)
    box = page.locator("#edital-csv-erro")
    box.wait_for(state="visible", timeout=pace.ms(10_000))
    assert box.inner_text() == sentence(expected)
    assert page.input_value("#edital-csv") == ""


def test_status_column_and_voluntary_reserve_follow_python(ctx, server):
    # Quissamã: the per-cargo reading has no basis (art. 1º, caput and § 7º speak of the concurso), so the
    # status column is headed as that reading; Ubatuba after art. 13's term: a voluntary reserve.
    page = open_calculator(ctx, server)
    wait_python(page)
    cases = (("quissama", "2020-01-01", "Leitura por cargo (interpretação)", "abaixo"),
             ("ubatuba", "2026-01-01", "Situação", "reserva voluntária"))
    for norm, date, label, status in cases:
        page.select_option("#edital-norma", norm)
        page.fill("#edital-data_edital", date)
        type_rows(page, TABLE[:1])
        page.click("#form-edital button[type=submit]")
        wait_result(page)
        res = handle({"command": "edital", "norma": norm, "data_edital": date,
                      "csv": table_csv(TABLE[:1])})["result"]
        assert res["status_label"] == label
        assert page.text_content("#calc-anuncio") == res["headline"]
        head = page.eval_on_selector_all("#edital-tabela thead th", "hs => hs.map(h => h.textContent.trim())")
        assert head[4] == label
        cell = page.text_content("#edital-tabela tbody tr:first-child td:nth-child(5)")
        assert status in cell
        page.evaluate("document.querySelector('#edital-resultado').removeAttribute('data-origem')")


def test_call_order_beyond_the_vacancies_states_the_rule_and_the_alternatives(ctx, server):
    # Quissamã, 4 vacancies, 12 nominations: 5ª by the rule adopted; literally (art. 3º, § 1º) 5ª and 10ª.
    page = ask_order_with_nominations(ctx, server, "quissama", "4", "12")
    res = handle({"command": "ordem", "norma": "quissama", "vagas": "4", "nomeacoes": "12"})["result"]
    assert "seriam 5ª e 10ª" in res["headline"]
    assert res["headline"] in page.inner_text("#ordem-resultado")


PRINTED = Path(__file__).resolve().parents[2] / "docs" / "assets" / "editais"


def test_tables_as_editais_print_them_pasted_with_the_vagas_option(ctx, server):
    """Each layout of docs/edital.md pasted as is (the TSV as Excel copies it): the page shows Python's
    cargos and notes; the lone VAGAS column's meaning is the form's choice, and a choice the table does
    not allow is refused next to it."""
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "ubatuba")
    page.check("#edital-modo-colar")
    for name, choice in (("total-e-partes.csv", ""), ("partes.csv", ""), ("colado-do-excel.tsv", ""),
                         ("vagas.csv", ""), ("vagas.csv", "ampla")):
        table = (PRINTED / name).read_text(encoding="utf-8")
        page.select_option("#edital-vagas_sao", choice)
        page.fill("#edital-csv", table)
        page.evaluate("document.querySelector('#edital-resultado').removeAttribute('data-origem')")
        page.click("#form-edital button[type=submit]")
        wait_result(page)
        req = {"command": "edital", "norma": "ubatuba", "csv": table}
        if choice:
            req["vagas_sao"] = choice
        res = handle(req)["result"]
        names = page.eval_on_selector_all("#edital-tabela tbody th", "hs => hs.map(h => h.textContent)")
        assert names == [c["cargo"] for c in res["cargos"]], name
        text = page.inner_text("#edital-resultado")
        assert res["headline"] in text
        for w in res["warnings"]:
            if w["code"].startswith(("tabela_", "edital_vagas_outra_leitura")):
                assert w["message"] in text, (name, w["code"])
        if name == "vagas.csv":
            noted = "edital_vagas_outra_leitura" in [w["code"] for w in res["warnings"]]
            assert noted == (choice == ""), choice
            assert ("Lida como as vagas de ampla concorrência" in text) == (choice == "")
    # the table already says what each column counts: "ampla" is refused next to the choice
    page.select_option("#edital-vagas_sao", "ampla")
    page.fill("#edital-csv", (PRINTED / "total-e-partes.csv").read_text(encoding="utf-8"))
    page.click("#form-edital button[type=submit]")
    page.wait_for_function("!document.querySelector('#edital-vagas_sao-erro').hidden", timeout=PY_TIMEOUT)
    assert "única coluna de vagas" in page.inner_text("#edital-vagas_sao-erro")


def test_a_shared_link_with_huge_nominations_answers_within_the_budget(ctx, server):
    """The review's H2: a shared link of 300 cargos with about 10¹⁵ nominations each (9 KB) crashed the tab
    (100,000 positions per cargo). The edital lists one budget of positions over all cargos: a link of 200
    such cargos (6 KB, within what a link carries) answers, every cargo in its table, and says where the list
    was cut."""
    from urllib.parse import quote

    rows = "cargo;vagas;nomeacoes\n" + "".join(f"Cargo {i};{13 + i};{10**15 - i}\n" for i in range(200))
    assert len(rows) <= 8000
    page = open_calculator(ctx, server, f"?ferramenta=edital&norma=ubatuba&tabela={quote(rows)}#edital")
    wait_result(page)
    assert page.locator("#edital-tabela tbody tr").count() == 200
    assert "listadas até 100.000 no edital inteiro" in page.inner_text("#edital-resultado")
    assert page.locator("#calc-link-erro").count() == 0


def test_a_link_past_what_a_link_carries_is_not_run(ctx, server):
    """The review's 300-cargo link (9 KB of table): past the 8,000 characters a link carries (nginx's default
    request line), the page says so where the answer goes and computes nothing: no Python is fetched."""
    from urllib.parse import quote

    context, guard = ctx
    rows = "cargo;vagas;nomeacoes\n" + "".join(f"Cargo {i};{13 + i};{10**15 - i}\n" for i in range(300))
    page = open_calculator(ctx, server, f"?ferramenta=edital&norma=ubatuba&tabela={quote(rows)}#edital")
    page.wait_for_selector('#edital-resultado[data-origem="link-grande"]')
    text = page.inner_text("#edital-resultado")
    assert f"tabela de {len(rows):,} caracteres".replace(",", ".") in text and "8.000" in text
    assert page.input_value("#edital-csv") == ""
    assert not any("pyodide" in u for u in guard.requests)


def test_the_worker_refuses_a_file_past_the_limit_before_reading_it(ctx, server):
    """The worker itself refuses a file or request past calculator/csv/text.py's MAX_CSV_BYTES with one
    pt-BR message, before it reads the file and without waiting for Python (any sender, not only the
    page's checks)."""
    from calculator.csv import text as csvtext

    context, guard = ctx
    held = []  # the runtime never arrives: a reply proves the worker did not wait for Python
    context.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    page = open_calculator(ctx, server)
    replies = page.evaluate("""async (limit) => {
        const worker = new Worker("assets/calculadora/worker.js", { type: "module" });
        const ask = (message) => new Promise((resolve) => {
          const take = (e) => { if (e.data.id === message.id) { worker.removeEventListener("message", take);
                                                                 resolve(e.data); } };
          worker.addEventListener("message", take);
          worker.postMessage(message);
        });
        const file = new File([new Uint8Array(limit + 1)], "grande.csv");
        const out = [await ask({ type: "simular", id: 1, request: { command: "simular" }, file, size: 50 }),
                     await ask({ type: "api", id: 2, request: "x".repeat(limit * 2) })];
        worker.terminate();
        return out;
    }""", csvtext.MAX_CSV_BYTES)
    for reply in replies:
        answer = json.loads(reply["response"])
        assert answer["ok"] is False and answer["error"]["field"] == "csv"
        assert answer["error"]["message"].startswith("O arquivo passa de 50 MB")
    for route in held:
        route.abort()


def test_the_table_as_printed_pasted_and_uploaded(ctx, server):
    """Issue 31: the sample of docs/edital.md (sections, an Área column, requisitos and salary, "03 + CR",
    "12¹", a total row) pasted as is and uploaded as a Windows-1252 file: the page shows Python's cargos
    under their section headings, the steps that set columns aside, the table's notes, and a status that
    flips under the other rounding qualified beside it."""
    text = (PRINTED / "como-impresso.csv").read_text(encoding="utf-8")
    req = {"command": "edital", "norma": "lins", "percentual": "20", "data_edital": "2024-06-01",
           "vinculo": "emprego", "csv": text}
    res = handle(req)["result"]
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "lins")
    type_into(page, "#edital-percentual", "20")
    page.select_option("#edital-vinculo", "emprego")
    page.fill("#edital-data_edital", "2024-06-01")
    page.check("#edital-modo-colar")
    for source in ("colar", "arquivo"):
        if source == "colar":
            page.fill("#edital-csv", text)
        else:
            page.fill("#edital-csv", "")
            page.set_input_files("#edital-arquivo", files=[{"name": "edital.csv", "mimeType": "text/csv",
                                                            "buffer": text.encode("cp1252")}])
            page.wait_for_function("document.querySelector('#edital-csv').value.includes('12¹')")
        page.evaluate("document.querySelector('#edital-resultado').removeAttribute('data-origem')")
        page.click("#form-edital button[type=submit]")
        wait_result(page)
        rows = page.eval_on_selector_all(
            "#edital-tabela tbody tr",
            "rs => rs.map(r => [r.className, [...r.cells].map(c => c.textContent.trim())])")
        expected, section = [], None
        for c in res["cargos"]:
            if c["section"] != section:
                section = c["section"]
                expected.append(("calc-secao", section))
            expected.append(("", c["cargo"]))
        assert [(cls, cells[0]) for cls, cells in rows] == expected, source
        shown = page.inner_text("#edital-resultado")
        assert res["headline"] in shown
        for s in res["steps"][:2]:
            assert s["text"] in shown
        for w in res["warnings"]:
            if w["code"].startswith("tabela_"):
                assert w["message"] in shown, (source, w["code"])
        flips = [c for c in res["cargos"] if c["status_note"]]
        assert flips
        for c in flips:
            [cells] = [cells for _, cells in rows if cells[0] == c["cargo"]]
            assert c["status_note"] in cells[4]


def test_a_table_copied_from_a_pdf_pasted_as_it_comes(ctx, server):
    """Issue 32, item 1: the sample of docs/edital.md copied from a PDF (columns apart by runs of spaces, the
    edital's title before, a requisitos table after, a name over two lines), pasted as it comes: the page
    shows the cargos and the answer Python gives for the same text (calculator/csv/layout.py)."""
    text = (PRINTED / "copiado-do-pdf.txt").read_text(encoding="utf-8")
    req = {"command": "edital", "norma": "ubatuba", "data_edital": "2014-09-01", "csv": text}
    res = handle(req)["result"]
    assert "Agente Comunitário de Saúde" in [c["cargo"] for c in res["cargos"]]
    page = open_calculator(ctx, server)
    wait_python(page)
    page.select_option("#edital-norma", "ubatuba")
    page.fill("#edital-data_edital", "2014-09-01")
    page.check("#edital-modo-colar")
    page.fill("#edital-csv", text)
    page.click("#form-edital button[type=submit]")
    wait_result(page)
    shown = page.eval_on_selector_all("#edital-tabela tbody tr:not(.calc-secao)",
                                      "rs => rs.map(r => r.cells[0].textContent.trim())")
    assert shown == [c["cargo"] for c in res["cargos"]]
    assert res["headline"] in page.inner_text("#edital-resultado")
