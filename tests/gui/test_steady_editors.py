"""Layout that stays put under the mouse (issue 33, defect 8): messages keep their room, so
nothing moves when one appears (a click meant for the Sum box once removed every cage); a
short window scrolls a side panel instead of piling its widgets on each other; the X-Sudoku's
diagonals leave the digits clear."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLayout, QWidget

from polygui.editors.sudoku_rules_canvas import Mode
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.resources import examples_dir
from polygui.views.sudoku_view import SudokuView

LONG_PROBLEM = ("Cannot be solved: symbol 5 twice in row 1; symbol 5 twice in column 3; "
                "symbol 5 twice in box 1")


def where(widget: QWidget, window: QWidget) -> QPoint:
    return widget.mapTo(window, QPoint(0, 0))


def laid_out(layout: QLayout) -> list[QWidget]:
    """The widgets of `layout` and of the layouts in it."""
    found = []
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item.widget() is not None:
            found.append(item.widget())
        elif item.layout() is not None:
            found += laid_out(item.layout())
    return found


def overlapping(root: QWidget) -> list[tuple[str, str]]:
    """Visible widgets laid out side by side (by one layout) that overlap."""
    pairs = []
    for widget in [root, *root.findChildren(QWidget)]:
        if widget.layout() is None or not widget.isVisible():
            continue
        shown = [child for child in laid_out(widget.layout()) if child.isVisible()]
        pairs += [(name(a), name(b)) for a, b in combinations(shown, 2)
                  if a.geometry().intersects(b.geometry())]
    return pairs


def name(widget: QWidget) -> str:
    text = widget.text() if hasattr(widget, "text") and callable(widget.text) else ""
    return f"{type(widget).__name__} {text!r}"[:60]


def sudoku_editor(window, qtbot, name: str, width: int = 1100, height: int = 720):
    window.open_puzzle(examples_dir() / name)
    window.set_mode("design")
    window.resize(width, height)
    qtbot.wait(20)
    editor = window.editor
    editor.rules.set_mode(Mode.CAGES)
    qtbot.wait(10)
    return editor


def test_the_sum_box_stays_put_when_messages_come_and_go(window, qtbot):
    editor = sudoku_editor(window, qtbot, "sudoku-killer.json")
    watched = (editor.rules.cage_sum, editor.rules.clear_cages_button, editor.paste_button,
               editor.rules.diagonals)
    before = [where(widget, window) for widget in watched]
    for say in (lambda: editor._verdict("Several solutions: the givens do not fix the "
                                        "answer."),
                lambda: editor.show_problem(LONG_PROBLEM),
                lambda: editor.rules.diagonals.click(),  # a longer summary: "both diagonals"
                lambda: editor._verdict(""),
                lambda: editor.show_info("")):
        say()
        qtbot.wait(10)
        assert [where(widget, window) for widget in watched] == before
    assert "both diagonals" in editor.summary.text()


def test_a_short_window_scrolls_the_sudoku_rules_instead_of_piling_them_up(window, qtbot):
    editor = sudoku_editor(window, qtbot, "sudoku-x.json", 1000, 600)
    editor._verdict("Several solutions: the givens do not fix the answer.")
    editor.show_problem(LONG_PROBLEM)
    qtbot.wait(20)
    assert overlapping(editor) == []
    help_bottom = where(editor.rules.mode_help, window).y() + editor.rules.mode_help.height()
    assert help_bottom <= where(editor.rules.diagonals, window).y()  # the help clear of it
    help_label = editor.rules.mode_help
    assert help_label.height() >= help_label.fontMetrics().boundingRect(
        help_label.contentsRect(), Qt.TextFlag.TextWordWrap, help_label.text()).height()


def test_the_board_canvas_stays_put_when_a_message_appears(window, qtbot):
    window.set_puzzle(blank_puzzle("hex"))
    window.set_mode("design")
    window.resize(1100, 720)
    qtbot.wait(20)
    editor = window.editor
    before = (where(editor.canvas, window), editor.canvas.size())
    editor.show_problem("Cannot be solved: " + "; ".join(  # two lines, and more
        f"piece 'P{number}' fits nowhere on the board" for number in range(12)))
    qtbot.wait(10)
    assert (where(editor.canvas, window), editor.canvas.size()) == before
    editor.show_info("")
    qtbot.wait(10)
    assert (where(editor.canvas, window), editor.canvas.size()) == before


def rgb(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint8)
    return data.reshape(image.height(), image.bytesPerLine())[:, :image.width() * 4] \
        .reshape(image.height(), image.width(), 4)[..., 2::-1].astype(int)


def bluish(pixels: np.ndarray) -> np.ndarray:
    """The diagonals' light blue (and its blends with paper), not the digits' greys."""
    return pixels[..., 2] - pixels[..., 0] > 40


def test_the_x_sudoku_diagonals_leave_the_digits_clear(qtbot, asset):
    view = SudokuView()
    qtbot.addWidget(view)
    puzzle = asset("sudoku-x.json")
    view.set_puzzle(puzzle)
    view.resize(460, 460)
    image = rgb(view.grab().toImage())
    n = puzzle.sudoku.n
    on_diagonals = [cell for cell in range(n * n) if puzzle.sudoku.givens[cell]
                    and (cell // n == cell % n or cell // n + cell % n == n - 1)]
    assert on_diagonals
    for cell in on_diagonals:
        rect = view.cell_rect(cell)
        digit = rect.adjusted(rect.width() * 0.3, rect.height() * 0.25,
                              -rect.width() * 0.3, -rect.height() * 0.25)
        assert not bluish(crop(image, digit)).any(), f"a diagonal crosses the digit in {cell}"
        corner = QRectF(rect.topLeft(), rect.size() * 0.2)  # the line still runs between
        assert bluish(crop(image, corner)).any() or bluish(crop(image, corner.translated(
            rect.width() * 0.8, 0))).any()


def crop(image: np.ndarray, rect: QRectF) -> np.ndarray:
    return image[int(rect.top()):int(rect.bottom()), int(rect.left()):int(rect.right())]
