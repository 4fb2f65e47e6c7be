"""The live-set exact-cover kernel (numba), for boards of up to 64 items (cubes).

Algorithm X with the branching rule of the general kernel (exact_cover.py: the item, or the
piece placed once, with the fewest live rows) and the same resumable two-phase loop, but a
node's live rows are a bitset over all rows instead of a list. Entering a child:
  live = parent's live & ~(rows covering an item of the row just placed
                           | that piece's rows, once its last copy is placed)
a few dozen word operations, then one pass over the rows kept counts them per item, in
bit-sliced counters held in registers (NB planes, saturating), and per piece. The general
kernel instead tests every row of the parent's list and copies the survivors: a branch the
processor cannot predict per row. Mini Bedlam: see bench/bench_puzzles.py.

Memory: `cover`, one bitset over rows per item (Mini Bedlam: 64 items x 4188 rows, 34 KB),
`piece_rows` one per piece type, and one live set per depth.

Glossary: R rows, RW = ceil(R / 64) words of a live set, T piece types, K the most items a
row covers (`row_items` is padded with -1); items fit one word, so `full`, `masks[:, 0]`
and `occupied[depth]` are single uint64 bitsets, `row_mask` each row's items.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import count_bits
from .bits import lowest_bit as _lowest_bit
from .exact_cover import (BUFFER_FULL, C_DEPTH, C_NODES, C_PHASE, C_STATUS, ENTER, FINISHED, NB,
    NEXT, RUNNING, _keep_solution, _limit_reached)

ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(nogil=True, cache=True)
def count_root(live, masks, row_piece, planes, overflow, present):
    """The counters of level 0 from its live set."""
    planes[0, :] = 0
    overflow[0] = 0
    present[0] = 0
    for w in range(live.shape[1]):
        bits = live[0, w]
        while bits != ZERO:
            row = w * 64 + _lowest_bit(bits)
            bits &= bits - ONE
            present[0] |= ONE << np.uint64(row_piece[row])
            carry = masks[row, 0]
            for b in range(NB):
                carried = planes[0, b] & carry
                planes[0, b] ^= carry
                carry = carried
            overflow[0] |= carry


@njit(nogil=True, cache=True)
def search(conflict, cover, piece_rows, row_piece, row_mask, full, check, counters, fraction,
           live, planes, overflow, present, occupied, remaining, branch, branch_start,
           branch_len, branch_pos, path, weight, depth_stats, solution_buffer, record,
           node_budget, solution_limit, piece_words, nonzero):
    """Run the search for at most `node_budget` nodes from the saved phase and depth.
    Returns RUNNING (budget used or solution_limit reached), BUFFER_FULL or FINISHED.
    Written as one loop, without helper calls per node, for the reason given in
    exact_cover.search."""
    goal = path.shape[0]
    summary_words = nonzero.shape[1]
    n_types = remaining.shape[0]
    left = ZERO  # a bit for each piece type with a copy still to place
    for piece in range(n_types):
        if remaining[piece] > 0:
            left |= ONE << np.uint64(piece)
    phase, depth = counters[C_PHASE], counters[C_DEPTH]
    budget_end = counters[C_NODES] + node_budget
    status = RUNNING
    while True:
        if phase == ENTER and depth == goal:
            full_buffer = _keep_solution(path, counters, solution_buffer, record, check)
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
            if depth > 0:  # the live set left by the row placed last, and its counts
                chosen = path[depth - 1]
                placed = row_piece[chosen]
                exhausted = remaining[placed] == 0
                for sw in range(summary_words):  # words the parent has empty stay empty
                    stale = nonzero[depth, sw] & ~nonzero[depth - 1, sw]
                    while stale != ZERO:
                        live[depth, sw * 64 + _lowest_bit(stale)] = ZERO
                        stale &= stale - ONE
                plane0 = plane1 = plane2 = plane3 = spill = seen = ZERO
                for sw in range(summary_words):
                    words = nonzero[depth - 1, sw]
                    kept = ZERO
                    while words != ZERO:
                        at = _lowest_bit(words)
                        words &= words - ONE
                        w = sw * 64 + at
                        bits = live[depth - 1, w] & ~conflict[chosen, w]
                        if exhausted:
                            bits &= ~piece_rows[placed, w]
                        live[depth, w] = bits
                        kept |= np.uint64(bits != ZERO) << np.uint64(at)
                        while bits != ZERO:
                            row = w * 64 + _lowest_bit(bits)
                            bits &= bits - ONE
                            seen |= ONE << np.uint64(row_piece[row])
                            mask = row_mask[row]
                            carry = plane0 & mask
                            plane0 ^= mask
                            mask, carry = carry, plane1 & carry
                            plane1 ^= mask
                            mask, carry = carry, plane2 & carry
                            plane2 ^= mask
                            mask, carry = carry, plane3 & carry
                            plane3 ^= mask
                            spill |= carry
                    nonzero[depth, sw] = kept
                planes[depth, 0], planes[depth, 1] = plane0, plane1
                planes[depth, 2], planes[depth, 3] = plane2, plane3
                overflow[depth] = spill
                present[depth] = seen
            # the uncovered item, or piece placed once, with the fewest live rows: first
            # the items whose count has no bit in the highest planes (as exact_cover.search)
            free = full & ~occupied[depth]
            candidates = free & ~overflow[depth]
            if candidates != ZERO:
                for b in range(NB - 1, -1, -1):
                    if candidates & ~planes[depth, b] != ZERO:
                        candidates &= ~planes[depth, b]
            else:
                candidates = free
            best_item, best_piece, fewest = -1, -1, 1 << NB
            if candidates != ZERO:
                best_item = _lowest_bit(candidates)
                if free & ~overflow[depth] != ZERO:
                    fewest = 0
                    for b in range(NB):
                        fewest |= int((planes[depth, b] >> np.uint64(best_item)) & ONE) << b
            if left & ~present[depth] != ZERO:
                fewest = 0  # a piece still to place has no live row
            singles = left if fewest > 1 else ZERO
            while singles != ZERO:  # count a piece's rows only while it may beat `fewest`
                piece = _lowest_bit(singles)
                singles &= singles - ONE
                if remaining[piece] != 1:
                    continue
                count = 0
                for w in range(piece_words[piece, 0], piece_words[piece, 1]):
                    count += count_bits(live[depth, w] & piece_rows[piece, w])
                    if count >= fewest:
                        break
                if count < fewest:
                    best_piece, fewest = piece, count
            children = 0
            if fewest > 0 and (best_item >= 0 or best_piece >= 0):
                first = branch_start[depth]
                for sw in range(summary_words):
                    words = nonzero[depth, sw]
                    while words != ZERO:
                        w = sw * 64 + _lowest_bit(words)
                        words &= words - ONE
                        if best_piece >= 0:
                            bits = live[depth, w] & piece_rows[best_piece, w]
                        else:
                            bits = live[depth, w] & cover[best_item, w]
                        while bits != 0:
                            branch[first + children] = w * 64 + _lowest_bit(bits)
                            bits &= bits - ONE
                            children += 1
                branch_len[depth] = children
                branch_pos[depth] = 0
                branch_start[depth + 1] = first + children
            depth_stats[depth, 0] += 1
            depth_stats[depth, 1] += children
            if children == 0:
                fraction[0] += weight[depth]
                depth -= 1
            phase = NEXT
        elif depth < 0:
            status = FINISHED
            fraction[0] = 1.0
            break
        else:  # take the next child of the node at `depth`, undoing the previous one
            position = branch_pos[depth]
            if position > 0:
                piece = row_piece[path[depth]]
                remaining[piece] += 1
                left |= ONE << np.uint64(piece)
            if position == branch_len[depth]:
                depth -= 1
                continue
            row = branch[branch_start[depth] + position]
            branch_pos[depth] = position + 1
            path[depth] = row
            piece = row_piece[row]
            remaining[piece] -= 1
            if remaining[piece] == 0:
                left &= ~(ONE << np.uint64(piece))
            occupied[depth + 1] = occupied[depth] | row_mask[row]
            weight[depth + 1] = weight[depth] / branch_len[depth]
            depth, phase = depth + 1, ENTER
    counters[C_PHASE], counters[C_DEPTH], counters[C_STATUS] = phase, depth, status
    return status
