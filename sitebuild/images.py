"""The site's images, drawn by the build (Pillow, its built-in font; nothing downloaded): the preview a
messaging app shows beside a shared link (og:image, 1200×630) and the app icons (the web app manifest's
192 and 512 px, a maskable 512 px whose drawing stays inside the 80% safe zone, and Apple's 180 px
touch icon).

The same build gives the same bytes: the drawing is a pure function of the constants below, and the PNG is
written without a date or any other varying chunk (tests/sitebuild/test_images.py).
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from sitebuild.context import Context

#: The site's colours, in one place: Material's brown primary (mkdocs.yml) and the deep orange the site
#: uses as its accent (docs/assets/site.css: #b23c17, white text at 5.9:1), and a light tint of the primary
#: for text beside white.
PRIMARY = "#795548"
ACCENT = "#b23c17"
ON_PRIMARY = "#ffffff"
TINT = "#e8d3c9"

SITE_NAME = "Cotas em Concursos"
#: Pillow's built-in font has no accented letters: the lines are written without them (the test of this
#: module checks that every character has a glyph).
SUBTITLE = ("Cotas raciais em concursos municipais:",
            "as normas anotadas e uma calculadora com a base legal.")

#: Where each image goes in the built site (and the address the pages use).
PREVIEW = "assets/previa.png"
PREVIEW_SIZE = (1200, 630)
ICON_DIR = "assets/icones"
ICONS = {  # file name → (size, maskable)
    "icone-192.png": (192, False),
    "icone-512.png": (512, False),
    "icone-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, False),
}
#: Drawn this many times larger, then reduced: smooth edges from shapes Pillow draws without anti-aliasing.
OVERSAMPLE = 4


def _letter_c(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int) -> None:
    """The site's glyph: a thick "C" (an open ring) with a deep orange bar in its opening — a shape, not a
    font's letter, so that it stays legible at 48 px."""
    x, y = centre
    width = radius * 2 // 5
    box = (x - radius, y - radius, x + radius, y + radius)
    draw.arc(box, start=45, end=315, fill=ON_PRIMARY, width=width)
    bar = width // 2
    draw.rectangle((x + radius // 3, y - bar // 2, x + radius, y + bar // 2 + bar % 2), fill=ACCENT)


def icon(size: int, maskable: bool = False) -> Image.Image:
    """A square icon of ``size`` px on the primary colour. A maskable icon may be cut to a circle: its glyph
    fits in the central circle of 80% of the side (the "safe zone"), with a margin."""
    big = size * OVERSAMPLE
    image = Image.new("RGB", (big, big), PRIMARY)
    radius = big * (27 if maskable else 36) // 100
    _letter_c(ImageDraw.Draw(image), (big // 2, big // 2), radius)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def preview() -> Image.Image:
    """The link preview: the glyph, the site's name and a pt-BR line of what it is, on the primary colour
    with a deep orange band at the foot."""
    w, h = PREVIEW_SIZE
    image = Image.new("RGB", (w * OVERSAMPLE, h * OVERSAMPLE), PRIMARY)
    draw = ImageDraw.Draw(image)
    s = OVERSAMPLE
    draw.rectangle((0, (h - 36) * s, w * s, h * s), fill=ACCENT)
    _letter_c(draw, (170 * s, 250 * s), 100 * s)
    title = ImageFont.load_default(size=84 * s)
    draw.text((320 * s, 190 * s), SITE_NAME, font=title, fill=ON_PRIMARY)
    line = ImageFont.load_default(size=38 * s)
    for i, text in enumerate(SUBTITLE):
        draw.text((80 * s, (400 + 56 * i) * s), text, font=line, fill=TINT)
    return image.resize(PREVIEW_SIZE, Image.Resampling.LANCZOS)


#: Colours of the palette each PNG is reduced to: a flat drawing needs few (the preview weighs a quarter of
#: its full-colour size, a cheap phone on a slow network gets it sooner); no dithering, so no noise.
PALETTE_COLOURS = 32


def png_bytes(image: Image.Image) -> bytes:
    """The PNG of ``image``, reduced to a palette: Pillow writes no time, and the reduction (median cut) has
    no randomness, so the bytes depend on the pixels alone."""
    buffer = io.BytesIO()
    reduced = image.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.MEDIANCUT,
                             dither=Image.Dither.NONE)
    reduced.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def images() -> dict[str, bytes]:
    """Every image the build writes: its path in the site → its bytes."""
    out = {PREVIEW: png_bytes(preview())}
    for name, (size, maskable) in ICONS.items():
        out[f"{ICON_DIR}/{name}"] = png_bytes(icon(size, maskable))
    return out


def write_images(ctx: Context, site_dir: Path | None = None) -> list[Path]:
    """The images into site_dir (default ctx.out)."""
    written = []
    for rel, data in images().items():
        path = Path(site_dir or ctx.out) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written
