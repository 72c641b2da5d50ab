"""What several test files (and bench/) share: where the built site and Chromium are, how Chromium is
launched, the check that the built site is there, sha256sum over a site's SHA256SUMS and a verified
copy of the built site.

Not a test module (pytest collects only test_*.py). Imported as ``tests.support``: the repository root
is on sys.path (pyproject's pythonpath for pytest; ``python -m bench`` runs from the root). pytest is
imported only by the helpers that fail a test, so bench/ can use the rest without it.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"  # made by build.py

CHROMIUM = "/usr/bin/chromium"  # Debian's package
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def require_site_files(needed: list[str]) -> Path:
    """The built site, or a clear failure (never a skip) naming the files build.py did not produce."""
    import pytest

    missing = [p for p in needed if not (SITE / p).is_file()]
    if missing:
        pytest.fail(
            f"site/ não foi gerado ou está incompleto (faltam: {', '.join(missing)}). "
            "Rode `.venv/bin/python build.py` (ou `make test`, que gera o site antes do pytest).",
            pytrace=False,
        )
    return SITE


def sha256sum_check(folder: Path, strict: bool = True) -> subprocess.CompletedProcess:
    """``sha256sum --check [--strict] --quiet SHA256SUMS`` run in folder (output captured as text)."""
    return subprocess.run(
        ["sha256sum", "--check", *(["--strict"] if strict else []), "--quiet", "SHA256SUMS"],
        cwd=folder,
        capture_output=True,
        text=True,
    )


def try_verified_copy(dest: Path) -> Path | None:
    """A copy of site/ at dest whose SHA256SUMS verifies, retrying while another build rewrites site/;
    None if it never does."""
    for _ in range(40):
        shutil.rmtree(dest, ignore_errors=True)
        try:
            shutil.copytree(SITE, dest)
        except (shutil.Error, OSError):
            time.sleep(3)
            continue
        if (dest / "SHA256SUMS").is_file() and sha256sum_check(dest).returncode == 0:
            return dest
        time.sleep(3)
    return None


def verified_copy(dest: Path) -> Path:
    """try_verified_copy, or a clear test failure: the tests then run on a site no build can change."""
    import pytest

    copy = try_verified_copy(dest)
    if copy is None:
        pytest.fail("site/ não foi gerado por completo: rode `.venv/bin/python build.py`.", pytrace=False)
    return copy
