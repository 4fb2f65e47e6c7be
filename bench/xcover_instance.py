"""xcover (the PyPI exact-cover package, Knuth's algorithm C in numba) timed on PolyGUI's own
placements, for the benchmarks that compare with it (bench_sticks.py, bench_spheres.py): the
instance's items are the board's cells, then one per piece, then the puzzle's secondary
items (a stick grid's crossing points); an option per placement. Only xcover's search is
timed: its driver loads the instance and compiles its kernel on a tiny instance first.
`python` names an interpreter with xcover installed (`python3 -m venv /tmp/xc &&
/tmp/xc/bin/pip install xcover`): it is not one of PolyGUI's dependencies.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np

from solvers.placements.compile import compile_placements
from solvers.placements.words import unpack_bits

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
    """The puzzle as an exact-cover instance: cells, pieces, then secondary items."""
    placements = compile_placements(puzzle)
    cells, pieces = len(placements.cells), len(puzzle.pieces)
    bits = unpack_bits(placements.masks, placements.n_items)
    options = []
    for row in range(placements.n_rows):
        items = np.flatnonzero(bits[row]).tolist()
        covered = [item for item in items if item < cells]
        secondary = [item + pieces for item in items if item >= cells]  # after the pieces
        options.append(covered + [cells + int(placements.row_piece[row])] + secondary)
    return {"options": options, "items": cells + pieces + placements.extra_items,
            "secondary": placements.extra_items}


def xcover(python: str, path: Path, timeout: float | None = None) -> tuple[int, float]:
    """(solutions, search seconds) of xcover on the instance file at `path`; TimeoutError
    after `timeout` seconds."""
    try:
        out = subprocess.run([python, "-c", DRIVER, str(path)], capture_output=True,
                             text=True, check=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        raise TimeoutError(f"xcover ran past {timeout:.0f} s") from None
    result = json.loads(out.strip().splitlines()[-1])
    return result["solutions"], result["seconds"]
