"""The named levels and the difficulty line the app shows (solvers.logic.levels)."""

from __future__ import annotations

import pytest

from solvers.logic.levels import LEVELS, difficulty_text, level_name
from solvers.logic.solver import Rating, solve_sudoku
from solvers.logic.techniques import TECHNIQUES
from solvers.puzzle.fileformat import load_puzzle
from tests.puzzles import ASSETS


@pytest.mark.parametrize(("rating", "name"), [(1.0, "Easy"), (1.9, "Easy"), (2.0, "Medium"),
                                              (2.6, "Medium"), (3.0, "Hard"), (4.5, "Hard"),
                                              (5.6, "Fiendish"), (7.0, "Diabolical"),
                                              (9.0, "Extreme"), (11.9, "Extreme")])
def test_level_bands(rating, name):
    assert level_name(rating) == name


def test_levels_rise_with_the_rating():
    bounds = [bound for bound, _ in LEVELS]
    assert bounds == sorted(bounds) and len({name for _, name in LEVELS}) == len(LEVELS)


def test_the_line_of_a_solved_path_names_the_level_and_the_hardest_step():
    grid = load_puzzle(ASSETS / "sudoku-reference.json").sudoku
    path, rating = solve_sudoku(grid)
    assert path.solved
    text = difficulty_text(rating, grid.n)
    assert text == (f"Difficulty: {rating.rating:.1f} ({level_name(rating.rating)}), "
                    f"hardest step: {rating.technique}")


def test_other_sizes_say_which_scale():
    rating = Rating(1.2, 1.2, 1.2, "Hidden Single", True)
    assert difficulty_text(rating, 16).endswith(", rated on the 9x9 scale")
    assert "9x9 scale" not in difficulty_text(rating, 9)


def test_an_incomplete_path_gives_a_lower_bound():
    grid = load_puzzle(ASSETS / "sudoku-hard.json").sudoku  # needs chains from the start
    below_chains = tuple(t for t in TECHNIQUES if t.rating < 6.0)  # as a profile without them
    _, rating = solve_sudoku(grid, below_chains)
    assert not rating.complete
    assert difficulty_text(rating).startswith("Difficulty: unknown")
    stopped = Rating(2.6, 1.2, 1.2, "Pointing", False)
    assert difficulty_text(stopped).startswith("Difficulty: at least 2.6+ (Medium or harder)")
