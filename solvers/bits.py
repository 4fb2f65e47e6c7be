"""Bit tricks shared by the numba kernels."""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import overload


def lowest_bit(word: np.uint64) -> int:
    """Index of the lowest set bit of a non-zero word (plain Python, for NUMBA_DISABLE_JIT;
    compiled, one trailing-zero-count instruction)."""
    value = int(word)
    return (value & -value).bit_length() - 1


@overload(lowest_bit, inline="always")
def _lowest_bit_compiled(word):
    def impl(word):
        return np.int64(trailing_zeros(word))
    return impl
