"""File > Puzzle Library…: the gallery filters by grid, piece set, difficulty and search text,
draws its thumbnails after it shows, and opens the chosen entry as a new, unsaved puzzle
(after the question about unsaved work) that solves in the window to its published count."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox

from polygui.library.dialog import ENTRY_ROLE, LibraryDialog
from polygui.library.thumbnails import thumbnail
from polygui.solving.run import running_solves
from solvers import GridKind
from solvers.library import load_library
from qt_fixtures import double_click

ENTRIES = load_library()
BY_ID = {entry.id: entry for entry in ENTRIES}


def library_action(window):
    return next(a for a in window.menus.file_menu.actions() if a.text() == "Puzzle &Library…")


def shown(dialog: LibraryDialog) -> list[str]:
    return [item.data(ENTRY_ROLE).id for item in dialog.shown_items()]


def choose(box, value) -> None:
    box.setCurrentIndex(box.findData(value))


def test_the_filters_and_the_search_narrow_the_gallery(qtbot):
    dialog = LibraryDialog(ENTRIES)
    qtbot.addWidget(dialog)
    assert len(shown(dialog)) == len(ENTRIES)
    choose(dialog.grid_box, GridKind.TRIANGLE)
    assert set(shown(dialog)) == {e.id for e in ENTRIES if e.kind is GridKind.TRIANGLE}
    choose(dialog.set_box, "the 12 hexiamonds")
    hexiamonds = {e.id for e in ENTRIES if e.set == "hexiamonds"}
    assert {"hexiamonds-6x6-rhombus", "hexiamonds-snowflake"} <= hexiamonds
    assert set(shown(dialog)) == hexiamonds
    assert dialog.shown_label.text() == f"{len(hexiamonds)} of {len(ENTRIES)} puzzles"
    choose(dialog.grid_box, None)
    choose(dialog.set_box, None)
    dialog.search.setText("mutilated")
    assert shown(dialog) == ["dominoes-mutilated-chessboard"]
    assert "Published: 0 in all" in dialog.details.text()
    dialog.search.setText("no such puzzle at all")
    assert shown(dialog) == [] and dialog.chosen() is None
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Open).isEnabled()
    assert dialog.details.text() == "No puzzle matches the filters."
    dialog.search.clear()
    for difficulty in ("easy", "medium", "hard", "unrated"):
        choose(dialog.difficulty_box, difficulty)
        assert set(shown(dialog)) == {e.id for e in ENTRIES if e.difficulty == difficulty}


def test_thumbnails_are_drawn_after_the_dialog_shows_the_shown_ones_first(qtbot):
    dialog = LibraryDialog(ENTRIES)
    qtbot.addWidget(dialog)
    dialog.search.setText("soma")
    assert not any(item.data(ENTRY_ROLE + 1) for item in dialog.shown_items())  # none yet
    dialog.show()
    qtbot.waitUntil(lambda: all(item.data(ENTRY_ROLE + 1) for item in dialog.shown_items()))
    image = dialog.shown_items()[0].icon().pixmap(64, 64).toImage()
    assert any(image.pixelColor(x, y).alpha() > 0 for x in range(64) for y in range(64))
    hidden = [dialog.gallery.item(r) for r in range(dialog.gallery.count())
              if dialog.gallery.item(r).isHidden()]
    assert not all(item.data(ENTRY_ROLE + 1) for item in hidden)  # not drawn while hidden


def test_a_double_click_chooses_the_entry(qtbot):
    dialog = LibraryDialog(ENTRIES)
    qtbot.addWidget(dialog)
    dialog.search.setText("Pentominoes 3×20")
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.wait(20)  # the gallery lays its items out
    item = dialog.shown_items()[0]
    centre = dialog.gallery.visualItemRect(item).center()
    qtbot.mouseClick(dialog.gallery.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    double_click(qtbot, dialog.gallery.viewport(), Qt.MouseButton.LeftButton, centre)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.chosen() is BY_ID["pentominoes-3x20"]


NEW_GRIDS = [e for e in ENTRIES if e.set in ("tetrahexes", "hexominoes", "soma", "hexiamonds",
                                           "solid-pentominoes", "tetracubes")
             or e.kind in (GridKind.STICK, GridKind.SPHERE)]


@pytest.mark.parametrize("entry", NEW_GRIDS, ids=lambda entry: entry.id)
def test_every_polyhex_polyiamond_polycube_stick_and_ball_thumbnail_shows_its_board(qtbot, entry):
    image = thumbnail(entry, 48).toImage()
    drawn = sum(image.pixelColor(x, y).alpha() > 0 for x in range(48) for y in range(48))
    assert drawn > 48 * 48 // 20  # the board fills a fair part of the picture


def test_a_computed_count_is_marked_on_its_tile_and_in_the_details(qtbot):
    dialog = LibraryDialog(ENTRIES)
    qtbot.addWidget(dialog)
    computed = [e for e in ENTRIES if e.computed]
    assert computed and all(e.kind is not GridKind.SUDOKU for e in computed)
    dialog.search.setText(computed[0].id)
    item = dialog.shown_items()[0]
    assert item.text().endswith("(computed)") and "Computed by PolyGUI" in item.toolTip()
    assert "Computed by PolyGUI (no published count found): " in dialog.details.text()
    dialog.search.setText("pentominoes-6x10")
    assert "(computed)" not in dialog.shown_items()[0].text()
    assert "Published: 2,339 up to rotation and reflection" in dialog.details.text()


def solve_in_window(qtbot, window, mode: str) -> int:
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData(mode))
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=90_000)
    return window.browser.count


def test_an_entry_opens_as_a_new_unsaved_puzzle_solving_to_its_published_count(window, qtbot):
    entry = BY_ID["dominoes-4x5"]
    window.menus.library.ask_entry = lambda parent, entries: entry
    library_action(window).trigger()
    assert window.puzzle == entry.puzzle()
    assert window.document.path is None and window.isWindowModified()
    assert "from the puzzle library" in window.statusBar().currentMessage()
    assert solve_in_window(qtbot, window, "all") == entry.counts["all"]


def estimated(window, qtbot) -> None:
    """The opened puzzle's automatic estimate is in and its thread gone."""
    qtbot.waitUntil(lambda: window.estimating.latest is not None and not running_solves(),
                    timeout=60_000)


def test_unsaved_work_is_asked_about_and_cancel_keeps_it(window, qtbot):
    window.menus.library.ask_entry = lambda parent, entries: BY_ID["soma-cube"]
    library_action(window).trigger()
    estimated(window, qtbot)
    before = window.puzzle
    asked = []
    window.files.ask_unsaved = lambda: asked.append(True) or QMessageBox.StandardButton.Cancel
    window.menus.library.ask_entry = lambda parent, entries: BY_ID["hexiamonds-6x6-rhombus"]
    assert not window.menus.library.run()
    assert asked == [True] and window.puzzle is before
    estimated(window, qtbot)


def test_a_damaged_library_is_named_and_the_open_puzzle_stays(window, tmp_path, monkeypatch):
    (tmp_path / "broken.json").write_text('{"format": "polygui-library", "version": 1, '
                                          '"entries": [{"id": "x"}]}')
    monkeypatch.setattr("polygui.library.opening.library_dir", lambda: tmp_path)
    warnings = []
    window.files.warn = lambda title, text: warnings.append(text)
    before = window.puzzle
    assert not window.menus.library.run()
    assert warnings == ["broken.json, entry 1 (x): missing title, grid, set, counts, source"]
    assert window.puzzle is before


def test_a_board_with_many_solutions_never_counted_says_so(qtbot):
    dialog = LibraryDialog(ENTRIES)
    qtbot.addWidget(dialog)
    dialog.search.setText("pentahexes-5x22")
    item = dialog.shown_items()[0]
    assert item.text().endswith("many solutions, not counted")
    assert ("Published as having many solutions, never counted: many solutions, not counted"
            in dialog.details.text())
