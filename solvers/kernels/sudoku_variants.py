"""The resumable kernel (numba) for Sudoku variants of any size: jigsaw regions, the
diagonals of an X-Sudoku, killer cages. The classic kernel (`sudoku`) takes the plain grids;
this one reads its rules as tables, so any set of units and cages is searched the same way.
Its Python side is `solvers.search.sudoku_variants`; it stops after any node budget and resumes
exactly, with the counters of the other kernels.

Values are 1..n, 0 is an empty cell, cells are row-major; candidates are uint64 bit masks
(bit v-1 for value v), as in the classic kernel.

Glossary:
  unit        n cells holding every value once: a row, a column, a region, a diagonal;
              units[u] lists its cells. A value with one place left in a unit goes there
              (hidden single); a unit missing a value ends the branch.
  peers       peers[cell, :peer_count[cell]]: the cells that may not hold the same value
              (sharing a unit or a cage). A single's value leaves them (naked single).
  cage        cage_cells[c, :cage_size[c]] hold different values summing to cage_total[c].
              Cage pruning: with the fixed cells' sum taken off, the open cells' values must
              make the rest; a value v of an open cell stays only if the others can make the
              rest minus v, judged by the least and greatest sums they can reach (each cell's
              smallest or largest candidate, and the smallest or largest distinct values of
              their candidates together, whichever bound is tighter).
  weight      the product of 1/branching along the path to a node (Knuth's estimator).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .exact_cover import BUFFER_FULL, C_BUFFERED, C_DEPTH, C_NODES, C_PHASE, C_SOLUTIONS, \
    C_STATUS, ENTER, FINISHED, NEXT, RUNNING, _copy_row

__all__ = ["BUFFER_FULL", "search"]

ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(nogil=True, cache=True)
def _lowest_value(mask):
    value = 1
    while mask & ONE == ZERO:
        mask >>= ONE
        value += 1
    return value


@njit(nogil=True, cache=True)
def _highest_value(mask):
    value = 0
    while mask != ZERO:
        mask >>= ONE
        value += 1
    return value


@njit(nogil=True, cache=True)
def _extreme_sums(mask, count, n):
    """(sum of the `count` smallest values in mask, sum of the `count` largest); (-1, -1)
    when the mask holds fewer than `count` values."""
    low = taken = 0
    for value in range(1, n + 1):
        if taken == count:
            break
        if mask & (ONE << np.uint64(value - 1)):
            low += value
            taken += 1
    if taken < count:
        return -1, -1
    high = taken = 0
    for value in range(n, 0, -1):
        if taken == count:
            break
        if mask & (ONE << np.uint64(value - 1)):
            high += value
            taken += 1
    return low, high


@njit(nogil=True, cache=True)
def _restrict(cand, level, cell, allowed, queue, tail):
    """cand[level, cell] &= allowed. Returns (-1 on an empty cell, else 0 or 1: whether it
    became single, then queued), tail."""
    here = cand[level, cell]
    left = here & allowed
    if left == ZERO:
        return -1, tail
    if left == here:
        return 0, tail
    cand[level, cell] = left
    if left & (left - ONE) == ZERO:
        queue[tail] = cell
        return 1, tail + 1
    return 0, tail


@njit(nogil=True, cache=True)
def _prune_cage(cand, level, cage, cage_cells, cage_size, cage_total, n, queue, tail):
    """Cage-sum pruning on one cage. Returns (cells that became single or -1, changed?, tail)."""
    fixed_sum = open_count = low_each = high_each = 0
    union = ZERO
    for k in range(cage_size[cage]):
        here = cand[level, cage_cells[cage, k]]
        if here & (here - ONE) == ZERO:
            fixed_sum += _lowest_value(here)
        else:
            open_count += 1
            union |= here
            low_each += _lowest_value(here)
            high_each += _highest_value(here)
    rest = cage_total[cage] - fixed_sum
    if open_count == 0:
        return (-1 if rest != 0 else 0), False, tail
    low_all, high_all = _extreme_sums(union, open_count, n)
    if low_all < 0 or rest < max(low_all, low_each) or rest > min(high_all, high_each):
        return -1, False, tail
    low_others, high_others = _extreme_sums(union, open_count - 1, n)
    singles, changed = 0, False
    for k in range(cage_size[cage]):
        cell = cage_cells[cage, k]
        here = cand[level, cell]
        if here & (here - ONE) == ZERO:
            continue
        least = max(low_others, low_each - _lowest_value(here))
        most = min(high_others, high_each - _highest_value(here))
        allowed = ZERO
        for value in range(max(1, rest - most), min(n, rest - least) + 1):
            allowed |= ONE << np.uint64(value - 1)
        became, tail = _restrict(cand, level, cell, allowed, queue, tail)
        if became < 0:
            return -1, False, tail
        singles += became
        changed = changed or cand[level, cell] != here
    return singles, changed, tail


@njit(nogil=True, cache=True)
def _hidden_singles(cand, level, units, full, queue, tail):
    """Values with one place left in a unit go there. Returns (new singles or -1, tail)."""
    singles, size = 0, units.shape[1]
    for unit in range(units.shape[0]):
        once = twice = ZERO
        for k in range(size):
            here = cand[level, units[unit, k]]
            twice |= once & here
            once |= here
        if once != full:
            return -1, tail
        alone = once & ~twice
        if alone == ZERO:
            continue
        for k in range(size):
            cell = units[unit, k]
            here = cand[level, cell]
            hit = here & alone
            if hit != ZERO and hit != here:
                if hit & (hit - ONE) != ZERO:  # the only place for two values
                    return -1, tail
                cand[level, cell] = hit
                queue[tail] = cell
                tail += 1
                singles += 1
    return singles, tail


@njit(nogil=True, cache=True)
def _propagate(cand, level, queue, tail, solved, peers, peer_count, units, cage_cells,
               cage_size, cage_total, full):
    """Naked and hidden singles and cage sums to a fixed point on cand[level]; queue[:tail]
    holds the cells that became single and still have to leave their value to their peers.
    Returns the count of single cells, or -1 on a contradiction."""
    n = units.shape[1]
    head = 0
    while True:
        while head < tail:
            cell = queue[head]
            head += 1
            value = cand[level, cell]
            for k in range(peer_count[cell]):
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
        found, tail = _hidden_singles(cand, level, units, full, queue, tail)
        if found < 0:
            return -1
        solved += found
        if head < tail:
            continue
        changed = False
        for cage in range(cage_size.shape[0]):
            found, narrowed, tail = _prune_cage(cand, level, cage, cage_cells, cage_size,
                                                cage_total, n, queue, tail)
            if found < 0:
                return -1
            solved += found
            changed = changed or narrowed
        if head == tail and not changed:
            return solved


@njit(nogil=True, cache=True)
def _fewest_open(cand, level):
    """(cell, count) of the open cell with the fewest candidates (the first of equals)."""
    best, best_count = -1, 65
    for cell in range(cand.shape[1]):
        here = cand[level, cell]
        if here & (here - ONE) != ZERO:
            count = 0
            while here != ZERO:
                here &= here - ONE
                count += 1
            if count < best_count:
                best, best_count = cell, count
                if count == 2:
                    break
    return best, best_count


@njit(nogil=True, cache=True)
def _enter(depth, cand, solved, branch_cell, queue, rules):
    """Propagate the node at `depth`: the root from all its single cells, a child from its
    branch cell. Returns its count of single cells or -1."""
    peers, peer_count, units, cage_cells, cage_size, cage_total, full = rules
    if depth == 0:
        tail = 0
        for cell in range(cand.shape[1]):
            here = cand[0, cell]
            if here & (here - ONE) == ZERO:
                queue[tail] = cell
                tail += 1
        # np.int64 on every number, as in sudoku._enter: a literal (0, 1) or a count that
        # starts as one would type _propagate once per combination
        return _propagate(cand, np.int64(0), queue, np.int64(tail), np.int64(tail), peers,
                          peer_count, units, cage_cells, cage_size, cage_total, full)
    queue[0] = branch_cell[depth - 1]
    return _propagate(cand, np.int64(depth), queue, np.int64(1), np.int64(solved[depth - 1] + 1),
                      peers, peer_count, units, cage_cells, cage_size, cage_total, full)


@njit(nogil=True, cache=True)
def _record(cand, level, out, row):
    for cell in range(cand.shape[1]):
        out[row, cell] = _lowest_value(cand[level, cell])


@njit(nogil=True, cache=True)
def search(cand, solved, branch_cell, branch_left, branch_len, weight, queue, rules,
           counters, fraction, solution_buffer, record, node_budget, solution_limit):
    """Run for at most `node_budget` nodes from the saved phase and depth. `rules` is the tuple
    (peers, peer_count, units, cage_cells, cage_size, cage_total, full). Returns RUNNING
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
            singles = _enter(depth, cand, solved, branch_cell, queue, rules)
            if singles < 0:
                fraction[0] += weight[depth]
                depth -= 1
            elif singles == n_cells:
                counters[C_SOLUTIONS] += 1
                fraction[0] += weight[depth]
                if record:
                    _record(cand, depth, solution_buffer, counters[C_BUFFERED])
                    counters[C_BUFFERED] += 1
                depth -= 1
                if record and counters[C_BUFFERED] == solution_buffer.shape[0]:
                    status = BUFFER_FULL
                    break
                if 0 < solution_limit <= counters[C_SOLUTIONS]:
                    break
            else:
                solved[depth] = singles
                cell, count = _fewest_open(cand, depth)
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
