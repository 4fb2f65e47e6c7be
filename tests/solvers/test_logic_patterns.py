"""The techniques SE 1.2.1 lacks (solvers/logic/single_digit.py, fish.py) on hand-made
candidate grids where they apply (the eliminations derived by reasoning in each test) and
where they must not; the technique profiles; and the rated paths of the fuller profiles,
every step checked against the brute-force solution."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from test_logic_techniques import X_LAYOUT, board_of, box, cell, col, named, row, without

from solvers.logic import fish, single_digit
from solvers.logic.board import Board
from solvers.logic.profiles import PROFILES, profile
from solvers.logic.solver import rate_path, solve_logically, wrong_effects
from solvers.logic.techniques import TECHNIQUES
from solvers.logic.truth import unique_solution
from solvers.puzzle.textformats import parse_sudoku_line

ROOT = Path(__file__).resolve().parents[2]
SUKAKU_SAMPLE = ROOT / "tests" / "data" / "sudoku" / "rated-sukaku-sample.tsv"
RATED_SAMPLE = ROOT / "tests" / "data" / "sudoku" / "rated-sample.tsv"


def only(digit: str, places: dict[str, list[str]]) -> dict[str, str]:
    """Restrictions leaving `digit` in each named house only at the cells listed."""
    restricted: dict[str, str] = {}
    for house, keep in places.items():
        restricted.update(without(digit, house_cells(house), keep=set(keep)))
    return restricted


def house_cells(name: str) -> list[str]:
    kind, number = name[0], int(name[1:])
    return {"r": row, "c": col, "b": box}[kind](number)


def eliminated(step) -> set:
    return set(step.eliminations)


# --- two strong links ------------------------------------------------------------------------
def test_skyscraper():
    # 1 in row 1 only at r1c1, r1c5; in row 9 only at r9c1, r9c6. r1c1 and r9c1 share column
    # 1, so one of r1c5, r9c6 is 1: the cells seeing both lose it.
    board = board_of(only("1", {"r1": ["r1c1", "r1c5"], "r9": ["r9c1", "r9c6"]}))
    step = next(single_digit.skyscrapers(board))
    assert step.technique == "Skyscraper" and step.rating == 4.0
    assert eliminated(step) == named(("r2c6", 1), ("r3c6", 1), ("r7c5", 1), ("r8c5", 1))
    apart = board_of(only("1", {"r1": ["r1c1", "r1c5"], "r9": ["r9c2", "r9c6"]}))
    assert not list(single_digit.skyscrapers(apart))


def test_two_string_kite():
    # 1 in row 1 at r1c1, r1c7; in column 2 at r3c2, r8c2. r1c1 and r3c2 share box 1, so
    # r1c7 or r8c2 holds 1: r8c7 sees both.
    board = board_of(only("1", {"r1": ["r1c1", "r1c7"], "c2": ["r3c2", "r8c2"]}))
    step = next(single_digit.two_string_kites(board))
    assert step.technique == "2-String Kite" and step.rating == 4.1
    assert eliminated(step) == named(("r8c7", 1))
    apart = board_of(only("1", {"r1": ["r1c1", "r1c7"], "c5": ["r4c5", "r8c5"]}))
    assert not list(single_digit.two_string_kites(apart))


def test_turbot_fish_on_an_x_sudoku_diagonal():
    # X-Sudoku: 3 on the main diagonal only at r1c1, r5c5; in row 9 only at r9c1, r9c8.
    # r1c1 and r9c1 share column 1: r5c5 or r9c8 is 3, so r5c8 (row 5) and r2c8 (the
    # anti-diagonal, with r5c5) lose it. And r9c1, r5c5 share the anti-diagonal: r9c8 or
    # r1c1 is 3, so r1c8 loses it. Without the diagonals there is no such link.
    diagonal = [f"r{i}c{i}" for i in range(1, 10)]
    restricted = without("3", diagonal, keep={"r1c1", "r5c5"})
    restricted.update(without("3", row(9), keep={"r9c1", "r9c8"}))
    steps = list(single_digit.turbot_fish(board_of(restricted, layout=X_LAYOUT)))
    assert all(s.technique == "Turbot Fish" and s.rating == 4.2 for s in steps)
    assert all(s.houses == ("row 9", "diagonal 1") for s in steps)
    assert [eliminated(s) for s in steps] == [named(("r1c8", 3)),
                                              named(("r2c8", 3), ("r5c8", 3))]
    assert not list(single_digit.turbot_fish(board_of(restricted)))


def test_w_wing():
    # r1c1 and r4c9 hold 1 and 2 only; 1 in column 5 only at r1c5 (sees r1c1) and r4c5
    # (sees r4c9). Were neither cell 2, both would be 1 and column 5 would have no 1.
    restricted = {"r1c1": "12", "r4c9": "12"}
    restricted.update(only("1", {"c5": ["r1c5", "r4c5"]}))
    step = next(single_digit.w_wings(board_of(restricted)))
    assert step.technique == "W-Wing" and step.rating == 4.4
    assert eliminated(step) == named(("r1c9", 2), ("r4c1", 2))
    restricted["r4c9"] = "13"
    assert not list(single_digit.w_wings(board_of(restricted)))


# --- finned fish -----------------------------------------------------------------------------
def test_finned_x_wing():
    # 4 in row 1 at c2, c7; in row 5 at c2, c7 and the fin r5c8 (box 6). Fin or X-Wing,
    # r4c7 and r6c7 (column 7, in the fin's box) lose 4.
    board = board_of(only("4", {"r1": ["r1c2", "r1c7"], "r5": ["r5c2", "r5c7", "r5c8"]}))
    step = next(fish.finned_x_wings(board))
    assert step.technique == "Finned X-Wing" and step.rating == 3.4
    assert eliminated(step) == named(("r4c7", 4), ("r6c7", 4))
    far = board_of(only("4", {"r1": ["r1c2", "r1c7"], "r5": ["r5c2", "r5c7", "r5c5"]}))
    assert not list(fish.finned_x_wings(far))  # the fin's box holds no cover cell


def test_sashimi_x_wing():
    # As above without r5c7: row 5 keeps one place (r5c2) besides the fin r5c8, so r4c7
    # and r6c7 lose 4; the same pattern read with r1c7 as the fin clears r2c8, r3c8.
    board = board_of(only("4", {"r1": ["r1c2", "r1c7"], "r5": ["r5c2", "r5c8"]}))
    steps = list(fish.finned_x_wings(board))
    assert all(s.technique == "Sashimi X-Wing" and s.rating == 3.5 for s in steps)
    assert [eliminated(s) for s in steps] == [named(("r2c8", 4), ("r3c8", 4)),
                                              named(("r4c7", 4), ("r6c7", 4))]


# --- profiles --------------------------------------------------------------------------------
def test_profiles_extend_se121_in_rating_order():
    assert profile("se121") == TECHNIQUES
    names = {name: [t.name for t in techniques] for name, techniques in PROFILES.items()}
    assert set(names["se121"]) < set(names["sukaku"]) < set(names["full"])
    assert {"Skyscraper", "2-String Kite", "Turbot Fish"} <= set(names["sukaku"])
    assert {"W-Wing", "Finned X-Wing"} & set(names["sukaku"]) == set()
    for techniques in PROFILES.values():
        ratings = [t.rating for t in techniques]
        assert ratings == sorted(ratings)
    with pytest.raises(ValueError, match="unknown technique profile 'hodoku'.*se121"):
        profile("hodoku")


def rows_of(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as stream:
        return list(csv.DictReader((line for line in stream if not line.startswith("#")),
                                   delimiter="\t"))


SUKAKU_ROWS = rows_of(SUKAKU_SAMPLE)
SUKAKU_NAMES = ("Skyscraper", "2-String Kite", "Empty Rectangle", "Grouped 2-String Kite",
                "WXYZ-Wing", "Grouped 3 Strong Links")


@pytest.mark.parametrize("row", SUKAKU_ROWS,
                         ids=[f"{r['set']}-{r['puzzle'][:12]}" for r in SUKAKU_ROWS])
def test_sukaku_profile_rates_as_sukaku_explainer(row):
    grid = parse_sudoku_line(row["puzzle"]).sudoku
    path = solve_logically(Board.from_grid(grid), profile("sukaku"))
    assert path.solved and wrong_effects(path, unique_solution(grid)) == []
    rating = rate_path(path)
    assert (rating.rating, rating.pearl, rating.diamond) == \
        (float(row["ER"]), float(row["EP"]), float(row["ED"]))
    assert rating.technique in SUKAKU_NAMES  # none of SE 1.2.1's


def test_full_profile_keeps_the_solution_on_every_rated_sample():
    for sample in (RATED_SAMPLE, SUKAKU_SAMPLE):
        for line in rows_of(sample):
            grid = parse_sudoku_line(line["puzzle"]).sudoku
            path = solve_logically(Board.from_grid(grid), profile("full"))
            assert wrong_effects(path, unique_solution(grid)) == [], line["puzzle"]


def test_cell_helper_names():  # the shared helpers read as the tests assume
    assert cell("r9c8") == 79 and len(box(5)) == 9
