"""A norm folder is untrusted data: nothing in it runs, nothing in it reaches HTML or the site's
configuration unescaped, and the build's Content-Security-Policy lists only the site's own inline scripts.

The hostile folders: tests/fixtures/hostis/evil (script in every name and in the annotations, consistent
enough that `laws check` once accepted it), and folders made here from the fictitious exemplo norm."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sitebuild import annotations, csp, htmlcheck

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "fixtures" / "normas" / "exemplo"
EVIL = ROOT / "tests" / "fixtures" / "hostis" / "evil"


# --- annotations: Markdown without raw HTML or unsafe links ---------------------------------------------
def test_an_annotation_shows_raw_html_as_text_and_keeps_only_safe_links():
    out = str(annotations.note_html(
        '<script>alert(1)</script> <a href="javascript:alert(3)">a</a> [b](javascript:alert(4)) '
        '[c](JaVaScRiPt:x) [d](data:text/html,x) [e](//evil.example/x) ![f](https://evil.example/x.png) '
        '<iframe src="https://evil.example/"></iframe> [ok](../glossario.md#edital) '
        '[web](https://example.org) [art](#art2_cpt) [r][1] `a<b` **negrito**\n\n[1]: vbscript:x\n'))
    assert "<script" not in out and "<iframe" not in out and "<img" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out and "&lt;iframe" in out
    assert re.findall(r'<a href="([^"]*)"', out) == ["../glossario.html#edital", "https://example.org",
                                                      "#art2_cpt"]
    assert "<code>a&lt;b</code>" in out and "<strong>negrito</strong>" in out
    for words in ("b", "c", "d", "e", "r"):
        assert f">{words}<" not in out and f" {words} " in out  # the words stay, the link goes


def test_an_annotation_cannot_include_files_nor_set_attributes():
    out = str(annotations.note_html('--8<-- "docs/sobre.md"\n\n**x**{: onclick="alert(1)" }'))
    assert out.startswith("<p>--8&lt;-- \"docs/sobre.md\"</p>")  # the snippet line is text, nothing included
    assert not re.search(r"<[^>]*onclick", out) and '{: onclick="alert(1)" }' in out  # text, not an attribute


# --- a norm folder's texts: no Markdown link, no control character; titles through a serializer -----------
@pytest.mark.parametrize("text", [
    "Veja [o edital](https://evil.example/phish)", "Veja [o edital] (https://evil.example/phish)",
    "[ref][1]", "[1]: https://evil.example/", "![x](https://evil.example/p.png)", "<https://evil.example/>",
    "<javascript:alert(1)>", "aviso\x1b]0;pwned\x07", "texto \u202e invertido", "duas\nlinhas"])
def test_a_registry_text_with_a_link_or_a_control_character_is_refused(tmp_path, text):
    """Every text of norma.toml (here a parameter's note) is shown by the site as Markdown and by the terminal
    as typed: a link the project did not write, or a character the terminal obeys, is refused with the key."""
    import json

    from calculator.errors import RegistryError
    from calculator.norms import read_registry

    note = 'note = "No mínimo {percentual_minimo} das vagas; o edital pode reservar mais."'
    folder = _norm_from_example(tmp_path, "hostil",
                                lambda t: t.replace(note, f"note = {json.dumps(text)}", 1))
    assert note not in (folder / "norma.toml").read_text(encoding="utf-8")
    with pytest.raises(RegistryError, match=r"parameters\[1\]\.values\[0\]\.note tem (o caractere de "
                                            r"controle|marcação de link)"):
        read_registry(folder / "norma.toml")


def test_plain_brackets_and_a_real_address_in_prose_are_not_links():
    from calculator.norms.names import text_problem

    assert text_problem("o art. 2º [redação original] e a Lei 1/2020 (art. 3º)") is None
    assert text_problem("consulte https://www.planalto.gov.br/ccivil_03/leis/l8213.htm") is None


def test_the_front_matter_is_serialized_and_the_titles_escapes_stand_for_themselves():
    """A citation written with TOML escapes ("\\u003csvg/onload=…\\u003e") reaches the page's title as the
    characters typed: YAML does not decode them into a tag, and what the theme prints unescaped is
    HTML-escaped already."""
    import yaml

    from sitebuild.lawpage import front_matter

    title = 'Lei nº 1/2030 \\u003csvg/onload=alert(1)\\u003e "x" <b>&'
    written = str(front_matter(title=title, description="d: \n- y"))
    assert yaml.safe_load(written) == {
        "title": 'Lei nº 1/2030 \\u003csvg/onload=alert(1)\\u003e &quot;x&quot; &lt;b&gt;&amp;',
        "description": "d: \n- y"}


# --- the CSP lists only the site's own inline scripts; inline handlers refused in any case -------------
def _page(tmp_path: Path, body: str) -> Path:
    site = tmp_path / "site"
    site.mkdir(parents=True)
    (site / "index.html").write_text(f"<!doctype html><html><body>{body}</body></html>", encoding="utf-8")
    return site


@pytest.mark.parametrize("attribute", ["onmouseover", "ONMOUSEOVER", "OnError", "STYLE", "style"])
def test_an_inline_attribute_is_refused_in_any_case(tmp_path, attribute):
    site = _page(tmp_path, f'<p {attribute}="alert(1)">x</p>')
    with pytest.raises(SystemExit, match=f"atributo {attribute.lower()}="):
        csp.inline_hashes(site)


def test_a_handler_written_inside_an_attributes_value_is_text(tmp_path):
    """A value that merely contains "/onload=" (a citation shown as typed, in data-abnt="…") is no handler:
    the check reads the tags as the browser does."""
    site = _page(tmp_path, '<div data-abnt="Lei 1 \\u003csvg/onload=alert(7)\\u003e">x</div>')
    assert csp.inline_hashes(site) == {"script": [], "style": []}


@pytest.mark.parametrize(("markup", "found"), [
    ("<svg/onload=alert(1)>", "<svg onload=…>"), ('<img src="a.png"/onerror="x">', "<img onerror=…>"),
    ('<meta http-equiv=refresh content="2;url=https://evil.example/">', '<meta http-equiv="refresh">')])
def test_a_handler_however_written_and_a_refresh_are_refused_by_the_pages_parse(tmp_path, markup, found):
    """The review's H1: a tag written without a space before its handler, and a refresh to another host."""
    site = _page(tmp_path, markup)
    assert any(found in p for p in htmlcheck.problems(site)), htmlcheck.problems(site)
    if "onload" in markup:
        with pytest.raises(SystemExit, match="atributo onload="):
            csp.inline_hashes(site)


def test_an_inline_script_the_site_did_not_write_is_refused_not_hashed(tmp_path):
    site = _page(tmp_path, '<script>alert("mtitle")</script>')
    with pytest.raises(SystemExit, match="não vem dos modelos do site"):
        csp.inline_hashes(site)


def test_the_themes_own_inline_scripts_are_accepted_whatever_the_page_depth(tmp_path):
    theme = ('<script>__md_scope=new URL("{}",location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.'
             'charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+'
             'e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{{try{{t.setItem(a.pathname+"."+e,JSON.stringify'
             '(_))}}catch(e){{}}}}</script>')
    site = _page(tmp_path, theme.format(".") + theme.format("..")
                 + '<script type="application/ld+json">{"a": "\\u003cscript\\u003e"}</script>')
    assert len(csp.inline_hashes(site)["script"]) == 2
    bad = _page(tmp_path / "b", theme.format('",alert(1),"'))
    with pytest.raises(SystemExit, match="não vem dos modelos"):
        csp.inline_hashes(bad)


# --- raw-HTML links and anchors --------------------------------------------------------------------------
def test_the_build_checks_raw_html_links_anchors_and_outside_resources(tmp_path):
    site = _page(tmp_path, '<h2 id="a">x</h2><a href="#a">ok</a><a href="index.html#a">ok</a>'
                           '<a href="https://example.org/x">ok</a><a href="mailto:x@example.org">ok</a>'
                           '<a href="nao-existe.html">1</a><a href="index.html#nao-existe">2</a>'
                           '<a href="JavaScript:alert(1)">3</a><img src="https://evil.example/x.png">'
                           '<iframe src="index.html"></iframe><script src="//evil.example/x.js"></script>')
    found = htmlcheck.problems(site)
    assert [p.split(": ", 1)[1].split(">")[0] for p in found] == [
        "elemento <iframe", '<a href="nao-existe.html"', '<a href="index.html#nao-existe"',
        '<a href="JavaScript:alert(1)"', '<img src="https://evil.example/x.png"',
        '<script src="//evil.example/x.js"']
    assert all(p.startswith("index.html: ") for p in found)
    with pytest.raises(SystemExit, match="links ou recursos inválidos"):
        htmlcheck.check_site(site)


# --- the menu: a YAML serializer, never pasted text -----------------------------------------------------
def test_a_citation_cannot_add_keys_to_the_sites_configuration(tmp_path, monkeypatch):
    """Even a citation the loader would refuse (line breaks, YAML) stays one menu label, escaped."""
    import types

    import yaml

    import laws
    from calculator import norms
    from calculator.norms import registry_of
    from sitebuild import mkdocs_run

    root = tmp_path / "repo"
    root.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    evil = 'Lei 1\nhooks:\n  - laws/evil/pwn.py\nextra_javascript: ["https://evil.example/x.js"]\n<b>"'
    real = registry_of
    monkeypatch.setattr(laws, "NORM_SLUGS", (*laws.NORM_SLUGS, "evil"))
    monkeypatch.setattr(norms, "registry_of", lambda slug: types.SimpleNamespace(citation=evil,
                                                                                 place="X<i>/XX")
                        if slug == "evil" else real(slug))
    monkeypatch.setitem(mkdocs_run.PLACE, "evil", "X<i>/XX")
    path = mkdocs_run.norms_config(root)
    config = yaml.safe_load(path.read_text(encoding="utf-8"))
    original = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert set(config) == set(original) and "hooks" not in config
    assert config["extra_javascript"] == original["extra_javascript"]
    norms = next(item["Normas"] for item in config["nav"] if isinstance(item, dict) and "Normas" in item)
    label, page = next(iter(norms[-1].items()))
    assert page == "gerado/evil.md" and "<" not in label and label.startswith("X&lt;i&gt;/XX — Lei 1\nhooks:")


# --- the build runs the whole check ---------------------------------------------------------------------
@pytest.fixture
def laws_copy(tmp_path) -> Path:
    shutil.copytree(ROOT / "laws", tmp_path / "laws", ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return tmp_path / "laws"


@pytest.mark.parametrize(("old", "new", "message"), [
    ('ementa = "Dispõe sobre reserva', 'ementa = "Dispõe sobre a REVOGAÇÃO da reserva',
     "ementa deve ser cópia literal"),
    ('epigrafe = "LEI Nº 3765', 'epigrafe = "LEI Nº 3766', "epigrafe deve ser cópia literal"),
    # the closing lines are split by what meta.toml declares: a signature that is not the text's line is
    # refused where the text is read, naming the line and what meta.toml should declare
    ('name = "MAURICIO HUMBERTO', 'name = "MAURÍCIO HUMBERTO',
     "linha final não declarada: 'MAURICIO HUMBERTO FORNARI MOROMIZATO'. Em meta.toml, declare-a"),
    ('office = "Prefeito Municipal"', 'office = "Prefeita Municipal"',
     "assinatura incompleta: .* linhas declaradas em meta.toml"),
])
def test_the_build_refuses_a_literal_copy_that_differs_from_the_text(laws_copy, old, new, message):
    from sitebuild import staging

    meta = laws_copy / "ubatuba" / "meta.toml"
    text = meta.read_text(encoding="utf-8")
    assert old in text
    meta.write_text(text.replace(old, new, 1), encoding="utf-8")
    where = ("ubatuba/meta.toml:\\d+: " if "cópia literal" in message
             else "ubatuba: a norma não pôde ser lida \\(")
    with pytest.raises(SystemExit, match=f"^erro: .*{where}{message}"):
        staging.check_corpus(laws_copy)


def test_the_disclaimer_is_a_literal_copy_too(laws_copy):
    from sitebuild import staging

    meta = laws_copy / "quissama" / "meta.toml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text.replace('disclaimer = "', 'disclaimer = "x', 1), encoding="utf-8")
    # the source notice is the line meta.toml declares: another one is refused, with the line and the fix
    with pytest.raises(SystemExit, match="linha final não declarada: 'Este texto não substitui .*"
                                         "disclaimer = \"<a linha inteira>\""):
        staging.check_corpus(laws_copy)


# --- the build with hostile folders present ---------------------------------------------------------------
def _norm_from_example(extra: Path, slug: str, edit_registry=None, annotations_text: str | None = None
                       ) -> Path:
    folder = extra / slug
    shutil.copytree(EXAMPLE, folder)
    registry_file = folder / "norma.toml"
    text = registry_file.read_text(encoding="utf-8").replace('slug = "exemplo"', f'slug = "{slug}"', 1)
    registry_file.write_text(edit_registry(text) if edit_registry else text, encoding="utf-8")
    if annotations_text is not None:
        (folder / "anotacoes.toml").write_text(annotations_text, encoding="utf-8")
    return folder


def _build(repo: Path, extra: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "COTAS_NORMAS_EXTRA": str(extra)}
    return subprocess.run([sys.executable, "build.py"], cwd=repo, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=1800)


HOSTILE_CASE = """
[[casos]]
nome = "<script>alert(5)</script> [caso](javascript:alert(6)) | x"
razao = "art. 1º <iframe src=https://evil.example/> **y**"
entrada = { comando = "reserva", vagas = 10 }
esperado = { reservadas = 3 }
"""
#: the citation of the review's H1, as TOML writes it: "\\u003c" is a backslash and "u003c", for TOML
H1 = ("Lei nº 1/2030 \\\\u003csvg/onload=alert(7)\\\\u003e\\\\u003cmeta http-equiv=refresh "
      "content=2;url=https://evil.example/redir\\\\u003e")
PWN = 'import pathlib\npathlib.Path({marker!r}).write_text("ran inside build.py")\n'
HOSTILE_NOTES = """[art1_cpt]
texto = \"\"\"
<script>alert("ann")</script> <a href="javascript:alert(3)">clique</a> [md](javascript:alert(4))
<iframe src="https://evil.example/"></iframe> <img src=x OnError="alert(5)"> **Reserva mínima de 25%**.
[fonte](https://example.org/lei) [glossário](../glossario.md#edital) ![x](https://evil.example/p.png)
--8<-- "docs/sobre.md"
\"\"\"
regra = "calculator.rules.default.DefaultRules.concurso_reserved_seats"
"""


def test_hostile_norm_folders_are_refused_or_shown_as_text_and_nothing_runs(tmp_path):
    """The build with the review's evil folder, a YAML injection through the citation (a hooks entry
    naming the folder's own Python file) and a folder whose notes carry script, frames and javascript:
    links: the first two are refused before anything is written, nothing of theirs runs, and the third
    is built with its notes as text; the published policy lists only the site's own scripts."""
    from tests.support import repository_copy, require_site_files

    site = require_site_files(["hospedar.html"])
    repo = repository_copy(tmp_path)
    marker = tmp_path / "PWNED"

    evil = tmp_path / "evil"
    shutil.copytree(EVIL, evil / "evil")
    proc = _build(repo, evil)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "evil/norma.toml: citation tem o caractere '<'" in proc.stderr
    assert not (repo / "site").exists()

    yaml_folder = tmp_path / "yaml"
    folder = _norm_from_example(yaml_folder, "yamlinj", lambda t: t.replace(
        'citation = "Lei nº 1/2030"',
        'citation = "Lei nº 1/2030\\nhooks:\\n  - ' + str(yaml_folder / "yamlinj" / "pwn.py") + '"', 1))
    (folder / "pwn.py").write_text(PWN.format(marker=str(marker)), encoding="utf-8")
    proc = _build(repo, yaml_folder)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "yamlinj/norma.toml: citation tem o caractere de controle U+000A" in proc.stderr
    assert not marker.exists() and not (repo / ".mkdocs-normas.yml").exists()

    linked = tmp_path / "linked"  # a phishing link in a registry's prose (the review's M1)
    _norm_from_example(linked, "linkada", lambda t: t.replace(
        'note = "Vigora por {prazo_de_vigencia_anos} anos."',
        'note = "Vigora por {prazo_de_vigencia_anos} anos. [Clique aqui](https://evil.example/phish)"', 1))
    proc = _build(repo, linked)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "linkada/norma.toml: parameters[5].values[0].note tem marcação de link" in proc.stderr
    assert not (repo / "site").exists()

    notes = tmp_path / "notes"  # its citation carries the review's H1: a tag and a refresh in TOML escapes
    _norm_from_example(notes, "anotada", lambda t: t.replace('citation = "Lei nº 1/2030"',
                                                             f'citation = "{H1}"', 1),
                       annotations_text=HOSTILE_NOTES)
    (notes / "anotada" / "pwn.py").write_text(PWN.format(marker=str(marker)), encoding="utf-8")
    cases_file = notes / "anotada" / "casos.toml"  # a case whose texts carry script, a link and a cell's |
    cases_file.write_text(cases_file.read_text(encoding="utf-8") + HOSTILE_CASE, encoding="utf-8")
    proc = _build(repo, notes)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert not marker.exists()
    built = repo / "site"
    page = (built / "gerado" / "anotada.html").read_text(encoding="utf-8")
    assert "<svg/onload" not in page and "<meta http-equiv" not in page and htmlcheck.problems(built) == []
    shown = html.unescape(page.split("<title>")[1].split("</title>")[0])
    assert shown.startswith("Lei nº 1/2030 \\u003csvg/onload=alert(7)\\u003e")  # the characters typed
    assert "&lt;script&gt;alert(&quot;ann&quot;)&lt;/script&gt;" in page or\
        '&lt;script&gt;alert("ann")&lt;/script&gt;' in page
    content = page.split('class="md-content"')[1]
    assert "&lt;iframe" in page and "<iframe" not in page and "<img" not in content
    assert "javascript:" not in re.sub(r"&lt;a href=\"javascript:alert\(3\)\"&gt;", "", page)
    assert 'href="https://example.org/lei"' in page and 'href="../glossario.html#edital"' in page
    for other in built.rglob("*.html"):
        shown_as_text = r"&lt;.*?&gt;|alert\(\d\)|alert\(&quot;ann&quot;\)|alert\(\"ann\"\)"
        assert "alert(" not in re.sub(shown_as_text, "", other.read_text(encoding="utf-8")), other
    assert csp.csp_policy(built) == csp.csp_policy(site)
    # Metodologia's table of cases shows the folder's texts as typed, never as markup
    metodologia = (built / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    section = metodologia[metodologia.index('id="anotada"'):]
    assert "<script>alert(5)" not in metodologia and "<iframe" not in metodologia
    assert not re.search(r"href=\"\s*javascript", metodologia, re.I)
    assert "<script>alert(5)</script> [caso](javascript:alert(6)) | x" in html.unescape(section)


# --- templates escape by default -------------------------------------------------------------------------
def test_every_template_escapes_by_default_and_none_marks_data_safe():
    from sitebuild.context import TEMPLATES, Context

    env = Context().env
    assert env.autoescape is True
    hostile = '<script>alert(1)</script> " \' &'
    import html

    for shown in env.from_string("{{ x }}|{{ e(x) }}|{{ x | e }}").render(x=hostile).split("|"):
        assert not set("<>\"'") & set(shown) and html.unescape(shown) == hostile
    for template in sorted(TEMPLATES.glob("*.j2")):
        source = template.read_text(encoding="utf-8")
        assert not re.search(r"\|\s*safe\b", source), template.name  # only Markup made by sitebuild/ passes


def test_the_timeline_escapes_a_place_and_a_title(monkeypatch):
    from sitebuild import timeline
    from sitebuild.context import Context

    ctx = Context()
    rows = timeline.validity_timeline(ctx)
    hostile = [{**row, "place": "<b>X</b>", "title": "<script>t</script>"} for row in rows]
    monkeypatch.setattr(timeline, "validity_timeline", lambda _ctx: hostile)
    out = str(timeline.timeline_html(ctx))
    assert "<script>t</script>" not in out and "&lt;script&gt;t&lt;/script&gt;" in out
    assert "<b>X</b>" not in out and "&lt;b&gt;X&lt;/b&gt;" in out
