"""The throughput path for 9x9 Sudoku: a non-resumable numba kernel that solves a whole batch
and proves each solution unique (it stops at a second solution).

A state is 30 int64 words: per-digit bit boards split into bands, and the placed cells.

Glossary:
  band      three consecutive rows, 27 cells; cell = 27 * band + bit, bit = 9 * row + column
            (row within the band), so row-major cell order is kept.
  board     board[digit * 3 + band]: the band's cells where the digit is placed or still
            possible. A placed cell stays only on its own digit's board.
  solved    state[SOLVED + band]: the band's placed cells.
  field     nine bits of a band mask: one row of the band, or (once folded) one column.
  slot      a row of the state stack, one per open branch; the last alternative of a branch
            reuses its parent's slot, so a two-way branch copies the state once.
  changed   a 9-bit mask of digits whose boards changed since their hidden singles were sought.
  triad     the three cells where a row (or column) crosses a box.

At every node, naked singles (a cell with one candidate), hidden singles (a row, column or
box with one place for a digit) and locked candidates (a digit confined to one triad of a
line or a box leaves the rest of the box or line) are applied to a fixed point; a cell
without candidate or a unit without place for a digit ends the branch. Branching is on the
cell with two candidates that has the most open peers, else on a cell with the fewest.
"""

from __future__ import annotations

import numpy as np
from numba import njit

BAND_FULL = (1 << 27) - 1
FIELD = 511
BOX_COLUMNS = 0b001001001  # the first column of each box in a field
ROW_SPREAD = 1 | 1 << 9 | 1 << 18  # multiplying a field by it copies it to the band's 3 rows
SOLVED = 27
STATE_WORDS = 30
SLOTS = 83  # at most 81 open branches, plus the root
DE_BRUIJN = 0x077CB531
# the root's slot, typed as every other slot: a literal 0 would compile each function that
# takes a slot twice (once for the root), doubling a first start's compile
ROOT = np.int64(0)


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    peers = np.zeros(27, dtype=np.int64)  # same row or box within the band, not the cell
    columns = np.zeros(27, dtype=np.int64)  # the cell's column in every row of a band
    for bit in range(27):
        row, column = divmod(bit, 9)
        for other in range(27):
            other_row, other_column = divmod(other, 9)
            if other != bit and (other_row == row or other_column // 3 == column // 3):
                peers[bit] |= 1 << other
        columns[bit] = ROW_SPREAD << column
    index_of = np.zeros(32, dtype=np.int64)
    for bit in range(32):
        index_of[((DE_BRUIJN << bit) & 0xFFFFFFFF) >> 27] = bit
    return peers, columns, index_of


PEERS_IN_BAND, COLUMN_IN_BANDS, BIT_INDEX = _tables()


def _locked(triads: int) -> int:
    """Pointing and claiming on a 3x3 bit matrix of triads (bit 3 * line + box, set where
    the digit still has a place): a line with places in one box only empties that box's
    other lines; a box with places on one line only empties that line's other boxes. The
    rules are the same with lines and boxes swapped, so one table serves bands and stacks."""
    while True:
        before = triads
        for line in range(3):
            boxes = (triads >> 3 * line) & 7
            if boxes in (1, 2, 4):
                triads &= ~(boxes * 0b001001001) | boxes << 3 * line
        for box in range(3):
            lines = [line for line in range(3) if triads >> (3 * line + box) & 1]
            if len(lines) == 1:
                triads &= ~(7 << 3 * lines[0]) | 1 << (3 * lines[0] + box)
        if triads == before:
            return triads


def _triad_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    boxes_of_field = np.array([sum(1 << box for box in range(3) if field >> 3 * box & 7)
                               for field in range(512)], dtype=np.int64)
    locked = np.array([_locked(triads) for triads in range(512)], dtype=np.int64)
    cells_of = np.array([sum(7 << (9 * line + 3 * box) for line in range(3) for box in range(3)
                             if triads >> (3 * line + box) & 1) for triads in range(512)],
                        dtype=np.int64)
    return boxes_of_field, locked, cells_of


BOXES_OF_FIELD, LOCKED, CELLS_OF_TRIADS = _triad_tables()


@njit(nogil=True, cache=True)
def _index(bit):
    """Index of a single set bit below 2**32 (a de Bruijn multiplication)."""
    return BIT_INDEX[((bit * DE_BRUIJN) & 0xFFFFFFFF) >> 27]


@njit(nogil=True, cache=True)
def _place(state, slot, digit, band, index):
    """Put `digit` on cell `index` of `band`. Returns the changed digits."""
    bit = 1 << index
    changed = 1 << digit
    for other in range(9):
        word = other * 3 + band
        if other != digit and state[slot, word] & bit:
            state[slot, word] ^= bit
            changed |= 1 << other
    base = digit * 3
    for b in range(3):
        if b == band:
            state[slot, base + b] &= ~PEERS_IN_BAND[index]
        else:
            state[slot, base + b] &= ~COLUMN_IN_BANDS[index]
    state[slot, SOLVED + band] |= bit
    return changed


@njit(nogil=True, cache=True)
def _naked_singles(state, slot):
    """Place every cell with one candidate left, until there is none. Returns the changed
    digits, or -1 when a cell has no candidate."""
    changed = 0
    again = True
    while again:
        again = False
        for band in range(3):
            free = ~state[slot, SOLVED + band] & BAND_FULL
            if free == 0:
                continue
            once = twice = 0
            for digit in range(9):
                board = state[slot, digit * 3 + band]
                twice |= once & board
                once |= board
            if free & ~once:
                return -1
            singles = once & ~twice & free
            while singles:
                bit = singles & -singles
                singles ^= bit
                digit = 0
                while digit < 9 and state[slot, digit * 3 + band] & bit == 0:
                    digit += 1
                if digit == 9:  # an earlier single took its last candidate
                    return -1
                changed |= _place(state, slot, digit, band, _index(bit))
                again = True
    return changed


@njit(nogil=True, cache=True)
def _band_triads(board):
    return (BOXES_OF_FIELD[board & FIELD] | BOXES_OF_FIELD[(board >> 9) & FIELD] << 3
            | BOXES_OF_FIELD[board >> 18] << 6)


@njit(nogil=True, cache=True)
def _locked_candidates(board0, board1, board2):
    """One digit's boards after pointing and claiming, in the bands then in the stacks."""
    board0 &= CELLS_OF_TRIADS[LOCKED[_band_triads(board0)]]
    board1 &= CELLS_OF_TRIADS[LOCKED[_band_triads(board1)]]
    board2 &= CELLS_OF_TRIADS[LOCKED[_band_triads(board2)]]
    columns0 = (board0 | board0 >> 9 | board0 >> 18) & FIELD
    columns1 = (board1 | board1 >> 9 | board1 >> 18) & FIELD
    columns2 = (board2 | board2 >> 9 | board2 >> 18) & FIELD
    for stack in range(3):
        shift = 3 * stack
        triads = ((columns0 >> shift) & 7 | ((columns1 >> shift) & 7) << 3
                  | ((columns2 >> shift) & 7) << 6)
        gone = triads & ~LOCKED[triads]  # line = band, box = column of the stack
        if gone:
            board0 &= ~(((gone & 7) << shift) * ROW_SPREAD)
            board1 &= ~((((gone >> 3) & 7) << shift) * ROW_SPREAD)
            board2 &= ~((((gone >> 6) & 7) << shift) * ROW_SPREAD)
    return board0, board1, board2


@njit(nogil=True, cache=True)
def _band_units(board):
    """For one digit's board in one band: (no unit is empty, cells that are alone in their
    row or box, columns with a place, columns with two places or more)."""
    row0, row1, row2 = board & FIELD, (board >> 9) & FIELD, board >> 18
    if row0 == 0 or row1 == 0 or row2 == 0:
        return False, 0, 0, 0
    alone = 0
    if row0 & (row0 - 1) == 0:
        alone |= FIELD
    if row1 & (row1 - 1) == 0:
        alone |= FIELD << 9
    if row2 & (row2 - 1) == 0:
        alone |= FIELD << 18
    once = row0 | row1 | row2
    twice = (row0 & row1) | ((row0 | row1) & row2)
    x0, x1, x2 = once & BOX_COLUMNS, (once >> 1) & BOX_COLUMNS, (once >> 2) & BOX_COLUMNS
    box_once = x0 | x1 | x2
    if box_once != BOX_COLUMNS:
        return False, 0, 0, 0
    box_twice = (((twice | (twice >> 1) | (twice >> 2)) & BOX_COLUMNS)
                 | (x0 & x1) | ((x0 | x1) & x2))
    alone |= ((box_once & ~box_twice) * 7) * ROW_SPREAD
    return True, alone, once, twice


@njit(nogil=True, cache=True)
def _place_all(state, slot, digit, band, cells):
    """Place `digit` on each of `cells` (a band mask). -1 when one is no longer possible."""
    changed = 0
    while cells:
        bit = cells & -cells
        cells ^= bit
        if state[slot, digit * 3 + band] & bit == 0:
            return -1
        if state[slot, SOLVED + band] & bit == 0:
            changed |= _place(state, slot, digit, band, _index(bit))
    return changed


@njit(nogil=True, cache=True)
def _hidden_singles(state, slot, digit):
    """Remove the digit's locked candidates, then place it where a row, column or box has
    one place left for it. Returns the changed digits, or -1 when a unit has no place."""
    base = digit * 3
    changed = 0
    board0, board1, board2 = _locked_candidates(state[slot, base], state[slot, base + 1],
                                                state[slot, base + 2])
    if (board0 != state[slot, base] or board1 != state[slot, base + 1]
            or board2 != state[slot, base + 2]):
        state[slot, base], state[slot, base + 1], state[slot, base + 2] = board0, board1, board2
        changed = 1 << digit
    ok0, alone0, once0, twice0 = _band_units(board0)
    ok1, alone1, once1, twice1 = _band_units(board1)
    ok2, alone2, once2, twice2 = _band_units(board2)
    once = once0 | once1 | once2
    if not (ok0 and ok1 and ok2) or once != FIELD:
        return -1
    twice = twice0 | twice1 | twice2 | (once0 & once1) | ((once0 | once1) & once2)
    column_alone = (once & ~twice) * ROW_SPREAD
    for band, board, alone in ((0, board0, alone0), (1, board1, alone1), (2, board2, alone2)):
        cells = board & ~state[slot, SOLVED + band] & (alone | column_alone)
        if cells:
            more = _place_all(state, slot, digit, band, cells)
            if more < 0:
                return -1
            changed |= more
    return changed


@njit(nogil=True, cache=True)
def _propagate(state, slot, changed):
    """Naked singles, then hidden singles and locked candidates of the changed digits, to a
    fixed point. False on a contradiction."""
    while True:
        more = _naked_singles(state, slot)
        if more < 0:
            return False
        changed |= more
        if changed == 0:
            return True
        pending, changed = changed, 0
        while pending:
            digit = _index(pending & -pending)
            pending &= pending - 1
            more = _hidden_singles(state, slot, digit)
            if more < 0:
                return False
            changed |= more
            pending &= ~more  # their turn comes after the naked singles


@njit(nogil=True, cache=True)
def _popcount(x):
    """Set bits of a 32-bit value (the usual SWAR sums)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return (x * 0x01010101 & 0xFFFFFFFF) >> 24


@njit(nogil=True, cache=True)
def _open_peers(state, slot, band, index):
    """How many empty cells share a unit with the cell: a guess there reaches far."""
    count = 0
    for b in range(3):
        free = ~state[slot, SOLVED + b] & BAND_FULL
        count += _popcount(free & (PEERS_IN_BAND[index] if b == band else COLUMN_IN_BANDS[index]))
    return count


@njit(nogil=True, cache=True)
def _choose_cell(state, slot):
    """(band, bit) of an open cell with two candidates and the most open peers, else of one
    with the fewest candidates."""
    best_band, best_bit, best_score = -1, 0, -1
    for band in range(3):
        free = ~state[slot, SOLVED + band] & BAND_FULL
        once = twice = thrice = 0
        for digit in range(9):
            board = state[slot, digit * 3 + band]
            thrice |= twice & board
            twice |= once & board
            once |= board
        pairs = twice & ~thrice & free
        while pairs:
            bit = pairs & -pairs
            pairs ^= bit
            score = _open_peers(state, slot, band, _index(bit))
            if score > best_score:
                best_band, best_bit, best_score = band, bit, score
    if best_band >= 0:
        return best_band, best_bit
    best_count = 10
    for band in range(3):
        free = ~state[slot, SOLVED + band] & BAND_FULL
        while free:
            bit = free & -free
            free ^= bit
            count = 0
            for digit in range(9):
                if state[slot, digit * 3 + band] & bit:
                    count += 1
            if count < best_count:
                best_band, best_bit, best_count = band, bit, count
    return best_band, best_bit


@njit(nogil=True, cache=True)
def _write_solution(state, slot, out):
    for band in range(3):
        for digit in range(9):
            board = state[slot, digit * 3 + band]
            while board:
                bit = board & -board
                board ^= bit
                out[27 * band + _index(bit)] = digit + 1


@njit(nogil=True, cache=True)
def _start(puzzle, state):
    """The root state from the givens; False when two givens conflict."""
    for word in range(STATE_WORDS):
        state[0, word] = BAND_FULL if word < SOLVED else 0
    for cell in range(81):
        digit = int(puzzle[cell]) - 1
        if digit >= 0:
            band, index = cell // 27, cell % 27
            if state[0, digit * 3 + band] & (1 << index) == 0:
                return False
            _place(state, ROOT, digit, band, index)
    return True


@njit(nogil=True, cache=True)
def _all_placed(state, slot):
    return state[slot, SOLVED] & state[slot, SOLVED + 1] & state[slot, SOLVED + 2] == BAND_FULL


@njit(nogil=True, cache=True)
def _solve_one(puzzle, state, branch_cell, branch_left, out):
    """0, 1 or 2 (two or more) solutions; the first is written to `out`."""
    if not _start(puzzle, state):
        return 0
    count, slot = 0, ROOT
    branch_left[0] = 0
    ok = _propagate(state, ROOT, np.int64(FIELD))
    while True:
        if ok:
            if _all_placed(state, slot):
                count += 1
                if count == 1:
                    _write_solution(state, slot, out)
                else:
                    return count
            else:
                band, bit = _choose_cell(state, slot)
                branch_cell[slot] = 27 * band + _index(bit)
                left = 0
                for digit in range(9):
                    if state[slot, digit * 3 + band] & bit:
                        left |= 1 << digit
                branch_left[slot] = left
        while slot >= 0 and branch_left[slot] == 0:
            slot -= 1
        if slot < 0:
            return count
        left = branch_left[slot]
        low = left & -left
        branch_left[slot] = left ^ low
        cell = branch_cell[slot]
        if left ^ low:
            for word in range(STATE_WORDS):
                state[slot + 1, word] = state[slot, word]
            slot += 1
            branch_left[slot] = 0
        changed = _place(state, slot, _index(low), cell // 27, cell % 27)
        ok = _propagate(state, slot, changed)


@njit(nogil=True, cache=True)
def solve_many(puzzles, solutions, counts):
    """Solve every row of `puzzles` (k, 81) into `solutions` and `counts` (0, 1, 2+)."""
    state = np.zeros((SLOTS, STATE_WORDS), dtype=np.int64)
    branch_cell = np.zeros(SLOTS, dtype=np.int64)
    branch_left = np.zeros(SLOTS, dtype=np.int64)
    for p in range(puzzles.shape[0]):
        counts[p] = _solve_one(puzzles[p], state, branch_cell, branch_left, solutions[p])
