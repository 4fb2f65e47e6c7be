"""Aligned pair (6.2) and triplet (7.5) exclusion, as Sudoku Explainer finds them: for two
(three) cells and the small cells that see all of them (excluders: 2 candidates for pairs,
2 or 3 for triplets), a combination of digits for the cells is impossible when two cells
that see each other get the same digit or when it takes every candidate of an excluder; a
digit of a cell found in no possible combination is removed. The scan is the numba kernel
of solvers.kernels.logic_exclusion."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from ..kernels.logic_exclusion import aligned_scan
from .board import Board, Layout, bits
from .steps import Step

NAMES = {2: ("Aligned Pair Exclusion", 6.2), 3: ("Aligned Triplet Exclusion", 7.5)}


def aligned_pairs(board: Board) -> Iterator[Step]:
    yield from aligned_exclusion(board, 2)


def aligned_triplets(board: Board) -> Iterator[Step]:
    yield from aligned_exclusion(board, 3)


@lru_cache(maxsize=16)
def peer_tables(layout: Layout) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's peers (ascending, -1 padded) and the cell x cell 'sees' matrix."""
    size = layout.n * layout.n
    width = max(peers.bit_count() for peers in layout.peers)
    peer_list = np.full((size, width), -1, np.int64)
    see = np.zeros((size, size), np.uint8)
    for cell, peers in enumerate(layout.peers):
        cells = sorted(bits(peers))
        peer_list[cell, :len(cells)] = cells
        see[cell, cells] = 1
    return peer_list, see


def aligned_exclusion(board: Board, degree: int) -> Iterator[Step]:
    """The first aligned exclusion of `degree` cells in SE's order (one step)."""
    if board.n > 16:
        return
    peer_list, see = peer_tables(board.layout)
    cands = np.array(board.candidates, np.int64)
    cells = np.zeros(3, np.int64)
    common = np.full(peer_list.shape[1], -1, np.int64)
    removed = np.zeros(3, np.int64)
    if not aligned_scan(cands, peer_list, see, degree, cells, common, removed):
        return
    base = tuple(int(cell) for cell in cells[:degree])
    excluders = tuple(int(cell) for cell in common if cell >= 0)
    name, rating = NAMES[degree]
    yield Step(name, rating,
               eliminations=tuple((cell, bit + 1) for cell, mask in zip(base, removed)
                                  for bit in bits(int(mask))),
               cells=base + excluders,
               candidates=tuple((cell, bit + 1) for cell in base + excluders
                                for bit in bits(board.candidates[cell])))
