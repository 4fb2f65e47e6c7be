"""Piece colours a user can tell apart: the palette keeps its first twelve, then gives colours
chosen as far as can be from all before, so no two of a big set look alike."""

from __future__ import annotations

import numpy as np

from polygui.views.colours import BACKGROUND, PALETTE, PALETTE_SIZE, _lab, _rgb, palette_colour


def lab_of(colours) -> np.ndarray:
    return _lab(np.array([[c.red(), c.green(), c.blue()] for c in colours]))


def test_no_two_palette_colours_look_alike():
    colours = [palette_colour(i) for i in range(PALETTE_SIZE)]
    assert [c.name() for c in colours[:12]] == list(PALETTE)  # the shipped look stays
    lab = lab_of(colours)
    distance = np.linalg.norm(lab[:, None] - lab[None], axis=2)
    np.fill_diagonal(distance, np.inf)
    assert distance.min() > 10  # CIELAB ΔE: 2.3 is barely noticeable, 10 clearly different
    background = _lab(np.array([_rgb(c) for c in BACKGROUND]))
    assert np.linalg.norm(lab[:, None] - background[None], axis=2).min() > 10


def test_the_35_hexominoes_get_35_different_colours():
    names = {palette_colour(i).name() for i in range(35)}
    assert len(names) == 35
