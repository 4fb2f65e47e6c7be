"""The logical solver: take the easiest step available, apply it, repeat; and the rating of
the path (Sudoku Explainer's ER, EP and ED)."""

from __future__ import annotations

from ..puzzle.model import SudokuGrid
from ..records import record
from .board import Board
from .effects import apply  # noqa: F401  (solver.apply: where callers have it from)
from .killer import killer_board, with_cages
from .scan import solve_path
from .steps import Step
from .techniques import TECHNIQUES, Technique
from .truth import unique_solution


@record
class LogicPath:
    """The steps taken, in order, and whether they solved the grid (False: no technique
    known here applies any more; the grid is then `board`)."""
    steps: tuple[Step, ...]
    solved: bool
    board: Board


@record
class Rating:
    """ER: the hardest step of the path; EP: the hardest up to the first placement; ED: the
    first step's. `technique`: the hardest step's. Complete is False when the path stopped
    before the end (the ER is then a lower bound)."""
    rating: float
    pearl: float
    diamond: float
    technique: str
    complete: bool


def solve_logically(board: Board, techniques: tuple[Technique, ...] = TECHNIQUES,
                    max_steps: int = 100_000) -> LogicPath:
    """The path of easiest steps from `board` (a copy is solved)."""
    board = board.copy()
    steps = solve_path(board, techniques, max_steps)
    return LogicPath(tuple(steps), board.solved, board)


def rate_path(path: LogicPath) -> Rating:
    """ER, EP, ED of a path (0.0 for a path of no steps)."""
    if not path.steps:
        return Rating(0.0, 0.0, 0.0, "", path.solved)
    hardest = max(path.steps, key=lambda step: step.rating)  # the first of the hardest
    pearl, highest = 0.0, 0.0
    for step in path.steps:
        highest = max(highest, step.rating)
        if step.placements:
            pearl = highest
            break
    return Rating(hardest.rating, pearl, path.steps[0].rating, hardest.technique, path.solved)


def wrong_effects(path: LogicPath, solution: tuple[int, ...]) -> list[tuple[int, Step]]:
    """(index, step) of every step that places a digit the solution does not hold there or
    eliminates the one it does: a technique's bug, never the puzzle's."""
    return [(index, step) for index, step in enumerate(path.steps)
            if any(solution[cell] != digit for cell, digit in step.placements)
            or any(solution[cell] == digit for cell, digit in step.eliminations)]


def solve_sudoku(grid: SudokuGrid, techniques: tuple[Technique, ...] = TECHNIQUES
                 ) -> tuple[LogicPath, Rating]:
    """The easiest-step path of a Sudoku with one solution, and its rating; PuzzleError
    when it has none or several (the uniqueness techniques assume one)."""
    unique_solution(grid)
    if grid.cages:
        path = solve_logically(killer_board(grid), with_cages(techniques))
    else:
        path = solve_logically(Board.from_grid(grid), techniques)
    return path, rate_path(path)
