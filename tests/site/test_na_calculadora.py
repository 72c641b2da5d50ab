"""Law and rule side by side: under each provision the calculator applies, a "Na calculadora" block (a
<details>, outside the law text) with the registry's parameters and warnings citing it and the rule the
annotations name, whose source Metodologia shows. Checked on the built site against laws/<slug>/norma.toml
and anotacoes.toml read here, not through the build's own helpers."""

from __future__ import annotations

import datetime
import html
import inspect
import re

import pytest

from calculator.cli.render import KIND_NAMES, parameter_value
from calculator.norms import registry_of
from laws import NORM_SLUGS, load_corpus
from sitebuild import calcblock
from sitebuild.norm_names import rule_anchor
from tests.support import require_site_files, watched_page


@pytest.fixture(scope="module")
def site():
    return require_site_files([f"gerado/{slug}.html" for slug in NORM_SLUGS] + ["gerado/metodologia.html"])


@pytest.fixture(scope="module")
def pages(site):
    return {slug: (site / "gerado" / f"{slug}.html").read_text(encoding="utf-8") for slug in NORM_SLUGS}


def block(page: str, pid: str) -> str:
    """The block under provision pid (fails if there is none)."""
    at = page.find(f'id="calc-{pid}"')
    assert at >= 0, f"sem bloco Na calculadora sob {pid}"
    start = page.rindex("<details", 0, at)
    return page[start:page.index("</details>", start)]


def br(iso: str) -> str:
    return datetime.date.fromisoformat(iso).strftime("%d/%m/%Y")


def cited(refs) -> set[str]:
    return {r.split(":", 1)[1] for r in refs}


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_every_provision_a_parameter_cites_shows_its_value_and_dates(pages, slug):
    reg, seen = registry_of(slug), 0
    for name, values in reg.parameters.items():
        for p in values:
            for pid in cited(p.basis):
                b = block(pages[slug], pid)
                assert f"<code>{name}</code>" in b, (pid, name)
                assert html.escape(parameter_value(p.to_dict()), quote=False) in b, (pid, name)
                assert br(p.start) in b and (p.end is None or br(p.end) in b), (pid, name)
                seen += 1
    assert seen >= 5


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_every_warning_appears_under_each_provision_it_cites(pages, slug):
    reg, seen = registry_of(slug), 0
    for w in reg.warnings.values():
        pieces = [x for x in re.split(r"\{[a-z_]+\}", w.message) if x.strip()]
        for pid in cited(w.basis):
            b = block(pages[slug], pid)
            kind = KIND_NAMES[w.kind].capitalize()
            item = re.search(rf'<li data-codigo="{w.code}"><strong>{kind}:</strong>[^\n]*</li>', b)
            assert item, (pid, w.code)
            for piece in pieces:  # the message's own words; only its placeholders differ
                assert html.escape(piece, quote=False) in b, (pid, w.code, piece)
            assert not re.search(r"\{[a-z_]+\}", item.group(0)), (pid, w.code)  # no raw placeholder
            seen += 1
    assert seen == sum(len(cited(w.basis)) for w in reg.warnings.values()) and (seen or not reg.warnings)


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_the_rule_the_annotation_names_is_shown_with_its_source(site, pages, slug):
    metodologia = (site / "gerado" / "metodologia.html").read_text(encoding="utf-8")
    norm = load_corpus().norm(slug)
    for pid, ann in norm.annotations.items():
        if not ann["regra"]:
            continue
        fn = calcblock.resolve_rule(ann["regra"])  # a module's function or a method of the common pattern
        b = block(pages[slug], pid)
        assert f"<code>{fn.__module__}.{fn.__qualname__}</code>" in b, pid
        assert f'href="metodologia.html#{rule_anchor(ann["regra"])}"' in b, pid
        source = inspect.getsource(fn)
        assert html.escape(source.splitlines()[0], quote=False) in metodologia
        assert html.escape(source, quote=False).strip() in metodologia, ann["regra"]


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_no_block_where_the_calculator_takes_nothing(pages, slug):
    reg, norm = registry_of(slug), load_corpus().norm(slug)
    used = cited(ref for values in reg.parameters.values() for p in values for ref in p.basis)
    used |= cited(ref for w in reg.warnings.values() for ref in w.basis)
    used |= {pid for pid, ann in norm.annotations.items() if ann["regra"]}
    shown = set(re.findall(r'<details class="na-calculadora" id="calc-([^"]+)"', pages[slug]))
    assert shown == used


@pytest.mark.parametrize("slug", NORM_SLUGS)
def test_the_block_is_outside_the_law_text(pages, slug):
    page = pages[slug]
    for pid in re.findall(r'<details class="na-calculadora" id="calc-([^"]+)"', page):
        start = page.index(f'id="calc-{pid}"')
        b = block(page, pid)
        assert 'class="trecho' not in b and 'class="dispositivo' not in b
        assert page.index(f'id="{pid}"') < start  # after its provision's line
        line = page.rindex('<div class="dispositivo', 0, start)
        assert "</div>" in page[line:start]  # the line is closed before the block opens
        assert "<summary>Na calculadora: " in b and "data-search-exclude" in b


def test_the_block_opens_with_the_keyboard_and_prints_open(served_site, browser):
    with watched_page(browser, served_site.origin) as page:
        page.goto(served_site.base + "gerado/ubatuba.html#art2_par3")
        body = page.locator("#calc-art2_par3 .na-calculadora-corpo")
        assert not body.is_visible()  # collapsed: the law text reads on
        page.focus("#calc-art2_par3 > summary")
        page.keyboard.press("Enter")
        assert body.is_visible() and page.eval_on_selector("#calc-art2_par3", "d => d.open")
        page.keyboard.press("Enter")
        assert not body.is_visible()
        page.emulate_media(media="print")
        assert body.is_visible()  # on paper the block is open, without anyone clicking it
        assert page.outside == [] and page.errors == []
