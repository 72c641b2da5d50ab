"""One build at a time, and site/ replaced whole: the lock, the staging folder, the final swap; and the
pinned law texts checked before anything is written."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from pathlib import Path

from calculator.norms import LAWS, path_of, problems
from laws import NORM_SLUGS
from laws.corpus import LAWS_DIR, CorpusError, Norm
from sitebuild.context import ROOT


def check_corpus(directory: Path | None = None) -> None:
    """The whole of `python -m laws check` on every norm folder before anything is written, or the build
    stops here with one pt-BR line per problem: a law text that is not the one pinned (SHA-256) in its
    meta.toml, a literal copy of the text in meta.toml (epigrafe, ementa, disclaimer, signatures) that
    differs from it, a folder whose registry does not load (left out of the corpus by discovery)…"""
    from laws.check import check_folder

    lines = [f"erro: {message}" for message in problems().values()]
    for slug in NORM_SLUGS:  # the norms the corpus loads; one from an extra corpus folder, from there
        home = path_of(slug).parent.parent
        base = (directory or LAWS_DIR) if home == LAWS else home
        try:
            Norm.load(slug, base)
        except CorpusError as err:
            lines.append(f"erro: {err}")
            continue
        found, _ = check_folder(base / slug, _shown(base / slug))
        lines += [f"erro: {problem}" for problem in found]
    if lines:
        raise SystemExit("\n".join(lines))


def _shown(folder: Path) -> str:
    try:
        return folder.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(folder)


LOCK = ROOT / ".build.lock"


@contextlib.contextmanager
def build_lock(path: Path | None = None):
    """One build at a time in this folder: they share docs/gerado/, site/ and the build cache.  A second
    build says so and waits (an advisory flock: released by the system even if the build is killed)."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock; builds must not be run at the same time there
        yield
        return
    with open(path or LOCK, "a+b") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("outra geração do site está em andamento nesta pasta; aguardando ela terminar…",
                  file=sys.stderr, flush=True)
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def staging_dir(site: Path) -> Path:
    """A new empty folder beside site/ (same file system, so the final rename is instant).  Folders
    left by a killed build are removed first (the lock guarantees none is in use)."""
    site = Path(site)
    for old in site.parent.glob(f".{site.name}-*.tmp"):
        shutil.rmtree(old, ignore_errors=True)
    path = site.parent / f".{site.name}-{os.getpid()}.tmp"
    path.mkdir(parents=True)
    return path


def swap_into_place(new: Path, site: Path) -> None:
    """Replace site with new: two renames, so site/ is never half-written (at worst, for an instant,
    absent); the previous site is deleted afterwards."""
    site = Path(site)
    old = site.parent / f".{site.name}-{os.getpid()}-anterior.tmp"
    if site.exists():
        os.replace(site, old)
    os.replace(new, site)
    shutil.rmtree(old, ignore_errors=True)
