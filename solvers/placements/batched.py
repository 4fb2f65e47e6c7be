"""The placement compiler's array work done for many rows at once: a piece's positions in all
its orientations, their bitsets, the board's neighbour table.

Why: done an orientation (or a cell) at a time, each step is a dozen small numpy calls, and a
box makes many of them: PelikanBurr (145 orientations on a 512-cell box) spent about 60 ms in
them, more than its search and its disassembly together. Here a piece costs a dozen calls.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..puzzle.grid.base import Grid
from ..puzzle.grids import Cell, CellLocator

BATCH_ELEMENTS = 1 << 21  # positions x shape cells one batch of orientations may try (their
# keys 16 MB of int64, their coordinates d times that; an orientation past it goes alone)


def orientation_batches(shape_sizes: list[int], board_cells: int) -> Iterator[range]:
    """Runs of consecutive orientations whose trial positions (board cells x shape cells
    each) stay within BATCH_ELEMENTS together; each run holds one orientation at least."""
    start, size = 0, 0
    for at, cells in enumerate(shape_sizes):
        cost = board_cells * max(cells, 1)
        if at > start and size + cost > BATCH_ELEMENTS:
            yield range(start, at)
            start, size = at, 0
        size += cost
    if start < len(shape_sizes):
        yield range(start, len(shape_sizes))


def translations(locate: CellLocator, shapes: np.ndarray) -> list[np.ndarray]:
    """`locate.translations(shape)` for each of `shapes` (o, cells, d), alike in rows and
    their order, found together."""
    count, cells = shapes.shape[:2]
    if not len(locate.sorted_keys) or not count:
        return [np.zeros((0, cells), dtype=np.int64) for _ in range(count)]
    board, (low, high) = locate.board, locate.corners
    offsets = shapes - shapes[:, :1, :]
    # where each orientation's first cell may lie for the whole to stay in the bounding box:
    # an interval an axis (comparing (count, cells, d) at once and reducing the short last
    # axis took PelikanBurr's pieces 0.6 ms each)
    least, most = low - offsets.min(axis=1), high - offsets.max(axis=1)  # (count, d)
    fits = np.ones((count, len(board)), dtype=bool)
    for axis, values in enumerate(board.T):
        fits &= (values >= least[:, axis, None]) & (values <= most[:, axis, None])
    moved = locate.moved
    fits &= (board[None, :, moved:] == shapes[:, None, 0, moved:]).all(axis=2)
    which, anchor = np.nonzero(fits)  # orientation-major, then board order: as one by one
    table = locate.box_table()
    if table is None:
        wanted = locate.keys(board[anchor][:, None, :] + offsets[which])
        at = np.searchsorted(locate.sorted_keys, wanted).clip(max=len(locate.sorted_keys) - 1)
        inside = (locate.sorted_keys[at] == wanted).all(axis=1)
        items = locate.order[at[inside]]
    else:  # every cell tried lies in the bounding box (`fits`): looked up there directly
        strides, box_items = table
        found = box_items[((board[anchor] - low) @ strides)[:, None]
                          + (offsets @ strides)[which]]
        inside = (found >= 0).all(axis=1)
        items = found[inside]
    return np.split(np.sort(items, axis=1),
                    np.cumsum(np.bincount(which[inside], minlength=count))[:-1])


def masks_of(items: np.ndarray, words: int) -> np.ndarray:
    """(k, words) uint64 bitsets of the k rows of `items` (k, cells), each row's distinct
    items: each row's bits of one word are or-ed together by one reduceat over all rows."""
    rows = len(items)
    masks = np.zeros(rows * words, dtype=np.uint64)
    if not items.size:
        return masks.reshape(rows, words)
    items = np.sort(items, axis=1)  # a row's bits of a word side by side
    keys = (np.arange(rows, dtype=np.int64)[:, None] * words + (items >> 6)).ravel()
    bits = (np.uint64(1) << (items & 63).astype(np.uint64)).ravel()
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    masks[keys[starts]] = np.bitwise_or.reduceat(bits, starts)
    return masks.reshape(rows, words)


def neighbour_table(board: tuple[Cell, ...], grid: Grid) -> np.ndarray:
    """(items, degree) int32: the board neighbours of each item, -1 where there is none; by
    the grid's neighbour offsets for every cell at once, where its neighbours are those."""
    table = np.full((len(board), grid.neighbour_count), -1, dtype=np.int32)
    if not board:
        return table
    if type(grid).neighbours_of is not Grid.neighbours_of or not grid.neighbour_offsets:
        index_of = {cell: index for index, cell in enumerate(board)}
        for item, cell in enumerate(board):  # a grid whose neighbours vary by cell
            for slot, neighbour in enumerate(grid.neighbours_of(cell)):
                table[item, slot] = index_of.get(neighbour, -1)
        return table
    cells = np.array(board, dtype=np.int64).reshape(len(board), grid.dimensions)
    offsets = np.array(grid.neighbour_offsets, dtype=np.int64)
    table[:] = board_items(CellLocator(cells), cells[:, None, :] + offsets)
    return table


def image_items(grid: Grid, locate: CellLocator, matrices: list[np.ndarray]) -> np.ndarray:
    """(S, N) int64: each board item's image item under each of the grid's `matrices`, the
    image aligned on the board's lowest corner (`Grid.aligned_image`), -1 off the board. For
    a grid whose images are matrix products, all at once (a box's 48: 3.3 -> 0.6 ms)."""
    board = locate.board
    if not grid.images_are_products() or locate.box_table() is None:
        return np.stack([board_items(locate, grid.aligned_image(board, matrix))
                         for matrix in matrices])
    images = np.stack(matrices) @ board.T  # (S, d, N): each coordinate's values side by side
    moved = grid.translation_axes
    images[:, :moved] += (board[:, :moved].min(axis=0)[None, :, None]
                          - images[:, :moved].min(axis=2, keepdims=True))
    strides, items = locate.box_table()
    low, high = (corner[None, :, None] for corner in locate.corners)
    inside = ((images >= low) & (images <= high)).all(axis=1)
    keys = ((images - low) * strides[None, :, None]).sum(axis=1)
    return np.where(inside, items[np.where(inside, keys, 0)], -1)


def board_items(locate: CellLocator, cells: np.ndarray) -> np.ndarray:
    """int64 array of cells.shape[:-1]: each of `cells` (..., d) as its board item, -1 for a
    cell off the board (cells within MAX_SPAN of the board's bounding box)."""
    wanted = locate.keys(cells)
    if not len(locate.sorted_keys):
        return np.full(wanted.shape, -1, dtype=np.int64)
    at = np.searchsorted(locate.sorted_keys, wanted).clip(max=len(locate.sorted_keys) - 1)
    return np.where(locate.sorted_keys[at] == wanted, locate.order[at], -1)
