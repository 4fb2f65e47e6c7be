"""The Uniqueness Designer from the Solve menu: a proposal found in a thread of its own,
drawn and described, applied as one undoable edit that leaves exactly one solution; a unique
Sudoku's removable givens; Stop and closing leave no thread behind."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt

from polygui.analysis import unique_dialog
from polygui.resources import examples_dir
from solvers import SudokuGrid, count_solutions
from solvers.analysis.uniqueness import removable_givens


def open_designer(window, qtbot):
    window.menus.unique_action.trigger()
    designer = window.design_tools.designer
    qtbot.waitUntil(lambda: not designer.is_working(), timeout=90_000)
    return designer


def test_pins_proposed_for_pentominoes_apply_as_one_undo_step(window, qtbot):
    window.open_puzzle(examples_dir() / "pentominoes-3x20.json")
    before = window.document.puzzle
    assert count_solutions(before, "all").solutions == 8
    designer = open_designer(window, qtbot)
    proposal = designer.result
    assert proposal is not None and proposal.pins
    assert "leaves exactly one solution" in designer.text.text()
    assert designer.preview.puzzle.pins == proposal.pins  # drawn on the board
    qtbot.mouseClick(designer.apply_button, Qt.MouseButton.LeftButton)
    after = window.document.puzzle
    assert after.pins == proposal.pins
    assert count_solutions(after, "all").solutions == 1
    assert window.document.undo_stack.undoText().startswith("Pin ")
    window.document.undo_stack.undo()
    assert window.document.puzzle == before
    window.design_tools.close()


def test_a_unique_sudoku_names_the_givens_that_can_go(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    puzzle = window.document.puzzle
    designer = open_designer(window, qtbot)
    expected = removable_givens(puzzle)
    assert list(designer.result.removable) == expected and expected
    assert "not minimal" in designer.text.text()
    assert designer.apply(), designer.text.text()
    after = window.document.puzzle
    assert count_solutions(after, "all", limit=2).solutions == 1
    assert not removable_givens(after)  # minimal now
    window.design_tools.close()


def test_a_puzzle_changed_since_is_not_overwritten(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-4x4-empty.json")
    designer = open_designer(window, qtbot)
    assert len(designer.result.givens) == 4  # a 4x4 Sudoku needs 4 givens at least
    window.document.edit("Type 1", lambda p: dataclasses.replace(
        p, sudoku=SudokuGrid(2, 2, (1,) + (0,) * 15)))
    assert not designer.apply()
    assert "changed" in designer.text.text()
    window.design_tools.close()


def test_stop_and_closing_end_the_designers_thread(window, qtbot, monkeypatch):
    window.open_puzzle(examples_dir() / "pentominoes-3x20.json")
    real = unique_dialog.UniquenessJob.run

    def held(job):  # works only once Stop is pressed: it must see the stop
        job._stop.wait(30)
        real(job)

    monkeypatch.setattr(unique_dialog.UniquenessJob, "run", held)
    window.menus.unique_action.trigger()
    designer = window.design_tools.designer
    job = designer.job
    assert designer.is_working() and not designer.apply_button.isEnabled()
    qtbot.mouseClick(designer.stop_button, Qt.MouseButton.LeftButton)
    assert not job.isRunning() and designer.result is None
    assert "Stopped" in designer.text.text()
    window.menus.unique_action.trigger()
    job = window.design_tools.designer.job
    window.close()
    assert not job.isRunning()


def test_pins_proposed_for_a_box_of_cubes_are_drawn_in_its_layers(window, qtbot):
    from itertools import product

    from polygui.views.cells import EMPTY
    from solvers import GridKind, Piece, Puzzle

    v = ((0, 0, 0), (1, 0, 0), (0, 1, 0))
    box = tuple(product(range(2), range(2), range(2)))
    window.set_puzzle(Puzzle(GridKind.CUBE, "2x2x2", board=box,
                             pieces=(Piece("V", v, 2), Piece("domino", ((0, 0, 0), (1, 0, 0))))))
    designer = open_designer(window, qtbot)
    proposal = designer.result
    assert proposal is not None and proposal.pins
    assert count_solutions(proposal.puzzle, "all").solutions == 1
    layers = designer.preview
    assert isinstance(layers, unique_dialog.PinnedLayers) and layers.puzzle == proposal.puzzle
    pinned = {cell for pin in proposal.pins for cell in pin.cells}
    for positions, picture in layers._layers:  # pinned cells coloured, the others empty
        for position, label in zip(positions, picture.labels):
            assert (label != EMPTY) == (box[position] in pinned)
    window.design_tools.close()
