"""shape_edits: a piece turned, mirrored and moved in place, checked against the solver's own
orientation lists (grids.orientations), never against cells written down here."""

from __future__ import annotations

import numpy as np
import pytest

from solvers import GridKind
from solvers.puzzle import shape_edits
from solvers.puzzle.grids import normalise, orientations, symmetry_group
from solvers.puzzle.piece_sets import piece_set
from solvers.puzzle.polyiamonds import hexiamonds


def chiral(kind: GridKind, pieces) -> tuple:
    """The first piece whose mirror image is no rotation of it (so Flip must change it)."""
    return next(piece.cells for piece in pieces
                if len(orientations(kind, piece.cells, mirror=True))
                > len(orientations(kind, piece.cells, mirror=False)))


FLAT = [(GridKind.SQUARE, lambda: piece_set("pentominoes"), 4),
        (GridKind.HEX, lambda: piece_set("pentahexes"), 6),
        (GridKind.TRIANGLE, hexiamonds, 6)]


@pytest.mark.parametrize("kind, pieces, turns", FLAT, ids=lambda v: getattr(v, "value", ""))
def test_turning_walks_through_every_rotation_and_back(kind, pieces, turns):
    cells = chiral(kind, pieces())
    seen, shape = [], cells
    for _ in range(turns):
        shape = shape_edits.shape(shape_edits.turn(kind, shape))
        seen.append(normalise(np.array(shape), kind))
    assert shape == cells  # a whole turn: back where it was, lowest corner kept
    assert set(seen) == set(orientations(kind, cells, mirror=False))


@pytest.mark.parametrize("kind, pieces, turns", FLAT, ids=lambda v: getattr(v, "value", ""))
def test_mirroring_gives_the_mirror_image(kind, pieces, turns):
    cells = chiral(kind, pieces())
    image = shape_edits.shape(shape_edits.mirror(kind, cells))
    shape = normalise(np.array(image), kind)
    assert shape in orientations(kind, cells, mirror=True)
    assert shape not in orientations(kind, cells, mirror=False)
    assert shape_edits.shape(shape_edits.mirror(kind, image)) == cells


def test_the_turns_and_mirrors_are_symmetries_of_their_grids():
    for kind in (GridKind.SQUARE, GridKind.HEX, GridKind.CUBE):
        group = {matrix.tobytes() for matrix in symmetry_group(kind)}
        used = [kind.grid.edit_mirror] + [kind.grid.edit_turn_about(axis) for axis in "xyz"]
        assert all(np.asarray(m, dtype=np.int64).tobytes() in group for m in used)


def test_cube_turns_about_three_axes_reach_every_rotation():
    cells = chiral(GridKind.CUBE, piece_set("soma"))
    found, frontier = {cells}, [cells]
    while frontier:
        shape = frontier.pop()
        for axis in "xyz":
            turned = normalise(np.array(shape_edits.shape(
                shape_edits.turn(GridKind.CUBE, shape, axis))), GridKind.CUBE)
            if turned not in found:
                found.add(turned)
                frontier.append(turned)
    assert {normalise(np.array(s), GridKind.CUBE) for s in found} == set(
        orientations(GridKind.CUBE, cells, mirror=False))


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX, GridKind.TRIANGLE])
def test_moving_steps_and_steps_back(kind):
    cells = {GridKind.TRIANGLE: hexiamonds()[1].cells}.get(
        kind, piece_set("pentominoes" if kind is GridKind.SQUARE else "pentahexes")[1].cells)
    for there, back in (("right", "left"), ("up", "down")):
        moved = shape_edits.shape(shape_edits.move(kind, cells, there))
        assert moved != cells
        assert normalise(np.array(moved), kind) == normalise(np.array(cells), kind)
        assert shape_edits.shape(shape_edits.move(kind, moved, back)) == cells


def test_a_translation_never_turns_a_triangle_over():
    cells = ((0, 0, 0), (0, 0, 1))
    assert shape_edits.translated_onto(GridKind.TRIANGLE, cells, (0, 0, 0), (3, 1, 1)) is None
    assert shape_edits.translated_onto(GridKind.TRIANGLE, cells, (0, 0, 0), (3, 1, 0)) == (
        (3, 1, 0), (3, 1, 1))
