"""`polygui-solve PUZZLE --where FILE.csv` and `--unique`: the app's Where Pieces Go (the CSV
of how often each piece covers each cell, or each digit lands in each cell, over the solutions
found) and its Uniqueness Designer (the fewest pins or givens that leave exactly one solution,
verified; for a unique Sudoku, the givens that can go)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..output.kept import KeptSolutions
from ..puzzle.model import SUDOKU_SYMBOLS, Puzzle, PuzzleError
from ..puzzle.sudoku_rules import cell_name

NOTHING_TO_PROPOSE = 1  # the exit status when the designer has nothing to say (no solution...)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("designing")
    group.add_argument("--where", type=Path, metavar="FILE.csv",
                       help="write where pieces go over the solutions found (--limit, "
                            "--symmetry), as the app's Where Pieces Go exports it: a row per "
                            "piece and cell (a Sudoku: per cell and digit) with the number "
                            "and share of solutions")
    group.add_argument("--unique", action="store_true",
                       help="propose the fewest pinned pieces (a Sudoku: extra givens) that "
                            "leave exactly one solution, verified by a solve; for a Sudoku "
                            "with one solution, say which givens can go")
    group.add_argument("--save-unique", type=Path, metavar="FILE.json",
                       help="with --unique: write the puzzle with the proposal applied")


def write_where(puzzle: Puzzle, kept: KeptSolutions, path: Path) -> str:
    """Tally the kept solutions and write the CSV atomically; the line to print."""
    from ..analysis.statistics import digit_statistics, piece_statistics, save_statistics_csv

    if puzzle.is_sudoku:
        stats = digit_statistics(puzzle, kept.chunks())
    else:
        placements = kept.placements()
        if placements is None:  # no solution handed its placements over
            from ..placements.compile import compile_placements

            placements = compile_placements(puzzle)
        stats = piece_statistics(puzzle, placements, kept.chunks())
    save_statistics_csv(stats, path)
    what = "digits land" if puzzle.is_sudoku else "pieces go"
    count = f"{stats.solutions:,} solution{'s' * (stats.solutions != 1)}"
    return f"wrote where {what} over {count} to {path}"


def run_unique(puzzle: Puzzle, as_json: bool, save: Path | None = None) -> int:
    """Print what the uniqueness designer proposes (0), or why it proposes nothing (1)."""
    import json  # here: a count without --json never loads it (start-up)
    from ..analysis.unique_wording import describe
    from ..analysis.uniqueness import Removal, design

    try:
        result = design(puzzle)
    except PuzzleError as error:  # no solution, or one already: an answer, not bad input
        print(f"{puzzle.name}: nothing to propose: {error}")
        if as_json:
            print(json.dumps({"puzzle": puzzle.name, "result": "none", "reason": str(error)}))
        return NOTHING_TO_PROPOSE
    print(f"{puzzle.name}: {describe(result, puzzle)}")
    if save is not None and (not isinstance(result, Removal) or result.together):
        from ..puzzle.fileformat import save_puzzle

        save_puzzle(result.puzzle, save)
        change = "those givens taken away" if isinstance(result, Removal) else "the proposal"
        print(f"wrote the puzzle with {change} to {save}")
    if as_json:
        print(json.dumps({"puzzle": puzzle.name, **unique_json(result, puzzle)}))
    return 0


def unique_json(result, puzzle: Puzzle) -> dict:
    """The designer's result as JSON: pins as the file writes them, cells as 'r1c2'."""
    from ..analysis.uniqueness import Removal
    from ..puzzle.pins import pins_to_data

    if isinstance(result, Removal):
        n = puzzle.sudoku.n
        return {"result": "removable", "minimal": not result.removable,
                "removable": [cell_name(n, c) for c in result.removable],
                "together": [cell_name(n, c) for c in result.together]}
    found = {"smallest": result.smallest, "solutions_considered": result.solutions_considered,
             "every_solution": result.every_solution, "verified": True}
    if puzzle.is_sudoku:
        n = puzzle.sudoku.n
        givens = [{"cell": cell_name(n, cell), "value": SUDOKU_SYMBOLS[value - 1]}
                  for cell, value in result.givens]
        return {"result": "givens", "givens": givens, **found}
    return {"result": "pins", "pins": pins_to_data(result.pins), **found}
