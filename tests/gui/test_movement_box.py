"""Design mode's Taking apart box in the cube editor: the disassembly checkbox, and the group
and weight of the selected piece, each one undoable edit; what is refused says why."""

import dataclasses

import pytest
from PySide6.QtCore import Qt

from polygui.editors.count_range import with_count
from polygui.editors.cube_editor import CubeEditor
from polygui.editors.movement_box import CHECK_TEXT, GroupError, groups_text, parse_groups
from polygui.models import PuzzleDocument
from puzzles import BURRTOOLS
from solvers import Piece
from solvers.puzzle.burrtools import load_burrtools
from solvers.puzzle.fileformat import puzzle_from_dict, puzzle_to_dict


@pytest.fixture
def editor(qtbot, asset):
    document = PuzzleDocument(asset("soma.json"))
    widget = CubeEditor(document)
    qtbot.addWidget(widget)
    widget.resize(1000, 820)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def type_group(qtbot, editor, text: str) -> None:
    field = editor.movement.group
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_the_checkbox_sets_disassembly_as_one_undoable_edit(qtbot, editor):
    document, check = editor.document, editor.movement.check
    assert check.accessibleName() == CHECK_TEXT and not check.isChecked()
    check.click()
    assert document.puzzle.disassembly and document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == "Check that assemblies come apart"
    assert puzzle_from_dict(puzzle_to_dict(document.puzzle)).disassembly  # kept in the file
    document.undo_stack.undo()
    assert not document.puzzle.disassembly and not check.isChecked()
    document.undo_stack.redo()
    assert document.puzzle.disassembly and check.isChecked()
    check.click()
    assert not document.puzzle.disassembly
    assert document.undo_stack.undoText() == "Count every assembly"


def test_a_refused_check_says_why_and_the_box_shows_the_puzzle(qtbot, editor, asset):
    board = tuple((x, y, z) for x in range(5) for y in range(5) for z in range(3))[:65]
    editor.document.reset(dataclasses.replace(asset("soma.json"), board=board, pins=(),
                                              pieces=(Piece("U", ((0, 0, 0),), count=65),)))
    editor.movement.check.click()
    assert not editor.document.puzzle.disassembly and not editor.movement.check.isChecked()
    assert "at most 64 pieces" in editor.message.text()


def test_group_and_weight_of_the_selected_piece_are_undoable_edits(qtbot, editor):
    document, box = editor.document, editor.movement
    assert not box.group.isEnabled()  # the board is edited: no piece to give a group
    editor.pieces.select_piece(2)
    name = document.puzzle.pieces[2].name
    assert box.group.isEnabled() and box.piece_label.text() == f"<b>{name}</b>"
    type_group(qtbot, editor, "glued")
    assert document.puzzle.pieces[2].groups == (("glued", 1),)
    assert document.undo_stack.undoText() == f"Set group of {name} to glued"
    box.weight.setValue(3)
    assert document.puzzle.pieces[2].weight == 3
    assert document.undo_stack.undoText() == f"Set weight of {name} to 3"
    assert document.undo_stack.count() == 2
    document.undo_stack.undo()
    assert document.puzzle.pieces[2].weight == 1 and box.weight.value() == 1
    document.undo_stack.undo()
    assert document.puzzle.pieces[2].groups == () and box.group.text() == ""
    document.undo_stack.redo()
    assert box.group.text() == "glued"
    editor.pieces.select_piece(0)  # another piece shows its own
    assert box.group.text() == "" and box.weight.value() == 1
    type_group(qtbot, editor, "")  # nothing to change: no edit
    assert document.undo_stack.index() == 1 and document.undo_stack.canRedo()


def test_a_group_emptied_takes_the_piece_out_of_it(qtbot, editor):
    editor.pieces.select_piece(1)
    type_group(qtbot, editor, "A")
    type_group(qtbot, editor, "")
    assert editor.document.puzzle.pieces[1].groups == ()
    assert editor.document.undo_stack.undoText().startswith("Take ")


def test_bad_groups_are_named_and_change_nothing(qtbot, editor):
    document = editor.document
    editor.pieces.select_piece(1)
    type_group(qtbot, editor, "A:x")
    assert "as a number" in editor.message.text() and document.undo_stack.count() == 0
    type_group(qtbot, editor, "A:2")  # Soma's pieces have one copy each
    assert "groups hold 2 copies, but the piece has 1" in editor.message.text()
    assert document.undo_stack.count() == 0 and editor.movement.group.text() == ""


def test_group_texts_read_back_as_written():
    piece = Piece("P", ((0, 0, 0),), count=3, groups=(("A", 2), ("B", 1)))
    assert groups_text(piece) == "A:2, B:1"
    assert parse_groups(groups_text(piece), 3) == (("A", 2), ("B", 1))
    assert parse_groups("glue", 3) == (("glue", 3),) and parse_groups("  ", 3) == ()
    with pytest.raises(GroupError):
        parse_groups(":2", 3)


def test_a_group_of_every_copy_follows_the_count():
    piece = Piece("P", ((0, 0, 0),), count=2, groups=(("A", 2),))
    assert with_count(piece, 4).groups == (("A", 4),)
    partial = Piece("P", ((0, 0, 0),), count=3, groups=(("A", 2),))
    assert with_count(partial, 4).groups == (("A", 2),)


def test_a_burrtools_puzzle_shows_its_weights(qtbot, editor):
    pelikan = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    editor.document.reset(pelikan)
    assert editor.movement.check.isChecked()
    heavy = max(range(len(pelikan.pieces)), key=lambda i: pelikan.pieces[i].weight)
    editor.pieces.select_piece(heavy)
    assert editor.movement.weight.value() == pelikan.pieces[heavy].weight > 1
