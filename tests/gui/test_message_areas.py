"""Messages of any length never resize the window (issue 33, defect 1): in every message area
the app has, a very long message leaves the window's width as it was, and its text is there
whole, wrapped or in a tooltip. The status bar ends a message it cuts with "…"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import examples_dir
from polygui.views.messages import MessageLabel, fitted_lines

WIDTH, HEIGHT = 1100, 720
# Words, and a path with no space to wrap at: each alone is wider than any window
LONG = ("Cannot solve: " + "; ".join(f"piece 'P{i}' fits nowhere on the board" for i in range(40))
        + " — see /home/someone/" + "very-long-folder-name-" * 12 + "puzzle.json")


def whole(label: QLabel, text: str) -> bool:
    """Whether `text` is there whole: in the tooltip, or shown (by a wrapped label tall enough
    for it, or a MessageLabel's lines)."""
    if text in label.toolTip():
        return True
    shown = QLabel.text(label)  # what Qt draws, not MessageLabel's whole text
    if isinstance(label, MessageLabel):
        return shown.split() == text.split()  # every word, on the lines it has
    return shown == text and label.wordWrap() and \
        label.height() >= label.heightForWidth(label.width())


def settle(window, qtbot) -> None:
    qtbot.wait(20)  # layout requests and resizes run
    assert (window.width(), window.height()) == (WIDTH, HEIGHT)


def sized(window, qtbot):
    window.resize(WIDTH, HEIGHT)
    qtbot.wait(20)
    assert window.width() == WIDTH
    return window


SOLVE_AREAS = {
    "status line": lambda w, text: w.status_line.setText(text),
    "hint above the board": lambda w, text: w.intro.show_hint(text),
    "Solve panel status": lambda w, text: w.panel.show_message(text),
    "estimate line": lambda w, text: w.panel.estimate_box.show_idle(text),
    "stale banner": lambda w, text: w.solve_page.show_stale(text),
}
SOLVE_LABELS = {
    "status line": lambda w: w.status_line,
    "hint above the board": lambda w: w.intro.hint,
    "Solve panel status": lambda w: w.panel.status,
    "estimate line": lambda w: w.panel.estimate_box.text,
    "stale banner": lambda w: w.stale,
}


@pytest.mark.parametrize("area", sorted(SOLVE_AREAS))
def test_a_long_message_in_solve_mode_keeps_the_window_and_shows_whole(window, qtbot, area):
    window.open_puzzle(examples_dir() / "meteor.json")
    window.estimating.stop()  # an opened puzzle is estimated at once: its line is the test's
    sized(window, qtbot)
    SOLVE_AREAS[area](window, LONG)
    settle(window, qtbot)
    assert whole(SOLVE_LABELS[area](window), LONG), area


EDITOR_MESSAGES = {  # (New kind, where the editor says things)
    "board editor message": ("hex", lambda e: e.message, lambda e, text: e.show_problem(text)),
    "board editor summary": ("hex", lambda e: e.summary, lambda e, text: e.summary.setText(text)),
    "cube editor message": ("cube", lambda e: e.message, lambda e, text: e.message.setText(text)),
    "cube editor summary": ("cube", lambda e: e.summary, lambda e, text: e.summary.setText(text)),
    "Sudoku editor message": ("sudoku-9", lambda e: e.message,
                              lambda e, text: e.show_problem(text)),
    "Sudoku verdict": ("sudoku-9", lambda e: e.verdict, lambda e, text: e._verdict(text)),
}


@pytest.mark.parametrize("area", sorted(EDITOR_MESSAGES))
def test_a_long_message_in_an_editor_keeps_the_window_and_shows_whole(window, qtbot, area):
    kind, label, say = EDITOR_MESSAGES[area]
    window.set_puzzle(blank_puzzle(kind))
    window.set_mode("design")
    sized(window, qtbot)
    say(window.editor, LONG)
    settle(window, qtbot)
    assert whole(label(window.editor), LONG), area


def test_a_board_cell_beside_the_twelve_hexiamonds_leaves_the_window_as_it_was(window, qtbot):
    """The newcomer's case: the status line and the editor's summary then name every piece
    that fits nowhere; the window grew from 1100 to 1350 pixels and never came back."""
    window.set_puzzle(blank_puzzle("triangle-hexiamonds"))
    window.set_mode("design")
    sized(window, qtbot)
    canvas = window.editor.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=canvas.rect().center())
    assert len(window.puzzle.board) == 1 and "'O6'" in window.status_line.text()
    settle(window, qtbot)
    for label in (window.status_line, window.editor.summary):
        assert whole(label, label.text())
    window.set_mode("solve")
    settle(window, qtbot)


def test_the_status_bar_ends_a_message_it_cuts_with_an_ellipsis(window, qtbot):
    sized(window, qtbot)
    bar = window.statusBar()
    window.status_line.setText(LONG)
    qtbot.wait(10)
    shown = QLabel.text(window.status_line)
    assert shown.endswith("…") and LONG.startswith(shown[:-1].rstrip())
    assert window.status_line.toolTip().startswith(LONG)
    bar.showMessage(LONG, 5_000)  # a temporary message, drawn by the bar itself
    qtbot.wait(10)
    drawn = bar.shown_message()
    assert drawn.endswith("…") and LONG.startswith(drawn[:-1])
    assert bar.fontMetrics().horizontalAdvance(drawn) <= bar.message_rect().width()
    assert bar.toolTip() == LONG
    bar.showMessage("Saved", 5_000)  # one that fits: whole, no tooltip
    qtbot.wait(10)
    assert bar.shown_message() == "Saved" and bar.toolTip() == ""


def test_a_message_label_keeps_its_lines_whatever_it_says(qtbot):
    label = MessageLabel(lines=2)
    qtbot.addWidget(label)
    label.resize(200, label.sizeHint().height())
    label.show()
    qtbot.waitExposed(label)
    height = label.sizeHint().height()
    for text in ("", "Short", LONG, "one\ntwo\nthree"):
        label.setText(text)
        assert label.sizeHint().height() == height and label.text() == text
    assert label.is_cut() and "three" in label.toolTip()
    label.setText("Short")
    assert not label.is_cut() and label.toolTip() == ""
    label.setToolTip("what the figures rest on")  # the owner's own tooltip comes after
    label.setText(LONG)
    assert label.toolTip() == f"{LONG}\n\nwhat the figures rest on"


def test_lines_are_broken_at_words_and_inside_words_too_long_for_a_line(qtbot):
    font = QLabel().font()
    lines, cut = fitted_lines("a " + "x" * 300, font, 120, 100)
    assert not cut and lines[0] == "a" and all(line.strip("x") == "" for line in lines[1:])
    lines, cut = fitted_lines("word " * 200, font, 120, 3)
    assert cut and len(lines) == 3 and lines[-1].endswith("…")
