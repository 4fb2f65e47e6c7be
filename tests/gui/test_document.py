"""The undoable puzzle document: edits, refusals, undo/redo, compound steps, saved state."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from solvers import GridKind, Piece, Puzzle
from polygui.models import PuzzleDocument


def square_puzzle() -> Puzzle:
    return Puzzle(GridKind.SQUARE, name="Strip", board=((0, 0), (1, 0)),
                  pieces=(Piece("domino", ((0, 0), (1, 0))),))


def add_cell(cell):
    return lambda puzzle: dataclasses.replace(puzzle, board=puzzle.board + (cell,))


def test_edit_undo_redo_restore_snapshots(qtbot):
    first = square_puzzle()
    document = PuzzleDocument(first)
    seen = []
    document.changed.connect(seen.append)
    assert document.edit("Add cell", add_cell((2, 0)))
    second = document.puzzle
    assert len(second.board) == 3 and document.is_modified
    assert document.undo_stack.undoText() == "Add cell"
    document.undo_stack.undo()
    assert document.puzzle == first and not document.is_modified
    document.undo_stack.redo()
    assert document.puzzle == second
    assert seen == [second, first, second]


def test_invalid_edit_is_refused_with_reason(qtbot):
    document = PuzzleDocument(square_puzzle())
    split = lambda puzzle: dataclasses.replace(  # noqa: E731
        puzzle, pieces=(Piece("domino", ((0, 0), (2, 0))),))
    with qtbot.waitSignal(document.rejected) as blocker:
        assert not document.edit("Paint piece", split)
    assert "Paint piece" in blocker.args[0] and "not connected" in blocker.args[0]
    assert document.puzzle == square_puzzle() and document.undo_stack.count() == 0


def test_no_op_edit_adds_no_step(qtbot):
    document = PuzzleDocument(square_puzzle())
    assert not document.edit("Nothing", lambda puzzle: puzzle)
    assert document.undo_stack.count() == 0


def test_compound_edit_is_one_step(qtbot):
    first = square_puzzle()
    document = PuzzleDocument(first)
    with document.compound("Paint cells"):
        document.edit("Add cell", add_cell((2, 0)))
        document.edit("Add cell", add_cell((3, 0)))
    assert document.undo_stack.count() == 1 and len(document.puzzle.board) == 4
    document.undo_stack.undo()
    assert document.puzzle == first


def test_saved_state_and_path(qtbot, tmp_path):
    document = PuzzleDocument(square_puzzle())
    modified = []
    document.modified_changed.connect(modified.append)
    document.edit("Add cell", add_cell((2, 0)))
    target = tmp_path / "strip.json"
    document.mark_saved(target)
    assert document.path == target and not document.is_modified
    document.undo_stack.undo()
    assert document.is_modified  # the file holds the undone edit
    document.reset(square_puzzle(), Path("other.json"))
    assert not document.is_modified and document.undo_stack.count() == 0
    assert modified == [True, False, True, False]
