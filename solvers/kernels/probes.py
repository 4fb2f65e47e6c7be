"""Knuth's random probes (numba) through the real search kernels, for estimates before solving.

A probe walks one random path from the root down: at each node the kernel itself chooses the
item to branch on and lists the children (so the tree probed is exactly the tree the search
walks, pruning and symmetry breaking included); the probe takes one child uniformly at random.
With c_0, c_1, ... the numbers of children along the path, the products P_d = c_0 ... c_{d-1}
are unbiased estimates of the number of nodes at depth d; their sum estimates the tree's size,
and at a solution the product estimates the number of solutions (Knuth 1975).

How a kernel is driven one node at a time: from phase ENTER at depth d, a run with a budget of
one node enters node d, lists its children, takes the first and stops entering d + 1. Its
`depth_stats[d, 1]` grew by the number of children and its solution counter by the solutions
among them (children that complete the tiling are leaves, checked at once) and by the node's
own (the general kernel's: its open copies all left off the board), which count as its
product times, like leaves. The solution buffer has room for every solution a probe finds
(Prober.widest), so a step never stops early at a full buffer. To take child j
instead of the first, the driver swaps entries 1 and j of the node's branch list and runs the
kernel from phase NEXT with a budget of none: it undoes the first child and takes the second,
child j. At the last level every child is a leaf: the probe counts the canonical ones found
(what a uniform pick of one would give on average, without its variance).

A probe that reaches depth `subtree_depth` searches the subtree below it to its end with the
kernel (at most `subtree_budget` nodes; past that, the kernel's own estimate of the part of the
subtree done scales what it found): the subtree's exact counts times the product so far are
still unbiased, and much less spread than a single path's, whose solutions are rare leaves
(pentominoes 6x10: one path in hundreds ends in a solution).

Every driver runs probes until `n_probes` are done or the solution buffer might overflow
(`record`: the canonical leaf solutions are kept with the product at their parent in
`leaf_weight`, for the caller to weigh by their orbits). Outputs per probe: `probe_nodes`
(nodes the kernel would enter) and `probe_solutions` (solutions, unweighted); `profile[d]`
adds up the products at depth d (the tree's estimated nodes at each depth, times the probes).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import bitboard, exact_cover, live_sets, sudoku
from .canonical_check import settle
from .exact_cover import (BUFFER_FULL, C_BUFFERED, C_DEPTH, C_NODES, C_PHASE, C_SOLUTIONS,
                          C_STATUS, ENTER, FINISHED, NEXT, RUNNING, _copy_row)


@njit(nogil=True, cache=True)
def _restart(counters, remaining, initial_remaining):
    """Back to the root: every piece to place, phase ENTER at depth 0."""
    for piece in range(remaining.shape[0]):  # not a slice assignment: see _copy_row
        remaining[piece] = initial_remaining[piece]
    counters[C_PHASE], counters[C_DEPTH], counters[C_STATUS] = ENTER, 0, RUNNING


@njit(nogil=True, cache=True)
def _room_left(counters, buffer_rows, widest, record):
    """Whether the solution buffer holds the most solutions one more probe can add."""
    return not record or counters[C_BUFFERED] + widest <= buffer_rows


@njit(nogil=True, cache=True)
def _keep_weights(counters, before, product, probe, leaf_weight, leaf_probe):
    """The product at their parent and the probe of the leaf solutions just buffered."""
    for k in range(before, counters[C_BUFFERED]):
        leaf_weight[k], leaf_probe[k] = product, probe


@njit(nogil=True, cache=True)
def _subtree_part(counters, fraction, weight, depth, fraction_before, status_finished):
    """The part of the subtree at `depth` searched since `fraction_before` (1 when done)."""
    if status_finished:
        return 1.0
    part = (fraction[0] - fraction_before) / weight[depth]
    return min(1.0, max(part, 1e-12))


@njit(nogil=True, cache=True)
def probe_exact_cover(masks, row_piece, full, restricted_piece, images, check_start, check_syms,
                      allowed, check, counters, fraction, live, level_start, branch, branch_start,
                      branch_len, branch_pos, path, weight, occupied, planes, overflow, piece_live,
                      remaining, depth_stats, solution_buffer, record, scratch, candidates,
                      neighbours, piece_sizes, required, slack, absent_start, branch_piece,
                      spans, initial_remaining, seed, n_probes, widest,
                      probe_nodes, probe_solutions, leaf_weight, leaf_probe, profile,
                      subtree_depth, subtree_budget):
    """Probes through exact_cover.search; returns how many were made."""
    np.random.seed(seed)
    # the kernel's arguments as typed values: constants would compile the whole search kernel
    # again for each Literal[int] (up to four versions of it), beside the search's own
    zero, one = np.int64(0), np.int64(1)
    goal = path.shape[0]
    for probe in range(n_probes):
        if not _room_left(counters, solution_buffer.shape[0], widest, record):
            return probe
        _restart(counters, remaining, initial_remaining)
        branch_piece[:] = -1  # no level has branched yet (copies a range may leave off)
        product, nodes, found = 1.0, 0.0, 0.0
        depth = zero
        while True:
            profile[depth] += product
            if depth == subtree_depth:  # the rest of the subtree, searched
                for above in range(depth):  # nothing left to try above it
                    branch_pos[above] = branch_len[above]
                nodes_before, solutions_before = counters[C_NODES], counters[C_SOLUTIONS]
                buffered_before, fraction_before = counters[C_BUFFERED], fraction[0]
                status = BUFFER_FULL  # until the buffer is full of kept solutions
                while status == BUFFER_FULL and counters[C_BUFFERED] < solution_buffer.shape[0]:
                    budget_left = subtree_budget - (counters[C_NODES] - nodes_before)
                    status = exact_cover.search(masks, row_piece, full, check, counters, fraction,
                                                live, level_start, branch, branch_start,
                                                branch_len, branch_pos, path, weight, occupied,
                                                planes, overflow, piece_live, remaining,
                                                depth_stats, solution_buffer, record, budget_left,
                                                zero, candidates, neighbours, piece_sizes, required,
                                                slack, absent_start, branch_piece, spans)
                    settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                           check_start, check_syms, allowed, absent_start, scratch)
                scale = product / _subtree_part(counters, fraction, weight, depth,
                                                fraction_before, status == FINISHED)
                nodes += scale * (counters[C_NODES] - nodes_before)
                found += scale * (counters[C_SOLUTIONS] - solutions_before)
                if record:
                    _keep_weights(counters, buffered_before, scale, probe, leaf_weight,
                                  leaf_probe)
                break
            nodes += product
            children_before, solutions_before = depth_stats[depth, 1], counters[C_SOLUTIONS]
            buffered_before = counters[C_BUFFERED]
            exact_cover.search(masks, row_piece, full, check, counters, fraction, live,
                               level_start, branch, branch_start, branch_len, branch_pos, path,
                               weight, occupied, planes, overflow, piece_live, remaining,
                               depth_stats, solution_buffer, record, one, zero, candidates,
                               neighbours, piece_sizes, required, slack, absent_start,
                               branch_piece, spans)
            settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                   check_start, check_syms, allowed, absent_start, scratch)
            children = depth_stats[depth, 1] - children_before
            # the leaves among the children, or the node's own solution
            found += product * (counters[C_SOLUTIONS] - solutions_before)
            if record:
                _keep_weights(counters, buffered_before, product, probe, leaf_weight, leaf_probe)
            if children == 0 or depth + 1 == goal:
                break
            pick = np.random.randint(children)
            if pick > 0:
                first = branch_start[depth]
                branch[first + 1], branch[first + pick] = branch[first + pick], branch[first + 1]
                counters[C_PHASE], counters[C_DEPTH] = NEXT, depth
                exact_cover.search(masks, row_piece, full, check, counters, fraction, live,
                                   level_start, branch, branch_start, branch_len, branch_pos, path,
                                   weight, occupied, planes, overflow, piece_live, remaining,
                                   depth_stats, solution_buffer, record, zero, zero, candidates,
                                   neighbours, piece_sizes, required, slack, absent_start,
                                   branch_piece, spans)
                settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                       check_start, check_syms, allowed, absent_start, scratch)
            product *= children
            depth += 1
        probe_nodes[probe], probe_solutions[probe] = nodes, found
    return n_probes


@njit(nogil=True, cache=True)
def probe_live_sets(conflict, cover, piece_rows, row_piece, row_mask, full, restricted_piece,
                    images, check_start, check_syms, allowed, check, counters, fraction,
                    live, planes, overflow, present, occupied, remaining, branch, branch_start,
                    branch_len, branch_pos, path, weight, depth_stats, solution_buffer, record,
                    scratch, piece_words, nonzero, initial_remaining, seed, n_probes, widest,
                    probe_nodes, probe_solutions, leaf_weight, leaf_probe, profile, subtree_depth,
                    subtree_budget):
    """Probes through live_sets.search; returns how many were made."""
    np.random.seed(seed)
    zero, one = np.int64(0), np.int64(1)
    no_absent = np.int64(-1)  # absent_start: these kernels have no absent rows
    goal = path.shape[0]
    for probe in range(n_probes):
        if not _room_left(counters, solution_buffer.shape[0], widest, record):
            return probe
        _restart(counters, remaining, initial_remaining)
        product, nodes, found = 1.0, 0.0, 0.0
        depth = zero
        while True:
            profile[depth] += product
            if depth == subtree_depth:  # the rest of the subtree, searched
                for above in range(depth):  # nothing left to try above it
                    branch_pos[above] = branch_len[above]
                nodes_before, solutions_before = counters[C_NODES], counters[C_SOLUTIONS]
                buffered_before, fraction_before = counters[C_BUFFERED], fraction[0]
                status = BUFFER_FULL  # until the buffer is full of kept solutions
                while status == BUFFER_FULL and counters[C_BUFFERED] < solution_buffer.shape[0]:
                    budget_left = subtree_budget - (counters[C_NODES] - nodes_before)
                    status = live_sets.search(conflict, cover, piece_rows, row_piece, row_mask,
                                              full, check, counters, fraction, live, planes,
                                              overflow, present, occupied, remaining, branch,
                                              branch_start, branch_len, branch_pos, path, weight,
                                              depth_stats, solution_buffer, record, budget_left,
                                              zero, piece_words, nonzero)
                    settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                           check_start, check_syms, allowed, no_absent, scratch)
                scale = product / _subtree_part(counters, fraction, weight, depth,
                                                fraction_before, status == FINISHED)
                nodes += scale * (counters[C_NODES] - nodes_before)
                found = scale * (counters[C_SOLUTIONS] - solutions_before)
                if record:
                    _keep_weights(counters, buffered_before, scale, probe, leaf_weight,
                                  leaf_probe)
                break
            nodes += product
            children_before, solutions_before = depth_stats[depth, 1], counters[C_SOLUTIONS]
            buffered_before = counters[C_BUFFERED]
            live_sets.search(conflict, cover, piece_rows, row_piece, row_mask, full, check,
                             counters, fraction, live, planes, overflow, present, occupied,
                             remaining, branch, branch_start, branch_len, branch_pos, path, weight,
                             depth_stats, solution_buffer, record, one, zero, piece_words, nonzero)
            settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                   check_start, check_syms, allowed, no_absent, scratch)
            children = depth_stats[depth, 1] - children_before
            if children == 0 or depth + 1 == goal:
                found = product * (counters[C_SOLUTIONS] - solutions_before)
                if record:
                    _keep_weights(counters, buffered_before, product, probe, leaf_weight,
                                  leaf_probe)
                break
            pick = np.random.randint(children)
            if pick > 0:
                first = branch_start[depth]
                branch[first + 1], branch[first + pick] = branch[first + pick], branch[first + 1]
                counters[C_PHASE], counters[C_DEPTH] = NEXT, depth
                live_sets.search(conflict, cover, piece_rows, row_piece, row_mask, full, check,
                                 counters, fraction, live, planes, overflow, present, occupied,
                                 remaining, branch, branch_start, branch_len, branch_pos, path,
                                 weight, depth_stats, solution_buffer, record, zero, zero,
                                 piece_words, nonzero)
                settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                       check_start, check_syms, allowed, no_absent, scratch)
            product *= children
            depth += 1
        probe_nodes[probe], probe_solutions[probe] = nodes, found
    return n_probes


@njit(nogil=True, cache=True)
def probe_bitboard(cand_mask, cand_piece, cand_row, bucket_start, halo, pocket, expired, full,
                   neighbours, fillable, one_piece_below, row_piece, restricted_piece, images,
                   check_start, check_syms, allowed, check, counters, fraction, boards, remaining,
                   branch, branch_len, branch_pos, path, weight, depth_stats, solution_buffer,
                   record, scratch, region_limit, fit_bits, placed, memo, memo_unit,
                   initial_remaining, seed, n_probes, widest, probe_nodes, probe_solutions,
                   leaf_weight, leaf_probe, profile, subtree_depth, subtree_budget):
    """Probes through bitboard.search; returns how many were made."""
    np.random.seed(seed)
    zero, one = np.int64(0), np.int64(1)
    no_absent = np.int64(-1)  # absent_start: these kernels have no absent rows
    goal = path.shape[0]
    for probe in range(n_probes):
        if not _room_left(counters, solution_buffer.shape[0], widest, record):
            return probe
        _restart(counters, remaining, initial_remaining)
        product, nodes, found = 1.0, 0.0, 0.0
        depth = zero
        while True:
            profile[depth] += product
            if depth == subtree_depth:  # the rest of the subtree, searched
                for above in range(depth):  # nothing left to try above it
                    branch_pos[above] = branch_len[above]
                nodes_before, solutions_before = counters[C_NODES], counters[C_SOLUTIONS]
                buffered_before, fraction_before = counters[C_BUFFERED], fraction[0]
                status = BUFFER_FULL  # until the buffer is full of kept solutions
                while status == BUFFER_FULL and counters[C_BUFFERED] < solution_buffer.shape[0]:
                    budget_left = subtree_budget - (counters[C_NODES] - nodes_before)
                    status = bitboard.search(cand_mask, cand_piece, cand_row, bucket_start, halo,
                                             pocket, expired, full, neighbours, fillable,
                                             one_piece_below, row_piece, check, counters, fraction,
                                             boards, remaining, branch, branch_len, branch_pos,
                                             path, weight, depth_stats, solution_buffer, record,
                                             budget_left, zero, region_limit, fit_bits, placed,
                                             memo, memo_unit)
                    settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                           check_start, check_syms, allowed, no_absent, scratch)
                scale = product / _subtree_part(counters, fraction, weight, depth,
                                                fraction_before, status == FINISHED)
                nodes += scale * (counters[C_NODES] - nodes_before)
                found = scale * (counters[C_SOLUTIONS] - solutions_before)
                if record:
                    _keep_weights(counters, buffered_before, scale, probe, leaf_weight,
                                  leaf_probe)
                break
            nodes += product
            children_before, solutions_before = depth_stats[depth, 1], counters[C_SOLUTIONS]
            buffered_before = counters[C_BUFFERED]
            bitboard.search(cand_mask, cand_piece, cand_row, bucket_start, halo, pocket, expired,
                            full, neighbours, fillable, one_piece_below, row_piece, check,
                            counters, fraction, boards, remaining, branch, branch_len, branch_pos,
                            path, weight, depth_stats, solution_buffer, record, one, zero,
                            region_limit, fit_bits, placed, memo, memo_unit)
            settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                   check_start, check_syms, allowed, no_absent, scratch)
            children = depth_stats[depth, 1] - children_before
            if children == 0 or depth + 1 == goal:
                found = product * (counters[C_SOLUTIONS] - solutions_before)
                if record:
                    _keep_weights(counters, buffered_before, product, probe, leaf_weight,
                                  leaf_probe)
                break
            pick = np.random.randint(children)
            if pick > 0:
                branch[depth, 1], branch[depth, pick] = branch[depth, pick], branch[depth, 1]
                counters[C_PHASE], counters[C_DEPTH] = NEXT, depth
                bitboard.search(cand_mask, cand_piece, cand_row, bucket_start, halo, pocket,
                                expired, full, neighbours, fillable, one_piece_below, row_piece,
                                check, counters, fraction, boards, remaining, branch, branch_len,
                                branch_pos, path, weight, depth_stats, solution_buffer, record,
                                zero, zero, region_limit, fit_bits, placed, memo, memo_unit)
                settle(counters, solution_buffer, record, restricted_piece, row_piece, images,
                       check_start, check_syms, allowed, no_absent, scratch)
            product *= children
            depth += 1
        probe_nodes[probe], probe_solutions[probe] = nodes, found
    return n_probes


@njit(nogil=True, cache=True)
def probe_sudoku(cand, solved, branch_cell, branch_left, branch_len, weight, queue, peers,
                 units, full, counters, fraction, solution_buffer, seed, n_probes, probe_nodes,
                 probe_solutions, profile, subtree_depth, subtree_budget):
    """Probes through sudoku.search (every node propagates singles, then branches on the
    open cell with the fewest candidates); returns how many were made. A node that completes
    the grid is itself the solution."""
    np.random.seed(seed)
    zero, one, no = np.int64(0), np.int64(1), np.bool_(False)  # typed, as above
    root = cand[0, :].copy()
    for probe in range(n_probes):
        _copy_row(root, cand, 0)
        counters[C_PHASE], counters[C_DEPTH], counters[C_STATUS] = ENTER, 0, RUNNING
        product, nodes, found = 1.0, 0.0, 0.0
        depth = zero
        while True:
            profile[depth] += product
            if depth == subtree_depth:  # the rest of the subtree, searched
                branch_left[:depth] = 0  # nothing left to try above it
                nodes_before, solutions_before = counters[C_NODES], counters[C_SOLUTIONS]
                fraction_before = fraction[0]
                status = sudoku.search(cand, solved, branch_cell, branch_left, branch_len,
                                       weight, queue, peers, units, full, counters, fraction,
                                       solution_buffer, no, subtree_budget, zero)
                scale = product / _subtree_part(counters, fraction, weight, depth,
                                                fraction_before, status == FINISHED)
                nodes += scale * (counters[C_NODES] - nodes_before)
                found = scale * (counters[C_SOLUTIONS] - solutions_before)
                break
            nodes += product
            solutions_before = counters[C_SOLUTIONS]
            sudoku.search(cand, solved, branch_cell, branch_left, branch_len, weight, queue, peers,
                          units, full, counters, fraction, solution_buffer, no, one, zero)
            if counters[C_SOLUTIONS] > solutions_before:
                found = product
                break
            if counters[C_DEPTH] != depth + 1 or counters[C_PHASE] != ENTER:
                break  # a contradiction: the kernel went back up
            cell = branch_cell[depth]
            values = branch_left[depth] | cand[depth + 1, cell]  # the first was taken
            children = branch_len[depth]
            pick = np.random.randint(children)
            for _ in range(pick):
                values &= values - np.uint64(1)
            cand[depth + 1, cell] = values & (~values + np.uint64(1))
            product *= children
            depth += 1
        probe_nodes[probe], probe_solutions[probe] = nodes, found
    return n_probes
