"""The stick grid (polysticks): its geometry against the oracle's own (a stick as its two
ends), the no-crossing rule, the file format's named error, and counts in every symmetry mode
against brute force on random small puzzles and on the shipped tetrasticks' pieces."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import (all_solutions, neighbours as oracle_neighbours, oracle_counts, tilings,
                    placements as oracle_placements, transforms)
from solvers import SYMMETRY_MODES, GridKind, Piece, Puzzle, PuzzleError, count_solutions
from solvers.placements.compile import compile_placements
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_json
from solvers.puzzle.grid import grid_of, is_rotation
from test_engine_vs_oracle import engine_solutions, make_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
STICK = GridKind.STICK
GRID = grid_of(STICK)
CELLS = st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 1))
PLUS = ((0, 1, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1))  # four sticks meeting at (1, 1)


# --- geometry ------------------------------------------------------------------------------
def test_the_group_is_the_squares_eight_and_closed():
    group = GRID.symmetry_group
    assert len(group) == 8 and sum(map(is_rotation, group)) == 4
    keys = {m.tobytes() for m in group}
    assert all((a @ b).tobytes() in keys for a in group for b in group)


@given(cell=CELLS)
def test_each_symmetry_moves_a_stick_as_the_oracle_moves_its_ends(cell):
    engine = [(tuple(GRID.apply_symmetry(np.array([cell]), m)[0].tolist()), is_rotation(m))
              for m in GRID.symmetry_group]
    oracle = [(transform(cell), rotation) for transform, rotation in transforms("stick")]
    assert sorted(engine) == sorted(oracle)


@given(cell=CELLS)
def test_neighbours_are_the_sticks_sharing_a_lattice_point(cell):
    assert sorted(GRID.neighbours_of(cell)) == sorted(oracle_neighbours("stick", cell))
    assert all(cell in GRID.neighbours_of(other) for other in GRID.neighbours_of(cell))


@pytest.mark.parametrize("where", ["board", "piece"])
def test_a_direction_other_than_0_or_1_is_a_named_error(where):
    data = {"format": "polygui-puzzle", "version": 1, "grid": "stick",
            "board": [[0, 0, 0], [1, 0, 0]],
            "pieces": [{"name": "I", "cells": [[0, 0, 0], [1, 0, 0]]}]}
    target = data["board"] if where == "board" else data["pieces"][0]["cells"]
    target[1] = [1, 0, 2]
    with pytest.raises(PuzzleError, match=r"\[1, 0, 2\] has d = 2.*0 \(along x\) or 1"):
        puzzle_from_json(json.dumps(data))


# --- the no-crossing rule ------------------------------------------------------------------
def counts(puzzle: Puzzle) -> dict[str, int]:
    return {mode: count_solutions(puzzle, mode).solutions for mode in SYMMETRY_MODES}


def test_two_straight_pieces_may_not_cross():
    """Two I2s cover the plus exactly, but only by crossing at its centre: no solution
    (the plain exact cover, the oracle's without the rule, has one)."""
    pieces = [(((0, 0, 0), (1, 0, 0)), 2, True)]
    assert len(tilings(PLUS, oracle_placements("stick", PLUS, pieces), [2],
                       lambda cells: cells)) == 1
    puzzle = Puzzle(STICK, "cross", board=PLUS, pieces=(Piece("I2", pieces[0][0], 2),))
    assert counts(puzzle) == {mode: 0 for mode in SYMMETRY_MODES}


def test_pieces_may_meet_at_a_point_and_one_piece_may_pass_both_ways():
    bent = Puzzle(STICK, "meet", board=PLUS, pieces=(Piece("V2", ((0, 0, 0), (0, 0, 1)), 2),))
    assert counts(bent) == oracle_counts("stick", PLUS, [(((0, 0, 0), (0, 0, 1)), 2, True)])
    assert counts(bent)["all"] == 2
    plus = Puzzle(STICK, "plus", board=PLUS, pieces=(Piece("X", PLUS),))
    assert counts(plus) == {mode: 1 for mode in SYMMETRY_MODES}


def test_crossing_items_are_the_points_with_both_lines_on_the_board():
    assert GRID.passing_items(PLUS) == [(((0, 1, 0), (1, 1, 0)), ((1, 0, 1), (1, 1, 1)))]
    placements = compile_placements(Puzzle(STICK, "x", board=PLUS,
                                           pieces=(Piece("I2", ((0, 0, 0), (1, 0, 0)), 2),)),
                                    prune=False)
    assert placements.extra_items == 1 and placements.optional_items == (4,)


# --- counts against brute force ------------------------------------------------------------
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seed=st.integers(0, 10**9))
def test_engine_finds_exactly_the_oracles_solutions(seed):
    puzzle, board, pieces = make_puzzle(seed, "stick")
    found = engine_solutions(puzzle, "all")
    assert len(found) == len(set(found))
    assert set(found) == set(all_solutions("stick", board, pieces))


@FAST
@given(seed=st.integers(0, 10**9))
def test_symmetry_reduced_counts_equal_brute_force(seed):
    puzzle, board, pieces = make_puzzle(seed, "stick")
    assert counts(puzzle) == oracle_counts("stick", board, pieces)


def test_six_shipped_tetrasticks_on_a_3x3_grid_agree_with_brute_force():
    """A reduced instance of the shipped example: six of its pieces on the 24 sticks of a
    3x3 square (the full count, 72, is checked in test_known_counts)."""
    shipped = load_puzzle(ASSETS / "tetrasticks-5x5.json")
    board = tuple(c for c in shipped.board if c[0] + (c[2] == 0) <= 3 and c[1] + (c[2] == 1) <= 3)
    pieces = tuple(p for p in shipped.pieces if p.name in "FJORVY")
    puzzle = Puzzle(STICK, "reduced", board=board, pieces=pieces)
    expected = oracle_counts("stick", board, [(p.cells, 1, True) for p in pieces])
    assert expected["distinct"] > 0
    assert counts(puzzle) == expected
