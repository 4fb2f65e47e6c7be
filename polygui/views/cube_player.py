"""The disassembly player of the cube view: its controls under the 3D view, the move list
beside it, a line on the analysis, and the layers following the moves.

The analysis itself runs elsewhere (solving.taking_apart, in a thread of its own): it says
`analysing()`, then `show(disassembly)` or `failed(message)`. A new puzzle or another
solution clears the player (`clear`). The pieces move through `CubeView.set_copy_offsets`.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from solvers import Puzzle
from solvers.disassembly.moves import Disassembly
from solvers.disassembly.verdicts import STATUS_WORDS

from .cells import CellIndex
from .disassembly_frames import PlayerFrames
from .disassembly_player import MoveList, PlayerControls, title_of

WAITING = "Solve, then show a solution: how it comes apart plays here."
ANALYSING = "Working out how this assembly comes apart…"
LOCKED_STYLE = "color: #9a3412;"


class PlayerView(Protocol):
    """What the player asks of the cube view."""

    def cell_index(self) -> tuple[CellIndex | None, np.ndarray]: ...
    def set_copy_offsets(self, offsets: np.ndarray | None) -> None: ...
    def frame_box(self, low: np.ndarray, high: np.ndarray) -> None: ...


class CubePlayer(QObject):
    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        self.view = view
        self.controls = PlayerControls()
        self.move_list = MoveList()
        self.note = QLabel(WAITING)
        self.note.setWordWrap(True)
        self.layers_note = QLabel()
        self.layers_note.setWordWrap(True)
        self.disassembly: Disassembly | None = None
        self.title = ""  # what the move list is of ("Solution 3")
        self.frames: PlayerFrames | None = None
        self._layers_frame = 0  # the move the layers show the pieces after
        self._panes: list[QWidget] = [self.controls, self.note, self.move_list, self.layers_note]
        self.controls.position_changed.connect(self._on_position)
        self.set_puzzle(None)

    def under(self, gl_container: QWidget) -> QWidget:
        """The 3D view with the line on the analysis and the controls under it."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(gl_container, 1)
        column.addWidget(self.note)
        column.addWidget(self.controls)
        return box

    def beside(self, layers: QWidget) -> QWidget:
        """The layers, with a line saying which move they show, and the move list at
        their right."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.layers_note)
        column.addWidget(layers, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.addWidget(box)
        split.addWidget(self.move_list)
        split.setStretchFactor(0, 1)
        split.setSizes([560, 260])
        return split

    # --- what it plays ----------------------------------------------------------------
    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        """The player shows for puzzles whose assemblies must come apart."""
        for pane in self._panes:
            pane.setVisible(bool(puzzle is not None and puzzle.disassembly))
        self.clear()

    def clear(self) -> None:
        """Nothing to play (yet): the pieces back in place."""
        had_frames = self.frames is not None
        self.disassembly, self.frames, self.title = None, None, ""
        self._layers_frame = 0
        self.controls.set_moves(0)
        self.move_list.set_text("")
        self._say(WAITING)
        self.layers_note.clear()
        if had_frames:
            self.view.set_copy_offsets(None)
            self.view.refresh_layers()

    def analysing(self) -> None:
        self.clear()
        self._say(ANALYSING)

    def failed(self, message: str) -> None:
        self.explain(f"Cannot take it apart: {message}")

    def explain(self, text: str) -> None:
        """Nothing to play, and why."""
        self.clear()
        self._say(text, LOCKED_STYLE)

    def show(self, disassembly: Disassembly, title: str = "") -> None:
        """Play `disassembly`, of the solution shown, from the assembled state."""
        self.clear()
        self.disassembly, self.title = disassembly, title
        self.move_list.set_text(disassembly.text(title))
        self.move_list.title.setText(f"<b>{title_of(disassembly)}</b>")
        if not disassembly.comes_apart:
            what = STATUS_WORDS.get(disassembly.status, "")
            locked = ", ".join(disassembly.names[p] for p in disassembly.locked)
            self._say(f"This assembly {what}" + (f": {locked} stay locked." if locked else "."),
                      LOCKED_STYLE)
            return
        index, labels = self.view.cell_index()
        self.frames = PlayerFrames.build(disassembly, index, labels)
        self._say("")
        self.controls.set_moves(self.frames.last)
        self._on_position(0.0)

    def _say(self, text: str, style: str = "") -> None:
        self.note.setText(text)
        self.note.setStyleSheet(style)

    # --- the pieces and the layers ----------------------------------------------------
    def _on_position(self, position: float) -> None:
        if self.frames is None:
            return
        labels = int(self.view.cell_index()[1].max(initial=-1)) + 1
        self.move_list.highlight(self.frames.move_at(position))
        self.view.set_copy_offsets(self.frames.label_offsets(position, labels))
        self.view.frame_box(*self.frames.extent_at(position))
        if int(position) != self._layers_frame or position == 0:  # a move done or undone
            self._layers_frame = int(position)
            self.view.refresh_layers()

    def layer_labels(self, labels: np.ndarray) -> np.ndarray:
        """What the layers show: the pieces where the last move done left them (those out of
        the box left out), with `labels` hiding what the legend hides."""
        if self.frames is None:
            return labels
        frame = self._layers_frame
        index, placed = self.view.cell_index()
        moved, outside = self.frames.layer_labels(frame, index, len(placed))
        hidden = np.setdiff1d(placed[placed >= 0], labels[labels >= 0])
        moved[np.isin(moved, hidden)] = -1
        names = ", ".join(self.disassembly.names[copy] for copy in outside)
        self.layers_note.setText(
            "The layers show the pieces assembled." if frame == 0 else
            f"The layers show the pieces after move {frame}"
            + (f"; out of the box, not shown: {names}." if names else "."))
        return moved
