"""Families in the window: Solve on a family counts every member in a thread (the shipped
calendar on two threads, its picture checked against single-board solves), Stop stops it, a
member opens as a puzzle solved as usual and "Back to the Family" returns to the family and
its results; unsaved work is asked about first, and a family that cannot be made is said."""

from __future__ import annotations

import dataclasses
import json

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QMessageBox

from solvers import Progress, PuzzleError, solve
from solvers.puzzle.fileformat import load_puzzle

from puzzles import ASSETS

CALENDAR = ASSETS / "calendar.json"
CHECKED_DATES = ((1, 1), (2, 29), (10, 6), (12, 31))


def count(puzzle, symmetry: str = "distinct") -> int:
    """The puzzle's solutions, counted by an ordinary single-board solve (none when it is
    refused before searching: a piece that fits nowhere)."""
    last = None
    try:
        for event in solve(puzzle, symmetry, count_only=True):
            last = event
    except PuzzleError:
        return 0
    assert isinstance(last, Progress) and last.exhausted
    return last.solutions


def date_board(base, month: int, day: int):
    """The calendar board of one date, made here from the published layout: months on rows
    0-1, six a row; days 1-31 on rows 2-6, seven a row; cells (x, y)."""
    month_cell = ((month - 1) % 6, (month - 1) // 6)
    day_cell = ((day - 1) % 7, 2 + (day - 1) // 7)
    board = tuple(cell for cell in base.board if cell not in (month_cell, day_cell))
    assert len(board) == len(base.board) - 2
    return dataclasses.replace(base, board=board, family=None)


def choose_threads(window, jobs: int) -> None:
    choice = window.panel.search_on
    choice.setCurrentIndex(next(index for index in range(choice.count())
                                if choice.itemData(index) == ("threads", jobs)))
    assert choice.jobs_and_cluster() == (jobs, None)


def solve_family_in(window, qtbot, timeout: int = 300_000) -> None:
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    assert window.families.is_running()
    qtbot.waitUntil(lambda: not window.families.is_running(), timeout=timeout)


def test_the_calendar_solved_on_two_threads_agrees_with_single_board_solves(window, qtbot):
    assert window.open_puzzle(CALENDAR)
    families = window.families
    assert families.dock.isVisible()
    choose_threads(window, 2)
    solve_family_in(window, qtbot)
    assert families.run is None and not window.is_solving()  # the window's own run never began
    panel = families.panel
    picture = panel.picture.picture
    results = panel.results
    assert len(results.results) == 366 and results.is_complete()
    assert not list(window.keeping.runs.directory.glob("*.family-run.json"))  # all counted
    base = load_puzzle(CALENDAR)
    for month, day in CHECKED_DATES:
        cell = next(cell for cell in picture.cells if cell.member is not None
                    and results.family.members[cell.member].date == (month, day))
        expected = count(date_board(base, month, day))
        assert results.count(cell.member) == expected, (month, day)
        row = next(row for row in range(panel.table.rowCount())
                   if panel.table.figures(row)[0] == cell.member)
        assert panel.table.figures(row)[1] == f"{expected:,}"
    total = sum(results.solved_counts())
    assert window.panel.counters["solutions"].text() == f"{total:,}"
    assert "Every date has a solution." in panel.checks.text()
    assert "counted distinct (rotations and reflections)" in panel.title.text()


def test_stop_ends_a_family_run_and_keeps_what_it_counted(window, qtbot):
    assert window.open_puzzle(CALENDAR)
    choose_threads(window, 1)
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    results = window.families.panel.results
    qtbot.waitUntil(lambda: len(results.results) >= 1, timeout=300_000)
    assert window.panel.stop_button.isEnabled() and window.menus.stop_action.isEnabled()
    assert window.panel.pause_button.isEnabled()  # this machine's threads wait when paused
    qtbot.mouseClick(window.panel.pause_button, Qt.MouseButton.LeftButton)
    assert window.families.run.worker.paused
    qtbot.wait(300)  # the member in flight reaches its search's next slice, and waits there
    paused_at = len(results.results)
    qtbot.wait(700)
    assert len(results.results) <= paused_at + 1  # one thread: at most its member in flight
    qtbot.mouseClick(window.panel.pause_button, Qt.MouseButton.LeftButton)  # Resume
    assert not window.families.run.worker.paused
    qtbot.waitUntil(lambda: len(results.results) > paused_at + 1, timeout=300_000)
    window.families.panel.member_chosen.emit(0)  # not while it runs: said, nothing opens
    assert window.puzzle.family is not None
    assert "stop the run" in window.statusBar().currentMessage()
    qtbot.mouseClick(window.panel.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.families.is_running(), timeout=30_000)
    kept = dict(results.results)
    assert 1 <= len(kept) < 366
    assert window.panel.solve_button.isEnabled() and "stopped" in window.panel.status.text()
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)  # goes on
    again = window.families.panel.results
    assert again is not results
    qtbot.waitUntil(lambda: len(again.results) > len(kept), timeout=300_000)
    window.stop_solve()
    qtbot.waitUntil(lambda: not window.families.is_running(), timeout=30_000)
    def figures(result):  # the checkpoint keeps times to the microsecond
        return result.name, result.solutions, result.complete, round(result.seconds, 6)

    # not counted again: the same results, to the time each took
    assert {i: figures(again.results[i]) for i in kept} == {i: figures(r) for i, r in kept.items()}


def small_family(path):
    """Two L-trominoes on a 4x2 board's members: two with cells left open, one board of its
    own (a 1x6 strip no L fits in)."""
    data = {"format": "polygui-puzzle", "version": 1, "name": "Two Ls", "grid": "square",
            "board": [[x, y] for x in range(4) for y in range(2)],
            "pieces": [{"name": "L", "cells": [[0, 0], [0, 1], [1, 1]], "count": 2,
                        "mirror": True, "colour": "#3cb44b"}],
            "family": {"members": [{"name": "left", "open": [[3, 0], [3, 1]]},
                                   {"name": "ends", "open": [[0, 0], [3, 1]]},
                                   {"name": "strip", "board": [[x, 0] for x in range(6)]}]}}
    path.write_text(json.dumps(data))
    return path


def test_a_member_opens_solved_and_back_returns_to_the_family(window, qtbot, tmp_path):
    path = small_family(tmp_path / "two-ls.json")
    assert window.open_puzzle(path)
    family_puzzle = window.puzzle
    solve_family_in(window, qtbot, 60_000)
    panel = window.families.panel
    members = panel.results.family.members
    expected = [count(member.puzzle) for member in members]
    assert [panel.results.count(index) for index in range(3)] == expected
    assert expected[2] == 0 and panel.table.item(2, 1).toolTip()  # why: the table says
    view = panel.picture
    cell = view.picture.cells[0]
    target = view.picture.transform(view.target()).map(cell.rect.center())
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=target.toPoint())
    assert window.puzzle == members[0].puzzle
    assert [item.row() for item in panel.table.selectedItems()] == [0, 0, 0]  # its row marked
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=300_000)
    assert window.store.solution_count() == expected[0] > 0  # in the browser, as any puzzle
    assert panel.back.isVisible()
    qtbot.mouseClick(panel.back, Qt.MouseButton.LeftButton)
    assert window.puzzle == family_puzzle and window.path == path
    assert not window.document.is_modified and not panel.back.isVisible()
    assert [panel.results.count(index) for index in range(3)] == expected  # kept
    with qtbot.waitSignal(panel.member_chosen):  # a row opens its member too
        panel.table.cellDoubleClicked.emit(1, 0)
    assert window.puzzle == members[1].puzzle


def painted(picture) -> QImage:
    """The board picture painted at 400 x 400 pixels."""
    image = QImage(400, 400, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    picture.paint(painter, QRectF(0, 0, 400, 400))
    painter.end()
    return image


def test_a_calendar_board_shows_its_months_and_days_and_a_date_keeps_them(window, qtbot):
    assert window.open_puzzle(CALENDAR)
    view = window.current_view()
    written = dict(view._picture.captions)
    assert len(written) == 43 and "Dec" in written.values() and "31" in written.values()
    with_words = painted(view._picture)
    view._picture.captions = []
    assert painted(view._picture) != with_words  # the words are drawn
    members = window.families.results.family.members
    window.families.open_member(members.index(next(m for m in members if m.name == "Dec 24")))
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=300_000)
    view = window.current_view()
    board = len(window.puzzle.board)
    words = {text for at, text in view._picture.captions if at < board}
    assert len(words) == 41 and "Dec" not in words and "24" not in words and "Nov" in words
    # after the board, the date's two open cells, drawn empty with their words
    assert sorted(text for at, text in view._picture.captions if at >= board) == ["24", "Dec"]
    window.set_mode("play")  # played by hand, the date's board has its words too
    qtbot.waitUntil(lambda: window.play.page.canvas._picture is not None)
    assert {text for _, text in window.play.page.canvas._picture.captions} == words


def test_unsaved_changes_to_a_family_are_asked_about_before_a_member_opens(window, qtbot,
                                                                         tmp_path):
    path = small_family(tmp_path / "two-ls.json")
    assert window.open_puzzle(path)
    edited = dataclasses.replace(window.puzzle, name="Two Ls, renamed")
    window.document.edit("Rename", lambda puzzle: edited)
    assert window.document.is_modified
    asked = []
    window.files.ask_unsaved = lambda: asked.append(1) or QMessageBox.StandardButton.Cancel
    window.families.panel.member_chosen.emit(0)
    assert asked and window.puzzle == edited  # Cancel: nothing changed
    window.files.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.families.open_member(0)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=300_000)
    window.families.back()  # the family as it was left, unsaved changes and all
    assert window.puzzle == edited and window.path == path and window.document.is_modified


def test_a_family_whose_member_cannot_be_made_is_said_not_raised(window, qtbot, tmp_path):
    path = small_family(tmp_path / "two-ls.json")
    family = load_puzzle(path)
    broken = dataclasses.replace(family, board=tuple(c for c in family.board if c != (3, 1)))
    window.set_puzzle(broken)
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    assert not window.families.is_running() and not window.is_solving()
    message = window.panel.status.text()
    assert message.startswith("Cannot solve the family:") and "'left'" in message
    assert "Traceback" not in message


def test_a_family_is_presented_by_its_members_not_its_base_board(window, qtbot):
    """The calendar's base board has two cells more than the pieces cover: no "cannot be
    solved" for it, no estimate of it; the hint and the status line speak of the family."""
    assert window.open_puzzle(CALENDAR)
    assert "cannot be solved" not in window.intro.hint.text()
    assert "counts every member" in window.intro.hint.text()
    assert "a puzzle family" in window.status_line.text()
    assert "none for a family" in window.panel.estimate_box.text.text()
    assert not window.panel.estimate_box.button.isEnabled()
    window.set_mode("design")  # the board editor judges the members, not the base board
    assert window.editor.summary.text().endswith("a puzzle family: Solve counts every member")
    assert "cover 41 cells but the board has 43" not in window.editor.summary.text()


def test_a_plain_puzzle_hides_the_family_dock(window, qtbot, tmp_path):
    assert window.open_puzzle(small_family(tmp_path / "two-ls.json"))
    assert window.families.dock.isVisible()
    assert window.open_puzzle(ASSETS / "pentominoes-6x10.json")
    assert not window.families.dock.isVisible()
