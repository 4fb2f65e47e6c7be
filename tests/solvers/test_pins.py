"""Pinned pieces: the file key and its named errors, and the counts in every mode and every
polyform kernel against brute force (the oracle's every tiling, kept when it holds the pins,
canonicalised under the board symmetries that map the pins onto pins)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions, board_symmetries, count_classes
from solvers import GridKind, Piece, Puzzle, PuzzleError, Solution, prepare
from solvers.puzzle.fileformat import puzzle_from_json, puzzle_to_json
from solvers.puzzle.pins import Pin, pins_still_valid
from solvers.search.solve import solve as solve_one_thread
from test_engine_vs_oracle import make_puzzle
from solvers import solve

L_TROMINO = ((0, 0), (1, 0), (0, 1))
RECT_2X3 = tuple((x, y) for x in range(3) for y in range(2))


def tromino_puzzle(pins=(), count=2, mirror=True) -> Puzzle:
    return Puzzle(GridKind.SQUARE, "trominoes", board=RECT_2X3,
                  pieces=(Piece("L", L_TROMINO, count, mirror),), pins=tuple(pins))


# --- the model and the file --------------------------------------------------------------
def test_pins_round_trip_through_the_file():
    puzzle = tromino_puzzle([Pin("L", ((0, 0), (1, 0), (0, 1)))])
    text = puzzle_to_json(puzzle)
    assert '"pinned"' in text
    again = puzzle_from_json(text)
    assert again == puzzle and again.pins == puzzle.pins


@pytest.mark.parametrize("pins, message", [
    ([Pin("L", ((0, 0), (1, 0), (5, 5)))], "pin 1 (piece 'L'): cell [5, 5] is off the board"),
    ([Pin("L", ((0, 0), (1, 0), (0, 1))), Pin("L", ((1, 0), (1, 1), (2, 1)))],
     "pin 2 (piece 'L') overlaps pin 1 (piece 'L') at cell [1, 0]"),
    ([Pin("L", ((0, 0), (1, 0), (2, 0)))], "pin 1 (piece 'L'): its cells are not the shape"),
    ([Pin("Q", ((0, 0), (1, 0), (0, 1)))], "there is no piece named 'Q'"),
])
def test_bad_pins_are_named(pins, message):
    with pytest.raises(PuzzleError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[").replace("]", r"\]")):
        tromino_puzzle(pins)


def test_more_pins_than_copies_is_named():
    with pytest.raises(PuzzleError, match="piece 'L' is pinned 2 times but has 1 copy"):
        Puzzle(GridKind.SQUARE, "t", board=RECT_2X3 + ((3, 0), (3, 1), (4, 0)),
               pieces=(Piece("L", L_TROMINO, 1),),
               pins=(Pin("L", ((0, 0), (1, 0), (0, 1))), Pin("L", ((2, 0), (2, 1), (1, 1)))))


def test_a_mirror_image_pin_of_a_piece_that_cannot_flip_is_refused():
    s_tetromino = ((1, 0), (2, 0), (0, 1), (1, 1))
    board = tuple((x, y) for x in range(4) for y in range(2))
    z_cells = ((0, 0), (1, 0), (1, 1), (2, 1))
    with pytest.raises(PuzzleError, match="not the shape of piece 'S', turned \\(not flipped\\)"):
        Puzzle(GridKind.SQUARE, "s", board=board, pieces=(Piece("S", s_tetromino, 2, False),),
               pins=(Pin("S", z_cells),))


@pytest.mark.parametrize("text, message", [
    ('"pinned": 3', '"pinned" must be a list'),
    ('"pinned": [{"piece": "L"}]', 'entry 1 of "pinned": "cells" must be a list'),
    ('"pinned": [{"piece": "L", "cells": [[0, 0, 0]]}]', 'entry 1 of "pinned": cell 1 is'),
    ('"pinned": [{"piece": 4, "cells": [[0, 0]]}]', '"piece" must be a piece'),
    ('"pinned": [{"piece": "L", "cells": [[0, 0]], "at": 1}]', 'unknown key'),
])
def test_malformed_pinned_key_is_named(text, message):
    base = puzzle_to_json(tromino_puzzle()).rstrip().rstrip("}")
    with pytest.raises(PuzzleError, match=message.replace("[", r"\[")):
        puzzle_from_json(base + "," + text + "}")


def test_pins_an_edit_breaks_are_dropped_the_others_kept():
    pins = (Pin("L", ((0, 0), (1, 0), (0, 1))), Pin("L", ((2, 0), (2, 1), (1, 1))))
    smaller = Puzzle(GridKind.SQUARE, "t", board=RECT_2X3[:-1],
                     pieces=(Piece("L", L_TROMINO, 2),))
    assert pins_still_valid(smaller, pins) == pins[:1]
    one_copy = Puzzle(GridKind.SQUARE, "t", board=RECT_2X3, pieces=(Piece("L", L_TROMINO, 1),))
    assert pins_still_valid(one_copy, pins) == pins[:1]
    renamed = Puzzle(GridKind.SQUARE, "t", board=RECT_2X3, pieces=(Piece("M", L_TROMINO, 2),))
    assert pins_still_valid(renamed, pins) == ()


# --- counts against brute force ----------------------------------------------------------
def test_a_pin_keeps_only_the_solutions_holding_it():
    free = [e for e in solve(tromino_puzzle(), "all") if isinstance(e, Solution)]
    assert len(free) == 2
    pinned = tromino_puzzle([Pin("L", ((0, 0), (1, 0), (0, 1)))])
    found = [e for e in solve(pinned, "all") if isinstance(e, Solution)]
    assert len(found) == 1
    assert (0, ((0, 0), (0, 1), (1, 0))) in [(p, tuple(sorted(c))) for p, c in found[0].pieces]


def with_random_pins(seed: int, kind: str):
    """A random puzzle of the oracle's tests, with one or two pins: placements of one of its
    tilings, or (one time in four) any placement, which may leave no solution."""
    puzzle, board, pieces = make_puzzle(seed, kind)
    rng = random.Random(seed ^ 0x5EED)
    tilings = all_solutions(kind, board, pieces)
    chosen = sorted(rng.choice(tilings), key=lambda p: (p[0], sorted(p[1])))
    rng.shuffle(chosen)
    pins = chosen[:rng.randint(1, min(2, len(chosen)))]
    if rng.random() < 0.25:
        from oracle import placements
        pins = [rng.choice(placements(kind, board, pieces))]
    pinned = Puzzle(puzzle.kind, puzzle.name, board=puzzle.board, pieces=puzzle.pieces,
                    pins=tuple(Pin(puzzle.pieces[p].name, tuple(cells)) for p, cells in pins))
    return pinned, board, pieces, frozenset((p, frozenset(c)) for p, c in pins), tilings


def oracle_pinned_counts(kind, board, pieces, pins, tilings) -> dict[str, int]:
    kept = [t for t in tilings if pins <= t]
    counts = {}
    for mode in ("all", "rotations", "distinct"):
        maps = [m for m in board_symmetries(kind, board, pieces, mode) if m(pins) == pins]
        counts[mode] = count_classes(kept, maps)
    return counts


PINNED = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PINNED
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]),
       kernel=st.sampled_from(["bitboard", "live", "general"]))
def test_pinned_counts_equal_brute_force_in_every_mode_and_kernel(seed, kind, kernel):
    puzzle, board, pieces, pins, tilings = with_random_pins(seed, kind)
    expected = oracle_pinned_counts(kind, board, pieces, pins, tilings)
    try:
        prepare(puzzle)
    except PuzzleError as error:  # a pin that leaves a piece no room: no solution, named
        assert "beside the pinned pieces" in str(error)
        assert expected == {"all": 0, "rotations": 0, "distinct": 0}
        return
    for mode, count in expected.items():
        final = list(solve_one_thread(puzzle, mode, count_only=True, kernel=kernel))[-1]
        assert final.exhausted
        assert final.solutions == count, (mode, expected)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]))
def test_pinned_solutions_listed_are_the_oracles(seed, kind):
    puzzle, board, pieces, pins, tilings = with_random_pins(seed, kind)
    try:
        events = list(solve(puzzle, "all"))
    except PuzzleError:
        events = []
    found = [frozenset((piece, frozenset(cells)) for piece, cells in e.pieces)
             for e in events if isinstance(e, Solution)]
    assert len(found) == len(set(found))
    assert set(found) == {t for t in tilings if pins <= t}


def test_pinned_counts_stay_exact_on_threads():
    """The parallel run splits the pinned tree into tasks; counts match one thread's."""
    from pathlib import Path
    from solvers.puzzle.fileformat import load_puzzle
    meteor = load_puzzle(Path(__file__).parents[2] / "assets/puzzles/meteor.json")
    first = meteor.pieces[0]
    # pin the first piece where it lies in the first solution
    solution = next(e for e in solve(meteor, "all") if isinstance(e, Solution))
    cells = dict(solution.pieces)[0]
    pinned = Puzzle(meteor.kind, "pinned", board=meteor.board, pieces=meteor.pieces,
                    pins=(Pin(first.name, tuple(cells)),))
    one = {mode: list(solve_one_thread(pinned, mode, count_only=True))[-1].solutions
           for mode in ("all", "distinct")}
    many = {mode: list(solve(pinned, mode, count_only=True, jobs=2))[-1].solutions
            for mode in ("all", "distinct")}
    assert one == many
    assert 0 < one["distinct"] <= one["all"] < 2098
