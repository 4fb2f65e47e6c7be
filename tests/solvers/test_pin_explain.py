"""Why a puzzle with pins has no solution: when it has one without them, the pins that cannot
all hold are named, a minimal set of them (against the oracle's every tiling: none holds all
the pins named, one holds them without any one of them), in words and by polygui-solve
--explain."""

from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import HealthCheck, event, given, settings, strategies as st

from oracle import all_solutions, placements
from solvers import GridKind, Piece, Puzzle
from solvers.analysis.conflicts import minimal_core
from solvers.cli.main import main
from solvers.puzzle.fileformat import save_puzzle
from solvers.puzzle.pins import Pin
from test_engine_vs_oracle import make_puzzle

BOARD = tuple((x, y) for x in range(5) for y in range(3))
PIECES = (Piece("L", ((0, 0), (0, 1), (0, 2), (1, 0))),
          Piece("T", ((0, 0), (1, 0), (2, 0), (1, 1))), Piece("I", ((0, 0), (1, 0), (2, 0))),
          Piece("V", ((0, 0), (1, 0), (0, 1))), Piece("M", ((0, 0),)))
L_PIN = Pin("L", ((0, 0), (0, 1), (0, 2), (1, 0)))
T_PIN = Pin("T", ((2, 1), (3, 0), (3, 1), (4, 1)))  # leaves (1, 1)-(1, 2)-(2, 2) and more
V_PIN = Pin("V", ((2, 1), (2, 2), (3, 1)))  # leaves the T no room: the solver says so early


def as_oracle(puzzle: Puzzle) -> tuple[list, list[frozenset]]:
    """(the oracle's pieces, its every tiling of the puzzle without its pins)."""
    pieces = [(piece.cells, piece.count, piece.mirror) for piece in puzzle.pieces]
    return pieces, all_solutions(puzzle.kind.value, puzzle.board, pieces)


def pinned(puzzle: Puzzle, pins) -> frozenset:
    """The pins as the oracle's (piece type, cells)."""
    number = {piece.name: index for index, piece in enumerate(puzzle.pieces)}
    return frozenset((number[pin.piece], frozenset(pin.cells)) for pin in pins)


def holds(tilings: list[frozenset], pins: frozenset) -> bool:
    return any(pins <= tiling for tiling in tilings)


def puzzle_with(*pins: Pin) -> Puzzle:
    return Puzzle(GridKind.SQUARE, "pins", board=BOARD, pieces=PIECES, pins=pins)


def test_two_pins_that_cannot_both_hold_are_named_both():
    puzzle = puzzle_with(L_PIN, T_PIN)
    _, tilings = as_oracle(puzzle)
    assert holds(tilings, pinned(puzzle, [L_PIN])) and holds(tilings, pinned(puzzle, [T_PIN]))
    assert not holds(tilings, pinned(puzzle, [L_PIN, T_PIN]))
    core = minimal_core(puzzle)
    assert core is not None and core.pins == (0, 1) and core.pieces == ("L", "T")
    assert core.text(puzzle) == ("the pins of 'L' on (0, 0) (0, 1) (0, 2) (1, 0) and of 'T' on "
                                 "(2, 1) (3, 0) (3, 1) (4, 1) cannot both hold")
    assert set(core.pinned_cells(puzzle)) == set(L_PIN.cells) | set(T_PIN.cells)


def test_a_pin_that_holds_with_each_of_them_is_left_out():
    puzzle = puzzle_with(L_PIN, T_PIN)
    pieces, tilings = as_oracle(puzzle)
    used = set(L_PIN.cells) | set(T_PIN.cells)
    number = {piece.name: index for index, piece in enumerate(PIECES)}
    other = next(Pin(PIECES[piece].name, tuple(cells))
                 for piece, cells in placements("square", BOARD, pieces)
                 if piece in (number["I"], number["M"]) and not cells & used
                 and holds(tilings, pinned(puzzle, [L_PIN, Pin(PIECES[piece].name, tuple(cells))]))
                 and holds(tilings, pinned(puzzle, [T_PIN, Pin(PIECES[piece].name, tuple(cells))])))
    three = puzzle_with(other, L_PIN, T_PIN)
    core = minimal_core(three)
    assert core is not None and core.pins == (1, 2)


def test_explain_names_the_pins_on_the_command_line(tmp_path, capsys):
    for second in (T_PIN, V_PIN):  # a search without solution; a pin that strands a piece
        path = tmp_path / "pins.json"
        save_puzzle(puzzle_with(L_PIN, second), path)
        assert main([str(path), "--explain", "--json"]) == 0
        printed = capsys.readouterr().out.strip().splitlines()
        assert (f"the pins of 'L' on (0, 0) (0, 1) (0, 2) (1, 0) and of '{second.piece}' on "
                f"{' '.join(str(cell) for cell in second.cells)} cannot both hold") in printed[0]
        result = json.loads(printed[-1])
        assert result["solvable"] is False and result["core"] == ["L", second.piece]
        assert result["pins"] == [{"piece": pin.piece, "cells": [list(c) for c in pin.cells]}
                                  for pin in (L_PIN, second)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]))
def test_the_pins_named_are_a_minimal_set_that_cannot_all_hold(seed, kind):
    """Random puzzles (that have tilings) with two or three random pins."""
    puzzle, board, pieces = make_puzzle(seed, kind)
    rng = random.Random(seed)
    tilings = all_solutions(kind, board, pieces)
    pins, used, copies = [], set(), [count for _cells, count, _mirror in pieces]
    for piece, cells in rng.sample(placements(kind, board, pieces), k=min(12, len(
            placements(kind, board, pieces)))):
        if len(pins) < rng.randint(2, 3) and copies[piece] and not cells & used:
            pins.append(Pin(puzzle.pieces[piece].name, tuple(cells)))
            used |= cells
            copies[piece] -= 1
    puzzle = dataclasses.replace(puzzle, pins=tuple(pins))
    core = minimal_core(puzzle)
    if holds(tilings, pinned(puzzle, pins)):
        event("the pins hold")
        assert core is None
        return
    event("the pins cannot all hold")
    assert core is not None and core.pins
    named = [pins[index] for index in core.pins]
    assert not holds(tilings, pinned(puzzle, named))
    for left_out in range(len(named)):
        assert holds(tilings, pinned(puzzle, named[:left_out] + named[left_out + 1:]))
