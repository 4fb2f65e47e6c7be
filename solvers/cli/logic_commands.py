"""`polygui-solve PUZZLE --steps | --rate` and `polygui-solve --rate-batch FILE`: a Sudoku
solved as people solve it, step by step, and its rating on the Sudoku Explainer scale (ER,
EP, ED)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..puzzle.model import Puzzle, PuzzleError

if TYPE_CHECKING:  # the logic is imported when a command needs it: a search never loads it
    from ..logic.batch import Rated
    from ..logic.solver import Rating
    from ..parallel.cluster_spec import ClusterSpec

# solvers.logic.profiles' names, here so that the parser needs no technique loaded (a test
# checks that they agree)
PROFILE_NAMES = ("se121", "sukaku", "full")
DEFAULT_PROFILE = "se121"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("Sudoku logic")
    group.add_argument("--steps", action="store_true",
                       help="solve the Sudoku as people do, always the easiest step, and "
                            "print each step (technique, rating, what it places or removes)")
    group.add_argument("--rate", action="store_true",
                       help="rate the Sudoku on the Sudoku Explainer scale: ER (the hardest "
                            "step), EP (up to the first placement), ED (the first step)")
    group.add_argument("--rate-batch", type=Path, metavar="FILE",
                       help="rate one Sudoku a line (blank lines and # comments skipped): "
                            "one line out each, puzzle, ER, EP, ED, seconds (--jobs N "
                            "processes, default every core; or --cluster ADDRESS)")
    group.add_argument("--profile", choices=PROFILE_NAMES, default=DEFAULT_PROFILE,
                       help="the techniques --steps, --rate and --rate-batch may use: se121 "
                            "(default, Sudoku Explainer 1.2.1's list and ratings), sukaku "
                            "(SukakuExplainer's patterns too), full (ours too)")


def run_logic(puzzle: Puzzle, steps: bool, as_json: bool,
              profile_name: str = DEFAULT_PROFILE) -> int:
    """--steps or --rate on one puzzle, with the techniques of a profile."""
    import json  # here: a count without --json never loads it (start-up)
    from ..logic.profiles import profile
    from ..logic.solver import solve_sudoku
    if not puzzle.is_sudoku:
        raise PuzzleError(f"{puzzle.name}: --steps and --rate take a Sudoku, not a "
                          f"{puzzle.kind.value} puzzle")
    grid = puzzle.sudoku
    path, rating = solve_sudoku(grid, profile(profile_name))
    if steps and not as_json:
        for number, step in enumerate(path.steps, 1):
            print(f"{number:3d}. {step.describe(grid.n)}")
    if as_json:
        result = {"puzzle": puzzle.name, **rating_fields(rating)}
        if steps:
            result["steps"] = [step.as_json(grid.n) for step in path.steps]
        print(json.dumps(result))
    else:
        print(f"{puzzle.name}: {rating_text(rating)}")
        if not rating.complete and rating.technique:
            print(f"  stopped after {len(path.steps)} steps: no technique known here applies "
                  "(chains and forcing chains are still to come); the ER is at least that")
    return 0


def rating_fields(rating: Rating) -> dict:
    return {"rating": rating.rating, "pearl": rating.pearl, "diamond": rating.diamond,
            "technique": rating.technique, "complete": rating.complete}


def rating_text(rating: Rating) -> str:
    if not rating.technique:
        return "no rating: no technique known here applies to the start"
    plus = "" if rating.complete else "+"
    hardest = f" (hardest step: {rating.technique})" if rating.technique else ""
    return (f"ER {rating.rating:.1f}{plus}, EP {rating.pearl:.1f}, "
            f"ED {rating.diamond:.1f}{hardest}")


def run_rate_batch(path: Path, as_json: bool, jobs: int,
                   profile_name: str = DEFAULT_PROFILE, cluster: ClusterSpec | None = None) -> int:
    """One line out per puzzle line of `path`, rated on `jobs` processes or on `cluster`; a
    line that is no Sudoku with one solution is named on stderr and the others are still
    rated (exit status 2 if there was one)."""
    try:
        stream = open(path, encoding="utf-8", errors="replace")
    except OSError as error:
        raise PuzzleError(f"{path}: cannot read: {error}") from error
    rated = failed = 0
    with stream:
        for result in _rated(stream, jobs, profile_name, cluster):
            if result.error:
                failed += 1
                print(f"polygui-solve: {path} line {result.line_number}: {result.error}",
                      file=sys.stderr)
                continue
            rated += 1
            print(batch_line(result, as_json), flush=True)
    if rated + failed == 0:
        raise PuzzleError(f"{path}: no Sudoku lines found")
    return 2 if failed else 0


def _rated(lines, jobs: int, profile_name: str, cluster: ClusterSpec | None):
    """The ratings of the lines, in order: on the cluster if one is given (Dask is imported
    then only), else on `jobs` processes here."""
    if cluster is not None:
        from ..parallel.rating import rate_lines_on_cluster

        return rate_lines_on_cluster(lines, cluster, profile_name)
    from ..logic.batch import rate_lines

    return rate_lines(lines, jobs, profile_name)


def batch_line(result: Rated, as_json: bool) -> str:
    import json  # here: a count without --json never loads it (start-up)
    if as_json:
        return json.dumps({"puzzle": result.puzzle, "rating": result.rating,
                           "pearl": result.pearl, "diamond": result.diamond,
                           "seconds": round(result.seconds, 6),
                           "technique": result.technique, "complete": result.complete})
    plus = "" if result.complete else "+"
    return (f"{result.puzzle}\t{result.rating:.1f}{plus}\t{result.pearl:.1f}\t"
            f"{result.diamond:.1f}\t{result.seconds:.3f}")
