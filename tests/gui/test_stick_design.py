"""Stick grids (polysticks) in the app: sticks drawn as rounded segments with their lattice
points, the nearest stick picked by a click, and a puzzle built by clicks and drags in the
window, saved, reopened and solved to the count the solver finds."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, Qt

from polygui.editors.board_editor import BoardEditor
from polygui.files.new_puzzle_dialog import KINDS, blank_puzzle
from polygui.views.tiling import FlatBoard, tiling_for
from qt_fixtures import show_window
from solvers import GridKind, Puzzle, count_solutions
from solvers.puzzle.fileformat import load_puzzle
from test_board_editor import click, drag, make_editor

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
STICK = GridKind.STICK


def square_rows(side: int) -> list[list[tuple[int, int, int]]]:
    """The sticks of a side x side square, a canvas row each: the x-sticks of a lattice row,
    then the y-sticks above it."""
    rows = []
    for y in range(side + 1):
        rows.append([(x, y, 0) for x in range(side)])
        if y < side:
            rows.append([(x, y, 1) for x in range(side + 1)])
    return rows


def test_sticks_are_drawn_apart_with_a_dot_at_each_lattice_point():
    board = FlatBoard.build(tiling_for(STICK), np.array([(0, 0, 0), (0, 0, 1), (1, 0, 0)]))
    assert len(board.segments) == 0  # no outlines: sticks share no edges
    assert len(board.points) == 4  # (0, 0), (1, 0), (2, 0), (0, 1)
    assert board.cell_at(0.5, 0.0) == 0 and board.cell_at(0.0, -0.5) == 1
    assert board.cell_at(1.0, 0.0) == -1  # the lattice point between two sticks


def test_a_click_picks_the_nearest_stick(qtbot):
    editor = make_editor(qtbot, Puzzle(STICK, "sticks"))
    canvas = editor.canvas
    centre = canvas.cell_centre((1, 1, 0))
    scale = canvas._transform().m11()  # pixels a lattice unit
    near_its_end = QPointF(centre) + QPointF(0.3 * scale, 0.1 * scale)
    assert canvas.cell_at(near_its_end) == (1, 1, 0)
    beside = QPointF(centre) + QPointF(0.45 * scale, -0.3 * scale)  # nearer the y-stick
    assert canvas.cell_at(beside) == (2, 1, 1)
    click(qtbot, canvas, (1, 1, 0))
    assert editor.document.puzzle.board == ((1, 1, 0),)


def test_a_stick_puzzle_built_by_clicks_saves_reopens_and_solves(
        window, qtbot, settings, tmp_path):
    """The 12 sticks of a 2x2 square dragged row by row, a bent distick (V2) clicked on its
    canvas and counted 6 times, saved, reopened and solved in every mode to the solver's
    counts (crossing at the centre refused: six straight disticks would only fit crossing)."""
    assert KINDS["stick"][1] is STICK
    window.files.ask_new = lambda parent: blank_puzzle("stick", "Bent disticks")
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    editor = window.editor
    assert isinstance(editor, BoardEditor) and editor.kind is STICK
    rows = square_rows(2)
    board = [stick for row in rows for stick in row]
    assert set(board) <= set(editor.canvas.positions)  # the canvas a new puzzle offers
    for row in rows:
        drag(qtbot, editor.canvas, row)
    assert sorted(window.puzzle.board) == sorted(board)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # the last row's drag is one edit
    assert len(window.puzzle.board) == len(board) - len(rows[-1])
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert sorted(window.puzzle.board) == sorted(board)

    qtbot.mouseClick(editor.pieces.add_button, Qt.MouseButton.LeftButton)
    assert window.puzzle.pieces[0].cells == ((0, 0, 0),)
    click(qtbot, editor.piece_canvas, (0, 0, 1))
    assert window.puzzle.pieces[0].cells == ((0, 0, 0), (0, 0, 1))
    box = editor.pieces.count_box(0)
    box.selectAll()
    qtbot.keyClicks(box, "6")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.puzzle.pieces[0].count == 6

    target = tmp_path / "bent.json"
    window.files.ask_save_path = lambda: str(target)
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL)
    assert load_puzzle(target) == window.puzzle

    again = show_window(qtbot, settings, tmp_path / "autosave-2")
    assert again.open_puzzle(target)
    assert again.puzzle == window.puzzle and again.puzzle.kind is STICK
    for mode in ("all", "distinct"):
        expected = count_solutions(again.puzzle, mode).solutions
        again.panel.symmetry.setCurrentIndex(again.panel.symmetry.findData(mode))
        qtbot.keyClick(again, Qt.Key.Key_F5)
        qtbot.waitUntil(lambda: not again.is_solving(), timeout=90_000)
        assert again.browser.count == expected > 0
    image = again.current_view().grab().toImage()
    assert image.width() > 100 and len({image.pixel(x, y) for x in range(0, image.width(), 5)
                                        for y in range(0, image.height(), 5)}) > 4


def test_stick_solutions_export_as_pictures_and_are_refused_for_printing(tmp_path, capsys):
    """Through polygui-solve, which draws with the window's own views: two solutions' PNGs
    differ, the SVG parses and holds the sticks' paths; 3D printing refuses sticks by name."""
    import xml.etree.ElementTree as ElementTree

    from PySide6.QtCore import QSize
    from PySide6.QtGui import QImage

    from polygui.cli import main as cli_main
    from polygui.resources import examples_dir

    puzzle = str(examples_dir() / "tetrasticks-5x5.json")
    first, second = tmp_path / "1.png", tmp_path / "2.png"
    for path, number in ((first, "1"), (second, "2")):
        assert cli_main([puzzle, "--export-png", str(path), "--solution", number,
                         "--size", "300x300"]) == 0
    assert QImage(str(first)).size() == QSize(300, 300)
    assert QImage(str(first)) != QImage(str(second))
    svg = tmp_path / "s.svg"
    assert cli_main([puzzle, "--export-svg", str(svg), "--size", "300x300"]) == 0
    assert ElementTree.parse(svg).getroot().tag.endswith("svg")
    capsys.readouterr()
    assert cli_main([puzzle, "--export-stl", str(tmp_path / "stl")]) != 0
    assert "stick grid cannot be printed" in capsys.readouterr().err
