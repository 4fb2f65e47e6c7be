"""Piece colours: the puzzle's own, else a palette of distinct, friendly colours."""

from __future__ import annotations

from functools import cache

import numpy as np
from PySide6.QtGui import QColor

from solvers import Puzzle

# Twelve well separated hues (after Glasbey / Tableau); the colours after them are chosen one
# at a time as far as can be, in CIELAB, from all before (Glasbey's method), so no two pieces
# of a big set (the 35 hexominoes) get colours that look alike.
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
           "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#17becf", "#8c564b")
PALETTE_SIZE = 64  # then the palette repeats
BACKGROUND = ("#ffffff", "#1e1e1e")  # kept away from: a piece must stand out on the view


def palette_colour(index: int) -> QColor:
    return QColor(distinct_palette()[index % PALETTE_SIZE])


@cache
def distinct_palette() -> tuple[str, ...]:
    """PALETTE, then greedily the candidate farthest (in CIELAB) from every colour so far."""
    levels = np.linspace(0, 255, 12)
    candidates = np.array(np.meshgrid(levels, levels, levels)).reshape(3, -1).T
    lab = _lab(candidates)
    chosen = [_lab(np.array([_rgb(c) for c in PALETTE + BACKGROUND]))]
    nearest = np.min(np.linalg.norm(lab[:, None, :] - chosen[0][None, :, :], axis=2), axis=1)
    colours = list(PALETTE)
    while len(colours) < PALETTE_SIZE:
        best = int(np.argmax(nearest))
        colours.append("#%02x%02x%02x" % tuple(int(round(v)) for v in candidates[best]))
        nearest = np.minimum(nearest, np.linalg.norm(lab - lab[best], axis=1))
    return tuple(colours)


def _rgb(text: str) -> tuple[int, int, int]:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def _lab(rgb: np.ndarray) -> np.ndarray:
    """sRGB (0..255) to CIELAB (D65)."""
    c = np.asarray(rgb, dtype=float) / 255.0
    linear = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    xyz = linear @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                             [0.0193, 0.1192, 0.9505]]).T
    xyz /= np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]),
                     200 * (f[:, 1] - f[:, 2])], axis=1)


def copies_text(piece) -> str:
    """" ×2", " ×0–2" (a range), or nothing for one copy: how labels name a piece's copies."""
    if piece.has_range:
        return f" ×{piece.fewest}–{piece.count}"
    return f" ×{piece.count}" if piece.count > 1 else ""


def piece_colour(puzzle: Puzzle, index: int) -> QColor:
    colour = QColor(puzzle.pieces[index].colour) if puzzle.pieces[index].colour else QColor()
    return colour if colour.isValid() else palette_colour(index)


def piece_colours(puzzle: Puzzle) -> list[QColor]:
    return [piece_colour(puzzle, index) for index in range(len(puzzle.pieces))]


COPY_STEP = 22  # percent lighter or darker per copy: four bricks of one piece stay apart


def copy_colours(type_colours: list[QColor], copy_types) -> list[QColor]:
    """A colour per placed copy: the first copy of a piece in the piece's colour, the others
    in shades of it, lighter and darker in turn, so copies side by side can be told apart."""
    seen: dict[int, int] = {}
    colours = []
    for piece in copy_types:
        piece = int(piece)
        nth = seen.get(piece, 0)
        seen[piece] = nth + 1
        colour = type_colours[piece]
        if nth:
            step = 100 + COPY_STEP * ((nth + 1) // 2)
            colour = colour.lighter(step) if nth % 2 else colour.darker(step)
        colours.append(colour)
    return colours
