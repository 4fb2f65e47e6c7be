"""The small dialogs of File > Export and Print: image size and format, contact sheet range
and grid, what to print."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QLabel, QRadioButton, QSpinBox, QWidget)

from solvers.records import record

from ..models.status import plural
from .images import MAX_SIDE
from .limits import MAX_SHEET_COLUMNS, MAX_SHEET_ROWS

PAGES = ("A4", "Letter", "A3")  # the page sizes export.sheet knows
# Solutions a printed contact sheet holds: the preview draws every page before it shows one,
# and printing draws them all at once (200 meteor thumbnails: 1 to 2 s here). Export >
# Contact Sheet writes any number, a few at a time.
MAX_PRINTED = 200


@record
class ImageOptions:
    format: str  # "png" or "svg"
    size: QSize
    transparent: bool


@record
class SheetOptions:
    format: str  # "pdf" or "png"
    first: int  # 1-based, inclusive
    last: int
    columns: int
    rows: int
    page: str = "A4"  # a key of export.sheet.PAGE_SIZES
    landscape: bool = False


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


NEXT_STEP = "Choose File…"  # the accept button says what comes next: the file dialog


def _run(dialog: QDialog, form: QFormLayout, next_step: str = NEXT_STEP) -> bool:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(next_step)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    return dialog.exec() == QDialog.DialogCode.Accepted


def ask_image_options(parent: QWidget, size: QSize, vector: bool) -> ImageOptions | None:
    """Size in pixels (or a scale of the view's size), background, and PNG or SVG."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Export image")
    form = QFormLayout(dialog)
    kind = QComboBox()
    kind.addItem("PNG (pixels)", "png")
    if vector:
        kind.addItem("SVG (vector)", "svg")
    width, height = _spin(1, MAX_SIDE, size.width()), _spin(1, MAX_SIDE, size.height())
    scale = QComboBox()
    for factor in (1, 2, 3, 4):
        scale.addItem(f"{factor}× the view", factor)
    scale.setCurrentIndex(1)
    base = size / 2

    def apply_scale(_index: int) -> None:
        factor = scale.currentData()
        width.setValue(base.width() * factor)
        height.setValue(base.height() * factor)

    scale.currentIndexChanged.connect(apply_scale)
    transparent = QCheckBox("Transparent background")
    for label, widget in (("Format", kind), ("Scale", scale), ("Width", width),
                          ("Height", height), ("", transparent)):
        form.addRow(label, widget)
    if not _run(dialog, form):
        return None
    return ImageOptions(kind.currentData(), QSize(width.value(), height.value()),
                        transparent.isChecked())


def ask_sheet_options(parent: QWidget, count: int) -> SheetOptions | None:
    """Which solutions, how many a page, PDF or PNG pages."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Export contact sheet")
    form = QFormLayout(dialog)
    kind = QComboBox()
    kind.addItem("PDF (one file, a page per sheet)", "pdf")
    kind.addItem("PNG (a file per page)", "png")
    first, last = _spin(1, count, 1), _spin(1, count, min(count, 100))
    first.valueChanged.connect(lambda value: last.setMinimum(value))
    columns, rows = _spin(1, MAX_SHEET_COLUMNS, 4), _spin(1, MAX_SHEET_ROWS, 5)
    page = QComboBox()
    page.addItems(PAGES)
    orientation = QComboBox()
    orientation.addItem("Portrait", False)
    orientation.addItem("Landscape", True)
    for label, widget in (("Format", kind), ("From solution", first), ("To solution", last),
                          ("Columns", columns), ("Rows", rows), ("Page", page),
                          ("Orientation", orientation)):
        form.addRow(label, widget)
    if not _run(dialog, form):
        return None
    return SheetOptions(kind.currentData(), first.value(), last.value(), columns.value(),
                        rows.value(), page.currentText(), orientation.currentData())


@record
class PrintOptions:
    what: str  # "puzzle", "solution" (the one shown) or "sheet"
    first: int = 1  # the sheet's solutions as the browser numbers them, 1-based, inclusive
    last: int = 1
    columns: int = 4
    rows: int = 5


def ask_print_options(parent: QWidget, count: int, shown: int | None, ok_text: str,
                      filtered: bool = False) -> PrintOptions | None:
    """The puzzle, the solution shown (`shown`: its number, 1-based) or a contact sheet of
    up to MAX_PRINTED of the `count` solutions browsed (the filter's matches if `filtered`)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Print")
    form = QFormLayout(dialog)
    choices = {"puzzle": QRadioButton("The puzzle"),
               "solution": QRadioButton(f"The solution shown (#{shown:,})" if shown
                                        else "The solution shown (none yet)"),
               "sheet": QRadioButton("A contact sheet of the solutions matching the filter"
                                     if filtered else "A contact sheet of solutions")}
    group = QButtonGroup(dialog)
    for choice in choices.values():
        group.addButton(choice)
        form.addRow(choice)
    choices["solution"].setEnabled(shown is not None)
    choices["sheet"].setEnabled(count > 0)
    choices["solution" if shown else "puzzle"].setChecked(True)
    first, last = _spin(1, max(1, count), 1), _spin(1, max(1, count), min(count, 20))
    columns, rows = _spin(1, 10, 4), _spin(1, 12, 5)
    note = QLabel()

    def follow() -> None:
        last.setRange(first.value(), max(first.value(),
                                         min(count, first.value() + MAX_PRINTED - 1)))
        solutions = last.value() - first.value() + 1
        pages = -(-solutions // (columns.value() * rows.value()))
        note.setText(f"{plural(solutions, 'solution')} on {plural(pages, 'page')} (at most "
                     f"{MAX_PRINTED}: Export > Contact Sheet writes any number)")
        for widget in (first, last, columns, rows, note):
            widget.setEnabled(choices["sheet"].isChecked())

    for spin in (first, last, columns, rows):
        spin.valueChanged.connect(follow)
    choices["sheet"].toggled.connect(follow)
    follow()
    for label, widget in ((f"From solution (of {count:,})", first), ("To solution", last),
                          ("Columns", columns), ("Rows", rows), ("", note)):
        form.addRow(label, widget)
    accepted = _run(dialog, form, ok_text)
    what = next(name for name, choice in choices.items() if choice.isChecked())
    options = PrintOptions(what, first.value(), last.value(), columns.value(), rows.value())
    dialog.deleteLater()
    return options if accepted else None
