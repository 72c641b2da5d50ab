"""casos.toml, each norm folder's readable expected cases (laws/cases/): every case of the corpus and of the
fixture norms holds, one test per case; together they cite every provision the calculator's answers apply;
and the runner refuses a malformed file, or a wrong expectation, naming the file and the line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from laws import cases

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted(p.parent for p in (ROOT / "laws").glob("*/norma.toml"))
FIXTURES = sorted(p.parent for p in (ROOT / "tests" / "fixtures" / "normas").glob("*/norma.toml"))
EXAMPLE = ROOT / "tests" / "fixtures" / "normas" / "exemplo"


def _all_cases() -> list:
    out = []
    for folder in [*CORPUS, *FIXTURES]:
        found, problems = cases.read(folder)
        if problems:  # the file itself is wrong: one failing test names it
            out.append(pytest.param(folder, None, problems, id=f"{folder.name}:{cases.FILENAME}"))
        out += [pytest.param(folder, case, [], id=f"{folder.name}:{case.name}") for case in found]
    return out


@pytest.mark.parametrize(("folder", "case", "problems"), _all_cases())
def test_each_case_of_each_norm_holds(folder, case, problems):
    assert problems == []
    answer, = cases.ask_here([case.request(folder.name)])
    wrong = cases.compare(case, folder.name, answer)
    assert wrong == [], f"{folder.name}/{cases.FILENAME}:{case.line}: caso {case.name!r}: {wrong}"


def test_every_norm_has_its_cases():
    for folder in [*CORPUS, *FIXTURES]:
        found, problems = cases.read(folder)
        assert problems == [] and found, folder
        assert len(found) >= (cases.CORPUS_MINIMUM if folder in CORPUS else 5), folder
        assert {c.inputs["comando"] for c in found} == set(cases.COMMANDS), folder


def _emitted_basis(folder: Path) -> set[str]:
    """The provisions the calculator's reserva and ordem answers cite (their ``basis``) for a sample of
    questions: vacancies around the minimums and roundings, every vínculo and reading, and editais from
    before the norm to long after it."""
    from calculator.api import handle

    slug = folder.name
    registry = tomllib.loads((folder / "norma.toml").read_text(encoding="utf-8"))
    percent = registry.get("percent", {}).get("example")
    scopes = list(registry.get("scopes", {}).get("names", {})) or [None]
    readings = [k for k in registry.get("readings", {}) if k not in ("default", "refusal")] or [None]
    year = int(registry["validity"]["start"][:4])
    dates = [None, registry["validity"]["start"], *(f"{y}-06-30" for y in range(year - 2, year + 25))]
    out = set()
    for n in (1, 2, 3, 4, 5, 7, 8, 10, 12, 13, 20):
        for scope in scopes:
            for command, choices in (("reserva", [None]), ("ordem", readings)):
                for reading in choices:
                    for day in dates:
                        request = {"command": command, "norma": slug, "vagas": str(n), "percentual": percent,
                                   "vinculo": scope, "leitura": reading, "data_edital": day}
                        answer = json.loads(handle(json.dumps({k: v for k, v in request.items() if v})))
                        if answer["ok"]:
                            out |= {b.partition(":")[2] for b in answer["result"]["basis"]}
    return out


@pytest.mark.parametrize("folder", [*CORPUS, *FIXTURES], ids=lambda f: f.name)
def test_the_cases_cite_every_provision_the_answers_apply(folder):
    """A provision the calculator applies (the basis of some reserva or ordem answer) has a case that a
    lawyer can read and check."""
    found, _ = cases.read(folder)
    cited = {pid for case in found for pid in case.expected.get("base", [])}
    assert _emitted_basis(folder) - cited == set()


# --- the runner refuses a malformed file, with the line ----------------------------------------------
GOOD = """# comentário
[[casos]]
nome = "10 vagas"
razao = "art. 1º, caput: 25% de 10 = 2,5 → 3"
entrada = { comando = "reserva", vagas = 10 }
esperado = { reservadas = 3 }

[[casos]]
nome = "Ordem"
razao = "art. 2º"
entrada = { comando = "ordem", vagas = 10 }
esperado = { posicoes = [2, 6, 10] }
"""


@pytest.mark.parametrize(("old", "new", "line", "message"), [
    ("vagas = 10 }\nesperado = { reservadas", "vagas = 10, vagass = 3 }\nesperado = { reservadas", 5,
     "caso “10 vagas”: chave desconhecida em entrada: “vagass” (aceitas: comando, vagas, percentual, "
     "data_edital, data_nomeacao, vinculo, leitura, nomeacoes)"),
    ('vagas = 10 }\nesperado = { reservadas', 'vagas = "10" }\nesperado = { reservadas', 5,
     "caso “10 vagas”: entrada.vagas deve ser um número inteiro (sem aspas), não o texto “10”"),
    ('razao = "art. 2º"\n', "", 8, "caso “Ordem”: falta razao (por quê, em uma linha, citando ou nomeando "
     "o dispositivo)"),
    ("esperado = { posicoes", 'interpretacao = "sim"\nesperado = { posicoes', 12,
     "caso “Ordem”: interpretacao deve ser true ou false, não o texto “sim”"),
    ("{ reservadas = 3 }", "{ reservadas = 3, posicoes = [3] }", 6,
     "caso “10 vagas”: esperado.posicoes só vale com comando = \"ordem\""),
    ("{ reservadas = 3 }", "{ reservadas = 3, recusa = \"x\" }", 6,
     "caso “10 vagas”: esperado.recusa vem sozinha: uma entrada recusada não tem reserva, posições nem base"),
    ("{ posicoes = [2, 6, 10] }", "{ posicoes = [6, 2] }", 12,
     "caso “Ordem”: esperado.posicoes deve listar números inteiros positivos, em ordem crescente, sem "
     "repetir"),
    ("{ reservadas = 3 }", '{ base = ["exemplo:art1_cpt"] }', 6,
     "caso “10 vagas”: esperado.base escreva o id sem o nome da norma: “art1_cpt”, não “exemplo:art1_cpt”"),
    ("{ reservadas = 3 }", '{ base = ["art9_cpt"] }', 6,
     "caso “10 vagas”: esperado.base: o dispositivo “art9_cpt” não existe em texto.txt"),
    ('nome = "Ordem"', 'nome = "10 vagas"', 8,
     "caso “10 vagas”: nome repetido (o mesmo da linha 2); cada caso precisa de um nome seu"),
    ("{ reservadas = 3 }", '{ manchete = "a\\u001b[2Jb" }', 6,
     "caso “10 vagas”: esperado.manchete tem o caractere de controle U+001B (escreva numa linha de texto "
     "simples)"),
    ("vagas = 10 }\nesperado = { reservadas", "vagas = 10, data_edital = \"2020-01-01\" }\nesperado = { "
     "reservadas", 5, "caso “10 vagas”: entrada.data_edital deve ser uma data AAAA-MM-DD sem aspas (ex.: "
     "2020-01-31), não o texto “2020-01-01”"),
    ("vagas = 10 }\nesperado = { reservadas", "vagas = 10, percentual = 25.5 }\nesperado = { reservadas", 5,
     'caso “10 vagas”: entrada.percentual deve ser um texto, com vírgula, ou um número inteiro: escreva '
     '"25,5", não 25.5'),
    ('comando = "ordem"', 'comando = "simular"', 11,
     "caso “Ordem”: entrada.comando deve ser reserva ou ordem, não “simular”"),
    ("# comentário", "titulo = \"x\"", 1,
     "chave desconhecida no topo do arquivo: “titulo” (o arquivo tem só [[casos]], um por caso)"),
    ("esperado = { reservadas = 3 }", "esperado = { reservadas = 3 ", 6,
     "TOML inválido (erro de sintaxe, coluna 29): confira aspas, colchetes, vírgulas e chaves repetidas"),
])
def test_a_malformed_case_is_refused_with_its_line(old, new, line, message):
    assert old in GOOD
    found, problems = cases.parse(GOOD.replace(old, new, 1), {"art1_cpt", "art2_cpt"})
    assert (found, problems) == ([], [(line, message)])


def test_the_good_file_reads_and_a_key_line_ignores_quoted_text():
    found, problems = cases.parse(GOOD, {"art1_cpt"})
    assert problems == [] and [(c.name, c.line) for c in found] == [("10 vagas", 2), ("Ordem", 8)]
    assert found[0].request("exemplo") == {"norma": "exemplo", "command": "reserva", "vagas": "10"}
    # a key named inside a quoted text is not the key: the line is the one that sets it
    text = GOOD.replace('razao = "art. 2º"', 'razao = "art. 2º (vagas = 3)"').replace(
        "{ comando = \"ordem\", vagas = 10 }", "{ comando = \"ordem\", vagas = 0 }")
    assert cases.parse(text)[1] == [(11, "caso “Ordem”: entrada.vagas deve ir de 1 a 100.000")]


def test_a_case_header_inside_a_multiline_text_is_not_a_case():
    text = 'x = """\n[[casos]]\n"""\n[[casos]]\nnome = 1\n'
    assert cases.case_lines(text) == [4]


def test_bounds_size_encoding_and_count(tmp_path):
    folder = tmp_path / "n"
    folder.mkdir()
    assert cases.read(folder) == ([], [])  # no file: no cases, no problem
    (folder / cases.FILENAME).write_bytes(b"# x\n" * (cases.MAX_BYTES // 4 + 1))
    assert cases.read(folder)[1] == [(None, "o arquivo passa de 256 KiB: um caso é uma pergunta e uma "
                                            "resposta curtas")]
    (folder / cases.FILENAME).write_bytes(b"[[casos]]\nnome = \"\xff\"\n")
    assert cases.read(folder)[1] == [(2, "o arquivo não está em UTF-8")]
    many = "".join(f'[[casos]]\nnome = "{i}"\n' for i in range(cases.MAX_CASES + 1))
    assert cases.parse(many)[1] == [(None, f"mais de {cases.MAX_CASES} casos: divida-os ou escolha os que "
                                           "ensinam mais")]
    assert cases.parse("a = " + "[" * 5000 + "]" * 5000)[1] in (
        [(None, "TOML com estruturas aninhadas demais")],
        [(1, "chave desconhecida no topo do arquivo: “a” (o arquivo tem só [[casos]], um por caso)")])


# --- the comparison: what a wrong expectation says -------------------------------------------------------
def _case(**expected) -> cases.Case:
    return cases.Case("c", "r", 7, {"comando": "ordem", "vagas": 13}, expected)


def test_each_wrong_expectation_names_what_was_expected_and_what_came():
    answer = {"ok": True, "result": {"reserved": 3, "positions": [3, 8, 13], "applies": None,
                                     "headline": "Nomeações: 3ª, 8ª e 13ª.", "basis": ["ubatuba:art7_cpt"],
                                     "warnings": [{"code": "ubatuba_ordem_interpretacao"}]}}
    right = _case(reservadas=3, posicoes=[3, 8, 13], aplica="indeterminado", manchete="8ª e 13ª",
                  base=["art7_cpt"], avisos=["ubatuba_ordem_interpretacao"])
    assert cases.compare(right, "ubatuba", answer) == []
    assert cases.compare(_case(reservadas=2, posicoes=[5, 10], aplica=True, manchete="quinta",
                               base=["art2_par3", "art7_cpt"], avisos=["x"]), "ubatuba", answer) == [
        "reservadas: esperado 2, a calculadora deu 3",
        "posicoes: esperado [5, 10], a calculadora deu [3, 8, 13]",
        'aplica: esperado true, a calculadora deu "indeterminado"',
        "manchete: a resposta não contém “quinta”; ela diz “Nomeações: 3ª, 8ª e 13ª.”",
        "base: a resposta não cita art2_par3 (cita: art7_cpt)",
        "avisos: a resposta não traz x (traz: ubatuba_ordem_interpretacao)"]
    refused = {"ok": False, "error": {"message": "vínculo não abrangido: '\x1b[2J'", "field": "vinculo"}}
    assert cases.compare(_case(recusa="vínculo não abrangido"), "ubatuba", refused) == []
    assert cases.compare(_case(reservadas=1), "ubatuba", refused) == [
        "a calculadora recusou a entrada: “vínculo não abrangido: '<U+001B>[2J'”"]
    assert cases.compare(_case(recusa="percentual"), "ubatuba", answer) == [
        "recusa: esperava a recusa “percentual”, mas a calculadora respondeu “Nomeações: 3ª, 8ª e 13ª.”"]


# --- laws check runs the cases -------------------------------------------------------------------------
def _laws_check(*folders: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    env = env if env is not None else {k: v for k, v in os.environ.items() if k != "COTAS_NORMAS_EXTRA"}
    return subprocess.run([sys.executable, "-m", "laws", "check", *map(str, folders)], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300)


def _copy(tmp_path: Path, old: str, new: str, name: str = cases.FILENAME, source: Path = EXAMPLE) -> Path:
    folder = tmp_path / "normas" / source.name
    shutil.copytree(source, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _line(folder: Path, needle: str, name: str = cases.FILENAME) -> int:
    lines = (folder / name).read_text(encoding="utf-8").splitlines()
    return next(i for i, ln in enumerate(lines, 1) if needle in ln)


def test_laws_check_refuses_a_wrong_expectation_with_the_cases_line(tmp_path):
    folder = _copy(tmp_path, "esperado = { reservadas = 3, base = [\"art1_cpt\", \"art1_par2\"] }",
                   "esperado = { reservadas = 2, base = [\"art1_cpt\", \"art1_par2\"] }")
    proc = _laws_check(folder)
    header = _line(folder, 'nome = "10 vagas: 2,5 arredonda para 3"') - 1
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.splitlines() == [
        f"erro: {folder}/casos.toml:{header}: caso “10 vagas: 2,5 arredonda para 3”: reservadas: esperado 2, "
        "a calculadora deu 3",
        "1 problema: corrija e rode de novo python -m laws check"]


def test_laws_check_refuses_a_malformed_case_with_its_line_and_shows_control_characters(tmp_path):
    folder = _copy(tmp_path, "entrada = { comando = \"reserva\", vagas = 4 }",
                   "entrada = { comando = \"reserva\", vagas = 4, \"\\u001b[2J\\u202e\" = 1 }")
    proc = _laws_check(folder)
    assert proc.returncode == 2 and "\x1b" not in proc.stderr and "\u202e" not in proc.stderr
    line = _line(folder, "vagas = 4, ")
    assert proc.stderr.splitlines()[0] == (
        f"erro: {folder}/casos.toml:{line}: caso “4 vagas: o mínimo para haver reserva”: chave desconhecida "
        "em entrada: “<U+001B>[2J<U+202E>” (aceitas: comando, vagas, percentual, data_edital, data_nomeacao, "
        "vinculo, leitura, nomeacoes)")


def test_the_cases_run_against_the_folder_as_it_is_on_disk(tmp_path):
    """The calculator of this process read exemplo from the fixtures; the check asks one that reads the
    checked folder, whose registry now asks for 5 vacancies: the case of 4 vacancies is refused."""
    from calculator.api import handle
    from laws.check import check_folder

    assert json.loads(handle('{"command": "reserva", "norma": "exemplo", "vagas": "4"}'))["result"][
        "reserved"] == 1
    folder = _copy(tmp_path, "value = 4\nbasis = [\"art1_par1\"]", "value = 5\nbasis = [\"art1_par1\"]",
                   "norma.toml")
    problems, _ = check_folder(folder)
    four = _line(folder, 'nome = "4 vagas: o mínimo para haver reserva"') - 1
    three = _line(folder, 'nome = "3 vagas: sem reserva"') - 1
    assert [str(p) for p in problems] == [
        f"{folder}/casos.toml:{four}: caso “4 vagas: o mínimo para haver reserva”: reservadas: esperado 1, "
        "a calculadora deu 0",
        f"{folder}/casos.toml:{three}: caso “3 vagas: sem reserva”: manchete: a resposta não contém “só "
        "existe com 4 vagas ou mais”; ela diz “Nenhuma vaga reservada: a reserva só existe com 5 vagas ou "
        "mais (art. 1º, § 1º).”"]


def test_a_copy_of_a_corpus_norm_with_another_registry_is_not_checked_against_the_corpus(tmp_path):
    # the calculator finds laws/ubatuba before any other folder of that name: the same registry gives the
    # same answers; another one cannot be checked there, and the check says so
    same = tmp_path / "same" / "ubatuba"
    shutil.copytree(ROOT / "laws" / "ubatuba", same)
    proc = _laws_check(same)
    assert proc.returncode == 0, proc.stderr
    other = _copy(tmp_path, "list_order = 1", "list_order = 1  # changed", "norma.toml",
                  ROOT / "laws" / "ubatuba")
    proc = _laws_check(other)
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[0] == (
        f"erro: {other}/casos.toml: os casos não foram conferidos: a calculadora lê a norma “ubatuba” de "
        "laws/ubatuba, cujo norma.toml é outro; confira esta pasta com outro nome (o slug) ou no lugar da de "
        "laws/")


def test_a_folder_without_cases_passes_and_says_so(tmp_path):
    folder = tmp_path / "normas" / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    (folder / cases.FILENAME).unlink()
    proc = _laws_check(folder)
    assert proc.returncode == 0, proc.stderr
    assert ", 3 anotações, sem casos.toml; padrão comum, sem Python." in proc.stdout


def test_the_mutants_of_the_cases_are_refused_or_hold(tmp_path):
    """Each key of exemplo's casos.toml dropped, renamed or given a value of another type (the mutants of
    tools/mutate_norm.py): laws check refuses it with a message, or every case still holds; never a crash."""
    from laws.check import check_folder
    from tools.mutate_norm import toml_mutants

    folder = tmp_path / "normas" / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    original = (EXAMPLE / cases.FILENAME).read_text(encoding="utf-8")
    total = refused = 0
    for label, text in toml_mutants(cases.FILENAME, original):
        total += 1
        (folder / cases.FILENAME).write_text(text, encoding="utf-8")
        problems, _ = check_folder(folder)
        if problems:
            refused += 1
            assert all(str(p).startswith(f"{folder}/casos.toml") for p in problems), (label, problems)
            continue
        found, _ = cases.read(folder)
        answers = cases.ask_here([c.request("exemplo") for c in found])
        assert all(cases.compare(c, "exemplo", a) == [] for c, a in zip(found, answers, strict=True)), label
    assert total > 50 and 0 < refused < total


# --- the site: Metodologia's table of each norm's cases ----------------------------------------------------
HOSTILE_CASE = """[[casos]]
nome = "<script>alert(1)</script> [x](javascript:alert(2)) **b** | c"
razao = "art. 1º <img src=x onerror=alert(3)> {: onclick=\\"alert(4)\\" } _d_ `e` ![f](https://evil.example/f.png)"
entrada = { comando = "reserva", vagas = 10, vinculo = "efetivo<b>" }
esperado = { recusa = "vínculo" }
"""


def test_the_case_table_shows_a_folders_text_as_typed(tmp_path):
    """Whatever a case's texts hold (tags, Markdown links, emphasis, a cell's |, an attribute list), the
    Metodologia table shows them as typed: the only links are the provisions' own."""
    import html
    import re

    import markdown

    from sitebuild.context import Context
    from sitebuild.metodologia import case_rows

    ctx = Context()
    norm = next(n for n in ctx.corpus.norms if n.slug == "exemplo")
    folder = tmp_path / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    (folder / cases.FILENAME).write_text(HOSTILE_CASE + GOOD.replace("# comentário", "").replace(
        "esperado = { reservadas = 3 }", 'esperado = { reservadas = 3, base = ["art1_cpt"] }'),
        encoding="utf-8")
    original, norm.folder = norm.folder, folder
    try:
        rows = case_rows(ctx, norm)
    finally:
        norm.folder = original
    assert [r["interpretation"] for r in rows] == [False, False, False]
    table = "| a | b | c | d |\n|---|---|---|---|\n" + "".join(
        f"| {r['name']} | {r['question']} | {r['expected']} | {r['reason']} — {r['basis']} |\n"
        for r in rows)
    out = markdown.markdown(table, extensions=["tables", "attr_list", "footnotes", "md_in_html",
                                               "def_list"])
    cells = re.findall(r"<td>(.*?)</td>", out)
    assert len(cells) == 12  # three rows of four cells: no | of a text made a cell
    name, question, expected, reason = cells[:4]
    assert html.unescape(name) == "<script>alert(1)</script> [x](javascript:alert(2)) **b** | c"
    assert html.unescape(question) == "Reserva: 10 vagas, vínculo: efetivo<b>"
    assert html.unescape(expected) == "recusada: “vínculo”"
    assert html.unescape(reason).startswith("art. 1º <img src=x onerror=alert(3)> {: onclick=\"alert(4)\" "
                                            "} _d_ `e` ![f](https://evil.example/f.png)")
    tags = re.findall(r"<(\w+)", out)
    assert set(tags) == {"table", "thead", "tbody", "tr", "th", "td", "a"} and tags.count("a") == 1
    assert re.findall(r'href="([^"]*)"', out) == ["exemplo.md#art1_cpt"]
    assert html.unescape(cells[6]) == "3 reservadas"


def test_metodologia_shows_each_norms_cases(built_site):
    """Each norm's section of Metodologia has its table of cases: every case's name, and its provisions as
    links to the norm's text."""
    import html
    import re

    page = (built_site / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    text = html.unescape(page)
    for folder in [*CORPUS, *FIXTURES]:
        section = text[text.index(f'id="{folder.name}"'):]
        table = section[:section.index("Aplicados")]
        found, _ = cases.read(folder)
        assert f"Casos verificados ({len(found)})" in re.sub(r"<[^>]+>", "", table)
        for case in found:
            assert case.name in table, (folder.name, case.name)
            for pid in case.expected.get("base", []):
                assert f'href="{folder.name}.html#{pid}"' in table, (folder.name, case.name, pid)


def test_the_guide_lists_every_key_of_casos_toml(built_site):
    """Como incluir uma norma's table of casos.toml is laws/cases/'s description (the one laws check
    uses)."""
    import html

    from sitebuild.pages import case_keys

    raw = (built_site / "incluir-norma.html").read_text(encoding="utf-8")
    rows = case_keys()
    assert len(rows) == len(cases.CASE_KEYS) + len(cases.INPUT_KEYS) + len(cases.EXPECT_KEYS)
    for row in rows:
        assert f"<td><code>{html.escape(row['shown'], quote=False)}</code></td>" in raw, row["shown"]
    assert 'id="casostoml"' in raw
