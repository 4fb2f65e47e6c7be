"""Why there is no solution, after a complete search found none: a minimal core.

Polyforms: a minimal set of piece copies that cannot all be placed on the board at once without
overlapping (cells may stay empty), "these pieces cannot all fit: T, T, T" (naming the grid's
own rule where it has one: "(no two may cross at a lattice point)" on sticks). Whether a set fits
is a search: the set plus one-cell filler pieces for every cell it leaves, tiled by the
solver (any solution; the fillers take the empty cells). Deletion: from the whole set, drop
each copy in turn and keep it dropped when the rest still cannot fit. What is left is minimal
(every copy in it is needed), not necessarily the smallest such set.

Pins: when the puzzle has a solution without its pins, the pins are the reason: a minimal set
of them with which the whole puzzle (every piece, the board covered) has none, by the same
deletion over the pins, "the pins of 'L' on ... and of 'T' on ... cannot both hold".

Sudoku: a minimal set of givens and rules (cages, jigsaw regions, diagonals) that already has
no solution (solvers.analysis.sudoku_core), each named.

A puzzle whose assemblies must come apart may have assemblies and no solution: then the
reason is the fewest pieces found that lock (solvers.analysis.locked).

Every search can be stopped: `cancel()` is checked between slices.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.limits import shown
from ..puzzle.model import Piece, Puzzle, PuzzleError
from ..puzzle.pins import Pin
from ..records import record
from ..search.prepare import prepare_puzzle
from ..search.slices import SlicedSearch
from .deletion import drop_each
from .locked import Lock, locked_core
from .sudoku_core import Rule, and_list, core_text, minimal_sudoku_core

FILLER = "one-cell filler"
SLICE_NODES = 200_000


@record
class Core:
    """A minimal reason: piece names (one per copy; a pin's piece per pin), pins (indices into
    `puzzle.pins`), or Sudoku given cells (row-major) and rules."""

    pieces: tuple[str, ...] = ()
    givens: tuple[int, ...] = ()
    searches: int = 0  # how many searches the deletion took
    lock: Lock | None = None  # the pieces fit, but no assembly comes apart
    rules: tuple[Rule, ...] = ()  # a Sudoku's cages, jigsaw regions, diagonals
    pins: tuple[int, ...] = ()  # the pins that cannot all hold

    def text(self, puzzle: Puzzle) -> str:
        if self.lock is not None:
            return self.lock.text()
        if puzzle.is_sudoku:
            return core_text(puzzle.sudoku, self.givens, self.rules)
        if self.pins:
            return pins_text([puzzle.pins[index] for index in self.pins])
        rule = puzzle.kind.grid.fitting_rule(puzzle.board)  # sticks: they may not cross
        return (f"these pieces cannot all fit{f' ({rule})' if rule else ''}: "
                f"{', '.join(self.pieces)}")

    @property
    def rule_cells(self) -> tuple[int, ...]:
        """The cells of a Sudoku core's rules (row-major), to highlight with its givens."""
        return tuple(sorted(set().union(*(rule.cells for rule in self.rules))))

    def pinned_cells(self, puzzle: Puzzle) -> tuple:
        """The board cells of the pins named, to highlight."""
        return tuple(cell for index in self.pins for cell in puzzle.pins[index].cells)


def pins_text(pins: list[Pin]) -> str:
    """"the pins of 'L' on (0, 0) (0, 1) and of 'T' on (2, 1) (3, 1) cannot both hold"."""
    named = [f"of {shown(pin.piece)} on {' '.join(str(cell) for cell in pin.cells)}"
             for pin in pins]
    if len(pins) == 1:
        return f"the pin {named[0]} leaves no solution"
    both = "both" if len(pins) == 2 else "all"
    return f"the pins {and_list(named)} cannot {both} hold"


def minimal_core(puzzle: Puzzle, cancel: CancelCheck | None = None) -> Core | None:
    """A minimal core of a puzzle without solution; None when every piece fits at once (it
    has a solution, or its pieces cover fewer cells than the board: the cell count is the
    reason then)."""
    if puzzle.is_sudoku:
        found = minimal_sudoku_core(puzzle, cancel)
        return None if found is None else Core(givens=found.givens, rules=found.rules,
                                               searches=found.searches)
    if puzzle.pins:
        pinned = minimal_pins(puzzle, cancel)
        if pinned is not None:
            return pinned
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


def minimal_pins(puzzle: Puzzle, cancel: CancelCheck | None = None) -> Core | None:
    """A minimal set of the pins with which the puzzle has no solution; None when it has one
    without any pin (the pieces are the reason then) or with all of them."""
    searches = [0]

    def unsolvable(pins: list[int]) -> bool:
        searches[0] += 1
        return not has_solution(replace(puzzle, pins=tuple(puzzle.pins[i] for i in pins)),
                                cancel)

    every = list(range(len(puzzle.pins)))
    if unsolvable([]) or not unsolvable(every):  # (without pins, usually a quick search)
        return None
    kept = drop_each(every, unsolvable)
    return Core(pieces=tuple(puzzle.pins[i].piece for i in kept), pins=tuple(kept),
                searches=searches[0])


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
    return has_solution(trial, cancel)


def has_solution(puzzle: Puzzle, cancel: CancelCheck | None = None) -> bool:
    """Whether the solver finds a solution of `puzzle` (a polyform)."""
    try:
        prepared = prepare_puzzle(puzzle, "distinct", cancel=cancel)
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
