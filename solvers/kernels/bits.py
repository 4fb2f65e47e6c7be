"""Bit tricks shared by the numba kernels."""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from numba import types
from numba.extending import intrinsic, overload


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


def count_bits(word: np.uint64) -> int:
    """Number of set bits (plain Python for NUMBA_DISABLE_JIT; compiled, one instruction)."""
    return bin(int(word)).count("1")


@intrinsic
def _population_count(typingctx, word):
    def codegen(context, builder, signature, args):
        return builder.zext(builder.ctpop(args[0]), context.get_value_type(types.int64))
    return types.int64(types.uint64), codegen


@overload(count_bits, inline="always")
def _count_bits_compiled(word):
    def impl(word):
        return _population_count(word)
    return impl
