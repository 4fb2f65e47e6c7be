"""Bit tricks shared by the numba kernels, and a hint to the processor's cache."""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba import types
from numba.core import cgutils
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


def highest_bit(word: np.uint64) -> int:
    """Index of the highest set bit of a non-zero word (plain Python, for NUMBA_DISABLE_JIT;
    compiled, one leading-zero-count instruction)."""
    return int(word).bit_length() - 1


@overload(highest_bit, inline="always")
def _highest_bit_compiled(word):
    def impl(word):
        return 63 - np.int64(leading_zeros(word))
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


def prefetch_row(table: np.ndarray, row: int) -> None:
    """Ask the processor to bring row `row` of a 2-D C-ordered array into its cache, ahead of
    a read that would otherwise wait for memory (plain Python: nothing; compiled, one
    prefetch instruction, which never faults)."""


@intrinsic
def _prefetch(typingctx, table, row):
    def codegen(context, builder, signature, args):
        table_type, row_type = signature.args
        array = context.make_array(table_type)(context, builder, args[0])
        index = context.cast(builder, args[1], row_type, types.intp)
        column = context.get_constant(types.intp, 0)
        pointer = cgutils.get_item_pointer(context, builder, table_type, array, [index, column])
        byte_pointer = ir.IntType(8).as_pointer()
        int32 = ir.IntType(32)
        hint = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte_pointer, int32, int32, int32]),
            "llvm.prefetch.p0i8")
        # read, keep in every cache level, data (not instructions)
        builder.call(hint, [builder.bitcast(pointer, byte_pointer), ir.Constant(int32, 0),
                            ir.Constant(int32, 3), ir.Constant(int32, 1)])
        return context.get_dummy_value()
    return types.void(table, row), codegen


@overload(prefetch_row, inline="always")
def _prefetch_row_compiled(table, row):
    def impl(table, row):
        _prefetch(table, row)
    return impl
