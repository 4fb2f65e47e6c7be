"""Board cells selected, cut, copied, pasted and deleted in the flat designer, and the keys of
its canvases (Delete, Esc, Enter, the arrows).

The Select tool's rectangle (or Ctrl+A) selects board cells, outlined on the canvas. Copy puts
them on the system clipboard (CELLS_MIME, and the same JSON as text); Cut also removes them.
Paste does not drop the cells at once: they follow the mouse, outlined, as a stamp, and a
click (or Enter) drops them there, as one edit; Esc puts the stamp away. Where the mouse is
not over the board, the stamp starts where the cells were copied from.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent

from solvers import GridKind, Puzzle, PuzzleError
from solvers.puzzle.fileformat import FORMAT_NAME, puzzle_from_dict
from solvers.puzzle.grids import Cell
from solvers.puzzle.shape_edits import translated_onto

from ..models import PuzzleDocument
from ..models.status import plural
from .board_canvas import CellCanvas
from .board_tools import SELECT, CanvasTools, offset_of
from .optional_cells import with_board
from .piece_clipboard import kind_problem
from .piece_shapes import ARROWS, KEYPAD

CELLS_MIME = "application/x-polygui-cells"
CELLS_FORMAT = "polygui-cells"


def cells_mime(kind: GridKind, cells: list[Cell]) -> QMimeData:
    text = json.dumps({"format": CELLS_FORMAT, "grid": kind.value,
                       "cells": [list(cell) for cell in sorted(cells)]})
    mime = QMimeData()
    mime.setData(CELLS_MIME, text.encode())
    mime.setText(text)
    return mime


def read_cells(mime: QMimeData | None) -> tuple[GridKind, tuple[Cell, ...]]:
    """The grid and the cells on the clipboard; PuzzleError saying what is wrong (the file
    format checks the cells, as a board's)."""
    text = ""
    if mime is not None:
        text = (bytes(mime.data(CELLS_MIME)).decode("utf-8", "replace")
                if mime.hasFormat(CELLS_MIME) else mime.text())
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("format") != CELLS_FORMAT:
        raise PuzzleError("the clipboard holds no board cells (copy some with the Select tool)")
    puzzle = puzzle_from_dict({"format": FORMAT_NAME, "version": 1, "name": "clipboard",
                               "grid": data.get("grid"), "board": data.get("cells"),
                               "pieces": []})
    if not puzzle.board:
        raise PuzzleError("the clipboard holds no board cells")
    return puzzle.kind, puzzle.board


def top_left(kind: GridKind, cells: tuple[Cell, ...]) -> Cell:
    """The cell of the top row that is furthest left: where the stamp is held."""
    return min(cells, key=lambda cell: offset_of(kind, cell))


def without_cells(cells: set[Cell]) -> Callable[[Puzzle], Puzzle]:
    return lambda puzzle: with_board(puzzle, (c for c in puzzle.board if c not in cells))


class BoardCells(QObject):
    """The selection and the stamp being pasted on `canvas`; `report(text, problem)` says what
    happened. `move_piece(direction)`: the arrows move the selected piece."""

    def __init__(self, document: PuzzleDocument, canvas: CellCanvas, tools: CanvasTools,
                 report: Callable[[str, bool], None],
                 move_piece: Callable[[str], bool]) -> None:
        super().__init__(canvas)
        self.document, self.canvas, self.tools = document, canvas, tools
        self.kind = document.puzzle.kind
        self.report, self.move_piece = report, move_piece
        self.selection: list[Cell] = []
        self.stamp: tuple[Cell, ...] | None = None  # cells being pasted, as on the clipboard
        self.stamp_at: tuple[Cell, ...] = ()  # where they would drop now
        canvas.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Delete, Esc, the arrows, Ctrl+C
        canvas.installEventFilter(self)
        canvas.hover_changed.connect(self._follow)
        tools.selected.connect(self.select)
        tools.changed.connect(lambda: self.tools.tool == SELECT or self.select([]))

    # --- the selection -------------------------------------------------------------------
    def select(self, cells) -> None:
        board = set(self.document.puzzle.board)
        self.selection = sorted(cell for cell in cells if cell in board)
        self.canvas.set_preview(self.selection)
        if self.selection:
            self.report(f"Selected {plural(len(self.selection), 'board cell')}", False)

    def select_all(self) -> None:
        self.tools.select(SELECT)
        self.select(self.document.puzzle.board)

    def copy(self) -> bool:
        if not self.selection:
            self.report("Select board cells first: drag with the Select tool, or Ctrl+A", True)
            return False
        QGuiApplication.clipboard().setMimeData(cells_mime(self.kind, self.selection))
        self.report(f"Copied {plural(len(self.selection), 'board cell')}", False)
        return True

    def remove(self, verb: str) -> None:
        cells = set(self.selection)
        if cells and self.document.edit(f"{verb} {plural(len(cells), 'board cell')}",
                                        without_cells(cells)):
            self.select([])

    def cut(self) -> None:
        if self.copy():
            self.remove("Cut")

    # --- pasting: a stamp that follows the mouse -------------------------------------------
    def paste(self) -> None:
        try:
            kind, cells = read_cells(QGuiApplication.clipboard().mimeData())
            problem = kind_problem(kind, self.kind)
        except PuzzleError as error:
            problem = str(error)
        if problem:
            self.report(f"Paste: {problem}", True)
            return
        self.stamp, self.stamp_at = cells, cells
        self.canvas.setFocus()
        self._follow(self.canvas.hovered)
        self.report(f"Pasting {plural(len(cells), 'board cell')}: click where they go (Enter: "
                    "here; Esc: not at all)", False)

    def _follow(self, cell: Cell | None) -> None:
        if self.stamp is None:
            return
        if cell is not None:
            moved = translated_onto(self.kind, self.stamp, top_left(self.kind, self.stamp), cell)
            self.stamp_at = moved or self.stamp_at
        self.canvas.set_preview(self.stamp_at)

    def press(self, cell: Cell) -> bool:
        """A click while pasting drops the stamp (True: the click is used)."""
        if self.stamp is None:
            return False
        self._follow(cell)
        self.drop()
        return True

    def drop(self) -> None:
        cells, self.stamp = self.stamp_at, None

        def edit(puzzle: Puzzle) -> Puzzle:
            board = set(puzzle.board)
            return with_board(puzzle, puzzle.board + tuple(c for c in cells if c not in board))
        self.document.edit(f"Paste {plural(len(cells), 'board cell')}", edit)
        self.tools.select(SELECT)
        self.select(cells)

    def cancel(self) -> None:
        self.stamp = None
        self.canvas.set_preview(self.selection)

    # --- commands and keys ---------------------------------------------------------------
    def edit_command(self, command: str) -> bool:
        {"cut": self.cut, "copy": self.copy, "paste": self.paste,
         "select_all": self.select_all}[command]()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        key = event.key()
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.selection:
            self.remove("Delete")
        elif key == Qt.Key.Key_Escape and (self.stamp is not None or self.selection):
            self.cancel() if self.stamp is not None else self.select([])
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.stamp is not None:
            self.drop()
        elif key in ARROWS and not event.modifiers() & ~KEYPAD:
            self.move_piece(ARROWS[Qt.Key(key)])
        else:
            return False
        return True
