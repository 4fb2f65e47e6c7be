"""The logical solver's paths on rated puzzles and on variants: no step places a wrong digit
or removes the solution's (checked against the brute-force solution), and the rating agrees
with Sudoku Explainer's where the techniques here reach the end.

tests/data/sudoku/rated-sample.tsv is a sample of Sudoku Explainer 1.2.1's ratings (its
header names the source), chains and forcing chains included (6.6 to 9.0)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from solvers.logic import Board, rate_path, solve_logically
from solvers.logic.solver import solve_sudoku, wrong_effects
from solvers.logic.truth import unique_solution
from solvers.puzzle.any_file import load_any
from solvers.puzzle.model import PuzzleError
from solvers.puzzle.textformats import parse_sudoku_line

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "sudoku" / "rated-sample.tsv"


def sample_rows(sample: Path = SAMPLE) -> list[dict]:
    with open(sample, encoding="utf-8") as stream:
        lines = [line for line in stream if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


ROWS = sample_rows()
DIRECT_ROWS = sample_rows(SAMPLE.with_name("rated-direct-sets.tsv"))


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['set']}-{r['puzzle'][:12]}" for r in ROWS])
def test_every_step_keeps_the_solution_and_the_rating_is_serates(row):
    grid = parse_sudoku_line(row["puzzle"]).sudoku
    solution = unique_solution(grid)
    path = solve_logically(Board.from_grid(grid))
    assert wrong_effects(path, solution) == []
    if path.solved:
        assert tuple(path.board.values) == solution
    rating = rate_path(path)
    expected = (float(row["ER"]), float(row["EP"]), float(row["ED"]))
    assert path.solved
    assert (rating.rating, rating.pearl, rating.diamond) == expected


@pytest.mark.parametrize("row", DIRECT_ROWS, ids=[r["puzzle"][:12] for r in DIRECT_ROWS])
def test_a_direct_hidden_set_keeps_only_its_placement_as_in_se(row):
    """SE's path keeps the placement of a direct hidden pair or triple, not the eliminations
    that prove it: kept, they let these four puzzles take a direct step SE does not see."""
    grid = parse_sudoku_line(row["puzzle"]).sudoku
    path, rating = solve_sudoku(grid)
    assert path.solved and wrong_effects(path, unique_solution(grid)) == []
    assert (rating.rating, rating.pearl, rating.diamond) == \
        (float(row["ER"]), float(row["EP"]), float(row["ED"]))


def test_the_sample_covers_the_scale():
    ratings = {float(row["ER"]) for row in ROWS}
    assert {1.0, 1.2, 1.5, 2.0, 2.3, 2.6, 2.8, 3.0, 4.2, 4.5, 5.6} <= ratings


@pytest.mark.parametrize("name", ["sudoku-4x4-empty.json", "sudoku-16x16.json",
                                  "sudoku-jigsaw.json", "sudoku-x.json",
                                  "sudoku-reference.json"])
def test_variants_and_sizes_get_checked_paths(name):
    """Jigsaw regions and X-Sudoku diagonals are houses of every technique; 4x4 to 16x16."""
    grid = load_any(ROOT / "assets" / "puzzles" / name).sudoku
    try:
        solution = unique_solution(grid)
    except PuzzleError:
        assert not any(grid.givens)  # the empty 4x4: refused, as every puzzle not unique
        with pytest.raises(PuzzleError, match="more than one solution"):
            solve_sudoku(grid)
        return
    path = solve_logically(Board.from_grid(grid))
    assert path.solved and wrong_effects(path, solution) == []
    assert tuple(path.board.values) == solution


def test_a_6x6_puzzle_solved_step_by_step():
    grid = parse_sudoku_line("..3.5.4....3.....4.6.2...1...56.....").sudoku  # minimal, made here
    solution = unique_solution(grid)
    path = solve_logically(Board.from_grid(grid))
    assert path.solved and wrong_effects(path, solution) == []
