"""Compile a polyform Puzzle into exact-cover rows: every legal placement of every piece.

Glossary
- item: a board cell, numbered by its position in `puzzle.board` (sorted coordinates).
- piece type: one entry of `puzzle.pieces`; a type with count k is placed k times, and its
  placements are shared by the copies, so identical copies never multiply solutions.
- row / placement: one piece type in one orientation at one position: a set of items.
- masks: each row's items as a bitset, `W = ceil(items / 64)` uint64 words per row.
- row paint: with painted pieces, each row's constraint colour per item (solvers.placements.
  paint); rows the colour rules forbid are never made.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from functools import cached_property
from itertools import chain
from typing import Callable

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel
from ..puzzle.grids import Cell, CellLocator
from ..puzzle.limits import MAX_PLACEMENTS, MAX_SEARCH_BYTES
from ..puzzle.model import Puzzle, PuzzleError
from ..records import record
from . import batched
from .batched import orientation_batches
from .paint import PaintFilter, piece_orientations
from .pins import rows_kept_by_pins
from .pruning import dead_rows, uncoverable_rows
from .secondary import with_secondary_items
from .words import pack_bits, word_spans


@record
class Placements:
    """The compiled rows of a polyform puzzle."""

    cells: tuple[Cell, ...]  # item index -> board cell
    row_piece: np.ndarray  # (R,) int32 piece type of each row
    row_items: tuple[tuple[int, ...], ...]  # (R,) the sorted items each row covers
    masks: np.ndarray  # (R, W) uint64
    piece_counts: np.ndarray  # (T,) int32 copies of each piece type
    piece_sizes: np.ndarray  # (T,) int32 cells of each piece type
    neighbours: np.ndarray  # (items, degree) int32 board neighbours of each item, -1 for none
    # secondary items (solvers.placements.secondary): fewest copies of each piece type (None:
    # exactly piece_counts), the items that may stay empty, and where the absent rows start
    piece_least: np.ndarray | None = None
    optional_items: tuple[int, ...] = ()
    absent_start: int = -1
    # painted pieces only: the constraint colour of each row's items (0 neutral), else None
    row_paint: tuple[tuple[int, ...], ...] | None = None
    # secondary items past the board cells (items len(cells) on, all optional): a stick
    # grid's crossing points (solvers.placements.secondary.with_passing_items)
    extra_items: int = 0

    @property
    def has_secondary(self) -> bool:
        """Whether solutions may leave items empty or vary their numbers of copies."""
        return self.absent_start >= 0 or bool(self.optional_items)

    @property
    def n_rows(self) -> int:
        return len(self.row_items)

    @property
    def n_items(self) -> int:
        return len(self.cells) + self.extra_items

    @cached_property
    def item_table(self) -> tuple[np.ndarray, np.ndarray]:
        """(starts (R + 1,), items) int64: every row's items end to end, row r's at
        items[starts[r]:starts[r + 1]]; made once, for the steps that read all rows."""
        lengths = np.fromiter(map(len, self.row_items), dtype=np.int64, count=self.n_rows)
        starts = np.concatenate(([0], np.cumsum(lengths)))
        return starts, np.fromiter(chain.from_iterable(self.row_items), dtype=np.int64,
                                   count=int(starts[-1]))

    @cached_property
    def word_spans(self) -> np.ndarray:
        """(R, 2) int32: each row's first word of `masks` that is not zero and one past its
        last (words.word_spans), made once for every search of these placements."""
        return word_spans(self.masks)

    def rows_of_piece(self, piece: int) -> np.ndarray:
        return np.flatnonzero(self.row_piece == piece)

    def row_key(self, row: int) -> tuple:
        """(piece type, items), and the row's paint when pieces are painted: what tells a row
        from every other."""
        key = (int(self.row_piece[row]), self.row_items[row])
        return key if self.row_paint is None else key + (self.row_paint[row],)

    def row_index(self) -> dict[tuple, int]:
        """`row_key` -> row: how symmetry images find their rows."""
        return {self.row_key(row): row for row in range(self.n_rows)}


def compile_placements(puzzle: Puzzle, *, prune: bool = True,
                       cancel: CancelCheck | None = None) -> Placements:
    """All placements of all pieces on the board, in piece order then orientation and position.

    With `prune`, placements that can never be part of a solution are dropped: those that
    cut off a region no combination of piece sizes can fill, and those beside which some cell
    or needed piece has no placement left. Raises PuzzleError past MAX_PLACEMENTS or
    when searching them would need tables past MAX_SEARCH_BYTES; `cancel` can stop it
    (Cancelled) between two orientations of a piece or two slices of the pruning.
    """
    if puzzle.is_sudoku:
        raise PuzzleError("a sudoku puzzle has no piece placements")
    if not prune:  # kept once, not also under a key of its own
        placements = with_secondary_items(puzzle, _every_placement_kept(puzzle, cancel))
        check_search_size(placements)
        return placements
    return _recent((puzzle, True), lambda: _pruned(puzzle, cancel))


def _every_placement_kept(puzzle: Puzzle, cancel: CancelCheck | None) -> Placements:
    return _recent((puzzle, "every"), lambda: _every_placement(puzzle, cancel))


def _pruned(puzzle: Puzzle, cancel: CancelCheck | None) -> Placements:
    placements = _every_placement_kept(puzzle, cancel)
    if placements.n_rows and not puzzle.kind.grid.flat:
        # in a box, a piece's place often leaves a cell no other piece reaches (burrs, cages:
        # SolidSixPieceBurrs 1,593 -> 330); on a flat board the region pruning below already
        # drops nearly all of those (meteor: 44 more of 2,158, for 10 ms of its 70). First:
        # the region pruning's floods then run on the rows it leaves (AlPackino 2,828 -> 900,
        # 10.6 -> 4.6 ms for both); in each of the 16 boxes shipped or from BurrTools, the
        # rows they dropped before it are among those it drops
        placements = _without_uncoverable(puzzle, placements, cancel)
    if placements.n_rows and not puzzle.optional:  # optional cells may stay empty
        dead = dead_rows(placements.masks, placements.neighbours, fillable_sizes(puzzle), cancel)
        placements = _select_rows(placements, ~dead)
    placements = with_secondary_items(puzzle, placements)
    check_search_size(placements)
    return placements


_RECENT: dict[tuple, Placements] = {}  # (puzzle, how) -> placements, the newest last
_RECENT_ENTRIES = 4  # Why-no-solution's certificates, then the search: one compile
# masks kept in all, the newest entry whatever its size: the certificates' placements, then
# the pruned ones, serve the search (a 64x64 board of pentominoes, 123 MB of masks, was
# compiled three times, 2 s each)
_RECENT_BYTES = 256 << 20
_RECENT_LOCK = threading.Lock()


def _recent(key: tuple, make: Callable[[], Placements]) -> Placements:
    """`make()`, or what it made for the same puzzle lately (the app prepares from several
    threads: the dictionary is touched under a lock, `make` runs outside it)."""
    with _RECENT_LOCK:
        found = _RECENT.pop(key, None)
    if found is None:
        found = make()
    with _RECENT_LOCK:
        _RECENT[key] = found
        while len(_RECENT) > 1 and (len(_RECENT) > _RECENT_ENTRIES
                                    or _kept_bytes() > _RECENT_BYTES):
            _RECENT.pop(next(iter(_RECENT)))
    return found


def _kept_bytes() -> int:
    """Bytes of the masks kept (placements that share their masks counted once)."""
    return sum({id(kept.masks): kept.masks.nbytes for kept in _RECENT.values()}.values())


def forget_recent() -> None:
    """Drop the placements kept for the puzzles compiled lately (each compile then starts
    from nothing: what tests of stopping a preparation need)."""
    with _RECENT_LOCK:
        _RECENT.clear()


def _every_placement(puzzle: Puzzle, cancel: CancelCheck | None) -> Placements:
    """Every placement of every piece, pins kept, nothing pruned."""
    cells = puzzle.board
    grid = puzzle.kind.grid
    board = np.array(cells, dtype=np.int64).reshape(len(cells), grid.dimensions)
    locate = CellLocator(board, grid)
    words = max(1, (len(cells) + 63) // 64)
    row_piece: list[np.ndarray] = [np.zeros(0, dtype=np.int32)]
    row_items: list[tuple[int, ...]] = []
    masks: list[np.ndarray] = [np.zeros((0, words), dtype=np.uint64)]
    flat_items: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]  # the item table's items
    paint, row_paint = PaintFilter(puzzle), []
    for piece_index, piece in enumerate(puzzle.pieces):
        shapes, colours = piece_orientations(puzzle.kind, piece)
        for batch in orientation_batches([piece.size] * len(shapes), len(cells)):
            check_cancel(cancel)
            found = batched.translations(locate, shapes[batch.start:batch.stop])
            # items in the shape's order (translations keep it): colour i is item i's
            found = [paint.legal(items, colours[at]) for at, items in zip(batch, found)]
            for items, at in zip(found, batch):
                row_items.extend(map(tuple, items.tolist()))
                row_paint.extend([colours[at]] * len(items) if paint.painted else ())
            if len(row_items) > MAX_PLACEMENTS:
                raise PuzzleError(f"the pieces have more than {MAX_PLACEMENTS:,} placements "
                                  f"on this board; PolyGUI takes at most {MAX_PLACEMENTS:,}")
            items = np.concatenate(found)
            row_piece.append(np.full(len(items), piece_index, dtype=np.int32))
            masks.append(batched.masks_of(items, words))
            flat_items.append(items.ravel())
    placements = Placements(
        cells=cells,
        row_piece=np.concatenate(row_piece),
        row_items=tuple(row_items),
        masks=np.concatenate(masks),
        piece_counts=np.array([piece.count for piece in puzzle.pieces], dtype=np.int32),
        piece_sizes=np.array([piece.size for piece in puzzle.pieces], dtype=np.int32),
        neighbours=neighbour_table(puzzle),
        row_paint=tuple(row_paint) if paint.painted else None,
    )
    # the item table from the arrays at hand, where the cached property keeps it: read back
    # from the rows' tuples, it took 2 ms of PelikanBurr's preparation
    sizes = placements.piece_sizes.astype(np.int64)[placements.row_piece]
    placements.__dict__["item_table"] = (np.concatenate(([0], np.cumsum(sizes))),
                                         np.concatenate(flat_items))
    if puzzle.pins:  # a pinned cell keeps only its pin's row
        placements = _select_rows(placements, rows_kept_by_pins(
            puzzle, placements.row_piece, placements.row_items, placements.masks))
    return placements


REDUCE_WORK = 1 << 26  # items the reduce step may look at a pass (as pruning.uncoverable_rows
# estimates it): 16x16x16 of L-pentacubes 180 million, 2 s a pass dropping nothing, is left
# out; SolidSixPieceBurrs 0.7 million, 16x16x16 of dicubes 0.3 million


def _without_uncoverable(puzzle: Puzzle, placements: Placements,
                         cancel: CancelCheck | None) -> Placements:
    """The placements without those beside which some cell or needed piece has no placement
    left; all of them when that leaves none for some cell or needed piece: such a puzzle has
    no solution, and the search and Why-no-solution say why (a colouring, the cells no piece
    reaches) better than the refusal of a piece that cannot go anywhere. All of them, too,
    when a pass would cost more than REDUCE_WORK."""
    optional = set(puzzle.optional)
    required = np.array([cell not in optional for cell in placements.cells], dtype=bool)
    least = np.array([piece.fewest for piece in puzzle.pieces], dtype=np.int32)
    kept = ~uncoverable_rows(placements.masks, placements.row_piece, required, least, cancel,
                             budget=REDUCE_WORK, bits=lambda: row_bits(placements))
    covered = np.bitwise_or.reduce(placements.masks[kept], axis=0)
    covers_all = (pack_bits(required[None, :])[0] & ~covered == 0).all()
    pieces_left = np.bincount(placements.row_piece[kept], minlength=len(least)) > 0
    if not covers_all or not pieces_left[least > 0].all():
        return placements
    return _select_rows(placements, kept)


def row_bits(placements: Placements) -> tuple[np.ndarray, np.ndarray]:
    """(rows, items) int64: `words.set_bits(placements.masks)`, read off the rows' items."""
    starts, items = placements.item_table
    return np.repeat(np.arange(placements.n_rows, dtype=np.int64), np.diff(starts)), items


def check_search_size(placements: Placements) -> None:
    """PuzzleError when the tables a search sets up for these placements would take more than
    MAX_SEARCH_BYTES: the general kernel keeps, for each of up to one level per piece copy, a
    list of live rows and one of branches (4 bytes a row each)."""
    copies = int(placements.piece_counts.sum())
    needed = 8 * placements.n_rows * (copies + 1) + placements.masks.nbytes
    if needed > MAX_SEARCH_BYTES:
        raise PuzzleError(
            f"too large to search: {placements.n_rows:,} placements of {copies:,} piece "
            f"copies need about {needed / (1 << 30):.1f} GiB of search tables; PolyGUI "
            f"takes at most {MAX_SEARCH_BYTES >> 30} GiB")


_masks_of = batched.masks_of  # (k, words) uint64 bitsets of k rows of items (k, cells)


def items_to_masks(row_items: list[tuple[int, ...]] | tuple[tuple[int, ...], ...],
                   n_items: int) -> np.ndarray:
    words = max(1, (n_items + 63) // 64)
    masks = np.zeros((len(row_items), words), dtype=np.uint64)
    lengths = np.fromiter(map(len, row_items), dtype=np.int64, count=len(row_items))
    rows = np.repeat(np.arange(len(row_items)), lengths)
    items = np.fromiter((item for row in row_items for item in row), dtype=np.int64,
                        count=int(lengths.sum()))
    np.bitwise_or.at(masks, (rows, items >> 6), np.uint64(1) << (items & 63).astype(np.uint64))
    return masks


def neighbour_masks(neighbours: np.ndarray) -> np.ndarray:
    """(items,) uint64: each item's neighbours as a bitset, for boards of at most 64 items;
    an empty array for larger boards (the region check then does not run)."""
    if len(neighbours) > 64:
        return np.zeros(0, dtype=np.uint64)
    masks = np.zeros(len(neighbours), dtype=np.uint64)
    for item, row in enumerate(neighbours):
        for other in row[row >= 0]:
            masks[item] |= np.uint64(1) << np.uint64(other)
    return masks


def neighbour_table(puzzle: Puzzle) -> np.ndarray:
    """(items, degree) int32: the board neighbours of each item, -1 where there is none."""
    return batched.neighbour_table(puzzle.board, puzzle.kind.grid)


def fillable_sizes(puzzle: Puzzle) -> np.ndarray:
    """Bool array over 0..board size: which region sizes some multiset of the pieces fills."""
    reachable = np.zeros(len(puzzle.board) + 1, dtype=bool)
    reachable[0] = True
    for piece in puzzle.pieces:
        for _ in range(piece.count):
            shifted = np.zeros_like(reachable)
            shifted[piece.size:] = reachable[:len(reachable) - piece.size]
            reachable |= shifted
    return reachable


def _select_rows(placements: Placements, keep: np.ndarray) -> Placements:
    kept = np.flatnonzero(keep)
    return Placements(
        cells=placements.cells,
        row_piece=placements.row_piece[kept],
        row_items=tuple(map(placements.row_items.__getitem__, kept.tolist())),
        masks=placements.masks[kept],
        piece_counts=placements.piece_counts,
        piece_sizes=placements.piece_sizes,
        neighbours=placements.neighbours,
        row_paint=None if placements.row_paint is None else tuple(
            map(placements.row_paint.__getitem__, kept.tolist())),
    )


def pieces_without_placements(puzzle: Puzzle, placements: Placements) -> list[str]:
    """Names of piece types with no legal placement left."""
    real = placements.absent_start if placements.absent_start >= 0 else placements.n_rows
    present = np.bincount(placements.row_piece[:real], minlength=len(puzzle.pieces)) > 0
    return [piece.name for index, piece in enumerate(puzzle.pieces)
            if not present[index] and piece.fewest > 0]


def pieces_kept_off_by_colours(puzzle: Puzzle) -> list[str]:
    """Names of the piece types that fit nowhere the colour rules allow (pins and pruning
    aside): why a puzzle with colour rules has no placement for them."""
    if not puzzle.colour_rules:
        return []
    return pieces_without_placements(puzzle, compile_placements(replace(puzzle, pins=()),
                                                                prune=False))
