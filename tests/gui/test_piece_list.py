"""The piece list: every piece edit by mouse and keyboard, one undo step each, selection kept."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLineEdit

from polygui.editors.piece_list import MIRROR, NAME, PieceList
from polygui.models import PuzzleDocument
from polygui.views.colours import piece_colours
from solvers import GridKind, Piece, Puzzle


def hex_puzzle() -> Puzzle:
    return Puzzle(GridKind.HEX, "Tiny", board=((0, 0), (1, 0), (0, 1)),
                  pieces=(Piece("A", ((0, 0), (1, 0))), Piece("B", ((0, 0),))))


@pytest.fixture
def piece_list(qtbot):
    document = PuzzleDocument(hex_puzzle())
    widget = PieceList(document)
    qtbot.addWidget(widget)
    widget.resize(420, 300)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def rename(qtbot, widget: PieceList, row: int, text: str) -> None:
    """Select the row, press F2, type the new name and Enter, as a user would."""
    widget.table.setCurrentCell(row, NAME)
    widget.table.setFocus()
    qtbot.keyClick(widget.table, Qt.Key.Key_F2)
    editors = [line for line in widget.table.viewport().findChildren(QLineEdit)
               if line.objectName() != "qt_spinbox_lineedit"]  # not the count boxes
    assert editors, "F2 did not open the name editor"
    editors[0].selectAll()
    qtbot.keyClicks(editors[0], text)
    qtbot.keyClick(editors[0], Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: widget.table.state() != widget.table.State.EditingState)


def toggle_mirror(qtbot, widget: PieceList, row: int) -> None:
    widget.table.setCurrentCell(row, MIRROR)
    widget.table.setFocus()
    qtbot.keyClick(widget.table, Qt.Key.Key_Space)


def test_every_edit_is_one_named_undo_step_and_undo_redo_restore_exactly(qtbot, piece_list):
    document = piece_list.document
    snapshots = [document.puzzle]
    texts = []

    def record():
        snapshots.append(document.puzzle)
        texts.append(document.undo_stack.undoText())

    qtbot.mouseClick(piece_list.add_button, Qt.MouseButton.LeftButton)
    record()
    assert document.puzzle.pieces[-1].name == "P3" and document.puzzle.pieces[-1].size == 1
    assert piece_list.selected_piece() == 2
    rename(qtbot, piece_list, 2, "C")
    record()
    assert document.puzzle.pieces[2].name == "C"
    qtbot.keyClick(piece_list.count_box(0), Qt.Key.Key_Up)
    record()
    assert document.puzzle.pieces[0].count == 2
    toggle_mirror(qtbot, piece_list, 1)
    record()
    assert document.puzzle.pieces[1].mirror is False
    piece_list.select_piece(0)
    piece_list.colour_picker = lambda initial, parent: QColor("#123456")
    qtbot.mouseClick(piece_list.colour_button, Qt.MouseButton.LeftButton)
    record()
    assert document.puzzle.pieces[0].colour == "#123456"
    piece_list.select_piece(1)
    qtbot.mouseClick(piece_list.delete_button, Qt.MouseButton.LeftButton)
    record()
    assert [piece.name for piece in document.puzzle.pieces] == ["A", "C"]
    assert texts == ["Add piece P3", "Rename piece P3 to C", "Set count of A to 2",
                     "Forbid mirror images of B", "Recolour piece A", "Delete piece B"]
    assert document.undo_stack.count() == len(texts)
    for expected in reversed(snapshots[:-1]):
        document.undo_stack.undo()
        assert document.puzzle == expected
        assert piece_list.table.rowCount() == len(expected.pieces)
    for expected in snapshots[1:]:
        document.undo_stack.redo()
        assert document.puzzle == expected
    shown = [piece_list.table.item(row, NAME).text() for row in range(2)]
    assert shown == ["A", "C"] and piece_list.count_box(0).value() == 2


def test_refused_rename_names_the_problem_and_shows_the_real_name(qtbot, piece_list):
    reasons = []
    piece_list.document.rejected.connect(reasons.append)
    before = piece_list.document.puzzle
    rename(qtbot, piece_list, 1, "A")
    assert piece_list.document.puzzle == before
    assert reasons and reasons[0].endswith("two pieces are named 'A': each needs its own name")
    assert piece_list.table.item(1, NAME).text() == "B"


def test_selection_survives_undo_redo_while_the_piece_exists(qtbot, piece_list):
    document = piece_list.document
    seen = []
    piece_list.selection_changed.connect(seen.append)
    piece_list.select_piece(1)
    assert seen[-1] == 1
    qtbot.keyClick(piece_list.count_box(1), Qt.Key.Key_Up)
    document.undo_stack.undo()
    assert piece_list.selected_piece() == 1
    rename(qtbot, piece_list, 1, "Bee")
    document.undo_stack.undo()
    assert piece_list.selected_piece() == 1  # same piece, old name
    qtbot.mouseClick(piece_list.add_button, Qt.MouseButton.LeftButton)
    assert piece_list.selected_piece() == 2
    document.undo_stack.undo()  # the added piece is gone: nothing selected
    assert piece_list.selected_piece() is None and seen[-1] is None


def test_added_pieces_get_fresh_names_and_distinct_colours(qtbot, piece_list):
    for _ in range(3):
        qtbot.mouseClick(piece_list.add_button, Qt.MouseButton.LeftButton)
    puzzle = piece_list.document.puzzle
    names = [piece.name for piece in puzzle.pieces]
    assert names == ["A", "B", "P3", "P4", "P5"]
    from polygui.views.colours import piece_colours
    colours = [colour.name() for colour in piece_colours(puzzle)]
    assert len(set(colours)) == len(colours)


def test_works_for_cube_pieces(qtbot):
    document = PuzzleDocument(Puzzle(GridKind.CUBE, board=((0, 0, 0),)))
    widget = PieceList(document)
    qtbot.addWidget(widget)
    qtbot.mouseClick(widget.add_button, Qt.MouseButton.LeftButton)
    assert document.puzzle.pieces[0].cells == ((0, 0, 0),)
    assert widget.count_box(0).value() == 1


@pytest.mark.parametrize("kind, cell, mirror", [(GridKind.CUBE, (0, 0, 0), False),
                                                (GridKind.HEX, (0, 0), True),
                                                (GridKind.SQUARE, (0, 0), True)])
def test_new_pieces_may_be_turned_over_only_when_flat(qtbot, kind, cell, mirror):
    """A solid polycube cannot be turned into its mirror image; a flat piece can."""
    document = PuzzleDocument(Puzzle(kind, board=(cell,)))
    widget = PieceList(document)
    qtbot.addWidget(widget)
    qtbot.mouseClick(widget.add_button, Qt.MouseButton.LeftButton)
    assert document.puzzle.pieces[0].mirror is mirror
    checked = widget.table.item(0, MIRROR).checkState() == Qt.CheckState.Checked
    assert checked is mirror


def test_selection_changed_only_when_the_selection_changes(qtbot, piece_list):
    seen = []
    piece_list.selection_changed.connect(seen.append)
    piece_list.select_piece(1)
    qtbot.keyClick(piece_list.count_box(1), Qt.Key.Key_Up)
    piece_list.document.undo_stack.undo()
    assert seen == [1]
    piece_list.select_piece(0)
    qtbot.mouseClick(piece_list.delete_button, Qt.MouseButton.LeftButton)
    assert seen == [1, 0, None]


def test_delete_key_deletes_the_selected_piece(qtbot, piece_list):
    piece_list.select_piece(0)
    piece_list.table.setFocus()
    qtbot.keyClick(piece_list.table, Qt.Key.Key_Delete)
    assert [piece.name for piece in piece_list.document.puzzle.pieces] == ["B"]
    assert piece_list.document.undo_stack.undoText() == "Delete piece A"


def test_deleting_a_piece_leaves_the_others_colours_as_they_were(qtbot):
    pieces = tuple(Piece(name, ((0, 0),)) for name in "ABCD")  # colours from the palette
    document = PuzzleDocument(Puzzle(GridKind.HEX, "Plain", board=((0, 0),), pieces=pieces))
    widget = PieceList(document)
    qtbot.addWidget(widget)
    before = [c.name() for c in piece_colours(document.puzzle)]
    widget.select_piece(1)
    qtbot.mouseClick(widget.delete_button, Qt.MouseButton.LeftButton)
    assert [p.name for p in document.puzzle.pieces] == ["A", "C", "D"]
    assert [c.name() for c in piece_colours(document.puzzle)] == before[:1] + before[2:]
    document.undo_stack.undo()
    assert document.puzzle.pieces == pieces
