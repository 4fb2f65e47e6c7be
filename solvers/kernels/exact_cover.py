"""The general exact-cover search kernel (numba), resumable after any node budget.

Algorithm X over bitsets. Every search node owns a *live list*: the rows still compatible with
the placements on the path (no shared item, piece copies left). Entering a node filters its
parent's live list and, in the same pass, counts for every uncovered item how many live rows
cover it, in bit-sliced counters (NB bit planes per word, saturating), so the item with the
fewest options is found with a few word operations. Branching is on that item, or on a piece
type placed once whose live rows are fewer. An item with no live row ends the branch; on flat
boards of up to 64 cells, so does a region of free cells no remaining pieces can fill (checked
before the list is built).

All state is in arrays held by `ExactCoverSearch` (solvers.search.exact_cover); the kernel is a loop over two
phases (ENTER a node, take the NEXT child of a node) that can stop at any node and resume
exactly.

Secondary items (solvers.placements.secondary): only the `required` items are branched on;
the others may stay uncovered. A piece type with a range has `slack` copies it may leave off
the board, each by taking its absent row (a row from `absent_start` on, covering nothing).
Once every required item is covered, the copies still open are settled piece by piece: the
first piece type with copies left branches on its rows, each copy on a row after the one its
previous copy took in this phase (the absent row may repeat), so every set of rows is reached
once. A solution is a full path whose rows cover every required item. Where leaving the
open copies off would end the path (no other copies open that must be placed or could be),
that solution is the node's own, counted as its children are listed, not an absent child
entered: each set of monominoes on DemoPieceGenerator's optional cells cost two nodes, or
six when the chain of copies left off took one node each (7,819 nodes -> 1,763).

Glossary: R rows, W words per mask, T piece types, D = pieces to place = depth of a solution.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import lowest_bit as _lowest_bit
from .status import (BUFFER_FULL, C_BUFFERED, C_DEPTH, C_NODES, C_PHASE, C_SOLUTIONS,  # noqa: F401
    C_STATUS, C_UNCHECKED, ENTER, FINISHED, NB, NEXT, RUNNING)


@njit(nogil=True, cache=True, inline="always")
def _add_to_counters(masks, row, planes, overflow, level, low, high):
    """Add row `row`'s items to level `level`'s counters: its words low..high-1 (the others
    are zero)."""
    for w in range(low, high):
        carry = masks[row, w]
        for b in range(NB):
            carried = planes[level, b, w] & carry
            planes[level, b, w] ^= carry
            carry = carried
        overflow[level, w] |= carry


@njit(nogil=True, cache=True)
def _count_live(start, end, masks, row_piece, live, planes, overflow, piece_live,
                absent_start, spans):
    """Counters for the root live list, level 0 (children get theirs from _filter_and_count),
    each row over its words `spans[row]` (see `search`). `piece_live` counts real rows only,
    not absent ones."""
    planes[0, :, :] = 0
    overflow[0, :] = 0
    piece_live[0, :] = 0
    for position in range(start, end):
        row = live[position]
        if row < absent_start:
            piece_live[0, row_piece[row]] += 1
        _add_to_counters(masks, row, planes, overflow, 0, spans[row, 0], spans[row, 1])


@njit(nogil=True, cache=True, inline="always")
def _copy_row(source, target, row):
    """target[row, :] = source, written out: numba's slice assignment compiles a shape check
    with its error message (string formatting: about 3 s of a first compile)."""
    for i in range(source.shape[0]):
        target[row, i] = source[i]


@njit(nogil=True, cache=True, inline="always")
def _keep_solution(path, counters, solution_buffer, record, check):
    """Count the solution on `path`, buffered if `record`; with `check` it goes to the buffer
    uncounted, for the Python side's canonical check (solvers/search/canonical.py).
    True once the buffer is full."""
    if check:
        counters[C_UNCHECKED] += 1
    else:
        counters[C_SOLUTIONS] += 1
    if record or check:
        _copy_row(path, solution_buffer, counters[C_BUFFERED])
        counters[C_BUFFERED] += 1
        return counters[C_BUFFERED] == solution_buffer.shape[0]
    return False


@njit(nogil=True, cache=True, inline="always")
def _limit_reached(counters, solution_limit):
    """Whether `solution_limit` (0: none) solutions are found, counting the unchecked ones."""
    return 0 < solution_limit <= counters[C_SOLUTIONS] + counters[C_UNCHECKED]


@njit(nogil=True, cache=True)
def _regions_fillable(free, neighbours, piece_sizes, remaining):
    """False when some connected region of free cells has a size no sub-multiset of the
    remaining pieces adds up to (boards of at most 64 cells; `neighbours[i]` is the mask of
    cell i's neighbours). Cheap next to filtering a live list, and it ends dead branches
    before their list is built."""
    reachable = np.uint64(1)  # bit s: some remaining pieces add up to s cells
    for piece in range(piece_sizes.shape[0]):
        size = piece_sizes[piece]
        if size < 64:
            for _ in range(remaining[piece]):
                reachable |= reachable << np.uint64(size)
    while free != 0:
        frontier = free & (np.uint64(0) - free)
        free ^= frontier
        size = 0
        while frontier != 0:
            cell = _lowest_bit(frontier)
            frontier &= frontier - np.uint64(1)
            size += 1
            grown = neighbours[cell] & free
            free ^= grown
            frontier |= grown
        if size < 64 and (reachable >> np.uint64(size)) & np.uint64(1) == 0:
            return False
    return True


@njit(nogil=True, cache=True, inline="always")
def _filter_one_word(masks, row_piece, remaining, live, level_start, chosen, depth, planes,
                     overflow, piece_live, absent_start):
    """The filter of `search` for one-word masks, with the bit-sliced counters in registers.
    Returns the end of the child's list."""
    taken = masks[chosen, 0]
    plane0 = plane1 = plane2 = plane3 = spill = np.uint64(0)
    end = level_start[depth]
    for position in range(level_start[depth - 1], level_start[depth]):
        row = live[position]
        piece = row_piece[row]
        mask = masks[row, 0]
        if remaining[piece] == 0 or mask & taken != 0:
            continue
        live[end] = row
        end += 1
        if row < absent_start:
            piece_live[depth, piece] += 1
        carry = plane0 & mask
        plane0 ^= mask
        mask, carry = carry, plane1 & carry
        plane1 ^= mask
        mask, carry = carry, plane2 & carry
        plane2 ^= mask
        mask, carry = carry, plane3 & carry
        plane3 ^= mask
        spill |= carry
    planes[depth, 0, 0], planes[depth, 1, 0] = plane0, plane1
    planes[depth, 2, 0], planes[depth, 3, 0] = plane2, plane3
    overflow[depth, 0] = spill
    return end


@njit(nogil=True, cache=True, inline="always")
def _leave_off_the_rest(path, depth, live, level_start, remaining, row_piece, absent_start):
    """Write the absent row of every copy still open to path[depth:] (a piece type's absent
    row is live while it has copies left); returns where the path ends."""
    end = depth
    for position in range(level_start[depth], level_start[depth + 1]):
        row = live[position]
        if row >= absent_start:
            for _ in range(remaining[row_piece[row]]):
                path[end] = row
                end += 1
    return end


@njit(nogil=True, cache=True, inline="always")
def _rest_left_off(remaining, slack, piece_live, depth, piece):
    """Whether every piece type but `piece` with copies open may leave them all off the
    board and has no live real row: then leaving `piece`'s copies off ends the path."""
    for other in range(remaining.shape[0]):
        if other != piece and remaining[other] > 0 and (
                piece_live[depth, other] > 0 or remaining[other] > slack[other]):
            return False
    return True


@njit(nogil=True, cache=True)
def search(masks, row_piece, full, check, counters, fraction, live, level_start, branch,
           branch_start, branch_len, branch_pos, path, weight, occupied, planes, overflow,
           piece_live, remaining, depth_stats, solution_buffer, record, node_budget,
           solution_limit, candidates, neighbours, piece_sizes, required, slack, absent_start,
           branch_piece, spans):
    """Run the search for at most `node_budget` nodes from the saved phase and depth.
    `spans[row]` are the first word of a row's mask that is not zero and one past the last
    (0, 0 for none): a row is compared and counted over those words only, so a node costs
    its live rows times their few words, not times the board's words (2,048 dominoes on a
    64x64 board: 64 words a mask, 3,285 nodes a second).
    Returns RUNNING (budget used or solution_limit reached), BUFFER_FULL or FINISHED.

    The work of a node is written out in this loop rather than in helpers: numba brackets a
    call that LLVM does not inline with reference-count updates of every array argument,
    which cost more than the work of a small node. Entering node `depth`: (1) on flat boards,
    the region check; (2) filter the parent's live list against the row placed last, counting
    the survivors per item and per piece; (3) choose the item (or last-copy piece) with the
    fewest live rows and list its rows as the children."""
    goal = path.shape[0]
    n_words = masks.shape[1]
    n_types = remaining.shape[0]
    phase, depth = counters[C_PHASE], counters[C_DEPTH]
    budget_end = counters[C_NODES] + node_budget
    status = RUNNING
    while True:
        if phase == ENTER and depth == goal:
            covered = True
            for w in range(n_words):
                covered &= required[w] & ~occupied[depth, w] == 0
            full_buffer = covered and _keep_solution(path, counters, solution_buffer, record,
                                                     check)
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
            alive = True
            completed = full_buffer = False  # the node's own solution (copies left off)
            if depth > 0 and neighbours.shape[0] > 0:
                alive = _regions_fillable(full[0] & ~occupied[depth, 0], neighbours,
                                          piece_sizes, remaining)
            if alive and depth > 0:  # (2) the root's list is counted once, at the start
                chosen = path[depth - 1]
                for piece in range(n_types):  # loops, not slices: a view is refcounted
                    piece_live[depth, piece] = 0
                end = level_start[depth]
                if n_words == 1:  # boards of up to 64 cells: counters in registers
                    end = _filter_one_word(masks, row_piece, remaining, live, level_start,
                                           chosen, depth, planes, overflow, piece_live,
                                           absent_start)
                else:
                    for w in range(n_words):
                        overflow[depth, w] = 0
                        for b in range(NB):
                            planes[depth, b, w] = 0
                    chosen_low, chosen_high = spans[chosen, 0], spans[chosen, 1]
                    for position in range(level_start[depth - 1], level_start[depth]):
                        row = live[position]
                        piece = row_piece[row]
                        if remaining[piece] == 0:
                            continue
                        low, high = spans[row, 0], spans[row, 1]
                        clash = np.uint64(0)
                        for w in range(max(low, chosen_low), min(high, chosen_high)):
                            clash |= masks[row, w] & masks[chosen, w]
                        if clash != 0:
                            continue
                        live[end] = row
                        end += 1
                        if row < absent_start:
                            piece_live[depth, piece] += 1
                        _add_to_counters(masks, row, planes, overflow, depth, low, high)
                level_start[depth + 1] = end
            children = 0
            if alive:  # (3) uncovered items with no count bit set in the highest planes
                unsaturated = False
                for w in range(n_words):
                    candidates[w] = required[w] & ~occupied[depth, w] & ~overflow[depth, w]
                    unsaturated |= candidates[w] != 0
                if unsaturated:
                    for b in range(NB - 1, -1, -1):
                        low = False
                        for w in range(n_words):
                            low |= candidates[w] & ~planes[depth, b, w] != 0
                        if low:
                            for w in range(n_words):
                                candidates[w] &= ~planes[depth, b, w]
                else:
                    for w in range(n_words):
                        candidates[w] = required[w] & ~occupied[depth, w]
                item, count = -1, 1 << NB
                for w in range(n_words):
                    if candidates[w] != 0:
                        bit = _lowest_bit(candidates[w])
                        item = w * 64 + bit
                        if unsaturated:
                            count = 0
                            for b in range(NB):
                                count |= int((planes[depth, b, w] >> np.uint64(bit))
                                             & np.uint64(1)) << b
                        break
                best_piece, open_piece = -1, -1
                for piece in range(n_types):
                    if remaining[piece] > 0:
                        needed = remaining[piece] - slack[piece]
                        if open_piece < 0:
                            open_piece = piece
                        if needed > 0 and piece_live[depth, piece] == 0:
                            count = 0
                        elif (needed == 1 and remaining[piece] == 1
                              and piece_live[depth, piece] < count):
                            best_piece, count = piece, piece_live[depth, piece]
                branch_piece[depth] = -1
                real_live = 0
                if count > 0 and item < 0 and open_piece >= 0:  # all covered: rows left?
                    for piece in range(n_types):
                        real_live += piece_live[depth, piece]
                if count > 0 and item < 0 and open_piece >= 0 and real_live == 0:
                    # every required item covered and no real row fits: the copies still
                    # open all take their absent rows, one completion (a leaf, not a chain of
                    # one-child nodes: 144 of them per solution of SolidSixPieceBurrs)
                    end = _leave_off_the_rest(path, depth, live, level_start, remaining,
                                              row_piece, absent_start)
                    if end == goal and _keep_solution(path, counters, solution_buffer, record,
                                                      check):
                        status = BUFFER_FULL
                    fraction[0] += weight[depth]
                    depth_stats[depth, 0] += 1
                    depth, phase = depth - 1, NEXT
                    if status == BUFFER_FULL or _limit_reached(counters, solution_limit):
                        break
                    continue
                if count > 0 and item < 0 and open_piece >= 0:
                    # every required item covered: settle the open piece's copies in order
                    floor = -1
                    for d in range(depth - 1, -1, -1):
                        if branch_piece[d] == open_piece:
                            floor = path[d]
                            break
                    needed = remaining[open_piece] - slack[open_piece]
                    first = branch_start[depth]
                    ends_here = needed <= 0 and _rest_left_off(remaining, slack, piece_live,
                                                               depth, open_piece)
                    for position in range(level_start[depth], level_start[depth + 1]):
                        row = live[position]
                        if row_piece[row] != open_piece:
                            continue
                        if row >= absent_start:
                            take = needed <= 0 and row >= floor
                            if take and ends_here:  # the node's own solution, not a child
                                take = False
                                completed = True
                                end = _leave_off_the_rest(path, depth, live, level_start,
                                                          remaining, row_piece, absent_start)
                                full_buffer = end == goal and _keep_solution(
                                    path, counters, solution_buffer, record, check)
                        else:
                            take = row > floor
                        if take:
                            branch[first + children] = row
                            children += 1
                    branch_piece[depth] = open_piece
                    branch_len[depth] = children
                    branch_pos[depth] = 0
                    branch_start[depth + 1] = first + children
                elif count > 0 and (item >= 0 or best_piece >= 0):
                    word, bit = item >> 6, np.uint64(item & 63)
                    first = branch_start[depth]
                    for position in range(level_start[depth], level_start[depth + 1]):
                        row = live[position]
                        if best_piece >= 0:
                            take = row_piece[row] == best_piece
                        else:
                            take = (masks[row, word] >> bit) & np.uint64(1) != 0
                        if take:
                            branch[first + children] = row
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
            if completed and (full_buffer or _limit_reached(counters, solution_limit)):
                status = BUFFER_FULL if full_buffer else RUNNING
                break
        elif depth < 0:
            status = FINISHED
            fraction[0] = 1.0
            break
        else:  # take the next child of the node at `depth`, undoing the previous one
            position = branch_pos[depth]
            if position > 0:
                remaining[row_piece[path[depth]]] += 1
            if position == branch_len[depth]:
                depth -= 1
                continue
            row = branch[branch_start[depth] + position]
            branch_pos[depth] = position + 1
            path[depth] = row
            remaining[row_piece[row]] -= 1
            for w in range(n_words):
                occupied[depth + 1, w] = occupied[depth, w] | masks[row, w]
            weight[depth + 1] = weight[depth] / branch_len[depth]
            depth, phase = depth + 1, ENTER
    counters[C_PHASE], counters[C_DEPTH], counters[C_STATUS] = phase, depth, status
    return status
