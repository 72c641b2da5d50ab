"""sitebuild/pdfjs.py: PDF.js copied into the site from the pinned npm package, only what reading text
needs, with its licence."""

from __future__ import annotations

import json

import pytest

from sitebuild import pdfjs


def test_the_pinned_version_is_copied_with_its_licence_and_nothing_else(tmp_path):
    written = pdfjs.copy_pdfjs(tmp_path)
    folder = tmp_path / pdfjs.FOLDER
    assert sorted(p.name for p in folder.iterdir()) == ["LICENSE.txt", "pdf.min.mjs", "pdf.worker.min.mjs"]
    assert sorted(written) == sorted(folder.iterdir())
    assert "Apache License" in (folder / "LICENSE.txt").read_text(encoding="utf-8")
    for name in ("pdf.min.mjs", "pdf.worker.min.mjs"):
        head = (folder / name).read_text(encoding="utf-8")[:1000]
        assert "Licensed under the Apache License, Version 2.0" in head, name  # the notice stays on top
    installed = json.loads((pdfjs.PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    assert installed == pdfjs.pinned_version() == "6.5.438"


def test_a_package_of_another_version_stops_the_build(tmp_path):
    package = tmp_path / "pdfjs-dist"
    package.mkdir()
    (package / "package.json").write_text('{"version": "1.0.0"}', encoding="utf-8")
    with pytest.raises(SystemExit, match="pdfjs-dist é a versão 1.0.0"):
        pdfjs.copy_pdfjs(tmp_path / "site", package)
    with pytest.raises(SystemExit, match="npm ci"):
        pdfjs.copy_pdfjs(tmp_path / "site", tmp_path / "nada")
