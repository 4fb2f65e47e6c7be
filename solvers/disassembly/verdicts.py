"""What the disassembler says of each assembly, as a row of numbers that travels with the
assembly's placement rows (events, run files, the app's store), and what it means: a status,
the level and the number of moves.

A verdict row is int32: [status, the separation tree in pre-order...] (solvers/kernels/
disassembly_tree.py): each separation its moves (the removal included), 0 for a part that
needs none (a single piece, or a group allowed to stay together), -1 past the end.

The level, as BurrTools writes it: the moves of the first separation, then the levels of the
half that slid out and of the half that stayed, each only when it holds a separation of
more than one move (PelikanBurr: 98.2.4.2; a piece that slides straight out is level 1).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import numpy as np

from ..kernels.status import CANCELLED, LOCKED, SINGLE, SOLUTION, TOO_BIG
from ..records import record

UNANALYSED = -1  # not analysed yet
STATUS_WORDS = {
    SOLUTION: "comes apart",
    LOCKED: "does not come apart",
    TOO_BIG: "not decided: its analysis grew past the limit of states",
    CANCELLED: "not decided: its analysis was stopped",
    SINGLE: "a single piece: nothing to take apart",
    UNANALYSED: "not analysed yet",
}


@record
class Separation:
    """A part split in two: its moves (the removal included), then how the half that slid
    out and the half that stayed come apart (None: nothing more to do)."""

    moves: int
    out: "Separation | None" = None
    stays: "Separation | None" = None


def verdict_width(copies: int) -> int:
    """Numbers in a verdict row of an assembly of up to `copies` pieces."""
    return 1 + max(1, 2 * copies - 1)


def tree_of(verdict) -> Separation | None:
    """The separation tree of a verdict row (None: no separation)."""
    values = [int(v) for v in verdict[1:]]
    position = 0

    def parse() -> Separation | None:
        nonlocal position
        value = values[position] if position < len(values) else 0
        position += 1
        if value <= 0:
            return None
        out = parse()
        return Separation(value, out, parse())

    return parse()


def _needs_moves(tree: Separation | None) -> bool:
    return tree is not None and (tree.moves > 1 or _needs_moves(tree.out)
                                 or _needs_moves(tree.stays))


def level_of(tree: Separation | None) -> tuple[int, ...]:
    """BurrTools' level of a separation tree (see the module's docstring)."""
    if tree is None:
        return ()
    level = [tree.moves]
    for half in (tree.out, tree.stays):
        if _needs_moves(half):
            level.extend(level_of(half))
    return tuple(level)


def total_moves(tree: Separation | None) -> int:
    if tree is None:
        return 0
    return tree.moves + total_moves(tree.out) + total_moves(tree.stays)


@lru_cache(maxsize=4096)
def _summary(values: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    tree = tree_of((0,) + values)
    return level_of(tree), total_moves(tree)


def summary(verdict) -> tuple[tuple[int, ...], int]:
    """(level, total moves) of a verdict row of a solution."""
    return _summary(tuple(int(v) for v in verdict[1:]))


def level_text(level: tuple[int, ...]) -> str:
    return ".".join(map(str, level))


def is_solution(verdicts: np.ndarray) -> np.ndarray:
    """(k,) bool: which verdict rows are of assemblies that come apart."""
    return verdicts[:, 0] == SOLUTION


def level_counts(verdicts: np.ndarray, weights: np.ndarray | None = None) -> Counter:
    """Level text -> how many solutions have it, each verdict row standing for `weights[i]`
    solutions (orbits expanded) or one."""
    found: Counter = Counter()
    solutions = np.flatnonzero(is_solution(verdicts))
    if not len(solutions):
        return found
    # each distinct verdict once: most of a file's solutions share a few (DemoPieceGenerator:
    # 927 solutions, one verdict); return_inverse also keeps np.unique from importing numpy.ma
    distinct, which = np.unique(verdicts[solutions], axis=0, return_inverse=True)
    counted = np.bincount(which.ravel(), minlength=len(distinct),
                          weights=None if weights is None else weights[solutions])
    for verdict, count in zip(distinct, counted.tolist()):
        found[level_text(summary(verdict)[0])] += int(count)
    return found


def sorted_levels(levels: dict[str, int]) -> dict[str, int]:
    """Levels in BurrTools' order: by the moves of the first separation, then the next..."""
    return dict(sorted(levels.items(), key=lambda item: tuple(map(int, item[0].split(".")))))
