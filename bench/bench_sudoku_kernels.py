"""The 9x9 batch kernel against an earlier version of itself, interleaved in one process so
that the noise of a shared machine falls on both. Run by hand:

    .venv/bin/python bench/bench_sudoku_kernels.py [--against REV|FILE] [--repeat N] [--data DIR]

Without --data it runs on the samples shipped in assets/sudoku; --data names a folder holding
the whole public collections (17-clue.txt, top1465.txt, hardest-1106.txt), on which the
figures in docs/benchmarks.md are measured.

--against names a git revision (default: main) whose solvers/kernels/sudoku_batch.py is
loaded as the old kernel (with the kernels package as it was then), or a Python file holding
one (a module with `solve_many(puzzles, solutions, counts)`, put beside this tree's kernels).
The new kernel is this tree's. Each repeat
times the old and the new kernel on every set, alternating which goes first; the minimum
over repeats counts, of the thread's CPU time (time.thread_time: it leaves out the time the
thread waits while another process has the core; the table uses it) and of the wall time. The answers of both are compared (counts, and the solution wherever the
count is 1). Only the kernel call is timed: no parsing, no checks.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from solvers.kernels.sudoku_batch import solve_many  # noqa: E402
from solvers.puzzle.textformats import parse_sudoku_lines  # noqa: E402

SETS = ("17-clue", "top1465", "hardest-1106")  # the whole collections, in --data
SAMPLES = ROOT / "assets" / "sudoku"
SAMPLE_SETS = ("17-clue-sample", "top95", "hardest-sample")


def load_old_kernel(against: str, folder: Path) -> ModuleType:
    """The old kernel, from a copy of the kernels package as it was at `against` (the
    kernels import only each other), or from this tree's with `against`'s file as the batch
    kernel. Compiled and cached in `folder`."""
    package = folder / "old_kernels"
    source = Path(against)
    if source.is_file():
        shutil.copytree(ROOT / "solvers" / "kernels", package,
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(source, package / "sudoku_batch.py")
    else:
        archive = subprocess.run(["git", "archive", against, "solvers/kernels"], cwd=ROOT,
                                 check=True, capture_output=True).stdout
        tarfile.open(fileobj=io.BytesIO(archive)).extractall(folder, filter="data")
        (folder / "solvers" / "kernels").rename(package)
    sys.path.insert(0, str(folder))
    return importlib.import_module("old_kernels.sudoku_batch")


def timed(kernel, puzzles: np.ndarray) -> tuple[float, float, np.ndarray, np.ndarray]:
    """(CPU seconds, wall seconds, solutions, counts)."""
    solutions = np.zeros(puzzles.shape, dtype=np.int8)
    counts = np.zeros(len(puzzles), dtype=np.int8)
    start, start_wall = time.thread_time(), time.perf_counter()
    kernel(puzzles, solutions, counts)
    return time.thread_time() - start, time.perf_counter() - start_wall, solutions, counts


def same_answers(a: tuple, b: tuple) -> bool:
    (_, _, solutions_a, counts_a), (_, _, solutions_b, counts_b) = a, b
    unique = counts_a == 1
    return bool(np.array_equal(counts_a, counts_b)
                and np.array_equal(solutions_a[unique], solutions_b[unique]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="git revision or kernel file")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--data", type=Path, default=None,
                        help="a folder with the whole collections (default: the shipped samples)")
    parser.add_argument("--sets", nargs="*", default=None, help="file names without .txt")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="sudoku-kernel-"))
    data, names = (args.data, SETS) if args.data else (SAMPLES, SAMPLE_SETS)
    old = load_old_kernel(args.against, folder).solve_many
    sets = {name: np.ascontiguousarray(parse_sudoku_lines(
        (data / f"{name}.txt").read_text(encoding="utf-8")), dtype=np.int8)
        for name in args.sets or names}
    for kernel in (old, solve_many):  # load or compile before timing
        timed(kernel, next(iter(sets.values()))[:2])
    best = {(name, which, clock): float("inf") for name in sets for which in ("old", "new")
            for clock in (0, 1)}
    for repeat in range(args.repeat):
        for name, puzzles in sets.items():
            order = (("old", old), ("new", solve_many))
            results = {}
            for which, kernel in order if repeat % 2 == 0 else order[::-1]:
                results[which] = timed(kernel, puzzles)
                for clock in (0, 1):
                    best[name, which, clock] = min(best[name, which, clock], results[which][clock])
            if not same_answers(results["old"], results["new"]):
                raise SystemExit(f"{name}: the kernels disagree")
    print(f"load average {os.getloadavg()[0]:.2f}; minimum of {args.repeat} repeats; "
          f"old = {args.against}")
    print("| set | puzzles | old CPU s | new CPU s | old puzzles/s | new puzzles/s "
          "| new / old CPU | new / old wall |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, puzzles in sets.items():
        old_s, new_s = best[name, "old", 0], best[name, "new", 0]
        wall_ratio = best[name, "new", 1] / best[name, "old", 1]
        print(f"| {name} | {len(puzzles):,} | {old_s:.4f} | {new_s:.4f} | "
              f"{len(puzzles) / old_s:,.0f} | {len(puzzles) / new_s:,.0f} | {new_s / old_s:.3f} "
              f"| {wall_ratio:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
