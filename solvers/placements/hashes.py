"""Random-looking 64-bit keys, the same in every run, without numpy.random (whose import
costs a run 50 ms): splitmix64 of the index, salted."""

from __future__ import annotations

import numpy as np


def random_keys(count: int, salt: int = 0) -> np.ndarray:
    """(count,) uint64, none zero: the hashes of rows, items or pieces that sums of them
    (symmetry images, orbits) compare."""
    with np.errstate(over="ignore"):
        z = (np.arange(count, dtype=np.uint64) + np.uint64((salt << 40) + 1)) \
            * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return (z ^ (z >> np.uint64(31))) | np.uint64(1)
