"""Time Solutions as Data (JSON and CSV) on many solutions, against a plain encoding measured in
the same run: json.dumps / csv.writer on each solution's pieces, decoded one by one. Run by
hand:

    .venv/bin/python bench/bench_export.py [PUZZLE] [SYMMETRY]

Default: Mini Bedlam, distinct (19,186 solutions; solving them first takes about 25 s).
Prints a markdown table: seconds per format (best of three) and the plain encoding's seconds
over ours; then the memory an export to a file takes at its peak (tracemalloc, one run), ours
streamed against the plain encoding's whole text written at once.
"""

from __future__ import annotations

import csv
import io
import json
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import Puzzle, Solution, solve  # noqa: E402
from solvers.output.export_data import export_solutions, solutions_to_csv, solutions_to_json  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402


def plain_records(puzzle: Puzzle, solutions: list[Solution]) -> list[dict]:
    records = []
    for s in solutions:
        copies: dict[int, int] = {}
        pieces = []
        for piece, cells in sorted(s.pieces, key=lambda item: (item[0], sorted(item[1]))):
            copies[piece] = copies.get(piece, 0) + 1
            pieces.append({"piece": puzzle.pieces[piece].name, "copy": copies[piece],
                           "cells": [list(c) for c in sorted(cells)]})
        records.append({"number": s.index + 1, "pieces": pieces})
    return records


def plain_json(puzzle: Puzzle, solutions: list[Solution]) -> str:
    return ",\n  ".join(json.dumps(r) for r in plain_records(puzzle, solutions))


def plain_csv(puzzle: Puzzle, solutions: list[Solution]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for record in plain_records(puzzle, solutions):
        for piece in record["pieces"]:
            for cell in piece["cells"]:
                writer.writerow([record["number"], piece["piece"], piece["copy"], *cell, "x"])
    return out.getvalue()


def best_of_three(work: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def peak_mib(work: Callable[[], object]) -> float:
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def main(name: str = "mini-bedlam.json", symmetry: str = "distinct") -> None:
    puzzle = load_puzzle(ROOT / "assets" / "puzzles" / name)
    solutions = [e for e in solve(puzzle, symmetry) if isinstance(e, Solution)]
    print(f"{puzzle.name}, {symmetry}: {len(solutions):,} solutions\n")
    print("| format | ours | plain encoding | plain / ours |\n|---|---:|---:|---:|")
    for label, ours, plain in [
            ("JSON", lambda: solutions_to_json(puzzle, solutions, symmetry),
             lambda: plain_json(puzzle, solutions)),
            ("CSV", lambda: solutions_to_csv(puzzle, solutions, symmetry),
             lambda: plain_csv(puzzle, solutions))]:
        mine, base = best_of_three(ours), best_of_three(plain)
        print(f"| {label} | {mine:.2f} s | {base:.2f} s | {base / mine:.1f}x |")
    print("\n| format | peak memory, ours (streamed) | plain (whole text) |\n|---|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for label, plain in [("JSON", plain_json), ("CSV", plain_csv)]:
            path = Path(folder) / f"out.{label.lower()}"
            mine = peak_mib(lambda: export_solutions(puzzle, solutions, symmetry, path))
            base = peak_mib(lambda: path.write_bytes(plain(puzzle, solutions).encode("utf-8")))
            print(f"| {label} | {mine:.1f} MiB | {base:.1f} MiB |")


if __name__ == "__main__":
    main(*sys.argv[1:3])
