"""The uniqueness designer: the fewest pinned pieces (polyforms) or extra givens (Sudoku) that
leave a puzzle exactly one solution, and for a Sudoku with one solution, the givens that can
go while it stays unique.

To keep only solution T, every other solution S must lose a choice T makes and S does not (a
placement, a digit in a cell): the additions are a hitting set of the sets T minus S
(`hitting`). The designer takes the solutions found (every solution, counted as `all`, up to
a bound), finds the smallest hitting set for each of up to `MAX_TARGETS` solutions T spread
over them, keeps the smallest, and verifies it by a solve of the puzzle with the additions.
When the bound left solutions out and the solve finds a second one, it joins the family and
the round is done again, so a proposal is always verified. Unique means one solution in all:
then every symmetry mode counts one too. When assemblies must come apart, the solutions are
those that do: an assembly that does not is no solution to keep or to rule out.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ..disassembly.verdicts import is_solution
from ..placements.compile import Placements
from ..puzzle.cancel import Cancelled, CancelCheck, check_cancel
from ..puzzle.model import Puzzle, PuzzleError
from ..puzzle.pins import Pin
from ..records import record
from ..search.events import Progress, SolutionBatch
from ..search.solve import solve
from .hitting import hitting_set

MAX_SOLUTIONS = 20_000  # solutions gathered to choose from
MAX_TARGETS = 200  # solutions tried as the one to keep
MAX_ROUNDS = 20  # verifications that may add a solution past the bound


@record
class Removal:
    """A unique Sudoku: the givens that can go alone (`removable`), and a set that can go
    together (`together`), leaving the minimal puzzle `puzzle`."""

    removable: tuple[int, ...]
    together: tuple[int, ...]
    puzzle: Puzzle


@record
class Proposal:
    """What to add for exactly one solution: `pins` (polyforms) or `givens` ((cell, value),
    Sudoku); `smallest` when no smaller addition exists among the solutions considered."""

    puzzle: Puzzle  # the puzzle with the additions
    pins: tuple[Pin, ...] = ()
    givens: tuple[tuple[int, int], ...] = ()
    smallest: bool = True
    solutions_considered: int = 0
    every_solution: bool = True  # whether the solutions considered were all there are

    @property
    def size(self) -> int:
        return len(self.pins) + len(self.givens)


def gather_solutions(puzzle: Puzzle, limit: int,
                     cancel: CancelCheck | None = None) -> tuple[np.ndarray, Placements | None,
                                                                  bool]:
    """(up to `limit` solutions counted as `all`, as rows, the placements they number,
    whether they are all there are)."""
    blocks, placements, complete = [], None, False
    for event in solve(puzzle, "all", limit=limit, cancel=cancel, batched=True):
        check_cancel(cancel)
        if isinstance(event, SolutionBatch):
            rows = np.asarray(event.rows)
            if event.verdicts is not None:  # assemblies: the solutions are those that come apart
                rows = rows[is_solution(event.verdicts)]
            blocks.append(rows)
            placements = placements or event.placements
        elif isinstance(event, Progress) and event.phase == "done":
            complete = event.exhausted
    rows = np.concatenate(blocks) if blocks else np.zeros((0, 0), dtype=np.int32)
    return rows.astype(np.int64), placements, complete


def solution_count(puzzle: Puzzle, cancel: CancelCheck | None = None, limit: int = 2) -> int:
    """Solutions in all, counted up to `limit` (2 tells one from several)."""
    final = None
    for event in solve(puzzle, "all", limit=limit, count_only=True, cancel=cancel):
        check_cancel(cancel)
        final = event
    return final.solutions if final is not None else 0


def propose(puzzle: Puzzle, cancel: CancelCheck | None = None,
            max_solutions: int = MAX_SOLUTIONS) -> Proposal:
    """The fewest pins or givens for exactly one solution. PuzzleError says why there is no
    proposal: no solution, or one already."""
    rows, placements, complete = gather_solutions(puzzle, max_solutions, cancel)
    if len(rows) == 0:
        raise PuzzleError("the puzzle has no solution: nothing to make unique")
    if len(rows) == 1 and complete:
        raise PuzzleError("the puzzle has exactly one solution already")
    for _ in range(MAX_ROUNDS):
        target, chosen, smallest = _best_target(rows, not puzzle.is_sudoku, cancel)
        proposal = _proposal(puzzle, placements, rows[target], chosen, smallest, len(rows),
                             complete)
        check_cancel(cancel)
        more, numbered, _ = gather_solutions(proposal.puzzle, 2, cancel)
        if len(more) == 1:
            return proposal
        more = _renumbered(more, numbered, placements)
        extra = more[~np.all(more == rows[target], axis=1)]
        rows = np.concatenate([rows, extra])  # a solution the bound left out: choose again
    raise PuzzleError("no verified proposal within the solutions gathered; the puzzle has "
                      "too many solutions for the designer")


def _renumbered(rows: np.ndarray, numbered: Placements | None,
                placements: Placements | None) -> np.ndarray:
    """Solutions of the puzzle with pins (numbered by its own placements) as rows of the
    puzzle's placement numbers (a pin keeps fewer placements). Sudoku grids stay."""
    if numbered is None or placements is None:
        return rows
    index = placements.row_index()
    return np.sort(np.array([[index[numbered.row_key(r)] for r in row]
                             for row in rows.tolist()], dtype=np.int64), axis=1)


def _best_target(rows: np.ndarray, placement_rows: bool,
                 cancel: CancelCheck | None) -> tuple[int, list[int], bool]:
    """(solution kept, positions in its row to fix, smallest?) over up to MAX_TARGETS
    solutions spread over `rows`."""
    best: tuple[int, list[int], bool] | None = None
    for target in np.linspace(0, len(rows) - 1, min(len(rows), MAX_TARGETS)).astype(int):
        check_cancel(cancel)
        found = hitting_set(_difference_sets(rows, int(target), placement_rows), cancel)
        if found is None:
            continue  # a duplicate of the target: cannot happen for distinct solutions
        chosen, smallest = found
        if best is None or len(chosen) < len(best[1]):
            best = (int(target), chosen, smallest)
            if len(chosen) <= 1:
                break
    if best is None:
        raise PuzzleError("the solutions found cannot be told apart")
    return best


def _difference_sets(rows: np.ndarray, target: int, placement_rows: bool) -> list[int]:
    """For every other solution, the positions of the target's row where it differs, as
    bitsets: placements it does not use (`placement_rows`: rows of sorted placement
    numbers), or cells holding another digit (Sudoku grids)."""
    kept = rows[target]
    others = np.delete(rows, target, axis=0)
    if placement_rows:
        differs = ~(others[:, :, None] == kept[None, None, :]).any(axis=1)
    else:
        differs = others != kept[None, :]
    weights = [1 << position for position in range(differs.shape[1])]
    return [sum(w for w, d in zip(weights, line) if d) for line in differs.tolist()]


def _proposal(puzzle: Puzzle, placements: Placements | None, kept: np.ndarray,
              chosen: list[int], smallest: bool, considered: int, complete: bool) -> Proposal:
    if puzzle.is_sudoku:
        grid = puzzle.sudoku
        givens = tuple((cell, int(kept[cell])) for cell in chosen)
        values = list(grid.givens)
        for cell, value in givens:
            values[cell] = value
        new = with_givens(puzzle, values)
        return Proposal(new, givens=givens, smallest=smallest, solutions_considered=considered,
                        every_solution=complete)
    pins = tuple(_pin_of(puzzle, placements, int(kept[position])) for position in chosen)
    new = dataclasses.replace(puzzle, pins=puzzle.pins + pins)
    return Proposal(new, pins=pins, smallest=smallest, solutions_considered=considered,
                    every_solution=complete)


def _pin_of(puzzle: Puzzle, placements: Placements, row: int) -> Pin:
    piece = puzzle.pieces[int(placements.row_piece[row])]
    return Pin(piece.name, tuple(placements.cells[item] for item in placements.row_items[row]))


def design(puzzle: Puzzle, cancel: CancelCheck | None = None) -> Proposal | Removal:
    """What the designer says of `puzzle`: for a Sudoku with exactly one solution, the givens
    that can go (`Removal`); else the fewest pins or givens for exactly one solution
    (`Proposal`, verified). PuzzleError says why there is nothing to propose."""
    if puzzle.is_sudoku and solution_count(puzzle, cancel) == 1:
        removable = removable_givens(puzzle, cancel)
        together = _taken_together(puzzle, removable, cancel)
        return Removal(tuple(removable), tuple(together), _without(puzzle, together))
    return propose(puzzle, cancel)


# --- a Sudoku with one solution ----------------------------------------------------------
def removable_givens(puzzle: Puzzle, cancel: CancelCheck | None = None) -> list[int]:
    """The cells whose given, taken away alone, leaves the Sudoku unique (none: it is
    minimal). PuzzleError unless the puzzle is a Sudoku with exactly one solution."""
    _check_unique_sudoku(puzzle, cancel)
    return [cell for cell, value in enumerate(puzzle.sudoku.givens)
            if value and solution_count(_without(puzzle, [cell]), cancel) == 1]


def minimal_givens(puzzle: Puzzle, cancel: CancelCheck | None = None) -> list[int]:
    """Cells whose givens can all go together while the Sudoku stays unique, taken one by
    one (each checked by a solve) until no other can: what is left is minimal."""
    return _taken_together(puzzle, removable_givens(puzzle, cancel), cancel)


def _taken_together(puzzle: Puzzle, removable: list[int],
                    cancel: CancelCheck | None) -> list[int]:
    """Of the givens that can go alone, those that can go together, taken in order: a given
    that cannot go alone cannot go with others either."""
    removed: list[int] = []
    for cell in removable:
        if solution_count(_without(puzzle, removed + [cell]), cancel) == 1:
            removed.append(cell)
    return removed


def with_givens(puzzle: Puzzle, values) -> Puzzle:
    """The Sudoku with these givens (row-major, 0 empty) and its own rules: a variant keeps
    its regions, diagonals and cages."""
    return dataclasses.replace(puzzle, sudoku=dataclasses.replace(puzzle.sudoku,
                                                                  givens=tuple(values)))


def _without(puzzle: Puzzle, cells: list[int]) -> Puzzle:
    values = list(puzzle.sudoku.givens)
    for cell in cells:
        values[cell] = 0
    return with_givens(puzzle, values)


def _check_unique_sudoku(puzzle: Puzzle, cancel: CancelCheck | None) -> None:
    if not puzzle.is_sudoku:
        raise PuzzleError("only a Sudoku has givens to take away")
    count = solution_count(puzzle, cancel)
    if count != 1:
        raise PuzzleError("the Sudoku has no solution" if count == 0 else
                          "the Sudoku has several solutions: add givens first")


__all__ = ["Cancelled", "Proposal", "Removal", "design", "gather_solutions", "minimal_givens",
           "propose", "removable_givens", "solution_count"]
