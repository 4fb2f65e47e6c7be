"""The native build of the polyform kernels against the numba kernels they are built from:
search time of the same searches in one process, interleaved, best of N. Run by hand, after
`scripts/setup.sh` (or `python -m solvers.kernels.native_build`) made a current build:

    .venv/bin/python bench/bench_native.py [--repeat N]

Each case runs the kernel `make_search` picks (bit-board, live sets, general exact cover or
Sudoku) to the end, or for a fixed number of nodes on Mini Bedlam, or the 9x9 Sudoku batch
kernel on the sets in assets/sudoku, alternately with the numba kernel
(POLYGUI_NATIVE_DIR pointed at an empty folder) and the native build, so both see the same
machine. Prints a markdown table: best seconds each, and native / numba.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.kernels import native  # noqa: E402
from solvers.placements.compile import compile_placements  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.puzzle.textformats import parse_sudoku_lines  # noqa: E402
from solvers.search.choice import choose_kernel, make_search  # noqa: E402
from solvers.search.sudoku import solve_batch  # noqa: E402

ASSETS = ROOT / "assets" / "puzzles"
CASES = [  # (file, symmetry mode, nodes: 0 for the whole tree)
    ("meteor.json", "distinct", 0),
    ("pentominoes-6x10.json", "distinct", 0),
    ("pentominoes-5x12.json", "distinct", 0),
    ("soma.json", "distinct", 0),
    ("soma.json", "all", 0),
    ("hexiamonds-4x9.json", "distinct", 0),
    ("mini-bedlam.json", "distinct", 5_000_000),
    ("sudoku-hard.json", "all", 0),
    ("sudoku-16x16.json", "all", 0),
    ("sudoku-killer.json", "all", 0),
    ("sudoku-jigsaw.json", "all", 0),
]
BATCHES = ["17-clue-sample.txt", "top95.txt", "hardest-sample.txt"]  # assets/sudoku, 9x9 batch


def timed(puzzle, placements, mode: str, nodes: int) -> tuple[float, int, int]:
    """(search seconds, nodes, solutions) of one search of the kernel `make_search` picks."""
    search, _ = make_search(puzzle, placements, mode)
    search.run(0)  # loads the kernel
    started = time.perf_counter()
    while not search.finished and (nodes == 0 or search.nodes < nodes):
        search.run(nodes - search.nodes if nodes else 10**7)
        search.take_solutions()
    return time.perf_counter() - started, search.nodes, search.solutions


def timed_batch(puzzles) -> tuple[float, int, int]:
    """(seconds, puzzles, puzzles with one solution) of one batch solve."""
    started = time.perf_counter()
    _, counts = solve_batch(puzzles)
    return time.perf_counter() - started, len(puzzles), int((counts == 1).sum())


def use(folder: str) -> None:
    os.environ[native.DIR_VARIABLE] = folder
    native.forget()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    built = str(native.native_dir())
    if native.loaded() is None:
        raise SystemExit(f"no current native build in {built}: run python -m "
                         f"solvers.kernels.native_build first")
    empty = tempfile.mkdtemp(prefix="bench-native-none-")
    print(f"best of {args.repeat}, interleaved; load {os.getloadavg()[0]:.1f}")
    print("| puzzle | mode | kernel | nodes | numba s | native s | native / numba |")
    print("|---|---|---|---:|---:|---:|---:|")
    for name, mode, nodes in CASES:
        puzzle = load_puzzle(ASSETS / name)
        placements = None if puzzle.is_sudoku else compile_placements(puzzle)
        best = {"numba": float("inf"), "native": float("inf")}
        counts = set()
        for _ in range(args.repeat):
            for variant, folder in (("numba", empty), ("native", built)):
                use(folder)
                seconds, searched, solutions = timed(puzzle, placements, mode, nodes)
                best[variant] = min(best[variant], seconds)
                counts.add((searched, solutions))
        assert len(counts) == 1, counts  # the same tree either way
        kernel = choose_kernel(puzzle, placements, "auto")
        print(f"| {name} | {mode} | {kernel} | {counts.pop()[0]:,} | {best['numba']:.4f} | "
              f"{best['native']:.4f} | {best['native'] / best['numba']:.2f}x |")
    for name in BATCHES:
        puzzles = parse_sudoku_lines((ROOT / "assets" / "sudoku" / name).read_text())
        best = {"numba": float("inf"), "native": float("inf")}
        counts = set()
        for _ in range(args.repeat):
            for variant, folder in (("numba", empty), ("native", built)):
                use(folder)
                solve_batch(puzzles[:1])  # loads the kernel
                seconds, solved, unique = timed_batch(puzzles)
                best[variant] = min(best[variant], seconds)
                counts.add(unique)
        assert len(counts) == 1, counts
        print(f"| {name} | batch | sudoku batch | {len(puzzles)} puzzles | {best['numba']:.4f} | "
              f"{best['native']:.4f} | {best['native'] / best['numba']:.2f}x |")
    use(built)


if __name__ == "__main__":
    main()
