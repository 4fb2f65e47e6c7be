"""What a `polygui-solve FILE --count-only` does before its search (issue 31, time to answer):
the file read once, the placements compiled once, and no Python step per cell or per
placement on a large box (PelikanBurr: 512 cells, 216 of them optional, 48 symmetries)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from puzzles import BURRTOOLS
from solvers.cli import family_commands
from solvers import count_solutions
from solvers.cli import main as cli
from solvers.placements import batched
from solvers.placements import compile as compiling
from solvers.placements.compile import compile_placements
from solvers.placements.paint import piece_orientations
from solvers.placements.symmetry import board_symmetries
from solvers.placements.words import set_bits
from solvers.puzzle.any_file import load_any
from solvers.puzzle import grids
from solvers.puzzle.grids import CellLocator, GridKind
from solvers.puzzle.model import Piece

PELIKAN = BURRTOOLS / "PelikanBurr.xmpuzzle"
ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


def python_calls(work: Callable[[], object]) -> int:
    """How many Python functions (comprehensions and generators included) `work` runs."""
    calls = 0

    def count(_frame, event, _arg):
        nonlocal calls
        calls += event == "call"

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


def test_a_count_reads_the_file_once_and_compiles_its_placements_once(monkeypatch, capsys):
    soma = ASSETS / "soma.json"
    expected = count_solutions(load_any(soma)).solutions
    loads, compiles = [], []

    def counted_load(*args, **kwargs):
        loads.append(args)
        return load_any(*args, **kwargs)

    every = compiling._every_placement

    def counted_every(*args, **kwargs):
        compiles.append(args)
        return every(*args, **kwargs)

    monkeypatch.setattr(cli, "load_any", counted_load)
    monkeypatch.setattr(family_commands, "load_any", counted_load)
    monkeypatch.setattr(compiling, "_every_placement", counted_every)
    compiling.forget_recent()
    assert cli.main([str(soma), "--count-only", "--jobs", "1"]) == 0
    assert f": {expected} solutions [distinct]" in capsys.readouterr().out
    assert len(loads) == 1  # the family check's reading serves the run
    assert len(compiles) == 1  # Why-no-solution's certificates, then the search


def test_preparing_a_box_runs_no_python_per_placement_or_per_cell():
    """Placements a piece at a time, symmetries an image of the whole board at a time: before,
    an orientation's positions were a dozen numpy calls each (17,000 Python calls for
    PelikanBurr's 3,601 placements) and each symmetry looked its 512 cells up one by one
    (36,000 calls)."""
    puzzle = load_any(PELIKAN)
    compiling.forget_recent()
    placements = compile_placements(puzzle, prune=False)  # the pieces' orientations, cached
    compiling.forget_recent()
    board_symmetries(puzzle, "distinct")  # the pieces' mirror classes, cached
    assert python_calls(lambda: compile_placements(puzzle, prune=False)) < placements.n_rows
    assert python_calls(lambda: board_symmetries(puzzle, "distinct")) < 4 * len(puzzle.board)


@pytest.mark.parametrize("kind, board", [
    (GridKind.CUBE, [(x, y, z) for x in range(4) for y in range(3) for z in range(3)
                     if (x, y, z) != (1, 1, 1)]),
    (GridKind.SQUARE, [(x, y) for x in range(6) for y in range(5) if x + y != 4]),
    (GridKind.HEX, [(x, y) for x in range(5) for y in range(5)]),
    (GridKind.TRIANGLE, [(x, y, t) for x in range(3) for y in range(3) for t in (0, 1)]),
])
def test_batched_positions_and_neighbours_are_those_found_one_at_a_time(kind, board):
    grid = kind.grid
    board = sorted(board)
    cells = np.array(board, dtype=np.int64)
    locate = CellLocator(cells, grid)
    piece = [(0,) * grid.dimensions, (1,) + (0,) * (grid.dimensions - 1)]
    if kind is GridKind.TRIANGLE:
        piece = [(0, 0, 0), (0, 0, 1)]
    shapes, _ = piece_orientations(kind, Piece("p", tuple(piece)))
    found = batched.translations(locate, shapes)
    assert len(found) == len(shapes)
    for shape, items in zip(shapes, found):
        assert items.tolist() == locate.translations(shape).tolist()
    index_of = {cell: at for at, cell in enumerate(board)}
    expected = [[index_of.get(neighbour, -1) for neighbour in grid.neighbours_of(cell)]
                for cell in board]
    assert batched.neighbour_table(tuple(board), grid).tolist() == expected
    # the board's images under every symmetry: off the board (-1) for most of these boards
    images = batched.image_items(grid, CellLocator(cells), list(grid.symmetry_group))
    alone = [[index_of.get(tuple(cell), -1) for cell in grid.aligned_image(cells, matrix).tolist()]
             for matrix in grid.symmetry_group]
    assert images.tolist() == alone
    assert (images < 0).any(axis=1).any() and not (images < 0).any(axis=1).all()


@pytest.mark.parametrize("path", [PELIKAN, ASSETS / "soma.json", ASSETS / "meteor.json",
                                  BURRTOOLS / "DemoPieceGenerator.xmpuzzle"])
def test_the_item_table_the_compiler_keeps_is_the_rows_items_end_to_end(path):
    """The compiler keeps the table it has the arrays for (for the reduce step), rather than
    reading the rows' tuples back; it must be what reading them back gives."""
    placements = compiling._every_placement(load_any(path), None)
    assert "item_table" in vars(placements)  # kept, not made on asking
    starts, items = placements.item_table
    assert starts.tolist() == [0, *np.cumsum([len(row) for row in placements.row_items])]
    assert items.tolist() == [item for row in placements.row_items for item in row]


def test_in_a_box_the_region_pruning_floods_only_the_rows_the_reduce_step_leaves(monkeypatch):
    """AlPackino: 2,828 placements, 900 after the reduce step; the region pruning's flood a
    row (5.9 ms for all of them) runs on those 900, and the rows kept are the same."""
    puzzle = load_any(BURRTOOLS / "AlPackino.xmpuzzle")
    flooded, flood = [], compiling.dead_rows

    def counted(masks, *args):
        flooded.append(len(masks))
        return flood(masks, *args)

    monkeypatch.setattr(compiling, "dead_rows", counted)
    compiling.forget_recent()
    every = compile_placements(puzzle, prune=False).n_rows
    compiling.forget_recent()
    kept = compile_placements(puzzle)
    compiling.forget_recent()
    assert flooded == [kept.n_rows] and kept.n_rows < every // 3


@pytest.mark.parametrize("name", ["PelikanBurr.xmpuzzle", "AlPackino.xmpuzzle"])
def test_placements_looked_up_in_the_bounding_box_are_those_found_by_bisection(monkeypatch,
                                                                               name):
    """A board's cells found by one index into a table of its bounding box (holes and
    optional cells in it), or by bisecting its sorted keys: the same rows."""
    puzzle = load_any(BURRTOOLS / name)
    compiling.forget_recent()
    boxed = compile_placements(puzzle, prune=False)
    monkeypatch.setattr(grids, "BOX_TABLE_CELLS", 0)
    compiling.forget_recent()
    bisected = compile_placements(puzzle, prune=False)
    compiling.forget_recent()
    assert boxed.row_items == bisected.row_items
    assert np.array_equal(boxed.row_piece, bisected.row_piece)


@pytest.mark.parametrize("name", ["PelikanBurr.xmpuzzle", "SolidSixPieceBurrs.xmpuzzle"])
def test_the_bits_of_the_masks_are_the_rows_items(name):
    """The reduce step reads the rows' items off the placements, not their masks."""
    compiling.forget_recent()
    placements = compile_placements(load_any(BURRTOOLS / name), prune=False)
    rows, items = compiling.row_bits(placements)
    expected_rows, expected_items = set_bits(placements.masks)
    assert rows.tolist() == expected_rows.tolist() and items.tolist() == expected_items.tolist()


def test_masks_hold_each_rows_items_whatever_their_order():
    rng = np.random.default_rng(31)
    items = np.array([rng.choice(300, 7, replace=False) for _ in range(50)])
    masks = batched.masks_of(items, 5)
    for row, mask in zip(items, masks):
        bits = [word * 64 + bit for word in range(5) for bit in range(64)
                if int(mask[word]) >> bit & 1]
        assert bits == sorted(row.tolist())


def test_orientations_positioned_in_small_batches_give_the_same_placements(monkeypatch):
    puzzle = load_any(BURRTOOLS / "AlPackino.xmpuzzle")
    compiling.forget_recent()
    whole = compile_placements(puzzle, prune=False)
    monkeypatch.setattr(batched, "BATCH_ELEMENTS", 1)  # an orientation a batch
    compiling.forget_recent()
    split = compile_placements(puzzle, prune=False)
    compiling.forget_recent()
    assert split.row_items == whole.row_items
    assert np.array_equal(split.masks, whole.masks)
    assert np.array_equal(split.row_piece, whole.row_piece)
