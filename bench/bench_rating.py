"""The logical solver's ratings against Sudoku Explainer's, and its time per puzzle against
serate's recorded seconds. Run by hand:

    .venv/bin/python bench/bench_rating.py [--data DIR] [--sets easy200,top95] [--limit K]
                                           [--repeat N]

--data is the folder of the rated TSVs (default bench/data/sudoku-rated: puzzle, ER,
EP, ED, seconds[, ER_tech...]; its README says how they were measured). Each puzzle is rated
in this process, one thread (as serate ran), timed from its line to its rating (uniqueness
check included; with --repeat N, the fastest of N runs). Prints, per set and per reference rater, a markdown table row: puzzles,
the same ER among those the reference rates below 6.0 (no chains), the share with the same
ER and within 0.2 of all, the goal's split (same ER up to 9.0, within 0.5 above), how many
paths the techniques here could not finish (their ER is a lower bound), the mean time per
puzzle on the finished paths against serate's on the same puzzles (each reference is
compared with the profile of ours that matches it: se121 for SE 1.2.1, sukaku for
SukakuExplainer); then the largest
differences on finished paths with the hardest steps on both sides.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from solvers.logic.batch import rate_line  # noqa: E402
from solvers.logic.truth import warm_up  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "sudoku-rated"
RATERS = {"se121": "Sudoku Explainer 1.2.1", "sukaku": "SukakuExplainer 1.18.1"}
PROFILE_OF = {"se121": "se121", "sukaku": "sukaku"}  # our technique profile for each rater


@dataclass
class Row:
    puzzle: str
    er: float
    ep: float
    ed: float
    seconds: float
    technique: str


def read_tsv(path: Path, limit: int | None) -> list[Row]:
    with open(path, encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t"))[:limit]
    return [Row(r["puzzle"], float(r["ER"]), float(r["EP"]), float(r["ED"]),
                float(r["seconds"]), r.get("ER_tech", "")) for r in rows]


def fastest(puzzle: str, profile_name: str, repeat: int):
    """The puzzle's rating, timed as its fastest of `repeat` runs."""
    runs = [rate_line((0, puzzle), profile_name) for _ in range(repeat)]
    return min(runs, key=lambda rated: rated.seconds)


def table_row(name: str, rater: str, ours: dict, theirs: list[Row]) -> str:
    def same(rows):
        return sum(ours[r.puzzle].rating == r.er for r in rows)

    def near(rows, gap):
        return sum(abs(ours[r.puzzle].rating - r.er) <= gap + 1e-9 for r in rows)

    basic = [r for r in theirs if r.er < 6.0]
    low = [r for r in theirs if r.er <= 9.0]
    high = [r for r in theirs if r.er > 9.0]
    finished = [r for r in theirs if ours[r.puzzle].complete]
    mine = statistics.mean(ours[r.puzzle].seconds for r in finished)
    serate = statistics.mean(r.seconds for r in finished)
    total = len(theirs)
    return (f"| {name} | {RATERS[rater]} ({PROFILE_OF[rater]}) | {total} | {same(basic)}/{len(basic)} | "
            f"{same(theirs) / total:.0%} | {near(theirs, 0.2) / total:.0%} | "
            f"{same(low)}/{len(low)} | {near(high, 0.5)}/{len(high)} | "
            f"{total - len(finished)} | {mine * 1000:.1f} ms | {serate * 1000:.0f} ms | "
            f"{serate / mine:.1f}x |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--sets", default="easy200,top95")
    parser.add_argument("--limit", type=int, default=None, help="the first K puzzles a set")
    parser.add_argument("--worst", type=int, default=8, help="largest differences shown")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rate each puzzle this many times, its fastest time counts")
    args = parser.parse_args()
    warm_up()
    print("| set | reference | puzzles | same ER, theirs < 6.0 | same ER | within 0.2 | "
          "same ER, theirs <= 9.0 | within 0.5, theirs > 9.0 | paths unfinished | "
          "our mean s, finished paths | serate's, same puzzles | ratio |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    differences = []
    for name in args.sets.split(","):
        for rater in RATERS:
            theirs = read_tsv(args.data / f"{name}.{rater}.tsv", args.limit)
            ours = {row.puzzle: fastest(row.puzzle, PROFILE_OF[rater], args.repeat)
                    for row in theirs}
            differences += [(abs(ours[r.puzzle].rating - r.er), name, rater, r,
                             ours[r.puzzle]) for r in theirs if ours[r.puzzle].complete]
            print(table_row(name, rater, ours, theirs), flush=True)
    print("\nLargest differences on finished paths (ours vs theirs):")
    differences.sort(key=lambda item: -item[0])
    for gap, name, rater, theirs, mine in differences[:args.worst]:
        if gap:
            print(f"- {name} {rater} {theirs.puzzle}: ours {mine.rating:.1f} "
                  f"({mine.technique}), theirs {theirs.er:.1f} ({theirs.technique or '?'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
