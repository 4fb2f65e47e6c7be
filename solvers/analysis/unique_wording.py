"""What the uniqueness designer found, in words: for its window and for `polygui-solve
--unique`."""

from __future__ import annotations

from ..puzzle.model import SUDOKU_SYMBOLS, Puzzle
from ..puzzle.sudoku_rules import cell_name
from .uniqueness import Proposal, Removal


def plural(count: int, noun: str) -> str:
    """'1 given', '2 givens'."""
    return f"{count:,} {noun if count == 1 else noun + 's'}"


def cells_named(puzzle: Puzzle, cells) -> str:
    """'r1c2, r4c4' (row and column from 1)."""
    return ", ".join(cell_name(puzzle.sudoku.n, cell) for cell in cells)


def describe_removal(result: Removal, puzzle: Puzzle, applying: str = "") -> str:
    """`applying`: what takes the givens away, said after them ("Apply takes them away.")."""
    if not result.removable:
        return ("The Sudoku has exactly one solution, and it is minimal: taking away any "
                "one given leaves several solutions.")
    return (f"The Sudoku has exactly one solution but is not minimal: each of these "
            f"{plural(len(result.removable), 'given')} can go alone while it stays unique: "
            f"{cells_named(puzzle, result.removable)}. Taken away one by one, "
            f"{plural(len(result.together), 'given')} can go together "
            f"({cells_named(puzzle, result.together)}), leaving a minimal puzzle."
            + (f" {applying}" if applying else ""))


def describe_proposal(result: Proposal, puzzle: Puzzle) -> str:
    fewest = ("no fewer can do it" if result.smallest else
              "found by a greedy choice: fewer may exist")
    over = (f"among all {plural(result.solutions_considered, 'solution')}"
            if result.every_solution else
            f"chosen over {plural(result.solutions_considered, 'solution')} found")
    if result.givens:
        added = ", ".join(f"{cell_name(puzzle.sudoku.n, c)} = {SUDOKU_SYMBOLS[v - 1]}"
                          for c, v in result.givens)
        verb = "leaves" if len(result.givens) == 1 else "leave"
        return (f"{plural(len(result.givens), 'extra given')} {verb} exactly one solution "
                f"(verified by a solve; {fewest}, {over}): {added}.")
    pinned = ", ".join(f"{pin.piece} on {' '.join(str(c) for c in pin.cells)}"
                       for pin in result.pins)
    return (f"Pinning {plural(len(result.pins), 'piece')} leaves exactly one solution "
            f"(verified by a solve; {fewest}, {over}): {pinned}.")


def describe(result: Proposal | Removal, puzzle: Puzzle, applying: str = "") -> str:
    """What the designer found, in words."""
    if isinstance(result, Removal):
        return describe_removal(result, puzzle, applying)
    return describe_proposal(result, puzzle)
