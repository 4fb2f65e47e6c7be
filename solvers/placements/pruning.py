"""Dead-placement pruning: a placement that splits off a region no set of pieces can fill
(`dead_rows`), or beside which some cell or needed piece has no placement left
(`uncoverable_rows`, BurrTools' "reduce" step: 1,551 placements of SolidSixPieceBurrs down
to 330 before searching).

Region sizes are checked against every size some multiset of the pieces can reach (a superset
of what the remaining pieces reach), so pruning never removes a placement a solution uses.

Boards of at most 64 cells are flooded in numpy, every row at once (solvers/placements/
words.py): no numba kernel to compile or load (see solvers/search/interpreted.py for why a
small puzzle avoids them). Larger boards go to the kernel (solvers/kernels/regions.py).
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator

import numpy as np

from ..kernels import native
from ..puzzle.cancel import CancelCheck, check_cancel
from .words import ONE, WORD_CELLS, Shifts, flood, full_word, lowest_bits, set_bits

_FLOOD_SLICE = 1 << 21  # board cells the kernel floods between two cancel checks (about 40 ms)
_COVER_SLICE = 1 << 22  # items looked at (in numpy: row pairs) between two cancel checks
MAX_BITSET_WORDS = 1 << 22  # the bitsets' size at most (32 MB)
BITSET_WORDS_COUNTED = 4  # words of the bitsets' unions or-ed in the time of an item counted


def dead_rows(masks: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray,
              cancel: CancelCheck | None = None) -> np.ndarray:
    """(R,) bool: rows whose placement leaves a region of unfillable size. `masks` (R, W)
    are the rows' cells, `neighbours` (cells, degree) each cell's (-1: none), `fillable`
    the region sizes that can be filled; `cancel` stops it (Cancelled) between slices."""
    n_rows, n_items = masks.shape[0], neighbours.shape[0]
    if n_items <= WORD_CELLS:
        check_cancel(cancel)
        return word_dead_rows(masks[:, 0], neighbours, fillable)
    flooded = native.kernel("regions").dead_rows

    step = max(16, _FLOOD_SLICE // max(1, n_items))
    dead = [flooded(masks[start:start + step], neighbours, fillable)
            for start in _checked(range(0, n_rows, step), cancel)]
    check_cancel(cancel)
    return np.concatenate(dead) if dead else np.zeros(0, dtype=bool)


def word_dead_rows(masks: np.ndarray, neighbours: np.ndarray, fillable: np.ndarray) -> np.ndarray:
    """`dead_rows` for boards of at most 64 cells, `masks` (R,) one word per row: the free
    cells of every row are flooded from their lowest cell, region after region."""
    shifts = Shifts.from_table(neighbours)
    fills = np.asarray(fillable, dtype=bool)
    free = full_word(len(neighbours)) & ~masks
    dead = np.zeros(len(masks), dtype=bool)
    rows = np.flatnonzero(free)
    while len(rows):
        regions, _ = flood(lowest_bits(free[rows]), free[rows], shifts)
        dead[rows] = ~fills[np.bitwise_count(regions)]
        free[rows] &= ~regions
        rows = rows[(free[rows] != 0) & ~dead[rows]]
    return dead


def uncoverable_rows(masks: np.ndarray, row_piece: np.ndarray, required: np.ndarray,
                     least: np.ndarray, cancel: CancelCheck | None = None,
                     in_numpy: bool | None = None, way: str | None = None,
                     budget: int | None = None,
                     bits: Callable[[], tuple[np.ndarray, np.ndarray]] | None = None
                     ) -> np.ndarray:
    """(R,) bool: rows no solution uses because beside them some `required` item (bool per
    item) they do not cover, or some piece type of which `least` copies are needed, has no
    row left that shares no item with them; repeated until no row dies (a row dying can
    leave another without a partner). `in_numpy`: in numpy (one-word boards only) or in the
    kernel; by default in numpy for one-word boards when the kernels are not built. In the
    kernel, `way` is one of WAYS (`kernels/regions.py`): by default whichever a pass is
    estimated to cost least. Past `budget` estimated work a pass, nothing is dropped (the
    step only prunes: the search finds the same solutions). `bits()`: `set_bits(masks)`, from
    the rows' items the caller has (Placements.item_table: 2 ms where unpacking
    PelikanBurr's masks takes 13), asked for by the kernel's ways only."""
    alive = np.ones(len(masks), dtype=bool)
    if not len(masks):
        return ~alive
    if in_numpy is None:
        in_numpy = masks.shape[1] == 1 and len(required) <= WORD_CELLS and not native.has("regions")
    if in_numpy:
        kill, per_row = _word_killer(masks[:, 0], row_piece, required, least), len(masks)
    else:
        rows, items = set_bits(masks) if bits is None else bits()  # never rows x items
        costs = _costs(len(masks), rows, items, required, least)
        way = min(costs, key=costs.get) if way is None else way
        if way not in costs:
            raise ValueError(f"the {way} way is not offered for {len(masks):,} placements of "
                             f"{len(required):,} items (its bitsets would pass MAX_BITSET_WORDS)")
        if budget is not None and costs[way] > budget:
            return ~alive
        killer = WAYS[way]
        kill = killer(masks, rows, items, row_piece, required, least)
        per_row = costs[way] // len(masks)
    step = max(16, _COVER_SLICE // max(1, per_row))
    while sum(kill(alive, start, min(start + step, len(masks)))
              for start in _checked(range(0, len(masks), step), cancel)):
        pass
    check_cancel(cancel)
    return ~alive


def _costs(n_rows: int, rows: np.ndarray, items: np.ndarray, required: np.ndarray,
           least: np.ndarray) -> dict[str, int]:
    """Each way's estimated work a pass, in items counted. The bitsets' way is offered while
    its bitsets stay under MAX_BITSET_WORDS (a bit a row and item). It replaced a third way,
    each item's rows searched for one apart from the row, which was 4-10x as slow wherever
    the bitsets fit, and too slow for the reduce step's budget wherever they do not."""
    looked_at = n_rows * (int(np.count_nonzero(required)) + len(least))  # items looked at
    per_item = np.bincount(items, minlength=len(required))
    gathered = int(per_item @ per_item) * len(items) // n_rows  # at most, in all
    costs = {"counted": gathered}
    words = (n_rows + 63) // 64  # a row's union of the rows it meets, then each item's test
    if (len(required) + len(least)) * words <= MAX_BITSET_WORDS:
        costs["bitsets"] = len(items) * words // BITSET_WORDS_COUNTED + looked_at
    return costs


def _counted_killer(masks, rows, items, row_piece, required, least):
    """kill(alive, first, last) -> rows killed, by the kernel that counts the rows a row
    meets; it keeps the live rows of each item and type counted from every row alive."""
    kill = native.kernel("regions").kill_uncoverable_counted
    row_start, row_items = _csr((items, rows), len(masks))
    item_start, item_rows = _csr((rows, items), len(required))
    row_piece = np.ascontiguousarray(row_piece, np.int32)
    required, least = np.ascontiguousarray(required, bool), np.ascontiguousarray(least, np.int32)
    item_live = np.bincount(items, minlength=len(required))
    piece_live = np.bincount(row_piece, minlength=len(least)).astype(np.int64)
    scratch = np.zeros(len(masks) + 2 * len(required) + 2 * len(least) + 1, dtype=np.int64)
    return lambda alive, first, last: kill(row_start, row_items, row_piece, alive, item_start,
                                           item_rows, required, least, item_live, piece_live,
                                           scratch, first, last)


def _bitset_killer(masks, rows, items, row_piece, required, least):
    """kill(alive, first, last) -> rows killed, by the kernel that keeps each item's and
    type's live rows as bitsets and compares them with the union of the rows a row meets."""
    regions = native.kernel("regions")
    kill = regions.kill_uncoverable_bits
    row_start, row_items = _csr((items, rows), len(masks))
    masks, row_piece = np.ascontiguousarray(masks), np.ascontiguousarray(row_piece, np.int32)
    words = (len(masks) + 63) // 64
    item_live = np.zeros((len(required), words), dtype=np.uint64)
    piece_live = np.zeros((len(least), words), dtype=np.uint64)
    regions.fill_live(row_start, row_items, row_piece, item_live, piece_live)
    required, least = np.ascontiguousarray(required, bool), np.ascontiguousarray(least, np.int32)
    met = np.zeros(item_live.shape[1], dtype=np.uint64)
    return lambda alive, first, last: kill(masks, row_start, row_items, row_piece, alive,
                                           item_live, piece_live, required, least, met, first,
                                           last)


WAYS = {"counted": _counted_killer, "bitsets": _bitset_killer}


def _word_killer(words, row_piece, required, least):
    """`_kernel_killer` in numpy for boards of at most 64 cells: rows compared with every
    live row at once, no kernel to compile when there is no native build (meteor's 2,158
    rows in 70 ms, against 0.7 s to compile the kernel)."""
    needed = np.bitwise_or.reduce(np.where(required, ONE << np.arange(len(required),
                                                                     dtype=np.uint64), 0))
    pieces = np.flatnonzero(least > 0)

    def kill(alive, first, last):
        rows = first + np.flatnonzero(alive[first:last])
        others = np.flatnonzero(alive)
        partners = (words[rows, None] & words[None, others]) == 0
        reach = np.bitwise_or.reduce(np.where(partners, words[None, others], 0), axis=1)
        dead = (needed & ~words[rows] & ~reach) != 0
        for piece in pieces:
            own = row_piece[rows] == piece
            beside = partners[:, row_piece[others] == piece].any(axis=1)
            dead |= ~beside & (least[piece] > own)
        alive[rows[dead]] = False
        return int(dead.sum())
    return kill


def _csr(pairs: tuple[np.ndarray, np.ndarray], n_keys: int) -> tuple[np.ndarray, np.ndarray]:
    """(start, values) int64 over keys 0..n_keys-1 from (values, keys) pairs."""
    values, keys = pairs
    # a stable sort of 16-bit keys is a radix sort (PelikanBurr's 89,000 items: 3.7 -> 0.8 ms)
    order = np.argsort(keys.astype(np.uint16) if n_keys <= 1 << 16 else keys, kind="stable")
    start = np.zeros(n_keys + 1, dtype=np.int64)
    np.cumsum(np.bincount(keys, minlength=n_keys), out=start[1:])
    return start, np.ascontiguousarray(values[order], dtype=np.int64)


def _checked(steps: Iterable[int], cancel: CancelCheck | None) -> Iterator[int]:
    for step in steps:
        check_cancel(cancel)
        yield step
