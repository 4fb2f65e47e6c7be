"""Unique rectangle type 3 and BUG types 2-4 (solvers/logic/uniqueness_types.py) where
they apply and where they must not. BUG states with two cells beyond the grave are made from
a rated puzzle's BUG + 1 state by giving one more cell one more candidate; a brute-force
search checks the state still has the puzzle's solution as its only completion, so every
step must keep it."""

from __future__ import annotations

from itertools import combinations

import pytest
from test_logic_techniques import BUG_STATE_PUZZLE, LAYOUT, X_LAYOUT, board_of, col, named, row, \
    without

from solvers.logic import uniqueness_types
from solvers.logic.board import Board, bits
from solvers.logic.profiles import profile
from solvers.logic.solver import apply
from solvers.logic.techniques import TECHNIQUES, next_step
from solvers.logic.truth import unique_solution
from solvers.logic.uniqueness import rectangles
from solvers.puzzle.textformats import parse_sudoku_line

# easy200, rated 5.7 (BUG type 2) by SukakuExplainer 1.18.1
BUG_TYPE_2_PUZZLE = ".3.....9..6.......1.4.596..27.4...56....8...38..59........1...83....74.2......3.."


def test_unique_rectangle_type_3():
    # Roof r4c1 {1,2,5}, r4c2 {1,2,6}: one of them is 5 or 6 (else the rectangle with r1c1,
    # r1c2 {1,2} is deadly); with r4c5 {5,6} they make a naked pair of row 4: the rest of the
    # row loses 5 and 6.
    rect = {"r1c1": "12", "r1c2": "12", "r4c1": "125", "r4c2": "126"}
    steps = list(uniqueness_types.unique_rectangles_type_3(board_of({**rect, "r4c5": "56"})))
    assert [(s.technique, s.rating) for s in steps] == [("Unique Rectangle type 3", 4.5)]
    assert set(steps[0].eliminations) == named(*((name, d) for name in row(4) for d in (5, 6)
                                                 if name not in ("r4c1", "r4c2", "r4c5")))
    # a naked triple with the roof (two more cells, three digits in all) rates 4.6
    triple = {**rect, "r4c5": "57", "r4c7": "67"}
    step = next(uniqueness_types.unique_rectangles_type_3(board_of(triple)))
    assert step.rating == 4.6 and named(("r4c9", 7)) <= set(step.eliminations)
    assert not list(uniqueness_types.unique_rectangles_type_3(
        board_of({**rect, "r4c5": "57"})))  # {5,6} + {5,7}: three digits in two cells


def test_hidden_rectangle():
    # r1c1 holds just 1, 2; at the opposite corner r4c2, 2 is only in the rectangle in row 4
    # and in column 2. Were r4c2 1, r4c1 and r1c2 would be 2 and r1c1 1: deadly. So not 1.
    restricted = {"r1c1": "12", "r1c2": "123", "r4c1": "124", "r4c2": "125",
                  **without("2", row(4), keep={"r4c1", "r4c2"}),
                  **without("2", col(2), keep={"r1c2", "r4c2"})}
    steps = list(uniqueness_types.hidden_rectangles(board_of(restricted)))
    assert [(s.technique, s.rating, s.eliminations) for s in steps] == \
        [("Hidden Rectangle", 4.6, tuple(named(("r4c2", 1))))]
    restricted["r4c7"] = "123456789"  # 2 back at r4c7: no strong link in row 4
    assert list(uniqueness_types.hidden_rectangles(board_of(restricted))) == []


def state_before(puzzle: str, technique: str, techniques=TECHNIQUES):
    """The board of the puzzle's path where `technique` is the next step, and that step."""
    board = Board.from_grid(parse_sudoku_line(puzzle).sudoku)
    while (step := next_step(board, techniques)) is not None and step.technique != technique:
        apply(board, step)
    return board, step


def test_bug_type_2_removes_the_common_extra_digit_from_cells_seeing_every_bug_cell():
    board, step = state_before(BUG_TYPE_2_PUZZLE, "BUG type 2", profile("sukaku"))
    assert step is not None and step.rating == 5.7 and len(step.cells) >= 2
    extras = uniqueness_types.bug_extras(board)
    assert set(extras) == set(step.cells) and len(set(extras.values())) == 1
    solution = unique_solution(parse_sudoku_line(BUG_TYPE_2_PUZZLE).sudoku)
    assert step.eliminations and all(solution[c] != d for c, d in step.eliminations)
    assert any(solution[c] == d for c, d in step.candidates)  # a BUG cell holds the extra


def test_no_bug_type_2_3_4_with_a_single_bug_cell():
    board, step = state_before(BUG_STATE_PUZZLE, "Bivalue Universal Grave + 1")
    assert len(uniqueness_types.bug_extras(board)) == 1
    assert not list(uniqueness_types.bug_type_2(board))
    assert not list(uniqueness_types.bug_type_3(board))
    assert not list(uniqueness_types.bug_type_4(board))


def completions(board: Board, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to `limit` grids completing the board from its candidates (a plain search)."""
    values, peers = list(board.values), board.layout.peers
    empty = [cell for cell, value in enumerate(values) if not value]
    found: list[tuple[int, ...]] = []

    def search(index: int) -> None:
        if len(found) >= limit:
            return
        if index == len(empty):
            found.append(tuple(values))
            return
        cell = empty[index]
        for bit in bits(board.candidates[cell]):
            if all(values[peer] != bit + 1 for peer in bits(peers[cell])):
                values[cell] = bit + 1
                search(index + 1)
                values[cell] = 0

    search(0)
    return found


def bug_plus_two_states():
    """(state, solution) for each extra candidate that leaves a BUG of two cells whose only
    completion is still the puzzle's solution."""
    board, _ = state_before(BUG_STATE_PUZZLE, "Bivalue Universal Grave + 1")
    solution = unique_solution(parse_sudoku_line(BUG_STATE_PUZZLE).sudoku)
    for cell, mask in enumerate(board.candidates):
        for bit in bits(mask ^ ((1 << 9) - 1) if mask else 0):
            state = board.copy()
            state.candidates[cell] |= 1 << bit
            state.digit_cells[bit + 1] |= 1 << cell
            extras = uniqueness_types.bug_extras(state)
            if extras and len(extras) == 2 and completions(state) == [solution]:
                yield state, solution


def test_bug_types_2_3_4_keep_the_solution_on_every_bug_of_two_cells():
    found = {"BUG type 2": 0, "BUG type 3": 0, "BUG type 4": 0}
    for state, solution in bug_plus_two_states():
        for finder in (uniqueness_types.bug_type_2, uniqueness_types.bug_type_3,
                       uniqueness_types.bug_type_4):
            for step in finder(state):
                found[step.technique] += 1
                assert step.eliminations
                assert all(solution[cell] != digit for cell, digit in step.eliminations)
    assert all(found.values()), found  # each type applies to some of these states


def test_bug_type_4_leaves_each_cell_its_x_and_its_extra():
    checked = 0
    for state, _ in bug_plus_two_states():
        extras = uniqueness_types.bug_extras(state)
        for step in uniqueness_types.bug_type_4(state):
            (first, x), (second, _) = step.candidates
            for cell in (first, second):
                left = {d + 1 for d in bits(state.candidates[cell])} - \
                    {digit for other, digit in step.eliminations if other == cell}
                assert left == {x, extras[cell].bit_length()}
            checked += 1
    assert checked


@pytest.mark.parametrize("layout", [LAYOUT, X_LAYOUT], ids=["boxes", "x-sudoku"])
def test_rectangles_are_the_empty_ones_every_house_meets_twice_or_not(layout):
    """The rectangles kept per layout, filtered by a board's values, are those of the
    definition: four empty cells that every house they touch meets in two."""
    givens = [int(c) if c != "." else 0 for c in BUG_TYPE_2_PUZZLE]
    board = Board(layout, givens if layout is LAYOUT else [0] * 81)
    expected = []
    for row1, row2 in combinations(range(9), 2):
        for col1, col2 in combinations(range(9), 2):
            cells = (row1 * 9 + col1, row1 * 9 + col2, row2 * 9 + col1, row2 * 9 + col2)
            touched = [house for house in layout.houses if house.mask & sum(1 << c for c in cells)]
            if not any(board.values[cell] for cell in cells) and all(
                    sum(house.mask >> cell & 1 for cell in cells) == 2 for house in touched):
                expected.append(cells)
    assert list(rectangles(board)) == expected and expected
