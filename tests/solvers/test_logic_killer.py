"""Killer cages in the logical solver (solvers/logic/killer.py): cage combinations and the
45 rule on small cage situations where they apply and where they must not, and the shipped
killer's complete path, every step checked against its brute-force solution."""

from __future__ import annotations

from pathlib import Path

from test_logic_techniques import board_of, cell

from solvers.cli.main import main
from solvers.logic import killer
from solvers.logic.profiles import profile
from solvers.logic.solver import solve_sudoku, wrong_effects
from solvers.logic.truth import unique_solution
from solvers.puzzle.fileformat import load_puzzle

ROOT = Path(__file__).resolve().parents[2]
KILLER = ROOT / "assets" / "puzzles" / "sudoku-killer.json"


def caged(restricted: dict[str, str], cages: list[tuple[int, list[str]]]) -> killer.KillerBoard:
    """board_of's board with killer cages (total, cell names)."""
    board = killer.KillerBoard.__new__(killer.KillerBoard)
    board.__dict__.update(board_of(restricted).__dict__)
    board.cages = tuple(killer.Sum(tuple(sorted(cell(name) for name in names)), total, True)
                        for total, names in cages)
    return board


def test_cage_combination_keeps_the_digits_of_its_fillings():
    # Two cells summing to 4: 1+3 (2+2 repeats a digit), so every other digit goes.
    board = caged({}, [(4, ["r1c1", "r1c2"])])
    step = next(killer.cage_combinations(board))
    assert step.technique == "Cage Combination" and step.rating == 2.4
    assert set(step.eliminations) == {(cell(name), d) for name in ("r1c1", "r1c2")
                                      for d in (2, 4, 5, 6, 7, 8, 9)}
    # 17 in two cells is 8+9: nothing to remove once they hold only 8 and 9
    done = caged({"r1c1": "89", "r1c2": "89"}, [(17, ["r1c1", "r1c2"])])
    assert list(killer.cage_combinations(done)) == []


def test_a_large_cage_keeps_the_digits_of_its_sum():
    # Eight cells of 44 hold 2-9 (45 less 1): every cell loses 1 and nothing else.
    names = [f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)][:8]
    step = next(killer.cage_combinations(caged({}, [(44, names)])))
    assert set(step.eliminations) == {(cell(name), 1) for name in names}


def test_a_cage_cell_loses_the_digit_a_cage_mate_holds():
    board = caged({}, [(10, ["r5c5", "r6c7"])])  # no shared house: the cage alone forbids 5+5
    board.place(cell("r5c5"), 3)
    step = next(killer.cage_combinations(board))
    assert set(step.eliminations) == {(cell("r6c7"), d) for d in range(1, 10) if d != 7}


def test_a_digit_every_filling_uses_leaves_the_cells_seeing_its_places():
    # r1c1 + r5c5 = 3 is 1 + 2 (the cells share no house, yet a cage holds no digit twice):
    # both 1 and 2 are in the cage, so r1c5 and r5c1, seeing both cells, lose them.
    step = next(killer.cage_forced_digits(caged({}, [(3, ["r1c1", "r5c5"])])))
    assert step.technique == "Cage Forced Digit" and step.rating == 2.9
    steps = list(killer.cage_forced_digits(caged({}, [(3, ["r1c1", "r5c5"])])))
    assert set().union(*(s.eliminations for s in steps)) == \
        {(cell(name), d) for name in ("r1c5", "r5c1") for d in (1, 2)}
    # 10 in two cells is 1+9, 2+8, 3+7 or 4+6: no digit is in every filling
    assert list(killer.cage_forced_digits(caged({}, [(10, ["r1c1", "r5c5"])]))) == []


ROW_CAGES = [(3, ["r1c1", "r1c2"]), (24, ["r1c3", "r1c4", "r1c5"]),
             (15, ["r1c6", "r1c7", "r1c8"])]


def test_innie_and_outie_of_a_row():
    # Row 1's cages inside it sum to 42: r1c9 is 45 - 42 = 3, and the cage r1c9 + r2c9 of 10
    # sticks out by r2c9 = 10 - 3 = 7.
    board = caged({}, ROW_CAGES + [(10, ["r1c9", "r2c9"])])
    steps = {step.technique: step for step in killer.innies_outies(board)
             if step.houses == ("row 1",)}
    assert steps["Innies (45 rule)"].rating == 2.7
    assert set(steps["Innies (45 rule)"].eliminations) == \
        {(cell("r1c9"), d) for d in range(1, 10) if d != 3}
    assert set(steps["Outies (45 rule)"].eliminations) == \
        {(cell("r2c9"), d) for d in range(1, 10) if d != 7}


def test_no_45_rule_step_when_the_innies_are_open():
    # Without the third cage four innies (r1c6-r1c9) sum to 18: every digit fits some filling.
    board = caged({}, ROW_CAGES[:2])
    assert [s for s in killer.innies_outies(board) if s.houses == ("row 1",)] == []


def test_the_shipped_killer_gets_a_complete_checked_path():
    grid = load_puzzle(KILLER).sudoku
    for name in ("se121", "full"):
        path, rating = solve_sudoku(grid, profile(name))
        assert path.solved and rating.complete
        assert wrong_effects(path, unique_solution(grid)) == []
        used = {step.technique for step in path.steps}
        assert "Cage Combination" in used
        assert not any(t.startswith(("Unique Rectangle", "Bivalue")) for t in used)


def test_uniqueness_techniques_are_left_out_for_a_killer():
    names = [t.name for t in killer.with_cages(profile("se121"))]
    assert "Unique Rectangle" not in names and "Cage Combination" in names
    assert names.index("Naked Single") < names.index("Cage Combination")


def test_rate_a_killer_from_the_command_line(capsys):
    assert main([str(KILLER), "--rate"]) == 0
    assert "ER " in capsys.readouterr().out


def test_innies_of_two_rows():
    # Rows 1 and 2 sum to 90: seven-cell cages of 42 in each and r1c8 + r2c8 = 3 leave 3 for
    # r1c9 and r2c9 (sharing column 9: distinct), so each is 1 or 2.
    cages = [(42, [f"r1c{c}" for c in range(1, 8)]), (42, [f"r2c{c}" for c in range(1, 8)]),
             (3, ["r1c8", "r2c8"])]
    steps = [s for s in killer.innies_outies(caged({}, cages)) if s.houses == ("row 1", "row 2")]
    assert [(s.technique, s.rating) for s in steps] == [("Innies (45 rule)", 3.1)]
    assert set(steps[0].eliminations) == {(cell(name), d) for name in ("r1c9", "r2c9")
                                          for d in range(3, 10)}
