"""sitebuild/offline.py: what the service worker keeps, its version, and the manifest; and the runtime's
version the worker is started with (sitebuild/scripts.py)."""

from __future__ import annotations

import json
import re

import pytest

from sitebuild import images, offline, scripts


def page(path, body=""):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<!doctype html><html><head>{body}</head><body></body></html>", encoding="utf-8")


@pytest.fixture
def site(tmp_path):
    """A small built site: pages, the files they load, the Python runtime, a download and share pages."""
    page(tmp_path / "index.html", '<link rel="stylesheet" href="assets/site.css"><script src="assets/a.js">'
         '</script><img src="https://example.org/x.png">')
    page(tmp_path / "gerado" / "lei.html", '<script src="../assets/a.js"></script>'
         '<script src="../assets/pyodide/pyodide.mjs"></script><a href="../downloads/lei.json">json</a>')
    page(tmp_path / offline.OFFLINE_PAGE)
    page(tmp_path / "404.html", '<script src="assets/so-no-404.js"></script>')
    page(tmp_path / "compartilhar" / "ubatuba" / "reserva-10.html")
    for rel in ("assets/site.css", "assets/a.js", "assets/so-no-404.js", "assets/pyodide/pyodide.mjs",
                "assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.mjs",
                "assets/pyodide/python_stdlib.zip", "assets/pyodide/pyodide-lock.json",
                "assets/calculadora/calculator.zip",
                "assets/calculadora/fzstd.mjs", "assets/calculadora/worker.js",
                "assets/calculadora/pdfjs/pdf.min.mjs", "assets/calculadora/pdfjs/pdf.worker.min.mjs",
                "assets/calculadora/respostas/ubatuba.js",
                "downloads/lei.json", "search/search_index.json"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel, encoding="utf-8")
    return tmp_path



def test_it_keeps_every_page_and_what_pages_load_but_not_python_downloads_or_share_pages(site):
    assert offline.kept_files(site) == [
        "assets/a.js", "assets/calculadora/respostas/ubatuba.js", "assets/site.css", "gerado/lei.html",
        "index.html", offline.OFFLINE_PAGE, "search/search_index.json"]


def test_the_version_follows_the_kept_files_and_the_runtime_only(site):
    offline.write_service_worker(site, "r1")
    first = offline.read_build(site)
    assert first["files"]["assets/a.js"] == offline.digest(site / "assets/a.js")
    assert (first["runtime"], first["offline"]) == ("r1", offline.OFFLINE_PAGE)
    (site / "downloads/lei.json").write_text("outra", encoding="utf-8")
    offline.write_service_worker(site, "r1")
    assert offline.read_build(site)["version"] == first["version"]  # a file it does not keep
    (site / "assets/a.js").write_text("outro", encoding="utf-8")
    offline.write_service_worker(site, "r1")
    second = offline.read_build(site)
    assert second["version"] != first["version"]
    offline.write_service_worker(site, "r2")
    assert offline.read_build(site)["version"] not in (first["version"], second["version"])


def test_a_site_without_its_offline_page_is_refused(site):
    (site / offline.OFFLINE_PAGE).unlink()
    with pytest.raises(SystemExit, match="offline.html"):
        offline.write_service_worker(site, "r1")


def test_the_manifest_names_the_drawn_icons_with_relative_addresses(tmp_path):
    with pytest.raises(SystemExit, match="ícones do manifesto"):
        offline.write_manifest(tmp_path)
    images.write_images(None, tmp_path)
    data = json.loads(offline.write_manifest(tmp_path).read_text(encoding="utf-8"))
    assert data["lang"] == "pt-BR" and data["start_url"] == "./index.html" and data["scope"] == "./"
    assert data["theme_color"] == images.PRIMARY and data["display"] == "standalone"
    assert {(i["sizes"], i["purpose"]) for i in data["icons"]} == {
        ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    assert all((tmp_path / i["src"]).is_file() for i in data["icons"])


def test_the_runtime_version_follows_pythons_files_and_the_worker_not_the_pages(site):
    version = scripts.runtime_version(site, "worker")
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    (site / "index.html").write_text("outra página", encoding="utf-8")
    (site / "assets/pyodide/pyodide.asm.wasm.zst").write_text("um par comprimido", encoding="utf-8")
    assert scripts.runtime_version(site, "worker") == version
    assert scripts.runtime_version(site, "outro worker") != version
    (site / "assets/calculadora/calculator.zip").write_text("outras regras", encoding="utf-8")
    assert scripts.runtime_version(site, "worker") != version
    version = scripts.runtime_version(site, "worker")
    (site / "assets/calculadora/pdfjs/pdf.worker.min.mjs").write_text("outro PDF.js", encoding="utf-8")
    assert scripts.runtime_version(site, "worker") != version  # kept in the runtime's cache (sw.js)


def test_the_joined_page_script_carries_the_runtime_version(site):
    version = scripts.write_scripts(site)
    joined = (site / "assets/calculadora/calculadora.js").read_text(encoding="utf-8")
    assert scripts.RUNTIME_MARK not in joined and f'RUNTIME_VERSION = "{version}"' in joined
    worker = (site / "assets/calculadora/worker.js").read_text(encoding="utf-8")
    assert version == scripts.runtime_version(site, worker)
