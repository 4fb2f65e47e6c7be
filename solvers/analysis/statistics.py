"""Where pieces go: over a set of solutions, how often each piece covers each cell, and which
placements every solution uses (forced) or none does; for a Sudoku, how often each digit lands
in each cell.

Solutions arrive as the solver keeps them: rows of placement numbers (polyforms) or value
grids (Sudoku), a block at a time, so millions are tallied without a Python object each:
a placement's use is a `bincount` over a block, and the cover of every cell follows from the
uses of the placements at the end.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from ..placements.compile import Placements
from ..puzzle.atomic import write_atomically
from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import SUDOKU_SYMBOLS, Puzzle
from ..records import record


@record
class PieceStatistics:
    """Tallies over `solutions` solutions of a polyform puzzle."""

    puzzle: Puzzle
    placements: Placements
    solutions: int
    usage: np.ndarray  # (R,) int64: in how many solutions each placement is used
    cover: np.ndarray  # (pieces, cells) int64: in how many solutions piece p covers cell c

    def share(self, piece: int) -> np.ndarray:
        """(cells,) float: the fraction of the solutions in which `piece` covers each cell."""
        return self.cover[piece] / max(1, self.solutions)

    def forced_rows(self) -> np.ndarray:
        """Placements every solution uses (none when there are no solutions)."""
        if not self.solutions:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero(self.usage == self.solutions)

    def unused_rows(self) -> np.ndarray:
        """Placements no solution uses."""
        return np.flatnonzero(self.usage == 0)

    def forced_cells(self, piece: int) -> set[tuple[int, ...]]:
        """Board cells `piece` covers in every solution."""
        if not self.solutions:
            return set()
        return {self.placements.cells[item]
                for item in np.flatnonzero(self.cover[piece] == self.solutions).tolist()}


@record
class DigitStatistics:
    """Tallies over `solutions` solutions of a Sudoku: `counts[d, cell]` solutions put digit
    d + 1 in cell (row-major)."""

    puzzle: Puzzle
    solutions: int
    counts: np.ndarray  # (n, n*n) int64

    def share(self, digit: int) -> np.ndarray:
        """(n*n,) float: the fraction of the solutions putting `digit` (1..n) in each cell."""
        return self.counts[digit - 1] / max(1, self.solutions)


def piece_statistics(puzzle: Puzzle, placements: Placements, blocks: Iterable[np.ndarray],
                     cancel: CancelCheck | None = None) -> PieceStatistics:
    """Tally blocks of solutions (each (k, copies) placement numbers)."""
    usage = np.zeros(placements.n_rows, dtype=np.int64)
    solutions = 0
    for block in blocks:
        check_cancel(cancel)
        block = np.asarray(block)
        solutions += len(block)
        if block.size:
            usage += np.bincount(block.ravel().astype(np.int64), minlength=placements.n_rows)
    cover = np.zeros((len(puzzle.pieces), placements.n_items), dtype=np.int64)
    used = np.flatnonzero(usage)
    for row in used.tolist():
        cover[placements.row_piece[row], list(placements.row_items[row])] += usage[row]
    return PieceStatistics(puzzle, placements, solutions, usage, cover)


def digit_statistics(puzzle: Puzzle, blocks: Iterable[np.ndarray],
                     cancel: CancelCheck | None = None) -> DigitStatistics:
    """Tally blocks of Sudoku solutions (each (k, n*n) values 1..n)."""
    n = puzzle.sudoku.n
    counts = np.zeros((n, n * n), dtype=np.int64)
    solutions = 0
    for block in blocks:
        check_cancel(cancel)
        block = np.asarray(block, dtype=np.int64).reshape(-1, n * n)
        solutions += len(block)
        for digit in range(n):  # one pass per digit: n sums over the block
            counts[digit] += (block == digit + 1).sum(axis=0)
    return DigitStatistics(puzzle, solutions, counts)


# --- CSV ---------------------------------------------------------------------------------
def statistics_csv(stats: PieceStatistics | DigitStatistics) -> str:
    """One row per (piece, cell) or (digit, cell) pair with its count and share; polyforms
    also say whether the piece covers the cell in every solution."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    total = max(1, stats.solutions)
    if isinstance(stats, DigitStatistics):
        n = stats.puzzle.sudoku.n
        writer.writerow(["row", "column", "digit", "solutions", "share"])
        for cell in range(n * n):
            for digit in range(n):
                count = int(stats.counts[digit, cell])
                writer.writerow([cell // n + 1, cell % n + 1, SUDOKU_SYMBOLS[digit], count,
                                 f"{count / total:.6f}"])
        return out.getvalue()
    axes = list(stats.puzzle.kind.axes)
    writer.writerow(["piece", *axes, "solutions", "share", "every_solution"])
    for piece_index, piece in enumerate(stats.puzzle.pieces):
        for item, cell in enumerate(stats.placements.cells):
            count = int(stats.cover[piece_index, item])
            writer.writerow([piece.name, *cell, count, f"{count / total:.6f}",
                             "yes" if stats.solutions and count == stats.solutions else "no"])
    return out.getvalue()


def save_statistics_csv(stats: PieceStatistics | DigitStatistics, path: str | Path) -> None:
    """Write `statistics_csv` atomically."""
    write_atomically(Path(path), statistics_csv(stats).encode("utf-8"))
