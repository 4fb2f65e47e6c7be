"""The Sudoku generator: each variant, generated with a fixed seed, has one solution (counted
by the brute-force kernels, not the generator's own count) and is rated in its band by the
logical solver; symmetric givens are symmetric, minimal givens minimal; regions and cages
are what a jigsaw and a killer need; a band out of reach ends with a message."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from solvers.logic.generate import GenerateSpec, GenerationFailed, generate, orbits
from solvers.logic.rating_bands import LEVELS, Band, in_band, level_band, parse_band
from solvers.logic.solver import Rating, solve_sudoku
from solvers.logic.truth import unique_solution
from solvers.puzzle.model import PuzzleError
from solvers.search.sudoku import solve_batch
from solvers.search.sudoku_variants import VariantSudokuSearch

HARD = LEVELS["hard"]


def made(seed: int, **settings):
    return generate(GenerateSpec(**settings), random.Random(seed))


def count_with_rules(grid) -> int:
    """Solutions (up to 2) of a grid under all its rules, cages included."""
    search = VariantSudokuSearch(grid, max_solutions_buffered=2)
    while not search.finished and search.solutions < 2:
        search.run(1_000_000, record=False, solution_limit=2)
    return min(search.solutions, 2)


@pytest.mark.parametrize("settings", [
    dict(band=Band(1.5, 4.0)),
    dict(band=HARD, symmetry="rotational"),
    dict(variant="x", band=HARD, minimal=False),
    dict(variant="jigsaw", band=LEVELS["medium"], minimal=False),
    dict(variant="killer", band=LEVELS["easy"]),
    dict(size=6, band=Band(1.0, 2.5)),
], ids=["classic", "rotational", "x", "jigsaw", "killer", "6x6"])
def test_each_variant_is_unique_and_rated_in_its_band(settings):
    puzzle = made(11, **settings)
    grid = puzzle.grid
    assert unique_solution(grid) == puzzle.solution  # the brute-force solver's count
    _, rating = solve_sudoku(grid)  # the logical solver, from scratch
    assert rating == puzzle.rating and rating.complete
    band = settings["band"]
    assert band.low <= rating.rating <= band.high
    variant = settings.get("variant", "classic")
    assert grid.diagonals == (variant == "x")
    assert bool(grid.regions) == (variant == "jigsaw")
    assert bool(grid.cages) == (variant == "killer")


def test_the_same_seed_gives_the_same_puzzle_and_another_seed_another():
    first, again, other = (made(seed, band=HARD).grid for seed in (3, 3, 4))
    assert first == again and first != other


@pytest.mark.parametrize("symmetry", ["rotational", "mirror", "diagonal"])
def test_symmetric_givens_are_symmetric(symmetry):
    givens = np.array(made(5, symmetry=symmetry).grid.givens).reshape(9, 9) != 0
    image = {"rotational": givens[::-1, ::-1], "mirror": givens[:, ::-1],
             "diagonal": givens.T}[symmetry]
    assert (givens == image).all()
    assert 17 <= givens.sum() < 81


def test_orbits_pair_each_cell_with_its_image():
    assert sorted(len(orbit) for orbit in orbits(9, "rotational")) == [1] + [2] * 40
    assert (0, 80) in orbits(9, "rotational") and (1, 9) in orbits(9, "diagonal")


def test_minimal_givens_cannot_lose_any():
    givens = np.array(made(8).grid.givens, dtype=np.int8)
    filled = np.flatnonzero(givens)
    fewer = np.repeat(givens[None, :], len(filled), axis=0)
    fewer[np.arange(len(filled)), filled] = 0
    _, counts = solve_batch(fewer)
    assert (counts == 2).all()  # without any one given: several solutions


def test_not_minimal_keeps_only_the_givens_without_which_it_would_rate_above_the_band():
    band = Band(1.0, 1.2)
    puzzle = made(8, band=band, minimal=False)
    givens = list(puzzle.grid.givens)
    kept = 0
    for cell in (cell for cell, value in enumerate(givens) if value):
        fewer = replace(puzzle.grid, givens=tuple(0 if c == cell else v
                                                  for c, v in enumerate(givens)))
        try:
            _, rating = solve_sudoku(fewer)
        except PuzzleError:  # several solutions: the given is needed anyway
            continue
        kept += 1
        assert rating.rating > band.high or not rating.complete
    assert kept  # some givens are there for the band only: not minimal
    assert puzzle.rating.rating <= band.high


def test_jigsaw_regions_are_connected_and_of_n_cells():
    grid = made(2, variant="jigsaw", band=LEVELS["medium"], minimal=False).grid
    assert sorted(grid.regions.count(region) for region in set(grid.regions)) == [9] * 9
    for region in set(grid.regions):
        cells = {cell for cell, value in enumerate(grid.regions) if value == region}
        seen, todo = set(), [min(cells)]
        while todo:
            cell = todo.pop()
            if cell in seen:
                continue
            seen.add(cell)
            row, col = divmod(cell, 9)
            todo += [r * 9 + c for r, c in ((row + 1, col), (row - 1, col), (row, col + 1),
                                             (row, col - 1))
                     if 0 <= r < 9 and 0 <= c < 9 and r * 9 + c in cells]
        assert seen == cells


def test_a_killer_without_band_is_unique_by_its_cages_and_they_fit_the_solution():
    """A 6x6 (a 9x9 killer of no givens may take a minute to rate: its path ends in nested
    forcing chains)."""
    puzzle = made(4, variant="killer", size=6)
    grid = puzzle.grid
    covered = sorted(cell for cage in grid.cages for cell in cage.cells)
    assert covered == list(range(36))
    for cage in grid.cages:
        digits = [puzzle.solution[cell] for cell in cage.cells]
        assert len(set(digits)) == len(digits) and sum(digits) == cage.total
    assert count_with_rules(grid) == 1
    without_cages = replace(grid, cages=())
    assert sum(map(bool, grid.givens)) < 8  # a 6x6 needs 8 without cages: they do the rest
    assert puzzle.rating.complete  # rated with the cage techniques, not on its givens alone
    with pytest.raises(PuzzleError):
        unique_solution(without_cages)


def test_a_band_beyond_the_solvers_reach_ends_with_a_message_not_a_spin():
    spec = GenerateSpec(band=Band(11.5, 12.0), tries=2)
    with pytest.raises(GenerationFailed, match="need techniques the logical solver"):
        generate(spec, random.Random(1))


def test_a_band_of_rare_puzzles_ends_with_a_message_when_its_tries_run_out():
    spec = GenerateSpec(band=Band(9.0, 9.5), tries=2)
    with pytest.raises(GenerationFailed, match="9.0-9.5.*rare; widen the band"):
        generate(spec, random.Random(1))


def test_stop_ends_the_generation_with_nothing():
    assert generate(GenerateSpec(band=HARD), random.Random(1), stop=lambda: True) is None


def test_stop_is_heard_within_a_try_not_only_between_tries():
    calls: list[int] = []
    spec = GenerateSpec(band=Band(9.0, 9.5), tries=1)
    with pytest.raises(GenerationFailed):
        generate(spec, random.Random(1), stop=lambda: calls.append(1) is not None)
    assert len(calls) > 20  # while its givens are taken away, not twice only
    asked = iter(range(10))
    assert generate(GenerateSpec(size=16), random.Random(1),
                    stop=lambda: next(asked) >= 5) is None  # ends in the first try


@pytest.mark.parametrize("text, message", [("6-4", "low end is above"), ("x", "range"),
                                           ("0.5-3", "from 1.0")])
def test_bad_bands_are_named(text, message):
    with pytest.raises(PuzzleError, match=message):
        parse_band(text)


def test_bands_and_levels():
    assert parse_band("4-6") == Band(4.0, 6.0) and parse_band("6.2-").open_top
    assert level_band("Hard") == HARD
    with pytest.raises(PuzzleError, match="easy"):
        level_band("impossible")
    stopped = Rating(2.6, 1.2, 1.2, "Pointing", complete=False)
    # a path that stopped needs chains (6.2 or more): only an open band from there or below
    assert in_band(stopped, parse_band("6.2-")) and not in_band(stopped, HARD)
    assert in_band(stopped, LEVELS["extreme"])  # open above: a lower bound may be in it
    assert not in_band(stopped, LEVELS["diabolical"])  # closed: a lower bound proves nothing
