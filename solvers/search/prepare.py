"""A puzzle made ready to search, once: its placements, symmetry plan, kernel and the tables
that kernel's searches share. Any number of searches start from it, in any thread: the whole
tree, or the part of it one task names (see solvers.parallel).

What the kernel searches may differ from what is counted: 'all' and 'rotations' are searched
as 'distinct' and every distinct solution expanded into its orbit (`orbits`), which visits a
tree up to |G| times smaller (Mini Bedlam: 19,186 distinct solutions stand for 460,464).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..placements.compile import (Placements, compile_placements, pieces_kept_off_by_colours,
                                  pieces_without_placements)
from ..placements.symmetry import SymmetryPlan, board_symmetries, plan_symmetry
from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import SYMMETRY_MODES, Puzzle, PuzzleError, naming_pieces
from ..records import record
from .choice import boxed_kernel, build_search, choose_kernel, row_rank, shared_tables
from .events import Found, Search
from .orbits import OrbitExpander

if TYPE_CHECKING:
    from ..disassembly.analyser import Disassembler


@record
class Prepared:
    """A puzzle made ready to search: its placements, symmetry plan, kernel and tables, which
    every search of it (threads, tasks, resumed runs) shares."""

    puzzle: Puzzle
    symmetry: str  # what is counted: "distinct", "rotations" or "all"
    search_mode: str  # what the kernel searches: "distinct" when `orbits` expands it
    kernel: str  # "sudoku", "bitboard", "live" or "general"
    placements: Placements | None  # None for a Sudoku
    plan: SymmetryPlan | None
    tables: object | None  # read-only, shared by every search of this puzzle
    orbits: OrbitExpander | None  # distinct solutions -> those of `symmetry`
    group_size: int  # board symmetries that identify solutions in `symmetry`
    disassembler: "Disassembler | None" = None  # when only assemblies that come apart count

    def new_search(self, *, root_rows: np.ndarray | None = None,
                   givens: np.ndarray | None = None) -> Search:
        """A search of the whole tree, or of the solutions using only `root_rows`
        (polyforms) or extending `givens` (Sudoku)."""
        return build_search(self.kernel, self.puzzle, self.placements, self.plan, self.tables,
                            root_rows=root_rows, givens=givens)

    def count(self, rows: np.ndarray) -> int:
        """How many solutions of `symmetry` the kernel's solutions `rows` stand for."""
        return self.orbits.count(rows) if self.orbits is not None else len(rows)

    def expand(self, rows: np.ndarray) -> np.ndarray:
        """The solutions of `symmetry` that the kernel's solutions `rows` stand for."""
        return self.orbits.expand(rows) if self.orbits is not None else rows

    def expand_found(self, found: Found) -> Found:
        """`expand` of found rows, each member of an orbit with its row's verdict."""
        if self.orbits is None:
            return found
        rows = self.orbits.expand(found.rows)
        if found.verdicts is None:
            return Found(rows)
        return Found(rows, np.repeat(found.verdicts, self.orbits.counts(found.rows), axis=0))


def prepare_puzzle(puzzle: Puzzle, symmetry: str = "distinct", kernel: str = "auto",
                   cancel: CancelCheck | None = None) -> Prepared:
    """Check the puzzle and make it ready to search. Raises PuzzleError naming why it cannot
    have a solution when that is known before searching, and Cancelled once `cancel()` is
    true. `kernel` forces a polyform kernel (benchmarks, tests)."""
    if symmetry not in SYMMETRY_MODES:
        raise PuzzleError(f"unknown symmetry mode {symmetry!r}: use one of {', '.join(SYMMETRY_MODES)}")
    if puzzle.problems(fit_check=False):
        raise PuzzleError("; ".join(puzzle.problems()))
    if puzzle.is_sudoku:
        return Prepared(puzzle, symmetry, symmetry, "sudoku", None, None, None, None, 1)
    placements = compile_placements(puzzle, cancel=cancel)
    stranding = pieces_without_placements(puzzle, placements)  # every place strands cells
    if stranding:
        homeless = puzzle.problems()  # pieces that fit nowhere at all are named as such
        if homeless:
            raise PuzzleError("; ".join(homeless))
        ruled = pieces_kept_off_by_colours(puzzle)
        if ruled:
            raise PuzzleError(naming_pieces(ruled, "fits nowhere the colour rules allow",
                                            "fit nowhere the colour rules allow"))
        where = "anywhere beside the pinned pieces" if puzzle.pins else "anywhere"
        reason = f"cannot go {where} without cutting off cells the others cannot fill"
        raise PuzzleError(naming_pieces(stranding, reason, reason))
    chosen = choose_kernel(puzzle, placements, kernel)
    symmetries = board_symmetries(puzzle, "distinct")
    # 'all' and 'rotations' search the distinct tree and expand its orbits (solvers/search/
    # orbits.py), unless the board has no symmetry to expand
    search_mode = "distinct" if len(symmetries) > 1 else symmetry
    if search_mode != "distinct":
        symmetries = None  # the plan finds the mode's own
    tables = shared_tables(chosen, placements)
    plan = plan_symmetry(puzzle, placements, search_mode, cancel, symmetries,
                         row_rank(chosen, tables))
    check_cancel(cancel)
    chosen, tables = boxed_kernel(chosen, kernel, placements, plan, tables)
    orbits, group_size = None, plan.group_size
    if search_mode != symmetry:
        orbits = OrbitExpander(puzzle, placements, symmetry, symmetries, plan.images)
        group_size = len(orbits.rotations) if symmetry == "rotations" else 1
    disassembler = None
    if puzzle.disassembly:  # numba's kernels only then: a search may run on the native build
        from ..disassembly.analyser import Disassembler
        disassembler = Disassembler(puzzle, placements)
    return Prepared(puzzle, symmetry, search_mode, chosen, placements, plan,
                    tables, orbits, group_size, disassembler)
