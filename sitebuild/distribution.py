"""Distribution: ``.gz`` and ``.zst`` twins, the SHA256SUMS manifest and the zip, with the snapshot made
meanwhile."""

from __future__ import annotations

import gzip
import hashlib
import os
import subprocess
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from sitebuild.context import BUILD_CACHE, DIST, ROOT, Context
from sitebuild.pyodide import SNAPSHOT, ZSTD_TWINS, start_snapshot, zip_entry

# Large assets get a ``.gz`` twin (stdlib gzip, level 9, mtime 0: deterministic) that servers with
# gzip_static (nginx) or mod_rewrite rules (Apache) send as is — see docs/hospedar.md. No ``.br``: a Brotli
# package would be one more native dependency and its quality 11 takes tens of seconds on
# pyodide.asm.wasm; gzip already brings it from 9.6 to 3.5 MB.
PRECOMPRESS_SUFFIXES = (".wasm", ".mjs", ".js", ".css", ".json", ".zip", ".html", ".svg", ".txt", ".xml",
                        ".bin", ".map")
PRECOMPRESS_MIN_BYTES = 1024
MANIFEST_NAME = "SHA256SUMS"
DIST_NAME = "cotas-em-concursos"


def site_files(site_dir: Path) -> list[Path]:
    """Every regular file under site_dir, sorted by its POSIX path relative to site_dir."""
    site_dir = Path(site_dir)
    return sorted((p for p in site_dir.rglob("*") if p.is_file()),
                  key=lambda p: p.relative_to(site_dir).as_posix())


#: Only files this large are kept in the build cache once compressed.
CACHED_MIN_BYTES = 1 << 20


def _cache_name(data: bytes, kind: str, settings: str) -> str:
    """The build cache's name for data compressed as ``kind`` with ``settings`` (which take part in the hash,
    so that changed settings are a miss)."""
    return hashlib.sha256(settings.encode() + data).hexdigest() + f".{kind}"


def _packed(data: bytes, kind: str, compress: Callable[[bytes], bytes], cache: Path | None,
            settings: str = "") -> bytes:
    """compress(data), kept in ``cache``/<kind>/ by content hash for files of CACHED_MIN_BYTES or more:
    Pyodide's 9.6 MB wasm and an unchanged snapshot are compressed once, not at every build (same bytes
    either way). ``settings`` names the compressor's settings."""
    cached = None
    if cache is not None and len(data) >= CACHED_MIN_BYTES:
        cached = Path(cache) / kind / _cache_name(data, kind, settings)
        try:
            return cached.read_bytes()
        except FileNotFoundError:
            pass
    packed = compress(data)
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f"{cached.name}.{os.getpid()}.{id(data)}.tmp")
        try:
            tmp.write_bytes(packed)
            tmp.replace(cached)
        except BaseException:
            tmp.unlink(missing_ok=True)  # a full disk leaves no truncated file in the cache
            raise
    return packed


def precompress(site_dir: Path, files: list[Path] | None = None, cache: Path | None = None) -> list[Path]:
    """Write ``<file>.gz`` next to every compressible file of at least PRECOMPRESS_MIN_BYTES.

    Without ``files``: old twins are removed first (including mkdocs's own sitemap.xml.gz, rewritten
    deterministically) and every file of site_dir is considered; with ``files``: only those.
    A ``.gz`` is kept only when smaller than its original. Returns the ``.gz`` files written, sorted.
    zlib releases the GIL, so files are compressed in parallel threads. With ``cache`` (a folder),
    results for large files are kept there by content hash (_packed).
    """
    site_dir = Path(site_dir)
    if files is None:
        for old in list(site_dir.rglob("*.gz")):
            if old.with_suffix("").suffix in PRECOMPRESS_SUFFIXES:
                old.unlink()
        files = site_files(site_dir)
    candidates = [p for p in files
                  if p.suffix in PRECOMPRESS_SUFFIXES and p.stat().st_size >= PRECOMPRESS_MIN_BYTES]

    def one(path: Path) -> Path | None:
        data = path.read_bytes()
        packed = _packed(data, "gz", lambda d: gzip.compress(d, compresslevel=9, mtime=0), cache)
        if len(packed) >= len(data):
            return None
        out = path.with_name(path.name + ".gz")
        out.write_bytes(packed)
        return out

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return [p for p in pool.map(one, candidates) if p is not None]


# The files the calculator's worker downloads (sitebuild.pyodide.ZSTD_TWINS) also get a ``.zst`` twin, which
# the worker fetches and decompresses itself (fzstd): Zstandard at level 19 carries them in about 1 MB less
# than gzip (the wasm 2.9 MB instead of 3.5 MB, the standard library 0.9 MB instead of 1.1 MB), about 0.9 s
# on the phone's 9 Mbit/s. Browsers' DecompressionStream knows only gzip and deflate, and a server cannot be
# counted on to label .zst files, so the page never relies on the server for them. Level 19 (about 3 s for the
# wasm, once: cached), with a 2 MiB window instead of level 19's 8 MiB: fzstd's streaming decoder moves its
# whole window at every 128 KB block, and the smaller window takes its time for the wasm from about 185 to
# 85 ms (Node, unthrottled; four times that on the phone's CPU) for 12 KB more.
ZSTD_LEVEL = 19
ZSTD_WINDOW_LOG = 21
ZSTD_SETTINGS = f"zstd-{ZSTD_LEVEL}-w{ZSTD_WINDOW_LOG}\n"


def zstd_twins(site_dir: Path, cache: Path | None = None) -> list[Path]:
    """Write ``<file>.zst`` next to each of ZSTD_TWINS present in site_dir; returns them, sorted."""
    import zstandard  # build-time only (requirements.txt); the page decompresses with fzstd

    site_dir = Path(site_dir)
    for old in list(site_dir.rglob("*.zst")):
        old.unlink()

    def compress(data: bytes) -> bytes:
        # content size in the header: fzstd then writes into one buffer of the right size
        params = zstandard.ZstdCompressionParameters.from_level(
            ZSTD_LEVEL, window_log=ZSTD_WINDOW_LOG, write_content_size=1)
        return zstandard.ZstdCompressor(compression_params=params).compress(data)

    def one(rel: Path) -> Path | None:
        path = site_dir / rel
        if not path.is_file():
            return None
        out = path.with_name(path.name + ".zst")
        out.write_bytes(_packed(path.read_bytes(), "zst", compress, cache, ZSTD_SETTINGS))
        return out

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return sorted(p for p in pool.map(one, ZSTD_TWINS) if p is not None)


def write_manifest(site_dir: Path) -> Path:
    """Write site_dir/SHA256SUMS: one ``<sha256>  <path>`` line per file, sorted (``sha256sum -c``)."""
    site_dir = Path(site_dir)
    out = site_dir / MANIFEST_NAME
    lines = []
    for path in site_files(site_dir):
        rel = path.relative_to(site_dir).as_posix()
        if rel == MANIFEST_NAME:
            continue
        if "\n" in rel or "\\" in rel:
            raise SystemExit(f"erro: nome de arquivo não suportado no manifesto: {rel!r}")
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for chunk in iter(lambda fh=fh: fh.read(1 << 20), b""):
                digest.update(chunk)
        lines.append(f"{digest.hexdigest()}  {rel}\n")
    out.write_text("".join(lines), encoding="utf-8", newline="\n")
    return out


def dist_version() -> str:
    """The package's version (calculator.VERSION), plus ``-g<short hash>`` when git knows the commit."""
    from sitebuild.wheel import version as package_version

    version = package_version()
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = ""
    return f"{version}-g{commit}" if commit else version


# Files that are already compressed are stored, not deflated again.
ZIP_STORED_SUFFIXES = (".gz", ".zst", ".br", ".zip", ".png", ".jpg", ".jpeg", ".woff", ".woff2", ".ico")


def make_zip(site_dir: Path, dist_dir: Path = DIST, version: str | None = None) -> Path:
    """dist/cotas-em-concursos-<version>.zip holding site_dir under one top folder of the same name.

    Deterministic: entries sorted, fixed timestamps and modes (zip_entry), no directory entries.
    site_dir should already hold SHA256SUMS (write_manifest), so the zip carries its own checksums.
    """
    name = f"{DIST_NAME}-{version or dist_version()}"
    dist_dir = Path(dist_dir)
    dist_dir.mkdir(parents=True, exist_ok=True)
    out = dist_dir / f"{name}.zip"
    tmp = out.with_name(out.name + ".tmp")
    site_dir = Path(site_dir)
    with zipfile.ZipFile(tmp, "w") as zf:
        for path in site_files(site_dir):
            info = zip_entry(f"{name}/{path.relative_to(site_dir).as_posix()}")
            stored = path.suffix.lower() in ZIP_STORED_SUFFIXES
            if stored:
                info.compress_type = zipfile.ZIP_STORED
            zf.writestr(info, path.read_bytes(), compresslevel=None if stored else 9)
    tmp.replace(out)
    return out


def prune_cache(site_dir: Path, cache: Path, snapshot_key: str) -> None:
    """Keep in the build cache only what this build used (each old snapshot is 31 MB)."""
    site_dir, cache = Path(site_dir), Path(cache)
    for kind, settings in (("gz", ""), ("zst", ZSTD_SETTINGS)):
        originals = [twin.with_suffix("") for twin in site_dir.rglob(f"*.{kind}")]
        keep = {_cache_name(p.read_bytes(), kind, settings)
                for p in originals if p.is_file() and p.stat().st_size >= CACHED_MIN_BYTES}
        for old in (cache / kind).glob(f"*.{kind}"):
            if old.name not in keep:
                old.unlink()
    for old in (cache / "snapshot").glob("*.bin"):
        if old.stem != snapshot_key:
            old.unlink()


def finish_site(site_dir: Path, zip_to: Path | None = None, cache: Path | None = BUILD_CACHE) -> Path | None:
    """Post-build steps for hosting: Pyodide snapshot, .gz and .zst twins, SHA256SUMS and, if asked, the
    zip."""
    site_dir = Path(site_dir)
    (site_dir / SNAPSHOT).unlink(missing_ok=True)
    wait_snapshot = start_snapshot(site_dir, cache)
    precompress(site_dir, cache=cache)  # everything but the snapshot, while Node makes it
    precompress(site_dir, files=[wait_snapshot()], cache=cache)
    zstd_twins(site_dir, cache=cache)
    if cache is not None:
        prune_cache(site_dir, cache, wait_snapshot.key)
    write_manifest(site_dir)
    if zip_to is None:
        return None
    out = make_zip(site_dir, zip_to)
    print(f"pacote: {out}")
    return out



def finish(ctx: Context) -> None:
    finish_site(ctx.out, zip_to=ctx.zip_to)
