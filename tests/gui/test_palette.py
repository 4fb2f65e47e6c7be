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


def test_copies_of_one_piece_are_shades_of_its_colour_and_differ():
    from PySide6.QtGui import QColor

    from polygui.views.colours import copy_colours

    brick, other = QColor("#4e79a7"), QColor("#f28e2b")
    colours = copy_colours([brick, other], [0, 0, 1, 0, 0])
    assert colours[0] == brick and colours[2] == other  # a first copy: the piece's colour
    bricks = [colours[i] for i in (0, 1, 3, 4)]
    assert len({c.name() for c in bricks}) == 4
    assert all(abs(c.hslHue() - brick.hslHue()) <= 2 for c in bricks)  # shades of it


def test_the_solve_view_draws_four_bricks_in_four_shades(window, qtbot):
    from solvers import GridKind, Piece, Puzzle

    window.set_puzzle(Puzzle(GridKind.SQUARE, "bricks",
                             board=tuple((x, y) for x in range(4) for y in range(2)),
                             pieces=(Piece("brick", ((0, 0), (1, 0)), count=4),)))
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving() and window.browser.count > 0,
                    timeout=60_000)
    fills = [colour.name() for colour, path in window.current_view()._picture._fills
             if not path.isEmpty()]
    assert len(fills) == len(set(fills)) == 4
