"""build.py as a whole: strict mkdocs, nothing half-written, one build at a time, pinned law texts.

The stages run for real (mkdocs included) on temporary folders; the repository's own site/ is never
touched by these tests.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import build
from laws.corpus import CorpusError, Norm
from sitebuild import mkdocs_run, pyodide, staging
from tests import pace
from tests.support import ROOT


@pytest.fixture(scope="module")
def docs_copy(tmp_path_factory) -> Path:
    """A copy of docs/ (generated pages included) and mkdocs.yml, to build without touching the repo."""
    if not (ROOT / "docs" / "gerado" / "ubatuba.md").is_file():
        pytest.fail("docs/gerado/ não foi gerado: rode `.venv/bin/python build.py`.", pytrace=False)
    root = tmp_path_factory.mktemp("docs")
    shutil.copytree(ROOT / "docs", root / "docs")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


# --- 7. --strict really is strict --------------------------------------------------------------
def test_a_broken_link_fails_the_build(docs_copy, tmp_path):
    page = docs_copy / "docs" / "glossario.md"
    original = page.read_text(encoding="utf-8")
    page.write_text(original + "\n[quebrado](nao-existe.md)\n", encoding="utf-8")
    try:
        with pytest.raises(SystemExit) as info:
            mkdocs_run.run_mkdocs(tmp_path / "out", root=docs_copy)
    finally:
        page.write_text(original, encoding="utf-8")
    message = str(info.value)
    assert message.startswith("erro: o mkdocs recusou o site") and "nao-existe.md" in message
    # and the same tree without the broken link builds
    mkdocs_run.run_mkdocs(tmp_path / "ok", root=docs_copy)
    assert (tmp_path / "ok" / "glossario.html").is_file()


def test_build_never_passes_quiet_to_mkdocs():
    source = Path(mkdocs_run.__file__).read_text(encoding="utf-8") + Path(build.__file__).read_text("utf-8")
    assert '"--quiet"' not in source and '"-q"' not in source


# --- 8. nothing half-written --------------------------------------------------------------------
def test_a_failing_late_stage_leaves_the_last_good_site(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("o site anterior", encoding="utf-8")
    monkeypatch.setattr(build, "SITE", site)
    monkeypatch.setattr(staging, "LOCK", tmp_path / ".build.lock")
    monkeypatch.setattr(build, "PAGES", ())  # docs/gerado/ as the last build left it

    def broken(ctx):
        assert (Path(ctx.out) / "index.html").read_text(encoding="utf-8") != "o site anterior"
        raise SystemExit("erro: falha simulada no empacotamento")

    stages = list(build.SITE_STAGES)
    stages[stages.index(pyodide.pack)] = broken
    monkeypatch.setattr(build, "SITE_STAGES", tuple(stages))
    with pytest.raises(SystemExit, match="falha simulada"):
        build.main([])
    assert [p.name for p in site.iterdir()] == ["index.html"]
    assert (site / "index.html").read_text(encoding="utf-8") == "o site anterior"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".build.lock", "site"]  # no staging left


def test_swap_replaces_the_site_whole(tmp_path):
    site, new = tmp_path / "site", tmp_path / "novo"
    site.mkdir()
    (site / "velho.html").write_text("v")
    new.mkdir()
    (new / "index.html").write_text("n")
    staging.swap_into_place(new, site)
    assert [p.name for p in site.iterdir()] == ["index.html"] and not new.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_staging_folders_of_killed_builds_are_removed(tmp_path):
    site = tmp_path / "site"
    stale = tmp_path / ".site-123.tmp"
    stale.mkdir()
    (stale / "x").write_text("meio")
    fresh = staging.staging_dir(site)
    assert not stale.exists() and fresh.is_dir() and list(fresh.iterdir()) == []


def test_a_full_disk_leaves_no_truncated_copy(tmp_path, monkeypatch):
    src, dest = tmp_path / "snapshot.bin", tmp_path / "site" / "calculator.snapshot.bin"
    src.write_bytes(b"x" * 10_000)
    dest.parent.mkdir()

    def half_then_full(a, b, *args, **kwargs):
        Path(b).write_bytes(Path(a).read_bytes()[:4000])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shutil, "copyfile", half_then_full)
    with pytest.raises(OSError):
        pyodide._copy_if_present(src, dest)
    assert list(dest.parent.iterdir()) == []  # neither the final name nor a temporary one
    monkeypatch.undo()
    assert pyodide._copy_if_present(src, dest) and dest.read_bytes() == src.read_bytes()
    assert pyodide._copy_if_present(tmp_path / "nada", dest) is False


def test_a_second_build_waits_for_the_first(tmp_path):
    lock = tmp_path / ".build.lock"
    code = ("import sys, time; sys.path.insert(0, sys.argv[1]); from sitebuild import staging\n"
            "with staging.build_lock(__import__('pathlib').Path(sys.argv[2])):\n"
            "    print(time.monotonic(), flush=True)\n")
    with staging.build_lock(lock):
        proc = subprocess.Popen([sys.executable, "-c", code, str(ROOT), str(lock)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        # the second build has found the lock taken when it says so (it then waits); read until then,
        # however long a busy machine takes to start it, instead of sleeping a fixed time
        said = proc.stderr.readline()
        released = time.monotonic()
        assert proc.poll() is None  # still waiting
    out, err = proc.communicate(timeout=pace.seconds(30))
    assert proc.returncode == 0
    assert float(out) >= released
    assert "outra geração do site está em andamento" in said


# --- 9. the law text is pinned --------------------------------------------------------------------
@pytest.fixture
def laws_copy(tmp_path) -> Path:
    shutil.copytree(ROOT / "laws", tmp_path / "laws", ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return tmp_path / "laws"


def test_an_edited_law_text_is_refused_by_the_loader_and_the_build(laws_copy):
    text = laws_copy / "ubatuba" / "texto.txt"
    data = text.read_bytes()
    assert b"20%" in data
    text.write_bytes(data.replace(b"20%", b"30%", 1))
    with pytest.raises(CorpusError) as info:
        Norm.load("ubatuba", laws_copy)
    message = str(info.value)
    assert "\n" not in message
    assert "ubatuba/texto.txt" in message and "ubatuba/meta.toml" in message
    assert "git diff -- " in message and "atualize sha256" in message
    with pytest.raises(SystemExit) as stop:
        staging.check_corpus(laws_copy)
    assert str(stop.value) == f"erro: {message}"
    # the untouched norms still load, and so does the original text
    Norm.load("lins", laws_copy)
    text.write_bytes(data)
    Norm.load("ubatuba", laws_copy)


def test_a_text_without_pinned_hash_is_refused(laws_copy):
    meta = laws_copy / "quissama" / "meta.toml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text.replace("sha256 = ", "sha256_antigo = "), encoding="utf-8")
    with pytest.raises(CorpusError, match=r"falta a soma SHA-256"):
        Norm.load("quissama", laws_copy)


def test_the_build_stops_on_an_edited_text_before_writing_anything(tmp_path, laws_copy, monkeypatch):
    text = laws_copy / "lins" / "texto.txt"
    text.write_bytes(text.read_bytes() + b" ")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("o site anterior", encoding="utf-8")
    called = []
    monkeypatch.setattr(staging, "LAWS_DIR", laws_copy)
    monkeypatch.setattr(build, "SITE", site)
    monkeypatch.setattr(staging, "LOCK", tmp_path / ".build.lock")
    monkeypatch.setattr(build, "PAGES", (lambda ctx: called.append("generate"),))
    with pytest.raises(SystemExit, match=r"^erro: .*lins/texto.txt não é o texto fixado"):
        build.main([])
    assert called == [] and [p.name for p in site.iterdir()] == ["index.html"]


@pytest.mark.parametrize(("code", "said"), [(errno.ENOSPC, "não há espaço em disco"),
                                            (errno.EROFS, "sem permissão de escrita")])
def test_a_full_disk_stops_the_build_with_one_line(monkeypatch, code, said):
    """The review's L6: a file the build cannot write is one pt-BR line, not a traceback (site/ is swapped
    only when whole, so the previous one stays)."""
    def fails(args):
        raise OSError(code, os.strerror(code), "/x/.site-1.tmp/index.html")

    monkeypatch.setattr(build, "build", fails)
    with pytest.raises(SystemExit) as stopped:
        build.main([])
    assert stopped.value.code == (f"erro: a geração do site parou: {said} (/x/.site-1.tmp/index.html). O "
                                  "site/ anterior ficou intacto; libere espaço ou corrija a pasta e gere de "
                                  "novo.")


# --- build.py --site-url: canonical links, a full sitemap, absolute previews -----------------------------
def test_the_site_address_gives_canonical_links_and_a_full_sitemap(docs_copy, tmp_path):
    """Without the address mkdocs writes an empty sitemap.xml and no canonical link (the built site/ shows
    it); with it, every page is in the sitemap under its full address, and its previews are absolute."""
    import re

    base = "https://www.exemplo.sp.gov.br/cotas/"
    out = tmp_path / "out"
    mkdocs_run.run_mkdocs(out, root=docs_copy, site_url=base)
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 15
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert sorted(re.findall(r"<loc>([^<]*)</loc>", sitemap)) == sorted(base + p for p in pages)
    for rel in pages:
        text = (out / rel).read_text(encoding="utf-8")
        assert f'<link rel="canonical" href="{base}{rel}">' in text, rel
        assert f'<meta property="og:url" content="{base}{rel}">' in text, rel
        assert f'<meta property="og:image" content="{base}assets/previa.png">' in text, rel
    assert not (docs_copy / mkdocs_run.NORMS_CONFIG).exists()  # the configuration's copy is gone
