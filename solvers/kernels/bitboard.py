"""The bit-board search kernel (numba): fill the lowest empty cell, for boards of <= 64 cells.

The board is one uint64 word. Cells are renumbered for the kernel (*kernel order*) so that the
lowest empty cell sweeps across the board's short side first; every placement the search may
use becomes a *candidate* filed under its lowest cell and piece type. A node looks only at the
candidates of its lowest empty cell; those that fit (no shared cell, a copy of the piece left)
and cut off no unfillable island are its children.

Pruning, with what it saved (nodes, measured):
- islands: after a placement, flood the free regions touching it (`halo`), at most
  `region_limit` cells each. A region whose size no pieces add up to is dead, and so is one
  too small for two pieces that is no candidate of a piece left (meteor, all solutions:
  1.80M nodes -> 0.48M). Islands smaller than any piece that a candidate always cuts off
  (its `pocket`) are found before, while listing the candidates, by one word operation;
- the last pieces: a placement that leaves one piece copy must leave exactly one of its
  candidates free, one that leaves two a candidate at the lowest free cell and another for the
  rest (a hash table of the candidates' masks answers; meteor: 222,905 nodes -> 157,375);
- last start: once the sweep has passed the last cell where a piece still to place could
  start, the branch is dead. This is what lets the symmetry plan's restricted piece prune
  (pentominoes 6x10 distinct: 6.8M nodes -> 0.9M).

Remembered dead ends: a node with three piece copies left (`MEMO_COPIES_LEFT`) whose
candidates all fail is kept in `memo` under its board and pieces left; when another path
reaches the same node, it is known dead without being expanded. It still counts as a node
with no children, so the tree, its counts and its statistics are those of a search without
the memo. Meteor meets 72,755 such nodes, 31,666 of them distinct, and knows 36,781 dead from
the memo (a direct-mapped table forgets some). Three copies, because with the island checks
on a node with fewer is never dead: the last-pieces checks let through only children that
finish.

All state is in arrays held by `BitboardSearch` (solvers.search.bitboard); like the general kernel
(exact_cover.py) the loop has two phases, ENTER a node and take the NEXT child of a node, and
can stop at any node and resume exactly.

Glossary
- board: uint64, bit i set when kernel cell i is covered (kernel cells are exactly the
  board's cells).
- candidate k: a placement row the search may use, in kernel order: `cand_mask[k]` its cells,
  `cand_piece[k]` its piece type, `cand_row[k]` its row in the Placements.
- bucket (cell, piece): the candidates whose lowest cell is `cell`; `bucket_start` is the CSR
  over cell * T + piece.
- fit bits: per cell, bit sets over its candidates: those of each piece type, and those that
  cover each cell of the window above it. The candidates that fit a board are those of the
  pieces left less those covering a taken cell (meteor: 10% faster than testing each).
  A node works them out two 64-bit words at a time in registers, not in an array (meteor's
  99 candidates at a cell are two words; 0.91x the time of an array of words).
- last start of a piece type: the highest lowest cell of its candidates; `expired[cell]`
  has a bit for each piece type whose last start is below `cell`.
- left: a bit for each piece type with a copy still to place (`remaining` counts them);
  a node walks these bits rather than testing every type (meteor: 25% faster).
- halo[k]: the board cells next to candidate k and not in it: where an island can appear.
- pocket[k]: cells that, when still free as k is placed, are an island smaller than any
  piece (every cell below k's lowest is covered by then).
- island: a connected region of free cells; a flood fill that visits more than
  `region_limit` cells calls the region large, i.e. harmless.
- fillable: bit s of a uint64 is set when some of the pieces add up to s cells. It is
  worked out once for the whole set, a superset of what the pieces left reach (the same for
  sets of one size); per node it cost 8% of meteor's time.
- one_piece_below: twice the smallest piece: a region with fewer cells is one piece.
- memo: a direct-mapped table of (board, left_key) pairs, one row per slot, of nodes known
  dead (no rows: no memo). A later pair in the same slot replaces the earlier.
- left_key: the pieces left with their copies, packed into one word by `memo_unit` (a piece
  type's count times its unit, in bit fields too wide to carry into each other): with
  several copies of a type, two nodes can share a board and the set of types left but not
  their counts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import status
from .bits import lowest_bit as _lowest_bit, prefetch_row
from .exact_cover import (BUFFER_FULL, C_DEPTH, C_NODES, C_PHASE, C_STATUS, ENTER, FINISHED,
    NEXT, RUNNING, _keep_solution, _limit_reached)
from .status import C_REMEMBERED

ONE = np.uint64(1)
ZERO = np.uint64(0)
MEMO_COPIES_LEFT = 3  # the nodes `memo` keeps: see the module docstring


@njit(nogil=True, cache=True, inline="always")
def _flood(seed, free, big, neighbours, limit):
    """(size, region) of the free region around `seed`, grown one cell at a time; size -1
    (large) once it has more than `limit` cells or reaches `big`, cells known to be large."""
    region = seed
    frontier = seed
    size = 0
    while frontier != ZERO:
        at = _lowest_bit(frontier)
        frontier &= frontier - ONE
        size += 1
        grown = neighbours[at] & free & ~region
        region |= grown
        frontier |= grown
        if grown & big != ZERO or size > limit:
            return -1, region
    return size, region


HASH_MULTIPLIER = np.uint64(status.HASH_MULTIPLIER)


@njit(nogil=True, cache=True, inline="always")
def _slot(mask, shift):
    return (mask * HASH_MULTIPLIER) >> shift


@njit(nogil=True, cache=True, inline="always")
def _is_placement(region, pieces, table):
    """True when `region` is exactly a candidate of one of `pieces` (bits of piece types):
    how a region too small for two pieces can still be filled."""
    size = table.shape[1]
    slot = _slot(region, np.uint64(64 - _lowest_bit(np.uint64(size))))
    while table[0, slot] != ZERO:
        if table[0, slot] == region:
            return table[1, slot] & pieces != ZERO
        slot = (slot + ONE) & np.uint64(size - 1)
    return False


@njit(nogil=True, cache=True, inline="always")
def _pair_fills(free, placed_piece, left_after, remaining, bucket_start, cand_mask, table):
    """True when two candidates of the pieces left (`left_after`, once `placed_piece` is
    placed) cover exactly `free`: one at its lowest cell, the other the rest."""
    n_types = remaining.shape[0]
    low = _lowest_bit(free)
    pieces = left_after
    while pieces != ZERO:
        piece = _lowest_bit(pieces)
        pieces &= pieces - ONE
        copies = remaining[piece] - (1 if piece == placed_piece else 0)
        others = left_after if copies >= 2 else left_after & ~(ONE << np.uint64(piece))
        base = low * n_types + piece
        for k in range(bucket_start[base], bucket_start[base + 1]):
            if cand_mask[k] & ~free == ZERO and _is_placement(free & ~cand_mask[k], others, table):
                return True
    return False


@njit(nogil=True, cache=True, inline="always")
def _file_fitting(bits, first, branch, depth, fitting, pocket, board):
    """File candidate `first + i` for each bit i of `bits` at the node's `fitting` place in
    `branch`, keeping it (the count goes up) when no cell of its pocket is free."""
    while bits != ZERO:
        k = first + _lowest_bit(bits)
        bits &= bits - ONE
        branch[depth, fitting] = k
        fitting += (pocket[k] & ~board) == ZERO
    return fitting


@njit(nogil=True, cache=True, inline="always")
def _memo_slot(board, left_key, shift):
    """The slot of `memo` where the node (board, left_key) is kept."""
    return _slot(board ^ (left_key * HASH_MULTIPLIER), shift)


@njit(nogil=True, cache=True)
def _keep_found(path, counters, solution_buffer, record, check):
    """exact_cover._keep_solution as a call: inlined into `search` (code that runs once per
    solution), it made the search 4% slower (meteor, pentominoes 6x10: code layout)."""
    return _keep_solution(path, counters, solution_buffer, record, check)


@njit(nogil=True, cache=True, error_model="numpy")
def search(cand_mask, cand_piece, cand_row, bucket_start, halo, pocket, expired, full,
           neighbours, fillable, one_piece_below, row_piece, check, counters, fraction, boards,
           remaining, branch, branch_len, branch_pos, path, weight, depth_stats,
           solution_buffer, record, node_budget, solution_limit, region_limit, fit_bits, placed,
           memo, memo_unit):
    """Run for at most `node_budget` nodes from the saved phase and depth.

    Returns RUNNING (budget used or solution_limit reached), BUFFER_FULL or FINISHED.
    Expanding a node is written out here rather than in a helper: numba brackets a call that
    LLVM does not inline with reference-count updates of every array argument, which cost
    more than the work of a node."""
    n_types = remaining.shape[0]
    goal = path.shape[0]  # piece copies to place
    n_words = fit_bits.shape[2]
    window_mask = (ONE << np.uint64(fit_bits.shape[1] - n_types - 1)) - ONE
    left = ZERO  # piece types with a copy left, as bits
    left_key = ZERO
    for piece in range(n_types):
        if remaining[piece] > 0:
            left |= ONE << np.uint64(piece)
        left_key += np.uint64(remaining[piece]) * memo_unit[piece]
    memo_shift = np.uint64(64 - _lowest_bit(np.uint64(max(memo.shape[0], 1))))
    remembers = memo.shape[0] > 0
    slot = ZERO
    phase, depth = counters[C_PHASE], counters[C_DEPTH]
    budget_end = counters[C_NODES] + node_budget
    status = RUNNING
    while True:
        if phase == ENTER and boards[depth] == full:
            full_buffer = _keep_found(path, counters, solution_buffer, record, check)
            fraction[0] += weight[depth]
            depth, phase = depth - 1, NEXT
            if full_buffer:
                status = BUFFER_FULL
                break
            if _limit_reached(counters, solution_limit):
                break
        elif phase == ENTER:
            if counters[C_NODES] >= budget_end:
                break
            counters[C_NODES] += 1
            board = boards[depth]
            endgame = remembers and goal - depth == MEMO_COPIES_LEFT
            if endgame:
                slot = _memo_slot(board, left_key, memo_shift)
                if memo[slot, 0] == board and memo[slot, 1] == left_key:  # known dead
                    counters[C_REMEMBERED] += 1
                    branch_len[depth] = 0
                    branch_pos[depth] = 0
                    depth_stats[depth, 0] += 1
                    fraction[0] += weight[depth]
                    depth, phase = depth - 1, NEXT
                    continue
            cell = _lowest_bit(full & ~board)
            # the candidates of the lowest empty cell that fit, as bit sets: those of the
            # pieces left, less those covering a taken cell of the window above the cell
            fitting = 0
            pieces_left = left
            if pieces_left & expired[cell] != ZERO:
                pieces_left = ZERO  # the sweep has passed every place a piece left could go
            if pieces_left != ZERO:
                taken = ((board >> np.uint64(cell)) >> ONE) & window_mask
                first = bucket_start[cell * n_types]
                for word in range(0, n_words, 2):  # two words at a time, in registers
                    pair = word + 1 < n_words
                    low_bits, high_bits = ZERO, ZERO
                    pieces = pieces_left
                    while pieces != ZERO:
                        piece = _lowest_bit(pieces)
                        pieces &= pieces - ONE
                        low_bits |= fit_bits[cell, piece, word]
                        if pair:
                            high_bits |= fit_bits[cell, piece, word + 1]
                    covered = taken
                    while covered != ZERO:
                        above = n_types + 1 + _lowest_bit(covered)
                        covered &= covered - ONE
                        low_bits &= ~fit_bits[cell, above, word]
                        if pair:
                            high_bits &= ~fit_bits[cell, above, word + 1]
                    fitting = _file_fitting(low_bits, first + 64 * word, branch, depth, fitting,
                                            pocket, board)
                    fitting = _file_fitting(high_bits, first + 64 * word + 64, branch, depth,
                                            fitting, pocket, board)
            # keep those that leave no island the remaining pieces cannot fill
            children = 0
            for position in range(fitting):
                k = branch[depth, position]
                piece = cand_piece[k]
                left_after = left & ~(ONE << np.uint64(piece)) if remaining[piece] == 1 else left
                free = full & ~(board | cand_mask[k])
                if region_limit > 0 and 0 < goal - depth - 1 <= 2:  # the last one or two pieces
                    if (_is_placement(free, left_after, placed) if goal - depth == 2 else
                            _pair_fills(free, piece, left_after, remaining, bucket_start, cand_mask,
                                        placed)):
                        branch[depth, children] = k
                        children += 1
                    continue
                seeds = halo[k] & free
                big = ZERO
                while region_limit > 0 and seeds != ZERO:
                    size, region = _flood(seeds & ~(seeds - ONE), free, big, neighbours,
                                          region_limit)
                    seeds &= ~region
                    if size < 0:
                        big |= region
                        continue
                    if ((fillable >> np.uint64(size)) & ONE == ZERO or size < one_piece_below
                            and not _is_placement(region, left_after, placed)):
                        break
                else:  # no flood found a dead island
                    branch[depth, children] = k
                    children += 1
                    if remembers and goal - depth - 1 == MEMO_COPIES_LEFT:
                        # the child's memo row, read on entering it: from memory, not waited
                        # for there (meteor: 0.95x the time)
                        prefetch_row(memo, _memo_slot(board | cand_mask[k],
                                                      left_key - memo_unit[piece], memo_shift))
            branch_len[depth] = children
            branch_pos[depth] = 0
            depth_stats[depth, 0] += 1
            depth_stats[depth, 1] += children
            if children == 0:
                if endgame:
                    memo[slot, 0], memo[slot, 1] = board, left_key
                fraction[0] += weight[depth]
                depth -= 1
            phase = NEXT
        elif depth < 0:
            status = FINISHED
            fraction[0] = 1.0
            break
        else:
            # the next child of the node at `depth`, after undoing the previous child's piece
            position = branch_pos[depth]
            if position > 0:
                piece = row_piece[path[depth]]
                remaining[piece] += 1
                left |= ONE << np.uint64(piece)
                left_key += memo_unit[piece]
            if position == branch_len[depth]:
                depth -= 1
                continue
            k = branch[depth, position]
            branch_pos[depth] = position + 1
            path[depth] = cand_row[k]
            piece = cand_piece[k]
            remaining[piece] -= 1
            left_key -= memo_unit[piece]
            if remaining[piece] == 0:
                left &= ~(ONE << np.uint64(piece))
            boards[depth + 1] = boards[depth] | cand_mask[k]
            weight[depth + 1] = weight[depth] / branch_len[depth]
            depth, phase = depth + 1, ENTER
    counters[C_PHASE], counters[C_DEPTH], counters[C_STATUS] = phase, depth, status
    return status
