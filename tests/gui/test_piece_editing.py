"""The piece editor and the clipboard, driven by clicks and keys: a pentomino rotated, flipped,
moved and duplicated (its cells checked against the solver's orientation list); pieces copied
from one puzzle and pasted into another; board cells cut, pasted, selected and deleted; each
one undo step."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from polygui.editors.board_tools import SELECT
from polygui.editors.piece_list import NAME
from qt_fixtures import make_active
from solvers import GridKind, Puzzle
from solvers.puzzle.grids import normalise, orientations
from solvers.puzzle.piece_sets import piece_set

LEFT = Qt.MouseButton.LeftButton
CTRL = Qt.KeyboardModifier.ControlModifier


def square_puzzle(name: str, *pieces: str) -> Puzzle:
    by_name = {piece.name: piece for piece in piece_set("pentominoes")}
    chosen = tuple(by_name[name] for name in pieces)
    board = tuple((x, y) for x in range(4) for y in range(3))
    return Puzzle(GridKind.SQUARE, name, board=board, pieces=chosen)


def design(window, puzzle: Puzzle):
    window.set_puzzle(puzzle, None)
    window.set_mode("design")
    make_active(window)
    return window.editor


def click_row(qtbot, editor, row: int, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    table = editor.pieces.table
    rect = table.visualItemRect(table.item(row, NAME))
    qtbot.mouseClick(table.viewport(), LEFT, modifier, rect.center())


def shape_of(cells) -> tuple:
    return normalise(np.array(cells), GridKind.SQUARE)


def test_a_pentomino_rotated_flipped_moved_and_duplicated(qtbot, window):
    editor = design(window, square_puzzle("Shapes", "F", "L"))
    document, stack = editor.document, editor.document.undo_stack
    click_row(qtbot, editor, 0)
    first = document.puzzle.pieces[0].cells
    rotations = set(orientations(GridKind.SQUARE, first, mirror=False))
    qtbot.mouseClick(editor.shapes.buttons["turn-z"], LEFT)
    seen = {shape_of(document.puzzle.pieces[0].cells)}
    assert stack.undoText() == "Rotate F" and document.puzzle.pieces[0].cells != first
    editor.piece_canvas.setFocus()
    for _ in range(3):
        qtbot.keyClick(editor.piece_canvas, Qt.Key.Key_R)
        seen.add(shape_of(document.puzzle.pieces[0].cells))
    assert seen == rotations and document.puzzle.pieces[0].cells == first  # a whole turn
    assert stack.count() == 4
    qtbot.keyClick(editor.piece_canvas, Qt.Key.Key_F)
    flipped = shape_of(document.puzzle.pieces[0].cells)
    assert flipped in orientations(GridKind.SQUARE, first, mirror=True)
    assert flipped not in rotations and stack.undoText() == "Flip F"
    stack.undo()
    assert document.puzzle.pieces[0].cells == first  # one step each
    qtbot.keyClick(editor.piece_canvas, Qt.Key.Key_Right)
    assert document.puzzle.pieces[0].cells == tuple((x + 1, y) for x, y in first)
    assert stack.undoText() == "Move F right"
    qtbot.keyClick(editor.piece_canvas, Qt.Key.Key_D, CTRL)
    pieces = document.puzzle.pieces
    assert [piece.name for piece in pieces] == ["F", "L", "F copy"]
    assert pieces[2].cells == pieces[0].cells and pieces[2].colour
    assert editor.pieces.selected_piece() == 2 and stack.undoText() == "Duplicate F"
    stack.undo()
    assert len(document.puzzle.pieces) == 2


def test_two_pieces_copied_from_one_puzzle_pasted_into_another(qtbot, window):
    editor = design(window, square_puzzle("A", "F", "L", "N"))
    click_row(qtbot, editor, 0)
    click_row(qtbot, editor, 2, CTRL)
    assert editor.pieces.selected_pieces() == [0, 2]
    qtbot.keyClick(editor.pieces.table, Qt.Key.Key_C, CTRL)
    text = QGuiApplication.clipboard().text()
    assert '"name": "F"' in text and '"name": "N"' in text and '"name": "L"' not in text
    copied = editor.document.puzzle.pieces
    editor = design(window, square_puzzle("B", "N", "P"))  # another document
    click_row(qtbot, editor, 0)
    qtbot.keyClick(editor.pieces.table, Qt.Key.Key_V, CTRL)
    pieces = window.document.puzzle.pieces
    assert [piece.name for piece in pieces] == ["N", "P", "F", "N 2"]  # a clash: a suffix
    assert pieces[2].cells == copied[0].cells and pieces[3].cells == copied[2].cells
    assert editor.pieces.selected_pieces() == [2, 3]
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Paste pieces F, N"
    stack.undo()
    assert [piece.name for piece in window.document.puzzle.pieces] == ["N", "P"]
    hexes = Puzzle(GridKind.HEX, "Hexes", board=((0, 0), (1, 0)))
    editor = design(window, hexes)
    editor.pieces.table.setFocus()
    qtbot.keyClick(editor.pieces.table, Qt.Key.Key_V, CTRL)
    assert window.document.puzzle == hexes
    assert editor.message.text() == "Paste: these are square pieces; this puzzle is a hex board"


def drag(qtbot, canvas, start, end) -> None:
    qtbot.mousePress(canvas, LEFT, pos=canvas.cell_centre(start))
    qtbot.mouseMove(canvas, canvas.cell_centre(end))
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.cell_centre(end))


def test_board_cells_cut_then_pasted_where_clicked_and_undone(qtbot, window):
    editor = design(window, square_puzzle("Cells", "L"))
    canvas, document = editor.canvas, window.document
    board = set(document.puzzle.board)
    qtbot.mouseClick(editor.tools.buttons[SELECT], LEFT)
    drag(qtbot, canvas, (0, 0), (1, 1))
    assert editor.cells.selection == [(0, 0), (0, 1), (1, 0), (1, 1)]
    qtbot.keyClick(canvas, Qt.Key.Key_X, CTRL)
    assert set(document.puzzle.board) == board - {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert document.undo_stack.undoText() == "Cut 4 board cells"
    qtbot.mouseMove(canvas, canvas.cell_centre((2, 1)))
    qtbot.keyClick(canvas, Qt.Key.Key_V, CTRL)
    assert set(canvas.preview) == {(2, 1), (2, 2), (3, 1), (3, 2)}  # where the mouse is
    qtbot.mouseMove(canvas, canvas.cell_centre((3, 0)))
    assert set(canvas.preview) == {(3, 0), (3, 1), (4, 0), (4, 1)}  # the stamp follows
    assert set(document.puzzle.board) == board - {(0, 0), (0, 1), (1, 0), (1, 1)}
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_centre((3, 0)))
    pasted = {(3, 0), (3, 1), (4, 0), (4, 1)}
    assert set(document.puzzle.board) == board - {(0, 0), (0, 1), (1, 0), (1, 1)} | pasted
    assert document.undo_stack.undoText() == "Paste 4 board cells"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert set(document.puzzle.board) == board


def test_select_all_then_delete_then_undo(qtbot, window):
    editor = design(window, square_puzzle("All", "L"))
    canvas, document = editor.canvas, window.document
    board = document.puzzle.board
    qtbot.mouseClick(canvas, Qt.MouseButton.MiddleButton, pos=canvas.cell_centre((2, 2)))
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_A, CTRL)
    assert editor.tools.tool == SELECT and set(editor.cells.selection) == set(board)
    qtbot.keyClick(canvas, Qt.Key.Key_Delete)
    assert document.puzzle.board == () and editor.cells.selection == []
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.puzzle.board == board


def test_a_cube_piece_turned_about_each_axis_mirrored_and_duplicated(qtbot, window):
    soma = piece_set("soma")
    piece = next(p for p in soma if len(orientations(GridKind.CUBE, p.cells, mirror=True))
                 > len(orientations(GridKind.CUBE, p.cells, mirror=False)))
    editor = design(window, Puzzle(GridKind.CUBE, "Soma", pieces=(piece,)))
    document = window.document
    click_row(qtbot, editor, 0)
    rotations = set(orientations(GridKind.CUBE, piece.cells, mirror=False))
    for key in (Qt.Key.Key_X, Qt.Key.Key_Y, Qt.Key.Key_Z):
        before = document.puzzle.pieces[0].cells
        qtbot.keyClick(editor.pieces.table, key)
        after = document.puzzle.pieces[0].cells
        assert after != before and normalise(np.array(after), GridKind.CUBE) in rotations
    assert document.undo_stack.undoText() == f"Rotate {piece.name} about Z"
    qtbot.mouseClick(editor.shapes.buttons["flip"], LEFT)
    mirrored = normalise(np.array(document.puzzle.pieces[0].cells), GridKind.CUBE)
    assert mirrored not in rotations
    assert mirrored in orientations(GridKind.CUBE, piece.cells, mirror=True)
    qtbot.keyClick(editor.pieces.table, Qt.Key.Key_D, CTRL)
    assert [p.name for p in document.puzzle.pieces] == [piece.name, f"{piece.name} copy"]
    assert document.undo_stack.count() == 5


def test_the_edit_menu_s_copy_in_the_sudoku_grid_copies_its_line(qtbot, window):
    from polygui.files.new_puzzle_dialog import blank_puzzle
    editor = design(window, blank_puzzle("sudoku-4"))
    editor.canvas.setFocus()
    QGuiApplication.clipboard().setText("")
    qtbot.keyClick(editor.canvas, Qt.Key.Key_C, CTRL)
    assert QGuiApplication.clipboard().text() == "." * 16
    QGuiApplication.clipboard().setText("1" + "." * 15)
    qtbot.keyClick(editor.canvas, Qt.Key.Key_V, CTRL)  # the grid's own key, as before
    assert window.document.puzzle.sudoku.givens[0] == 1
