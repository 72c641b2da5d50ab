"""sitebuild/images.py: the link preview and the app icons, drawn by the build."""

from __future__ import annotations

import io

from PIL import Image, ImageFont

from sitebuild import images


def _opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_every_image_has_its_size_and_is_a_png():
    drawn = images.images()
    assert set(drawn) == {images.PREVIEW, *(f"{images.ICON_DIR}/{n}" for n in images.ICONS)}
    assert _opened(drawn[images.PREVIEW]).size == (1200, 630)
    sizes = {name: _opened(drawn[f"{images.ICON_DIR}/{name}"]).size for name in images.ICONS}
    assert sizes == {"icone-192.png": (192, 192), "icone-512.png": (512, 512),
                     "icone-maskable-512.png": (512, 512), "apple-touch-icon.png": (180, 180)}
    assert all(data.startswith(b"\x89PNG\r\n\x1a\n") for data in drawn.values())


def test_two_builds_write_the_same_bytes():
    assert images.images() == images.images()


def test_the_png_carries_no_date():
    """A tIME (or text) chunk would make two builds differ."""
    for data in images.images().values():
        assert b"tIME" not in data and b"tEXt" not in data and b"iTXt" not in data


def test_icons_are_on_the_primary_colour_with_a_visible_glyph():
    primary = Image.new("RGB", (1, 1), images.PRIMARY).getpixel((0, 0))
    for name in images.ICONS:
        icon = _opened(images.images()[f"{images.ICON_DIR}/{name}"]).convert("RGB")
        assert icon.getpixel((1, 1)) == primary
        # reduced to 48 px (a home screen), the glyph still takes a good part of the square
        small = icon.resize((48, 48), Image.Resampling.LANCZOS)
        light = sum(1 for p in small.get_flattened_data() if min(p) > 200)
        assert light > 48 * 48 // 20, name  # the maskable one is smaller (its safe zone), still > 5%


def test_the_maskable_icon_keeps_its_drawing_inside_the_safe_zone():
    """Outside the central circle of 80% of the side, a launcher may cut the icon: only background there."""
    icon = _opened(images.images()[f"{images.ICON_DIR}/icone-maskable-512.png"]).convert("RGB")
    primary = Image.new("RGB", (1, 1), images.PRIMARY).getpixel((0, 0))
    size = icon.size[0]
    centre, safe = size / 2, size * 0.4
    outside = [(x, y) for x in range(0, size, 4) for y in range(0, size, 4)
               if (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 > safe ** 2]
    assert outside and all(icon.getpixel(xy) == primary for xy in outside)


def test_the_built_in_font_has_every_letter_the_preview_writes():
    """Pillow's built-in font has no accented letters: one would print as a box."""
    font = ImageFont.load_default(size=40)
    missing = bytes(font.getmask("\ue000"))
    text = images.SITE_NAME + "".join(images.SUBTITLE)
    assert [c for c in set(text) if c != " " and bytes(font.getmask(c)) == missing] == []
