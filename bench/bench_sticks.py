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
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.placements.compile import compile_placements  # noqa: E402
from solvers.placements.words import unpack_bits  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search import exact_cover  # noqa: E402
from solvers.search.solve import solve  # noqa: E402

PUZZLE = ROOT / "assets" / "puzzles" / "tetrasticks-5x5.json"
PUBLISHED = 72  # distinct: Knuth (Dancing Links, 2000), Polyform Puzzler's Tetrasticks6x6

DRIVER = """
import json, sys, time
import numpy as np
from xcover import algorithm_c
data = json.load(open(sys.argv[1]))
options, n_items, n_secondary = data["options"], data["items"], data["secondary"]
def arrays(options):
    flat = np.array([i for opt in options for i in opt], dtype=np.uint32)
    ptr = np.zeros(len(options) + 1, dtype=np.uint32)
    ptr[1:] = np.cumsum([len(opt) for opt in options])
    return flat, ptr, np.zeros(len(flat), dtype=np.uint32)
tiny = arrays([[0, 1], [2], [0], [1, 2]])
assert sum(1 for _ in algorithm_c(*tiny, np.uint32(3), np.uint32(0))) == 2
flat, ptr, colours = arrays(options)
start = time.perf_counter()
count = sum(1 for _ in algorithm_c(flat, ptr, colours, np.uint32(n_items), np.uint32(n_secondary)))
print(json.dumps({"solutions": count, "seconds": time.perf_counter() - start}))
"""


def instance(puzzle) -> dict:
    """The puzzle as an exact-cover instance: sticks, pieces, then secondary crossings."""
    placements = compile_placements(puzzle)
    cells, pieces = len(placements.cells), len(puzzle.pieces)
    bits = unpack_bits(placements.masks, placements.n_items)
    options = []
    for row in range(placements.n_rows):
        items = np.flatnonzero(bits[row]).tolist()
        sticks = [item for item in items if item < cells]
        crossings = [item + pieces for item in items if item >= cells]  # after the pieces
        options.append(sticks + [cells + int(placements.row_piece[row])] + crossings)
    return {"options": options, "items": cells + pieces + placements.extra_items,
            "secondary": placements.extra_items}


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


def xcover(python: str, path: Path) -> tuple[int, float]:
    out = subprocess.run([python, "-c", DRIVER, str(path)], capture_output=True, text=True,
                         check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["solutions"], result["seconds"]


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
