"""Exact cover with secondary items: optional board cells (that may stay empty) and piece
ranges (between the fewest and the most copies), against the oracle's brute force on random
small puzzles in every symmetry mode, and the file format's named errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions_secondary, oracle_counts_secondary
from solvers import GridKind, Piece, Puzzle, PuzzleError, count_solutions, solve
from solvers.puzzle.fileformat import puzzle_from_json, puzzle_to_json
from solvers.search.prepare import prepare_puzzle
from test_engine_vs_oracle import cut_into_pieces, engine_solutions, piece_set, random_board

SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def secondary_puzzle(seed: int, kind: str) -> tuple[Puzzle, list, list, list]:
    """A random board cut into pieces, then some cells made optional, some counts widened
    into ranges and sometimes an extra piece that may be left out."""
    rng = random.Random(seed)
    size = rng.randint(4, 9 if kind != "cube" else 8)
    board = random_board(rng, kind, size)
    parts = cut_into_pieces(rng, kind, board, rng.randint(2, min(4, size)))
    pieces = []
    for cells, count, mirror in piece_set(rng, kind, parts):
        fewest = max(0, count - rng.randint(0, 1)) if rng.random() < 0.6 else count
        most = count + rng.randint(0, 1) if rng.random() < 0.6 else count
        pieces.append((cells, (fewest, most), mirror))
    if rng.random() < 0.4 and all(len(cells) > 1 for cells, _range, _mirror in pieces):
        pieces.append(([(0,) * len(board[0])], (0, rng.randint(1, 2)), True))
    optional = rng.sample(board, rng.randint(0, min(3, size - 1)))
    puzzle = Puzzle(GridKind(kind), f"random {seed}", board=tuple(board), optional=tuple(optional),
                    pieces=tuple(Piece(f"p{i}", tuple(map(tuple, cells)), most, mirror,
                                       least=fewest)
                                 for i, (cells, (fewest, most), mirror) in enumerate(pieces)))
    return puzzle, board, pieces, optional


KINDS = st.sampled_from(["square", "hex", "cube"])


@SOME
@given(seed=st.integers(0, 10**9), kind=KINDS)
def test_engine_finds_exactly_the_oracles_solutions_with_secondary_items(seed, kind):
    puzzle, board, pieces, optional = secondary_puzzle(seed, kind)
    if puzzle.problems():
        with pytest.raises(PuzzleError):
            prepare_puzzle(puzzle)
        assert not all_solutions_secondary(kind, board, pieces, optional)
        return
    expected = all_solutions_secondary(kind, board, pieces, optional)
    found = engine_solutions(puzzle, "all")
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == set(expected)


@SOME
@given(seed=st.integers(0, 10**9), kind=KINDS)
def test_counts_with_secondary_items_equal_brute_force_in_every_mode(seed, kind):
    puzzle, board, pieces, optional = secondary_puzzle(seed, kind)
    if puzzle.problems():
        return
    expected = oracle_counts_secondary(kind, board, pieces, optional)
    for mode, count in expected.items():
        final = list(solve(puzzle, mode, count_only=True))[-1]
        assert final.exhausted
        assert final.solutions == count, mode


def test_a_symmetric_board_with_secondary_items_counts_each_class_once_on_threads_too():
    """A 3x3 square with its centre optional, dominoes 0 to 4 and monominoes 0 to 9: every
    count by brute force, in every mode, on one thread and on two."""
    board = [(x, y) for x in range(3) for y in range(3)]
    pieces = [([(0, 0), (1, 0)], (0, 4), True), ([(0, 0)], (1, 9), True)]
    puzzle = Puzzle(GridKind.SQUARE, "3x3", board=tuple(board), optional=((1, 1),),
                    pieces=(Piece("D", ((0, 0), (1, 0)), 4, least=0),
                            Piece("M", ((0, 0),), 9, least=1)))
    expected = oracle_counts_secondary("square", board, pieces, [(1, 1)])
    assert expected["all"] > expected["rotations"] > expected["distinct"] > 1
    for mode, count in expected.items():
        assert count_solutions(puzzle, mode).solutions == count
        assert count_solutions(puzzle, mode, jobs=2).solutions == count


def test_solutions_leave_absent_copies_and_empty_optional_cells_out():
    """A 1x3 strip, both ends optional, one domino 1 to 2 times: one domino, at either end
    (the other end left empty; the second copy left off)."""
    puzzle = Puzzle(GridKind.SQUARE, "strip", board=((0, 0), (1, 0), (2, 0)),
                    optional=((0, 0), (2, 0)), pieces=(Piece("D", ((0, 0), (1, 0)), 2, least=1),))
    found = sorted(sorted(s.pieces) for s in solve(puzzle, "all") if hasattr(s, "pieces"))
    assert found == [[(0, ((0, 0), (1, 0)))], [(0, ((1, 0), (2, 0)))]]


def test_ranges_and_optional_cells_round_trip_through_the_file():
    puzzle = Puzzle(GridKind.HEX, "ranges", board=((0, 0), (1, 0), (0, 1)), optional=((1, 0),),
                    pieces=(Piece("a", ((0, 0),), 3, least=0), Piece("b", ((0, 0), (1, 0)))))
    text = puzzle_to_json(puzzle)
    assert '"count": [0, 3]' in text and '"optional": [[1, 0]]' in text
    again = puzzle_from_json(text)
    assert again == puzzle and again.optional == ((1, 0),) and again.pieces[0].fewest == 0


BASE = ('{"format": "polygui-puzzle", "version": 1, "grid": "square", '
        '"board": [[0, 0], [1, 0]], %s}')


@pytest.mark.parametrize("keys, message", [
    ('"pieces": [{"name": "a", "cells": [[0, 0]], "count": [2, 1]}]',
     "piece 'a' (entry 1 of \"pieces\"): the count range [2, 1] has its fewest above its most"),
    ('"pieces": [{"name": "a", "cells": [[0, 0]], "count": [-1, 1]}]', "starts below 0"),
    ('"pieces": [{"name": "a", "cells": [[0, 0]], "count": [0, 0]}]', "allows no copy at all"),
    ('"pieces": [{"name": "a", "cells": [[0, 0]], "count": [1, 2, 3]}]',
     "a count range must be [fewest, most]"),
    ('"pieces": [{"name": "a", "cells": [[0, 0]], "count": [0, true]}]',
     "a count range must be [fewest, most]"),
    ('"pieces": [], "optional": [[5, 5]]', "optional cell [5, 5] is not a cell of the board"),
    ('"pieces": [], "optional": [[0, 0], [0, 0]]', "cell [0, 0] is listed twice"),
    ('"pieces": [], "optional": [[0]]', "\"optional\": cell 1 is [0], expected 2 whole numbers"),
    ('"pieces": [], "optional": {}', "\"optional\": cells must be a list"),
    ('"pieces": [{"name": "a", "cells": [[0, 0]], "count": [3, 4]}]',
     "the pieces cover at least 3 cells but the board has 2"),
])
def test_bad_ranges_and_optional_cells_are_named(keys, message):
    with pytest.raises(PuzzleError) as error:
        puzzle_from_json(BASE % keys)
    assert message in str(error.value)


def test_a_sudoku_with_optional_cells_is_refused_by_name():
    text = ('{"format": "polygui-puzzle", "version": 1, "grid": "sudoku", "box": [2, 2], '
            '"givens": ["....", "....", "....", "...."], "optional": []}')
    with pytest.raises(PuzzleError, match="a Sudoku has no optional cells"):
        puzzle_from_json(text)


def test_problems_name_too_few_cells_to_cover_the_required_ones():
    puzzle = Puzzle(GridKind.SQUARE, "short", board=((0, 0), (1, 0), (2, 0)),
                    optional=((2, 0),), pieces=(Piece("a", ((0, 0),), 1, least=0),))
    assert puzzle.problems() == ["the pieces cover at most 1 cell but the board has 2 that "
                                 "must be covered"]


def test_exports_list_the_copies_on_the_board_only(tmp_path):
    """A copy a range leaves off is in no export: the strip of the test above, as JSON and
    CSV through polygui-solve."""
    import json

    from solvers.cli.main import main as solve_main
    from solvers.puzzle.fileformat import save_puzzle

    puzzle = Puzzle(GridKind.SQUARE, "strip", board=((0, 0), (1, 0), (2, 0)),
                    optional=((0, 0), (2, 0)), pieces=(Piece("D", ((0, 0), (1, 0)), 2, least=1),))
    path = tmp_path / "strip.json"
    save_puzzle(puzzle, path)
    assert solve_main([str(path), "--symmetry", "all", "--export-json", str(tmp_path / "s.json"),
                       "--export-csv", str(tmp_path / "s.csv")]) == 0
    data = json.loads((tmp_path / "s.json").read_text())
    assert [s["pieces"] for s in data["solutions"]] == [
        [{"piece": "D", "copy": 1, "cells": [[0, 0], [1, 0]]}],
        [{"piece": "D", "copy": 1, "cells": [[1, 0], [2, 0]]}]]
    assert len((tmp_path / "s.csv").read_text().splitlines()) == 1 + 2 * 2
