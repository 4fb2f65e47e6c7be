"""A piece's name as a flat shape for its top face: manifold has no text, so the name is
drawn in pixels with Pillow's own font (FreeType), each row's runs of pixels become
rectangles, and their union is the name's cross-section."""

from __future__ import annotations

import numpy as np
from manifold3d import CrossSection, FillRule, JoinType
from PIL import Image, ImageDraw, ImageFont

FONT_PIXELS = 48  # the font's size when drawn: letters about 35 pixels high
FIT_STEPS = 12  # halvings of the search for the largest name that fits
MAX_SPOTS = 60  # places tried for it
PIXEL_OVERLAP = 0.02  # of a pixel


def name_section(text: str, width: float, height: float) -> CrossSection | None:
    """The text's shape, centred on (0, 0), as large as fits in width x height (mm);
    None when it has nothing to draw."""
    pixels = text_pixels(text)
    if pixels is None:
        return None
    rows, columns = pixels.shape
    scale = min(width / columns, height / rows)
    rectangles = []
    for row in range(rows):
        line = np.concatenate(([False], pixels[row], [False]))
        changes = np.flatnonzero(line[1:] != line[:-1])
        top = (rows / 2 - row) * scale  # image rows go down, y goes up
        for start, end in zip(changes[::2], changes[1::2]):
            left, right = (start - columns / 2) * scale, (end - columns / 2) * scale
            rectangles.append(np.array([(left, top - scale), (right, top - scale),
                                        (right, top), (left, top)]))
    # pixels touching at a corner only would pinch the solid (not watertight once written):
    # each grows by a sliver, so that such pixels overlap
    return CrossSection(rectangles, FillRule.Positive).offset(
        PIXEL_OVERLAP * scale, JoinType.Miter, 2.0)


def name_on(region: CrossSection, spots: np.ndarray,
            text: str) -> CrossSection | None:
    """The text as large as fits inside `region` (a flat face, margins taken off), centred
    on the best of `spots` ((k, 2) points: cell centres and the midpoints between them);
    None when it has nothing to draw or fits nowhere."""
    pixels = text_pixels(text)
    if pixels is None or region.is_empty():
        return None
    aspect = pixels.shape[1] / pixels.shape[0]
    best_height, best_spot = 0.0, None
    low_x, low_y, high_x, high_y = region.bounds()
    for spot in spots[:MAX_SPOTS]:
        low, high = best_height, min(high_y - low_y, (high_x - low_x) / aspect)
        if high <= low or not _fits(region, spot, aspect, low + (high - low) / 64):
            continue
        for _ in range(FIT_STEPS):
            middle = (low + high) / 2
            low, high = (middle, high) if _fits(region, spot, aspect, middle) else (low, middle)
        best_height, best_spot = low, spot
    if best_spot is None:
        return None
    section = name_section(text, best_height * aspect, best_height)
    return None if section is None else section.translate(tuple(best_spot))


def _fits(region: CrossSection, spot: np.ndarray, aspect: float, height: float) -> bool:
    """Whether a box of `height` and the text's aspect centred on `spot` is inside."""
    box = CrossSection.square((height * aspect, height), center=True).translate(tuple(spot))
    return (box - region).area() <= 1e-9 * box.area()


def text_pixels(text: str) -> np.ndarray | None:
    """(rows, columns) bool: the text drawn on one line, cropped to its ink."""
    text = " ".join(text.split())
    if not text:
        return None
    font = ImageFont.load_default(size=FONT_PIXELS)
    left, top, right, bottom = font.getbbox(text)
    if right <= left or bottom <= top:
        return None
    image = Image.new("1", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(image).text((1 - left, 1 - top), text, fill=1, font=font)
    pixels = np.asarray(image, dtype=bool)
    ink_rows, ink_columns = np.flatnonzero(pixels.any(1)), np.flatnonzero(pixels.any(0))
    if not len(ink_rows):
        return None
    return pixels[ink_rows[0]:ink_rows[-1] + 1, ink_columns[0]:ink_columns[-1] + 1]
