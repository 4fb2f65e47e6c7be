"""File > Print and Print Preview: the puzzle, the solution shown or a contact sheet, really
printed to PDF files through QPrinter, and Qt's preview driven as a user drives it.

Dialogs are answered from a timer once they show; one left open is rejected, so no test can
wait on a dialog nobody answers."""

from __future__ import annotations

import ast
import re
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QImage, QKeySequence, QPageLayout, QPageRanges
from PySide6.QtPrintSupport import QPrintDialog, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import (QApplication, QDialog, QDialogButtonBox, QLabel, QLineEdit,
                               QRadioButton, QSpinBox)

from polygui.export.context import FOLDER_KEY
from polygui.export.dialogs import PrintOptions
from polygui.resources import examples_dir
from polygui.solving.filter import PieceCovers

SPEC = Path(__file__).resolve().parents[2] / "packaging" / "polygui.spec"
A4_PORTRAIT, A4_LANDSCAPE = (595, 842), (842, 595)  # points


# --- helpers -----------------------------------------------------------------------------
def solved(window, qtbot, name: str = "meteor.json") -> None:
    window.open_puzzle(examples_dir() / name)
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)


def menu_action(window, text: str) -> QAction:
    return next(action for action in window.menus.file_menu.actions() if action.text() == text)


class Answer:
    """Answers the next modal dialog of `kind` with `handle(dialog)` once it shows. One
    still open after the handler (or after `within` ms, never shown) is rejected, so nothing
    waits; `errors` says what went wrong."""

    def __init__(self, kind: type, handle: Callable[[QDialog], None], within: int = 30_000):
        self.kind, self.handle, self.left = kind, handle, within
        self.answered, self.errors = False, []
        QTimer.singleShot(0, self._look)

    def _look(self) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, self.kind):
            self.left -= 20
            if self.left > 0:
                QTimer.singleShot(20, self._look)
            else:
                self.errors.append(f"no {self.kind.__name__} showed (but {dialog!r})")
                if dialog is not None:
                    dialog.reject()
            return
        self.answered = True
        try:
            self.handle(dialog)
        except Exception as error:  # noqa: BLE001 - reported by the test, after closing
            self.errors.append(repr(error))
        finally:
            if dialog.isVisible():
                dialog.reject()


def click(dialog: QDialog, text: str) -> None:
    box = dialog.findChild(QDialogButtonBox)
    next(button for button in box.buttons() if button.text() == text).click()


def fill_colours(pdf: bytes) -> set[bytes]:
    """The colours filled in the PDF's pages, greys left out (the empty board is grey)."""
    colours = set()
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            content = zlib.decompress(stream)
        except zlib.error:
            continue
        for rgb in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) scn", content):
            values = [float(value) for value in rgb]
            if max(values) - min(values) > 0.2:
                colours.add(b" ".join(rgb))
    return colours


def page_sizes(pdf: bytes) -> list[tuple[int, int]]:
    return [(round(float(width)), round(float(height))) for width, height in
            re.findall(rb"/Type\s*/Page\b(?!s).*?/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]", pdf,
                       re.S)]


def coloured_share(image: QImage) -> float:
    """The share of strongly coloured pixels (pieces; paper, board and text are grey)."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(),
                                                                    image.bytesPerLine())
    rgb = rows[:, :image.width() * 4].reshape(image.height(), image.width(), 4)[..., :3]
    rgb = rgb.astype(int)
    return float(((rgb.max(axis=2) - rgb.min(axis=2)) > 80).mean())


def printing_to(printing, path: Path, asked: list, page_range: tuple[int, int] | None = None):
    """Print dialog stand-in: the printer writes `path` (the pages `page_range`)."""
    def choose(parent, printer, pages) -> bool:
        asked.append((pages, printer.outputFileName()))
        printer.setOutputFileName(str(path))
        if page_range:
            ranges = QPageRanges()
            ranges.addRange(*page_range)
            printer.setPageRanges(ranges)
        return True
    printing.ask_printer = choose


def choosing(printing, options: PrintOptions, seen: list | None = None) -> None:
    def choose(parent, count, shown, ok_text, filtered=False):
        if seen is not None:
            seen.append((count, shown, ok_text, filtered))
        return options
    printing.ask_print_options = choose


# --- File > Print ------------------------------------------------------------------------
def test_ctrl_p_prints_a_contact_sheet_chosen_in_the_dialog_to_a_pdf(window, qtbot, tmp_path):
    solved(window, qtbot)
    window.settings.setValue(FOLDER_KEY, str(tmp_path))  # where the last export went
    proposed: list = []

    def choose_a_sheet(dialog) -> None:
        buttons = {button.text(): button for button in dialog.findChildren(QRadioButton)}
        buttons["A contact sheet of solutions"].click()
        first, last, columns, rows = dialog.findChildren(QSpinBox)
        first.setValue(3)
        last.setValue(47)
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
        print_dialog.append(Answer(QPrintDialog, print_to_the_file_proposed))

    def print_to_the_file_proposed(dialog) -> None:
        proposed.append(dialog.findChild(QLineEdit, "filename").text())
        click(dialog, "&Print")

    action = menu_action(window, "&Print…")
    assert action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    print_dialog: list = []
    answer = Answer(QDialog, choose_a_sheet)
    action.trigger()
    assert answer.answered and not answer.errors
    assert print_dialog[0].answered and not print_dialog[0].errors
    target = tmp_path / "Meteor solutions 3-47.pdf"  # named after what it holds
    assert proposed == [str(target)]
    pdf = target.read_bytes()
    assert page_sizes(pdf) == [A4_PORTRAIT] * 3  # 45 solutions, 20 a page
    assert len(fill_colours(pdf)) >= 10  # the ten meteor pieces, in their colours
    assert not list(tmp_path.glob(".*.tmp"))  # written beside, then renamed
    assert window.statusBar().currentMessage() == f"Printed 3 pages to {target.name}"


def test_the_puzzle_prints_grey_and_the_solution_in_its_pieces_colours(window, qtbot,
                                                                        tmp_path):
    solved(window, qtbot)
    window.browser.set_current(9)
    printing = window.exports.printing
    asked: list = []
    seen: list = []
    printing_to(printing, tmp_path / "puzzle.pdf", asked)
    choosing(printing, PrintOptions("puzzle"), seen)
    assert printing.print_pages()
    printing_to(printing, tmp_path / "solution.pdf", asked)
    choosing(printing, PrintOptions("solution"), seen)
    assert printing.print_pages()
    assert seen[0] == (1049, 10, "Print…", False)  # 1,049 distinct solutions, #10 shown
    assert [pages for pages, _ in asked] == [1, 1]
    # the first print proposes a file named after what it holds, in the export folder
    assert Path(asked[0][1]).name == "Meteor.pdf"
    puzzle, solution = ((tmp_path / name).read_bytes() for name in ("puzzle.pdf",
                                                                    "solution.pdf"))
    assert page_sizes(puzzle) == page_sizes(solution) == [A4_PORTRAIT]
    assert fill_colours(puzzle) == set()
    assert len(fill_colours(solution)) >= 10
    assert len(puzzle) < 100_000 and len(solution) < 100_000  # vectors, not a page of pixels


def test_the_page_range_chosen_is_printed_and_forgotten_by_the_next_print(window, qtbot,
                                                                           tmp_path):
    solved(window, qtbot)
    printing = window.exports.printing
    asked: list = []
    choosing(printing, PrintOptions("sheet", first=1, last=45, columns=3, rows=3))
    printing_to(printing, tmp_path / "some.pdf", asked, page_range=(2, 3))
    assert printing.print_pages()
    assert len(page_sizes((tmp_path / "some.pdf").read_bytes())) == 2
    assert window.statusBar().currentMessage() == "Printed 2 pages to some.pdf"
    printing_to(printing, tmp_path / "all.pdf", asked)
    assert printing.print_pages()
    assert len(page_sizes((tmp_path / "all.pdf").read_bytes())) == 5  # 45 at 9 a page


def test_a_pdf_that_cannot_be_written_is_reported_and_leaves_nothing(window, qtbot, tmp_path):
    printing = window.exports.printing
    warnings: list = []
    printing.warn = lambda title, text: warnings.append((title, text))
    choosing(printing, PrintOptions("puzzle"))
    target = tmp_path / "no such folder" / "meteor.pdf"
    printing_to(printing, target, [])
    assert not printing.print_pages()
    assert warnings and warnings[0][0] == "Cannot print"
    assert str(target) in warnings[0][1] and "cannot write the PDF file" in warnings[0][1]
    assert not target.parent.exists()


def test_a_cube_prints_as_its_layers_and_a_sudoku_without_a_symmetry(window, qtbot, tmp_path):
    printing = window.exports.printing
    solved(window, qtbot, "soma.json")
    choosing(printing, PrintOptions("solution"))
    printing_to(printing, tmp_path / "soma.pdf", [])
    assert printing.print_pages()
    soma = (tmp_path / "soma.pdf").read_bytes()
    assert page_sizes(soma) == [A4_PORTRAIT] and len(fill_colours(soma)) >= 7  # 7 pieces
    assert "Soma".encode("utf-16-be") in soma  # the document's title
    solved(window, qtbot, "sudoku-reference.json")
    seen: list = []
    choosing(printing, PrintOptions("solution"), seen)
    previews: list = []
    Answer(QPrintPreviewDialog, lambda dialog: previews.append(printing.previewer.job.heading))
    printing.print_preview()
    assert seen == [(1, 1, "Preview…", False)]
    assert previews == ["Sudoku (reference article) — solution 1 of 1"]


# --- the dialog of what to print -----------------------------------------------------------
def test_the_dialog_offers_what_there_is(window, qtbot):
    printing = window.exports.printing
    texts: dict = {}

    def look(dialog) -> None:
        buttons = {button.text(): button for button in dialog.findChildren(QRadioButton)}
        texts["enabled"] = {text: button.isEnabled() for text, button in buttons.items()}
        texts["checked"] = [text for text, button in buttons.items() if button.isChecked()]
        texts["ok"] = dialog.findChild(QDialogButtonBox).button(
            QDialogButtonBox.StandardButton.Ok).text()

    Answer(QDialog, look)
    assert not printing.print_preview()  # rejected: nothing printed
    assert texts["enabled"] == {"The puzzle": True, "The solution shown (none yet)": False,
                                "A contact sheet of solutions": False}
    assert texts["checked"] == ["The puzzle"] and texts["ok"] == "Preview…"

    solved(window, qtbot)
    window.browser.set_current(4)
    chosen: list = []

    def choose_a_long_sheet(dialog) -> None:
        buttons = {button.text(): button for button in dialog.findChildren(QRadioButton)}
        chosen.append(buttons["The solution shown (#5)"].isChecked())
        buttons["A contact sheet of solutions"].click()
        first, last, columns, rows = dialog.findChildren(QSpinBox)
        first.setValue(11)
        last.setValue(900)  # more than a preview can hold
        chosen.append(last.value())
        chosen.extend(label.text() for label in dialog.findChildren(QLabel)
                      if "page" in label.text())
        dialog.reject()

    answer = Answer(QDialog, choose_a_long_sheet)
    assert not printing.print_pages()
    assert not answer.errors
    assert chosen == [True, 210, "200 solutions on 10 pages (at most 200: Export > Contact "
                      "Sheet writes any number)"]


def test_a_sheet_while_a_filter_is_on_holds_the_matches(window, qtbot):
    solved(window, qtbot)
    store, printing = window.store, window.exports.printing
    cell, piece = store.puzzle.board[7], 3
    window.filter.add(store, PieceCovers(piece, cell))
    qtbot.waitUntil(lambda: window.filter.filter.caught_up)
    matching = [index for index in range(len(store))
                if store.solution(index).cell_pieces()[cell] == piece]
    seen: list = []
    choosing(printing, PrintOptions("sheet", first=2, last=13), seen)
    jobs: list = []
    Answer(QPrintPreviewDialog, lambda dialog: jobs.append(printing.previewer.job))
    printing.print_preview()
    assert [(count, filtered) for count, _, _, filtered in seen] == [(len(matching), True)]
    assert list(jobs[0].numbers) == matching[1:13]
    assert jobs[0].heading == (f"Meteor — solutions 2–13 of the {len(matching)} matching the "
                               "filter (distinct)")


# --- the preview -------------------------------------------------------------------------------
def test_the_preview_shows_the_pages_and_its_print_writes_them_as_set_up(window, qtbot,
                                                                          tmp_path):
    solved(window, qtbot)
    printing = window.exports.printing
    choosing(printing, PrintOptions("sheet", first=1, last=45))
    window.settings.setValue(FOLDER_KEY, str(tmp_path))
    target = tmp_path / "Meteor solutions 1-45.pdf"
    shown: dict = {}

    def look_then_print(dialog) -> None:
        preview = dialog.findChild(QPrintPreviewWidget)
        qtbot.waitUntil(lambda: preview.pageCount() == 3)
        actions = {action.text(): action for action in dialog.findChildren(QAction)}
        actions["Landscape"].trigger()
        qtbot.waitUntil(lambda: preview.orientation() == QPageLayout.Orientation.Landscape)
        shown["title"] = dialog.windowTitle()
        shown["colour"] = coloured_share(preview.grab().toImage())
        shown["print dialog"] = Answer(QPrintDialog, lambda chooser: click(chooser, "&Print"))
        actions["Print"].trigger()  # Qt's print dialog: a printer or a file, then prints

    answer = Answer(QPrintPreviewDialog, look_then_print)
    menu_action(window, "Print Pre&view…").trigger()
    assert not answer.errors and not shown["print dialog"].errors
    assert shown["title"].startswith("Print preview — Meteor — solutions 1–45 of 1,049")
    assert shown["colour"] > 0.02
    pdf = target.read_bytes()
    assert page_sizes(pdf) == [A4_LANDSCAPE] * 3
    assert len(fill_colours(pdf)) >= 10
    assert window.statusBar().currentMessage() == f"Printed 3 pages to {target.name}"


# --- the bundle --------------------------------------------------------------------------------
def test_the_bundle_keeps_qt_print_support():
    tree = ast.parse(SPEC.read_text())
    excludes = next(node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    and any(getattr(t, "id", "") == "excludes" for t in node.targets))
    excluded = ast.literal_eval(excludes)
    assert "PySide6.QtPrintSupport" not in excluded
    assert "PySide6.QtNetwork" in excluded  # the list read is the real one
