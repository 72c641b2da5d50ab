"""A city adds its norm with no Python: `python -m laws check` accepts a good folder and names the file and
line of each problem in a bad one; a hook-less norm (the fictitious tests/fixtures/normas/exemplo) added as
an extra corpus folder is computed by `api.handle` and the CLI like the real ones."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "normas"
EXAMPLE = FIXTURES / "exemplo"


def run(module: str, *args: str, extra: Path | None = None, stdin: str | None = None):
    env = {k: v for k, v in os.environ.items() if k != "COTAS_NORMAS_EXTRA"}
    if extra is not None:
        env["COTAS_NORMAS_EXTRA"] = str(extra)
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, env=env, input=stdin)


# --- python -m laws check -----------------------------------------------------------------------------
REAL = sorted(p.parent for p in (ROOT / "laws").glob("*/norma.toml"))
FIXTURE_NORMS = sorted(p.parent for p in FIXTURES.glob("*/norma.toml"))


def test_every_norm_of_laws_and_the_fixtures_pass_the_check():
    folders = [*REAL, *FIXTURE_NORMS]
    proc = run("laws", "check", *map(str, folders))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) == len(folders)
    for folder, line in zip(folders, lines, strict=True):
        assert line.startswith(f"{folder}: norma '{folder.name}' pronta — texto reconstruído byte a byte")
        own = registry_rules(folder)
        assert line.endswith(f"exceções próprias em calculator/rules/{own}.py." if own
                             else "padrão comum, sem Python.")
        # each folder's casos.toml ran through the calculator (laws/cases/; tests/laws/test_cases.py)
        assert re.search(r", \d+ casos conferidos com a calculadora; ", line), line


def registry_rules(folder: Path) -> str | None:
    import tomllib

    return tomllib.loads((folder / "norma.toml").read_text(encoding="utf-8")).get("rules")


def _bad_copy(tmp_path: Path, edit) -> Path:
    folder = tmp_path / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    path = folder / "norma.toml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def _line_of(folder: Path, needle: str) -> int:
    lines = (folder / "norma.toml").read_text(encoding="utf-8").splitlines()
    return next(i for i, ln in enumerate(lines, 1) if needle in ln)


def _check_fails(folder: Path) -> list[str]:
    proc = run("laws", "check", str(folder))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    count = len(lines) - 1
    assert lines[-1] == (f"{count} {'problema' if count == 1 else 'problemas'}: corrija e rode de novo "
                         "python -m laws check")
    return lines[:-1]


def test_a_broken_basis_id_is_named_with_file_and_line(tmp_path):
    folder = _bad_copy(tmp_path, lambda t: t.replace('basis = ["art1_par2"]', 'basis = ["art1_par9"]', 1))
    line = _line_of(folder, '"art1_par9"')
    assert _check_fails(folder) == [
        f'erro: {folder}/norma.toml:{line}: o dispositivo "art1_par9" não existe em texto.txt '
        '(quis dizer "art1_par2"?)']


def test_a_broken_simulation_basis_id_is_named_too(tmp_path):
    """The review's M3: an id of [simulation.basis] (kind → ids) that the text lacks passed the check, and the
    build then failed on it."""
    folder = _bad_copy(tmp_path, lambda t: t.replace('reserve = ["art1_cpt"]',
                                                     'reserve = ["art1_cpt", "art99"]', 1))
    line = _line_of(folder, '"art99"')
    assert _check_fails(folder) == [
        f'erro: {folder}/norma.toml:{line}: o dispositivo "art99" não existe em texto.txt '
        '(quis dizer "art4"?)']


def test_a_missing_parameter_is_named_with_file_and_line(tmp_path):
    def drop_rounding(text: str) -> str:
        start = text.index('[[parameters]]\nname = "arredondamento"')
        end = text.index("[[parameters]]", start + 1)
        return text[:start] + text[end:]

    folder = _bad_copy(tmp_path, drop_rounding)
    line = _line_of(folder, 'rounding_parameter = "arredondamento"')
    assert _check_fails(folder) == [
        f"erro: {folder}/norma.toml:{line}: percent.rounding_parameter = 'arredondamento', mas não há "
        "[[parameters]] com name = 'arredondamento'"]


def test_a_bad_warning_kind_is_named_with_file_and_line(tmp_path):
    folder = _bad_copy(tmp_path, lambda t: t.replace(
        '[warnings.exemplo_minimo_por_cargo]\nkind = "interpretacao"',
        '[warnings.exemplo_minimo_por_cargo]\nkind = "opiniao"'))
    line = _line_of(folder, 'kind = "opiniao"')
    assert _check_fails(folder) == [
        f"erro: {folder}/norma.toml:{line}: warnings.exemplo_minimo_por_cargo.kind deve ser um de "
        "conflito, interpretacao, premissa, aviso, não 'opiniao'"]


def test_an_unknown_placeholder_and_a_changed_text_are_both_reported(tmp_path):
    folder = _bad_copy(tmp_path, lambda t: t.replace("{vagas_minimas} vagas foi", "{vagas_minima} vagas foi"))
    text = folder / "texto.txt"
    text.write_bytes(text.read_bytes().replace(b"8 (oito) anos", b"9 (nove) anos"))
    problems = _check_fails(folder)
    assert len(problems) == 2
    assert re.fullmatch(rf"erro: {re.escape(str(folder))}/meta.toml:\d+: a soma SHA-256 de texto.txt é "
                        r"[0-9a-f]{64}, não a fixada em \[text_file\] .*", problems[0])
    line = _line_of(folder, "{vagas_minima}")
    assert problems[1].startswith(f"erro: {folder}/norma.toml:{line}: warnings.exemplo_minimo_por_cargo: "
                                  "marcador desconhecido {vagas_minima}")


def test_an_unknown_kind_of_simulation_decision_is_named_with_file_and_line(tmp_path):
    from calculator.norms.vocabulary import BASIS_KINDS

    folder = _bad_copy(tmp_path, lambda t: t.replace("call_order = [", "chamada = ["))
    line = _line_of(folder, "chamada = [")
    assert _check_fails(folder) == [
        f"erro: {folder}/norma.toml:{line}: simulation.basis.chamada: nome desconhecido 'chamada' em "
        f"[simulation.basis] (use um de {', '.join(BASIS_KINDS)})"]


def test_a_fact_meta_toml_restates_is_refused_with_where_it_lives(tmp_path):
    """Each fact once: meta.toml writing the citation, the place or the term again is refused, naming the
    norma.toml key the site takes it from."""
    folder = _bad_copy(tmp_path, lambda t: t)
    meta = folder / "meta.toml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text.replace('kind = "lei"', 'title = "Lei nº 1/2030"\nstate = "XX"\nkind = "lei"')
                    .replace('[term]\n', '[term]\nyears = 8\n'), encoding="utf-8")
    lines = meta.read_text(encoding="utf-8").splitlines()
    title, state, years = (lines.index(x) + 1
                           for x in ('title = "Lei nº 1/2030"', 'state = "XX"', "years = 8"))
    assert _check_fails(folder) == [
        f"erro: {folder}/meta.toml:{title}: title vem de norma.toml (citation): apague-o de meta.toml, que o "
        "site o toma de lá",
        f"erro: {folder}/meta.toml:{state}: state vem de norma.toml (place (\"Município/UF\")): apague-o de "
        "meta.toml, que o site o toma de lá",
        f"erro: {folder}/meta.toml:{years}: term.years vem de norma.toml (o parâmetro que "
        "validity.term_parameter nomeia ([[parameters]])): apague-o de meta.toml, que o site o toma de lá"]


def test_a_place_that_is_not_municipality_and_state_is_refused(tmp_path):
    folder = _bad_copy(tmp_path, lambda t: t.replace('place = "Exemplo/XX"', 'place = "Exemplo"'))
    assert _check_fails(folder) == [
        f"erro: {folder}/norma.toml:{_line_of(folder, 'place =')}: place deve ser \"Município/UF\" (a sigla "
        "do estado em duas maiúsculas): 'Exemplo'"]


def _text_copy(tmp_path: Path, edit) -> Path:
    """The fixture with its text edited and the new SHA-256 pinned (only the edit is under test)."""
    import hashlib

    folder = tmp_path / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    text = folder / "texto.txt"
    old = hashlib.sha256(text.read_bytes()).hexdigest()
    text.write_text(edit(text.read_text(encoding="utf-8")), encoding="utf-8")
    meta = folder / "meta.toml"
    new = hashlib.sha256(text.read_bytes()).hexdigest()
    meta.write_text(meta.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return folder


def test_a_closing_line_meta_does_not_declare_is_refused_not_merged_into_a_signature(tmp_path):
    line = "Publicação no Diário Oficial do Município, edição nº 1."
    folder = _text_copy(tmp_path, lambda t: t.replace("\n\nEste texto", f"\n\n{line}\n\nEste texto"))
    number = (folder / "texto.txt").read_text(encoding="utf-8").splitlines().index(line) + 1
    [problem] = _check_fails(folder)
    assert problem.startswith(f"erro: {folder}/texto.txt:{number}: o analisador não reconhece a estrutura do "
                              f"texto: linha final não declarada: {line!r}. Em meta.toml, declare-a: se é o "
                              "aviso da fonte, disclaimer = ")


def test_a_source_notice_in_other_words_and_a_signature_without_name_come_from_meta(tmp_path):
    """The closing lines are what meta.toml declares: any wording of the source notice, and a signature
    that prints only the office."""
    notice = "Texto compilado pela Secretaria de Governo."
    old_notice = ("Este texto não substitui nenhum original: a Lei nº 1/2030 do Município de Exemplo é "
                  "fictícia.")
    folder = _text_copy(tmp_path, lambda t: t.replace("FULANO DE TAL\n", "").replace(old_notice, notice))
    meta = folder / "meta.toml"
    text = meta.read_text(encoding="utf-8").replace('name = "FULANO DE TAL"\n', "")
    meta.write_text(re.sub(r'disclaimer = ".*"', f'disclaimer = "{notice}"', text), encoding="utf-8")
    proc = run("laws", "check", str(folder))
    assert proc.returncode == 0, proc.stderr
    from laws.corpus import Norm
    from laws.lexml import document, lines, validate

    norm = Norm.load("exemplo", tmp_path)
    assert norm.get("aviso").text == notice
    assert norm.get("assinatura1").text == "Prefeito Municipal (fictício)"
    import xml.etree.ElementTree as ET

    root = document(norm)
    assert validate(ET.tostring(root, encoding="unicode")) == []
    assert lines(root)["assinatura1"] == "Prefeito Municipal (fictício)"
    # and a notice meta.toml does not declare is refused, with what to write
    meta.write_text(re.sub(r'disclaimer = ".*"\n', "", meta.read_text(encoding="utf-8")), encoding="utf-8")
    [problem] = _check_fails(folder)
    assert f"linha final não declarada: {notice!r}" in problem


def test_a_missing_folder_is_one_message():
    proc = run("laws", "check", "laws/nao_existe")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.splitlines()[0] == "erro: laws/nao_existe: pasta não encontrada"


# --- the fixture in the corpus ------------------------------------------------------------------------
_HANDLE = """
import json, sys
from calculator.api import handle
print(json.dumps([json.loads(handle(json.dumps(q))) for q in json.loads(sys.stdin.read())]))
"""


def _answers(requests: list[dict]) -> list[dict]:
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(FIXTURES)}
    proc = subprocess.run([sys.executable, "-c", _HANDLE], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, env=env, input=json.dumps(requests))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _fixture_ids() -> set[str]:
    from laws.parser import parse

    text = (EXAMPLE / "texto.txt").read_text(encoding="utf-8")
    return {p.id for top in parse(text) for p in top.walk()}


def test_api_handle_computes_reserva_and_ordem_for_a_norm_without_hooks():
    reserve7, reserve3, reserve5, order10, blocks10, params, late = _answers([
        {"command": "reserva", "norma": "exemplo", "vagas": "7"},
        {"command": "reserva", "norma": "Exemplo", "vagas": "3"},
        {"command": "reserva", "norma": "exemplo", "vagas": "5"},
        {"command": "ordem", "norma": "exemplo", "vagas": "10"},
        {"command": "ordem", "norma": "exemplo", "vagas": "10", "leitura": "blocos"},
        {"command": "parametros", "norma": "exemplo"},
        {"command": "reserva", "norma": "exemplo", "vagas": "7", "data_edital": "2038-01-03"},
    ])
    r = reserve7["result"]
    # 25% of 7 = 1,75 → 2 (art. 1º, § 2º); at least 4 vacancies (art. 1º, § 1º) — the registry's values
    assert (r["reserved"], r["applies"], r["percent"]) == (2, None, "25")  # undated: conditional
    assert r["headline"].startswith("2 vagas reservadas de 7, se o edital foi publicado de 02/01/2030 a "
                                    "02/01/2038")
    assert [s["basis"] for s in r["steps"]] == [["exemplo:art1_cpt"], ["exemplo:art1_par1"],
                                                ["exemplo:art1_par2"]]
    assert any("o mínimo de 4 vagas foi aplicado" in w["message"] for w in r["warnings"])
    assert reserve3["result"]["reserved"] == 0 and reserve3["result"]["reserve_required"] is False
    assert "só existe com 4 vagas ou mais (art. 1º, § 1º)" in reserve3["result"]["headline"]
    # 25% of 5 = 1,25 → 1 (20%), below the minimum: the headline and a conflict say so
    five = reserve5["result"]
    assert five["reserved"] == 1 and "abaixo do mínimo de 25%" in five["headline"]
    assert "conflito" in {w["kind"] for w in five["warnings"]}
    o = order10["result"]
    assert (o["positions"], o["reserved"], o["reading"]) == ([2, 6, 10], 3, "proporcional")
    b = blocks10["result"]
    assert (b["positions"], b["interpreted_positions"]) == ([4, 8, 10], [10])
    assert {p["name"] for p in params["result"]["parameters"]} >= {"percentual_minimo", "vagas_minimas",
                                                                  "arredondamento"}
    assert late["result"]["applies"] is False and "8 anos" in late["result"]["headline"]
    ids = _fixture_ids()
    for answer in (reserve7, reserve3, reserve5, order10, blocks10, params, late):
        for ref in answer["result"]["basis"]:
            slug, _, pid = ref.partition(":")
            assert slug == "exemplo" and pid in ids, ref


def test_the_cli_works_for_the_fixture_norm_and_lists_it():
    proc = run("calculator", "reserva", "--norma", "exemplo", "--vagas", "13", "--json", extra=FIXTURES)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["reserved"] == 3  # 25% of 13 = 3,25 → 3
    proc = run("calculator", "ordem", "--norma", "exemplo", "--vagas", "4", extra=FIXTURES)
    assert proc.returncode == 0
    assert "Resultado: Nomeações pela lista reservada: 2ª, se o edital" in proc.stdout
    proc = run("calculator", "reserva", "--norma", "exemplo", "--vagas", "10", "--percentual", "20",
               extra=FIXTURES)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert "o percentual mínimo é 25%" in proc.stderr and "Traceback" not in proc.stderr
    # the norms are discovered from the registry files: the fixture is listed after the real ones
    proc = run("calculator", "reserva", "--norma", "x", "--vagas", "1", extra=FIXTURES)
    assert ", exemplo ou vila_serena) (opção --norma)" in proc.stderr
    proc = run("calculator", "reserva", "--help", extra=FIXTURES)
    assert "Exemplo: ≥ 25, padrão 25" in " ".join(proc.stdout.split())
    edital = "cargo;vagas\nA;5\nB;9\n"
    proc = run("calculator", "edital", "-", "--norma", "exemplo", "--json", extra=FIXTURES, stdin=edital)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["command"] == "edital"


def test_without_the_extra_folder_the_corpus_is_the_norms_of_laws():
    listed = "import json; from calculator import NORMS; print(json.dumps(list(NORMS)))"
    env = {k: v for k, v in os.environ.items() if k != "COTAS_NORMAS_EXTRA"}
    proc = subprocess.run([sys.executable, "-c", listed], cwd=ROOT, capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert sorted(json.loads(proc.stdout)) == sorted(folder.name for folder in REAL)
    proc = run("calculator", "reserva", "--norma", "exemplo", "--vagas", "7")
    assert proc.returncode == 2 and "norma desconhecida" in proc.stderr


@pytest.mark.parametrize("slug", ["ubatuba", "quissama", "lins"])
def test_a_hook_is_declared_only_where_a_rule_really_differs(slug):
    from calculator.norms import registry_of

    assert registry_of(slug).rules_module == f"calculator.rules.{slug}"
    assert registry_of(slug).params()["arredondamento"].value == "meio_para_cima"


# --- the page "Como incluir uma norma" ----------------------------------------------------------------
PAGE = ROOT / "docs" / "incluir-norma.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def _page_folder(tmp_path: Path) -> Path:
    """The fixture at laws/exemplo under tmp_path, so that the paths the check prints are the page's."""
    folder = tmp_path / "laws" / "exemplo"
    shutil.copytree(EXAMPLE, folder)
    return folder


def _run_in(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "COTAS_NORMAS_EXTRA"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "laws", *args], cwd=cwd, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, env=env)


def test_the_page_shows_the_checks_real_output(tmp_path):
    ok, bad = _blocks("text")
    _page_folder(tmp_path)
    proc = _run_in(tmp_path, "check", "laws/exemplo")
    assert (proc.returncode, proc.stdout) == (0, ok)
    # the page's failing example: the four mistakes its messages name, made in the fixture
    registry = tmp_path / "laws" / "exemplo" / "norma.toml"
    text = registry.read_text(encoding="utf-8")
    text = text.replace('basis = ["art1_par2"]', 'basis = ["art1_par9"]', 1)
    text = text.replace('name = "vagas_minimas"', 'name = "vagas_minimass"', 1)
    text = text.replace('kind = "premissa"', 'kind = "nota"', 1)
    text = text.replace("{vagas_minimas} vagas foi", "{vagas_minima} vagas foi")
    registry.write_text(text, encoding="utf-8")
    proc = _run_in(tmp_path, "check", "laws/exemplo")
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", bad)


def test_the_pages_examples_are_the_fixtures_files():
    """The TOML shown on the page is copied from the fixture (each line of each block is in the file)."""
    files = {name: (EXAMPLE / name).read_text(encoding="utf-8") for name in ("meta.toml", "norma.toml",
                                                                             "anotacoes.toml", "casos.toml")}
    for block in _blocks("toml"):
        lines = [ln for ln in block.splitlines() if ln.strip()]
        owner = next((n for n, t in files.items() if lines[0] in t.splitlines()), None)
        assert owner, lines[0]
        for line in lines:
            if not line.endswith("…\""):
                assert any(line == ln or line.rstrip(" …\"") in ln for ln in files[owner].splitlines()), line


def test_the_commands_the_page_quotes_run(tmp_path):
    commands = [ln for block in _blocks("sh") for ln in block.splitlines() if ln.strip()]
    assert any("-m laws check" in c for c in commands)
    # the five steps' working folder: the fixture copied as step 1 says, with step 3's first edit (the slug)
    work = tmp_path / "minhas-normas"
    shutil.copytree(EXAMPLE, work / "minha_cidade")
    registry_file = work / "minha_cidade" / "norma.toml"
    registry_file.write_text(registry_file.read_text(encoding="utf-8").replace(
        'slug = "exemplo"', 'slug = "minha_cidade"', 1), encoding="utf-8")
    assert any("minhas-normas/minha_cidade" in c and "-m laws check" in c for c in commands)
    for command in commands:
        env_part, _, rest = command.rpartition(".venv/bin/python ")
        args = rest.split("#")[0].split()
        if not args or args[0] != "-m" or args[1] not in ("laws", "calculator"):
            continue  # build.py, ruff and pytest are the project's usual commands (tested elsewhere)
        if "<slug>" in " ".join(args):
            args = [a.replace("laws/<slug>", str(EXAMPLE)) for a in args]
        args = [a.replace("minhas-normas", str(work)) for a in args]
        extra = FIXTURES if "COTAS_NORMAS_EXTRA=tests/fixtures/normas" in env_part else None
        if "COTAS_NORMAS_EXTRA=minhas-normas" in env_part:
            extra = work
        proc = run(args[1], *args[2:], extra=extra)
        if args[1:3] == ["laws", "check"] and args[3] in ("laws/exemplo", "laws/minha_cidade"):
            continue  # folders the page moves into laws/ (the corpus minimum has its own test)
        assert proc.returncode == 0, (command, proc.stderr)


def test_the_page_is_in_the_site_menu():
    assert "incluir-norma.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_fixture_norm_simulates_with_no_python_written_for_it():
    csv = (ROOT / "docs" / "assets" / "exemplo-classificacao.csv").read_text(encoding="utf-8")
    sim, order = _answers([
        {"command": "simular", "norma": "exemplo", "vagas": "10", "csv": csv},
        {"command": "ordem", "norma": "exemplo", "vagas": "10"},
    ])
    s = sim["result"]
    # 25% of 10 = 2,5 → 3, called where `ordem` puts them (one answer everywhere)
    assert s["reserved"] == 3 and s["reserved_positions"] == order["result"]["positions"] == [2, 6, 10]
    reserved = [n for n in s["nominations"] if n["list"] == "reserva"]
    assert [n["seat"] for n in reserved] == [2, 6, 10]
    # the reserved seats cite the fixture's own article; what the law is silent on cites nothing
    assert all("exemplo:art1_cpt" in n["basis"] for n in reserved), reserved
    ids = _fixture_ids()
    for ref in s["basis"]:
        slug, _, pid = ref.partition(":")
        assert slug == "exemplo" and pid in ids, ref


def test_the_fixture_norm_builds_and_renders_with_no_python_written_for_it(tmp_path):
    """build.py on a copy of the repository, with the fixture from its extra folder: the norm gets its page
    (every line of its text intact), a menu entry, its registry in calculator.zip, its fields in normas.js
    and its table; Pyodide, from that site, answers for it as CPython does."""
    import html

    from tests.support import repository_copy

    repo = repository_copy(tmp_path)
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(FIXTURES)}
    proc = subprocess.run([sys.executable, "build.py"], cwd=repo, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    site = repo / "site"
    page = (site / "gerado" / "exemplo.html").read_text(encoding="utf-8")
    page = html.unescape(re.sub(r"<[^>]+>", "", page))
    for line in (EXAMPLE / "texto.txt").read_text(encoding="utf-8").splitlines():
        assert line.strip() in page, line
    assert 'href="gerado/exemplo.html"' in (site / "index.html").read_text(encoding="utf-8")
    assert not (repo / ".mkdocs-normas.yml").exists()  # the menu's copy lives only while mkdocs runs
    import zipfile

    assert "laws/exemplo/norma.toml" in zipfile.ZipFile(site / "assets/calculadora/calculator.zip").namelist()
    assert '"exemplo"' in (site / "assets/calculadora/normas.js").read_text(encoding="utf-8")
    tables = json.loads((site / "gerado" / "tabelas.json").read_text(encoding="utf-8"))
    assert tables["norms"]["exemplo"]["rows"][9]["reserved"] == 3  # 25% of 10 = 2,5 → 3
    requests = [json.dumps({"command": "reserva", "norma": "exemplo", "vagas": "10"})]
    node = subprocess.run(["node", str(ROOT / "tests" / "node" / "run_api.mjs"), str(site)],
                          input=json.dumps(requests), capture_output=True, text=True, timeout=600)
    assert node.returncode == 0, node.stderr[-2000:]
    in_pyodide = json.loads(json.loads(node.stdout)[0])
    assert in_pyodide == _answers([json.loads(requests[0])])[0]


def test_a_corpus_norm_needs_the_suites_minimum_of_cases(tmp_path, monkeypatch):
    """What laws check accepts passes the suite: a folder in laws/ with fewer cases than the suite asks of
    a corpus norm (or none of a command) is refused by the check itself, naming the file; a draft folder
    elsewhere is not held to it."""
    import laws.check as check

    folder = tmp_path / "vila_serena"
    shutil.copytree(FIXTURES / "vila_serena", folder)
    problems, _ = check.check_folder(folder)
    assert problems == []
    monkeypatch.setattr(check, "LAWS_DIR", tmp_path)  # as if the folder were in laws/
    problems, _ = check.check_folder(folder)
    assert [(Path(p.file).name, p.message[:45]) for p in problems] == [
        ("casos.toml", "uma norma do corpus (laws/) tem pelo menos 15")]
    (folder / "casos.toml").unlink()
    problems, _ = check.check_folder(folder)
    assert [Path(p.file).name for p in problems] == ["casos.toml"]
    assert "arquivo não encontrado" in problems[0].message
