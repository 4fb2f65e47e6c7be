"""The user guide's picture of File > Puzzle Library… (docs/puzzle-library.md), taken by
scripts/screenshots.py: the gallery scrolled to the hex boards (the tetrahexes) and the
first cube ones, with the tetrahexes' holey star chosen: its count is PolyGUI's own, and the
panel says so."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QAbstractItemView, QApplication

from polygui.library.dialog import ENTRY_ROLE, LibraryDialog
from polygui.resources import library_dir
from solvers.library import load_library

LIBRARY_NAMES = ("puzzle-library.png",)
SIZE = (1100, 700)
SHOWN = "tetrahexes-holey-star"
TOP = "meteor"  # the first hex entry


def take_library_screenshots(app: QApplication, window, folder: Path, settle, wait_for,
                             save) -> list[Path]:
    """The paths written, in LIBRARY_NAMES' order (the helpers are screenshots.py's)."""
    folder.mkdir(parents=True, exist_ok=True)
    dialog = LibraryDialog(load_library(library_dir()), window)
    dialog.resize(*SIZE)
    dialog.show()
    items = {dialog.gallery.item(row).data(ENTRY_ROLE).id: dialog.gallery.item(row)
             for row in range(dialog.gallery.count())}
    dialog.gallery.setCurrentItem(items[SHOWN])
    settle(app)
    dialog.gallery.scrollToItem(items[TOP], QAbstractItemView.ScrollHint.PositionAtTop)
    wait_for(app, lambda: not dialog.timer.isActive(), "the library's thumbnails")
    settle(app)
    path = folder / LIBRARY_NAMES[0]
    save(dialog.grab().toImage(), path)
    dialog.close()
    return [path]
