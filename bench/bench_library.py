"""Solve every entry of the puzzle library and compare with its published counts. Run by hand:

    .venv/bin/python bench/bench_library.py [--only ID,ID] [--skip-over SECONDS] [--write]

For each entry: the estimate (one thread, `solvers.estimate`, its seconds are the entry's
difficulty; `--write` stores them in assets/library/*.json), then every recorded mode
counted twice: by the kernel the app picks and by the general exact-cover kernel (a Sudoku:
by the Sudoku kernel and by a plain backtracking count here, for the classic grids). An entry
whose estimate is over `--skip-over` seconds is not counted (listed as skipped), unless its
counts are all 0 and a certificate (a colouring argument, a cell no piece covers) proves it
has no solution: it is then listed as proved. Prints a dated markdown table (entries,
agreed, proved, disagreed with the counts, seconds) for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import estimate  # noqa: E402
from solvers.analysis.certificates import certificates  # noqa: E402
from solvers.library import LibraryEntry, library_dir, load_library  # noqa: E402
from solvers.puzzle.model import Puzzle, PuzzleError  # noqa: E402
from solvers.search.solve import count_solutions  # noqa: E402 (takes kernel=)


def backtracking_count(puzzle: Puzzle, limit: int = 2) -> int | None:
    """Solutions of a classic Sudoku (rows, columns, boxes only), up to `limit`; None for a
    variant (its rules are not this count's)."""
    grid = puzzle.sudoku
    if grid.regions or grid.diagonals or grid.cages:
        return None
    n, br, bc = grid.n, grid.box_rows, grid.box_cols
    cells = list(grid.givens)
    full = (1 << n) - 1
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    for i, value in enumerate(cells):
        if value:
            bit = 1 << (value - 1)
            rows[i // n] |= bit
            cols[i % n] |= bit
            boxes[(i // n) // br * br + (i % n) // bc] |= bit
    empty = [i for i, value in enumerate(cells) if not value]

    def search(found: int) -> int:
        best, best_free = -1, None
        for i in empty:
            if cells[i]:
                continue
            r, c = i // n, i % n
            free = full & ~(rows[r] | cols[c] | boxes[r // br * br + c // bc])
            if best_free is None or bin(free).count("1") < bin(best_free).count("1"):
                best, best_free = i, free
                if not free:
                    return found
        if best < 0:
            return found + 1
        r, c = best // n, best % n
        b = r // br * br + c // bc
        while best_free and found < limit:
            bit = best_free & -best_free
            best_free ^= bit
            cells[best] = bit.bit_length()
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            found = search(found)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            cells[best] = 0
        return found

    return search(0)


def counted(puzzle: Puzzle, mode: str, kernel: str = "auto") -> int:
    """The solutions counted; 0 when preparing the search already proves there are none
    (a piece that fits nowhere: the app says so before searching)."""
    try:
        return count_solutions(puzzle, mode, kernel=kernel).solutions
    except PuzzleError:
        return 0


def first_solution_found(puzzle: Puzzle, kernel: str) -> bool:
    """Whether the search finds a solution (it stops at the first)."""
    return count_solutions(puzzle, "distinct", limit=1, kernel=kernel).solutions == 1


def check(entry: LibraryEntry, skip_over: float) -> dict:
    puzzle = entry.puzzle()
    if entry.uncounted:  # many solutions, never counted: one found by each kernel
        guessed = estimate(puzzle, "distinct", seconds=1.0).seconds.value  # to count them all
        started = time.perf_counter()
        found = {kernel: first_solution_found(puzzle, kernel) for kernel in ("auto", "general")}
        return {"id": entry.id, "estimate": guessed, "seconds": time.perf_counter() - started,
                "modes": {"a solution": {"published": "many", **found}}, "uncounted": True}
    mode = next(iter(entry.counts))
    try:
        guessed = estimate(puzzle, mode, seconds=1.0).seconds.value
    except PuzzleError:  # none, proved before searching
        guessed = 0.0
    row = {"id": entry.id, "estimate": guessed, "modes": {}, "seconds": 0.0}
    if not puzzle.is_sudoku and not any(entry.counts.values()):
        proofs = certificates(puzzle)
        row["certificate"] = proofs[0].text if proofs else ""
    if guessed > skip_over:
        row["proved" if row.get("certificate") else "skipped"] = True
        return row
    started = time.perf_counter()
    for mode, published in entry.counts.items():
        first = counted(puzzle, mode)
        if puzzle.is_sudoku:
            second = backtracking_count(puzzle, published + 1) if published <= 10_000 else None
            second_name = "backtracking" if second is not None else "none"
        else:
            second = counted(puzzle, mode, kernel="general")
            second_name = "general"
        row["modes"][mode] = {"published": published, "auto": first, "second": second,
                              "second_kernel": second_name}
    row["seconds"] = time.perf_counter() - started
    return row


def verdict(row: dict) -> str:
    for flag in ("skipped", "proved"):
        if row.get(flag):
            return flag
    if row.get("uncounted"):
        return "agreed" if all(row["modes"]["a solution"][k] for k in ("auto", "general")) \
            else "disagreed"
    for result in row["modes"].values():
        counts = {result["auto"]} | ({result["second"]} if result["second"] is not None else set())
        if counts != {result["published"]}:
            return "disagreed"
    return "agreed"


def write_seconds(rows: list[dict]) -> None:
    """Store each entry's estimate seconds (its difficulty) in the library files."""
    found = {row["id"]: round(row["estimate"], 3) for row in rows}
    for path in sorted(library_dir().glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for item in data["entries"]:
            if item["id"] in found:
                item["seconds"] = found[item["id"]]
        lines = ['{', '  "format": "polygui-library",', '  "version": 1,', '  "entries": [',
                 ",\n".join("    " + json.dumps(item, ensure_ascii=False)
                            for item in data["entries"]), '  ]', '}']
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def table(rows: list[dict], kinds: dict[str, str]) -> str:
    """The dated markdown table: per grid, entries, agreed, proved none by a certificate,
    disagreed, skipped, seconds."""
    lines = [f"### {datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M')}", "",
             "| grid | entries | agreed | proved none | disagreed | skipped "
             "| counting, s (both kernels) | slowest |", "|---|---:|---:|---:|---:|---:|---:|---|"]
    for kind in [*dict.fromkeys(kinds[row["id"]] for row in rows), "all"]:
        chosen = [row for row in rows if kind == "all" or kinds[row["id"]] == kind]
        tally = {v: sum(row["verdict"] == v for row in chosen)
                 for v in ("agreed", "proved", "disagreed", "skipped")}
        slowest = max(chosen, key=lambda row: row["seconds"])
        lines.append(f"| {kind} | {len(chosen)} | {tally['agreed']} | {tally['proved']} "
                     f"| {tally['disagreed']} "
                     f"| {tally['skipped']} | {sum(row['seconds'] for row in chosen):.1f} "
                     f"| {slowest['id']} ({slowest['seconds']:.1f} s) |")
    lines.append("")
    lines += [f"- {row['id']}: {row['verdict']} {json.dumps(row['modes'])}"
              for row in rows if row["verdict"] not in ("agreed", "proved")]
    lines += [f"- {row['id']}: proved none, not searched: {row['certificate']}"
              for row in rows if row["verdict"] == "proved"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated entry ids")
    parser.add_argument("--skip-over", type=float, default=600.0,
                        help="skip entries whose estimate is over this many seconds")
    parser.add_argument("--write", action="store_true", help="store the estimates' seconds")
    parser.add_argument("--from-log", type=Path,
                        help="print the table of an earlier run's rows (its stderr) only")
    args = parser.parse_args()
    wanted = set(filter(None, args.only.split(",")))
    entries = [e for e in load_library() if not wanted or e.id in wanted]
    kinds = {entry.id: entry.kind.value for entry in entries}
    if args.from_log:
        rows = [json.loads(line) for line in args.from_log.read_text().splitlines()
                if line.startswith("{")]
        print(table([row for row in rows if row["id"] in kinds], kinds))
        return
    rows = []
    for entry in entries:
        row = check(entry, args.skip_over)
        row["verdict"] = verdict(row)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    if args.write:
        write_seconds(rows)
    print(table(rows, kinds))


if __name__ == "__main__":
    main()
