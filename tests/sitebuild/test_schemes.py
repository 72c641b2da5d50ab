"""The three colour schemes of the header's toggle (mkdocs.yml theme.palette, assets/paleta.js) and the high
contrast's colours (assets/site.css), read from the files: no build, no browser.

The browser tests (tests/browser/test_palette.py, the axe-core runs) see the scheme on real pages; these
catch, in the fast tier, a toggle named after the wrong scheme, a system preference paleta.js would not
honour, a variable of Material's that the high contrast leaves at the light scheme's value (on black), and
a text colour under 7:1.
"""

from __future__ import annotations

import re
from pathlib import Path

import material
import pytest
import yaml

from tests.support import ROOT

SITE_CSS = (ROOT / "docs" / "assets" / "site.css").read_text(encoding="utf-8")
STYLESHEETS = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"


def palette() -> list[dict]:
    return yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["theme"]["palette"]


def variables(block: str) -> dict[str, str]:
    return dict(re.findall(r"(--md-[\w-]+):\s*([^;]+?)\s*(?:;|$)", block))


def high_contrast() -> dict[str, str]:
    """The custom properties site.css gives the high-contrast scheme (its first block, screen only)."""
    block = re.search(r'^  \[data-md-color-scheme="alto-contraste"\] \{(.*?)^  \}', SITE_CSS, re.S | re.M)
    assert block, "site.css: sem o bloco do alto contraste"
    return variables(re.sub(r"/\*.*?\*/", "", block.group(1), flags=re.S))


def slate() -> set[str]:
    """The custom properties Material's dark scheme sets: what a dark scheme must not leave to the light
    one."""
    css = next(STYLESHEETS.glob("palette.*.min.css")).read_text(encoding="utf-8")
    return set(variables(re.search(r"\[data-md-color-scheme=slate\]\{(.*?)\}", css, re.S).group(1)))


def luminance(colour: str) -> float:
    """WCAG relative luminance of an opaque #rgb or #rrggbb colour."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    assert len(digits) == 6, f"cor com transparência ou desconhecida: {colour}"
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_toggle_cycles_light_dark_high_contrast_each_named_after_the_next():
    options = palette()
    assert [o["scheme"] for o in options] == ["default", "slate", "alto-contraste"]
    # Material's toggle shows, in each scheme, the button that leads to the next one (and back to the first)
    names = {"default": "Usar o tema claro", "slate": "Usar o tema escuro",
             "alto-contraste": "Usar o alto contraste"}
    for i, option in enumerate(options):
        assert option["toggle"]["name"] == names[options[(i + 1) % len(options)]["scheme"]]


def test_a_request_for_more_contrast_is_the_last_media():
    """paleta.js takes the last scheme whose media matches: the light or dark preference always matches
    one of the first two, so the request for more contrast only wins from the end (the browser test sees
    it win)."""
    assert [o["media"] for o in palette()] == [
        "(prefers-color-scheme: light)", "(prefers-color-scheme: dark)", "(prefers-contrast: more)"]


def test_high_contrast_sets_every_colour_materials_dark_scheme_sets():
    assert slate() - set(high_contrast()) == set()


TEXT_ON_PAGE = ["--md-default-fg-color", "--md-default-fg-color--light", "--md-default-fg-color--lighter",
                "--md-typeset-color", "--md-typeset-a-color", "--md-accent-fg-color", "--md-primary-bg-color",
                "--md-primary-bg-color--light", "--md-admonition-fg-color", "--md-footer-fg-color",
                "--md-footer-fg-color--light", "--md-footer-fg-color--lighter"]
TEXT_IN_CODE = ["--md-code-fg-color", *(f"--md-code-hl-{kind}-color" for kind in (
    "number", "special", "function", "constant", "keyword", "string", "name", "operator", "punctuation",
    "comment", "generic", "variable"))]


@pytest.mark.parametrize(("texts", "background"), [
    (TEXT_ON_PAGE, "--md-default-bg-color"), (TEXT_ON_PAGE[:1], "--md-default-fg-color--lightest"),
    (TEXT_IN_CODE, "--md-code-bg-color"), (TEXT_ON_PAGE[6:8], "--md-primary-fg-color"),
    (["--md-warning-fg-color"], "--md-warning-bg-color")])
def test_high_contrast_text_reads_at_7_to_1(texts, background):
    colours = high_contrast()
    for text in texts:
        assert contrast(colours[text], colours[background]) >= 7, (text, background)
