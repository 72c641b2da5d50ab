"""Offline distribution: precompressed twins, SHA256SUMS manifest, deterministic zip.

The functions are exercised on synthetic trees (tmp_path) and, when `python build.py` has run, on the
real built site in site/.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import random
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import build
from sitebuild import distribution, pyodide
from tests.support import ROOT, SITE, sha256sum_check


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def sample_site(tmp_path: Path) -> Path:
    """A small site with compressible, incompressible, tiny and nested files (one name with a space)."""
    site = tmp_path / "site"
    rng = random.Random(7)
    files = {
        "index.html": ("<p>Cotas em concursos</p>\n" * 200).encode(),
        "assets/pyodide/pyodide.asm.wasm": b"\0asm\x01\0\0\0"
        + bytes(rng.choice(b"abcd\0") for _ in range(50_000)),
        "assets/pyodide/pyodide.mjs": ("export const x = 1;\n" * 300).encode(),
        "assets/calculadora/noise.bin": rng.randbytes(40_000),  # incompressible: no .gz
        "assets/tiny.js": b"console.log(1);\n",  # under the threshold: no .gz
        "assets/images/logo.png": b"\x89PNG" + b"x" * 5000,  # not a precompressed type
        "gerado/downloads/texto com espaço.txt": ("Art. 1º Fica instituída a reserva.\n" * 100).encode(),
        "search/search_index.json": ('{"docs": [' + ",".join(['{"t": "vagas"}'] * 500) + "]}").encode(),
    }
    for rel, data in files.items():
        path = site / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return site


# --------------------------------------------------------------------------- precompression


def test_precompress_writes_identical_gzip_twins(sample_site: Path):
    before = tree(sample_site)
    written = distribution.precompress(sample_site)
    names = {p.relative_to(sample_site).as_posix() for p in written}
    assert names == {
        "index.html.gz",
        "assets/pyodide/pyodide.asm.wasm.gz",
        "assets/pyodide/pyodide.mjs.gz",
        "gerado/downloads/texto com espaço.txt.gz",
        "search/search_index.json.gz",
    }
    for rel in names:
        packed = (sample_site / rel).read_bytes()
        assert gzip.decompress(packed) == before[rel[:-3]]
        assert len(packed) < len(before[rel[:-3]])
        assert packed[4:8] == b"\0\0\0\0"  # gzip header mtime 0: reproducible
    # originals untouched
    assert {k: v for k, v in tree(sample_site).items() if not k.endswith(".gz")} == before


def test_precompress_is_deterministic_and_replaces_stale_twins(sample_site: Path):
    distribution.precompress(sample_site)
    first = tree(sample_site)
    (sample_site / "index.html").write_bytes(b"<p>nova versao</p>\n" * 300)
    (sample_site / "assets/pyodide/pyodide.mjs").write_bytes(b"x")  # now under the threshold
    distribution.precompress(sample_site)
    second = tree(sample_site)
    assert gzip.decompress(second["index.html.gz"]) == b"<p>nova versao</p>\n" * 300
    assert "assets/pyodide/pyodide.mjs.gz" not in second  # stale twin removed
    assert second["assets/pyodide/pyodide.asm.wasm.gz"] == first["assets/pyodide/pyodide.asm.wasm.gz"]
    distribution.precompress(sample_site)
    assert tree(sample_site) == second


# --------------------------------------------------------------------------- manifest


def test_manifest_lists_every_file_and_passes_sha256sum(sample_site: Path):
    distribution.precompress(sample_site)
    manifest = distribution.write_manifest(sample_site)
    assert manifest == sample_site / "SHA256SUMS"
    lines = manifest.read_text(encoding="utf-8").splitlines()
    entries = {}
    for line in lines:
        digest, rel = line.split("  ", 1)
        entries[rel] = digest
    files = tree(sample_site)
    del files["SHA256SUMS"]
    assert list(entries) == sorted(entries)
    assert entries == {rel: hashlib.sha256(data).hexdigest() for rel, data in files.items()}
    ok = sha256sum_check(sample_site)
    assert ok.returncode == 0, ok.stdout + ok.stderr


def test_manifest_detects_a_changed_file(sample_site: Path):
    distribution.write_manifest(sample_site)
    (sample_site / "assets/tiny.js").write_bytes(b"alert(1);\n")
    bad = sha256sum_check(sample_site, strict=False)
    assert bad.returncode != 0
    assert "assets/tiny.js" in bad.stdout


# --------------------------------------------------------------------------- zip


def test_zip_unpacks_to_the_same_tree_and_is_deterministic(sample_site: Path, tmp_path: Path):
    distribution.precompress(sample_site)
    distribution.write_manifest(sample_site)
    out1 = distribution.make_zip(sample_site, tmp_path / "d1", version="9.9.9")
    assert out1.name == "cotas-em-concursos-9.9.9.zip"
    # touching every file (new mtimes) must not change a byte of the zip
    for path in sample_site.rglob("*"):
        if path.is_file():
            os.utime(path, (1_900_000_000, 1_900_000_000))
    out2 = distribution.make_zip(sample_site, tmp_path / "d2", version="9.9.9")
    assert out1.read_bytes() == out2.read_bytes()

    with zipfile.ZipFile(out1) as zf:
        names = zf.namelist()
        assert names == sorted(names)
        assert all(n.startswith("cotas-em-concursos-9.9.9/") for n in names)
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert zf.testzip() is None
        unpacked = tmp_path / "unpacked"
        zf.extractall(unpacked)
    assert tree(unpacked / "cotas-em-concursos-9.9.9") == tree(sample_site)
    check = sha256sum_check(unpacked / "cotas-em-concursos-9.9.9")
    assert check.returncode == 0, check.stdout


def test_dist_version_is_the_packages():
    from calculator import VERSION as version  # pyproject.toml reads it from there too
    got = distribution.dist_version()
    assert re.fullmatch(re.escape(version) + r"(-g[0-9a-f]{4,40})?", got), got
    if shutil.which("git") and (ROOT / ".git").exists():
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        if head:
            assert got == f"{version}-g{head}"


def test_build_cli_has_zip_option():
    assert build.parse_args(["--zip"]).zip is True
    assert build.parse_args([]).zip is False


# --------------------------------------------------------------------------- the real built site

built = pytest.mark.usefixtures("built_site")


@built
def test_built_site_manifest_verifies():
    check = sha256sum_check(SITE)
    assert check.returncode == 0, check.stdout[:2000]
    lines = (SITE / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    listed = {line.split("  ", 1)[1] for line in lines}
    assert listed == set(tree(SITE)) - {"SHA256SUMS"}


@built
def test_built_site_wasm_is_precompressed():
    wasm = SITE / "assets/pyodide/pyodide.asm.wasm"
    packed = (SITE / "assets/pyodide/pyodide.asm.wasm.gz").read_bytes()
    assert gzip.decompress(packed) == wasm.read_bytes()
    assert len(packed) < 4_000_000 < wasm.stat().st_size
    for rel in (
        "assets/pyodide/pyodide.asm.mjs",
        "assets/calculadora/calculadora.js",
        "search/search_index.json",
    ):
        if (SITE / rel).is_file():
            assert gzip.decompress((SITE / (rel + ".gz")).read_bytes()) == (SITE / rel).read_bytes()


ROOT_ABSOLUTE = re.compile(r"""(?:href|src|action)\s*=\s*["']/(?!/)""")


@built
def test_built_html_uses_only_relative_urls():
    """Served from a sub-path (/cotas/), a root-absolute URL would leave the site.

    404.html included: build.py replaces MkDocs's (root-absolute URLs) with a self-contained page that
    finds the site root at run time (tests/browser/test_calculadora.py, test_404_page_under_a_sub_path)."""
    offenders = []
    for page in SITE.rglob("*.html"):
        for m in ROOT_ABSOLUTE.finditer(page.read_text(encoding="utf-8")):
            offenders.append(f"{page.relative_to(SITE)}: {m.group(0)}")
    assert offenders == []


@built
def test_law_pages_load_no_pyodide():
    for slug in ("ubatuba", "quissama", "lins"):
        page = (SITE / "gerado" / f"{slug}.html").read_text(encoding="utf-8")
        assert "pyodide" not in page.lower()
        assert "worker.js" not in page


def test_precompress_cache_gives_the_same_bytes(tmp_path: Path):
    site = tmp_path / "site"
    site.mkdir()
    rng = random.Random(3)
    big = bytes(rng.choice(b"wasm\0\1") for _ in range(1_200_000))
    (site / "big.wasm").write_bytes(big)
    plain = distribution.precompress(site)[0].read_bytes()
    cache = tmp_path / "cache"
    distribution.precompress(site, cache=cache)
    cached = list((cache / "gz").iterdir())
    assert [p.name for p in cached] == [hashlib.sha256(big).hexdigest() + ".gz"]
    assert cached[0].read_bytes() == plain
    assert distribution.precompress(site, cache=cache)[0].read_bytes() == plain
    assert gzip.decompress((site / "big.wasm.gz").read_bytes()) == big


def test_zstd_twins_decompress_to_the_originals_and_are_cached(tmp_path: Path):
    """Each file the worker downloads gets a .zst twin with its content size in the header (fzstd then
    allocates once), the same bytes from the cache; old twins go."""
    import zstandard

    site = tmp_path / "site"
    rng = random.Random(5)
    originals = {}
    for rel in pyodide.ZSTD_TWINS:
        path = site / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        size = 1_100_000 if rel.suffix == ".wasm" else 5_000
        originals[rel] = bytes(rng.choice(b"python\0\1") for _ in range(size))
        path.write_bytes(originals[rel])
    stale = site / "assets" / "velho.bin.zst"
    stale.write_bytes(b"x")
    cache = tmp_path / "cache"
    twins = distribution.zstd_twins(site, cache=cache)
    assert twins == sorted(site / f"{rel}.zst" for rel in pyodide.ZSTD_TWINS)
    assert not stale.exists()
    for rel, data in originals.items():
        packed = (site / f"{rel}.zst").read_bytes()
        assert packed[:4] == b"\x28\xb5\x2f\xfd" and len(packed) < len(data)
        frame = zstandard.get_frame_parameters(packed)
        assert frame.content_size == len(data)
        assert zstandard.ZstdDecompressor().decompress(packed) == data
    cached = list((cache / "zst").iterdir())
    assert len(cached) == 1  # only the large file (the wasm) is worth keeping
    first = (site / "assets/pyodide/pyodide.asm.wasm.zst").read_bytes()
    distribution.zstd_twins(site, cache=cache)
    assert (site / "assets/pyodide/pyodide.asm.wasm.zst").read_bytes() == first
