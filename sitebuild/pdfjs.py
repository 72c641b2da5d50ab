"""PDF.js in the site: the Edital tool reads the text of a PDF chosen by the reader (its table of cargos).

Copied from node_modules/pdfjs-dist (npm, pinned exactly in package.json; Apache-2.0) into
site/assets/calculadora/pdfjs/: only the two files text extraction uses (the library and its worker, both
already minified and each carrying its licence notice) and the licence itself. Not copied: the character
maps (cmaps/, for CID fonts without a ToUnicode map, CJK text), the standard fonts (for drawing non-embedded
fonts: text extraction takes their widths from the metrics built into the worker), the image decoders'
WebAssembly and the viewer. The page imports the library only when a PDF is chosen (src/edital/pdf.js):
nothing of it is loaded on arrival. Under assets/calculadora/, the service worker keeps the files the first
time they are fetched, with the Python runtime (docs/service-worker/sw.js): after one PDF read online,
PDFs are read offline too.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from sitebuild.context import ROOT, Context

PACKAGE = ROOT / "node_modules" / "pdfjs-dist"
FOLDER = Path("assets") / "calculadora" / "pdfjs"
#: file in the package → its name in the site
FILES = {"build/pdf.min.mjs": "pdf.min.mjs", "build/pdf.worker.min.mjs": "pdf.worker.min.mjs",
         "LICENSE": "LICENSE.txt"}


def pinned_version() -> str:
    """The version package.json pins (exactly: no range)."""
    spec = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pdfjs-dist"]
    if not spec[:1].isdigit():
        raise SystemExit(f"erro: package.json: pdfjs-dist deve ter a versão exata, não {spec!r}")
    return spec


def copy_pdfjs(site_dir: Path, package: Path = PACKAGE) -> list[Path]:
    """The files of FILES into site_dir/FOLDER; stops the build if the installed package is not the pinned
    version (node_modules out of date with package.json)."""
    meta = package / "package.json"
    if not meta.is_file():
        raise SystemExit("erro: PDF.js não encontrado em node_modules/pdfjs-dist; rode `npm ci`.")
    installed = json.loads(meta.read_text(encoding="utf-8"))["version"]
    if installed != pinned_version():
        raise SystemExit(f"erro: node_modules/pdfjs-dist é a versão {installed}, package.json pede "
                         f"{pinned_version()}; rode `npm ci`.")
    out = Path(site_dir) / FOLDER
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for src, name in FILES.items():
        shutil.copyfile(package / src, out / name)
        written.append(out / name)
    return written


def write_stage(ctx: Context) -> None:
    copy_pdfjs(ctx.out)
