"""Tables of cargos as editais print them (calculator/csv/cargos.py): the layouts recognised from the
header, the
meaning of a lone VAGAS column, dashes, CR, total lines, Excel's TSV and ";" CSV, blanks and duplicates,
and the messages that name the edital's own options and lines.  The sample files of docs/edital.md are
the fixtures."""

from __future__ import annotations

import json

import pytest

from calculator.api import handle
from calculator.csv.cargos import read_cargos
from tests.support import ROOT, run_cli

SAMPLES = ROOT / "docs" / "assets" / "editais"


def cli(*args: str, stdin: bytes | None = None):
    return run_cli("calculator", *args, stdin=stdin)


def api(csv: str, **fields) -> dict:
    return json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba", "data_edital": "2020-03-02",
                                         "csv": csv, **fields})))


def result(csv: str, **fields) -> dict:
    out = api(csv, **fields)
    assert out["ok"], out
    return out["result"]


def error(csv: str, **fields) -> dict:
    out = api(csv, **fields)
    assert not out["ok"], out
    return out["error"]


def by_name(r: dict) -> dict:
    return {c["cargo"]: c for c in r["cargos"]}


def codes(ws: list[dict]) -> list[str]:
    return [w["code"] for w in ws]


def sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the layouts
def test_total_and_parts_with_cr_and_a_total_line():
    # Total | AC | PcD | Negros: each total is checked against its parts; "CR" and dashes are none; the
    # last line, "Total", is not a cargo.
    r = result(sample("total-e-partes.csv"))
    c = by_name(r)
    assert list(c) == ["Professor de Educação Básica I", "Enfermeiro", "Auxiliar de Serviços Gerais",
                       "Motorista"]
    assert [(x["vacancies"], x["announced"], x["pcd_vacancies"]) for x in r["cargos"]] == [
        (15, 3, 1), (6, 1, 1), (10, 2, 1), (0, 0, 0)]
    assert (r["totals"]["cargos"], r["totals"]["vacancies"], r["totals"]["reserved"]) == (4, 31, 6)
    w = {x["code"]: x for x in r["warnings"]}
    assert "Linha 6 (“Total”)" in w["tabela_linha_de_total"]["message"]
    assert "confere com a soma" in w["tabela_linha_de_total"]["message"]
    assert w["tabela_cadastro_reserva"]["message"].startswith("Linha 5: “CR”")
    assert r["steps"][0]["text"].startswith("Tabela lida pelas colunas “Total”, “AC”, “PcD”, “Negros”")


def test_parts_only_the_total_is_their_sum():
    r = result(sample("partes.csv"))
    assert [(x["vacancies"], x["announced"]) for x in r["cargos"]] == [(11, 2), (5, 1), (2, 0)]
    assert "o total de cada cargo é a soma" in r["steps"][0]["text"]


def test_parts_that_do_not_add_up_to_the_total_refuse_the_line():
    e = error("Cargo;Total;AC;PcD;Negros\nA;10;7;1;2\nB;10;7;1;1\n")
    assert e["field"] == "csv"
    assert e["message"] == ("Linha 3, coluna 2 (“Total”): o total (10) não é a soma das partes: AC 7 + PcD 1 "
                            "+ Negros 1 = 9. Confira a linha (ou deixe só o total ou só as partes).")


def test_lone_vagas_column_is_the_total_by_default_and_the_other_meaning_is_said():
    # As Ubatuba's Edital 002/2014 prints it (Enfermeiro 19 | 1 | 5): read as the total, 19 → 20% = 3,8 → 4
    # (art. 2º, § 3º), and the 5 announced are "acima"; read as ampla concorrência, 25 → 5: conforme.
    r = result(sample("vagas.csv"))
    enf = by_name(r)["Enfermeiro"]
    assert (enf["vacancies"], enf["reserved"], enf["announced"], enf["status"]) == (19, 4, 5, "acima")
    note = r["warnings"][0]
    assert note["code"] == "edital_vagas_outra_leitura" and note["kind"] == "interpretacao"
    assert note["message"].startswith("A coluna “VAGAS” foi lida como o total de vagas de cada cargo: assim, "
                                      "1 de 3 cargos fica conforme. Lida como as vagas de ampla concorrência")
    assert "todos os 3 cargos ficam conforme" in note["message"]
    assert "confira-a" in note["message"]
    # the other meaning, chosen: every cargo conforme, and no note (nothing fits better)
    r = result(sample("vagas.csv"), vagas_sao="ampla")
    assert [(c["vacancies"], c["status"]) for c in r["cargos"]] == [(25, "conforme"), (16, "conforme"),
                                                                    (5, "conforme")]
    assert "edital_vagas_outra_leitura" not in codes(r["warnings"])


def test_no_note_when_the_reading_already_fits_or_the_law_does_not_apply():
    assert "edital_vagas_outra_leitura" not in codes(result("cargo;vagas;reservadas\nA;10;2\n")["warnings"])
    late = result(sample("vagas.csv"), data_edital="2026-01-01")
    assert "edital_vagas_outra_leitura" not in codes(late["warnings"])


def test_the_other_meaning_read_as_ampla_points_back_to_the_total():
    r = result("CARGO;VAGAS;PcD;NEGROS\nEnfermeiro;19;1;5\n", vagas_sao="ampla")
    assert r["cargos"][0]["status"] == "conforme"
    r = result("CARGO;VAGAS;PcD;NEGROS\nEnfermeiro;19;1;4\n", vagas_sao="ampla")  # 24 → 5; 19 → 4
    note = next(w for w in r["warnings"] if w["code"] == "edital_vagas_outra_leitura")
    assert "lida como as vagas de ampla concorrência" in note["message"]
    assert "Lida como o total de vagas de cada cargo, o cargo fica conforme" in note["message"]


def test_vagas_sao_is_checked_and_named_as_the_editals_own_option():
    e = error(sample("total-e-partes.csv"), vagas_sao="ampla")
    assert e["field"] == "vagas_sao" and "única coluna de vagas" in e["message"]
    assert error("cargo;vagas\nA;1\n", vagas_sao="metade")["field"] == "vagas_sao"
    out = cli("edital", "--norma", "ubatuba", "--vagas-sao", "metade", "-", stdin=b"cargo;vagas\nA;1\n")
    assert out.returncode == 2 and out.stdout == b""
    assert out.stderr.decode().rstrip().endswith("(opção --vagas-sao)")


@pytest.mark.parametrize(("header", "column"), [
    ("Cargo;Vagas totais;Ampla concorrência;Deficientes;Negros, índios e quilombolas", None),
    ("CARGO;TOTAL;AC;PNE;NIQ", None),
    ("Cargo;Vagas*;A.C.;Pessoas com deficiência;Cotas raciais", None),
    ("Cargo;Vagas (1);Ampla;PcD;PPI", None),
    ("Cargo Público;N.º de Vagas;AC;Vagas reservadas a PcD;Vagas reservadas a negros", None),
])
def test_header_synonyms(header, column):
    r = result(f"{header}\nAnalista;10;7;1;2\n")
    c = r["cargos"][0]
    assert (c["vacancies"], c["announced"], c["pcd_vacancies"]) == (10, 2, 1)


def test_excel_pasted_tsv_with_a_comma_in_a_header_and_excel_br_semicolon_csv():
    r = result(sample("colado-do-excel.tsv"))
    assert [(c["cargo"], c["vacancies"], c["announced"]) for c in r["cargos"]] == [
        ("Oficial Administrativo", 10, 2), ("Fiscal de Tributos", 3, 1), ("Psicólogo", 0, 0)]
    data = "Cargo;Vagas;PcD;Negros\r\nTécnico de Segurança;5;–;1\r\n".encode("windows-1252")
    out = cli("edital", "--norma", "ubatuba", "--json", "-", stdin=data)
    assert out.returncode == 0, out.stderr
    c = json.loads(out.stdout)["cargos"][0]
    assert (c["cargo"], c["vacancies"], c["announced"], c["pcd_vacancies"]) == (
        "Técnico de Segurança", 5, 1, 0)


def test_dash_and_empty_cells():
    # a dash is none; an empty part in a sum of parts is none; an empty reservadas cell in a table without
    # parts is "not said" (no status), as before
    r = result("Cargo;AC;PcD;Negros\nA;4;;1\nB;3;-;\n")
    assert [(c["vacancies"], c["announced"], c["pcd_vacancies"]) for c in r["cargos"]] == [
        (5, 1, 0), (3, 0, 0)]
    r = result("cargo;vagas;reservadas\nA;5;\nB;5;-\nC;-;\n")
    assert [(c["vacancies"], c["announced"], c["status"]) for c in r["cargos"]] == [
        (5, None, None), (5, 0, "abaixo"), (0, None, None)]


# --------------------------------------------------------------------------- total lines (N5)
@pytest.mark.parametrize("name", ["Total", "TOTAL GERAL", "Total:", "Soma", "Subtotal", "TOTAIS",
                                  # the review's M4: a footnote mark, parentheses, letters spaced out
                                  "Total*", "TOTAL¹", "(Total)", "T O T A L", "Total (1)", "Total Geral*"])
def test_a_total_line_is_not_a_cargo(name):
    r = result(f"cargo;vagas;reservadas\nProfessor;13;3\nMedico;5;1\n{name};18;4\n")
    assert (r["totals"]["cargos"], r["totals"]["vacancies"], r["totals"]["reserved"]) == (2, 18, 4)
    assert r["warnings"][0]["code"] == "tabela_linha_de_total"


@pytest.mark.parametrize("name", ["Totalizador de dados", "T I", "Subtotalmente", "A B C"])
def test_a_cargo_named_like_a_total_stays_a_cargo(name):
    r = result(f"cargo;vagas;reservadas\nProfessor;13;3\n{name};5;1\n")
    assert r["totals"]["cargos"] == 2


def test_a_total_line_that_does_not_match_is_reported_with_its_line():
    # the reviewers' total.csv, with a wrong total: the figures are those of the cargos, and the line is named
    r = result("cargo;vagas;reservadas\nProfessor;13;3\nMedico;5;1\nTotal;20;4\n")
    assert r["totals"]["vacancies"] == 18
    w = r["warnings"][0]
    assert (w["code"], w["kind"]) == ("tabela_total_nao_confere", "conflito")
    assert w["message"].startswith("Linha 4 (“Total”)")
    assert "vagas: 20 na linha, 18 somando os cargos" in w["message"]
    text = cli("edital", "--norma", "ubatuba", "-",
               stdin=b"cargo;vagas;reservadas\nProfessor;13;3\nMedico;5;1\nTotal;18;4\n").stdout.decode()
    assert "2 cargos · 18 vagas" in text and "Linha 4 (“Total”)" in text


def test_subtotals_per_group_match_their_own_rows():
    r = result("cargo;vagas\nA;3\nB;2\nSubtotal;5\nC;4\nSubtotal;4\nTotal geral;9\n")
    assert r["totals"]["vacancies"] == 9
    assert codes(r["warnings"])[:3] == ["tabela_linha_de_total"] * 3


# --------------------------------------------------------------------------- blanks and duplicates (N15)
@pytest.mark.parametrize("cell", ["3\x1c", "3\x1f", "3\x85", "\x1e3"])
def test_cells_with_separator_controls_are_refused_as_rules_blanks_says(cell):
    e = error(f"cargo;vagas\nA;{cell}\n")
    assert e["message"].startswith(
        "Linha 2, coluna 2 (“vagas”): o número de vagas deve ser um número inteiro")


def test_blanks_around_a_number_are_accepted():
    assert result("cargo;vagas\nA; 3\u00a0\n")["cargos"][0]["vacancies"] == 3


@pytest.mark.parametrize("pair", [("Professor α", "Professor β"), ("医生 A", "护士 A"),
                                  ("Nível 1/2", "Nível 1-2"), ("C--", "C")])
def test_distinct_letters_and_signs_are_distinct_cargos(pair):
    r = result(f"cargo;vagas\n{pair[0]};3\n{pair[1]};4\n")
    assert [c["cargo"] for c in r["cargos"]] == list(pair)


@pytest.mark.parametrize("pair", [("Matemática", "matematica"),
                                  ("Professor  de Artes", "professor de artes")])
def test_case_accents_and_spacing_still_repeat_a_cargo(pair):
    e = error(f"cargo;vagas\n{pair[0]};3\n{pair[1]};4\n")
    assert "repete o da linha 2" in e["message"]


# --------------------------------------------------------------------------- the edital's own messages (N13)
def test_a_file_over_the_limit_is_called_the_table_of_cargos():
    out = cli("edital", "--norma", "ubatuba", "/dev/zero")
    err = out.stderr.decode()
    assert out.returncode == 2 and "tabela de cargos" in err
    assert "simulação" not in err and "candidatos" not in err


def test_a_sum_over_the_limit_names_the_line_and_no_other_tools_option():
    out = cli("edital", "--norma", "ubatuba", "-", stdin=b"cargo;vagas\nA;1000000000000000\nB;1\n")
    err = out.stderr.decode()
    assert out.returncode == 2 and err.startswith("erro: Linha 3: somadas até esta linha")
    assert "--vagas" not in err


def test_a_bar_separator_is_said_to_be_unsupported():
    e = error("cargo|vagas\nA|3\n")
    assert "O separador “|” não é aceito" in e["message"]


def test_reader_streams_lines_and_keeps_its_answer_for_crlf_padding():
    data = b"cargo;vagas\r\nA;3\r\n" + b"\r\n" * 100_000 + b"B;4\r\n"
    table = read_cargos(data)
    assert [(c.name, c.vacancies, c.line) for c in table.rows] == [("A", 3, 2), ("B", 4, 100_003)]


def test_cli_json_written_in_pieces_is_the_apis_json_byte_for_byte():
    # 1,500 cargos: the cargos and the names a shared warning lists (over jsonout.LONG) are written item
    # by item; the bytes are still those of api.dumps
    table = "cargo;vagas;reservadas\n" + "".join(f"Cargo {i};{i % 23};{min(i % 4, i % 23)}\n"
                                                 for i in range(1500))
    out = cli("edital", "--norma", "ubatuba", "--json", "-", stdin=table.encode())
    assert out.returncode == 0, out.stderr
    expected = result(table, data_edital=None)
    assert any(len(w.get("cargos") or []) > 1000 for w in expected["warnings"])
    assert out.stdout.decode().rstrip("\n") == json.dumps(expected, ensure_ascii=False, sort_keys=True)


# --------------------------------------------------------------------------- every answer shows its framing
def test_one_cargo_shows_the_validity_and_percentage_steps_in_the_text_as_many_do():
    for table in (b"cargo;vagas;reservadas\nMedico;5;1\n", b"cargo;vagas;reservadas\nMedico;5;1\nB;13;3\n"):
        text = cli("edital", "--norma", "ubatuba", "--data-edital", "2020-01-01", "-",
                   stdin=table).stdout.decode()
        steps = text.split("Passo a passo (concurso):")[1].split("Avisos:")[0]
        assert "Edital publicado durante a vigência de 10 anos: a lei se aplica." in steps
        assert "Percentual: 20%" in steps
    one = result("cargo;vagas;reservadas\nMedico;5;1\n", data_edital="2020-01-01")
    assert not any(s["text"].startswith("Percentual") for s in one["cargos"][0]["steps"])
    assert any("20% de 5 = 1" in s["text"] for s in one["cargos"][0]["steps"] + one["steps"])


def test_rows_of_a_norm_that_does_not_apply_say_so():
    r = result("cargo;vagas;reservadas\nMedico;5;0\nB;2;0\nC;4;1\n", data_edital="2026-01-01")
    assert [c["status"] for c in r["cargos"]] == ["nao_se_aplica", "nao_se_aplica", "reserva_voluntaria"]
    assert r["totals"]["status_counts"]["nao_se_aplica"] == 2
    text = cli("edital", "--norma", "ubatuba", "--data-edital", "2026-01-01", "-",
               stdin=b"cargo;vagas;reservadas\nMedico;5;0\n").stdout.decode()
    assert "não se aplica" in text.split("Medico")[1].splitlines()[0] and "conforme" not in text


# --------------------------------------------------------------------------- columns not read (M5)
def test_a_column_not_recognised_is_named_not_dropped_in_silence():
    """A part the header does not name (here "Masculino") would shrink a total made of the parts: the column
    is named, and no cargo is called "conforme" on the total read (issue 31)."""
    r = result("cargo;AC;PcD;Negros;Masculino\nA;7;1;2;3\n")
    w = {x["code"]: x for x in r["warnings"]}["tabela_coluna_ignorada"]
    assert "a coluna 5 (“Masculino”) não foi reconhecida e não foi lida" in w["message"]
    assert "a situação dos cargos não é julgada" in w["message"]
    assert r["totals"]["vacancies"] == 10  # what was read, and said so
    assert r["cargos"][0]["announced"] == 2 and r["cargos"][0]["status"] is None
    assert r["totals"]["status"] is None and r["totals"]["status_counts"]["conforme"] == 0
    # with the total printed, or a column without numbers, the total is the edital's: judged as always
    for table in ("cargo;Total;AC;PcD;Negros;Masculino\nA;10;7;1;2;3\n",
                  "cargo;AC;PcD;Negros;Anotação\nA;7;1;2;x\n"):
        r = result(table)
        assert r["cargos"][0]["status"] == "conforme", table
        ignored = {x["code"]: x for x in r["warnings"]}["tabela_coluna_ignorada"]
        assert "não é julgada" not in ignored["message"]


@pytest.mark.parametrize("header", ["Vagas reservadas para negros", "Reserva negros",
                                    "Cotas raciais (negros)"])
def test_the_reviews_headings_of_the_reserve_are_read(header):
    r = result(f"cargo;vagas;{header}\nA;10;2\n")
    assert r["cargos"][0]["announced"] == 2 and r["cargos"][0]["status"] == "conforme"
    assert "tabela_coluna_ignorada" not in [w["code"] for w in r["warnings"]]


def test_an_unread_column_that_looks_like_the_reserve_says_the_status_is_not_checked():
    r = result("cargo;vagas;Cotas PPI (art. 2)\nA;10;2\n")
    assert r["cargos"][0]["status"] is None
    w = {x["code"]: x for x in r["warnings"]}["tabela_coluna_ignorada"]
    assert "parece ser a da reserva racial" in w["message"] and "“reservadas”" in w["message"]


def test_an_empty_vacancies_cell_is_said_to_be_empty():
    """The review's L8: an empty vacancies cell is read as 0 (cadastro de reserva), and a warning names the
    rows and says why it matters (a merged cell copied from a PDF comes out empty)."""
    res = json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba",
                                        "csv": "cargo;vagas\nA;\nB;4\nC;\n"})))["result"]
    notes = [w for w in res["warnings"] if w["code"] == "tabela_vagas_vazias"]
    assert len(notes) == 1 and notes[0]["message"].startswith("Linhas 2, 4: a célula de vagas está vazia")
    assert "mesclada" in notes[0]["message"]
    full = json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba",
                                         "csv": "cargo;vagas\nA;2\nB;4\n"})))["result"]
    assert "tabela_vagas_vazias" not in [w["code"] for w in full["warnings"]]


def test_a_control_character_in_a_cell_is_named_and_utf32_is_called_utf32():
    out = cli("edital", "--norma", "ubatuba", "-", stdin=b"cargo;vagas\nA;3\x1c\n")
    assert out.returncode == 2 and "não “3<U+001C>”" in out.stderr.decode()
    out = cli("edital", "--norma", "ubatuba", "-", stdin="cargo;vagas\nA;3\n".encode("utf-32"))
    assert out.returncode == 2 and "está em UTF-32" in out.stderr.decode()


def test_a_mac_roman_file_is_refused_by_name():
    """The review's L8: "Médico" saved as Mac Roman reads as "MŽdico" in Windows-1252; refused, naming the
    word, while a Windows-1252 file with accents and typographic quotes is read."""
    out = cli("edital", "--norma", "ubatuba", "-", stdin="cargo;vagas\nMédico;3\n".encode("mac_roman"))
    assert out.returncode == 2 and out.stdout == b""
    assert "Linha 2: o arquivo parece estar em Mac Roman (“MŽdico”" in out.stderr.decode()
    ok = cli("edital", "--norma", "ubatuba", "-", stdin="cargo;vagas\nMédico “clínico”;3\n".encode("cp1252"))
    assert ok.returncode == 0, ok.stderr.decode()


def test_numbers_as_editais_print_them_n_plus_cr_and_footnote_marks():
    """Issue 31: "02 + CR" is 2 vacancies and a cadastro de reserva; "5*", "3¹" and "2 (1)" are the number,
    with a warning naming the rows and the cells as printed (the note may move part of them elsewhere)."""
    csv = "cargo;vagas\nA;5*\nB;02 + CR\nC;3¹\nD;2 (1)\nE;CR\nF;4+cr\n"
    res = json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba", "csv": csv})))["result"]
    assert [c["vacancies"] for c in res["cargos"]] == [5, 2, 3, 2, 0, 4]
    w = {x["code"]: x["message"] for x in res["warnings"]}
    assert w["tabela_cadastro_reserva"].startswith("Linhas 3, 6, 7: “CR”")
    assert w["tabela_marcas_de_nota"].startswith("Linhas 2, 4, 5: números com marca de nota (“5*”, “3¹”, "
                                                 "“2 (1)”) lidos sem a marca")
    # the same table on the CLI; a mark on something that is not a number is still refused
    assert cli("edital", "--norma", "ubatuba", "-", stdin=csv.encode()).returncode == 0
    out = cli("edital", "--norma", "ubatuba", "-", stdin=b"cargo;vagas\nA;x*\n")
    assert out.returncode == 2 and "não “x*”" in out.stderr.decode()


def _edital(csv: str, norm: str = "lins", **options) -> dict:
    req = {"command": "edital", "norma": norm, "csv": csv, **options}
    if norm == "lins":
        req.setdefault("percentual", "20")
        req.setdefault("data_edital", "2024-06-01")
    return json.loads(handle(json.dumps(req)))


@pytest.mark.parametrize("header", ["Sexo Feminino", "mulheres", "Feminino", "Vagas femininas"])
def test_a_female_list_is_a_part_of_the_total(header):
    """Issue 31's severity-1 finding: in a parts-only table the female column (the Lins decree's Guarda,
    art. 6º, IV) was ignored, the total shrank from 18 to 14, the reserve with it (3 instead of 4), and a
    shortfall was reported as "conforme". Now it is a part: 18 vacancies, 4 required, 3 announced: abaixo."""
    res = _edital(f"cargo;ampla;pcd;negros;{header}\nGuarda;10;1;3;4\n")["result"]
    cargo = res["cargos"][0]
    assert (cargo["vacancies"], cargo["reserved"], cargo["status"]) == (18, 4, "abaixo")
    assert "tabela_coluna_ignorada" not in [w["code"] for w in res["warnings"]]


def test_a_female_list_with_the_total_is_not_refused():
    """With the total column the same table was refused (the total was not the sum of the parts read)."""
    answer = _edital("cargo;total;ampla;pcd;negros;mulheres\nGuarda;18;10;1;3;4\n")
    assert answer["ok"], answer
    assert answer["result"]["cargos"][0]["status"] == "abaixo"
    wrong = _edital("cargo;total;ampla;pcd;negros;mulheres\nGuarda;19;10;1;3;4\n")
    assert not wrong["ok"] and "mulheres 4 = 18" in wrong["error"]["message"]
    more = _edital("cargo;vagas;mulheres\nGuarda;3;4\n")
    assert not more["ok"] and "4 vagas para mulheres é mais que as 3 vagas" in more["error"]["message"]


@pytest.mark.parametrize(("pcd", "reserve"), [
    ("PcD (5%)", "Negros (20%)"), ("Candidatos deficientes", "Pessoas Negras"),
    ("Candidatos com deficiência", "PPIQ"), ("Deficientes", "Reserva Negros")])
def test_reserve_and_pcd_under_the_names_editais_print(pcd, reserve):
    """Headers the review found unrecognised: each is read, so the parts make the total and compliance is
    judged (20% of 13 = 2,6 → 3 in Ubatuba; 2 announced: abaixo)."""
    res = _edital(f"cargo;ampla;{pcd};{reserve}\nA;10;1;2\n", norm="ubatuba")["result"]
    cargo = res["cargos"][0]
    assert (cargo["vacancies"], cargo["announced"], cargo["pcd_vacancies"]) == (13, 2, 1)
    assert cargo["status"] == "abaixo"


def test_section_rows_are_titles_not_cargos():
    """Issue 31: heading rows ("NÍVEL MÉDIO", every other cell empty) became cargos of 0 vacancies and hid
    the "O edital anuncia…" line. They are titles, named in a warning; a row with its requisitos but no
    vacancies is still a cargo (cadastro de reserva, with the empty-cell warning), and in a two-column table
    an empty row stays a cargo."""
    csv = ("cargo;vagas;reservadas;requisitos\nNÍVEL MÉDIO;;;\nAgente;10;2;Médio\nNÍVEL SUPERIOR NA ÁREA DE "
           "SAÚDE;;;\nMédico;5;1;Superior\nPsicólogo;;0;Superior\n")
    res = json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba", "csv": csv})))["result"]
    assert [c["cargo"] for c in res["cargos"]] == ["Agente", "Médico", "Psicólogo"]
    w = {x["code"]: x["message"] for x in res["warnings"]}
    assert w["tabela_titulos_de_secao"].startswith("Linhas 2, 4: lidas como títulos de seção")
    assert "“NÍVEL MÉDIO”, “NÍVEL SUPERIOR NA ÁREA DE SAÚDE”" in w["tabela_titulos_de_secao"]
    assert w["tabela_vagas_vazias"].startswith("Linha 6:")
    text = cli("edital", "--norma", "ubatuba", "-", stdin=csv.encode()).stdout.decode()
    assert "O edital anuncia 3 vagas reservadas" in text
    two = json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba",
                                        "csv": "cargo;vagas\nA;\nB;4\n"})))["result"]
    assert [c["cargo"] for c in two["cargos"]] == ["A", "B"]


@pytest.mark.parametrize(("header", "second"), [
    ("Emprego;Área", "Área"), ("Cargo;Especialidade", "Especialidade"), ("Cargo;Lotação", "Lotação")])
def test_an_area_column_is_joined_to_the_cargo(header, second):
    """Issue 31: "Emprego | Área | Vagas" (one emprego split by area or place) was refused as "cargo
    repetido". The area is joined to the name, said in a warning, and each is a line of the table."""
    csv = f"{header};Vagas\nAnalista;Contábil;5\nAnalista;Jurídica;3\nTécnico;;10\n"
    res = json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba", "csv": csv})))["result"]
    assert [c["cargo"] for c in res["cargos"]] == ["Analista — Contábil", "Analista — Jurídica", "Técnico"]
    assert res["totals"]["vacancies"] == 18
    note = {w["code"]: w["message"] for w in res["warnings"]}["tabela_area_juntada"]
    assert note.startswith(f"A coluna “{second}” foi juntada ao nome do cargo")
    again = f"{header};Vagas\nAnalista;Contábil;5\nAnalista;contabil;3\n"
    refused = json.loads(handle(json.dumps({"command": "edital", "norma": "ubatuba", "csv": again})))
    assert not refused["ok"] and "repete o da linha 2" in refused["error"]["message"]


def test_the_only_the_parts_hint_is_not_given_when_a_column_was_not_read():
    """Issue 31: with a part the reader does not know, the refusal's "deixe só as partes" would lead to a
    total without it; the message names the column instead."""
    out = cli("edital", "--norma", "ubatuba", "-",
              stdin=b"cargo;total;ampla;pcd;negros;masculino\nG;18;10;1;3;4\n")
    message = out.stderr.decode()
    assert out.returncode == 2 and "A coluna “masculino” não foi lida" in message
    assert "só as partes" not in message
    out = cli("edital", "--norma", "ubatuba", "-", stdin=b"cargo;total;ampla;pcd;negros\nG;18;10;1;3\n")
    assert "ou deixe só o total ou só as partes" in out.stderr.decode()


def test_the_table_as_printed_is_read_whole():
    """Issue 31, item 2: the sample of docs/edital.md — section titles, an Área column, requisitos, jornada
    and salary, shares and footnote marks in the header, "CR", "03 + CR", "12¹" and a total row — read as
    printed: five cargos, each under its section, the columns that never count vacancies said in the steps
    (not warned as unread), and the total row matching the sum."""
    data = (SAMPLES / "como-impresso.csv").read_bytes()
    req = {"command": "edital", "norma": "lins", "percentual": "20", "data_edital": "2024-06-01",
           "vinculo": "emprego", "csv": data.decode("utf-8")}
    res = json.loads(handle(json.dumps(req)))["result"]
    cargos = [(c["section"], c["cargo"], c["vacancies"], c["announced"]) for c in res["cargos"]]
    assert cargos == [
        ("NÍVEL MÉDIO", "Agente Comunitário de Saúde — Zona Norte", 5, 1),
        ("NÍVEL MÉDIO", "Agente Comunitário de Saúde — Zona Sul", 3, 1),
        ("NÍVEL MÉDIO", "Auxiliar Administrativo — Sede", 12, 3),
        ("NÍVEL SUPERIOR", "Enfermeiro — Sede", 4, 1),
        ("NÍVEL SUPERIOR", "Psicólogo — Sede", 0, 0)]
    steps = [s["text"] for s in res["steps"]]
    # every column is placed: the headers that matched, as printed, then those set aside
    assert steps[0].startswith("Tabela lida pelas colunas “EMPREGO PÚBLICO”, “ÁREA”, “VAGAS*”, “PcD (5%)”, "
                               "“NEGROS (20%)”: uma coluna de vagas")
    assert ("Colunas que não contam vagas, deixadas de lado: “REQUISITOS”, “JORNADA”, “VENCIMENTO (R$)”."
            in steps)
    assert any(s.startswith("Títulos de seção, não contados como cargos: “NÍVEL MÉDIO” (linha 2)")
               for s in steps)
    codes = {w["code"] for w in res["warnings"]}
    assert "tabela_coluna_ignorada" not in codes
    assert {"tabela_linha_de_total", "tabela_cadastro_reserva", "tabela_marcas_de_nota",
            "tabela_titulos_de_secao", "tabela_area_juntada"} <= codes
    assert res["totals"]["vacancies"] == 24 and res["totals"]["announced"] == 6
    text = cli("edital", "--norma", "lins", "--percentual", "20", "--data-edital", "2024-06-01", "--vinculo",
               "emprego", str(SAMPLES / "como-impresso.csv")).stdout.decode()
    table = text[text.index("Cargo "):text.index("Total (soma")]
    assert table.index("NÍVEL MÉDIO\n") < table.index("Agente") < table.index("NÍVEL SUPERIOR\n") \
        < table.index("Enfermeiro")


def test_a_salary_column_does_not_leave_a_parts_only_table_unjudged():
    """A parts-only table with a salary column (numbers) was left unjudged (the column might be a part of
    the total); a column that never counts vacancies, by its header, is set aside, and the cargos are
    judged.  A column no name places still leaves it unjudged."""
    csv = "cargo;ampla;pcd;negros;vencimento\nAgente;8;0;2;2.150,00\n"
    res = result(csv)
    assert res["cargos"][0]["status"] == "conforme" and res["cargos"][0]["vacancies"] == 10
    unknown = result("cargo;ampla;pcd;negros;extras\nAgente;8;0;2;3\n")
    assert unknown["cargos"][0]["status"] is None
    assert "tabela_coluna_ignorada" in {w["code"] for w in unknown["warnings"]}
