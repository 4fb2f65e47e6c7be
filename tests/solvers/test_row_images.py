"""The row each placement becomes under each board symmetry (`row_images`): what the symmetry
plans and the orbits of solutions are made of. Most symmetries' images are composed from a
few hashed ones (issue 31: soma's 47 took 6 ms hashed one by one)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from puzzles import ASSETS, BURRTOOLS
from solvers.placements import row_images as images_module
from solvers.placements.compile import Placements, compile_placements
from solvers.placements.row_images import row_images
from solvers.placements.symmetry import BoardSymmetry, board_symmetries
from solvers.puzzle.any_file import load_any
from solvers.puzzle.grids import GridKind
from solvers.puzzle.model import Piece, Puzzle

L4 = ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0))


def flat_box() -> Puzzle:
    """Tetracubes in a 4x3x1 box: each symmetry of the box moves cells and pieces as another
    does (a turn over, through the box's plane, moves no cell), so 8 symmetries are 4 maps
    of cells; the L's mirror image is a turn of it in space."""
    board = tuple((x, y, 0) for x in range(4) for y in range(3))
    return Puzzle(GridKind.CUBE, "flat box", board=board, pieces=(
        Piece("L", L4, mirror=False), Piece("I", tuple((x, 0, 0) for x in range(4))),
        Piece("O", ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)))))


CASES = {  # (puzzle, mode)
    "PelikanBurr": (lambda: load_any(BURRTOOLS / "PelikanBurr.xmpuzzle"), "distinct"),
    "DemoMirrorParadox": (lambda: load_any(BURRTOOLS / "DemoMirrorParadox.xmpuzzle"),
                          "distinct"),
    "pentominoes-checkered": (lambda: load_any(ASSETS / "pentominoes-checkered.json"),
                              "distinct"),
    "soma": (lambda: load_any(ASSETS / "soma.json"), "distinct"),
    "soma-rotations": (lambda: load_any(ASSETS / "soma.json"), "rotations"),
    "flat-box": (flat_box, "distinct"),
}


def each_row_mapped_alone(placements: Placements, symmetry: BoardSymmetry) -> list[int]:
    """The row each row becomes, found by mapping its cells (and paint) and piece one by
    one and looking the image up by its items."""
    index = placements.row_index()
    found = []
    for row in range(placements.n_rows):
        colours = placements.row_paint[row] if placements.row_paint is not None else \
            (0,) * len(placements.row_items[row])
        moved = sorted((int(symmetry.item_perm[item]), colour)
                       for item, colour in zip(placements.row_items[row], colours))
        key = (symmetry.piece_perm[int(placements.row_piece[row])],
               tuple(item for item, _ in moved))
        if placements.row_paint is not None:
            key += (tuple(colour for _, colour in moved),)
        found.append(index[key])
    return found


@pytest.mark.parametrize("case", CASES)
def test_each_rows_image_is_the_row_its_cells_and_piece_map_to(case):
    """Against each row mapped alone: painted pieces carry their colours along, a cage of 200
    cells sits beside pieces of 8, piece ranges add empty rows, reflections swap soma's two
    screw pieces, and symmetries alike in cells and pieces share their images."""
    make, mode = CASES[case]
    puzzle = make()
    placements = compile_placements(puzzle)
    symmetries = board_symmetries(puzzle, mode)
    images = row_images(placements, symmetries)
    assert len(symmetries) > 1 and images.shape == (len(symmetries) - 1, placements.n_rows)
    for symmetry, image in zip(symmetries[1:], images):
        assert image.tolist() == each_row_mapped_alone(placements, symmetry)


def hashed_symmetries(monkeypatch, puzzle: Puzzle, mode: str) -> tuple[int, int]:
    """(symmetries, how many of them row_images found by hashing)."""
    hashed = 0
    hash_one = images_module._ImageFinder.images_under

    def counted(finder, symmetry):
        nonlocal hashed
        hashed += 1
        return hash_one(finder, symmetry)

    monkeypatch.setattr(images_module._ImageFinder, "images_under", counted)
    symmetries = board_symmetries(puzzle, mode)
    row_images(compile_placements(puzzle), symmetries)
    return len(symmetries), hashed


@pytest.mark.parametrize("case", ["soma", "PelikanBurr", "flat-box"])
def test_only_generators_are_hashed(monkeypatch, case):
    """Each symmetry hashed is outside the group the earlier ones generate, so that group at
    least doubles each time: at most log2 of the group's order are hashed (soma: 48)."""
    make, mode = CASES[case]
    order, hashed = hashed_symmetries(monkeypatch, make(), mode)
    assert 1 <= hashed <= math.log2(order)


def test_a_map_that_is_no_symmetry_is_refused():
    """Two cells swapped in a symmetry's map: the images of the rows over them are no rows,
    and row_images says so rather than return a wrong table."""
    puzzle = load_any(ASSETS / "soma.json")
    placements = compile_placements(puzzle)
    symmetries = board_symmetries(puzzle, "distinct")
    broken = symmetries[1].item_perm.copy()
    broken[[0, 1]] = broken[[1, 0]]
    symmetries[1] = BoardSymmetry(symmetries[1].matrix, broken, symmetries[1].piece_perm)
    with pytest.raises(ValueError, match="not a placement"):
        row_images(placements, symmetries)


def test_the_identity_alone_has_no_images():
    puzzle = load_any(ASSETS / "soma.json")
    placements = compile_placements(puzzle)
    images = row_images(placements, board_symmetries(puzzle, "all"))
    assert images.shape == (0, placements.n_rows) and images.dtype == np.int32
