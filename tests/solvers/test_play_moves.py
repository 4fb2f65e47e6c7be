"""Play's solver side (issue 33): the placement a shape dropped on a cell makes, turning and
flipping, whether the pieces placed are in a solution, and one solution that holds them."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from solvers import GridKind, Solution, solve
from solvers.play.check import is_solved, solution_with
from solvers.play.moves import PlayBoard, flipped, tipped, turned, turns_to
from solvers.puzzle.fileformat import load_puzzle
from solvers.puzzle.grids import normalise, orientations_of

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
FLAT = ["pentominoes-8x8-hole.json", "meteor.json", "hexiamonds-6x6.json", "soma.json"]


def every_solution(puzzle) -> list[tuple]:
    return [tuple(sorted((piece, tuple(sorted(cells))) for piece, cells in event.pieces))
            for event in solve(puzzle, "all") if isinstance(event, Solution)]


@pytest.mark.parametrize("name", FLAT)
def test_a_shape_dropped_by_any_cell_on_its_cell_makes_that_placement(name):
    puzzle = load_puzzle(ASSETS / name)
    board = PlayBoard(puzzle)
    rng = random.Random(4)
    for piece, cells in rng.sample(sorted(board.rows), 40):
        shape = normalise(np.array(cells), puzzle.kind)
        grip = rng.randrange(len(shape))
        # the shape's grip cell lands on the board cell it came from
        target = sorted(cells)[grip]
        assert board.placement_at(piece, shape, grip, target) == (piece, cells)


def test_a_shape_off_the_board_or_of_the_wrong_pointing_makes_no_placement():
    puzzle = load_puzzle(ASSETS / "pentominoes-8x8-hole.json")
    board = PlayBoard(puzzle)
    shape = board.start_shape(1)  # I: a 1x5 bar
    assert board.placement_at(1, shape, 0, (0, 0)) is not None
    assert board.placement_at(1, shape, 0, (0, 4)) is None  # runs off the bottom edge
    assert board.placement_at(1, shape, 0, (3, 1)) is None  # through the hole
    triangles = load_puzzle(ASSETS / "hexiamonds-6x6.json")
    tri = PlayBoard(triangles)
    piece, cells = sorted(tri.rows)[0]
    shape = normalise(np.array(cells), triangles.kind)
    target = sorted(cells)[0]
    wrong = target[:2] + (1 - target[2],)
    assert tri.placement_at(piece, shape, 0, wrong) is None


@pytest.mark.parametrize("kind, turns", [(GridKind.SQUARE, 4), (GridKind.HEX, 6),
                                         (GridKind.TRIANGLE, 6), (GridKind.CUBE, 4)])
def test_turns_and_flips_go_round_keep_the_shape_and_hold_the_same_cell(kind, turns):
    name = {GridKind.SQUARE: "pentominoes-8x8-hole.json", GridKind.HEX: "meteor.json",
            GridKind.TRIANGLE: "hexiamonds-6x6.json", GridKind.CUBE: "soma.json"}[kind]
    puzzle = load_puzzle(ASSETS / name)
    board = PlayBoard(puzzle)
    for piece in range(len(puzzle.pieces)):
        start = board.start_shape(piece)
        every = orientations_of(kind, start, True)
        shape, grip = start, 1
        for _ in range(turns):
            shape, grip = turned(kind, shape, grip)
            assert shape in every
        assert (shape, grip) == (start, 1)  # a whole turn
        assert flipped(kind, *flipped(kind, start, 1)) == (start, 1)
        if kind is GridKind.CUBE:
            assert tipped(kind, start, 1)[0] in every
        # the cell held keeps its neighbours' count in the piece: the same cell, moved
        mirrored, held = flipped(kind, start, 1)
        assert mirrored in every and 0 <= held < len(start)


def test_a_solution_with_the_placed_pieces_exists_exactly_when_one_of_all_holds_them():
    puzzle = load_puzzle(ASSETS / "pentominoes-8x8-hole.json")
    solutions = every_solution(puzzle)
    used = {placement for solution in solutions for placement in solution}
    board = PlayBoard(puzzle)
    rng = random.Random(7)
    sample = rng.sample(sorted(board.rows), 30) + rng.sample(sorted(used), 10)
    for placement in sample:
        found = solution_with(puzzle, [placement])
        assert (found is not None) == (placement in used), placement
        if found is not None:
            assert placement in found and tuple(sorted(found)) in solutions
    two = rng.choice(solutions)[:2]
    assert set(two) <= set(solution_with(puzzle, two))


def test_placed_pieces_that_overlap_are_in_no_solution():
    puzzle = load_puzzle(ASSETS / "pentominoes-8x8-hole.json")
    board = PlayBoard(puzzle)
    first = board.placement_at(1, board.start_shape(1), 0, (0, 0))
    second = board.placement_at(2, board.start_shape(2), 0, (0, 0))
    assert solution_with(puzzle, [first, second]) is None
    assert not is_solved(puzzle, [first, second])


def test_solved_only_when_the_pieces_fill_the_board_as_the_puzzle_asks():
    puzzle = load_puzzle(ASSETS / "pentominoes-8x8-hole.json")
    solution = solution_with(puzzle, [])
    assert is_solved(puzzle, solution)
    assert not is_solved(puzzle, solution[1:])
    assert not is_solved(puzzle, solution + solution[:1])  # a piece twice


@pytest.mark.parametrize("mirror", [False, True])
def test_turns_and_tips_reach_every_way_a_box_piece_lies(mirror):
    puzzle = load_puzzle(ASSETS / "soma.json")
    board = PlayBoard(puzzle)
    moves = {"R": turned, "T": tipped, "F": flipped}
    for piece in range(len(puzzle.pieces)):
        start = board.start_shape(piece)
        for wanted in orientations_of(GridKind.CUBE, start, mirror):
            keys = turns_to(start, 0, wanted, mirror)
            assert len(keys) <= 6 and (mirror or "F" not in keys)
            shape, grip = start, 0
            for key in keys:
                shape, grip = moves[key](GridKind.CUBE, shape, grip)
            assert shape == wanted
    chiral = board.start_shape(4)  # A: its mirror image is B, not a turn of A
    mirrored = flipped(GridKind.CUBE, chiral)[0]
    with pytest.raises(ValueError):
        turns_to(chiral, 0, mirrored, False)
    assert turns_to(chiral, 0, mirrored, True) == "F"


def test_turns_and_tips_reach_every_way_a_ball_piece_lies_on_the_lattice():
    """The sphere grid (issue 35): R and T reach each of the 24 rotations of a piece of
    balls, every one a shape on the lattice (x + y + z even), the grip kept on its ball."""
    puzzle = load_puzzle(ASSETS / "kanoodle-pyramid.json")
    board = PlayBoard(puzzle)
    moves = {"R": turned, "T": tipped}
    for piece in range(len(puzzle.pieces)):
        start = board.start_shape(piece)
        for wanted in orientations_of(GridKind.SPHERE, start, False):
            assert all(sum(cell) % 2 == 0 for cell in wanted)
            shape, grip = start, len(start) - 1
            for key in turns_to(start, grip, wanted, False, GridKind.SPHERE):
                reach = sorted(np.square(np.subtract(shape, shape[grip])).sum(axis=1))
                shape, grip = moves[key](GridKind.SPHERE, shape, grip)
                assert all(sum(cell) % 2 == 0 for cell in shape)
                # held by the same ball: its distances to the others are kept
                assert sorted(np.square(np.subtract(shape, shape[grip])).sum(axis=1)) == reach
            assert shape == wanted
