"""File > Import BurrTools File…: a problem of a real BurrTools file opened as a new, unsaved
puzzle and solved in the window to BurrTools' own count; refusals keep the open work."""

from __future__ import annotations

import gzip

from PySide6.QtCore import Qt

from puzzles import BURRTOOLS
from solvers import GridKind, count_solutions
from solvers.puzzle.burrtools import load_burrtools

CTRL = Qt.KeyboardModifier.ControlModifier


def import_action(window):
    return next(a for a in window.menus.file_menu.actions()
                if a.text() == "&Import BurrTools File…")


def solve_in_window(qtbot, window, mode: str) -> int:
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData(mode))
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=90_000)
    return window.browser.count


def test_import_of_a_burrtools_problem_solves_to_what_burrtools_recorded(window, qtbot):
    window.files.importer.ask_path = lambda: str(BURRTOOLS / "AlPackino.xmpuzzle")
    import_action(window).trigger()
    puzzle = window.puzzle
    assert puzzle.kind is GridKind.CUBE and len(puzzle.pieces) == 4
    assert window.document.path is None and window.isWindowModified()
    assert solve_in_window(qtbot, window, "distinct") == puzzle.extra["burrtools"]["assemblies"]


def test_a_file_of_several_problems_asks_which_and_lists_what_each_is(window, qtbot):
    asked = []

    def choose_second(parent, labels):
        asked.append(labels)
        return 1

    window.files.importer.ask_path = lambda: str(BURRTOOLS / "DemoMirrorParadox.xmpuzzle")
    window.files.importer.ask_problem = choose_second
    import_action(window).trigger()
    assert asked == [["1. Example From Text", "2. Another Example"]]
    expected = load_burrtools(BURRTOOLS / "DemoMirrorParadox.xmpuzzle", 2)
    assert window.puzzle == expected
    assert solve_in_window(qtbot, window, "all") == count_solutions(expected, "all").solutions


def test_another_grid_is_refused_by_name_and_the_open_puzzle_stays(window, qtbot):
    before = window.puzzle
    warnings = []
    window.files.warn = lambda title, text: warnings.append((title, text))
    window.files.importer.ask_path = lambda: str(BURRTOOLS / "Bermuda.xmpuzzle")
    import_action(window).trigger()
    assert window.puzzle == before
    assert warnings == [("Cannot import", "Bermuda.xmpuzzle: a BurrTools puzzle of the "
                                          "triangular prisms grid; PolyGUI reads BurrTools "
                                          "files of the cube and sphere grids only")]
    window.files.open(BURRTOOLS / "Representation0.xmpuzzle")  # Open… of one imports it too
    assert window.puzzle == before and "holds no problem" in warnings[-1][1]


def test_only_the_problem_chosen_is_built_and_a_bad_one_says_why(window, tmp_path):
    """The list names each problem without building it; the one chosen that cannot be
    imported is refused naming its attribute, and the open puzzle stays."""
    text = gzip.decompress((BURRTOOLS / "DemoMirrorParadox.xmpuzzle").read_bytes()).decode()
    path = tmp_path / "bad.xmpuzzle"
    path.write_bytes(gzip.compress(text.replace('<result id="3"/>', '<result id="²"/>')
                                   .encode()))
    before, warnings, asked = window.puzzle, [], []
    window.files.warn = lambda title, text: warnings.append((title, text))
    window.files.importer.ask_problem = lambda parent, labels: asked.append(labels) or 1
    assert not window.files.importer.import_path(path)
    assert asked == [["1. Example From Text", "2. Another Example"]]
    assert window.puzzle == before
    assert warnings == [("Cannot import", "bad.xmpuzzle, problem 2 (Another Example): the "
                                          "result: its id '²' is not a whole number from 0 to "
                                          "2,147,483,647")]
    window.files.importer.ask_problem = lambda parent, labels: 0
    assert window.files.importer.import_path(path)
    assert window.puzzle.name == "bad: Example From Text"
