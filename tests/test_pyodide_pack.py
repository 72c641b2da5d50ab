"""pyodide.pack_calculator: exactly the Pyodide files the page needs, and a deterministic calculator.zip."""

from __future__ import annotations

import hashlib
import json
import time
import zipfile
from pathlib import Path

from sitebuild import pyodide
from tests.support import ROOT

PYODIDE = ROOT / "node_modules" / "pyodide"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_pack_is_deterministic_and_holds_only_the_calculator_sources_and_registries(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    pyodide.pack_calculator(first)
    time.sleep(1.1)  # a zip with real timestamps would now differ
    pyodide.pack_calculator(second)
    zip_a = first / "assets" / "calculadora" / "calculator.zip"
    zip_b = second / "assets" / "calculadora" / "calculator.zip"
    assert zip_a.read_bytes() == zip_b.read_bytes()
    with zipfile.ZipFile(zip_a) as zf:
        infos = zf.infolist()
        names = [i.filename for i in infos]
        assert names == sorted(names)
        assert all((n.startswith("calculator/") and n.endswith(".py"))
                   or (n.startswith("laws/") and n.endswith("/norma.toml")) for n in names)
        assert "calculator/api.py" in names and "calculator/__init__.py" in names
        assert {"laws/ubatuba/norma.toml", "laws/quissama/norma.toml", "laws/lins/norma.toml"} <= set(names)
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        expected = sorted([p.relative_to(ROOT).as_posix() for p in (ROOT / "calculator").rglob("*.py")
                           if "__pycache__" not in p.parts]
                          + [p.relative_to(ROOT).as_posix() for p in (ROOT / "laws").glob("*/norma.toml")])
        assert names == expected


def test_pack_copies_only_the_runtime_files_and_an_empty_lock(tmp_path):
    pyodide.pack_calculator(tmp_path)
    out = tmp_path / "assets" / "pyodide"
    files = sorted(p.name for p in out.iterdir())
    assert files == sorted([*pyodide.PYODIDE_FILES, "pyodide-lock.json"])
    for name in pyodide.PYODIDE_FILES:
        if name != "python_stdlib.zip":
            assert _digest(out / name) == _digest(PYODIDE / name), name
    # the standard library keeps only what the calculator loads, each file byte for byte the original's
    with (zipfile.ZipFile(out / "python_stdlib.zip") as trimmed,
          zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as full):
        kept = trimmed.namelist()
        assert set(kept) < set(full.namelist()) and len(kept) < len(full.namelist()) // 2
        for name in ("fractions.py", "json/__init__.py", "csv.py", "encodings/cp1252.py",
                     "pyodide/__init__.py", "_pyodide/__init__.py", "dataclasses.py",
                     "datetime.py"):
            assert name in kept, name
        for name in kept:
            assert trimmed.read(name) == full.read(name), name
        assert "unittest/__init__.py" not in kept and "email/__init__.py" not in kept
    assert (out / "python_stdlib.zip").stat().st_size < (PYODIDE / "python_stdlib.zip").stat().st_size // 2
    lock = json.loads((out / "pyodide-lock.json").read_text(encoding="utf-8"))
    original = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock == {"info": original["info"], "packages": {}}  # nothing can be installed: no network
    assert not any(name.endswith(".whl") or "micropip" in name for name in files)
