"""pyodide.pack_calculator: exactly the Pyodide files the page needs, and a deterministic calculator.zip."""

from __future__ import annotations

import hashlib
import json
import subprocess
import time
import zipfile
from pathlib import Path

from calculator.norms import discover
from sitebuild import pyodide
from tests import pace
from tests.support import ROOT, SITE, require_site_files

PYODIDE = ROOT / "node_modules" / "pyodide"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_pack_is_deterministic_and_holds_only_the_calculator_sources_and_registries(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    # each with a build cache of its own: a shared one would hand the second the first one's files
    pyodide.pack_calculator(first, cache=tmp_path / "cache-a")
    time.sleep(1.1)  # a zip with real timestamps would now differ
    pyodide.pack_calculator(second, cache=tmp_path / "cache-b")
    zip_a = first / "assets" / "calculadora" / "calculator.zip"
    zip_b = second / "assets" / "calculadora" / "calculator.zip"
    assert zip_a.read_bytes() == zip_b.read_bytes()
    stdlib = "assets/pyodide/python_stdlib.zip"
    assert (first / stdlib).read_bytes() == (second / stdlib).read_bytes()
    with zipfile.ZipFile(zip_a) as zf:
        infos = zf.infolist()
        names = [i.filename for i in infos]
        assert names == sorted(names)
        # the calculator as bytecode (no source beside it), the norms' files as they are
        assert all((n.startswith("calculator/") and n.endswith(".pyc"))
                   or (n.startswith("laws/") and n.rpartition("/")[2] in pyodide.NORM_FILES) for n in names)
        assert "calculator/api.pyc" in names and "calculator/__init__.pyc" in names
        assert {"laws/ubatuba/norma.toml", "laws/quissama/norma.toml", "laws/lins/norma.toml"} <= set(names)
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        expected = sorted([p.relative_to(ROOT).as_posix() + "c" for p in (ROOT / "calculator").rglob("*.py")
                           if "__pycache__" not in p.parts]
                          + [f"laws/{slug}/{name}" for slug in discover() for name in pyodide.NORM_FILES])
        assert names == expected


def test_pack_copies_only_the_runtime_files_and_an_empty_lock(tmp_path):
    pyodide.pack_calculator(tmp_path)
    out = tmp_path / "assets" / "pyodide"
    files = sorted(p.name for p in out.iterdir())
    assert files == sorted([*pyodide.PYODIDE_FILES, "pyodide-lock.json"])
    for name in pyodide.PYODIDE_FILES:
        if name != "python_stdlib.zip":
            assert _digest(out / name) == _digest(PYODIDE / name), name
    # the standard library keeps only what the calculator loads, each module as bytecode of its original
    # source (PEP 552 "unchecked hash": no timestamp, nothing checked at import) and any other file as is
    with (zipfile.ZipFile(out / "python_stdlib.zip") as trimmed,
          zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as full):
        kept = trimmed.namelist()
        originals = [name[:-1] if name.endswith(".pyc") else name for name in kept]
        assert set(originals) < set(full.namelist()) and len(kept) < len(full.namelist()) // 2
        for name in ("fractions.py", "json/__init__.py", "csv.py", "encodings/cp1252.py",
                     "pyodide/__init__.py", "_pyodide/__init__.py", "dataclasses.py",
                     "datetime.py"):
            assert name + "c" in kept and name not in kept, name
        magic = {trimmed.read(name)[:4] for name in kept if name.endswith(".pyc")}
        assert len(magic) == 1 and next(iter(magic)).endswith(b"\r\n")  # one interpreter's bytecode
        for name, original in zip(kept, originals, strict=True):
            data = trimmed.read(name)
            if name.endswith(".pyc"):
                assert int.from_bytes(data[4:8], "little") == 0b01, name  # hash-based, unchecked
                assert len(data) > 16 and original.endswith(".py"), name
            else:
                assert data == full.read(original), name
        assert "unittest/__init__.pyc" not in kept and "email/__init__.pyc" not in kept
    # stored, not deflated: the zip travels as a whole-file .zst/.gz twin, which compresses across entries
    with (zipfile.ZipFile(out / "python_stdlib.zip") as trimmed,
          zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as full):
        assert {i.compress_type for i in trimmed.infolist()} == {zipfile.ZIP_STORED}
        assert sum(i.file_size for i in trimmed.infolist()) < sum(i.file_size for i in full.infolist())
    lock = json.loads((out / "pyodide-lock.json").read_text(encoding="utf-8"))
    original = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock == {"info": original["info"], "packages": {}}  # nothing can be installed: no network
    assert not any(name.endswith(".whl") or "micropip" in name for name in files)


def test_pack_compiles_the_same_bytecode_every_time(tmp_path):
    """Two compilations of the trimmed standard library (no build cache) give the same bytes: the .pyc
    files carry no timestamp, and SHA256SUMS stays stable across builds of one commit."""
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as full,\
            zipfile.ZipFile(tmp_path / "src.zip", "w") as src:
        for name in ("fractions.py", "json/__init__.py", "json/decoder.py", "csv.py"):
            src.writestr(name, full.read(name))
    pyodide.compile_bytecode(PYODIDE, tmp_path / "src.zip", first, cache=tmp_path / "no-cache-1")
    pyodide.compile_bytecode(PYODIDE, tmp_path / "src.zip", second, cache=tmp_path / "no-cache-2")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        assert zf.namelist() == ["csv.pyc", "fractions.pyc", "json/__init__.pyc", "json/decoder.pyc"]


START_PROBE = r"""
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const site = process.argv[1];
const indexDir = path.resolve(site, "assets", "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: indexDir, stdout: () => {}, stderr: () => {} });
const calculatorZip = readFileSync(path.join(site, "assets", "calculadora", "calculator.zip"));
py.unpackArchive(new Uint8Array(calculatorZip), "zip");
console.log(py.runPython(`
import json, sys, traceback
import calculator.api
answer = json.loads(calculator.api.handle('{"command": "reserva", "norma": "ubatuba", "vagas": "40"}'))
prefix = next(p for p in sys.path if p.endswith(".zip"))
loaded = sorted(m.__file__ for m in list(sys.modules.values())
                if (getattr(m, "__file__", None) or "").startswith(prefix + "/")
                and type(m.__loader__).__name__ == "zipimporter")
frozen = sorted(n for n, m in list(sys.modules.items()) if getattr(m.__spec__, "origin", None) == "frozen")
calculator_files = sorted(m.__file__ for n, m in list(sys.modules.items()) if n.startswith("calculator"))
try:
    raise ValueError("sonda")
except ValueError:
    text = traceback.format_exc()
json.dumps({"ok": answer["ok"], "loaded": loaded, "frozen": frozen, "traceback": text,
            "calculator": calculator_files,
            "docs": [json.__doc__, json.dumps.__doc__, __import__("fractions").Fraction.__doc__]})
`));
"""


def test_the_pages_python_loads_its_standard_library_as_bytecode():
    """The site's own files in Pyodide (Node): every standard-library module the calculator loads comes
    from a .pyc (none is compiled at start) without its docstrings, the calculator answers, and a
    traceback still formats."""
    require_site_files(["assets/pyodide/python_stdlib.zip", "assets/calculadora/calculator.zip"])
    proc = subprocess.run(["node", "--input-type=module", "-e", START_PROBE, str(SITE)],
                          capture_output=True, text=True, cwd=ROOT, timeout=pace.seconds(300))
    assert proc.returncode == 0, proc.stderr
    probe = json.loads(proc.stdout.strip().splitlines()[-1])
    assert probe["ok"] is True
    assert len(probe["loaded"]) > 50
    assert all(name.endswith(".pyc") for name in probe["loaded"]), probe["loaded"]
    assert any(name.endswith("/fractions.pyc") for name in probe["loaded"])
    # what is frozen into the interpreter is not shipped again in the zip
    assert {"os", "codecs", "importlib._bootstrap"} <= set(probe["frozen"])
    with zipfile.ZipFile(SITE / "assets" / "pyodide" / "python_stdlib.zip") as zf:
        assert not {"os.pyc", "codecs.pyc", "importlib/_bootstrap.pyc"} & set(zf.namelist())
    assert 'ValueError: sonda' in probe["traceback"] and "line " in probe["traceback"]
    assert probe["docs"] == [None, None, None]  # docstrings are not downloaded
    # the calculator too: bytecode unpacked in Pyodide's home folder, nothing compiled at start
    assert "/home/pyodide/calculator/api.pyc" in probe["calculator"]
    assert all(name.startswith("/home/pyodide/calculator/") and name.endswith(".pyc")
               for name in probe["calculator"]), probe["calculator"]
