"""What Sudoku play and the difficulty line work out off the GUI thread (in a LatestJob): the
puzzle's facts (its one solution, the logical path from the givens and its rating) and a
hint (the next logical step on the player's board)."""

from __future__ import annotations

from collections.abc import Callable

from solvers.records import record
from solvers import Cancelled
from solvers.logic import Board, LogicPath, Rating, Step, rate_path
from solvers.logic.solver import apply
from solvers.logic.techniques import next_step
from solvers.logic.truth import unique_solution
from solvers.puzzle.model import SudokuGrid


@record
class SudokuFacts:
    """A Sudoku's one solution, the path of easiest steps from its givens and its rating."""
    grid: SudokuGrid
    solution: tuple[int, ...]
    path: LogicPath
    rating: Rating


def sudoku_facts(grid: SudokuGrid, cancel: Callable[[], bool] = lambda: False) -> SudokuFacts:
    """PuzzleError when the grid has no solution or several (Check and Hint need one)."""
    solution = unique_solution(grid)
    path = logical_path(grid, cancel)
    return SudokuFacts(grid, solution, path, rate_path(path))


def logical_path(grid: SudokuGrid, cancel: Callable[[], bool]) -> LogicPath:
    """solvers.logic.solve_logically from the givens, stopped by `cancel` between steps (a
    superseded job must not go on for seconds on a large grid): Cancelled."""
    board, steps = Board.from_grid(grid), []
    while not board.solved:
        if cancel():
            raise Cancelled
        step = next_step(board)
        if step is None:
            break
        apply(board, step)
        steps.append(step)
    return LogicPath(tuple(steps), board.solved, board)


def sudoku_rating(grid: SudokuGrid, cancel: Callable[[], bool] = lambda: False) -> Rating:
    """The rating of a Sudoku with one solution; PuzzleError when it has none or several."""
    unique_solution(grid)
    return rate_path(logical_path(grid, cancel))


def hint_step(board: Board, cancel: Callable[[], bool] = lambda: False) -> Step | None:
    """The easiest step on `board` (None: no technique known here applies)."""
    return next_step(board)
