"""Which kernel suits the sphere grid, and how fast the Kanoodle counts are: the shipped
Kanoodle rectangle (all solutions: the published 371,020) and pyramid (distinct), each
kernel forced in turn, interleaved, the best of `--repeat` runs. Run by hand:

    .venv/bin/python bench/bench_spheres.py [--repeat N] [--pyramid-bitboard]

Times are search seconds on one core (preparation and JIT loading excluded). The bit-board
kernel on the pyramid takes minutes (its fixed sweep cuts off few islands in 3D), so it runs
only with --pyramid-bitboard. Prints a markdown table: solutions, million nodes, seconds,
and each kernel's seconds over the live-set kernel's in the same run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search.choice import choose_kernel  # noqa: E402
from solvers.placements.compile import compile_placements  # noqa: E402
from solvers.search.solve import solve  # noqa: E402

ASSETS = ROOT / "assets" / "puzzles"
CASES = [("kanoodle-5x11.json", "all"), ("kanoodle-5x11.json", "distinct"),
         ("kanoodle-pyramid.json", "distinct")]


def run(name: str, mode: str, kernel: str):
    """The final Progress of one count-only search."""
    return list(solve(load_puzzle(ASSETS / name), mode, count_only=True, kernel=kernel))[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pyramid-bitboard", action="store_true")
    args = parser.parse_args()
    print("| puzzle | mode | auto | kernel | solutions | M nodes | seconds | vs live |")
    print("|---|---|---|---|---|---|---|---|")
    for name, mode in CASES:
        puzzle = load_puzzle(ASSETS / name)
        auto = choose_kernel(puzzle, compile_placements(puzzle))
        kernels = ["bitboard", "live"]
        if "pyramid" in name and not args.pyramid_bitboard:
            kernels = ["live"]
        best: dict[str, object] = {}
        for _ in range(args.repeat):  # interleaved: a busy machine slows both alike
            for kernel in kernels:
                final = run(name, mode, kernel)
                if kernel not in best or final.elapsed < best[kernel].elapsed:
                    best[kernel] = final
        for kernel in kernels:
            final = best[kernel]
            ratio = final.elapsed / best["live"].elapsed
            print(f"| {name} | {mode} | {auto} | {kernel} | {final.solutions:,} | "
                  f"{final.nodes / 1e6:.2f} | {final.elapsed:.2f} | {ratio:.2f} |", flush=True)


if __name__ == "__main__":
    main()
