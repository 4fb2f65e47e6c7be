"""Generate a Sudoku with one solution, rated in a difficulty band.

A try: a random full grid (and for a jigsaw its random regions, for a killer its cages from
that grid); the givens removed in random symmetric orbits while the solution stays unique
(an orbit that cannot go stays: the givens are then minimal, up to the symmetry); for a
puzzle that need not be minimal, a few orbits put back; then the logical rating, stopped as
soon as a step is harder than the band. A try out of the band starts over, until a time
limit or a count of tries: a band beyond the logical solver's reach is said so, not spun on.

A killer is rated by its givens alone (cage techniques are not written yet): with a band it
keeps the givens of a puzzle in the band (its cages only make it easier); without one, the
givens go while the cages keep the solution unique (often all of them).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

from ..puzzle.cancel import Cancelled
from ..puzzle.model import PuzzleError, SudokuGrid
from ..puzzle.textformats import format_sudoku_line
from ..records import record
from .board import Board
from .killer import killer_board, with_cages
from .generate_grids import random_jigsaw, random_cages, random_solution, solution_count
from .rating_bands import Band, in_band, level_of, reach
from .solver import LogicPath, Rating, apply, rate_path
from .techniques import TECHNIQUES, next_step

SYMMETRIES = ("none", "rotational", "mirror", "diagonal")
VARIANTS = ("classic", "x", "jigsaw", "killer")
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}


class GenerationFailed(PuzzleError):
    """No puzzle in the band within the time or the tries allowed (the message says why)."""


@record
class GenerateSpec:
    size: int = 9
    variant: str = "classic"
    symmetry: str = "none"
    minimal: bool = True
    band: Band | None = None
    seconds: float = 60.0  # per puzzle
    tries: int = 100_000

    def check(self) -> None:
        """PuzzleError naming the first bad setting."""
        if self.size not in BOXES:
            raise PuzzleError(f"size {self.size}: use one of {', '.join(map(str, BOXES))}")
        if self.variant not in VARIANTS:
            raise PuzzleError(f"variant {self.variant!r}: use one of {', '.join(VARIANTS)}")
        if self.symmetry not in SYMMETRIES:
            raise PuzzleError(f"symmetry {self.symmetry!r}: use one of {', '.join(SYMMETRIES)}")


@record
class Generated:
    grid: SudokuGrid  # the puzzle: its givens and its rules (regions, diagonals, cages)
    solution: tuple[int, ...]
    rating: Rating
    tries: int
    seconds: float

    @property
    def line(self) -> str:
        return format_sudoku_line(self.grid.givens)


Progress = Callable[[int], None]  # the tries so far


def generate(spec: GenerateSpec, rng: random.Random, stop: Callable[[], bool] = lambda: False,
             progress: Progress | None = None) -> Generated | None:
    """One puzzle of `spec`; None when `stop()` turned true (checked between the counts of a
    try too: a 16x16 try takes seconds); GenerationFailed past the time or the tries
    allowed."""
    spec.check()
    started = time.perf_counter()
    tries = 0
    while not stop():
        elapsed = time.perf_counter() - started
        if tries >= spec.tries or elapsed >= spec.seconds:
            raise GenerationFailed(failure_text(spec, tries, elapsed))
        tries += 1
        if progress is not None:
            progress(tries)
        try:
            made = _one_try(spec, rng, stop)
        except Cancelled:
            return None
        if made is not None:
            grid, solution, rating = made
            return Generated(grid, solution, rating, tries, time.perf_counter() - started)
    return None


def failure_text(spec: GenerateSpec, tries: int, seconds: float) -> str:
    text = f"no puzzle rated {spec.band} found in {tries:,} tries ({seconds:.0f} s)"
    if spec.band is not None and spec.band.low > reach():
        return (f"{text}: ratings above {reach():.1f} need techniques the logical solver does "
                "not have yet (chains, forcing chains); choose a lower band")
    if spec.minimal and spec.variant in ("x", "jigsaw"):
        return (f"{text}: minimal {spec.variant} puzzles nearly all need techniques the "
                "logical solver does not have yet; ask for one that is not minimal")
    return f"{text}: such puzzles are rare; widen the band or allow more time"


def _one_try(spec: GenerateSpec, rng: random.Random,
             stop: Callable[[], bool]) -> tuple[SudokuGrid, tuple, Rating] | None:
    box_rows, box_cols = BOXES[spec.size]
    n = spec.size
    empty = (0,) * (n * n)
    if spec.variant == "jigsaw":
        regions, solution = random_jigsaw(n, box_rows, box_cols, rng)
        rules = SudokuGrid(box_rows, box_cols, empty, regions)
    else:
        rules = SudokuGrid(box_rows, box_cols, empty, diagonals=spec.variant == "x")
        solution = random_solution(rules, rng)
        if solution is None:
            return None
    cages = random_cages(n, solution, rng) if spec.variant == "killer" else ()
    if cages and spec.band is None:  # givens optional: the cages decide
        rules = replace(rules, cages=cages)
    givens = carve(rules, solution, spec.symmetry, spec.minimal, rng, spec.band, stop)
    grid = replace(rules, givens=tuple(givens))
    rating = rate_within(grid, spec.band)
    if rating is None or not in_band(rating, spec.band):
        return None
    if cages:
        grid = replace(grid, cages=cages)
    return grid, tuple(solution), rating


def orbits(n: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells in orbits of the givens' symmetry: a cell with its images (rotational: by
    a half turn; mirror: left to right; diagonal: across the main diagonal)."""
    image = {"none": lambda r, c: (r, c), "rotational": lambda r, c: (n - 1 - r, n - 1 - c),
             "mirror": lambda r, c: (r, n - 1 - c), "diagonal": lambda r, c: (c, r)}[symmetry]
    seen: set[int] = set()
    result = []
    for cell in range(n * n):
        if cell not in seen:
            row, col = divmod(cell, n)
            other = image(row, col)
            orbit = tuple(sorted({cell, other[0] * n + other[1]}))
            seen.update(orbit)
            result.append(orbit)
    return result


def carve(rules: SudokuGrid, solution: list[int], symmetry: str, minimal: bool,
          rng: random.Random, band: Band | None = None,
          stop: Callable[[], bool] = lambda: False) -> list[int]:
    """The givens left of `solution` when random orbits go while the solution stays unique
    under `rules`. Not minimal: with a band that has a top, an orbit also stays when without
    it the puzzle would be rated above the band (the fewest givens the band allows; minimal
    X and jigsaw puzzles nearly all need chains); without one, about n/3 orbits put back.
    Cancelled when `stop()` turns true."""
    givens = list(solution)
    cells = orbits(rules.n, symmetry)
    rng.shuffle(cells)
    guided = not minimal and band is not None and not band.open_top
    removed = []
    for orbit in cells:
        if stop():
            raise Cancelled
        for cell in orbit:
            givens[cell] = 0
        if solution_count(rules, givens) == 1 and (
                not guided or rate_within(replace(rules, givens=tuple(givens)), band)):
            removed.append(orbit)
        else:
            for cell in orbit:
                givens[cell] = solution[cell]
    if not minimal and not guided:
        for orbit in rng.sample(removed, min(len(removed), max(1, rules.n // 3))):
            for cell in orbit:
                givens[cell] = solution[cell]
    return givens


def rate_within(grid: SudokuGrid, band: Band | None) -> Rating | None:
    """The rating of the grid's easiest-step path (its cages' techniques too, if it has
    cages); None as soon as it is known to be harder
    than the band allows (a step above it, or no step among the techniques rated within it:
    the rest of the path is not worth solving)."""
    limit = band.high if band is not None else float("inf")
    every = with_cages(TECHNIQUES) if grid.cages else TECHNIQUES
    techniques = tuple(technique for technique in every if technique.rating <= limit)
    board = killer_board(grid) if grid.cages else Board.from_grid(grid)
    steps = []
    while not board.solved:
        step = next_step(board, techniques)
        if step is None:
            if len(techniques) < len(every):
                return None
            break
        if step.rating > limit:
            return None
        apply(board, step)
        steps.append(step)
    return rate_path(LogicPath(tuple(steps), board.solved, board))


def describe(made: Generated, spec: GenerateSpec, seed: object = None) -> str:
    """One line for the puzzle's description: its rating and how it was made."""
    rating = made.rating
    plus = "" if rating.complete else "+"
    hardest = f" (hardest step: {rating.technique})" if rating.technique else ""
    givens = sum(1 for value in made.grid.givens if value)
    parts = [f"ER {rating.rating:.1f}{plus}, EP {rating.pearl:.1f}, ED {rating.diamond:.1f}"
             f"{hardest}, level {level_of(rating)}",
             f"generated {spec.variant} {spec.size}x{spec.size}, {givens} givens",
             f"symmetry {spec.symmetry}", "minimal" if spec.minimal else "not minimal"]
    if spec.variant == "killer" and spec.band is not None:
        parts.append("rated on its givens, without the cages")
    if seed is not None:
        parts.append(f"seed {seed}")
    return "; ".join(parts) + "."
