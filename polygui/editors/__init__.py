"""Puzzle editors, one per grid kind, all editing a PuzzleDocument. Imports solvers, models,
views and solving (the meteor text and Sudoku Check run in the solver thread); never the main
window.

`create_editor` imports each lazily: the cube editor brings OpenGL in, which a Sudoku never
needs."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from solvers import GridKind

from ..models import PuzzleDocument


def create_editor(kind: GridKind, document: PuzzleDocument,
                  parent: QWidget | None = None) -> QWidget:
    """The editor widget for puzzles of `kind`, editing `document`."""
    if kind is GridKind.SUDOKU:
        from .sudoku_editor import SudokuEditor
        return SudokuEditor(document, parent)
    if not kind.grid.flat:  # cubes, balls: edited in space and by layer
        from .cube_editor import CubeEditor
        return CubeEditor(document, parent)
    from .board_editor import BoardEditor
    return BoardEditor(document, parent)
