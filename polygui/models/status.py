"""The status line: what the puzzle is, live, and why it cannot be solved when that is known
without searching (`Puzzle.problems()`); the window's title; counted nouns."""

from __future__ import annotations

from pathlib import Path

from solvers import Puzzle
from solvers.puzzle.sudoku_rules import describe_rules

DEFAULT_NAME = "Untitled"  # a new puzzle's name


def document_title(name: str, path: Path | None) -> str:
    """The window's title: the file's name once there is a file (with the puzzle's own name
    when that says more), else the puzzle's name."""
    if path is None:
        return name
    if name.casefold() in (path.stem.casefold(), DEFAULT_NAME.casefold()):
        return path.name
    return f"{name} ({path.name})"


def plural(count: int, noun: str, plural_noun: str | None = None) -> str:
    """'1 cell', '2 cells', '1,049 solutions'."""
    return f"{count:,} {noun if count == 1 else plural_noun or noun + 's'}"


def span(low: int, high: int, noun: str) -> str:
    """'1–6 pieces', or '7 pieces' when the range is one number."""
    return plural(high, noun) if low == high else f"{low:,}–{plural(high, noun)}"


def summary(puzzle: Puzzle) -> str:
    """'Sudoku 9×9, 17 givens' or '10 pieces cover 48 cells, board has 50'."""
    if puzzle.is_sudoku:
        n = puzzle.sudoku.n
        givens = sum(1 for value in puzzle.sudoku.givens if value)
        rules = describe_rules(puzzle.sudoku)  # the variant's rules, or the boxes
        boxes = f"{puzzle.sudoku.box_rows}×{puzzle.sudoku.box_cols} boxes"
        if rules and not puzzle.sudoku.regions:
            rules = f"{boxes}, {rules}"
        return f"Sudoku {n}×{n} ({rules or boxes}), {plural(givens, 'given')}"
    copies = sum(piece.count for piece in puzzle.pieces)
    if puzzle.has_secondary:  # '1–6 pieces cover 4–12 cells, board has 12 (2 optional)'
        fewest = sum(piece.fewest for piece in puzzle.pieces)
        optional = f" ({len(puzzle.optional):,} optional)" if puzzle.optional else ""
        verb = "covers" if fewest == copies == 1 else "cover"
        return (f"{span(fewest, copies, 'piece')} {verb} "
                f"{span(puzzle.fewest_piece_cells, puzzle.piece_cell_total, 'cell')}, "
                f"board has {len(puzzle.board):,}{optional}")
    verb = "covers" if copies == 1 else "cover"
    return (f"{plural(copies, 'piece')} {verb} {plural(puzzle.piece_cell_total, 'cell')}, "
            f"board has {len(puzzle.board):,}")


def describe(puzzle: Puzzle) -> str:
    """The summary, and the reasons the puzzle has no solution when they are known."""
    if puzzle.family is not None:  # its members have boards of their own: Solve counts them
        return f"{summary(puzzle)} — a puzzle family: Solve counts every member"
    problems = puzzle.problems()
    text = summary(puzzle)
    return f"{text} — cannot be solved: {'; '.join(problems)}" if problems else text
