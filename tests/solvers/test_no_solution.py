"""Why there is no solution, against brute force: certificates are sound (the oracle finds no
tiling where one is given) and name exactly the cells no piece covers; the minimal core from
deletion cannot all fit, yet fits without any one copy (placed by plain backtracking)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions, crossings, placements
from solvers import GridKind, Piece, Puzzle
from solvers.analysis.certificates import certificates
from solvers.analysis.conflicts import minimal_core
from solvers.puzzle.fileformat import load_puzzle
from test_engine_vs_oracle import BOXES, cut_into_pieces, random_board

SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_unsure_puzzle(rng: random.Random, kind: str):
    """A random board and pieces cut from other boards, as many cells as the board: some
    tile it, most do not. (board, [(cells, count, mirror)], Puzzle)."""
    size = rng.randint(4, 9)
    board = random_board(rng, kind, size)
    parts = []
    while sum(map(len, parts)) < size:
        parts += cut_into_pieces(rng, kind, random_board(rng, kind, rng.randint(2, 5)), 1)
    parts[-1] = parts[-1][:len(parts[-1]) - (sum(map(len, parts)) - size)]
    parts = [part for part in parts if part and _connected(kind, part)]
    pieces = [(part, 1, rng.random() < 0.5) for part in parts]
    puzzle = Puzzle(GridKind(kind), "random", board=tuple(board),
                    pieces=tuple(Piece(f"p{i}", tuple(cells), count, mirror)
                                 for i, (cells, count, mirror) in enumerate(pieces)))
    return board, pieces, puzzle


def _connected(kind: str, cells) -> bool:
    from oracle import neighbours
    cells = set(map(tuple, cells))
    seen, todo = set(), [next(iter(cells))]
    while todo:
        cell = todo.pop()
        if cell in seen:
            continue
        seen.add(cell)
        todo += [n for n in neighbours(kind, cell) if n in cells]
    return seen == cells


def can_place_all(kind: str, board, pieces) -> bool:
    """Plain backtracking: every copy on the board at once, no overlaps (on the stick grid,
    no two pieces crossing), cells may stay empty."""
    rows = placements(kind, board, pieces)
    copies = [index for index, (_cells, count, _mirror) in enumerate(pieces) for _ in range(count)]

    def place(at: int, used: frozenset, chosen: tuple) -> bool:
        if at == len(copies):
            return kind != "stick" or not crossings(chosen)
        return any(place(at + 1, used | cells, chosen + ((piece, cells),))
                   for piece, cells in rows if piece == copies[at] and not cells & used)

    return place(0, frozenset(), ())


@SLOW
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(sorted(BOXES)))
def test_a_certificate_is_only_given_where_the_oracle_finds_no_solution(seed, kind):
    board, pieces, puzzle = random_unsure_puzzle(random.Random(seed), kind)
    found = certificates(puzzle)
    if found:
        assert all_solutions(kind, board, pieces) == [], [c.text for c in found]
    uncoverable = [c for c in found if c.kind == "uncoverable" and "no piece fits" in c.text]
    covered = set().union(*(cells for _piece, cells in placements(kind, board, pieces)))
    expected = sorted(set(map(tuple, board)) - covered)
    assert sorted(uncoverable[0].cells if uncoverable else []) == expected


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(sorted(BOXES)))
def test_the_pieces_that_fit_nowhere_are_the_models(seed, kind):
    """The certificates read the pieces that fit nowhere off the placements compiled for the
    search; the model tries every orientation again: the same pieces, in the same words."""
    rng = random.Random(seed)
    _, _, puzzle = random_unsure_puzzle(rng, kind)
    other = random_board(rng, kind, rng.randint(2, 9))  # often too long or wide for the board
    puzzle = dataclasses.replace(puzzle, pieces=puzzle.pieces + (
        Piece("other", tuple(other), 1, rng.random() < 0.5),))
    expected = [reason for reason in puzzle.problems() if "nowhere" in reason]
    found = [c.text for c in certificates(puzzle) if c.kind == "cells" and "nowhere" in c.text]
    assert found == expected


def test_the_mutilated_chessboard_has_its_checkerboard_certificate():
    board = tuple((x, y) for x in range(8) for y in range(8) if (x, y) not in ((0, 0), (7, 7)))
    puzzle = Puzzle(GridKind.SQUARE, "mutilated", board=board,
                    pieces=(Piece("domino", ((0, 0), (1, 0)), 31),))
    found = certificates(puzzle)
    assert [c.kind for c in found] == ["colouring"]
    assert "30 dark and 32 light" in found[0].text and "at most 0" in found[0].text
    assert len(found[0].colours) == len(puzzle.board)


def test_five_t_tetrominoes_in_a_4x5_rectangle_fail_the_checkerboard():
    found = certificates(load_puzzle("assets/puzzles/no-solution.json"))
    assert found and found[0].kind == "colouring"
    assert "10 dark and 10 light" in found[0].text and "2, 6 or 10" in found[0].text


def test_the_hex_three_colouring_refuses_what_it_should():
    """A straight tromino covers one hexagon of each colour wherever it lies; this board of
    six has 3, 1 and 2."""
    line = ((0, 0), (1, 0), (2, 0))
    board = ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1))
    puzzle = Puzzle(GridKind.HEX, "lines", board=board, pieces=(Piece("I3", line, 2),))
    found = {c.kind: c for c in certificates(puzzle)}
    assert "3 red, 1 green, 2 blue" in found["colouring"].text
    assert all_solutions("hex", board, [(line, 2, True)]) == []


def test_shipped_puzzles_with_solutions_get_no_certificate():
    for name in ("meteor", "soma", "pentominoes-6x10", "sudoku-hard"):
        assert certificates(load_puzzle(f"assets/puzzles/{name}.json")) == [], name


@SLOW
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(sorted(BOXES)))
def test_the_minimal_core_cannot_fit_yet_fits_without_any_one_copy(seed, kind):
    board, pieces, puzzle = random_unsure_puzzle(random.Random(seed), kind)
    core = minimal_core(puzzle)
    if core is None:
        assert can_place_all(kind, board, pieces)
        return
    assert all_solutions(kind, board, pieces) == []
    by_name = {piece.name: (list(piece.cells), piece.mirror) for piece in puzzle.pieces}
    chosen = [(by_name[name][0], 1, by_name[name][1]) for name in core.pieces]
    assert not can_place_all(kind, board, chosen)
    for left_out in range(len(chosen)):
        assert can_place_all(kind, board, chosen[:left_out] + chosen[left_out + 1:])


def test_the_core_of_five_t_tetrominoes_is_all_five():
    puzzle = load_puzzle("assets/puzzles/no-solution.json")
    core = minimal_core(puzzle)
    assert core.pieces == ("T",) * 5
    assert core.text(puzzle) == "these pieces cannot all fit: T, T, T, T, T"


def sudoku_4x4_solutions():
    """Every 4x4 Sudoku grid, by brute force over rows."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = []
    for a, b, c, d in itertools.product(rows, repeat=4):
        grid = np.array([a, b, c, d])
        boxes = grid.reshape(2, 2, 2, 2).transpose(0, 2, 1, 3).reshape(4, 4)
        if all(len(set(grid[:, j])) == 4 for j in range(4)) and \
                all(len(set(box)) == 4 for box in boxes):
            grids.append(grid.reshape(-1))
    return np.array(grids)


def test_the_minimal_givens_of_a_sudoku_without_solution_against_brute_force():
    grids = sudoku_4x4_solutions()
    assert len(grids) == 288
    # no two givens clash in a unit, yet no grid holds all of them
    givens = np.zeros(16, dtype=np.int64)
    givens[[6, 7, 11, 12]] = [3, 4, 2, 3]  # r2c3=3, r2c4=4, r3c4=2, r4c1=3
    puzzle = Puzzle(GridKind.SUDOKU, "stuck", sudoku=_grid(givens))

    def solvable(values):
        mask = values != 0
        return bool(np.any(np.all(grids[:, mask] == values[mask], axis=1)))

    assert not solvable(givens) and not puzzle.problems()
    core = minimal_core(puzzle)
    kept = np.zeros(16, dtype=np.int64)
    kept[list(core.givens)] = givens[list(core.givens)]
    assert not solvable(kept)
    for cell in core.givens:
        fewer = kept.copy()
        fewer[cell] = 0
        assert solvable(fewer)


def _grid(givens):
    from solvers import SudokuGrid
    return SudokuGrid(2, 2, tuple(givens.tolist()))


def test_a_difference_of_the_right_size_but_the_wrong_side_is_said_so():
    """Two square rings and a ring with a back in a 3x3x3 box: the board has one dark cube
    more, the pieces can only have one light cube more (and the centre is out of reach)."""
    ring = tuple((x, y, 0) for x in range(3) for y in range(3) if (x, y) != (1, 1))
    chair = ring + ((0, 0, 1), (0, 0, 2), (1, 0, 2))
    board = tuple(itertools.product(range(3), repeat=3))
    puzzle = Puzzle(GridKind.CUBE, "rings", board=board,
                    pieces=(Piece("ring", ring, 2), Piece("chair", chair)))
    assert not all_solutions("cube", board, [(ring, 2, True), (chair, 1, True)])
    texts = [c.text for c in certificates(puzzle)]
    assert texts[0] == "no piece fits over this cell ((1, 1, 1))"
    assert texts[1].endswith("(a difference of 1); these pieces can make a difference of 1 "
                             "only with more light cells")
