"""Painting tools of the board editor's canvas: the pencil (click or drag, cell by cell), the
rectangle (drag from corner to corner) and the fill (click: the whole connected area of
positions like the one clicked, as a paint bucket).

The press decides, as with the pencil, whether the tool adds cells (it started off the
board, or off the painted piece) or removes them. A rectangle or a fill is one edit, one undo
step; the rectangle being dragged is outlined on the canvas before it is applied.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QToolButton

from solvers import GridKind
from solvers.puzzle.grids import Cell, neighbours_of

from .board_canvas import CellCanvas, area_cells
from .canvas_area import offsets_of
from .optional_cells import OPTIONAL_HINT, OPTIONAL_TIP
from .paint_tool import PAINT_HINT, PAINT_TIP

PENCIL, RECTANGLE, FILL, OPTIONAL, PAINT = "pencil", "rectangle", "fill", "optional", "paint"
SELECT = "select"
TOOLS = ((PENCIL, "Pencil", "Click or drag to add cells; start on a cell to remove instead"),
         (RECTANGLE, "Rectangle", "Drag from corner to corner: every position in between"),
         (FILL, "Fill", "Click: the whole connected area of positions like the one clicked"),
         (OPTIONAL, "Optional", OPTIONAL_TIP),
         (PAINT, "Paint", PAINT_TIP),
         (SELECT, "Select", "Drag a rectangle to select board cells (Ctrl+A: all of them) to "
                            "cut, copy or delete"))


def offset_of(kind: GridKind, cell: Cell) -> tuple[int, int]:
    """(row, column) of a cell on the rectangular canvas."""
    row, col = offsets_of(kind, [cell])[0]
    return int(row), int(col)


def rectangle_between(kind: GridKind, first: Cell, last: Cell) -> list[Cell]:
    """Every position in the rectangle of canvas rows and columns with these two corners."""
    (row_a, col_a), (row_b, col_b) = offset_of(kind, first), offset_of(kind, last)
    return area_cells(kind, range(min(row_a, row_b), max(row_a, row_b) + 1),
                      range(min(col_a, col_b), max(col_a, col_b) + 1))


def connected_area(kind: GridKind, positions: Iterable[Cell], start: Cell,
                   inside: Callable[[Cell], bool]) -> set[Cell]:
    """The positions connected to `start` (through neighbours) that are `inside` exactly when
    `start` is, among `positions`."""
    allowed = set(positions)
    wanted = inside(start)
    found, queue = {start}, deque([start])
    while queue:
        cell = queue.popleft()
        for near in neighbours_of(kind, cell):
            if near in allowed and near not in found and inside(near) == wanted:
                found.add(near)
                queue.append(near)
    return found


HINTS = {  # what each tool does, for the canvas's hint line ({} is "board" or the piece)
    PENCIL: "Click or drag on the grid to add {} cells; start on one to remove cells instead.",
    RECTANGLE: "Drag from corner to corner to add every position in between to the {}; start "
               "on one of its cells to remove them instead.",
    FILL: "Click a free position to add its whole enclosed area to the {}; click one of its "
          "cells to remove the cells connected to it.",
    OPTIONAL: OPTIONAL_HINT,
    PAINT: PAINT_HINT,
    SELECT: "Drag a rectangle to select board cells, or Ctrl+A for all. Ctrl+C copies them, "
            "Ctrl+X cuts, Delete removes; Ctrl+V pastes: click where they go (Esc: not).",
}


class CanvasTools(QObject):
    """The tool buttons, and the rectangle or fill on `canvas` once a press starts one.

    `has(cell)` says whether the target (board, or painted piece) has a cell; `apply(cells,
    adding, what)` makes the one edit ("what": "a rectangle of", "an area of"). `changed` is
    emitted when another tool is chosen."""

    changed = Signal()
    selected = Signal(object)  # the positions a Select rectangle covers

    def __init__(self, canvas: CellCanvas, kind: GridKind, positions: Callable[[], list[Cell]],
                 has: Callable[[Cell], bool],
                 apply: Callable[[set[Cell], bool, str], None]) -> None:
        super().__init__(canvas)
        self.canvas, self.kind = canvas, kind
        self.positions, self.has, self.apply = positions, has, apply
        self.buttons: dict[str, QToolButton] = {}
        self.group = QButtonGroup(self)
        for name, text, tip in TOOLS:
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.setCheckable(True)
            button.setAutoRaise(True)
            self.group.addButton(button)
            self.buttons[name] = button
        self.buttons[PENCIL].setChecked(True)
        self.group.buttonToggled.connect(lambda _button, checked: checked and self.changed.emit())
        self._corner: Cell | None = None  # where a rectangle drag started
        self._adding = True

    def row(self) -> QHBoxLayout:
        layout = QHBoxLayout()
        layout.addWidget(QLabel("Tool:"))
        for button in self.buttons.values():
            layout.addWidget(button)
        return layout

    @property
    def tool(self) -> str:
        return next(name for name, button in self.buttons.items() if button.isChecked())

    def select(self, tool: str) -> None:
        self.buttons[tool].setChecked(True)

    def hint(self, target: str) -> str:
        return HINTS[self.tool].format(target)

    # --- a press, drag and release on the canvas --------------------------------------------
    def press(self, cell: Cell) -> None:
        """The start of a rectangle, or a fill (done at once)."""
        self._adding = not self.has(cell)
        if self.tool == FILL:
            area = connected_area(self.kind, self.positions(), cell, self.has)
            self.apply(area, self._adding, "an area of")
        elif self.tool in (RECTANGLE, SELECT):
            self._corner = cell
            self.canvas.set_preview([cell])

    def drag(self, cell: Cell) -> None:
        if self._corner is not None:
            self.canvas.set_preview(self._rectangle(cell))

    def release(self) -> None:
        if self._corner is not None:
            cells = set(self.canvas.preview)
            self._corner = None
            self.canvas.set_preview([])
            if self.tool == SELECT:
                self.selected.emit(cells)
            else:
                self.apply(cells, self._adding, "a rectangle of")

    def _rectangle(self, cell: Cell) -> list[Cell]:
        offered = set(self.positions())
        return [c for c in rectangle_between(self.kind, self._corner, cell) if c in offered]
