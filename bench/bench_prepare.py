"""How long preparing a puzzle takes, and how promptly it can be stopped: the longest time
between two cancel checks (a Stop is honoured at the next one). Run by hand:

    .venv/bin/python bench/bench_prepare.py

Each shipped polyform puzzle, then the largest kind the limits allow: a 64x64 board less 16
cells tiled by 68 copies of each of the 12 pentominoes (4,080 cells, 252,000 placements).
Prints a markdown table (best of three for the shipped puzzles, one run for the large one):
seconds to prepare, cancel checks made, the longest gap between two of them (from the start
to the first, and from the last to the end, counted too).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import GridKind, Piece, Puzzle, prepare  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402

PENTOMINOES = {
    "F": ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2)), "I": tuple((0, y) for y in range(5)),
    "L": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)), "N": ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3)),
    "P": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)), "T": ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
    "U": ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1)), "V": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)),
    "W": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)), "X": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "Y": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1)), "Z": ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
}


def large_puzzle() -> Puzzle:
    """64x64 less a 4x4 hole in the middle, 68 copies of each pentomino."""
    hole = {(x, y) for x in range(30, 34) for y in range(30, 34)}
    board = tuple((x, y) for x in range(64) for y in range(64) if (x, y) not in hole)
    pieces = tuple(Piece(name, cells, count=68) for name, cells in PENTOMINOES.items())
    return Puzzle(GridKind.SQUARE, "pentominoes 64x64", board=board, pieces=pieces)


class CheckTimes:
    """A cancel callable that never cancels and notes when it was asked."""

    def __init__(self) -> None:
        self.times = [time.perf_counter()]

    def __call__(self) -> bool:
        self.times.append(time.perf_counter())
        return False

    def longest_gap(self) -> float:
        return max(b - a for a, b in zip(self.times, self.times[1:]))


def measure(puzzle: Puzzle, runs: int) -> tuple[float, int, float]:
    best = None
    for _ in range(runs):
        checks = CheckTimes()
        prepare(puzzle, "distinct", cancel=checks)
        checks.times.append(time.perf_counter())
        result = (checks.times[-1] - checks.times[0], len(checks.times) - 2, checks.longest_gap())
        best = result if best is None or result[0] < best[0] else best
    return best


def main() -> None:
    puzzles = [load_puzzle(path) for path in sorted((ROOT / "assets" / "puzzles").glob("*.json"))]
    puzzles = [(puzzle, 3) for puzzle in puzzles if not puzzle.is_sudoku and not puzzle.problems()]
    puzzles.append((large_puzzle(), 1))
    print("| puzzle | cells | prepare s | cancel checks | longest gap between checks |")
    print("|---|---:|---:|---:|---:|")
    for puzzle, runs in puzzles:
        seconds, checks, gap = measure(puzzle, runs)
        print(f"| {puzzle.name} | {len(puzzle.board)} | {seconds:.3f} | {checks} | "
              f"{gap * 1000:.0f} ms |", flush=True)


if __name__ == "__main__":
    main()
