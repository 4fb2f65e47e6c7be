"""The first window says what the puzzle is and what to do: its name and description, its
pieces (a tray under a flat board; pictures in a cube's legend), and a hint to press Solve
until it has been solved."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from polygui.resources import default_puzzle, examples_dir
from polygui.views.piece_icons import polycube_pixmap
from polygui.views.piece_tray import lay_out
from solvers import GridKind, Piece, Puzzle


def test_the_meteor_window_shows_its_description_pieces_and_a_hint(window, qtbot):
    window.open_puzzle(default_puzzle())
    intro = window.intro
    assert intro.title.text() == "Meteor" and intro.title.isVisible()
    assert "ten 5-cell polyhex pieces" in intro.description.text()
    assert intro.hint.isVisible() and "F5" in intro.hint.text()
    assert window.tray.isVisible() and window.tray.height() > 60
    assert [caption for caption, _ in window.tray._layout.captions] == [str(n) for n in range(10)]
    height = window.current_view().height()
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert "Searching" in intro.hint.text()  # what to do meanwhile
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    assert intro.hint.text().startswith("1,049 solutions: step through them")
    assert intro.title.text() == "Meteor"
    assert window.current_view().height() == height  # the board never moved


def test_the_hint_comes_back_for_a_new_puzzle_and_names_what_is_wrong(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    assert window.intro.hint.isVisible() and "Solve" in window.intro.hint.text()
    assert not window.tray.isVisible()  # a Sudoku has no pieces
    broken = Puzzle(GridKind.HEX, "Too few", board=((0, 0), (1, 0), (2, 0)),
                    pieces=(Piece("A", ((0, 0),)),))
    window.set_puzzle(broken)
    assert "cannot be solved" in window.intro.hint.text()
    assert "Design mode" in window.intro.hint.text()


def test_a_search_that_found_nothing_says_so(window, qtbot):
    window.open_puzzle(examples_dir() / "no-solution.json")
    assert "F5" in window.intro.hint.text()
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    assert window.browser.count == 0 and window.intro.hint.text().startswith("No solution")


def test_a_long_description_is_shortened_with_the_whole_in_the_tooltip(window):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    description = window.puzzle.description
    assert len(description) > 280
    shown = window.intro.description.text()
    assert shown.endswith("…") and len(shown) < 270
    assert window.intro.description.toolTip() == description.strip()


def test_cube_pieces_appear_as_pictures_in_the_legend(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    legend = window.current_view().legend
    assert legend.iconSize().width() >= 32
    icon = legend.item(0).icon()
    image = icon.pixmap(legend.iconSize()).toImage()
    colours = {image.pixelColor(x, y).name() for x in range(image.width())
               for y in range(image.height()) if image.pixelColor(x, y).alpha() == 255}
    assert len(colours) >= 3  # a top and two shaded sides, not a flat swatch


def test_a_polycube_picture_hides_the_faces_cubes_cover():
    colour = QColor("#3cb44b")
    one = polycube_pixmap([(0, 0, 0)], colour, 40).toImage()
    bar = polycube_pixmap([(0, 0, 0), (1, 0, 0), (2, 0, 0)], colour, 40).toImage()
    for image in (one, bar):
        alpha = np.array([[image.pixelColor(x, y).alpha() for x in range(40)] for y in range(40)])
        assert alpha.max() == 255 and 0.1 < (alpha > 0).mean() < 0.9
    top = {bar.pixelColor(x, y).name() for x in range(40) for y in range(40)}
    assert colour.name() in top  # the top shows the piece's own colour


def test_tray_names_line_up_under_each_row():
    puzzle = Puzzle(GridKind.SQUARE, "Mixed", board=tuple((x, 0) for x in range(9)),
                    pieces=(Piece("tall", ((0, 0), (0, 1), (0, 2))), Piece("flat", ((0, 0),)),
                            Piece("mid", ((0, 0), (0, 1)), count=2)))
    layout = lay_out(puzzle, float("inf"))
    heights = {round(anchor.y(), 6) for _, anchor in layout.captions}
    assert len(heights) == 1  # one line, under the tallest piece
    assert [caption for caption, _ in layout.captions] == ["tall", "flat", "mid ×2"]


def test_a_unique_solution_is_not_offered_for_stepping_through(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    hint = window.intro.hint.text()
    assert hint.startswith("1 solution.") and "step through" not in hint
    assert "Export" in hint
