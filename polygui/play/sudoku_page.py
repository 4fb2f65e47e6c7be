"""Play mode's page for a Sudoku: enter digits and pencil marks, Check (wrong digits in red),
Hint (the next logical step named, its cells and candidates highlighted, its eliminations
crossed out; a second press applies it), automatic candidates on or off, Restart, the clock,
and Solve step by step beside the grid.

The puzzle's solution and its logical path are worked out once, in the background, when the
puzzle is set; each hint is one logical step on the player's board, in the background too
("thinking…")."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout,
                               QWidget)

from solvers import Puzzle
from solvers.logic import Board, Step
from solvers.logic.solver import apply
from solvers.logic.steps import cell_name
from solvers.puzzle.model import SudokuGrid

from ..models.status import plural
from ..solving.latest_job import LatestJob
from ..solving.sudoku_jobs import SudokuFacts, hint_step, sudoku_facts
from .clock import PlayClock
from .sudoku_canvas import Highlight, SudokuPlayCanvas
from .sudoku_model import SudokuPlayModel, SudokuState, auto_candidates, hint_board
from .sudoku_steps import SudokuStepsPanel

HELP = ("Click a cell and type a digit. Pencil (P) or Shift+digit toggles a mark; Delete "
        "clears. Hint names the next step, a second Hint applies it.")
THINKING = "Hint: thinking…"


def step_highlight(step: Step, grid: SudokuGrid, wrong=frozenset()) -> Highlight:
    """A step's pattern, proof and effects, and the cells of the houses it names."""
    houses = {house.name: house.cells for house in Board.from_grid(grid).layout.houses}
    cells = frozenset(cell for name in step.houses for cell in houses.get(name, ()))
    return Highlight(frozenset(step.cells) | {cell for cell, _ in step.placements},
                     frozenset(step.candidates), frozenset(step.eliminations),
                     frozenset(step.placements), frozenset(wrong), cells)


class SudokuPlayPage(QWidget):
    def __init__(self, puzzle: Puzzle, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.puzzle: Puzzle | None = None
        self.model = SudokuPlayModel(puzzle.sudoku, self)
        self.canvas = SudokuPlayCanvas()
        self.clock = PlayClock(self)
        self.facts: SudokuFacts | None = None
        self.facts_job = LatestJob("polygui-sudoku-facts", self)
        self.hint_job = LatestJob("polygui-sudoku-hint", self)
        self.refusal = ""  # why Check and Hint cannot work (no single solution)
        self.hint: Step | None = None  # shown, applied by the next Hint
        self._hint_for: SudokuState | None = None  # the state the hint (or its search) is of
        self._hint_waiting = False  # Hint pressed before the solution was known
        self.moment: int | None = None  # the step whose moment the grid shows
        self.wrong: frozenset[int] = frozenset()  # found by Check (or a hint)
        self.hints = 0
        self.solved = False
        self.active = False
        self._note = ""
        self._make_widgets()
        self._lay_out()
        self._connect()
        self.set_puzzle(puzzle)

    def _make_widgets(self) -> None:
        self.hint_button = QPushButton("Hint")
        self.hint_button.setToolTip("Name the next logical step and show its cells (H); "
                                    "press again to apply it")
        self.hint_button.setShortcut("H")
        self.check_button = QPushButton("Check")
        self.check_button.setToolTip("Mark the digits that are wrong in red (C)")
        self.check_button.setShortcut("C")
        self.pencil_button = QPushButton("Pencil")
        self.pencil_button.setCheckable(True)
        self.pencil_button.setToolTip("Digits typed toggle pencil marks (P; Shift+digit "
                                      "always does)")
        self.auto_box = QCheckBox("Candidates")
        self.auto_box.setToolTip("Show every cell's candidates (the digits its row, column and "
                                 "box leave), instead of your own pencil marks")
        self.restart_button = QPushButton("Restart")
        self.restart_button.setToolTip("Back to the givens, and the clock to zero")
        self.steps_button = QPushButton("Steps")
        self.steps_button.setCheckable(True)
        self.steps_button.setToolTip("Solve step by step: the logical steps from the givens")
        self.clock_label = QLabel("0:00")
        self.clock_label.setToolTip("Time played (it stops while Play mode is not shown)")
        self.status = QLabel(HELP)
        self.status.setWordWrap(True)
        self.steps_panel = SudokuStepsPanel()
        self.steps_panel.hide()

    def _lay_out(self) -> None:
        bar = QHBoxLayout()
        bar.setContentsMargins(8, 6, 8, 6)
        for widget in (self.hint_button, self.check_button, self.pencil_button, self.auto_box,
                       self.restart_button, self.steps_button):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the grid
            bar.addWidget(widget)
        bar.addSpacing(12)
        bar.addWidget(self.clock_label)
        bar.addSpacing(12)
        bar.addWidget(self.status, 1)
        body = QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.canvas, 1)
        body.addWidget(self.steps_panel)
        self.steps_panel.setFixedWidth(320)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addLayout(body, 1)

    def _connect(self) -> None:
        self.hint_button.clicked.connect(self.press_hint)
        self.check_button.clicked.connect(self.check)
        self.pencil_button.toggled.connect(self._pencil_changed)
        self.auto_box.toggled.connect(lambda _on: self._refresh())
        self.restart_button.clicked.connect(self.restart)
        self.steps_button.toggled.connect(self._steps_shown)
        self.canvas.entered.connect(self.model.enter)
        self.canvas.pencilled.connect(
            lambda cell, digit: self.model.toggle_mark(cell, digit, self.auto_box.isChecked()))
        self.canvas.pencil_toggled.connect(self.pencil_button.toggle)
        self.canvas.refused.connect(self._say)
        self.clock.ticked.connect(self.clock_label.setText)
        self.model.changed.connect(self._state_changed)
        self.model.moved.connect(self._moved)
        self.facts_job.succeeded.connect(self._facts_found)
        self.facts_job.refused.connect(self._facts_refused)
        self.facts_job.failed.connect(self._facts_refused)
        self.hint_job.succeeded.connect(self._hint_found)
        self.hint_job.refused.connect(self._hint_failed)
        self.hint_job.failed.connect(self._hint_failed)
        self.steps_panel.step_chosen.connect(self.show_moment)
        self.steps_panel.back.connect(self.back_to_game)

    # --- the puzzle and the mode --------------------------------------------------------
    def set_puzzle(self, puzzle: Puzzle) -> None:
        """Play `puzzle` (a Sudoku); a game of another puzzle under way starts over."""
        if puzzle == self.puzzle:
            return
        had_play = self.puzzle is not None and (self.model.stack.count() > 0
                                                or self.clock.started)
        self.puzzle = puzzle
        self.facts, self.refusal, self.hints, self.solved = None, "", 0, False
        self._forget_hint()
        self.moment, self.wrong = None, frozenset()
        self.clock.reset()
        self.canvas.set_puzzle(puzzle)
        self.steps_panel.show_working()
        self.steps_panel.show_moment(False)
        self.facts_job.run(partial(sudoku_facts, puzzle.sudoku))
        self._note = "The puzzle changed: the play started over." if had_play else ""
        self.model.reset(puzzle.sudoku)

    def set_active(self, active: bool) -> None:
        """Play mode shown or left: the clock runs only while it shows."""
        self.active = active
        self.clock.follow_mode(active, self.solved)
        if active:
            self.canvas.setFocus()

    def shutdown(self) -> None:
        self.facts_job.shutdown()
        self.hint_job.shutdown()

    # --- the player's moves -------------------------------------------------------------
    def restart(self) -> None:
        self.model.restart()
        self.hints, self.solved = 0, False
        self.clock.reset()
        self._refresh()

    def check(self) -> None:
        """Mark the digits entered that the solution does not have there."""
        if self.facts is None:
            self._say(f"Check needs the solution: {self.refusal or 'still working it out…'}")
            return
        self.wrong = self._wrong_cells()
        self._say(f"Check: {plural(len(self.wrong), 'wrong digit')}, in red." if self.wrong
                  else "Check: no mistakes so far.")

    def press_hint(self) -> None:
        """Show the next step; pressed again on the same grid, apply it."""
        if self.solved or self.puzzle is None:
            return
        self.back_to_game()
        state = self.model.state
        if self.hint is not None and self._hint_for == state:
            step, self.hint = self.hint, None
            self.hints += 1
            self.model.apply_step(step)
            return
        if self.facts is None:
            self._hint_waiting = not self.refusal
            self._say(THINKING if not self.refusal else f"No hint: {self.refusal}")
            return
        wrong = self._wrong_cells()
        if wrong:
            self.wrong = wrong
            cells = ", ".join(cell_name(self.facts.grid.n, cell) for cell in sorted(wrong))
            self._say(f"Hint: {cells} {'is' if len(wrong) == 1 else 'are'} wrong (in red): "
                      f"take {'it' if len(wrong) == 1 else 'them'} back first.")
            return
        self._forget_hint()
        self._hint_for = state
        self.hint_job.run(partial(hint_step, hint_board(self.facts.grid, state,
                                                        self.facts.solution)))
        self._say(THINKING)

    def _wrong_cells(self) -> frozenset[int]:
        solution, values = self.facts.solution, self.model.state.values
        return frozenset(cell for cell, value in enumerate(values)
                         if value and value != solution[cell])

    def _forget_hint(self) -> None:
        self.hint, self._hint_for = None, None
        self.hint_job.cancel()

    def _pencil_changed(self, on: bool) -> None:
        self.canvas.pencil = on

    def _moved(self) -> None:
        if self.active and not self.clock.running and not self.solved:
            self.clock.start()

    def _state_changed(self) -> None:
        state = self.model.state
        if self._hint_for is not None and self._hint_for != state:
            self._forget_hint()
            self._note = ""
        self.wrong = frozenset(cell for cell in self.wrong if state.values[cell])
        self.solved = self.facts is not None and state.values == self.facts.solution
        if self.solved:
            self.clock.pause()
        elif self.active and self.clock.started:
            self.clock.start()  # an undo after solving: the clock goes on
        self.back_to_game()
        self._refresh()

    # --- background results -------------------------------------------------------------
    def _facts_found(self, facts: SudokuFacts) -> None:
        if self.puzzle is None or facts.grid != self.puzzle.sudoku:
            return
        self.facts = facts
        self.steps_panel.show_facts(facts)
        self._state_changed()
        if self._hint_waiting:
            self._hint_waiting = False
            self.press_hint()

    def _facts_refused(self, reason: str) -> None:
        self.refusal = reason
        self.steps_panel.show_refused(reason)
        if self._hint_waiting:
            self._hint_waiting = False
            self._say(f"No hint: {reason}")

    def _hint_found(self, step: Step | None) -> None:
        if self._hint_for != self.model.state:
            return  # the grid changed meanwhile
        if step is None:
            self._hint_for = None
            self._say("Hint: no technique known here applies now (this grid needs harder "
                      "ones, not written yet).")
            return
        self.hint = step
        self._say(f"Hint: {step.describe(self.facts.grid.n)} — press Hint again to apply it.")

    def _hint_failed(self, message: str) -> None:
        self._hint_for = None
        self._say(f"No hint: {message}")

    # --- Solve step by step ---------------------------------------------------------------
    def _steps_shown(self, shown: bool) -> None:
        self.steps_panel.setVisible(shown)
        if not shown:
            self.back_to_game()

    def show_moment(self, index: int) -> None:
        """The grid just before step `index` of the path from the givens, its cells marked."""
        if self.facts is None or not 0 <= index < len(self.facts.path.steps):
            return
        self.moment = index
        self.steps_panel.show_moment(True)
        self._refresh()

    def back_to_game(self) -> None:
        if self.moment is not None:
            self.moment = None
            self.steps_panel.show_moment(False)
            self._refresh()

    def moment_board(self, index: int) -> Board:
        board = Board.from_grid(self.facts.grid)
        for step in self.facts.path.steps[:index]:
            apply(board, step)
        return board

    # --- what shows -----------------------------------------------------------------------
    def _say(self, note: str) -> None:
        self._note = note
        self._refresh()

    def _refresh(self) -> None:
        self.canvas.editable = self.moment is None
        if self.moment is not None:
            step = self.facts.path.steps[self.moment]
            board = self.moment_board(self.moment)
            self.canvas.show_grid(board.values, board.candidates,
                                  step_highlight(step, self.facts.grid))
            self.status.setText(f"Step {self.moment + 1} of {len(self.facts.path.steps)}: "
                                f"{step.describe(self.facts.grid.n)}")
            return
        state = self.model.state
        candidates = auto_candidates(self.model.grid, state) if self.auto_box.isChecked() \
            else list(state.marks)
        shown = self.hint if self.hint is not None and self._hint_for == state else None
        highlight = step_highlight(shown, self.model.grid, self.wrong) if shown is not None \
            else Highlight(wrong=self.wrong)
        self.canvas.show_grid(state.values, candidates, highlight)
        self.hint_button.setEnabled(not self.solved)
        if self.solved:
            text = (f"Solved! in {self.clock.text()} with "
                    f"{plural(self.hints, 'hint') if self.hints else 'no hints'}")
        else:
            text = self._note or HELP
        self.status.setText(text)

    def status_text(self) -> str:
        return self.status.text()
