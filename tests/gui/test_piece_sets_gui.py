"""Starting a design from a classic piece set: File › New lists a set for every grid and
makes the puzzle with it, chosen by clicks; Edit › Add Pieces from File… adds another file's
pieces as one undoable step, and refuses another grid's with the reason."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from polygui.dialogs.add_pieces import add_pieces_of
from polygui.files.new_puzzle_dialog import NewPuzzleDialog
from polygui.resources import examples_dir


def test_new_offers_a_piece_set_for_every_grid_and_makes_it(qtbot):
    dialog = NewPuzzleDialog()
    qtbot.addWidget(dialog)
    labels = [dialog.kinds.item(i).text() for i in range(dialog.kinds.count())]
    for wanted in ("Square board, starting with the 12 pentominoes",
                   "Square board, starting with the 35 hexominoes",
                   "Hex board, starting with the 7 tetrahexes",
                   "3D box, starting with the 7 Soma pieces",
                   "3D box, starting with the 12 solid pentominoes"):
        assert wanted in labels
    row = labels.index("Square board, starting with the 12 pentominoes")
    item = dialog.kinds.item(row)
    qtbot.mouseClick(dialog.kinds.viewport(), Qt.MouseButton.LeftButton,
                     pos=dialog.kinds.visualItemRect(item).center())
    qtbot.keyClicks(dialog.name, "My pentominoes")
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    puzzle = dialog.puzzle()
    assert puzzle.name == "My pentominoes"
    assert sorted(p.name for p in puzzle.pieces) == list("FILNPTUVWXYZ")
    assert all(p.mirror and p.count == 1 for p in puzzle.pieces)


def test_the_pieces_of_another_file_are_added_as_one_step(window, qtbot, monkeypatch):
    window.open_puzzle(examples_dir() / "pentominoes-6x10.json")
    before = window.puzzle
    assert add_pieces_of(window, window.document, examples_dir() / "pentominoes-3x20.json")
    assert len(window.puzzle.pieces) == 24 and window.puzzle.board == before.board
    assert window.document.undo_stack.undoText().startswith("Add 12 pieces of")
    window.document.undo_stack.undo()
    assert window.puzzle == before
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warned.append(text))
    assert not add_pieces_of(window, window.document, examples_dir() / "soma.json")
    assert window.puzzle == before and "is a cube puzzle" in warned[0]
