"""Tables and bit tricks on one digit's band of a 9x9 Sudoku, for the batch kernel
(`sudoku_batch`). Each helper is inlined into its caller (they are a few instructions each).
numba keys a cached function by its own file only: after editing this one, delete
`solvers/kernels/__pycache__` (tests/solvers/test_startup.py catches a stale kernel).

Glossary:
  band      three consecutive rows, 27 cells; bit = 9 * row + column (row within the band).
  field     nine bits of a band mask: one row of the band, or (once folded) one column.
  triad     the three cells where a row (or a column) crosses a box.
  triads    a 3x3 bit matrix, bit 3 * line + box: where one digit still has a place, by triad.
            In a band the lines are its rows; in a stack, the bands (a stack's columns play
            the boxes).
  matching  in a band, a digit sits once in each row and once in each box: its rows and
            boxes are paired one to one. A triad that is in no such pairing (of those its
            triads allow) cannot hold the digit. The same holds for a stack's bands and
            columns. This covers pointing, claiming and hidden singles in boxes at once.
"""

from __future__ import annotations

import numpy as np
from numba import njit

BAND_FULL = (1 << 27) - 1
FIELD = 511
ROW_SPREAD = 1 | 1 << 9 | 1 << 18  # multiplying a field by it copies it to the band's 3 rows


def _matched(triads: int) -> int:
    """The triads that are in some pairing of the three lines with the three boxes that
    `triads` allows; 0 when there is none."""
    kept = 0
    for boxes in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        pairing = sum(1 << (3 * line + box) for line, box in enumerate(boxes))
        if triads & pairing == pairing:
            kept |= pairing
    return kept


def _tables() -> dict[str, np.ndarray]:
    peers = np.zeros(27, dtype=np.int64)  # same row or box within the band, not the cell
    columns = np.zeros(27, dtype=np.int64)  # the cell's column in every row of a band
    for bit in range(27):
        row, column = divmod(bit, 9)
        for other in range(27):
            other_row, other_column = divmod(other, 9)
            if other != bit and (other_row == row or other_column // 3 == column // 3):
                peers[bit] |= 1 << other
        columns[bit] = ROW_SPREAD << column
    return {
        "peers": peers, "columns": columns,
        "boxes_of_field": np.array([sum(1 << box for box in range(3) if field >> 3 * box & 7)
                                    for field in range(512)], dtype=np.int64),
        "alone_in_field": np.array([field if bin(field).count("1") == 1 else 0
                                    for field in range(512)], dtype=np.int64),
        "matched": np.array([_matched(triads) for triads in range(512)], dtype=np.int64),
        "cells_of_triads": np.array([sum(7 << (9 * line + 3 * box) for line in range(3)
                                         for box in range(3) if triads >> (3 * line + box) & 1)
                                     for triads in range(512)], dtype=np.int64),
    }


_TABLES = _tables()
PEERS_IN_BAND = _TABLES["peers"]
COLUMN_IN_BANDS = _TABLES["columns"]
BOXES_OF_FIELD = _TABLES["boxes_of_field"]
ALONE_IN_FIELD = _TABLES["alone_in_field"]
MATCHED = _TABLES["matched"]
CELLS_OF_TRIADS = _TABLES["cells_of_triads"]


@njit(nogil=True, cache=True, inline="always")
def band_triads(board):
    """The triads of a band where the digit has a place."""
    return (BOXES_OF_FIELD[board & FIELD] | BOXES_OF_FIELD[(board >> 9) & FIELD] << 3
            | BOXES_OF_FIELD[board >> 18] << 6)


@njit(nogil=True, cache=True, inline="always")
def matched_band(board):
    """The board without the places its band's matching rules out (0 when none is left)."""
    return board & CELLS_OF_TRIADS[MATCHED[band_triads(board)]]


@njit(nogil=True, cache=True, inline="always")
def folded(board):
    """The columns where a band's board has a place."""
    return (board | board >> 9 | board >> 18) & FIELD


@njit(nogil=True, cache=True, inline="always")
def stacks_kept(columns0, columns1, columns2):
    """(per band, the columns the stacks' matchings keep), or all zero when a stack has no
    matching; from the columns where each band has a place."""
    kept0 = kept1 = kept2 = 0
    for stack in range(3):
        shift = 3 * stack
        matched = MATCHED[(columns0 >> shift) & 7 | ((columns1 >> shift) & 7) << 3
                          | ((columns2 >> shift) & 7) << 6]
        if matched == 0:
            return 0, 0, 0
        kept0 |= (matched & 7) << shift
        kept1 |= ((matched >> 3) & 7) << shift
        kept2 |= ((matched >> 6) & 7) << shift
    return kept0, kept1, kept2


@njit(nogil=True, cache=True, inline="always")
def alone_in_rows(board):
    """The places that are alone in their row of the band."""
    return (ALONE_IN_FIELD[board & FIELD] | ALONE_IN_FIELD[(board >> 9) & FIELD] << 9
            | ALONE_IN_FIELD[board >> 18] << 18)


@njit(nogil=True, cache=True, inline="always")
def columns_twice(board):
    """The columns where a band's board has two places or more."""
    row0, row1, row2 = board & FIELD, (board >> 9) & FIELD, board >> 18
    return (row0 & row1) | ((row0 | row1) & row2)
