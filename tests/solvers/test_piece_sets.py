"""The piece sets a design can start from: every free (flat grids) or one-sided (cubes)
polyform of a size, as many as the published counts, named as puzzlers name them, and
right enough to give the classic puzzles' counts when the solver runs on them."""

from __future__ import annotations

import dataclasses

import pytest

from puzzles import shipped
from solvers import GridKind, Puzzle, PuzzleError, count_solutions
from solvers.puzzle.grids import orientations
from solvers.puzzle.piece_sets import SETS, free, one_sided, piece_set, with_pieces_of

# OEIS A000105 (free polyominoes), A000228 (free polyhexes), A000162/A038119 (polycubes)
PUBLISHED = {(GridKind.SQUARE, 4): 5, (GridKind.SQUARE, 5): 12, (GridKind.SQUARE, 6): 35,
             (GridKind.SQUARE, 7): 108, (GridKind.HEX, 4): 7, (GridKind.HEX, 5): 22,
             (GridKind.HEX, 6): 82, (GridKind.CUBE, 4): 7, (GridKind.CUBE, 5): 23}
ONE_SIDED_CUBES = {3: 2, 4: 8, 5: 29}  # A000162


@pytest.mark.parametrize("kind, size", sorted(PUBLISHED))
def test_free_polyforms_number_as_published(kind, size):
    assert len(free(kind, size)) == PUBLISHED[kind, size]


@pytest.mark.parametrize("size", sorted(ONE_SIDED_CUBES))
def test_one_sided_polycubes_number_as_published(size):
    assert len(one_sided(GridKind.CUBE, size)) == ONE_SIDED_CUBES[size]


@pytest.mark.parametrize("chosen", SETS, ids=lambda s: s.key)
def test_every_set_has_distinct_named_connected_pieces(chosen):
    pieces = piece_set(chosen.key)
    assert len({p.name for p in pieces}) == len(pieces) == int(chosen.label.split()[1])
    Puzzle(chosen.kind, "set", pieces=pieces)  # the model accepts them (connected, in range)


@pytest.mark.parametrize("key, name, mirror", [("pentominoes", "pentominoes-6x10.json", True),
                                               ("soma", "soma.json", False)])
def test_the_names_are_the_shipped_puzzles_names(key, name, mirror):
    """Each named piece has the shape the shipped puzzle gives that name (up to the moves the
    piece may make: turning over for flat pieces, rotations only for solid ones)."""
    kind = shipped(name).kind

    def form(cells):
        return min(orientations(kind, cells, mirror=mirror))

    assert {p.name: form(p.cells) for p in piece_set(key)} == \
        {p.name: form(p.cells) for p in shipped(name).pieces}


@pytest.mark.parametrize("key, board, count", [
    ("pentominoes", "pentominoes-6x10.json", 2339), ("soma", "soma.json", 240)])
def test_a_set_on_its_classic_board_gives_the_classic_count(key, board, count):
    puzzle = dataclasses.replace(shipped(board), pieces=piece_set(key), pins=())
    assert count_solutions(puzzle).solutions == count


def test_the_pieces_of_another_file_join_under_names_of_their_own():
    tetrominoes = Puzzle(GridKind.SQUARE, "t", pieces=piece_set("tetrominoes"))
    pentominoes = Puzzle(GridKind.SQUARE, "p", pieces=piece_set("pentominoes"))
    both = with_pieces_of(tetrominoes, pentominoes)
    names = [p.name for p in both.pieces]
    assert len(names) == 17 and len(set(names)) == 17
    assert {"I 2", "L 2", "T 2"} <= set(names)  # the names both sets use
    with pytest.raises(PuzzleError, match="is a cube puzzle"):
        with_pieces_of(tetrominoes, shipped("soma.json"))
    with pytest.raises(PuzzleError, match="has no pieces"):
        with_pieces_of(tetrominoes, Puzzle(GridKind.SQUARE, "empty"))
