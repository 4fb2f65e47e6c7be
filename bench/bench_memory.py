"""Peak memory of a count-only run against its number of solutions. Run by hand:

    .venv/bin/python bench/bench_memory.py [--jobs N] [--large]

Each run is `polygui-solve PUZZLE --count-only --json` in a process of its own, so its peak
resident memory (`ru_maxrss`) is its own. The puzzles go from a few solutions to many, with
boards alike so what they take to prepare is alike: domino tilings of square boards (4x4: 36
in all, 6x6: 6,728, 6x8: 167,089; `--large` adds 8x8: 12,988,816, about 15 s of search),
then meteor all (2,098) and Mini Bedlam distinct (19,186, about a minute). A count-only run
keeps no solution, so its peak should not grow with their number: the last column is the
peak above the 4x4 board's, in MiB.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import GridKind, Piece, Puzzle  # noqa: E402
from solvers.puzzle.fileformat import save_puzzle  # noqa: E402

RUN_CLI = ("import resource, sys; from polygui.cli import main; code = main(sys.argv[1:]); "
           "print('peak_kib', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss); "
           "sys.exit(code)")


def dominoes(width: int, height: int, folder: Path) -> Path:
    board = tuple((x, y) for y in range(height) for x in range(width))
    puzzle = Puzzle(GridKind.SQUARE, f"dominoes {width}x{height}", board=board,
                    pieces=(Piece("domino", ((0, 0), (1, 0)), count=width * height // 2),))
    path = folder / f"dominoes-{width}x{height}.json"
    save_puzzle(puzzle, path)
    return path


def measure(path: Path, symmetry: str, jobs: int) -> tuple[int, float, float]:
    """(solutions, seconds of search, peak MiB) of one count-only run."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RUN_CLI, str(path), "--symmetry", symmetry,
                           "--count-only", "--json", "--jobs", str(jobs)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    lines = done.stdout.strip().splitlines()
    summary = json.loads(lines[-2])
    peak_kib = int(lines[-1].split()[1])
    return summary["solutions"], wall, peak_kib / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--large", action="store_true", help="also the 8x8 board")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as folder:
        boards = [(4, 4), (6, 6), (6, 8)] + [(8, 8)] * args.large
        runs = [(f"dominoes {w}x{h}", dominoes(w, h, Path(folder)), "all") for w, h in boards]
        assets = ROOT / "assets" / "puzzles"
        runs += [("meteor", assets / "meteor.json", "all"),
                 ("Mini Bedlam", assets / "mini-bedlam.json", "distinct")]
        measure(runs[0][1], "all", args.jobs)  # numba's cache warm before the first figure
        print(f"count only, --jobs {args.jobs}, load {os.getloadavg()[0]:.1f}")
        print("| puzzle | symmetry | solutions | wall | peak memory | above 4x4 |")
        print("|---|---|---:|---:|---:|---:|")
        base = None
        for name, path, symmetry in runs:
            solutions, wall, peak = measure(path, symmetry, args.jobs)
            base = peak if base is None else base
            print(f"| {name} | {symmetry} | {solutions:,} | {wall:.1f} s | {peak:.0f} MiB | "
                  f"{peak - base:+.0f} MiB |", flush=True)


if __name__ == "__main__":
    main()
