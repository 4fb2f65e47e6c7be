"""The shipped tetrasticks (15 of the 16, H left out, on the 60 sticks of the 5x5 square grid):
its published count checked by running the solver, the general kernel with and without its
region check, and xcover (the PyPI exact-cover package) on the same instance, interleaved,
best of a few rounds. Run by hand:

    .venv/bin/python bench/bench_sticks.py [--rounds N] [--xcover PYTHON]

`--xcover` names a Python with xcover installed (`python3 -m venv /tmp/xc && /tmp/xc/bin/pip
install xcover`); without it xcover is left out. Both count every solution ('all'): PolyGUI
searches the distinct tree and expands each solution's orbit, xcover has no symmetry
breaking. xcover's instance is PolyGUI's own placements: items are the sticks, then one per
piece, then the crossing points as secondary items; an option per placement. Only xcover's
search is timed (its driver loads the instance and compiles first), and PolyGUI's search
(`Progress.elapsed`, placements prepared before).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search import exact_cover  # noqa: E402
from solvers.search.solve import solve  # noqa: E402
from xcover_instance import instance, xcover  # noqa: E402

PUZZLE = ROOT / "assets" / "puzzles" / "tetrasticks-5x5.json"
PUBLISHED = 72  # distinct: Knuth (Dancing Links, 2000), Polyform Puzzler's Tetrasticks6x6


def polygui(puzzle, symmetry: str, region_check: bool = True) -> tuple[int, float]:
    """(solutions, search seconds) with the kernel's region check on or off."""
    original = exact_cover.ExactCoverSearch.__init__

    def without(self, *args, **kwargs):
        kwargs["region_check"] = False
        original(self, *args, **kwargs)

    exact_cover.ExactCoverSearch.__init__ = original if region_check else without
    try:
        final = list(solve(puzzle, symmetry, count_only=True))[-1]
    finally:
        exact_cover.ExactCoverSearch.__init__ = original
    return final.solutions, final.elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--xcover", help="a Python with xcover installed")
    args = parser.parse_args()
    puzzle = load_puzzle(PUZZLE)
    list(solve(puzzle, "distinct", count_only=True, limit=1))  # kernels loaded, untimed
    runs: dict[str, list[tuple[int, float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tetrasticks.json"
        path.write_text(json.dumps(instance(puzzle)))
        for _ in range(args.rounds):
            runs.setdefault("distinct", []).append(polygui(puzzle, "distinct"))
            runs.setdefault("distinct, no region check", []).append(
                polygui(puzzle, "distinct", region_check=False))
            runs.setdefault("all", []).append(polygui(puzzle, "all"))
            if args.xcover:
                runs.setdefault("xcover, all", []).append(xcover(args.xcover, path))
    distinct = runs["distinct"][0][0]
    assert distinct == PUBLISHED, f"{distinct} distinct solutions, published {PUBLISHED}"
    every = runs["all"][0][0]
    print(f"{PUZZLE.name}: {distinct} distinct (published {PUBLISHED}), {every} in all")
    print("| run | solutions | best search s | vs PolyGUI all |")
    print("|---|---:|---:|---:|")
    best_all = min(seconds for _, seconds in runs["all"])
    for name, results in runs.items():
        counts = {count for count, _ in results}
        assert len(counts) == 1, f"{name}: counts differ between rounds: {counts}"
        if name.endswith("all"):
            assert counts == {every}, f"{name}: {counts} solutions, PolyGUI all {every}"
        best = min(seconds for _, seconds in results)
        print(f"| {name} | {counts.pop():,} | {best:.2f} | {best / best_all:.2f}x |")


if __name__ == "__main__":
    main()
