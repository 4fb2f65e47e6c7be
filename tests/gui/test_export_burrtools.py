"""File > Export > BurrTools File…: the puzzle being designed, unsaved edits included, written
as a `.xmpuzzle` that reads back as the same puzzle with the same count; what a BurrTools file
cannot hold is named before a file is asked for."""

from __future__ import annotations

from pathlib import Path

from polygui.resources import examples_dir
from puzzles import BURRTOOLS
from solvers import count_solutions
from solvers.puzzle.burrtools import load_burrtools


def export_action(window):
    export_menu = next(a.menu() for a in window.menus.file_menu.actions()
                       if a.text() == "&Export")
    return next(a for a in export_menu.actions() if a.text() == "&BurrTools File…")


def shapes(puzzle) -> list:
    return [(piece.name, sorted(piece.cells), piece.count) for piece in puzzle.pieces]


def test_an_imported_unsaved_puzzle_is_written_and_reads_back_the_same(window, tmp_path):
    window.files.importer.ask_path = lambda: str(BURRTOOLS / "AlPackino.xmpuzzle")
    next(a for a in window.menus.file_menu.actions()
         if a.text() == "&Import BurrTools File…").trigger()
    assert window.document.path is None  # imported, never saved: the edits are what is written
    target = tmp_path / "AlPackino copy.xmpuzzle"
    asked = []
    window.exports.ask_path = lambda title, start, filters: asked.append(start) or str(target)
    export_action(window).trigger()
    assert Path(asked[0]).suffix == ".xmpuzzle" and "AlPackino" in Path(asked[0]).name
    back = load_burrtools(target)
    assert sorted(back.board) == sorted(window.puzzle.board)
    assert shapes(back) == shapes(window.puzzle)
    counted = [count_solutions(puzzle, "distinct") for puzzle in (back, window.puzzle)]
    assert [(c.solutions, c.assemblies, c.levels) for c in counted] == [
        (counted[1].solutions, counted[1].assemblies, counted[1].levels)] * 2
    assert "AlPackino copy.xmpuzzle" in window.statusBar().currentMessage()


def test_a_flat_puzzle_is_refused_by_name_before_a_file_is_asked(window, tmp_path):
    window.open_puzzle(examples_dir() / "meteor.json")
    warnings, asked = [], []
    window.exports.warn = lambda title, text: warnings.append((title, text))
    window.exports.ask_path = lambda *args: asked.append(args) or str(tmp_path / "m.xmpuzzle")
    assert not window.exports.export_burrtools()
    assert not asked and not list(tmp_path.iterdir())
    assert warnings and "cube grid" in warnings[0][1] and "hex grid" in warnings[0][1]


def test_a_folder_that_cannot_be_written_is_named_and_leaves_nothing(window, tmp_path):
    window.open_puzzle(examples_dir() / "six-piece-burr.json")
    missing = tmp_path / "no such folder" / "burr.xmpuzzle"
    warnings = []
    window.exports.warn = lambda title, text: warnings.append(text)
    window.exports.ask_path = lambda *args: str(missing)
    assert not window.exports.export_burrtools()
    assert warnings and "no such folder" in warnings[0]
    assert not missing.parent.exists()
