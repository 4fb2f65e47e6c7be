"""The estimate before solving against the truth, on every shipped puzzle. Run by hand:

    .venv/bin/python bench/bench_estimate.py [--seeds N] [--seconds S] [--quick]

For each puzzle and count: the truth from the single-thread search (`count_solutions`: its
solutions, nodes and search seconds), then the estimate of `--seconds` (default 1) with N
seeds (default 3). Prints a markdown table: the estimate of the solutions, nodes and time
against the truth (ratio estimate / truth; a range marked `in` holds the truth), and at the
end the median ratios and how many ranges held the truth. `--quick` skips Mini Bedlam.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.analysis.estimate import Range, estimate  # noqa: E402
from solvers.analysis.wording import rounded  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search.solve import count_solutions  # noqa: E402

ASSETS = ROOT / "assets" / "puzzles"
CASES = [("meteor", "distinct"), ("meteor", "all"), ("soma", "distinct"), ("soma", "all"),
         ("pentominoes-6x10", "distinct"), ("pentominoes-6x10", "all"),
         ("pentominoes-5x12", "distinct"), ("pentominoes-3x20", "distinct"),
         ("no-solution", "distinct"), ("sudoku-reference", "distinct"),
         ("sudoku-hard", "distinct"), ("sudoku-16x16", "distinct"),
         ("sudoku-4x4-empty", "distinct"), ("mini-bedlam", "distinct"), ("mini-bedlam", "all")]


def ratio(estimated: float, truth: float) -> float:
    if truth == 0:
        return 1.0 if estimated == 0 else float("inf")
    return estimated / truth


def shown(found: Range, truth: float) -> str:
    inside = "in" if found.low <= truth <= found.high else "**out**"
    if found.low == found.high:
        return f"{found.value:,.0f} (exact) {inside}"
    return (f"{rounded(found.value):,} ({rounded(found.low):,}-{rounded(found.high):,}) "
            f"{inside}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print("| puzzle | count | solutions | estimated (range) | ratio | nodes | estimated "
          "(range) | search s | estimated s | exact |")
    print("|---|---|---:|---|---:|---:|---|---:|---:|---|")
    ratios: dict[str, list[float]] = {"solutions": [], "nodes": [], "seconds": []}
    held = total = 0
    for name, mode in CASES:
        if args.quick and name == "mini-bedlam":
            continue
        puzzle = load_puzzle(ASSETS / f"{name}.json")
        truth = count_solutions(puzzle, mode)
        for seed in range(args.seeds):
            found = estimate(puzzle, mode, seconds=args.seconds, seed=seed)
            total += 1
            held += found.solutions.low <= truth.solutions <= found.solutions.high
            for key, real in (("solutions", truth.solutions), ("nodes", truth.nodes),
                              ("seconds", truth.elapsed)):
                ratios[key].append(ratio(getattr(found, key).value, real))
            print(f"| {name} | {mode} | {truth.solutions:,} | "
                  f"{shown(found.solutions, truth.solutions)} | "
                  f"{ratio(found.solutions.value, truth.solutions):.2f} | {truth.nodes:,} | "
                  f"{shown(found.nodes, truth.nodes)} | {truth.elapsed:.2f} | "
                  f"{found.seconds.value:.2f} ({found.seconds.low:.2f}-{found.seconds.high:.2f}) "
                  f"| {'yes' if found.exact else 'no'} |", flush=True)
    print()
    for key, values in ratios.items():
        print(f"median ratio estimate / truth, {key}: {statistics.median(values):.2f}; "
              f"within 2x: {sum(0.5 <= v <= 2 for v in values)} of {len(values)}")
    print(f"ranges holding the true number of solutions: {held} of {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
