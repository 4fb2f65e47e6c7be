"""The user guide's picture of the piece editor (docs/designing.md), taken by
scripts/screenshots.py: the pentominoes 6x10 in Design mode, F selected in the piece list
with its Rotate, Flip and Duplicate buttons, and six board cells selected with the Select
tool, ready to cut, copy or delete."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from polygui.editors.board_tools import SELECT
from polygui.resources import examples_dir

EDITOR_NAMES = ("piece-editor.png",)
SELECTED_ROWS, SELECTED_COLUMNS = 2, 3  # the board's top-left corner, selected
PIECE = 0  # F


def take_editor_screenshots(app: QApplication, window, folder: Path, settle, picture,
                            save) -> list[Path]:
    """The paths written, in EDITOR_NAMES' order (the helpers are screenshots.py's)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in EDITOR_NAMES]
    window.open_puzzle(examples_dir() / "pentominoes-6x10.json")
    window.set_mode("design")
    editor = window.editor
    editor.pieces.select_piece(PIECE)
    editor.tools.select(SELECT)
    board = sorted(window.document.puzzle.board)
    rows = sorted({cell[1] for cell in board})[:SELECTED_ROWS]
    columns = sorted({cell[0] for cell in board})[:SELECTED_COLUMNS]
    editor.cells.select([cell for cell in board if cell[1] in rows and cell[0] in columns])
    settle(app)
    save(picture(window), paths[0])
    return paths
