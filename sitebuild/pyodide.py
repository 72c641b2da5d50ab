"""The calculator in the browser: Pyodide's runtime copied from node_modules (npm, pinned), the calculator
packed into calculator.zip, the standard library trimmed to what it loads, and the memory snapshot the
page's worker starts from."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

from sitebuild.context import BUILD_CACHE, ROOT, Context

# Pyodide files the calculator page loads (its loader, the runtime and the standard library). The lock
# file is written trimmed (no packages): the page never installs anything (no micropip, no network).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
# What the worker downloads to start Python, relative to site/: each gets a .zst twin
# (sitebuild.distribution.zstd_twins), decompressed in the worker by fzstd (npm, pinned), copied beside it.
ZSTD_TWINS = tuple(Path(p) for p in (
    "assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.mjs", "assets/pyodide/python_stdlib.zip",
    "assets/calculadora/calculator.zip", "assets/calculadora/calculator.snapshot.bin"))
ZSTD_DECODER = Path("assets") / "calculadora" / "fzstd.mjs"


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A deflated zip entry with fixed metadata (timestamp, mode, system), so that every zip the build
    writes has the same bytes on every build."""
    info = zipfile.ZipInfo(name, ZIP_EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    info.create_system = 3
    return info


#: The files of a norm folder the calculator reads: the registry (at import), and the verbatim text with the
#: meta.toml its parser reads the closing lines from (the edital's report quotes the provisions cited and
#: gives the text's SHA-256, calculator/report/quotes.py).
NORM_FILES = ("norma.toml", "texto.txt", "meta.toml")


def calculator_data_files() -> list[Path]:
    """Each norm's :data:`NORM_FILES` that exists: packed at the same relative path, so
    calculator/norms/discovery.py finds them in Pyodide as in the repository."""
    from calculator.norms import discover, path_of

    folders = [path_of(slug).parent for slug in discover()]
    return [folder / name for folder in folders for name in NORM_FILES if (folder / name).is_file()]


def pack_calculator(site_dir: Path, cache: Path | None = None) -> None:
    """The calculator page's files.

    Copies Pyodide from node_modules/pyodide (npm, pinned) into site/assets/pyodide/, builds the wheel
    (sitebuild.wheel, published as site/downloads/<wheel>) and packs that wheel's calculator/*.py, as
    bytecode (compile_bytecode), and its norms' registries, texts and metadata (:data:`NORM_FILES`) into
    site/assets/calculadora/calculator.zip — deterministic (sorted names, fixed timestamps and modes),
    loaded in the page's Web Worker with ``pyodide.unpackArchive``. The standard library zip keeps only the
    files the calculator loads (trim_stdlib), as bytecode too. ``cache``: the build cache's folder (by
    default BUILD_CACHE).
    """
    src = ROOT / "node_modules" / "pyodide"
    if not (src / "pyodide.mjs").is_file():
        raise SystemExit("erro: Pyodide não encontrado em node_modules/pyodide; rode `npm ci`.")
    dest = Path(site_dir) / "assets" / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if name != "python_stdlib.zip":
            shutil.copyfile(src / name, dest / name)
    copy_zstd_decoder(site_dir)
    lock = json.loads((src / "pyodide-lock.json").read_text(encoding="utf-8"))
    (dest / "pyodide-lock.json").write_text(
        json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n", encoding="utf-8")

    out = Path(site_dir) / "assets" / "calculadora" / "calculator.zip"
    out.parent.mkdir(parents=True, exist_ok=True)
    # The page runs the package pip installs: calculator/*.py and the norms' files come from the wheel
    # (published beside the site's downloads); a norm from an extra corpus folder (COTAS_NORMAS_EXTRA),
    # not in the wheel, is packed as laws/<slug>/<file> too, so the page finds it where the calculator
    # looks for the corpus.
    from sitebuild import wheel

    built = wheel.build_wheel(Path(site_dir) / wheel.FOLDER, cache)
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(built) as whl:
        for name in whl.namelist():
            folder_file = name.startswith("laws/") and name.count("/") == 2
            if (name.startswith("calculator/") and name.endswith(".py")) or (
                    folder_file and name.rpartition("/")[2] in NORM_FILES):
                files[name] = whl.read(name)
    for p in calculator_data_files():
        files.setdefault(f"laws/{p.parent.name}/{p.name}", p.read_bytes())
    sources = out.with_name(out.name + ".sources")
    try:
        with zipfile.ZipFile(sources, "w") as zf:
            for name, data in sorted(files.items()):
                zf.writestr(zip_entry(name), data)
        trim_stdlib(src / "python_stdlib.zip", sources, dest / "python_stdlib.zip", cache)
        # the worker unpacks calculator.zip into Pyodide's home folder, where the modules then live
        compile_bytecode(src, sources, out, where=PYODIDE_HOME, cache=cache)
    finally:
        sources.unlink(missing_ok=True)


PYODIDE_HOME = "/home/pyodide"


def copy_zstd_decoder(site_dir: Path) -> Path:
    """fzstd's ES module (node_modules/fzstd, npm, pinned; MIT) as site/assets/calculadora/fzstd.mjs, with
    its licence notice on top: the worker imports it to decompress the .zst twins."""
    src = ROOT / "node_modules" / "fzstd"
    module = src / "esm" / "index.mjs"
    if not module.is_file():
        raise SystemExit("erro: fzstd não encontrado em node_modules/fzstd; rode `npm ci`.")
    version = json.loads((src / "package.json").read_text(encoding="utf-8"))["version"]
    licence = (src / "LICENSE").read_text(encoding="utf-8").strip()
    out = Path(site_dir) / ZSTD_DECODER
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(f"/* fzstd {version} (npm), https://github.com/101arrowz/fzstd\n\n{licence}\n*/\n"
                   + module.read_text(encoding="utf-8"), encoding="utf-8")
    return out


# Files kept in the trimmed standard library besides those seen loaded (tools/stdlib_modules.mjs): codecs a
# browser's file may need and the error formatting path.
STDLIB_ALWAYS = ("encodings/__init__.py", "encodings/aliases.py", "encodings/utf_8.py",
                 "encodings/utf_8_sig.py", "encodings/cp1252.py", "encodings/latin_1.py",
                 "encodings/ascii.py",
                 "traceback.py", "linecache.py")


def _cache_entry(kind: str, inputs: list[Path], suffix: str, cache: Path | None) -> Path | None:
    """Where the build cache keeps what ``kind`` made from ``inputs`` (None without a cache): the name is
    the digest of the inputs' bytes, so a changed input is a miss, and older entries of the kind go."""
    if cache is None:
        return None
    key = hashlib.sha256()
    for path in inputs:
        key.update(hashlib.sha256(path.read_bytes()).digest())
    return Path(cache) / kind / f"{key.hexdigest()}{suffix}"


def _keep_in_cache(entry: Path | None, write) -> None:
    if entry is None:
        return
    entry.parent.mkdir(parents=True, exist_ok=True)
    for old in entry.parent.glob(f"*{entry.suffix}"):
        old.unlink(missing_ok=True)  # another build may be clearing the same folder
    part = entry.with_name(f"{entry.name}.{os.getpid()}.part")
    write(part)
    part.replace(entry)  # through a temporary name: nobody ever reads half an entry


def _node(script: str, *args: str, what: str) -> str:
    proc = subprocess.run(["node", str(ROOT / "tools" / script), *args], cwd=ROOT, capture_output=True,
                          text=True)
    if proc.returncode != 0:
        raise SystemExit(f"erro: não foi possível {what} (tools/{script}):\n{proc.stderr.strip()}")
    return proc.stdout


def stdlib_needed(full_zip: Path, calculator_zip: Path, cache: Path | None = None) -> list[str]:
    """The stdlib files the calculator loads in Pyodide (tools/stdlib_modules.mjs, cached by inputs in
    ``cache``, by default the build cache)."""
    cache = BUILD_CACHE if cache is None else cache
    entry = _cache_entry("stdlib", [full_zip, calculator_zip, ROOT / "tools" / "stdlib_modules.mjs"],
                         ".json", cache)
    if entry is not None and entry.is_file():
        return json.loads(entry.read_text(encoding="utf-8"))
    out = _node("stdlib_modules.mjs", str(full_zip.parent), str(calculator_zip),
                what="listar os módulos da biblioteca padrão")
    names = json.loads(out.strip().splitlines()[-1])
    _keep_in_cache(entry, lambda part: part.write_text(json.dumps(names), encoding="utf-8"))
    return names


def trim_stdlib(full_zip: Path, calculator_zip: Path, out: Path, cache: Path | None = None) -> Path:
    """Pyodide's python_stdlib.zip holding only what the calculator loads (about a third of its 2.5 MB),
    as bytecode (compile_bytecode).

    Deterministic (sorted names, fixed timestamps); each kept file is the original's bytes, or for a
    module the bytecode of the original's bytes."""
    keep = set(stdlib_needed(full_zip, calculator_zip, cache)) | set(STDLIB_ALWAYS)
    sources = out.with_name(out.name + ".sources")
    with zipfile.ZipFile(full_zip) as src, zipfile.ZipFile(sources, "w") as zf:
        for name in sorted(n for n in src.namelist() if n in keep):
            zf.writestr(zip_entry(name), src.read(name), compresslevel=9)
    try:
        compile_bytecode(full_zip.parent, sources, out, cache=cache)
    finally:
        sources.unlink(missing_ok=True)
    return out


def compile_bytecode(pyodide_dir: Path, sources: Path, out: Path, where: str = "",
                     cache: Path | None = None) -> Path:
    """The zip ``sources`` with every module as bytecode of Pyodide's own interpreter
    (tools/compile_bytecode.mjs), for modules that live in ``where`` on the page (by default the
    standard library's zip): the page's Python then starts without compiling them, about 1 s less per start
    in Node for 0.3 MB more to download. Cached by inputs like stdlib_needed."""
    cache = BUILD_CACHE if cache is None else cache
    tool = ROOT / "tools" / "compile_bytecode.mjs"
    # one cache folder per destination, so the standard library's entry and the calculator's do not
    # replace each other ("bytecode", "bytecode-home-pyodide")
    entry = _cache_entry("bytecode" + where.rstrip("/").replace("/", "-"),
                         [Path(pyodide_dir) / "pyodide.asm.wasm", sources, tool], ".zip", cache)
    if entry is not None and _copy_if_present(entry, out):
        return out
    tmp = out.with_name(out.name + ".tmp")
    try:
        _node(tool.name, str(pyodide_dir), str(sources), str(tmp), where,
              what="compilar o Python do site para o Pyodide")
        tmp.replace(out)
    finally:
        tmp.unlink(missing_ok=True)
    _keep_in_cache(entry, lambda part: shutil.copyfile(out, part))
    return out


# Pyodide memory snapshot of the calculator, made at build time in Node (tools/make_snapshot.mjs) from the
# site's own Pyodide files and calculator.zip, already imported; the page's worker starts from it with
# loadPyodide({_loadSnapshot}) and falls back to a plain load when that fails.
SNAPSHOT = Path("assets") / "calculadora" / "calculator.snapshot.bin"


def snapshot_inputs(site_dir: Path) -> list[Path]:
    """Everything the snapshot depends on: the Pyodide runtime, calculator.zip and the Node script."""
    pyodide = Path(site_dir) / "assets" / "pyodide"
    calculator_zip = Path(site_dir) / "assets" / "calculadora" / "calculator.zip"
    return ([pyodide / name for name in (*PYODIDE_FILES, "pyodide-lock.json")]
            + [calculator_zip, ROOT / "tools" / "make_snapshot.mjs"])


def _copy_if_present(src: Path, dest: Path) -> bool:
    """Copy src to dest through a temporary name: a full disk leaves no truncated dest behind."""
    part = dest.with_name(f"{dest.name}.{os.getpid()}.part")
    try:
        shutil.copyfile(src, part)
    except FileNotFoundError:
        part.unlink(missing_ok=True)
        return False
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    part.replace(dest)
    return True


def start_snapshot(site_dir: Path, cache: Path | None = BUILD_CACHE):
    """Start writing site_dir/SNAPSHOT; returns a function that waits for it and returns its path.

    Node runs in the background (the caller compresses other files meanwhile). The snapshot is
    byte-reproducible (tools/make_snapshot.mjs fixes the clock and the entropy while it is made); with
    ``cache`` it is reused while its inputs are unchanged, which makes rebuilds faster.
    """
    site_dir = Path(site_dir)
    out = site_dir / SNAPSHOT
    cached = _cache_entry("snapshot", snapshot_inputs(site_dir), ".bin", cache)
    key = cached.stem if cached is not None else None
    if cached is not None and _copy_if_present(cached, out):

        def done() -> Path:
            return out

        done.key = key
        return done

    tmp = out.with_name(out.name + ".tmp")
    proc = subprocess.Popen(["node", str(ROOT / "tools" / "make_snapshot.mjs"), str(site_dir), str(tmp)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def wait() -> Path:
        _, err = proc.communicate()
        if proc.returncode != 0:
            tmp.unlink(missing_ok=True)
            raise SystemExit(f"erro: não foi possível gerar o instantâneo de memória do Pyodide "
                             f"(tools/make_snapshot.mjs):\n{err.strip()}")
        tmp.replace(out)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            _copy_if_present(out, cached)  # through a temporary name: nobody ever reads half a snapshot
        return out

    wait.key = key
    return wait



def pack(ctx: Context) -> None:
    pack_calculator(ctx.out)
