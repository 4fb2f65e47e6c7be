"""Why a puzzle whose assemblies must come apart has no solution although its pieces fit:
"96 assemblies, none comes apart: the pieces Frame1, Frame2#1 and Frame2#2 lock".

Every assembly is searched and taken apart; of the first MOST_EXAMINED that do not come
apart, each gives the part its disassembly could not split, and that part is made minimal by
deletion: drop each piece in turn and keep it dropped while the rest, where the assembly put
them, still cannot be taken apart (whether a set of pieces comes apart does not depend on
which of its reachable states it starts from: solvers/kernels/disassembly.py). The smallest
such set over the assemblies examined is the reason given.
"""

from __future__ import annotations

import numpy as np

from ..disassembly.analyser import analyse_pieces
from ..disassembly.moves import take_apart
from ..kernels.status import LOCKED, SOLUTION
from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.model import Puzzle
from ..records import record
from ..search.prepare import prepare_puzzle
from ..search.slices import SlicedSearch

MOST_EXAMINED = 200  # assemblies whose locked parts are made minimal


@record
class Lock:
    """The fewest pieces found that cannot be parted, and in how many assemblies none
    comes apart."""

    pieces: tuple[str, ...]  # copy names (disassembly.moves: "S3", "Frame2#1")
    assemblies: int
    assembly: int  # which assembly (in the order found) shows it

    def text(self) -> str:
        found = f"{self.assemblies:,} assembl{'y' if self.assemblies == 1 else 'ies'}"
        none = "it does not come apart" if self.assemblies == 1 else "none comes apart"
        if len(self.pieces) == 1:
            return f"{found}, {none}"
        listed = ", ".join(self.pieces[:-1]) + " and " + self.pieces[-1]
        return f"{found}, {none}: the pieces {listed} lock"


def locked_core(puzzle: Puzzle, cancel: CancelCheck | None = None) -> Lock | None:
    """The reason, when the puzzle has assemblies and none comes apart; None when one does
    or there is none (whose reason is another: solvers.analysis.conflicts)."""
    prepared = prepare_puzzle(puzzle, "distinct", cancel=cancel)
    sliced = SlicedSearch(prepared, prepared.new_search(), record=True)
    sliced.warm_up()
    locked: list[np.ndarray] = []
    while not sliced.finished:
        found = sliced.step()
        check_cancel(cancel)
        if np.any(found.verdicts[:, 0] == SOLUTION):
            return None
        locked.extend(found.rows[found.verdicts[:, 0] == LOCKED][:MOST_EXAMINED - len(locked)])
    if not locked:
        return None
    best: tuple[str, ...] | None = None
    where = 0
    for number, rows in enumerate(locked):
        check_cancel(cancel)
        names = _fewest_locked(prepared.disassembler, rows, cancel)
        if best is None or len(names) < len(best):
            best, where = names, number
    return Lock(best, sliced.assemblies, where)


def _fewest_locked(disassembler, rows: np.ndarray, cancel: CancelCheck | None) -> tuple:
    """The copy names of a minimal set of an assembly's pieces that cannot be parted."""
    taken = take_apart(disassembler, rows)
    groups = disassembler.groups_by_type[np.array(taken.types, dtype=np.int64)]
    kept = list(taken.locked) or list(range(len(taken.names)))
    for piece in list(kept):
        if len(kept) <= 2:
            break
        trial = [p for p in kept if p != piece]
        check_cancel(cancel)
        verdict = analyse_pieces([taken.cells[p] for p in trial], groups[trial])
        if verdict[0] == LOCKED:
            kept = trial
    return tuple(taken.names[p] for p in kept)
