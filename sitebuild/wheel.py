"""The Python package as a wheel: what `pip install` installs (the packages calculator and laws, the norm
folders as package data, the commands ``cotas`` and ``cotas-normas``) and what the page's Pyodide runs
(pyodide.pack_calculator compiles calculator.zip from this wheel's files).

Built with pyproject.toml's own backend (setuptools, pinned there) by ``pip wheel`` in a copy of the
sources, so no ``build/`` or ``*.egg-info`` is left in the checkout; deterministic (SOURCE_DATE_EPOCH: the
same bytes on every build of one commit) and cached by the digest of its inputs.  Published in the site
as ``downloads/<wheel>``: ``pip install`` of that file is the test that the page and the command line run
one artefact.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from sitebuild.context import BUILD_CACHE, ROOT

FOLDER = "downloads"  # inside site/
#: 1980-01-01, the earliest date a zip holds: no build time in the wheel
EPOCH = "315532800"


def version() -> str:
    """The package's version: calculator.VERSION, which pyproject.toml reads too."""
    from calculator import VERSION

    return VERSION


def wheel_name() -> str:
    return f"cotas_em_concursos-{version()}-py3-none-any.whl"


def inputs() -> list[Path]:
    """Every file the wheel is made of (and pyproject.toml, the description and the licences it names)."""
    files = [ROOT / "pyproject.toml", ROOT / "PACOTE.md", ROOT / "LICENSE", ROOT / "LICENSE-DADOS.md"]
    for top in ("calculator", "laws"):
        files += [p for p in (ROOT / top).rglob("*") if p.is_file() and "__pycache__" not in p.parts
                  and p.suffix != ".pyc"]
    return sorted(files)


def build_wheel(dest_dir: Path, cache: Path | None = None) -> Path:
    """The wheel in dest_dir (made, or taken from the build cache when no input changed)."""
    from sitebuild.pyodide import _keep_in_cache

    cache = BUILD_CACHE if cache is None else cache
    files = inputs()
    dest = Path(dest_dir) / wheel_name()
    dest.parent.mkdir(parents=True, exist_ok=True)
    key = hashlib.sha256()
    for path in files:  # names and bytes: a renamed file is a new wheel
        key.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        key.update(hashlib.sha256(path.read_bytes()).digest())
    entry = Path(cache) / "wheel" / f"{key.hexdigest()}.whl"
    if entry.is_file():
        shutil.copyfile(entry, dest)
        return dest
    with tempfile.TemporaryDirectory(prefix="cotas-wheel-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        for path in files:
            target = src / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        proc = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
             "-w", str(out), str(src)],
            env={**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "PIP_NO_INPUT": "1"},
            capture_output=True, text=True)
        built = out / wheel_name()
        if proc.returncode != 0 or not built.is_file():
            raise SystemExit("erro: não foi possível gerar o pacote Python (pip wheel; o setuptools "
                             "fixado no pyproject.toml vem do índice de pacotes na primeira vez):\n"
                             + (proc.stderr or proc.stdout)[-2000:])
        shutil.copyfile(built, dest)
        _keep_in_cache(entry, lambda part: shutil.copyfile(built, part))
    return dest
