"""The logical solver's full paths on the rated sets, written down or compared with ones
written before: a speed change must not change a single step. Run by hand:

    .venv/bin/python bench/check_logic_paths.py --write /tmp/paths.txt   # before
    .venv/bin/python bench/check_logic_paths.py --compare /tmp/paths.txt # after

Every puzzle of every set (each once), with every technique profile: one line a step (its
technique, rating, effects and proof), so any change of technique, step or order shows.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from solvers.logic.board import Board  # noqa: E402
from solvers.logic.profiles import PROFILES  # noqa: E402
from solvers.logic.solver import solve_logically  # noqa: E402
from solvers.puzzle.textformats import parse_sudoku_line  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "sudoku-rated"


def puzzles(data: Path, sets: list[str]) -> list[str]:
    """The puzzles of the sets' TSVs (every rater's file), each once, in file order."""
    seen: dict[str, None] = {}
    for name in sets:
        for path in sorted(data.glob(f"{name}.*.tsv")):
            with open(path, encoding="utf-8") as stream:
                for row in csv.DictReader(stream, delimiter="\t"):
                    seen.setdefault(row["puzzle"])
    return list(seen)


def path_lines(puzzle: str) -> list[str]:
    """One line a step of each profile's path (and whether it solved the grid)."""
    grid = parse_sudoku_line(puzzle).sudoku
    lines = []
    for name, techniques in PROFILES.items():
        path = solve_logically(Board.from_grid(grid), techniques)
        lines += [f"{puzzle} {name} {index} {step!r}" for index, step in enumerate(path.steps)]
        lines.append(f"{puzzle} {name} solved={path.solved}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--sets", default="easy200,top95")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, help="write the paths to this file")
    action.add_argument("--compare", type=Path, help="compare the paths with this file")
    args = parser.parse_args()
    lines = [line for puzzle in puzzles(args.data, args.sets.split(","))
             for line in path_lines(puzzle)]
    if args.write:
        args.write.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{len(lines)} lines written to {args.write}")
        return 0
    before = args.compare.read_text(encoding="utf-8").splitlines()
    if before == lines:
        print(f"same paths: {len(lines)} lines")
        return 0
    for index, (old, new) in enumerate(zip(before, lines)):
        if old != new:
            print(f"first difference, line {index + 1}:\n- {old}\n+ {new}")
            break
    else:
        print(f"lengths differ: {len(before)} lines before, {len(lines)} now")
    return 1


if __name__ == "__main__":
    sys.exit(main())
