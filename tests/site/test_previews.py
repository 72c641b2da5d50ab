"""The link previews of the built site (docs/overrides/main.html, sitebuild/images.py): every page a
reader can share carries the Open Graph and Twitter card tags, and its image exists."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest

from sitebuild import images

_META = re.compile(r'<meta (?:property|name)="((?:og|twitter):[a-z_:]+)" content="([^"]*)"')
_CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
#: Pages nobody shares: the error page (served at any missing address) and mkdocs's own leftovers.
NOT_SHARED = {"404.html"}
REQUIRED = {"og:title", "og:description", "og:image", "og:type", "og:locale", "og:site_name", "twitter:card"}


@pytest.fixture(scope="module")
def pages(built_site) -> dict[str, str]:
    found = {p.relative_to(built_site).as_posix(): p.read_text(encoding="utf-8")
             for p in sorted(built_site.rglob("*.html"))}
    return {rel: text for rel, text in found.items()
            if rel not in NOT_SHARED and not rel.startswith(("compartilhar/", "assets/"))}


def tags(text: str) -> dict[str, str]:
    return {name: html.unescape(value) for name, value in _META.findall(text)}


def test_every_page_carries_the_preview_tags(pages):
    assert len(pages) > 15
    missing = {rel: sorted(REQUIRED - tags(text).keys()) for rel, text in pages.items()}
    assert {rel: m for rel, m in missing.items() if m} == {}
    for rel, text in pages.items():
        t = tags(text)
        assert (t["og:locale"], t["og:site_name"], t["twitter:card"]) == (
            "pt_BR", "Cotas em Concursos", "summary_large_image"), rel
        assert t["og:title"].strip() and t["og:description"].strip(), rel
        assert "<" not in t["og:title"] and "<" not in t["og:description"], rel


def test_the_preview_image_is_the_drawn_one(pages, built_site):
    for rel, text in pages.items():
        image = tags(text)["og:image"]
        canonical = _CANONICAL.search(text)
        if canonical:  # built with --site-url: absolute, under the page's own site
            assert image.startswith(("https://", "http://")), rel
            assert tags(text)["og:url"] == html.unescape(canonical.group(1)), rel
            continue
        target = Path(urljoin(f"/{rel}", image).lstrip("/"))
        assert target.as_posix() == images.PREVIEW, rel
    assert (built_site / images.PREVIEW).read_bytes() == images.images()[images.PREVIEW]


def test_a_page_of_its_own_has_its_own_title_and_description(pages):
    assert tags(pages["index.html"])["og:title"] == "Cotas em Concursos"
    calc = tags(pages["calculadora.html"])
    assert calc["og:title"] == "Calculadora"
    law = tags(pages["gerado/ubatuba.html"])
    assert "Ubatuba/SP" in law["og:title"] and law["og:description"] != calc["og:description"]


def test_the_share_pages_are_small_carry_the_tags_and_stay_out_of_the_sitemap_and_search(built_site):
    from laws import NORM_SLUGS
    from sitebuild.context import TABLE_MAX

    shared = sorted((built_site / "compartilhar").rglob("*.html"))
    assert len(shared) == len(NORM_SLUGS) * 2 * TABLE_MAX
    for path in shared:
        text = path.read_text(encoding="utf-8")
        assert REQUIRED <= tags(text).keys(), path
        assert '<meta name="robots" content="noindex">' in text and "<script" not in text, path
        assert path.stat().st_size < 4096, path
    assert "compartilhar/" not in (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert "compartilhar/" not in (built_site / "search" / "search_index.json").read_text(encoding="utf-8")
