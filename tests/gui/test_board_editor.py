"""The hex and square board editor, driven by mouse clicks at computed cell centres."""

from __future__ import annotations

import dataclasses
import threading
import time

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication

from polygui.editors.board_editor import BoardEditor
from polygui.solving import run as run_module
from polygui.models import PuzzleDocument
from solvers import GridKind, Piece, Progress, Puzzle, count_solutions
from solvers.puzzle.grids import normalise, offset_to_hex, orientations
from solvers.puzzle.textformats import parse_meteor

LEFT = Qt.MouseButton.LeftButton
TRIANGLE = ((0, 0), (1, 0), (0, 1))
STRAIGHT = ((0, 0), (1, 0), (2, 0))
BENT = ((0, 0), (1, 0), (1, 1))
DOMINO = ((0, 0), (1, 0))
SMALL_METEOR = "A A B\n A B B"


def make_editor(qtbot, puzzle: Puzzle) -> BoardEditor:
    editor = BoardEditor(PuzzleDocument(puzzle))
    qtbot.addWidget(editor)
    editor.resize(1000, 640)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def copy_meteor_text(qtbot, editor: BoardEditor) -> str | None:
    """Click "Copy as meteor text" and wait for the search behind it to end."""
    with qtbot.waitSignal(editor.meteor_copied, timeout=10_000) as copied:
        qtbot.mouseClick(editor.copy_button, LEFT)
    return copied.args[0]


def click(qtbot, canvas, cell) -> None:
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_centre(cell))


def drag(qtbot, canvas, cells) -> None:
    """Press on the first cell, move over the others, release on the last."""
    qtbot.mousePress(canvas, LEFT, pos=canvas.cell_centre(cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(canvas, canvas.cell_centre(cell))
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.cell_centre(cells[-1]))


def add_piece_by_clicks(qtbot, editor: BoardEditor, cells) -> None:
    """Add a one-cell piece (at the origin) and click its other cells on the piece canvas."""
    qtbot.mouseClick(editor.pieces.add_button, LEFT)
    assert editor.pieces.selected_piece() == len(editor.document.puzzle.pieces) - 1
    for cell in cells:
        if cell != (0, 0):
            click(qtbot, editor.piece_canvas, cell)


def free_shape(kind, cells):
    return min(orientations(kind, normalise(np.array(cells)), mirror=True))


def test_hex_puzzle_built_by_clicks_solves_like_the_same_puzzle_built_in_code(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, "By hand"))
    top_row = [offset_to_hex(0, col) for col in range(4)]
    second_row = [offset_to_hex(1, col) for col in range(4)]
    for cell in top_row:
        click(qtbot, editor.canvas, cell)
    drag(qtbot, editor.canvas, second_row)
    for shape in (TRIANGLE, BENT, DOMINO):
        add_piece_by_clicks(qtbot, editor, shape)
    built = editor.document.puzzle
    assert sorted(built.board) == sorted(top_row + second_row)
    assert [piece.cells for piece in built.pieces] == [tuple(sorted(s)) for s in
                                                       (TRIANGLE, BENT, DOMINO)]
    assert editor.document.undo_stack.count() == 4 + 1 + 3 + 3 + 2  # the drag is one step
    in_code = Puzzle(GridKind.HEX, "In code", board=tuple(top_row + second_row),
                     pieces=(Piece("A", TRIANGLE), Piece("B", BENT), Piece("C", DOMINO)))
    expected = count_solutions(in_code)
    assert expected.exhausted and expected.solutions > 1
    assert count_solutions(built).solutions == expected.solutions


def test_board_drag_is_one_step_and_the_press_decides_add_or_remove(qtbot):
    board = tuple(offset_to_hex(0, col) for col in range(4))
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, board=board))
    stack = editor.document.undo_stack
    drag(qtbot, editor.canvas, list(board[1:3]))  # starts on a board cell: removes
    assert sorted(editor.document.puzzle.board) == sorted((board[0], board[3]))
    assert stack.count() == 1 and stack.undoText() == "Remove board cells"
    below = [offset_to_hex(1, col) for col in range(4)]
    drag(qtbot, editor.canvas, [board[1]] + below)  # starts on a free cell: adds
    assert len(editor.document.puzzle.board) == 2 + 1 + 4
    assert stack.count() == 2 and stack.undoText() == "Add board cells"
    stack.undo()
    assert sorted(editor.document.puzzle.board) == sorted((board[0], board[3]))


def test_undo_redo_restores_every_kind_of_edit_exactly(qtbot, monkeypatch):
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, "History"))
    document = editor.document
    snapshots = [document.puzzle]
    steps = [
        lambda: click(qtbot, editor.canvas, (0, 0)),
        lambda: drag(qtbot, editor.canvas, [(1, 0), (2, 0), (1, 1)]),
        lambda: click(qtbot, editor.canvas, (2, 0)),
        lambda: qtbot.mouseClick(editor.pieces.add_button, LEFT),
        lambda: click(qtbot, editor.piece_canvas, (1, 0)),
        lambda: drag(qtbot, editor.piece_canvas, [(1, 0)]),  # remove it again
        lambda: qtbot.keyClick(editor.pieces.count_box(0), Qt.Key.Key_Up),
        lambda: qtbot.mouseClick(editor.import_button, LEFT),
    ]
    QGuiApplication.clipboard().setText(SMALL_METEOR)
    editor.ask_text = lambda initial, parent: initial  # the dialog accepts the clipboard text
    for step in steps:
        step()
        assert document.puzzle != snapshots[-1], f"step {len(snapshots)} changed nothing"
        snapshots.append(document.puzzle)
    assert document.undo_stack.count() == len(steps)
    for expected in reversed(snapshots[:-1]):
        document.undo_stack.undo()
        assert document.puzzle == expected
    for expected in snapshots[1:]:
        document.undo_stack.redo()
        assert document.puzzle == expected


def test_piece_edit_that_would_disconnect_it_is_refused_with_a_visible_message(qtbot):
    puzzle = Puzzle(GridKind.HEX, board=STRAIGHT, pieces=(Piece("I", STRAIGHT),))
    editor = make_editor(qtbot, puzzle)
    editor.pieces.select_piece(0)
    click(qtbot, editor.piece_canvas, (1, 0))  # the middle cell
    assert editor.document.puzzle == puzzle and editor.document.undo_stack.count() == 0
    assert "not connected" in editor.message.text() and editor.message.isVisible()
    assert "I" in editor.message.text()
    click(qtbot, editor.piece_canvas, (2, 0))  # an end cell: fine, and the message goes
    assert editor.document.puzzle.pieces[0].cells == ((0, 0), (1, 0))
    assert editor.message.text() == ""
    click(qtbot, editor.piece_canvas, (1, 1))
    click(qtbot, editor.piece_canvas, (0, 0))
    assert "not connected" not in editor.message.text()
    click(qtbot, editor.piece_canvas, (1, 1))
    click(qtbot, editor.piece_canvas, (1, 0))  # the last cell
    assert "no cells" in editor.message.text()


def test_canvas_grows_and_refuses_to_cut_board_cells(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.SQUARE, board=((0, 0), (1, 0), (2, 0))))
    columns = editor.width_box.value()
    qtbot.keyClick(editor.width_box, Qt.Key.Key_Up)
    assert len(editor.canvas.positions) == (columns + 1) * editor.height_box.value()
    new_corner = (editor.area[1] + columns, editor.area[0])  # (x, y) of the new column
    click(qtbot, editor.canvas, new_corner)
    assert new_corner in editor.document.puzzle.board
    qtbot.keyClick(editor.width_box, Qt.Key.Key_Down)
    assert editor.width_box.value() == columns + 1  # refused: it would cut a board cell
    assert "cut 1 board cell" in editor.message.text()


def test_meteor_text_round_trip_through_the_editor(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, "Round trip"))
    QGuiApplication.clipboard().setText(SMALL_METEOR)
    editor.ask_text = lambda initial, parent: initial
    qtbot.mouseClick(editor.import_button, LEFT)
    imported = editor.document.puzzle
    direct = parse_meteor(SMALL_METEOR)
    assert (imported.board, imported.pieces) == (direct.board, direct.pieces)
    assert imported.name == "Round trip"
    QGuiApplication.clipboard().clear()
    copy_meteor_text(qtbot, editor)
    copied = QGuiApplication.clipboard().text()
    assert copied and "Copied" in editor.message.text()
    again = parse_meteor(copied)
    assert again.board == imported.board
    assert [p.name for p in again.pieces] == [p.name for p in imported.pieces]
    assert [free_shape(GridKind.HEX, p.cells) for p in again.pieces] == \
        [free_shape(GridKind.HEX, p.cells) for p in imported.pieces]
    assert count_solutions(again).solutions == count_solutions(imported).solutions


def test_bad_meteor_text_is_refused_with_the_reason(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, board=((0, 0),)))
    before = editor.document.puzzle
    editor.ask_text = lambda initial, parent: "A B\nA"  # 'A' between two cells on line 2
    qtbot.mouseClick(editor.import_button, LEFT)
    assert editor.document.puzzle == before
    assert "line 2" in editor.message.text()


def test_copy_of_an_unsolvable_puzzle_says_why(qtbot):
    star = ((0, 0), (1, 0), (0, -1), (-1, 1))  # a centre and three leaves apart
    domino = ((0, 0), (1, 0))
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, board=star,
                                       pieces=(Piece("D", domino, count=2),)))
    QGuiApplication.clipboard().setText("before")
    assert copy_meteor_text(qtbot, editor) is None
    assert QGuiApplication.clipboard().text() == "before"
    assert editor.message.text().startswith("Copy as meteor text: ")
    assert "'D'" in editor.message.text()  # the reason names the piece


def test_square_board_and_pieces_by_clicks(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.SQUARE, "Squares"))
    drag(qtbot, editor.canvas, [(0, 0), (1, 0), (2, 0), (3, 0)])
    drag(qtbot, editor.canvas, [(0, 1), (1, 1), (2, 1), (3, 1)])
    add_piece_by_clicks(qtbot, editor, ((0, 0), (1, 0), (0, 1), (1, 1)))
    qtbot.keyClick(editor.pieces.count_box(0), Qt.Key.Key_Up)
    built = editor.document.puzzle
    in_code = Puzzle(GridKind.SQUARE, board=tuple((x, y) for x in range(4) for y in range(2)),
                     pieces=(Piece("O", ((0, 0), (1, 0), (0, 1), (1, 1)), count=2),))
    assert count_solutions(built).solutions == count_solutions(in_code).solutions
    assert editor.import_button.isHidden() and editor.copy_button.isHidden()  # hex only
    hex_editor = make_editor(qtbot, Puzzle(GridKind.HEX, "Hexes"))
    assert not hex_editor.import_button.isHidden() and not hex_editor.copy_button.isHidden()


def test_cell_under_a_click_outside_the_canvas_area_is_none(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.HEX))
    qtbot.mouseClick(editor.canvas, LEFT, pos=QPoint(2, 2))
    assert editor.document.undo_stack.count() == 0


def test_cube_puzzles_are_not_for_this_editor(qtbot):
    with pytest.raises(ValueError, match="flat grids, not cube"):
        BoardEditor(PuzzleDocument(Puzzle(GridKind.CUBE)))


def test_clicking_a_piece_under_the_board_selects_it_for_painting(qtbot):
    pieces = (Piece("A", TRIANGLE), Piece("B", BENT), Piece("C", DOMINO))
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, board=((0, 0),), pieces=pieces))
    qtbot.mouseClick(editor.tray, LEFT, pos=editor.tray.piece_centre(1))
    assert editor.pieces.selected_piece() == 1
    assert editor.piece_hint.text().startswith("B: 3 cells")
    click(qtbot, editor.piece_canvas, (1, 2))  # next to (1, 1): B grows
    assert editor.document.puzzle.pieces[1].size == 4
    assert "pieces: 9 cells" in editor.summary.text()
    assert "the pieces cover 9 cells but the board has 1" in editor.summary.text()


def test_import_dialog_starts_from_the_clipboard_text(qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPlainTextEdit

    editor = make_editor(qtbot, Puzzle(GridKind.HEX, "Pasted"))
    QGuiApplication.clipboard().setText(SMALL_METEOR)
    seen = []

    def press_import():
        dialog = QApplication.activeModalWidget()
        seen.append(dialog.findChild(QPlainTextEdit).toPlainText())
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, LEFT)

    QTimer.singleShot(100, press_import)
    qtbot.mouseClick(editor.import_button, LEFT)  # returns once the dialog is closed
    assert seen == [SMALL_METEOR]
    assert editor.document.puzzle.board == parse_meteor(SMALL_METEOR).board
    assert editor.message.text() == "Imported the meteor text"


def test_grow_on_all_sides_then_add_a_cell_left_of_the_board_then_trim(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, board=STRAIGHT))
    row0, col0, rows, cols = editor.area
    qtbot.mouseClick(editor.grow_button, LEFT)
    assert editor.area == (row0 - 1, col0 - 1, rows + 2, cols + 2)
    assert (editor.width_box.value(), editor.height_box.value()) == (cols + 2, rows + 2)
    far_left = offset_to_hex(0, col0 - 1)
    click(qtbot, editor.canvas, far_left)
    click(qtbot, editor.canvas, offset_to_hex(0, col0))
    assert {far_left, offset_to_hex(0, col0)} <= set(editor.document.puzzle.board)
    qtbot.mouseClick(editor.trim_button, LEFT)
    assert editor.area == (-1, col0 - 2, 3, 7)  # one free position around the five cells


def test_copy_when_no_arrangement_fills_the_board_says_so(qtbot):
    board = tuple(offset_to_hex(row, col) for row in range(2) for col in range(3))
    puzzle = Puzzle(GridKind.HEX, board=board,
                    pieces=(Piece("T", TRIANGLE), Piece("S", STRAIGHT)))
    assert count_solutions(puzzle).solutions == 0  # the premise, from the solver
    editor = make_editor(qtbot, puzzle)
    assert copy_meteor_text(qtbot, editor) is None
    assert "no arrangement of the pieces filling the board was found" in editor.message.text()


def test_the_search_for_an_arrangement_runs_off_the_gui_thread_and_can_be_stopped(
        qtbot, monkeypatch):
    gui_thread = threading.get_ident()
    searched_in = []

    def endless_search(*args, **kwargs):  # a search that never finds an arrangement
        searched_in.append(threading.get_ident())
        while True:
            time.sleep(0.001)
            yield Progress("searching")

    monkeypatch.setattr("polygui.solving.run.solve", endless_search)
    editor = make_editor(qtbot, parse_meteor(SMALL_METEOR))
    QGuiApplication.clipboard().setText("before")
    qtbot.mouseClick(editor.copy_button, LEFT)
    assert editor.copy_button.text() == "Stop copying"
    qtbot.waitUntil(lambda: bool(searched_in))
    with qtbot.waitSignal(editor.meteor_copied) as copied:
        qtbot.mouseClick(editor.copy_button, LEFT)
    assert copied.args == [None] and searched_in[0] != gui_thread
    assert editor.message.text() == "Copy as meteor text: stopped"
    assert editor.copy_button.text() == "Copy as meteor text"
    assert QGuiApplication.clipboard().text() == "before"


def test_the_search_for_an_arrangement_gives_up_after_its_steps(qtbot, monkeypatch):
    def endless_search(*args, **kwargs):
        nodes = 0
        while True:
            time.sleep(0.001)
            nodes += 100
            yield Progress("searching", nodes=nodes)

    monkeypatch.setattr("polygui.solving.run.solve", endless_search)
    monkeypatch.setattr("polygui.editors.meteor_text.SEARCH_NODES", 5_000)
    editor = make_editor(qtbot, parse_meteor(SMALL_METEOR))
    assert copy_meteor_text(qtbot, editor) is None
    assert "was found in 5,000 steps of search" in editor.message.text()


def test_a_search_kept_off_the_cpu_does_not_give_up(qtbot, monkeypatch):
    """The solver thread runs at idle priority: on a busy machine it may wait seconds before
    it searches at all. Only the search's own steps count toward giving up."""
    real_solve = run_module.solve

    def late_search(*args, **kwargs):
        time.sleep(6)  # longer than the 5 s the search was once given, by the clock
        yield from real_solve(*args, **kwargs)

    monkeypatch.setattr("polygui.solving.run.solve", late_search)
    editor = make_editor(qtbot, parse_meteor(SMALL_METEOR))
    with qtbot.waitSignal(editor.meteor_copied, timeout=30_000) as copied:
        qtbot.mouseClick(editor.copy_button, LEFT)
    assert copied.args[0] and "Copied" in editor.message.text()


def test_a_hole_in_a_square_board_by_one_click(qtbot):
    square = tuple((x, y) for x in range(3) for y in range(3))
    editor = make_editor(qtbot, Puzzle(GridKind.SQUARE, board=square))
    click(qtbot, editor.canvas, (1, 1))
    assert sorted(editor.document.puzzle.board) == sorted(set(square) - {(1, 1)})
    assert editor.document.undo_stack.undoText() == "Remove board cells"
    ring = Puzzle(GridKind.SQUARE, board=tuple(set(square) - {(1, 1)}),
                  pieces=(Piece("L", ((0, 0), (1, 0), (0, 1)), count=2),
                          Piece("I", ((0, 0), (1, 0)))))
    with_hole = dataclasses.replace(editor.document.puzzle, pieces=ring.pieces)
    assert count_solutions(with_hole).solutions == count_solutions(ring).solutions


def test_a_fast_drag_paints_every_cell_it_passes_over(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.SQUARE))
    row = [(x, 0) for x in range(6)]
    qtbot.mousePress(editor.canvas, LEFT, pos=editor.canvas.cell_centre(row[0]))
    qtbot.mouseMove(editor.canvas, editor.canvas.cell_centre(row[-1]))  # one jump
    qtbot.mouseRelease(editor.canvas, LEFT, pos=editor.canvas.cell_centre(row[-1]))
    assert sorted(editor.document.puzzle.board) == row
    assert editor.document.undo_stack.count() == 1


def test_hovering_outlines_the_position_under_the_mouse(qtbot):
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    editor = make_editor(qtbot, Puzzle(GridKind.HEX, board=STRAIGHT))
    where = QPointF(editor.canvas.cell_centre((1, 0)))
    move = QMouseEvent(QEvent.Type.MouseMove, where, editor.canvas.mapToGlobal(where),
                       Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(editor.canvas, move)
    assert editor.canvas.hovered == (1, 0)
    assert editor.document.undo_stack.count() == 0  # hovering edits nothing
    QApplication.sendEvent(editor.canvas, QEvent(QEvent.Type.Leave))
    assert editor.canvas.hovered is None


def test_painting_the_selected_piece_over_the_board(qtbot):
    board = tuple(offset_to_hex(row, col) for row in range(2) for col in range(3))
    editor = make_editor(qtbot, Puzzle(GridKind.HEX, board=board))
    qtbot.mouseClick(editor.piece_target, LEFT)
    click(qtbot, editor.canvas, board[1])
    assert "Select a piece" in editor.message.text() and editor.document.undo_stack.count() == 0
    qtbot.mouseClick(editor.pieces.add_button, LEFT)  # P1 at (0, 0) = board[0]
    drag(qtbot, editor.canvas, [board[1], board[2]])
    assert editor.document.puzzle.pieces[0].cells == tuple(sorted(board[:3]))
    assert editor.document.puzzle.board == tuple(sorted(board))  # the board is untouched
    assert editor.document.undo_stack.undoText() == "Add cells to P1"
    click(qtbot, editor.canvas, board[1])  # the middle of the three: refused
    assert "not connected" in editor.message.text()
    qtbot.mouseClick(editor.board_target, LEFT)
    click(qtbot, editor.canvas, board[1])  # now it edits the board again
    assert board[1] not in editor.document.puzzle.board


def test_messages_name_pieces_by_name_count_cells_right_and_go_when_the_user_moves_on(qtbot):
    digits = tuple(Piece(str(number), ((0, 0),)) for number in range(5))
    puzzle = Puzzle(GridKind.HEX, board=((0, 0),), pieces=(*digits, Piece("5", DOMINO)))
    editor = make_editor(qtbot, puzzle)
    editor.pieces.select_piece(5)
    assert editor.piece_hint.text().startswith("5: 2 cells.")
    editor.pieces.select_piece(0)
    assert editor.piece_hint.text().startswith("0: 1 cell.")
    assert editor.summary.text().startswith("Board: 1 cell · pieces: 7 cells")
    editor.pieces.select_piece(5)
    click(qtbot, editor.piece_canvas, (2, 0))  # the piece is a straight three now
    click(qtbot, editor.piece_canvas, (1, 0))  # its middle cell: refused
    assert editor.message.text().endswith("piece '5' is not connected: it falls into 2 parts")
    assert "piece 6" not in editor.message.text()
    editor.pieces.select_piece(2)  # the user moves on: the refusal is old news
    assert editor.message.text() == ""
