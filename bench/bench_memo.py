"""The bit-board kernel with and without its memo of dead endgame nodes
(solvers/kernels/bitboard.py): search time of the same searches in one process, interleaved,
best of N. Run by hand:

    .venv/bin/python bench/bench_memo.py [--repeat N]

Uses the native build when a current one exists (scripts/setup.sh makes it), else the numba
kernel; the table says which. Both variants walk the same tree (checked: nodes, branching per
depth and solutions are equal), so the ratio is the memo's saving alone.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.kernels import native  # noqa: E402
from solvers.placements.compile import compile_placements  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search.choice import make_search  # noqa: E402

ASSETS = ROOT / "assets" / "puzzles"
CASES = ["meteor.json", "pentominoes-6x10.json", "pentominoes-5x12.json"]  # distinct


def timed(puzzle, placements, memo: bool) -> tuple[float, tuple, int]:
    """(search seconds, what the tree was, nodes known dead from the memo)."""
    search, _ = make_search(puzzle, placements, "distinct")
    if not memo:
        search.memo = np.zeros((0, 2), dtype=np.uint64)
    search.run(0)  # loads the kernel
    started = time.perf_counter()
    while not search.finished:
        search.run(10**8)
        search.take_solutions()
    seconds = time.perf_counter() - started
    tree = (search.nodes, search.solutions, search.branching_by_depth().tobytes())
    return seconds, tree, search.remembered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    kernel = "native build" if native.loaded() is not None else "numba"
    print(f"{kernel}, best of {args.repeat}, interleaved; load {os.getloadavg()[0]:.1f}")
    print("| puzzle (distinct) | nodes | known dead from the memo | without s | with s | "
          "with / without |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in CASES:
        puzzle = load_puzzle(ASSETS / name)
        placements = compile_placements(puzzle)
        best = {False: float("inf"), True: float("inf")}
        trees, remembered = set(), 0
        for _ in range(args.repeat):
            for memo in (False, True):
                seconds, tree, known = timed(puzzle, placements, memo)
                best[memo] = min(best[memo], seconds)
                trees.add(tree)
                remembered = max(remembered, known)
        assert len(trees) == 1, "the memo changed the tree"
        nodes = trees.pop()[0]
        print(f"| {name} | {nodes:,} | {remembered:,} | {best[False]:.4f} | {best[True]:.4f} | "
              f"{best[True] / best[False]:.2f}x |")


if __name__ == "__main__":
    main()
