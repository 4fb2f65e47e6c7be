"""Why there is no solution, after a complete search found none: a minimal core.

Polyforms: a minimal set of piece copies that cannot all be placed on the board at once without
overlapping (cells may stay empty), "these pieces cannot all fit: T, T, T". Whether a set fits
is a search: the set plus one-cell filler pieces for every cell it leaves, tiled by the
solver (any solution; the fillers take the empty cells). Deletion: from the whole set, drop
each copy in turn and keep it dropped when the rest still cannot fit. What is left is minimal
(every copy in it is needed), not necessarily the smallest such set.

Sudoku: a minimal set of givens that already has no solution, by the same deletion with the
search the solver uses for the grid (a variant's: its regions, diagonals and cages count).
When the rules alone have no solution, no given is needed and the core says so.

A puzzle whose assemblies must come apart may have assemblies and no solution: then the
reason is the fewest pieces found that lock (solvers.analysis.locked).

Every search can be stopped: `cancel()` is checked between slices.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import SUDOKU_SYMBOLS, Piece, Puzzle, PuzzleError
from ..search.prepare import prepare_puzzle
from ..search.slices import SlicedSearch
from .locked import Lock, locked_core

FILLER = "one-cell filler"
SLICE_NODES = 200_000


@dataclass(frozen=True)
class Core:
    """A minimal reason: piece names (one per copy) or Sudoku given cells (row-major)."""

    pieces: tuple[str, ...] = ()
    givens: tuple[int, ...] = ()
    searches: int = 0  # how many searches the deletion took
    lock: Lock | None = None  # the pieces fit, but no assembly comes apart

    def text(self, puzzle: Puzzle) -> str:
        if self.lock is not None:
            return self.lock.text()
        if puzzle.is_sudoku:
            grid = puzzle.sudoku
            if not self.givens:
                return ("the grid's rules (its regions, diagonals or cages) have no solution "
                        "even without givens")
            cells = ", ".join(f"r{cell // grid.n + 1}c{cell % grid.n + 1} = "
                              f"{SUDOKU_SYMBOLS[grid.givens[cell] - 1]}" for cell in self.givens)
            return f"these {len(self.givens)} givens already have no solution: {cells}"
        return f"these pieces cannot all fit: {', '.join(self.pieces)}"


def minimal_core(puzzle: Puzzle, cancel: CancelCheck | None = None) -> Core | None:
    """A minimal core of a puzzle without solution; None when every piece fits at once (it
    has a solution, or its pieces cover fewer cells than the board: the cell count is the
    reason then)."""
    if puzzle.is_sudoku:
        return _minimal_givens(puzzle, cancel)
    copies = [index for index, piece in enumerate(puzzle.pieces) for _ in range(piece.count)]
    searches = 1
    if fits(puzzle, copies, cancel):
        if puzzle.disassembly:
            lock = locked_core(puzzle, cancel)
            return Core(pieces=lock.pieces, lock=lock) if lock is not None else None
        return None
    kept = list(copies)
    for copy in reversed(copies):  # the last copies first: a piece's copies go together
        trial = list(kept)
        trial.remove(copy)
        searches += 1
        if not fits(puzzle, trial, cancel):
            kept = trial
    names = tuple(puzzle.pieces[index].name for index in sorted(kept))
    return Core(pieces=names, searches=searches)


def fits(puzzle: Puzzle, copies: list[int], cancel: CancelCheck | None = None) -> bool:
    """Whether these piece copies (indices into puzzle.pieces, repeated per copy) can all be
    placed on the board without overlapping."""
    if not copies:
        return True
    counts = Counter(copies)
    pieces = [Piece(puzzle.pieces[index].name, puzzle.pieces[index].cells, count,
                    puzzle.pieces[index].mirror, paint=puzzle.pieces[index].paint)
              for index, count in sorted(counts.items())]
    used = sum(puzzle.pieces[index].size for index in copies)
    empty = len(puzzle.board) - used
    if empty < 0:
        return False
    if empty:
        origin = tuple(0 for _ in puzzle.board[0])
        pieces.append(Piece(FILLER, (origin,), empty))
    trial = Puzzle(puzzle.kind, puzzle.name, board=puzzle.board, pieces=tuple(pieces),
                   constraint_colours=puzzle.constraint_colours,  # (the filler is neutral)
                   board_paint=puzzle.board_paint, colour_rules=puzzle.colour_rules)
    try:
        prepared = prepare_puzzle(trial, "distinct", cancel=cancel)
    except PuzzleError:  # a piece fits nowhere, or strands cells wherever it goes
        return False
    sliced = SlicedSearch(prepared, prepared.new_search(), record=False)
    sliced.warm_up()
    while not sliced.finished:
        sliced.step(limit=1)
        check_cancel(cancel)
        if sliced.solutions:
            return True
    return sliced.solutions > 0


def _minimal_givens(puzzle: Puzzle, cancel: CancelCheck | None) -> Core | None:
    grid = puzzle.sudoku
    givens = np.array(grid.givens, dtype=np.int64)
    searches = 1
    if sudoku_has_solution(puzzle, givens, cancel):
        return None
    for cell in np.flatnonzero(givens).tolist():
        trial = givens.copy()
        trial[cell] = 0
        searches += 1
        if not sudoku_has_solution(puzzle, trial, cancel):
            givens = trial
    return Core(givens=tuple(np.flatnonzero(givens).tolist()), searches=searches)


def sudoku_has_solution(puzzle: Puzzle, givens: np.ndarray,
                        cancel: CancelCheck | None = None) -> bool:
    """Whether the grid with these `givens` has a solution under its rules: the search the
    solver would choose (a jigsaw, X or killer grid needs the variants' kernel)."""
    from ..search.choice import build_search  # the Sudoku kernels only for a Sudoku

    search = build_search("sudoku", puzzle, None, None, givens=givens, buffered=1)
    while not search.finished and search.solutions == 0:
        search.run(SLICE_NODES, record=False, solution_limit=1)
        check_cancel(cancel)
    return search.solutions > 0
