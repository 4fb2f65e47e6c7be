"""The orbits of solutions under a board's symmetries, for 'all' and 'rotations' expanded from
'distinct' (solvers/search/orbits.py): one pass over the solutions each, without the GIL.

A solution is a row of placement indices; `images` (g, R) maps each placement to its image
under each of the g symmetries, and `image_hashes` (g, R) holds a random 64-bit hash of each
such image. An image of a solution hashes to the sum of its placements' hashes (wrapping
around), whatever their order, so different hashes mean different images."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(nogil=True, cache=True)
def image_hashes_of(image_hashes: np.ndarray, solutions: np.ndarray) -> np.ndarray:
    """(k, g) uint64: the hash of each solution's image under each symmetry."""
    k, pieces = solutions.shape
    g = image_hashes.shape[0]
    out = np.zeros((k, g), dtype=np.uint64)
    for i in range(k):
        for s in range(g):
            total = np.uint64(0)
            for p in range(pieces):
                total += image_hashes[s, solutions[i, p]]
            out[i, s] = total
    return out


@njit(nogil=True, cache=True)
def sorted_images(images: np.ndarray, solutions: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """(m, pieces) int32: the kept images (`keep` (k, g) bool) of each solution, owner by owner
    and in table order within an owner, each row sorted."""
    k, pieces = solutions.shape
    g = images.shape[0]
    out = np.empty((int(keep.sum()), pieces), dtype=np.int32)
    at = 0
    for i in range(k):
        for s in range(g):
            if not keep[i, s]:
                continue
            for p in range(pieces):  # insertion sort: a row is a few dozen placements
                value = images[s, solutions[i, p]]
                q = p
                while q > 0 and out[at, q - 1] > value:
                    out[at, q] = out[at, q - 1]
                    q -= 1
                out[at, q] = value
            at += 1
    return out
