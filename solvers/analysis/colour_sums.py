"""The sums behind a colouring certificate (solvers/analysis/certificates.py): how many cells
of each colour the pieces can cover together, one place per piece copy.

A set of sums is a sorted numpy array of codes, each count vector written in mixed radix.
The copies of one piece type are added by doubling (the sums of 2m copies are the sums of m
copies plus the sums of m copies), so a piece of 4,096 copies costs 12 additions, not 4,096:
the size of the sets bounds the work, not the number of copies (a 64x64 board of monominoes
took 55 s one copy at a time).
"""

from __future__ import annotations

import numpy as np

from ..placements.compile import Placements

MOST_STATES = 200_000  # sums tracked before the check gives up
MOST_PAIRS = 1 << 23  # pairs of sums one addition may look at before the check gives up
_CHUNK_PAIRS = 1 << 20  # pairs looked at in one go (bounds the memory of an addition)


def row_colour_counts(placements: Placements, colours: np.ndarray, k: int) -> np.ndarray:
    """(R, k) int64: how many cells of each colour each row covers (an absent row none)."""
    starts, items = placements.item_table
    rows = np.repeat(np.arange(placements.n_rows), np.diff(starts))
    flat = np.bincount(rows * k + colours[items], minlength=placements.n_rows * k)
    return flat.reshape(placements.n_rows, k)


def piece_options(placements: Placements, colours: np.ndarray, k: int) -> list[np.ndarray]:
    """Per piece type, the distinct count vectors (cells of each colour) of its rows, as an
    (m, k) int64 array."""
    counts = row_colour_counts(placements, colours, k)
    radix = int(counts.max(initial=0)) + 1
    codes = placements.row_piece.astype(np.int64) * radix ** k + counts @ radix ** np.arange(k)
    codes = _distinct(codes)
    pieces, rest = np.divmod(codes, radix ** k)
    vectors = rest[:, None] // radix ** np.arange(k) % radix
    return [vectors[pieces == piece] for piece in range(len(placements.piece_counts))]


class SumSpace:
    """Count vectors up to `bound` (inclusive) as int64 codes, a bit field per colour wide
    enough for twice its bound plus a guard bit above it: the sum of two codes within the
    bound never carries into the next field, and whether a code is within the bound is one
    addition and one mask (the addition sets a field's guard bit exactly when it is past)."""

    def __init__(self, bound: tuple[int, ...]) -> None:
        self.bound = np.array(bound, dtype=np.int64)
        bits = [int(2 * b + 1).bit_length() for b in bound]  # 2 * bound + 1 fits
        self.shifts = np.cumsum([0] + [b + 1 for b in bits[:-1]]).astype(np.int64)
        if sum(bits) + len(bits) > 62:
            raise ValueError(f"count vectors up to {bound} do not fit 64-bit codes")
        self.masks = np.array([(1 << b) - 1 for b in bits], dtype=np.int64)
        self.offset = int(sum(((1 << b) - 1 - int(bound)) << int(shift)
                              for b, bound, shift in zip(bits, bound, self.shifts)))
        self.guard = int(sum(1 << (b + int(shift)) for b, shift in zip(bits, self.shifts)))

    def encode(self, vectors: np.ndarray) -> np.ndarray:
        """The codes of the vectors within the bound (the others are dropped)."""
        vectors = np.asarray(vectors, dtype=np.int64).reshape(-1, len(self.bound))
        return _distinct((vectors[(vectors <= self.bound).all(axis=1)] << self.shifts)
                         .sum(axis=1))

    def decode(self, codes: np.ndarray) -> np.ndarray:
        return codes[:, None] >> self.shifts & self.masks

    def within(self, codes: np.ndarray) -> np.ndarray:
        return codes[(codes + self.offset) & self.guard == 0]

    def add(self, first: np.ndarray, second: np.ndarray) -> np.ndarray | None:
        """Every sum of a code of each set within the bound; None past MOST_PAIRS pairs."""
        if len(first) * len(second) > MOST_PAIRS:
            return None
        if len(first) < len(second):
            first, second = second, first
        step = max(1, _CHUNK_PAIRS // max(1, len(second)))
        parts = [_distinct(self.within((first[start:start + step, None] + second).ravel()))
                 for start in range(0, len(first), step)]
        return _distinct(np.concatenate(parts)) if parts else first[:0]


def reachable_sums(options: list[np.ndarray], counts: list[int],
                   bound: tuple[int, ...]) -> np.ndarray | None:
    """(n, k): every sum of one option (an (m, k) array per piece type) per piece copy that
    stays within `bound`; None when a set grows past MOST_STATES sums or an addition past
    MOST_PAIRS pairs. Count vectors are never negative, so a sum within the bound has
    every partial sum within it: sets are cut to the bound at every step."""
    space = SumSpace(bound)
    sums: np.ndarray | None = space.encode(np.zeros(len(bound), dtype=np.int64))
    for choices, copies in zip(options, counts):
        power: np.ndarray | None = space.encode(choices)  # 1, 2, 4... copies
        while copies and sums is not None and power is not None:
            if copies & 1:
                sums = space.add(sums, power)
            copies >>= 1
            if copies:
                power = space.add(power, power)
            if any(part is not None and len(part) > MOST_STATES for part in (sums, power)):
                return None
        if sums is None or power is None:
            return None
    return space.decode(sums)


def _distinct(codes: np.ndarray) -> np.ndarray:
    """The sorted distinct values (np.unique imports numpy.ma, 30 ms of every run's start)."""
    codes = np.sort(codes)
    keep = np.ones(len(codes), dtype=bool)
    keep[1:] = codes[1:] != codes[:-1]
    return codes[keep]
