"""Puzzles at the limits (issue 32, class 5): preparing, the first solution and memory, against
a baseline commit in the same run. Run by hand:

    .venv/bin/python bench/bench_limits.py [--repeat N] [--baseline COMMIT | --baseline-tree DIR]
                                           [--timeout S] [--only NAME,...]

Each case runs in a fresh process per tree (this checkout, then the baseline: a git worktree
in the temp folder, or DIR): `prepare` is what polygui-solve does before it searches (the
certificates of no solution, then the placements, pruning, symmetry plan), `first` the search
for one solution on one thread after it, each the best of N (the placements compiled afresh
each time; a search given timeout / 2N seconds), with the nodes a second of that search and
the process's peak resident memory.
`cli` is one `polygui-solve FILE --limit 1 --show 0` from a fresh process (start-up and every
core included). A process past the timeout is shown as `> S`. Prints a markdown table for
docs/benchmarks.md. Build this checkout's native kernels first (`python -m
solvers.kernels.native_build`), or its first process compiles them.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_disassembly import baseline_tree

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import GridKind, Piece, Puzzle  # noqa: E402
from solvers.puzzle.fileformat import save_puzzle  # noqa: E402

BASELINE = "6870dbb"  # where this work started
PENTOMINOES = {
    "F": ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2)), "I": tuple((0, y) for y in range(5)),
    "L": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)), "N": ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3)),
    "P": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)), "T": ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
    "U": ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1)), "V": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)),
    "W": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)), "X": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "Y": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1)), "Z": ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
}


def square(n: int = 64) -> tuple[tuple[int, int], ...]:
    return tuple(itertools.product(range(n), repeat=2))


def cases() -> dict[str, Puzzle | str]:
    """Name -> a puzzle, or the text of a meteor board picture."""
    hole = set(itertools.product(range(30, 34), repeat=2))
    cube = tuple(itertools.product(range(16), repeat=3))
    return {
        "4,096 monominoes, 64x64": Puzzle(GridKind.SQUARE, "monominoes", board=square(),
                                          pieces=(Piece("o", ((0, 0),), count=4096),)),
        "2,048 dominoes, 64x64": Puzzle(GridKind.SQUARE, "dominoes", board=square(),
                                        pieces=(Piece("d", ((0, 0), (1, 0)), count=2048),)),
        "one-piece picture, 64x64 hex": "\n".join((" " if row % 2 else "") + " ".join("0" * 64)
                                                  for row in range(64)),
        "68 of each pentomino, 64x64 less 16": Puzzle(
            GridKind.SQUARE, "pentominoes", board=tuple(c for c in square() if c not in hole),
            pieces=tuple(Piece(name, cells, count=68) for name, cells in PENTOMINOES.items())),
        "2,048 dicubes, 16x16x16": Puzzle(GridKind.CUBE, "dicubes", board=cube, pieces=(
            Piece("d", ((0, 0, 0), (1, 0, 0)), count=2048, mirror=False),)),
    }


MEASURE = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from solvers.analysis.certificates import certificates
from solvers.placements import compile as compiling
from solvers.puzzle.any_file import load_any
from solvers.search.prepare import prepare_puzzle
puzzle, repeat, budget = load_any(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
best = {}
for _ in range(repeat):
    getattr(compiling, "forget_recent", compiling._RECENT.clear)()
    start = time.perf_counter()
    certificates(puzzle)
    prepared = prepare_puzzle(puzzle)
    best["prepare"] = min(best.get("prepare", 1e9), time.perf_counter() - start)
    search = prepared.new_search()
    start = time.perf_counter()
    while not search.solutions and not search.finished and time.perf_counter() - start < budget:
        search.run(1000, solution_limit=1)
    spent = time.perf_counter() - start
    if search.solutions:
        best["first"] = min(best.get("first", 1e9), spent)
        best["rate"] = max(best.get("rate", 0), search.nodes / spent)
best["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(best))
"""


def measure(tree: Path, path: Path, repeat: int, timeout: float) -> dict | None:
    """The best times of `repeat` preparations and first solutions (none when a search found
    none in timeout / (2 repeat) seconds), None when the process outlasted `timeout`."""
    arguments = [str(tree), str(path), str(repeat), str(timeout / (2 * repeat))]
    try:
        result = subprocess.run([sys.executable, "-c", MEASURE, *arguments],
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if result.returncode:
        raise SystemExit(f"{tree} {path}: {result.stderr[-2000:]}")
    return json.loads(result.stdout)


def cli_wall(tree: Path, path: Path, timeout: float) -> float | None:
    start = time.perf_counter()
    try:
        subprocess.run([sys.executable, "-m", "solvers.cli.main", str(path), "--limit", "1",
                        "--show", "0"], cwd=tree, capture_output=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start


def shown(value: float | None, timeout: float, form: str = "{:.2f}") -> str:
    return f"> {timeout:.0f}" if value is None else form.format(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--baseline-tree", type=Path)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--only", help="comma-separated beginnings of case names")
    args = parser.parse_args()
    trees = {"this": ROOT, args.baseline: args.baseline_tree or baseline_tree(args.baseline)}
    folder = Path(tempfile.mkdtemp(prefix="polygui-limits-"))
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, best of {args.repeat}, timeout "
          f"{args.timeout:.0f} s\n")
    print("| puzzle | tree | prepare s | first solution s | nodes/s | peak MB | polygui-solve "
          "--limit 1 s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for number, (name, puzzle) in enumerate(cases().items()):
        if args.only and not any(name.startswith(part) for part in args.only.split(",")):
            continue
        path = folder / (f"{number}.txt" if isinstance(puzzle, str) else f"{number}.json")
        if isinstance(puzzle, str):
            path.write_text(puzzle + "\n")
        else:
            save_puzzle(puzzle, path)
        for label, tree in trees.items():
            found = measure(tree, path, args.repeat, args.timeout)
            wall = cli_wall(tree, path, args.timeout)
            if found is None:
                cells = [f"> {args.timeout:.0f}"] + ["—"] * 3
            else:
                first = args.timeout / (2 * args.repeat)
                cells = [f"{found['prepare']:.2f}", shown(found.get("first"), first),
                         shown(found.get("rate"), first, "{:,.0f}"), f"{found['rss']:.0f}"]
            print(f"| {name} | {label} | {' | '.join(cells)} | {shown(wall, args.timeout)} |",
                  flush=True)


if __name__ == "__main__":
    main()
