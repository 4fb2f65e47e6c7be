"""Sudoku throughput: the 9x9 batch kernel on puzzle sets, and one puzzle through the resumable
search. Run by hand:

    .venv/bin/python bench/bench_sudoku.py [--repeat N] [--data DIR]

Without --data it runs on the samples shipped in assets/sudoku; --data names a folder holding
the whole public collections (17-clue.txt, top1465.txt, hardest-1106.txt), on which the
figures in docs/benchmarks.md are measured.

Every puzzle is solved and its solution proved unique (each search stops at a second
solution); every solution is then checked with check_solutions (not timed). Prints puzzles
per second (the best of N runs, warm JIT cache) and a markdown table row per set.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from solvers.puzzle.textformats import parse_sudoku_lines  # noqa: E402
from solvers.search.sudoku import SudokuSearch, check_solutions, solve_batch  # noqa: E402

SETS = ("17-clue", "top1465", "hardest-1106")  # the whole collections, in --data
SAMPLES = Path(__file__).resolve().parents[1] / "assets" / "sudoku"
SAMPLE_SETS = ("17-clue-sample", "top95", "hardest-sample")
REFERENCE = "010056207000700005000300498000200380006000700051007000684002000100003000305460020"


def warm_up() -> float:
    """Load (or compile) both kernels; returns the seconds it took."""
    start = time.perf_counter()
    puzzle = parse_sudoku_lines(REFERENCE)
    solve_batch(puzzle)
    SudokuSearch(9, 3, 3, puzzle[0]).run(0)
    return time.perf_counter() - start


def bench_set(path: Path, repeat: int) -> dict:
    puzzles = parse_sudoku_lines(path.read_text(encoding="utf-8"))
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        solutions, counts = solve_batch(puzzles)
        best = min(best, time.perf_counter() - start)
    failed = np.flatnonzero((counts >= 1) & ~check_solutions(9, 3, 3, puzzles, solutions))
    if len(failed):
        raise SystemExit(f"{path.name}: the solution of puzzle {failed[0] + 1} is wrong")
    return {"set": path.stem, "puzzles": len(puzzles), "seconds": best,
            "rate": len(puzzles) / best, "unique": int(np.sum(counts == 1)),
            "several": int(np.sum(counts >= 2)), "none": int(np.sum(counts == 0))}


def bench_reference(repeat: int) -> tuple[float, int]:
    """Best search time of the reference puzzle (a fresh SudokuSearch each time, set-up not
    timed) and its node count."""
    givens = parse_sudoku_lines(REFERENCE)[0]
    best, nodes = float("inf"), 0
    for _ in range(max(repeat, 20)):
        search = SudokuSearch(9, 3, 3, givens)
        start = time.perf_counter()
        search.run(10**9)
        best = min(best, time.perf_counter() - start)
        nodes = search.nodes
        assert search.finished and search.solutions == 1
    return best, nodes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per set; the best counts")
    parser.add_argument("--data", type=Path, default=None,
                        help="a folder with the whole collections (default: the shipped samples)")
    args = parser.parse_args()
    folder, names = (args.data, SETS) if args.data else (SAMPLES, SAMPLE_SETS)
    print(f"warm-up (load or compile the kernels): {warm_up():.2f} s")
    rows = []
    for name in names:
        path = folder / f"{name}.txt"
        if not path.exists():
            print(f"{name}: {path} not found, skipped")
            continue
        row = bench_set(path, args.repeat)
        rows.append(row)
        print(f"{name}: {row['puzzles']} puzzles in {row['seconds']:.3f} s = "
              f"{row['rate']:,.0f} puzzles/s ({row['unique']} unique, {row['several']} several, "
              f"{row['none']} none; all solutions checked)")
    seconds, nodes = bench_reference(args.repeat)
    print(f"reference puzzle via SudokuSearch: {seconds * 1e3:.3f} ms, {nodes} nodes")
    print()
    print("| set | puzzles | seconds | puzzles/s |")
    print("|---|---|---|---|")
    for row in rows:
        print(f"| {row['set']} | {row['puzzles']:,} | {row['seconds']:.3f} | {row['rate']:,.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
