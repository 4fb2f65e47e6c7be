"""The calendar puzzle as a family (issue 36): all 366 dates counted on 1 and on 2 threads,
every date's count confirmed by a second kernel. Run by hand:

    .venv/bin/python bench/bench_family.py [--symmetry distinct] [--second general]

Prints a markdown table for docs/benchmarks.md: the wall time of each run (the family run
of `solve_family`, kernel "auto"), the totals, the fewest and the most, and whether every
date's count is the same on 1 thread, on 2, and by the second kernel (forced, one thread).
Exits 1 when any count differs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.parallel.family import MemberResult, solve_family  # noqa: E402
from solvers.puzzle.family import family_of  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search.choice import choose_kernel  # noqa: E402
from solvers.placements.compile import compile_placements  # noqa: E402

CALENDAR = ROOT / "assets" / "puzzles" / "calendar.json"


def counted(family, symmetry: str, jobs: int, kernel: str) -> tuple[float, dict[str, int]]:
    """(wall seconds, date -> solutions) of one family run."""
    start = time.perf_counter()
    counts = {}
    for event in solve_family(family, symmetry, jobs=jobs, kernel=kernel):
        if isinstance(event, MemberResult):
            assert event.complete, event
            counts[event.name] = event.solutions
    return time.perf_counter() - start, counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--symmetry", default="distinct")
    parser.add_argument("--second", default="general", choices=("general", "live", "bitboard"),
                        help="the kernel that confirms every count (default general)")
    args = parser.parse_args()
    family = family_of(load_puzzle(CALENDAR))
    first = family.members[0].puzzle
    auto = choose_kernel(first, compile_placements(first), "auto")
    counted(family, args.symmetry, 1, "auto")  # the kernels compiled and loaded once
    runs = {}
    for label, jobs, kernel in (("1 thread", 1, "auto"), ("2 threads", 2, "auto"),
                                (f"1 thread, {args.second} kernel", 1, args.second)):
        runs[label] = counted(family, args.symmetry, jobs, kernel)
    reference = runs["1 thread"][1]
    same = {label: counts == reference for label, (_, counts) in runs.items()}
    total = sum(reference.values())
    fewest, most = min(reference.values()), max(reference.values())
    print(f"calendar, {len(reference)} dates [{args.symmetry}], auto kernel: {auto} "
          f"(or the interpreted tier on small trees)\n")
    print("| run | wall s | total | a date | fewest | most | without a solution | "
          "every date the same as 1 thread |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for label, (seconds, counts) in runs.items():
        print(f"| {label} | {seconds:.2f} | {sum(counts.values()):,} | "
              f"{sum(counts.values()) / len(counts):.1f} | {min(counts.values())} | "
              f"{max(counts.values())} | {sum(1 for c in counts.values() if c == 0)} | "
              f"{'yes' if same[label] else 'NO'} |")
    names = lambda value: ", ".join(n for n, c in reference.items() if c == value)  # noqa: E731
    print(f"\ntotal {total:,}; fewest {fewest} ({names(fewest)}); most {most} ({names(most)})")
    return 0 if all(same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
