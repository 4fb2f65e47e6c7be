"""Pinning pieces in the board editor: by clicks and by a piece dropped from the tray, each
an undoable edit; the ghost outline; refusals named; board edits that break a pin drop it."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from polygui.editors.board_editor import BoardEditor
from polygui.models import PuzzleDocument
from polygui.views.piece_tray import PIECE_MIME
from solvers import GridKind, Piece, Puzzle, count_solutions
from solvers.puzzle.pins import Pin
from qt_fixtures import hover_until

LEFT = Qt.MouseButton.LeftButton
L_TROMINO = ((0, 0), (1, 0), (0, 1))
RECT_2X3 = tuple((x, y) for x in range(3) for y in range(2))


def make_editor(qtbot, puzzle: Puzzle) -> BoardEditor:
    editor = BoardEditor(PuzzleDocument(puzzle))
    qtbot.addWidget(editor)
    editor.resize(1000, 640)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def trominoes(count: int = 2) -> Puzzle:
    return Puzzle(GridKind.SQUARE, "trominoes", board=RECT_2X3,
                  pieces=(Piece("L", L_TROMINO, count),))


def click(qtbot, canvas, cell) -> None:
    qtbot.mouseClick(canvas, LEFT, pos=canvas.cell_centre(cell))


def hover(qtbot, canvas, cell) -> None:
    """Put the mouse over `cell`, again until the canvas has it (the first hover once came to
    nothing, one run in several)."""
    hover_until(qtbot, canvas, canvas.cell_centre(cell), lambda: canvas.hovered == cell)


def test_a_click_pins_the_selected_piece_and_undo_takes_it_away(qtbot):
    editor = make_editor(qtbot, trominoes())
    editor.pieces.select_piece(0)
    qtbot.mouseClick(editor.pin_target, LEFT)
    assert editor.turn_button.isVisible()
    hover(qtbot, editor.canvas, (0, 0))
    ghost = editor.canvas.preview
    assert len(ghost) == 3 and (0, 0) in ghost  # outlined where a click puts it
    click(qtbot, editor.canvas, (0, 0))
    puzzle = editor.document.puzzle
    assert puzzle.pins == (Pin("L", tuple(ghost)),)
    assert editor.document.undo_stack.undoText() == "Pin L"
    assert count_solutions(puzzle, "all").solutions == 1  # of the free puzzle's 2
    editor.document.undo_stack.undo()
    assert editor.document.puzzle.pins == ()


def test_turn_steps_through_the_ways_the_piece_may_lie(qtbot):
    editor = make_editor(qtbot, trominoes())
    editor.pieces.select_piece(0)
    qtbot.mouseClick(editor.pin_target, LEFT)
    hover(qtbot, editor.canvas, (1, 0))
    seen = set()
    for _ in range(4):
        seen.add(tuple(editor.canvas.preview))
        qtbot.mouseClick(editor.turn_button, LEFT)
    assert len(seen) == 4  # an L tromino lies four ways on a 2x3 board covering (1, 0)
    assert all((1, 0) in ghost for ghost in seen)


def test_clicking_a_pin_unpins_it_and_a_pin_past_the_copies_is_refused(qtbot):
    editor = make_editor(qtbot, trominoes(count=1))
    editor.pieces.select_piece(0)
    qtbot.mouseClick(editor.pin_target, LEFT)
    click(qtbot, editor.canvas, (0, 0))
    assert len(editor.document.puzzle.pins) == 1
    free = next(c for c in RECT_2X3 if c not in editor.document.puzzle.pins[0].cells)
    click(qtbot, editor.canvas, free)
    assert len(editor.document.puzzle.pins) == 1
    assert "Every copy of L is pinned already (1)" in editor.message.text()
    click(qtbot, editor.canvas, editor.document.puzzle.pins[0].cells[0])
    assert editor.document.puzzle.pins == ()
    assert editor.document.undo_stack.undoText() == "Unpin L"


def test_a_piece_dropped_from_the_tray_is_pinned_where_it_lands(qtbot):
    editor = make_editor(qtbot, trominoes())
    assert editor.tray.draggable
    data = QMimeData()
    data.setData(PIECE_MIME, QByteArray(b"0"))
    at = QPointF(editor.canvas.cell_centre((2, 1)))
    drop = QDropEvent(at, Qt.DropAction.CopyAction, data, LEFT, Qt.KeyboardModifier.NoModifier)
    editor.canvas.dropEvent(drop)  # Qt delivers a drop only inside a real drag's own loop
    pins = editor.document.puzzle.pins
    assert len(pins) == 1 and (2, 1) in pins[0].cells
    assert editor.pin_target.isChecked() and editor.pieces.selected_piece() == 0


def test_removing_a_board_cell_under_a_pin_drops_the_pin_in_one_undo_step(qtbot):
    puzzle = dataclasses.replace(trominoes(), pins=(Pin("L", ((0, 0), (1, 0), (0, 1))),))
    editor = make_editor(qtbot, puzzle)
    click(qtbot, editor.canvas, (0, 0))  # the board tool: removes the cell
    assert (0, 0) not in editor.document.puzzle.board
    assert editor.document.puzzle.pins == ()
    editor.document.undo_stack.undo()
    assert editor.document.puzzle == puzzle


def test_renaming_a_piece_keeps_its_pins(qtbot):
    from polygui.editors.piece_list import replace_piece
    puzzle = dataclasses.replace(trominoes(), pins=(Pin("L", ((0, 0), (1, 0), (0, 1))),))
    editor = make_editor(qtbot, puzzle)
    editor.document.edit("Rename piece", replace_piece(0, name="Ell"))
    assert editor.document.puzzle.pins == (Pin("Ell", ((0, 0), (0, 1), (1, 0))),)


def test_the_hint_follows_a_piece_selected_after_choosing_pin_mode(qtbot):
    editor = make_editor(qtbot, trominoes())
    editor.pieces.select_piece(None)
    qtbot.mouseClick(editor.pin_target, LEFT)
    assert "Select a piece" in editor.canvas_hint.text()
    editor.pieces.select_piece(0)
    assert "way 1 of 4" in editor.canvas_hint.text()
