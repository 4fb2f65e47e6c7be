"""The small dialogs of File > Export: image size and format, contact sheet range and grid."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QSpinBox, QWidget)

from .images import MAX_SIDE

PAGES = ("A4", "Letter", "A3")  # the page sizes export.sheet knows


@dataclass(frozen=True)
class ImageOptions:
    format: str  # "png" or "svg"
    size: QSize
    transparent: bool


@dataclass(frozen=True)
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


def _run(dialog: QDialog, form: QFormLayout) -> bool:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(NEXT_STEP)
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
    columns, rows = _spin(1, 20, 4), _spin(1, 30, 5)
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
