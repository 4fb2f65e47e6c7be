"""The status line: what the puzzle is, live, and why it cannot be solved when that is known
without searching (`Puzzle.problems()`)."""

from __future__ import annotations

from solvers import Puzzle


def summary(puzzle: Puzzle) -> str:
    """'Sudoku 9×9, 17 givens' or '10 pieces cover 48 cells, board has 50'."""
    if puzzle.is_sudoku:
        n = puzzle.sudoku.n
        givens = sum(1 for value in puzzle.sudoku.givens if value)
        return (f"Sudoku {n}×{n} ({puzzle.sudoku.box_rows}×{puzzle.sudoku.box_cols} boxes), "
                f"{givens} given{'s' * (givens != 1)}")
    copies = sum(piece.count for piece in puzzle.pieces)
    board = len(puzzle.board)
    verb = "covers" if copies == 1 else "cover"
    return (f"{copies} piece{'s' * (copies != 1)} {verb} {puzzle.piece_cell_total} "
            f"cell{'s' * (puzzle.piece_cell_total != 1)}, board has {board}")


def describe(puzzle: Puzzle) -> str:
    """The summary, and the reasons the puzzle has no solution when they are known."""
    problems = puzzle.problems()
    text = summary(puzzle)
    return f"{text} — cannot be solved: {'; '.join(problems)}" if problems else text
