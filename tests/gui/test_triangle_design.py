"""Triangle boards in the app: the drawing geometry, picking a triangle by a click, the
editor's tools, and a puzzle built by clicks in the window, saved, reopened and solved to
its published count."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest
from PySide6.QtCore import Qt

from polygui.editors.board_editor import BoardEditor
from polygui.editors.board_tools import FILL, RECTANGLE
from polygui.files.new_puzzle_dialog import KINDS, NewPuzzleDialog, blank_puzzle
from polygui.views.tiling import TRIANGLE as TILING, FlatBoard
from qt_fixtures import show_window
from solvers import GridKind, Puzzle, count_solutions
from solvers.puzzle import triangles
from solvers.puzzle.fileformat import load_puzzle
from test_board_editor import click, drag, make_editor

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
TRIANGLE = GridKind.TRIANGLE


def hexagon(side: int) -> list[tuple[int, int, int]]:
    """The regular hexagon of `side`, moved to the top left of the editor's first canvas
    (canvas rows and columns from 0)."""
    cells = [(x, y, t) for x in range(-side - 1, side + 1) for y in range(-side - 1, side + 1)
             for t in (0, 1)
             if max(abs(3 * x + 1 + t), abs(3 * y + 1 + t), abs(3 * x + 3 * y + 2 + 2 * t))
             <= 3 * side]
    dy = -max(y for _, y, _ in cells)
    dx = -(min(triangles.offsets([(x, y + dy, t) for x, y, t in cells])[:, 1]) // 2)
    return [(x + dx, y + dy, t) for x, y, t in cells]


def rows_of(cells) -> list[list[tuple[int, int, int]]]:
    """The cells by canvas row, each row left to right."""
    rows = defaultdict(list)
    for (row, col), cell in zip(triangles.offsets(cells).tolist(), cells):
        rows[row].append((col, cell))
    return [[cell for _, cell in sorted(rows[row])] for row in sorted(rows)]


def test_shared_edges_are_drawn_once_between_the_two_triangles_that_share_them():
    cells = np.array(hexagon(2))
    board = FlatBoard.build(TILING, cells)
    inner = board.sides[:, 1] >= 0
    assert inner.sum() == (3 * len(cells) - 12) // 2 and (~inner).sum() == 12
    for (a, b), segment in zip(board.sides[inner], board.segments[inner]):
        for cell in (a, b):  # each end of the edge is a corner of both triangles
            distances = np.linalg.norm(board.polygons[cell][:, None] - segment[None], axis=2)
            assert (distances.min(axis=0) < 1e-9).all()
    up = board.polygons[cells[:, 2] == 0]
    assert (up[:, 2, 1] < up[:, 0, 1]).all()  # an upward triangle's apex is above its base


def test_a_click_picks_the_triangle_under_it(qtbot):
    editor = make_editor(qtbot, Puzzle(TRIANGLE, "picking"))
    offered = editor.canvas.positions
    assert {cell[2] for cell in offered} == {0, 1} and len(offered) == 6 * 13
    for cell in offered:
        assert editor.canvas.cell_at(editor.canvas.cell_centre(cell)) == cell
    for cell in offered[:20]:
        click(qtbot, editor.canvas, cell)
    assert sorted(editor.document.puzzle.board) == sorted(offered[:20])


def test_fill_and_rectangle_tools_on_triangles(qtbot):
    editor = make_editor(qtbot, Puzzle(TRIANGLE, "tools"))
    editor.tools.select(RECTANGLE)
    corner, far = triangles.cell_at_offset(1, 2), triangles.cell_at_offset(3, 7)
    drag(qtbot, editor.canvas, [corner, far])
    expected = {triangles.cell_at_offset(row, col) for row in range(1, 4) for col in range(2, 8)}
    assert set(editor.document.puzzle.board) == expected
    editor.tools.select(FILL)
    click(qtbot, editor.canvas, triangles.cell_at_offset(0, 0))  # the free area around it
    assert set(editor.document.puzzle.board) == set(editor.canvas.positions)
    editor.document.undo_stack.undo()
    assert set(editor.document.puzzle.board) == expected


def test_new_offers_triangle_boards_with_the_classic_sets():
    dialog = NewPuzzleDialog()
    keys = [dialog.kinds.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dialog.kinds.count())]
    assert {"triangle", "triangle-tetriamonds", "triangle-hexiamonds"} <= set(keys)
    dialog.deleteLater()
    assert blank_puzzle("triangle").pieces == () and KINDS["triangle"][1] is TRIANGLE
    assert [p.name for p in blank_puzzle("triangle-tetriamonds").pieces] == ["I4", "I4'", "C4",
                                                                             "T4"]
    assert len(blank_puzzle("triangle-hexiamonds").pieces) == 12


def test_a_triangle_puzzle_built_by_clicks_saves_reopens_and_solves(
        window, qtbot, settings, tmp_path):
    """The hexagon of side 2 drawn row by row, a rhombus piece clicked on its canvas and
    counted 12 times: 20 tilings in all, 6 up to rotation and reflection (OEIS A008793 and
    A066931), after a round trip through the file."""
    window.files.ask_new = lambda parent: blank_puzzle("triangle", "Rhombi in a hexagon")
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    editor = window.editor
    assert isinstance(editor, BoardEditor) and editor.kind is TRIANGLE
    board = hexagon(2)
    assert set(board) <= set(editor.canvas.positions)  # the canvas a new puzzle offers
    for row in rows_of(board):
        drag(qtbot, editor.canvas, row)
    assert sorted(window.puzzle.board) == sorted(board)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # the last row's drag is one edit
    assert len(window.puzzle.board) == len(board) - len(rows_of(board)[-1])
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert sorted(window.puzzle.board) == sorted(board)

    qtbot.mouseClick(editor.pieces.add_button, Qt.MouseButton.LeftButton)
    assert window.puzzle.pieces[0].cells == ((0, 0, 0),)
    click(qtbot, editor.piece_canvas, (0, 0, 1))
    assert window.puzzle.pieces[0].cells == ((0, 0, 0), (0, 0, 1))
    box = editor.pieces.count_box(0)
    box.selectAll()
    qtbot.keyClicks(box, "12")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert window.puzzle.pieces[0].count == 12
    assert window.status_line.text() == "12 pieces cover 24 cells, board has 24"

    target = tmp_path / "rhombi.json"
    window.files.ask_save_path = lambda: str(target)
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL)
    assert load_puzzle(target) == window.puzzle

    again = show_window(qtbot, settings, tmp_path / "autosave-2")
    assert again.open_puzzle(target)
    assert again.puzzle == window.puzzle and again.puzzle.kind is TRIANGLE
    for mode, published in (("all", 20), ("distinct", 6)):
        again.panel.symmetry.setCurrentIndex(again.panel.symmetry.findData(mode))
        qtbot.keyClick(again, Qt.Key.Key_F5)
        qtbot.waitUntil(lambda: not again.is_solving(), timeout=90_000)
        assert again.browser.count == published == count_solutions(again.puzzle, mode).solutions
    image = again.current_view().grab().toImage()
    assert image.width() > 100 and len({image.pixel(x, y) for x in range(0, image.width(), 7)
                                        for y in range(0, image.height(), 7)}) > 8


@pytest.mark.parametrize("name", ["hexiamonds-6x6.json", "hexiamonds-4x9.json"])
def test_a_shipped_hexiamond_board_opens_in_the_editor(window, name):
    from polygui.resources import examples_dir
    assert window.open_puzzle(examples_dir() / name)
    window.set_mode("design")
    assert isinstance(window.editor, BoardEditor)
    offered = set(window.editor.canvas.positions)
    assert set(window.puzzle.board) <= offered


def test_a_piece_is_filled_without_light_seams_between_its_triangles(qtbot):
    """The hexagon piece on the hexagon of six: inside it no pixel is lighter than its
    colour (the inner edges are darker lines), at sizes where edges miss the pixel grid."""
    from polygui.export.images import render_flat
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QColor
    from solvers import Piece, Solution, solve

    board = [(x, y, t) for x, y, t in hexagon(1)]
    puzzle = Puzzle(TRIANGLE, "hexagon", board=tuple(board),
                    pieces=(Piece("O6", tuple(board), colour="#4e79a7"),))
    solution = next(e for e in solve(puzzle, "all") if isinstance(e, Solution))
    fill = QColor("#4e79a7").lightness()
    for width in (301, 433, 517):
        image = render_flat(puzzle, solution, QSize(width, width))
        middle = width // 2
        lighter = [(x, y) for x in range(middle - width // 8, middle + width // 8)
                   for y in range(middle - width // 8, middle + width // 8)
                   if QColor(image.pixel(x, y)).lightness() > fill + 6]
        assert not lighter, f"{width}: {len(lighter)} light pixels, first at {lighter[0]}"


def test_triangle_solutions_export_as_pictures_sheets_and_data(tmp_path):
    """Through polygui-solve, which draws with the window's own views: two solutions'
    pictures differ, a sheet has its pages, the SVG parses, the CSV names x, y and t."""
    import csv
    import xml.etree.ElementTree as ElementTree

    from PySide6.QtCore import QSize
    from PySide6.QtGui import QImage

    from polygui.cli import main as cli_main
    from polygui.resources import examples_dir
    from test_export import pdf_pages

    puzzle = str(examples_dir() / "hexiamonds-4x9.json")
    first, second = tmp_path / "1.png", tmp_path / "2.png"
    for path, number in ((first, "1"), (second, "2")):
        assert cli_main([puzzle, "--export-png", str(path), "--solution", number,
                         "--size", "900x450"]) == 0
    assert QImage(str(first)).size() == QSize(900, 450)
    assert QImage(str(first)) != QImage(str(second))
    sheet = tmp_path / "sheet.pdf"
    assert cli_main([puzzle, "--sheet", str(sheet), "--limit", "40"]) == 0
    assert pdf_pages(sheet) == 2
    svg = tmp_path / "s.svg"
    assert cli_main([puzzle, "--export-svg", str(svg), "--solution", "1"]) == 0
    ElementTree.parse(svg)
    table = tmp_path / "s.csv"
    assert cli_main([puzzle, "--export-csv", str(table), "--limit", "3"]) == 0
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert list(rows[0])[:6] == ["solution", "piece", "copy", "x", "y", "t"]
    assert len(rows) == 3 * 72 and {row["t"] for row in rows} == {"0", "1"}
