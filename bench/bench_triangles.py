"""Which kernel suits triangle boards of up to 64 cells: bit-board, live sets and general
exact cover, each forced in turn, on many hexiamond puzzles of 54 and 60 triangles (too
small one by one to time apart). Run by hand:

    .venv/bin/python bench/bench_triangles.py

The puzzles: every set of nine hexiamonds with as many up as down triangles in the hexagon
of side 3 (54 cells; the F6 and P6 pieces are unbalanced, so go in or out together), and
every set of ten in the parallelogram of 6 x 5 rhombi (60 cells). Prints, per kernel, the
distinct solutions found, nodes and search seconds over all of them, and the ratio of each
kernel's seconds to the general kernel's in the same run.
"""

from __future__ import annotations

import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import GridKind, Puzzle  # noqa: E402
from solvers.puzzle.polyiamonds import hexiamonds, parallelogram  # noqa: E402
from solvers.search.solve import solve  # noqa: E402

KERNELS = ("bitboard", "live", "general")


def hexagon(side: int) -> tuple:
    """The triangles whose centroids lie in |a|, |b|, |a + b| <= side (lattice units)."""
    return tuple((x, y, t) for x in range(-side - 1, side + 1) for y in range(-side - 1, side + 1)
                 for t in (0, 1)
                 if max(abs(3 * x + 1 + t), abs(3 * y + 1 + t), abs(3 * x + 3 * y + 2 + 2 * t))
                 <= 3 * side)


def puzzles():
    pieces = hexiamonds()
    balanced = [p for p in pieces if p.name not in ("F6", "P6")]
    for left_out in combinations(balanced, 3):
        yield Puzzle(GridKind.TRIANGLE, "nine in a hexagon", board=hexagon(3),
                     pieces=tuple(p for p in pieces if p not in left_out))
    for kept in combinations(balanced, 9):  # without F6 and P6
        yield Puzzle(GridKind.TRIANGLE, "nine in a hexagon", board=hexagon(3), pieces=kept)
    for left_out in combinations(balanced, 2):
        yield Puzzle(GridKind.TRIANGLE, "ten in a 6x5 parallelogram", board=parallelogram(6, 5),
                     pieces=tuple(p for p in pieces if p not in left_out))


def main() -> None:
    totals = {kernel: [0, 0, 0.0] for kernel in KERNELS}
    count = 0
    for puzzle in puzzles():
        count += 1
        for kernel in KERNELS:
            final = list(solve(puzzle, "distinct", count_only=True, kernel=kernel))[-1]
            totals[kernel][0] += final.solutions
            totals[kernel][1] += final.nodes
            totals[kernel][2] += final.elapsed
    general = totals["general"][2]
    print(f"{count} puzzles")
    print("| kernel | solutions | nodes | seconds | vs general |")
    print("|---|---:|---:|---:|---:|")
    for kernel, (solutions, nodes, seconds) in totals.items():
        print(f"| {kernel} | {solutions:,} | {nodes:,} | {seconds:.3f} | {general / seconds:.2f}x |")


if __name__ == "__main__":
    main()
