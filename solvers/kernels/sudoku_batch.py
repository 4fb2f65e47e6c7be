"""The throughput path for 9x9 Sudoku: a non-resumable numba kernel that solves a whole batch
and proves each solution unique (it stops at a second solution).

A state is 30 int64 words: per-digit bit boards split into bands, and the placed cells. The
band tables and bit tricks are in `sudoku_bands`.

Glossary (see also `sudoku_bands`):
  board     board[digit * 3 + band]: the band's cells where the digit is placed or still
            possible. A placed cell stays only on its own digit's board.
  solved    state[SOLVED + band]: the band's placed cells.
  slot      a row of the state stack, one per open branch; the last alternative of a branch
            reuses its parent's slot, so a two-way branch copies the state once.
  changed   a 9-bit mask of digits whose boards changed since their hidden singles were sought.

At every node, naked singles (a cell with one candidate), hidden singles (a row or column
with one place for a digit) and the matchings of each digit's bands and stacks (locked
candidates, and the hidden singles of boxes) are applied to a fixed point; a cell without
candidate or a unit without place for a digit ends the branch. Branching is on the cell with
two candidates that has the most open peers, else on a cell with the fewest. A given is put
in by leaving its cell only its digit: the naked singles place it.

Written for throughput (bench/bench_sudoku_kernels.py measures a change against main's):
the helpers are inlined (numba does not inline a call to another compiled function, and
passes the state array to it as a structure); every function but `solve_many` runs without
reference counting (the inlined helpers took and dropped a reference to the state around
each placement); the hot loops avoid branches on the data where the work is cheap (a
mispredicted branch costs more than clearing a cell from all nine boards).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import count_bits, lowest_bit
from .sudoku_bands import (BAND_FULL, COLUMN_IN_BANDS, FIELD, PEERS_IN_BAND, ROW_SPREAD,
                           alone_in_rows, columns_twice, folded, matched_band, stacks_kept)

SOLVED = 27
STATE_WORDS = 30
SLOTS = 83  # at most 81 open branches, plus the root
# the root's slot, typed as every other slot: a literal 0 would compile each function that
# takes a slot twice (once for the root), doubling a first start's compile
ROOT = np.int64(0)


@njit(nogil=True, cache=True, inline="always")
def _place(state, slot, digit, band, cells):
    """Put `digit` on `cells` (a band mask of open cells). Returns the changed digits, or -1
    when one of the cells can no longer hold it or two of them share a unit."""
    base = digit * 3
    own = state[slot, base + band]
    peers = columns = 0
    rest = cells
    while rest:
        index = lowest_bit(rest)
        rest &= rest - 1
        peers |= PEERS_IN_BAND[index]
        columns |= COLUMN_IN_BANDS[index]
    if own & cells != cells or peers & cells:
        return -1
    changed = 1 << digit
    for other in range(9):  # the digit's own board too: it is written again below
        word = other * 3 + band
        board = state[slot, word]
        state[slot, word] = board & ~cells
        changed |= np.int64(board & cells != 0) << other
    for other_band in range(3):  # the own band too: written again below
        state[slot, base + other_band] &= ~columns
    state[slot, base + band] = own & ~peers
    state[slot, SOLVED + band] |= cells
    return changed


@njit(nogil=True, cache=True, inline="always")
def _naked_singles(state, slot):
    """Place every cell with one candidate left, until there is none. Returns the changed
    digits, or -1 when a cell has no candidate. A band where singles were placed is scanned
    again at once; the placements change the other bands only in the placed digits' columns,
    so a round is needed again only if a band after the first had singles."""
    changed = 0
    again = True
    while again:
        again = False
        band = 0
        while band < 3:
            free = ~state[slot, SOLVED + band] & BAND_FULL
            once = twice = 0
            for digit in range(9):
                board = state[slot, digit * 3 + band]
                twice |= once & board
                once |= board
            if free & ~once:
                return -1
            singles = once & ~twice & free
            if singles == 0:
                band += 1
                continue
            again |= band > 0
            while singles:
                index = lowest_bit(singles)
                singles &= singles - 1
                digit = 0  # the cell's one digit, found without a branch per digit
                for other in range(1, 9):
                    digit += other * (state[slot, other * 3 + band] >> index & 1)
                more = _place(state, slot, digit, band, np.int64(1) << index)
                if more < 0:
                    return -1
                changed |= more
    return changed


@njit(nogil=True, cache=True, inline="always")
def _digit_singles(state, slot, digit):
    """Narrow one digit's boards by the matchings of its bands and stacks, then place it
    where a row or column has one place left for it. Returns the changed digits, or -1 when
    a unit has no place."""
    base = digit * 3
    board0 = matched_band(state[slot, base])
    board1 = matched_band(state[slot, base + 1])
    board2 = matched_band(state[slot, base + 2])
    columns0, columns1, columns2 = folded(board0), folded(board1), folded(board2)
    kept0, kept1, kept2 = stacks_kept(columns0, columns1, columns2)
    board0 &= kept0 * ROW_SPREAD
    board1 &= kept1 * ROW_SPREAD
    board2 &= kept2 * ROW_SPREAD
    if board0 == 0 or board1 == 0 or board2 == 0:
        return -1
    narrowed = ((board0 ^ state[slot, base]) | (board1 ^ state[slot, base + 1])
                | (board2 ^ state[slot, base + 2]))
    changed = np.int64(narrowed != 0) << digit
    state[slot, base], state[slot, base + 1], state[slot, base + 2] = board0, board1, board2
    columns0, columns1, columns2 = kept0 & columns0, kept1 & columns1, kept2 & columns2
    twice = (columns_twice(board0) | columns_twice(board1) | columns_twice(board2)
             | (columns0 & columns1) | ((columns0 | columns1) & columns2))
    column_alone = (FIELD & ~twice) * ROW_SPREAD
    for band in range(3):
        board = board0 if band == 0 else board1 if band == 1 else board2
        cells = board & ~state[slot, SOLVED + band] & (alone_in_rows(board) | column_alone)
        if cells:
            more = _place(state, slot, digit, band, cells)
            if more < 0:
                return -1
            changed |= more
    return changed


@njit(nogil=True, cache=True, _nrt=False)
def _propagate(state, slot, changed):
    """Naked singles, then the singles and matchings of the changed digits, to a fixed
    point. False on a contradiction."""
    while True:
        more = _naked_singles(state, slot)
        if more < 0:
            return False
        changed |= more
        if changed == 0:
            return True
        pending, changed = changed, 0
        while pending:
            digit = lowest_bit(pending)
            pending &= pending - 1
            more = _digit_singles(state, slot, digit)
            if more < 0:
                return False
            changed |= more
            pending &= ~more  # their turn comes after the naked singles


@njit(nogil=True, cache=True, inline="always")
def _open_peers(state, slot, band, index):
    """How many empty cells share a unit with the cell: a guess there reaches far."""
    count = 0
    for other_band in range(3):
        free = ~state[slot, SOLVED + other_band] & BAND_FULL
        peers = PEERS_IN_BAND[index] if other_band == band else COLUMN_IN_BANDS[index]
        count += count_bits(free & peers)
    return count


@njit(nogil=True, cache=True, _nrt=False)
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
            score = _open_peers(state, slot, band, lowest_bit(bit))
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


@njit(nogil=True, cache=True, _nrt=False)
def _write_solution(state, slot, out):
    for band in range(3):
        for digit in range(9):
            board = state[slot, digit * 3 + band]
            while board:
                out[27 * band + lowest_bit(board)] = digit + 1
                board &= board - 1


@njit(nogil=True, cache=True, _nrt=False)
def _start(puzzle, state):
    """The root state: every cell open, a given's cell holding only its digit. The boards
    and the solved words first gather the givens (per digit, and all of them per band)."""
    for word in range(STATE_WORDS):
        state[0, word] = 0
    for cell in range(81):
        digit = puzzle[cell] - 1
        if digit >= 0:
            band, bit = cell // 27, 1 << (cell % 27)
            state[0, digit * 3 + band] |= bit
            state[0, SOLVED + band] |= bit
    for word in range(SOLVED):
        state[0, word] = BAND_FULL & ~(state[0, SOLVED + word % 3] & ~state[0, word])
    for band in range(3):
        state[0, SOLVED + band] = 0


@njit(nogil=True, cache=True, inline="always")
def _all_placed(state, slot):
    return state[slot, SOLVED] & state[slot, SOLVED + 1] & state[slot, SOLVED + 2] == BAND_FULL


@njit(nogil=True, cache=True, _nrt=False)
def _solve_one(puzzle, state, branch_cell, branch_left, out):
    """0, 1 or 2 (two or more) solutions; the first is written to `out`."""
    _start(puzzle, state)
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
                branch_cell[slot] = 27 * band + lowest_bit(bit)
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
        rest = left & (left - 1)
        branch_left[slot] = rest
        cell = branch_cell[slot]
        if rest:
            for word in range(STATE_WORDS):
                state[slot + 1, word] = state[slot, word]
            slot += 1
            branch_left[slot] = 0
        # a candidate of an open cell: the placement cannot fail
        changed = _place(state, slot, lowest_bit(left), cell // 27, np.int64(1) << (cell % 27))
        ok = _propagate(state, slot, changed)


@njit(nogil=True, cache=True)
def solve_many(puzzles, solutions, counts):
    """Solve every row of `puzzles` (k, 81) into `solutions` and `counts` (0, 1, 2+)."""
    state = np.zeros((SLOTS, STATE_WORDS), dtype=np.int64)
    branch_cell = np.zeros(SLOTS, dtype=np.int64)
    branch_left = np.zeros(SLOTS, dtype=np.int64)
    for p in range(puzzles.shape[0]):
        counts[p] = _solve_one(puzzles[p], state, branch_cell, branch_left, solutions[p])
