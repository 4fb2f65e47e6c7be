"""A board symmetry (`BoardSymmetry`, which solvers.placements.symmetry finds) and its row
images: the placement each placement becomes (`row_images`), for the symmetry plans and the
orbits of solutions (solvers.search.orbits)."""

from __future__ import annotations

from itertools import chain

import numpy as np

from ..puzzle.cancel import CancelCheck, check_cancel
from ..records import record
from .compile import Placements
from .hashes import random_keys


@record
class BoardSymmetry:
    """A symmetry of the board that maps the puzzle onto itself, as permutations."""

    matrix: np.ndarray
    item_perm: np.ndarray  # (items,) int64: item -> image item
    piece_perm: tuple[int, ...]  # piece type -> image piece type


def row_images(placements: Placements, symmetries: list[BoardSymmetry],
               cancel: CancelCheck | None = None) -> np.ndarray:
    """(S, R) int32: the row each row becomes under each non-identity symmetry.

    A board's group has a few generators: the images under a product of symmetries whose
    images are known are theirs composed, a gather of R rows, exact as theirs are
    (`_Products`); only the others are found by hashing (`_ImageFinder`). Soma's 47: 6 ms
    hashed one by one, 1.4 ms with 5 of them hashed."""
    images = np.empty((len(symmetries), placements.n_rows), dtype=np.int32)
    products = _Products(symmetries, images, cancel)
    finder: _ImageFinder | None = None
    for at in range(1, len(symmetries)):
        if products.known(at):
            continue
        check_cancel(cancel)
        finder = finder or _ImageFinder(placements, cancel)
        products.add_generator(at, finder.images_under(symmetries[at]))
    return images[1:]


class _Products:
    """The symmetries whose row images are known (the identity's first), closed under
    composition: applying h, then g, moves item i to g(h(i)), piece p to g(h(p)), and row r to
    g's image of h's image of r. A symmetry is known by its permutations (two that move
    items and pieces alike move rows alike: a flat box's reflection through its plane).
    `cancel` is called before each composition (a gather of millions of rows on a large
    board)."""

    def __init__(self, symmetries: list[BoardSymmetry], images: np.ndarray,
                 cancel: CancelCheck | None = None) -> None:
        self.symmetries, self.images, self.cancel = symmetries, images, cancel
        self.found = [False] * len(symmetries)
        self.alike: dict[tuple[bytes, tuple[int, ...]], list[int]] = {}
        for at, symmetry in enumerate(symmetries):
            self.alike.setdefault(_permutations(symmetry.item_perm, symmetry.piece_perm),
                                  []).append(at)
        self.generators: list[int] = []
        self.elements: list[int] = []  # one of each set of alike symmetries known
        if symmetries:
            self._learn(0, np.arange(images.shape[1], dtype=np.int32))

    def known(self, at: int) -> bool:
        return self.found[at]

    def add_generator(self, at: int, images: np.ndarray) -> None:
        """Learn symmetry `at`'s images and those of every product it makes with the known
        ones. The known ones were closed under the earlier generators, so they need only the
        new one; each new element, every generator."""
        old = list(self.elements)
        self.generators.append(at)
        new = [at] if self._learn(at, images) else []
        for element in old:
            new += self._product(at, element)
        while new:
            element = new.pop()
            for generator in self.generators:
                new += self._product(generator, element)

    def _product(self, g: int, h: int) -> list[int]:
        """[the symmetry g after h] when it is listed and was not known; else []."""
        first, then = self.symmetries[h], self.symmetries[g]
        pieces = tuple(then.piece_perm[piece] for piece in first.piece_perm)
        alike = self.alike.get(_permutations(then.item_perm[first.item_perm], pieces))
        if alike is None or self.found[alike[0]]:
            return []
        check_cancel(self.cancel)
        self._learn(alike[0], self.images[g][self.images[h]])
        return [alike[0]]

    def _learn(self, at: int, images: np.ndarray) -> bool:
        symmetry = self.symmetries[at]
        alike = self.alike[_permutations(symmetry.item_perm, symmetry.piece_perm)]
        if self.found[alike[0]]:
            return False
        for same in alike:
            self.images[same] = images
            self.found[same] = True
        self.elements.append(at)
        return True


def _permutations(item_perm: np.ndarray, piece_perm: tuple[int, ...]
                  ) -> tuple[bytes, tuple[int, ...]]:
    return item_perm.tobytes(), tuple(piece_perm)


class _ImageFinder:
    """A symmetry's row images, found by hashing: each row gets a 64-bit hash, the sum of a
    random number per item and one per piece type (so the order of its items does not
    matter); a symmetry's image of a row is the row with its image's hash, found among the
    sorted hashes, and then checked item for item. With painted pieces an item of a row is
    keyed with its colour (`_paint_stride`), which a symmetry carries along. Rows are worked
    on end to end (`Placements.item_table`), not padded to the widest (PelikanBurr's cage of
    200 cells beside pieces of 8: 10 -> 3 ms; AlPackino 14 -> 1.4 ms)."""

    def __init__(self, placements: Placements, cancel: CancelCheck | None) -> None:
        self.starts, self.values = _row_values(placements, cancel)
        check_cancel(cancel)
        self.stride = _paint_stride(placements)
        self.span = max(1, len(placements.cells)) * self.stride  # past every value
        self.item_hash = random_keys(len(placements.cells) * self.stride)
        self.piece_hash = random_keys(len(placements.piece_counts), salt=1)
        self.pieces = placements.row_piece.astype(np.int64)
        self.masks = placements.masks
        hashes = _hash_rows(self.pieces, self.starts, self.values, self.item_hash,
                            self.piece_hash)
        self.order = np.argsort(hashes)
        self.sorted_hashes = hashes[self.order]
        self.lengths = np.diff(self.starts)
        self.row_of_value = np.repeat(np.arange(len(self.pieces), dtype=np.int64),
                                      self.lengths)

    def images_under(self, symmetry: BoardSymmetry) -> np.ndarray:
        """(R,) int32: the row each row becomes; ValueError when an image is no row."""
        image_pieces = np.asarray(symmetry.piece_perm, dtype=np.int64)[self.pieces]
        moved = symmetry.item_perm[self.values // self.stride] * self.stride + \
            self.values % self.stride
        at = np.searchsorted(self.sorted_hashes, _hash_rows(
            image_pieces, self.starts, moved, self.item_hash, self.piece_hash))
        rows = self.order[at.clip(max=len(self.order) - 1)]
        if (at >= len(self.order)).any() or (self.pieces[rows] != image_pieces).any() \
                or (self.lengths[rows] != self.lengths).any() \
                or not self._same_values(rows[self.row_of_value], moved):
            raise ValueError("a symmetry image of a placement is not a placement")
        return rows.astype(np.int32)

    def _same_values(self, rows: np.ndarray, moved: np.ndarray) -> bool:
        """Whether each moved value is in row `rows` of it (rows of as many values). Without
        paint a value is an item, a symmetry moves no two items of a row onto one, and the
        row's bitset has each or not (sorting each row took soma 2.3 ms); painted values
        are compared sorted."""
        if self.stride == 1:
            words = self.masks[rows, moved >> 6]
            return bool(((words >> (moved & 63).astype(np.uint64)) & np.uint64(1)).all())
        firsts = self.starts[:-1]
        within = np.arange(len(self.values), dtype=np.int64) - firsts[self.row_of_value]
        offset = self.row_of_value * self.span
        image = np.sort(offset + moved) - offset  # each row sorted
        return bool((self.values[firsts[rows] + within] == image).all())


def _paint_stride(placements: Placements) -> int:
    """1 without paint; else one more than the highest colour: a painted item's key is
    item * stride + colour."""
    if placements.row_paint is None:
        return 1
    return 1 + max((max(colours, default=0) for colours in placements.row_paint), default=0)


def _row_values(placements: Placements,
                cancel: CancelCheck | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(starts (R + 1,), values) int64: every row's sorted items end to end (painted: each
    item * stride + its colour, in the same order)."""
    starts, items = placements.item_table
    check_cancel(cancel)
    if placements.row_paint is None:
        return starts, items
    values = items * _paint_stride(placements)
    values += np.fromiter(chain.from_iterable(placements.row_paint), dtype=np.int64,
                          count=len(values))
    return starts, values


def _hash_rows(pieces: np.ndarray, starts: np.ndarray, values: np.ndarray,
               item_hash: np.ndarray, piece_hash: np.ndarray) -> np.ndarray:
    """Each row's hash: its piece's and its values' summed (uint64 sums wrap around, as
    meant: a row's sum is the difference of two running sums, whatever it wrapped; a
    piece's absent row is empty)."""
    running = np.concatenate((np.zeros(1, dtype=np.uint64),
                              np.cumsum(item_hash[values], dtype=np.uint64)))
    return piece_hash[pieces] + (running[starts[1:]] - running[starts[:-1]])
