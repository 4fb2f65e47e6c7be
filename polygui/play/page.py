"""Play mode's page: Hint, Take back, Restart, the clock and what is going on, over the canvas
(the board and the tray). It keeps the game: the placements (with their own undo history),
the background check that they are still in a solution, the hints used and the clock."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from solvers import GridKind, Puzzle
from solvers.play.check import is_solved

from ..models.status import plural
from .canvas import PlayCanvas
from .cube_canvas import CubePlayCanvas
from .checking import CHECKING, UNSOLVABLE, Solvability
from .clock import PlayClock
from .model import PlayModel

HINT_SHOWN_MS = 1500  # how long a hinted piece stays highlighted
IN_NO_SOLUTION = "These pieces are in no solution"
HELP = ("Drag pieces from the tray onto the board. R or the wheel turns the piece dragged or "
        "pointed at (Shift+R back), F flips it; right-click or Delete takes a piece back.")


class PlayPage(QWidget):
    def __init__(self, puzzle: Puzzle, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.puzzle: Puzzle | None = None
        self.model = PlayModel(puzzle, self)
        self.canvas: PlayCanvas | CubePlayCanvas | None = None  # made for the puzzle's grid
        self.checker = Solvability(self)
        self.clock = PlayClock(self)
        self.active = False
        self.solved = False
        self._hint_waiting = False
        self._note = ""  # a passing message (cannot turn there, the puzzle changed)
        self.hint_button = QPushButton("Hint")
        self.hint_button.setToolTip("Place one more piece of a solution that holds the pieces "
                                    "placed (H)")
        self.hint_button.setShortcut("H")
        self.take_back_button = QPushButton("Take back last piece")
        self.restart_button = QPushButton("Restart")
        self.restart_button.setToolTip("Take every piece back and start the clock again")
        self.clock_label = QLabel("0:00")
        self.clock_label.setToolTip("Time played (it stops while Play mode is not shown)")
        self.status = QLabel(HELP)
        self.status.setWordWrap(True)
        self._lay_out()
        self.hint_button.clicked.connect(self.hint)
        self.take_back_button.clicked.connect(self.take_back_last)
        self.restart_button.clicked.connect(self.restart)
        self.clock.ticked.connect(self.clock_label.setText)
        self.model.changed.connect(self._placed_changed)
        self.model.moved.connect(self._moved)
        self.model.clock_set.connect(self._clock_set)
        self.checker.changed.connect(self._checked)
        self._flash = QTimer(self, singleShot=True, interval=HINT_SHOWN_MS)
        self._flash.timeout.connect(self._end_flash)
        self.set_puzzle(puzzle)

    def _lay_out(self) -> None:
        bar = QHBoxLayout()
        bar.setContentsMargins(8, 6, 8, 6)
        for button in (self.hint_button, self.take_back_button, self.restart_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the canvas
            bar.addWidget(button)
        self.take_back_button.hide()
        bar.addSpacing(12)
        bar.addWidget(self.clock_label)
        bar.addSpacing(12)
        bar.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)

    def _use_canvas(self, kind: GridKind) -> None:
        """The canvas for `kind`: the flat one, or the layer grid and 3D view of a box."""
        wanted = PlayCanvas if kind.grid.flat else CubePlayCanvas  # cubes, balls: in space
        if type(self.canvas) is wanted:
            return
        if self.canvas is not None:
            self.model.changed.disconnect(self.canvas._placed_changed)
            self.canvas.setParent(None)
            shiboken6.delete(self.canvas)  # now: a parentless 3D view left for later crashed
            # the interpreter's exit when no event loop ran after it
        self.canvas = wanted(self.model)
        self.canvas.message.connect(self._say)
        self.layout().addWidget(self.canvas, 1)
        self.canvas.show()  # now, not at the next turn of the event loop

    # --- the puzzle and the mode --------------------------------------------------------
    def set_puzzle(self, puzzle: Puzzle) -> None:
        """Play `puzzle`; a game of another puzzle under way starts over, saying so."""
        if puzzle == self.puzzle:
            return
        had_play = self.puzzle is not None and (bool(self.model.placed) or self.clock.started)
        self.puzzle = puzzle
        self.solved, self._hint_waiting = False, False
        self.clock.reset()
        self.checker.reset(puzzle)
        self._use_canvas(puzzle.kind)
        self.model.reset(puzzle)
        self.canvas.set_puzzle(puzzle)
        self._say("The puzzle changed: the play started over." if had_play else "")

    def set_active(self, active: bool) -> None:
        """Play mode shown or left: the clock runs only while it shows."""
        self.active = active
        self.clock.follow_mode(active, self.solved)
        if active:
            self.canvas.setFocus()

    def shutdown(self) -> None:
        self.checker.shutdown()

    # --- moves --------------------------------------------------------------------------
    @property
    def hints(self) -> int:
        return self.model.hints

    def restart(self) -> None:
        """Every piece back to the tray and the clock to zero (one step: Undo gives both
        back)."""
        if self.model.placed:
            self.model.restart(self.clock.seconds())
        else:
            self.clock.reset()
        self._refresh()

    def _clock_set(self, seconds: float) -> None:
        """A Restart (0: the clock starts over at the next move), or its undo: the time
        played before it, running on while Play shows."""
        if not seconds:
            self.clock.reset()
            return
        self.clock.set_seconds(seconds)
        if self.active:
            self.clock.start()

    def take_back_last(self) -> None:
        if self.model.placed:
            self.model.take_back(len(self.model.placed) - 1)

    def hint(self) -> None:
        """Place one more piece of a solution holding the pieces placed; say so when they
        are in none (and offer to take the last one back)."""
        if self.solved or self.puzzle is None:
            return
        placed = set(self.model.placed)
        if self.checker.state == UNSOLVABLE:
            self._say(f"No hint: {IN_NO_SOLUTION.lower()}. Take the last one back?")
            return
        solution = self.checker.solution
        if self.checker.state == CHECKING or solution is None or not placed <= set(solution):
            self._hint_waiting = True
            self._say("Looking for a hint…")
            return
        pinned = {(piece, cells) for piece, cells in _pins(self.puzzle)}
        for placement in solution:
            if placement not in placed and placement not in pinned:
                self.model.place(placement, "Hint:", hint=True)
                self.canvas.hinted = {placement}
                self._flash.start()
                self.canvas.show_marks()
                return

    def _moved(self) -> None:
        if self.active and not self.clock.running and not self.solved:
            self.clock.start()

    def _placed_changed(self) -> None:
        placed = self.model.placed
        self.canvas.hinted &= set(placed)
        self.solved = bool(placed) and is_solved(self.puzzle, placed)
        if self.solved:
            self.clock.pause()
        elif self.active and self.clock.started:
            self.clock.start()  # an undo after solving: the clock goes on
        self._note = ""
        self.checker.check(placed)

    def _checked(self) -> None:
        self.canvas.marked = self.checker.marked
        self.canvas.show_marks()
        if self._hint_waiting and self.checker.state != CHECKING:
            self._hint_waiting = False
            self.hint()
        self._refresh()

    def _end_flash(self) -> None:
        self.canvas.hinted = set()
        self.canvas.show_marks()

    def _say(self, note: str) -> None:
        self._note = note
        self._refresh()

    def _refresh(self) -> None:
        unsolvable = self.checker.state == UNSOLVABLE and not self.solved
        self.take_back_button.setVisible(unsolvable and bool(self.model.placed))
        self.hint_button.setEnabled(not self.solved)
        if self.solved:
            text = (f"Solved! in {self.clock.text()} with "
                    f"{plural(self.hints, 'hint') if self.hints else 'no hints'}")
        elif unsolvable and not self._note:
            text = IN_NO_SOLUTION
        else:
            text = self._note or getattr(self.canvas, "HELP", HELP)
        self.status.setText(text)
        self.status.setStyleSheet("color: #b01e1e;" if unsolvable else "")

    def status_text(self) -> str:
        return self.status.text()


def _pins(puzzle: Puzzle):
    names = {piece.name: index for index, piece in enumerate(puzzle.pieces)}
    return [(names[pin.piece], tuple(sorted(pin.cells))) for pin in puzzle.pins]
