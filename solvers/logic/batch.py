"""Rating many Sudokus, one a line, on every core: each puzzle is rated in a worker process
(the solver is Python: threads would share one interpreter) and the results come back in
the file's order, a batch at a time (memory stays bounded whatever the file's length)."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from itertools import islice

from ..puzzle.model import PuzzleError
from ..puzzle.textformats import parse_sudoku_line
from ..records import record
from .profiles import DEFAULT_PROFILE, profile
from .solver import solve_sudoku
from .truth import warm_up

BATCH = 256  # puzzles handed to the workers at a time


@record
class Rated:
    """One line's result: its rating, or why it has none (`error`)."""
    line_number: int
    puzzle: str
    rating: float = 0.0
    pearl: float = 0.0
    diamond: float = 0.0
    technique: str = ""
    complete: bool = False
    seconds: float = 0.0
    error: str = ""


def rate_line(numbered: tuple[int, str], profile_name: str = DEFAULT_PROFILE) -> Rated:
    """The rating of one Sudoku line (timed: parse, uniqueness check and solve) with the
    techniques of a profile."""
    number, text = numbered
    start = time.perf_counter()
    try:
        grid = parse_sudoku_line(text).sudoku
        _, rating = solve_sudoku(grid, profile(profile_name))
    except PuzzleError as error:
        return Rated(number, text, error=str(error))
    return Rated(number, text, rating.rating, rating.pearl, rating.diamond, rating.technique,
                 rating.complete, time.perf_counter() - start)


def puzzle_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number from 1, text) of the lines that are not blank or `#` comments."""
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def rate_lines(lines: Iterable[str], jobs: int,
               profile_name: str = DEFAULT_PROFILE) -> Iterator[Rated]:
    """The rating of each puzzle line, in order, on `jobs` processes, with the techniques
    of a profile."""
    numbered = puzzle_lines(lines)
    rate = partial(rate_line, profile_name=profile_name)
    if jobs <= 1:
        warm_up()
        yield from map(rate, numbered)
        return
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=warm_up) as pool:
        while batch := list(islice(numbered, BATCH)):
            yield from pool.map(rate, batch, chunksize=max(1, len(batch) // (4 * jobs)))
