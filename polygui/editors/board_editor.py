"""The designer of flat puzzles (hex boards in the meteor layout, square and triangle boards): the board
on a large canvas, the pieces in a side panel with a small canvas for the selected piece.
The large canvas paints either board cells or the selected piece over the board (piece
cells are then in board coordinates, as the meteor text draws them).

The canvas area (how many grid positions are offered) belongs to the editor, not to the
puzzle; it only grows by itself, to show every board cell after an undo or an import.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (QGroupBox, QHBoxLayout, QLabel, QPushButton, QRadioButton,
                               QSpinBox, QSplitter, QTabWidget, QVBoxLayout, QWidget)

from solvers import GridKind, Puzzle
from solvers.puzzle.grids import Cell

from ..models import PuzzleDocument
from ..models.status import plural
from ..views.colours import piece_colour
from ..views.messages import MessageLabel
from ..views.piece_tray import PieceTray
from .board_canvas import CellCanvas
from .board_stroke import Stroke
from .board_strokes import BoardStrokes
from .board_tools import OPTIONAL, PAINT, CanvasTools
from .colour_panel import ColourPanel
from .canvas_area import bounding_area, rectangle_cells, union_area
from .optional_cells import board_fills
from .meteor_text import MeteorCopy, ask_meteor_text, import_meteor
from .board_cells import BoardCells
from .piece_list import PieceList
from .piece_shapes import ArrowKeys, PieceShapes
from .paint_tool import PaintTarget, canvas_paint
from .pin_tool import PinTool, pin_at

BOARD_COLOUR = QColor("#ddd3bf")  # a neutral sand, unlike every palette colour
PIECE_AREA = 5  # the piece canvas offers at least this many rows and columns
MAX_SIDE = 60
COPY_TEXT = "Copy as meteor text"


class BoardEditor(BoardStrokes, QWidget):
    """Click or drag on the board to add or remove cells (the press decides which); select a
    piece in the list and paint it on the piece canvas; grow or shrink the canvas area."""

    meteor_copied = Signal(object)  # the text put on the clipboard, or None when none was

    def __init__(self, document: PuzzleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        kind = document.puzzle.kind
        if not (kind.has_grid and kind.grid.flat):
            raise ValueError(f"the board editor edits puzzles of flat grids, not {kind.value}")
        self.document, self.kind = document, kind
        self.ask_text = ask_meteor_text  # tests put a stand-in here
        self.area = (bounding_area(kind, document.puzzle.board, margin=1)
                     or kind.grid.canvas_area)
        self._stroke: Stroke | None = None
        self.canvas = CellCanvas(kind)
        self.piece_canvas = CellCanvas(kind)
        for canvas in (self.canvas, self.piece_canvas):
            canvas.setCursor(Qt.CursorShape.PointingHandCursor)
        self.piece_canvas.setMinimumSize(200, 170)
        self.piece_canvas.preferred_size = QSize(260, 220)
        self.pieces = PieceList(document)
        self.colours = ColourPanel(document, brush_inside=False)
        self.tray = PieceTray()
        self.summary = MessageLabel(lines=2)  # room kept: the board never moves for them
        self.message = MessageLabel(lines=2)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.piece_hint = QLabel()
        self.board_target = QRadioButton("Board cells")
        self.piece_target = QRadioButton("Selected piece")
        self.pin_target = QRadioButton("Pin pieces")
        self.pin_target.setToolTip("Fix a copy of the selected piece on the board (or drag a "
                                   "piece from the tray onto the board)")
        self.turn_button = QPushButton("Turn")
        self.turn_button.setToolTip("The next way the piece to pin may lie (R)")
        self.turn_button.setVisible(False)  # in Pin pieces mode only
        self.board_target.setChecked(True)
        self.piece_target.setToolTip("Paint the selected piece's cells over the board, as the "
                                     "meteor text draws pieces")
        self.canvas_hint = QLabel()
        self.canvas_hint.setWordWrap(True)
        self.piece_hint.setWordWrap(True)
        self.width_box, self.height_box = self._size_box("Columns"), self._size_box("Rows")
        self.grow_button = QPushButton("Grow all sides")
        self.grow_button.setToolTip("One more row or column of positions on every side")
        self.trim_button = QPushButton("Trim to board")
        self.trim_button.setToolTip("Keep one free row or column around the board")
        self.import_button = QPushButton("Import meteor text…")
        self.copy_button = QPushButton(COPY_TEXT)
        self.meteor_copy: MeteorCopy | None = None
        self.tools = CanvasTools(self.canvas, kind, self._area_cells,
                                 lambda cell: cell in self._target_cells(), self._apply_cells)
        self.pin_tool = PinTool(document, self.canvas, self.pieces.selected_piece,
                                self._report_pin, self)
        self.shapes = PieceShapes(document, self.pieces.selected_piece, self.pieces.select_piece,
                                  self)
        ArrowKeys(self.piece_canvas, self.shapes.move)
        self.cells = BoardCells(document, self.canvas, self.tools, self._report,
                                self._move_on_board)
        self.tray.draggable = True
        self.canvas.setAcceptDrops(True)
        self._layout()
        self._connect()
        self._show(document.puzzle)

    # --- construction --------------------------------------------------------------------
    def _size_box(self, what: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(1, MAX_SIDE)
        box.setToolTip(f"{what} of grid positions on the canvas")
        box.valueChanged.connect(self._resize_area)
        return box

    def _layout(self) -> None:
        toolbar = QHBoxLayout()
        toolbar.addWidget(QLabel("Canvas"))
        toolbar.addWidget(self.width_box)
        toolbar.addWidget(QLabel("×"))
        toolbar.addWidget(self.height_box)
        toolbar.addWidget(self.grow_button)
        toolbar.addWidget(self.trim_button)
        toolbar.addStretch(1)
        toolbar.addWidget(self.import_button)
        toolbar.addWidget(self.copy_button)
        board = QWidget()
        left = QVBoxLayout(board)
        left.addLayout(toolbar)
        target_row = QHBoxLayout()
        target_row.addWidget(QLabel("Paint here:"))
        target_row.addWidget(self.board_target)
        target_row.addWidget(self.piece_target)
        target_row.addWidget(self.pin_target)
        target_row.addStretch(1)
        left.addLayout(target_row)
        tools_row = QHBoxLayout()  # a row of its own: beside the targets, too wide for 1024
        tools_row.addLayout(self.tools.row())
        tools_row.addWidget(self.colours.brush_box)  # the Paint tool's colour, beside it
        tools_row.addStretch(1)
        left.addLayout(tools_row)
        hint_row = QHBoxLayout()  # Turn beside the hint: the row above must stay narrow
        hint_row.addWidget(self.canvas_hint, 1)
        hint_row.addWidget(self.turn_button)
        left.addLayout(hint_row)
        left.addWidget(self.canvas, 3)
        left.addWidget(self.message)
        left.addWidget(self.summary)
        left.addWidget(self.tray, 1)
        pieces_box = QGroupBox("Pieces")
        QVBoxLayout(pieces_box).addWidget(self.pieces)
        piece_box = QWidget()
        piece_layout = QVBoxLayout(piece_box)
        piece_layout.addWidget(self.piece_hint)
        piece_layout.addLayout(self.shapes.row())
        piece_layout.addWidget(self.piece_canvas, 1)
        side = QWidget()
        right = QVBoxLayout(side)
        right.addWidget(pieces_box, 3)
        self.side_tabs = QTabWidget()  # the selected piece, or the colour constraints
        self.side_tabs.addTab(piece_box, "Selected piece")
        self.colours.setTitle("")
        self.side_tabs.addTab(self.colours, "Colour constraints")
        right.addWidget(self.side_tabs, 2)
        splitter = QSplitter()
        splitter.addWidget(board)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 0)  # the side as wide as it asks (piece names whole)
        QHBoxLayout(self).addWidget(splitter)
        for button in (self.import_button, self.copy_button):  # a hex board's text format
            button.setVisible(self.kind is GridKind.HEX)

    def _connect(self) -> None:
        self.document.changed.connect(self._show)
        self.document.rejected.connect(self.show_problem)
        self.pieces.selection_changed.connect(self._on_selection)
        self.tray.piece_clicked.connect(self.pieces.select_piece)
        self.canvas.pressed.connect(self._start_canvas_stroke)
        self.piece_target.toggled.connect(lambda _: self._show_board(self.document.puzzle))
        self.pin_target.toggled.connect(self._pin_mode_toggled)
        self.turn_button.clicked.connect(self.pin_tool.turn)
        QShortcut(QKeySequence("R"), self, lambda: self.pin_tool.turn() if  # else the piece
                  self.pin_target.isChecked() else self.shapes.rotate(),
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.pieces.problem.connect(self.show_problem)
        self.pin_tool.changed.connect(lambda: self._show_board(self.document.puzzle))
        self.canvas.hover_changed.connect(self.pin_tool.show_ghost)
        self.canvas.piece_dropped.connect(self.drop_piece)
        self.tools.changed.connect(lambda: self._show_board(self.document.puzzle))
        self.piece_canvas.pressed.connect(self._start_piece_stroke)
        for canvas in (self.canvas, self.piece_canvas):
            canvas.dragged.connect(self._continue_stroke)
            canvas.released.connect(self._finish_stroke)
        self.grow_button.clicked.connect(self.grow_area)
        self.trim_button.clicked.connect(self.trim_area)
        self.import_button.clicked.connect(self.import_meteor_text)
        self.copy_button.clicked.connect(self.copy_meteor_text)

    # --- messages, Edit > Cut, Copy, Paste (board_cells, piece_clipboard) ------------------
    def edit_command(self, command: str) -> bool:
        if self.piece_canvas.hasFocus():
            return self.pieces.edit_command(command)
        return self.cells.edit_command(command)

    def _report(self, text: str, problem: bool) -> None:
        (self.show_problem if problem else self.show_info)(text)

    def _move_on_board(self, direction: str) -> bool:
        """The arrows on the board move the piece painted over it."""
        if self._painted_piece() is None:
            self.show_info("The arrows move the selected piece where it is painted over the "
                           "board (Paint here: Selected piece), or on its own canvas")
            return False
        return self.shapes.move(direction)

    def show_problem(self, text: str) -> None:
        self.message.setStyleSheet("color: #b00020; font-weight: bold")
        self.message.setText(text)

    def show_info(self, text: str) -> None:
        self.message.setStyleSheet("")
        self.message.setText(text)

    # --- showing the document ------------------------------------------------------------
    def _show(self, puzzle: Puzzle) -> None:
        if self.message.text() and self._stroke is None:
            self.show_info("")  # a successful change makes an earlier refusal old news
        self.area = union_area(self.area, bounding_area(self.kind, puzzle.board))
        self._show_board(puzzle)
        self._show_piece(puzzle)

    def _area_cells(self) -> list[Cell]:
        return rectangle_cells(self.kind, self.area)

    def _on_selection(self) -> None:
        if self._stroke is None:
            self.show_info("")  # a new choice makes an earlier refusal old news
        self._show_piece(self.document.puzzle)
        if self.piece_target.isChecked() or self.pin_target.isChecked():
            self._show_board(self.document.puzzle)  # the painted piece follows the selection

    def _show_board(self, puzzle: Puzzle) -> None:
        for box, value in ((self.width_box, self.area[3]), (self.height_box, self.area[2])):
            box.blockSignals(True)
            box.setMaximum(max(MAX_SIDE, value))
            box.setValue(value)
            box.blockSignals(False)
        self.colours.brush_box.setVisible(self.tools.tool == PAINT)
        fills = board_fills(puzzle, BOARD_COLOUR)
        number = {piece.name: i for i, piece in enumerate(puzzle.pieces)}
        fills.extend((pin.cells, piece_colour(puzzle, number[pin.piece])) for pin in puzzle.pins)
        index = self._painted_piece()
        if self.pin_target.isChecked():
            self.canvas_hint.setText(self.pin_tool.hint())
        elif index is None:
            self.canvas_hint.setText(self.tools.hint("board"))
        else:  # the piece over the board, where its cells are in board coordinates
            piece = puzzle.pieces[index]
            fills.append((piece.cells, piece_colour(puzzle, index)))
            self.canvas_hint.setText(f"Painting piece {piece.name} over the board. "
                                     + self.tools.hint(f"piece {piece.name}"))
        self.canvas.show_cells(self._area_cells(), fills, canvas_paint(puzzle, index))
        self._show_summary(puzzle)

    def _painted_piece(self) -> int | None:
        """The piece painted on the board canvas, or None when it edits the board."""
        index = self.pieces.selected_piece()
        if not self.piece_target.isChecked() or index is None or self.tools.tool == OPTIONAL:
            return None
        return index if index < len(self.document.puzzle.pieces) else None

    def _show_summary(self, puzzle: Puzzle) -> None:
        board, pieces = len(puzzle.board), puzzle.piece_cell_total
        text = f"Board: {plural(board, 'cell')}"
        if puzzle.optional:
            text += f" ({len(puzzle.optional)} optional)"
        fewest = puzzle.fewest_piece_cells
        text += (f" · pieces: {fewest}–{plural(pieces, 'cell')}" if fewest != pieces
                 else f" · pieces: {plural(pieces, 'cell')}")
        problems = puzzle.problems()
        ready = (" — a puzzle family: Solve counts every member" if puzzle.family is not None
                 else " — ready to solve")
        self.summary.setText(text + (f" — {'; '.join(problems)}" if problems else ready))
        self.summary.setStyleSheet("color: #8a5a00" if problems else "color: #2e7d32")

    def _show_piece(self, puzzle: Puzzle) -> None:
        index = self.pieces.selected_piece()
        self.tray.show_pieces(puzzle, index)
        if index is None or index >= len(puzzle.pieces):
            self.piece_canvas.show_cells([], [])
            self.shapes.set_enabled(False)
            self.piece_hint.setText("Select a piece to paint its cells here, or add one.")
            return
        piece = puzzle.pieces[index]
        margin = self.kind.grid.canvas_margin  # a triangle column is half a cell
        positions = rectangle_cells(self.kind, bounding_area(self.kind, piece.cells, margin,
                                                             PIECE_AREA))
        self.shapes.set_enabled(True)
        self.piece_canvas.show_cells(positions, [(piece.cells, piece_colour(puzzle, index))],
                                     PaintTarget(index).shown_paint(puzzle))
        self.piece_hint.setText(f"{piece.name}: {plural(piece.size, 'cell')}. Click or drag to add "
                                "cells; start on a cell of the piece to remove cells. R rotates, "
                                "F flips, the arrows move it, Ctrl+D duplicates it.")

    # --- the canvas area -----------------------------------------------------------------
    def _resize_area(self) -> None:
        row0, col0, _, _ = self.area
        wanted = (row0, col0, self.height_box.value(), self.width_box.value())
        board = self.document.puzzle.board
        inside = set(rectangle_cells(self.kind, wanted))
        cut = [cell for cell in board if cell not in inside]
        if cut:
            self.show_problem(f"The canvas cannot shrink to {wanted[3]} × {wanted[2]}: it "
                              f"would cut {len(cut)} board cell{'s' * (len(cut) != 1)}. "
                              "Remove them first.")
        else:
            self.area = wanted
            self.show_info("")
        self._show_board(self.document.puzzle)

    def grow_area(self) -> None:
        row0, col0, rows, cols = self.area
        self.area = (row0 - 1, col0 - 1, rows + 2, cols + 2)
        self._show_board(self.document.puzzle)

    def trim_area(self) -> None:
        self.area = (bounding_area(self.kind, self.document.puzzle.board, margin=1)
                     or self.kind.grid.canvas_area)
        self._show_board(self.document.puzzle)

    # --- pins ----------------------------------------------------------------------------
    def _pin_mode_toggled(self, on: bool) -> None:
        self.turn_button.setVisible(on)
        self.cells.select([])
        self.pin_tool.set_active(on)
        self._show_board(self.document.puzzle)

    def _report_pin(self, text: str) -> None:
        (self.show_problem if text else self.show_info)(text)

    def drop_piece(self, cell: Cell, index: int) -> None:
        """A piece dragged from the tray onto the board: pinned over `cell`."""
        if index >= len(self.document.puzzle.pieces):
            return
        self.pieces.select_piece(index)
        self.pin_target.setChecked(True)
        if pin_at(self.document.puzzle, cell) is not None:
            self.show_problem("A pinned piece is already there: click it to unpin it first")
        else:
            self.pin_tool.press(cell)

    # --- meteor text ---------------------------------------------------------------------
    def import_meteor_text(self) -> None:
        text = self.ask_text(QGuiApplication.clipboard().text(), self)
        if text is None:
            return
        problem = import_meteor(self.document, text)
        if problem:
            self.show_problem(problem)
        else:
            self.show_info("Imported the meteor text")

    def copy_meteor_text(self) -> None:
        """Start looking for an arrangement to copy (in the solver's thread); a second click
        while it looks stops it."""
        if self.meteor_copy is not None and self.meteor_copy.is_running():
            self.meteor_copy.cancel()
            return
        self.meteor_copy = MeteorCopy(self.document.puzzle, self)
        self.meteor_copy.done.connect(self._meteor_copy_done)
        self.copy_button.setText("Stop copying")
        self.show_info("Looking for an arrangement of the pieces to copy…")
        self.meteor_copy.start()

    def _meteor_copy_done(self, text: str | None, message: str) -> None:
        self.copy_button.setText(COPY_TEXT)
        (self.show_info if text is not None else self.show_problem)(message)
        self.meteor_copied.emit(text)
