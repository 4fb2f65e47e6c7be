"""Colour constraints in puzzle files (version 2): exact round trips, old files unchanged,
malformed and hostile values refused by name; the run file's fingerprint; the shipped example
against brute force."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest

from paint_oracle import painted_counts
from solvers import GridKind, Piece, Puzzle, PuzzleError, count_solutions
from solvers.parallel.runfile import puzzle_fingerprint
from solvers.puzzle.colour_rules import ConstraintColour
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_json, puzzle_to_json

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
CHECKERED = ASSETS / "pentominoes-checkered.json"
RED, BLUE = ConstraintColour("red", "#d62728"), ConstraintColour("blue", "#1f77b4")
SQUARE_2X2 = ((0, 0), (0, 1), (1, 0), (1, 1))


def painted() -> Puzzle:
    return Puzzle(GridKind.SQUARE, "painted", board=SQUARE_2X2,
                  pieces=(Piece("D", ((0, 0), (1, 0)), 2, colour="#aabbcc",
                                paint=(((0, 0), 1), ((1, 0), 2))),),
                  constraint_colours=(RED, BLUE), board_paint=(((0, 0), 1), ((1, 1), 2)),
                  colour_rules=((1, 1), (2, 2), (1, 2)))


def test_colours_paint_and_rules_round_trip_as_version_2():
    text = puzzle_to_json(painted())
    data = json.loads(text)
    assert data["version"] == 2
    assert data["constraint_colours"] == [{"name": "red", "rgb": "#d62728"},
                                          {"name": "blue", "rgb": "#1f77b4"}]
    assert data["board_paint"] == [{"colour": 1, "cells": [[0, 0]]},
                                   {"colour": 2, "cells": [[1, 1]]}]
    assert data["colour_rules"] == [[1, 1], [1, 2], [2, 2]]
    assert data["pieces"][0]["paint"] == [{"colour": 1, "cells": [[0, 0]]},
                                          {"colour": 2, "cells": [[1, 0]]}]
    assert data["pieces"][0]["colour"] == "#aabbcc"  # the display colour, apart
    again = puzzle_from_json(text)
    assert again == painted() and puzzle_to_json(again) == text


def test_a_puzzle_without_colours_is_written_as_version_1_as_before():
    plain = replace(painted(), constraint_colours=(), board_paint=(), colour_rules=(),
                    pieces=(Piece("D", ((0, 0), (1, 0)), 2),))
    data = json.loads(puzzle_to_json(plain))
    assert data["version"] == 1
    assert not {"constraint_colours", "board_paint", "colour_rules"} & set(data)
    assert "paint" not in data["pieces"][0]


def test_old_files_load_unchanged():
    for path in sorted(ASSETS.glob("*.json")):
        if path != CHECKERED:
            puzzle = load_puzzle(path)
            assert json.loads(path.read_text("utf-8"))["version"] == 1
            assert not puzzle.constraint_colours and not puzzle.board_paint


def edited(**changes) -> str:
    data = json.loads(puzzle_to_json(painted()))
    for key, value in changes.items():
        if key.startswith("piece_"):
            data["pieces"][0][key[len("piece_"):]] = value
        elif value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize("changes, message", [
    ({"version": 1}, "\"constraint_colours\" is a key of version 2 files (colour constraints), but "
                     "this file says version 1"),
    ({"version": 1, "board_paint": None, "constraint_colours": None, "colour_rules": None},
     "\"paint\" is a key of version 2 files"),
    ({"version": 3}, "unsupported version 3: this PolyGUI reads versions 1 and 2"),
    ({"constraint_colours": {"red": "#ff0000"}}, "\"constraint_colours\" must be a list"),
    ({"constraint_colours": [{"name": "red"}, {"name": "blue", "rgb": "#1f77b4"}]},
     "entry 1 of \"constraint_colours\": \"rgb\" None is not like"),
    ({"constraint_colours": [{"name": 7, "rgb": "#000000"}]}, "\"name\" must be a string, not 7"),
    ({"constraint_colours": [{"name": "a", "rgb": "#000000", "x": 1}]}, "unknown key 'x'"),
    ({"constraint_colours": [{"name": "red", "rgb": "#000000"}] * 64},
     "lists 64 colours: PolyGUI takes at most 63"),
    ({"board_paint": [{"colour": 1, "cells": [[9, 9]]}]},
     "the board paint: painted cell [9, 9] is not a cell of the board"),
    ({"board_paint": [{"colour": 5, "cells": [[0, 0]]}]},
     "cell [0, 0] is painted colour 5, but the puzzle defines 2"),
    ({"board_paint": [{"colour": True, "cells": [[0, 0]]}]},
     "\"colour\" must be a colour number, not True"),
    ({"board_paint": [{"colour": 1, "cells": [[0, 0, 0]]}]}, "cell 1 is [0, 0, 0], expected 2"),
    ({"board_paint": [{"colour": 1, "cells": [[0, 0]]}, {"colour": 2, "cells": [[0, 0]]}]},
     "cell [0, 0] is painted twice"),
    ({"board_paint": {"1": [[0, 0]]}}, "the board: paint must be a list"),
    ({"board_paint": [{"colour": 1, "cells": [[2 ** 70, 0]]}]}, "not a cell of the board"),
    ({"colour_rules": [[1, 9]]}, "colour rule [1, 9] names colour 9"),
    ({"colour_rules": [[1]]}, "entry 1 of \"colour_rules\" is [1], expected"),
    ({"colour_rules": "all"}, "\"colour_rules\" must be a list"),
    ({"piece_paint": [{"colour": 1, "cells": [[5, 0]]}]},
     "piece 'D': painted cell [5, 0] is not a cell of the piece"),
    ({"piece_paint": [{"colour": 1, "cell": [[0, 0]]}]}, "paint entry 1: unknown key 'cell'"),
    ({"piece_paint": 3}, "piece 'D' (entry 1 of \"pieces\"): paint must be a list"),
])
def test_malformed_colour_keys_are_refused_by_name(changes, message):
    with pytest.raises(PuzzleError) as caught:
        puzzle_from_json(edited(**changes))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_a_sudoku_file_with_colours_is_refused():
    data = json.loads((ASSETS / "sudoku-4x4-empty.json").read_text("utf-8"))
    data.update(version=2, constraint_colours=[{"name": "red", "rgb": "#ff0000"}])
    with pytest.raises(PuzzleError, match="a Sudoku has no constraint colours"):
        puzzle_from_json(json.dumps(data))


# --- the run file's fingerprint ------------------------------------------------------------
def old_fingerprint(puzzle: Puzzle) -> str:
    """puzzle_fingerprint as it was before colour constraints (no pins, no ranges here)."""
    what = {"grid": puzzle.kind.value, "board": sorted(puzzle.board),
            "pieces": [[sorted(p.cells), p.count, p.mirror] for p in puzzle.pieces]}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def test_old_run_files_keep_their_fingerprint_and_paint_changes_it():
    for name in ("soma.json", "meteor.json", "pentominoes-6x10.json"):
        puzzle = load_puzzle(ASSETS / name)
        assert puzzle_fingerprint(puzzle) == old_fingerprint(puzzle)
    base = painted()
    prints = {puzzle_fingerprint(base),
              puzzle_fingerprint(replace(base, colour_rules=((1, 1),))),
              puzzle_fingerprint(replace(base, board_paint=(((0, 0), 2),))),
              puzzle_fingerprint(replace(base, pieces=(Piece("D", ((0, 0), (1, 0)), 2,
                                                             paint=(((0, 0), 1),)),)))}
    assert len(prints) == 4 and old_fingerprint(base) not in prints
    # the colours' names and display colours decide nothing
    renamed = replace(base, constraint_colours=(ConstraintColour("rouge", "#ff0000"), BLUE))
    assert puzzle_fingerprint(renamed) == puzzle_fingerprint(base)


# --- the shipped example -------------------------------------------------------------------
def test_the_checkered_pentominoes_count_as_brute_force_does():
    puzzle = load_puzzle(CHECKERED)
    pieces = [(list(p.cells), p.count, p.mirror, dict(p.paint)) for p in puzzle.pieces]
    expected = painted_counts("square", list(puzzle.board), pieces, dict(puzzle.board_paint),
                              set(puzzle.colour_rules))
    for mode, count in expected.items():
        result = count_solutions(puzzle, mode)
        assert result.exhausted and result.solutions == count
    assert expected["all"] > expected["distinct"] > 0
