"""Time the polyform kernels on the shipped puzzles: bit-board (lowest empty cell), live sets
and general exact cover, each forced in turn, in one run. Run by hand:

    .venv/bin/python bench/bench_puzzles.py [--quick] [--repeat N]

Times are `count_solutions` search time (preparation and JIT loading excluded), the best of
`--repeat` runs for runs under a few seconds, one core. `--quick` skips Mini Bedlam (minutes).
Prints a markdown table of seconds (and million nodes per second) per kernel; "best vs
general" is the general kernel's seconds over the fastest kernel's, and "auto" is the kernel
`make_search` picks.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import GridKind, Piece, Progress, Puzzle  # noqa: E402
from solvers.placements.compile import compile_placements  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search.bitboard import BitboardSearch  # noqa: E402
from solvers.search.choice import make_search  # noqa: E402
from solvers.search.live_sets import LiveSetSearch  # noqa: E402
from solvers.search.solve import solve as solve_here  # noqa: E402

ASSETS = ROOT / "assets" / "puzzles"
KERNELS = ("bitboard", "live", "general")
CASES = [  # (file, symmetry mode, slow)
    ("meteor.json", "all", False),
    ("meteor.json", "distinct", False),
    ("soma.json", "distinct", False),
    ("soma.json", "all", False),
    ("pentominoes-6x10.json", "distinct", False),
    ("pentominoes-6x10.json", "all", False),
    ("pentominoes-5x12.json", "distinct", False),
    ("pentominoes-3x20.json", "distinct", False),
    ("mini-bedlam.json", "distinct", True),
]
REPEAT_UNDER_SECONDS = 5.0


@dataclass(frozen=True)
class Timing:
    solutions: int
    nodes: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds else 0.0


def kernel_count(puzzle: Puzzle, symmetry: str, kernel: str) -> Progress:
    """Count on one thread with the given kernel (`all` and `rotations` expand the distinct
    solutions' orbits, as every run does)."""
    last = None
    for event in solve_here(puzzle, symmetry, count_only=True, slice_seconds=0.5, kernel=kernel):
        last = event
    assert isinstance(last, Progress)
    return last


def time_count(puzzle: Puzzle, symmetry: str, kernel: str, repeat: int) -> Timing:
    best: Progress | None = None
    for _ in range(repeat):
        result = kernel_count(puzzle, symmetry, kernel)
        assert result.exhausted
        if best is None or result.elapsed < best.elapsed:
            best = result
        if result.elapsed > REPEAT_UNDER_SECONDS:
            break
    assert best is not None
    return Timing(best.solutions, best.nodes, best.elapsed)


def warm_up() -> None:
    """Load (or compile) every kernel on a tiny puzzle before any clock runs."""
    board = tuple((x, y) for x in range(4) for y in range(3))
    puzzle = Puzzle(GridKind.SQUARE, "warm-up", board=board,
                    pieces=(Piece("domino", ((0, 0), (1, 0)), 6),))
    for kernel in KERNELS:
        for symmetry in ("all", "distinct"):
            kernel_count(puzzle, symmetry, kernel)


def auto_kernel(puzzle: Puzzle) -> str:
    search, _ = make_search(puzzle, compile_placements(puzzle), "all")
    if isinstance(search, BitboardSearch):
        return "bitboard"
    return "live" if isinstance(search, LiveSetSearch) else "general"


def table_rows(quick: bool, repeat: int) -> Iterator[str]:
    yield ("| puzzle | symmetry | solutions | " + " | ".join(f"{k} nodes | {k} s" for k in KERNELS)
           + " | best vs general | auto |")
    yield "|---|---|---:|" + "---:|---:|" * len(KERNELS) + "---:|---|"
    for name, symmetry, slow in CASES:
        if slow and quick:
            continue
        puzzle = load_puzzle(ASSETS / name)
        timings = [time_count(puzzle, symmetry, kernel, repeat) for kernel in KERNELS]
        counts = {timing.solutions for timing in timings}
        solutions = (str(counts.pop()) if len(counts) == 1
                     else "MISMATCH " + " / ".join(str(t.solutions) for t in timings))
        cells = " | ".join(f"{t.nodes:,} | {t.seconds:.3f} ({t.rate / 1e6:.1f}M/s)"
                           for t in timings)
        best = min(t.seconds for t in timings)
        yield (f"| {name.removesuffix('.json')} | {symmetry} | {solutions} | {cells} "
               f"| {timings[-1].seconds / max(best, 1e-9):.1f}x | {auto_kernel(puzzle)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip Mini Bedlam (minutes)")
    parser.add_argument("--repeat", type=int, default=3,
                        help=f"best of N for runs under {REPEAT_UNDER_SECONDS:.0f} s")
    args = parser.parse_args()
    warm_up()
    print(f"cpus: {os.cpu_count()}, load average: "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}\n", flush=True)
    for row in table_rows(args.quick, max(1, args.repeat)):
        print(row, flush=True)


if __name__ == "__main__":
    main()
