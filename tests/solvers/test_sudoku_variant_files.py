"""Sudoku variants in puzzle files: "regions", "diagonals" and "cages" read, written back
exactly, and every bad one refused with a message naming it."""

from __future__ import annotations

import json

import pytest

from solvers import PuzzleError
from solvers.puzzle.fileformat import puzzle_from_json, puzzle_to_json
from solvers.puzzle.sudoku_rules import Cage

JIGSAW_6 = ["AAABBB", "ACCCBB", "ACDDDB", "CCDEEE", "FFDDEE", "FFFFEE"]


def sudoku_text(**keys) -> str:
    data = {"format": "polygui-puzzle", "version": 1, "grid": "sudoku"}
    data.update(keys)
    return json.dumps(data)


def test_a_jigsaw_x_killer_file_round_trips_and_reads_as_written():
    text = sudoku_text(name="mixed", description="", regions=JIGSAW_6, givens=["......"] * 6,
                       diagonals=True, cages=[{"sum": 3, "cells": [[0, 0], [0, 1]]},
                                              {"sum": 6, "cells": [[5, 5]]}])
    puzzle = puzzle_from_json(text, strict=False)
    grid = puzzle.sudoku
    assert grid.n == 6 and grid.diagonals
    assert grid.regions[:6] == (0, 0, 0, 1, 1, 1) and grid.regions[6:8] == (0, 2)
    assert grid.cages == (Cage(3, (0, 1)), Cage(6, (35,)))
    written = puzzle_to_json(puzzle)
    assert "\"box\"" not in written  # the regions replace the boxes
    assert json.loads(written)["regions"] == JIGSAW_6
    assert puzzle_from_json(written, strict=False) == puzzle
    assert puzzle_to_json(puzzle_from_json(written, strict=False)) == written


def test_regions_equal_to_the_boxes_are_a_classic_sudoku():
    boxes = ["AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFF"]
    puzzle = puzzle_from_json(sudoku_text(regions=boxes, givens=["......"] * 6))
    assert puzzle.sudoku.regions == () and (puzzle.sudoku.box_rows, puzzle.sudoku.box_cols) == (2, 3)
    assert "regions" not in puzzle_to_json(puzzle)


@pytest.mark.parametrize("keys, message", [
    ({"regions": JIGSAW_6[:5], "givens": ["......"] * 6},
     "\"givens\": a 5x5 Sudoku needs 5 rows, got 6"),  # n comes from the regions
    ({"regions": ["AAABBB"] * 5 + ["AAABB"], "givens": ["......"] * 6},
     "\"regions\" row 6: expected 6 cells, got 5"),
    ({"regions": ["AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFA"],
      "givens": ["......"] * 6}, "region at r1c1 has 7 cells; each region needs 6"),
    ({"regions": ["A" * 40] * 40, "givens": ["." * 40] * 40},
     "\"regions\": 40 rows; a Sudoku has 2 to 35"),
    ({"regions": "AAAA", "box": [2, 2], "givens": ["...."] * 4},
     "\"regions\" must be a list of strings"),
    ({"box": [2, 2], "regions": JIGSAW_6, "givens": ["...."] * 4},
     "\"box\" \\[2, 2\\] makes a 4x4 Sudoku, but \"regions\" has 6 rows"),
    ({"box": [2, 2], "givens": ["...."] * 4, "diagonals": "yes"},
     "\"diagonals\" must be true or false, not 'yes'"),
    ({"box": [2, 2], "givens": ["...."] * 4, "cages": {"sum": 3}}, "\"cages\" must be a list"),
    ({"box": [2, 2], "givens": ["...."] * 4, "cages": [{"sum": 3, "cells": [[0, 4]]}]},
     "cage 1 of \"cages\": cell \\[0, 4\\] lies outside the 4x4 grid"),
    ({"box": [2, 2], "givens": ["...."] * 4, "cages": [{"sum": "3", "cells": [[0, 0]]}]},
     "cage 1 of \"cages\": \"sum\" must be a whole number, not '3'"),
    ({"box": [2, 2], "givens": ["...."] * 4, "cages": [{"sum": 3, "cells": [[0, 0], [0, 0]]}]},
     "cage 1 of \"cages\": a cell is listed twice"),
    ({"box": [2, 2], "givens": ["...."] * 4,
      "cages": [{"sum": 3, "cells": [[0, 0], [0, 1]]}, {"sum": 4, "cells": [[0, 1], [1, 1]]}]},
     "cage 2: r1c2 is already in cage 1; a cell lies in one cage at most"),
    ({"box": [2, 2], "givens": ["...."] * 4, "cages": [{"sum": 8, "cells": [[0, 0], [0, 1]]}]},
     "the cage at r1c1 \\(sum 8\\): 2 different symbols sum to 3..7, never to 8"),
    ({"box": [2, 2], "givens": ["...."] * 4,
      "cages": [{"sum": 10, "cells": [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]]}]},
     "the cage at r1c1 \\(sum 10\\) has 5 cells, more than the 4 symbols"),
    ({"box": [2, 2], "givens": ["1...", "....", "....", "...1"], "diagonals": True},
     "conflicting givens: r1c1 and r4c4 both hold 1"),
    ({"box": [2, 2], "givens": ["12..", "....", "....", "...."],
      "cages": [{"sum": 4, "cells": [[0, 0], [0, 1]]}]},
     "the cage at r1c1 \\(sum 4\\): its givens sum to 3"),
    ({"grid": "square", "board": [[0, 0]], "pieces": [], "diagonals": True},
     "\"diagonals\" is for Sudoku puzzles, not a square grid"),
])
def test_bad_variant_rules_are_refused_by_name(keys, message):
    with pytest.raises(PuzzleError, match=message):
        puzzle_from_json(sudoku_text(**keys))


def test_a_design_in_progress_with_a_wrong_region_opens_when_not_strict():
    keys = {"regions": ["AAABBB", "AAABBB", "CCCDDD", "CCCDDD", "EEEFFF", "EEEFFA"],
            "givens": ["......"] * 6}
    puzzle = puzzle_from_json(sudoku_text(**keys), strict=False)
    assert puzzle.problems() == ["the region at r1c1 has 7 cells; each region needs 6",
                                 "the region at r5c4 has 5 cells; each region needs 6"]
