"""The resumable Sudoku kernel (numba) for any n x n grid with box_rows x box_cols boxes
(n = box_rows * box_cols, up to 64): it stops after any node budget and resumes exactly, like
the exact-cover kernel. Its Python side, `SudokuSearch`, is in `solvers.search.sudoku`; the
9x9 throughput path is `sudoku_batch`.

Values are 1..n, 0 is an empty cell, cells are row-major.

Glossary:
  candidates  cand[level, cell]: a uint64 bit mask of the values still possible, bit v-1
              for value v; a cell is *single* when one bit is left.
  unit        a row, column or box (units[u] lists its n cells); peers of a cell share one.
  level       the depth of a search node: cand[level] is its grid; a child copies its
              parent's grid and fixes the branch cell to one value.
  propagate   naked singles (a single's value leaves its peers) and hidden singles (a value
              with one place left in a unit goes there) to a fixed point; a cell without
              candidates or a unit missing a value ends the branch.
  branch      on the open cell with the fewest candidates, one child per candidate.
  weight      the product of 1/branching along the path to a node; the weights of finished
              leaves and dead ends add up to the fraction of the tree done (Knuth's estimator).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .exact_cover import BUFFER_FULL, C_BUFFERED, C_DEPTH, C_NODES, C_PHASE, C_SOLUTIONS, \
    C_STATUS, ENTER, FINISHED, NEXT, RUNNING, _copy_row

ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(nogil=True, cache=True)
def _propagate(cand, level, queue, tail, solved, peers, units, full):
    """Singles to a fixed point on cand[level]. queue[:tail] holds the cells that became
    single and still have to leave their value to their peers; `solved` counts single cells.
    Returns the count of single cells, or -1 on a contradiction."""
    n_cells, size = cand.shape[1], units.shape[1]
    head = 0
    while True:
        while head < tail:
            cell = queue[head]
            head += 1
            value = cand[level, cell]
            for k in range(peers.shape[1]):
                peer = peers[cell, k]
                left = cand[level, peer]
                if left & value:
                    left ^= value
                    if left == ZERO:
                        return -1
                    cand[level, peer] = left
                    if left & (left - ONE) == ZERO:
                        queue[tail] = peer
                        tail += 1
                        solved += 1
        if solved == n_cells:
            return solved
        for unit in range(units.shape[0]):
            once = twice = ZERO
            for k in range(size):
                here = cand[level, units[unit, k]]
                twice |= once & here
                once |= here
            if once != full:
                return -1
            alone = once & ~twice
            if alone == ZERO:
                continue
            for k in range(size):
                cell = units[unit, k]
                here = cand[level, cell]
                hit = here & alone
                if hit != ZERO and hit != here:
                    if hit & (hit - ONE) != ZERO:  # the only place for two values
                        return -1
                    cand[level, cell] = hit
                    queue[tail] = cell
                    tail += 1
                    solved += 1
        if head == tail:
            return solved


@njit(nogil=True, cache=True)
def _bit_count(mask):
    count = 0
    while mask != ZERO:
        mask &= mask - ONE
        count += 1
    return count


@njit(nogil=True, cache=True)
def _fewest_candidates(cand, level):
    """(cell, count) of the open cell with the fewest candidates (the first of equals)."""
    best, best_count = -1, 65
    for cell in range(cand.shape[1]):
        here = cand[level, cell]
        if here & (here - ONE) != ZERO:
            count = _bit_count(here)
            if count < best_count:
                best, best_count = cell, count
                if count == 2:
                    break
    return best, best_count


@njit(nogil=True, cache=True)
def _enter(depth, cand, solved, branch_cell, queue, peers, units, full):
    """Propagate the node at `depth`: the root starts from all its single cells, a child from
    its branch cell. Returns its count of single cells or -1."""
    if depth == 0:
        tail = 0
        for cell in range(cand.shape[1]):
            here = cand[0, cell]
            if here & (here - ONE) == ZERO:
                queue[tail] = cell
                tail += 1
        # np.int64 on every number: a literal (0, 1) or a count that starts as one would
        # type _propagate once per combination, each compiled on a first start
        return _propagate(cand, np.int64(0), queue, np.int64(tail), np.int64(tail), peers,
                          units, full)
    queue[0] = branch_cell[depth - 1]
    return _propagate(cand, np.int64(depth), queue, np.int64(1),
                      np.int64(solved[depth - 1] + 1), peers, units, full)


@njit(nogil=True, cache=True)
def _write_values(cand, level, out, row):
    for cell in range(cand.shape[1]):
        here, value = cand[level, cell], 1
        while here != ONE:
            here >>= ONE
            value += 1
        out[row, cell] = value


@njit(nogil=True, cache=True)
def search(cand, solved, branch_cell, branch_left, branch_len, weight, queue, peers, units,
           full, counters, fraction, solution_buffer, record, node_budget, solution_limit):
    """Run for at most `node_budget` nodes from the saved phase and depth. Returns RUNNING
    (budget used or solution_limit reached), BUFFER_FULL or FINISHED."""
    if counters[C_STATUS] == FINISHED:
        return FINISHED
    if record and counters[C_BUFFERED] >= solution_buffer.shape[0]:
        return BUFFER_FULL
    n_cells = cand.shape[1]
    phase, depth = counters[C_PHASE], counters[C_DEPTH]
    budget_end = counters[C_NODES] + node_budget
    status = RUNNING
    while True:
        if phase == ENTER:
            if counters[C_NODES] >= budget_end:
                break
            counters[C_NODES] += 1
            phase = NEXT
            singles = _enter(depth, cand, solved, branch_cell, queue, peers, units, full)
            if singles < 0:
                fraction[0] += weight[depth]
                depth -= 1
            elif singles == n_cells:
                counters[C_SOLUTIONS] += 1
                fraction[0] += weight[depth]
                if record:
                    _write_values(cand, depth, solution_buffer, counters[C_BUFFERED])
                    counters[C_BUFFERED] += 1
                depth -= 1
                if record and counters[C_BUFFERED] == solution_buffer.shape[0]:
                    status = BUFFER_FULL
                    break
                if 0 < solution_limit <= counters[C_SOLUTIONS]:
                    break
            else:
                solved[depth] = singles
                cell, count = _fewest_candidates(cand, depth)
                branch_cell[depth], branch_left[depth], branch_len[depth] = \
                    cell, cand[depth, cell], count
        elif depth < 0:
            status = FINISHED
            fraction[0] = 1.0
            break
        elif branch_left[depth] == ZERO:
            depth -= 1
        else:
            left = branch_left[depth]
            value = left & (~left + ONE)
            branch_left[depth] = left ^ value
            _copy_row(cand[depth], cand, depth + 1)  # no slice assignment: see _copy_row
            cand[depth + 1, branch_cell[depth]] = value
            weight[depth + 1] = weight[depth] / branch_len[depth]
            depth += 1
            phase = ENTER
    counters[C_PHASE], counters[C_DEPTH], counters[C_STATUS] = phase, depth, status
    return status
