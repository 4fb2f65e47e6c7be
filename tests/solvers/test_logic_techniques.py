"""Each technique of solvers.logic on a small hand-made candidate grid where it applies (the
expected eliminations derived by reasoning in each test) and on one where it must not.

The grids are 9x9 boards whose cells hold every candidate but those a test restricts, so the
pattern under test is the only one its finder can see."""

from __future__ import annotations

import pytest

from solvers.logic import singles, subsets, uniqueness, wings
from solvers.logic.board import Board, layout_for
from solvers.logic.solver import apply
from solvers.logic.techniques import next_step
from solvers.puzzle.sudoku_rules import box_regions

LAYOUT = layout_for(9, box_regions(9, 3, 3), False)
X_LAYOUT = layout_for(9, box_regions(9, 3, 3), True)


def cell(name: str) -> int:
    """'r2c3' -> 11."""
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1


def board_of(restricted: dict[str, str], values: dict[str, int] | None = None,
             layout=LAYOUT) -> Board:
    """Every cell empty with candidates 1-9, but `restricted` ('r1c1': '12') and `values`."""
    full = (1 << 9) - 1
    cands = [full] * 81
    vals = [0] * 81
    for name, digits in restricted.items():
        cands[cell(name)] = sum(1 << (int(d) - 1) for d in digits)
    for name, value in (values or {}).items():
        vals[cell(name)] = value
    return Board.with_candidates(layout, vals, cands)


def without(digit: str, names, keep: set[str] = frozenset()) -> dict[str, str]:
    """Restrictions removing `digit` from every cell named but those in `keep`."""
    return {name: "123456789".replace(digit, "") for name in names if name not in keep}


def row(r: int) -> list[str]:
    return [f"r{r}c{c}" for c in range(1, 10)]


def col(c: int) -> list[str]:
    return [f"r{r}c{c}" for r in range(1, 10)]


def box(b: int) -> list[str]:
    top, left = 3 * ((b - 1) // 3), 3 * ((b - 1) % 3)
    return [f"r{top + r + 1}c{left + c + 1}" for r in range(3) for c in range(3)]


def effects(step) -> tuple[set, set]:
    return set(step.placements), set(step.eliminations)


def named(*pairs: tuple[str, int]) -> set:
    return {(cell(name), digit) for name, digit in pairs}


# --- singles ---------------------------------------------------------------------------------
def test_full_house_places_the_last_digit_of_a_house():
    values = {f"r1c{c}": c for c in range(1, 9)}  # r1c9 is the row's last empty cell
    board = board_of({"r1c9": "9"}, values)
    step = next(singles.full_houses(board))
    assert effects(step) == (named(("r1c9", 9)), set()) and step.rating == 1.0
    assert not list(singles.full_houses(board_of({}, {"r1c1": 1})))


def test_hidden_single_in_a_box_and_in_a_line():
    board = board_of(without("7", box(5), keep={"r5c5"}))  # 7 fits only r5c5 in box 5
    step = next(singles.hidden_singles_in_boxes(board))
    assert effects(step) == (named(("r5c5", 7)), set()) and step.rating == 1.2
    board = board_of(without("7", row(2), keep={"r2c8"}))
    step = next(singles.hidden_singles_in_lines(board))
    assert effects(step) == (named(("r2c8", 7)), set()) and step.rating == 1.5
    assert not list(singles.hidden_singles_in_boxes(board_of(without("7", box(5)[:7]))))


def test_naked_single():
    step = next(singles.naked_singles(board_of({"r4c4": "6"})))
    assert effects(step) == (named(("r4c4", 6)), set()) and step.rating == 2.3
    assert not list(singles.naked_singles(board_of({"r4c4": "69"})))


def test_an_x_sudoku_diagonal_is_a_house():
    diagonal = [f"r{i}c{i}" for i in range(1, 10)]
    board = board_of(without("4", diagonal, keep={"r6c6"}), layout=X_LAYOUT)
    assert effects(next(singles.hidden_singles_in_lines(board))) == (named(("r6c6", 4)), set())
    assert not list(singles.hidden_singles_in_lines(board_of(without("4", diagonal, {"r6c6"}))))


# --- intersections ---------------------------------------------------------------------------
def test_pointing_removes_the_digit_from_the_rest_of_the_line():
    # 5 in box 1 only at r1c1, r1c2: whichever holds it, the rest of row 1 cannot.
    board = board_of(without("5", box(1), keep={"r1c1", "r1c2"}))
    step = next(singles.locking(board))
    assert step.technique == "Pointing" and step.rating == 2.6
    assert effects(step) == (set(), named(*((f"r1c{c}", 5) for c in range(4, 10))))
    assert not list(singles.locking(board_of(without("5", box(1), {"r1c1", "r2c2"}))))


def test_claiming_removes_the_digit_from_the_rest_of_the_box():
    # 3 in column 4 only at r1c4, r2c4 (box 2): the rest of box 2 cannot hold it.
    board = board_of(without("3", col(4), keep={"r1c4", "r2c4"}))
    steps = [s for s in singles.locking(board) if s.technique == "Claiming"]
    assert effects(steps[0]) == (set(), named(*((name, 3) for name in box(2)
                                                if name[-1] != "4")))
    assert steps[0].rating == 2.8


def test_direct_pointing_places_the_hidden_single_it_leaves():
    # 5 in box 1 only in row 1; 5 in box 2 only at r1c4 and r2c5: pointing removes r1c4-5,
    # so r2c5 is box 2's only 5, placed in the same step.
    restricted = without("5", box(1), keep={"r1c1", "r1c2"})
    restricted.update(without("5", box(2), keep={"r1c4", "r2c5"}))
    step = next(singles.direct_pointing(board_of(restricted)))
    assert step.technique == "Direct Pointing" and step.rating == 1.7
    assert step.placements == ((cell("r2c5"), 5),) and (cell("r1c4"), 5) in step.eliminations
    restricted["r3c6"] = "123456789"  # 5 back at r3c6: two places left in box 2
    assert not list(singles.direct_pointing(board_of(restricted)))


# --- subsets ---------------------------------------------------------------------------------
def test_naked_pair_clears_its_digits_from_the_house():
    board = board_of({"r1c1": "12", "r1c5": "12"})  # row 1 only (different boxes)
    step = next(subsets.NAKED_PAIRS(board))
    assert step.rating == 3.0 and step.houses == ("row 1",)
    assert effects(step) == (set(), named(*((f"r1c{c}", d) for c in (2, 3, 4, 6, 7, 8, 9)
                                          for d in (1, 2))))
    assert not list(subsets.NAKED_PAIRS(board_of({"r1c1": "12", "r1c5": "123"})))


def test_naked_triple():
    board = board_of({"r1c1": "12", "r1c4": "23", "r1c7": "13"})
    step = next(subsets.NAKED_TRIPLES(board))
    assert step.rating == 3.6 and step.houses == ("row 1",)
    assert effects(step)[1] == named(*((f"r1c{c}", d) for c in (2, 3, 5, 6, 8, 9)
                                       for d in (1, 2, 3)))
    assert not list(subsets.NAKED_TRIPLES(board_of({"r1c1": "12", "r1c4": "23",
                                                     "r1c7": "14"})))


def test_hidden_pair_keeps_only_its_digits_in_its_cells():
    # 1 and 2 only at r1c1 and r1c5 in row 1: those cells hold 1 and 2, nothing else.
    restricted = {name: "3456789" for name in row(1) if name not in ("r1c1", "r1c5")}
    step = next(subsets.HIDDEN_PAIRS(board_of(restricted)))
    assert step.rating == 3.4
    assert effects(step)[1] == named(*((name, d) for name in ("r1c1", "r1c5")
                                       for d in range(3, 10)))
    restricted["r1c9"] = "23456789"  # 2 also at r1c9: no pair
    assert not list(subsets.HIDDEN_PAIRS(board_of(restricted)))


def test_x_wing_and_swordfish():
    # 1 in rows 1 and 5 only in columns 1 and 5: columns 1 and 5 lose 1 elsewhere.
    restricted = without("1", row(1) + row(5), keep={"r1c1", "r1c5", "r5c1", "r5c5"})
    step = next(subsets.X_WINGS(board_of(restricted)))
    assert step.rating == 3.2
    expected = named(*((f"r{r}c{c}", 1) for r in (2, 3, 4, 6, 7, 8, 9) for c in (1, 5)))
    assert effects(step) == (set(), expected)
    restricted.pop("r5c9")  # 1 back at r5c9: no X-Wing
    assert not list(subsets.X_WINGS(board_of(restricted)))
    # rows 1, 4, 7 hold 1 in columns {1,4}, {4,7}, {1,7}: those columns lose it elsewhere.
    keep = {"r1c1", "r1c4", "r4c4", "r4c7", "r7c1", "r7c7"}
    step = next(subsets.SWORDFISH(board_of(without("1", row(1) + row(4) + row(7), keep))))
    assert step.rating == 3.8
    assert effects(step)[1] == named(*((f"r{r}c{c}", 1) for r in (2, 3, 5, 6, 8, 9)
                                       for c in (1, 4, 7)))


# --- wings -----------------------------------------------------------------------------------
def test_xy_wing():
    # Pivot r1c1 {1,2}; wings r1c5 {1,3} and r5c1 {2,3}: either wing is 3, and r5c5 sees both.
    step = next(wings.xy_wings(board_of({"r1c1": "12", "r1c5": "13", "r5c1": "23"})))
    assert step.rating == 4.2 and effects(step) == (set(), named(("r5c5", 3)))
    assert not list(wings.xy_wings(board_of({"r1c1": "12", "r1c5": "14", "r5c1": "23"})))


def test_xyz_wing():
    # Pivot r1c1 {1,2,3}, wings r1c5 {1,3} and r2c2 {2,3}: one of the three is 3, and only
    # r1c2, r1c3 see all three.
    step = next(wings.xyz_wings(board_of({"r1c1": "123", "r1c5": "13", "r2c2": "23"})))
    assert step.rating == 4.4 and effects(step) == (set(), named(("r1c2", 3), ("r1c3", 3)))
    assert not list(wings.xyz_wings(board_of({"r1c1": "124", "r1c5": "13", "r2c2": "23"})))


# --- uniqueness ------------------------------------------------------------------------------
def test_unique_rectangle_type_1_and_2():
    # r1c1, r1c2, r4c1, r4c2 span boxes 1 and 4. Three hold just {1,2}: were r4c2 1 or 2,
    # 1 and 2 could swap in the rectangle (two solutions), so r4c2 is neither.
    rect = {"r1c1": "12", "r1c2": "12", "r4c1": "12"}
    step = next(uniqueness.unique_rectangles(board_of({**rect, "r4c2": "125"})))
    assert step.rating == 4.5 and effects(step) == (set(), named(("r4c2", 1), ("r4c2", 2)))
    # Type 2: r4c1 and r4c2 both {1,2,5}: one of them is 5, so row 4 and box 4 lose 5.
    step = next(uniqueness.unique_rectangles(board_of({"r1c1": "12", "r1c2": "12",
                                                       "r4c1": "125", "r4c2": "125"})))
    assert step.technique == "Unique Rectangle type 2"
    assert effects(step)[1] == named(*((name, 5) for name in set(row(4) + box(4))
                                       if name not in ("r4c1", "r4c2")))
    # In four boxes (columns 1 and 4) the swap breaks the boxes: no rectangle.
    assert not list(uniqueness.unique_rectangles(board_of(
        {"r1c1": "12", "r1c4": "12", "r4c1": "12", "r4c4": "125"})))


# easy200 (the rated sets' README): a puzzle whose easiest path meets a BUG + 1
BUG_STATE_PUZZLE = "1.....3.85....7.21..2......45..9187..2.5.8.63....6.4.5.......468....413..4..3.2.."


def test_bug_plus_one_keeps_the_digit_seen_three_times():
    """On the path's state where BUG + 1 is the next step (every empty cell bivalue but one
    with three candidates; without the digit its houses hold three times the grid would be a
    deadly pattern, of 0 or 2 solutions), the digit kept is the solution's."""
    from solvers.logic.truth import unique_solution
    from solvers.puzzle.textformats import parse_sudoku_line

    grid = parse_sudoku_line(BUG_STATE_PUZZLE).sudoku
    board = Board.from_grid(grid)
    while (step := next_step(board)) is not None and step.rating < 5.6:
        apply(board, step)
    assert step is not None and step.technique == "Bivalue Universal Grave + 1"
    solution = unique_solution(grid)
    (kept_cell, kept_digit), = step.candidates
    assert solution[kept_cell] == kept_digit and len(step.eliminations) == 2
    assert all(solution[c] != d for c, d in step.eliminations)
    # One more candidate in another cell (two cells of three): no BUG + 1.
    other = next(c for c, cands in enumerate(board.candidates) if cands and c != kept_cell)
    spare = next(d for d in range(9) if not board.candidates[other] >> d & 1)
    board.candidates[other] |= 1 << spare
    board.digit_cells[spare + 1] |= 1 << other
    assert not list(uniqueness.bug_plus_one(board))


@pytest.mark.parametrize("finder", [singles.full_houses, singles.naked_singles,
                                    singles.locking, subsets.NAKED_PAIRS, subsets.X_WINGS,
                                    wings.xy_wings, uniqueness.unique_rectangles])
def test_nothing_on_an_empty_board(finder):
    assert not list(finder(board_of({})))


def test_direct_hidden_pair_places_the_hidden_single_it_leaves():
    # Row 1: 1 and 2 only at r1c1, r1c2 (a hidden pair: those cells lose 3-9); 3 only at
    # r1c1 and r1c9, so once r1c1 loses 3, r1c9 is row 1's only 3.
    restricted = {name: "456789" + ("3" if name == "r1c9" else "") for name in row(1)[2:]}
    restricted["r1c2"] = "12456789"
    step = next(singles.direct_hidden_pairs(board_of(restricted)))
    assert step.technique == "Direct Hidden Pair" and step.rating == 2.0
    assert step.placements == ((cell("r1c9"), 3),)
    assert set(step.eliminations) == named(*(("r1c1", d) for d in range(3, 10)),
                                           *(("r1c2", d) for d in range(4, 10)))
    restricted["r1c5"] = "3456789"  # 3 also at r1c5: two places left, no hidden single
    assert not list(singles.direct_hidden_pairs(board_of(restricted)))


def test_unique_rectangle_type_4():
    # Roof r4c1 {1,2,5}, r4c2 {1,2,6}, and 1 only there in row 4: one of them is 1; were
    # the other 2, the rectangle with r1c1, r1c2 {1,2} would be deadly, so both lose 2.
    restricted = {"r1c1": "12", "r1c2": "12", "r4c1": "125", "r4c2": "126",
                  **without("1", row(4), keep={"r4c1", "r4c2"})}
    steps = list(uniqueness.unique_rectangles(board_of(restricted)))
    assert [s.technique for s in steps] == ["Unique Rectangle type 4"]
    assert effects(steps[0]) == (set(), named(("r4c1", 2), ("r4c2", 2)))
    restricted["r4c9"] = "123456789"  # 1 back at r4c9: not locked in the roof
    assert not list(uniqueness.unique_rectangles(board_of(restricted)))
