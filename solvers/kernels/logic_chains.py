"""The implication engine of the chain techniques (numba): from an assumption about one
candidate, the candidates it forces on and off, as Sudoku Explainer's chaining does.

Glossary:
  candidate  c = cell * n + digit - 1; `cands[cell]` is the cell's bit set (bit digit - 1).
  node       2 * c + state: the candidate off (state 0) or on (1). Slot 2 * n_cand ("extra")
             holds the node that a contradiction creates but never stores.
  links      on -> off: a digit leaves the other digits of its cell (y-links, when enabled)
             and its places in the cell's houses; off -> on: the last other digit of a cell of
             two (y) or the last other place of the digit in a house of two places (x).
  static     links read the board as it is; dynamic: every off node leaves the board (in a
             copy) before the next is read, so more cells and houses come down to two; a node
             found so gets the earlier off nodes that made it (its "hidden" parents) as parents.
  run        one propagation: `reached[node]`, its parents (pstart, pcount into `pool`), and
             `order`, the nodes in the order they were found (SE's linked sets' order).
  complexity the count of distinct nodes a conclusion rests on (SE's ancestor count).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .logic_advanced import advanced


@njit(nogil=True, cache=True)
def popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(nogil=True, cache=True)
def _add_hidden_cell(cands0, cur, n, cell, pool, top):
    """The off nodes of the cell's digits that the run removed (dynamic): parents."""
    gone = cands0[cell] & ~cur[cell]
    for d in range(n):
        if gone >> d & 1:
            pool[top] = 2 * (cell * n + d)
            top += 1
    return top


@njit(nogil=True, cache=True)
def _add_hidden_house(cands0, cur, n, house_cells, house, d, pool, top):
    for k in range(house_cells.shape[1]):
        other = house_cells[house, k]
        if other >= 0 and (cands0[other] >> d & 1) and not (cur[other] >> d & 1):
            pool[top] = 2 * (other * n + d)
            top += 1
    return top


@njit(nogil=True, cache=True)
def propagate(cands0, n, house_cells, cell_houses, start, dynamic, ylinks, reached, pstart,
              pcount, pool, order, cur, queue_on, queue_off, level, house_kind, crossings):
    """One run from the node `start` (SE's doChaining: the pending on nodes first, one node at
    a time; with `level` 1, the advanced implications of logic_advanced when nothing is left
    to follow). Returns (nodes found, the candidate found both on and off or -1, the state of
    the conflicting node that lives in the extra slot, the pool's length used)."""
    n_cand = cands0.shape[0] * n
    extra = 2 * n_cand
    reached[:] = 0
    for cell in range(cands0.shape[0]):
        cur[cell] = cands0[cell]
    top = np.int64(0)  # not a literal: the helpers it feeds compile once
    count = 0
    reached[start] = 1
    pstart[start] = 0
    pcount[start] = 0
    order[count] = start
    count += 1
    head_on = tail_on = head_off = tail_off = 0
    if start & 1:
        queue_on[tail_on] = start
        tail_on += 1
    else:
        queue_off[tail_off] = start
        tail_off += 1
    made = np.empty(64, np.int64)
    made_start = np.empty(64, np.int64)
    made_count = np.empty(64, np.int64)
    while head_on < tail_on or head_off < tail_off:
        if head_on < tail_on:
            p = queue_on[head_on]
            head_on += 1
            c = p >> 1
            cell, d = c // n, c % n
            for step in range(2):
                if step == 0:
                    if not ylinks:
                        continue
                    targets = cur[cell] & ~(1 << d)
                    for e in range(n):
                        if targets >> e & 1:
                            q = 2 * (cell * n + e)
                            if reached[q + 1]:
                                pstart[extra] = top
                                pool[top] = p
                                top += 1
                                pcount[extra] = 1
                                return count, q >> 1, 0, top
                            if not reached[q]:
                                reached[q] = 1
                                pstart[q] = top
                                pool[top] = p
                                top += 1
                                pcount[q] = 1
                                order[count] = q
                                count += 1
                                queue_off[tail_off] = q
                                tail_off += 1
                else:
                    for k in range(cell_houses.shape[1]):
                        house = cell_houses[cell, k]
                        if house < 0:
                            continue
                        for j in range(house_cells.shape[1]):
                            other = house_cells[house, j]
                            if other < 0 or other == cell or not (cur[other] >> d & 1):
                                continue
                            q = 2 * (other * n + d)
                            if reached[q + 1]:
                                pstart[extra] = top
                                pool[top] = p
                                top += 1
                                pcount[extra] = 1
                                return count, q >> 1, 0, top
                            if not reached[q]:
                                reached[q] = 1
                                pstart[q] = top
                                pool[top] = p
                                top += 1
                                pcount[q] = 1
                                order[count] = q
                                count += 1
                                queue_off[tail_off] = q
                                tail_off += 1
        else:
            p = queue_off[head_off]
            head_off += 1
            c = p >> 1
            cell, d = c // n, c % n
            n_made = 0
            if ylinks and popcount(cur[cell]) == 2:
                other_digit = 0
                for e in range(n):
                    if e != d and (cur[cell] >> e & 1):
                        other_digit = e
                made[n_made] = 2 * (cell * n + other_digit) + 1
                made_start[n_made] = top
                pool[top] = p
                top += 1
                if dynamic:
                    top = _add_hidden_cell(cands0, cur, n, cell, pool, top)
                made_count[n_made] = top - made_start[n_made]
                n_made += 1
            for k in range(cell_houses.shape[1]):
                house = cell_houses[cell, k]
                if house < 0:
                    continue
                places = 0
                last = -1
                for j in range(house_cells.shape[1]):
                    other = house_cells[house, j]
                    if other >= 0 and (cur[other] >> d & 1):
                        places += 1
                        if other != cell:
                            last = other
                if places != 2 or last < 0:
                    continue
                q = 2 * (last * n + d) + 1
                seen = False
                for m in range(n_made):
                    if made[m] == q:
                        seen = True
                if seen:
                    continue
                made[n_made] = q
                made_start[n_made] = top
                pool[top] = p
                top += 1
                if dynamic:
                    top = _add_hidden_house(cands0, cur, n, house_cells, house, d, pool, top)
                made_count[n_made] = top - made_start[n_made]
                n_made += 1
            if dynamic:
                cur[cell] &= ~(1 << d)
            for m in range(n_made):
                q = made[m]
                if reached[q - 1]:
                    pstart[extra] = made_start[m]
                    pcount[extra] = made_count[m]
                    return count, q >> 1, 1, top
                if not reached[q]:
                    reached[q] = 1
                    pstart[q] = made_start[m]
                    pcount[q] = made_count[m]
                    order[count] = q
                    count += 1
                    queue_on[tail_on] = q
                    tail_on += 1
        if level > 0 and head_on == tail_on and head_off == tail_off:
            top, count, tail_off = advanced(cands0, cur, n, house_cells, house_kind, crossings,
                                            reached, pstart, pcount, pool, top, order, count,
                                            queue_off, tail_off)
    return count, -1, 0, top


@njit(nogil=True, cache=True)
def ancestors(node, identity, pstart, pcount, pool, mark, generation, stack, edges, limit):
    """The count of distinct nodes `node` rests on, itself included (`identity`: the node it
    stands for, for the extra slot). `mark` holds `generation` for the nodes counted; with
    `edges` of two columns (else a 0-row array) also writes the links parent -> child and
    returns their count as the second value. Stops as soon as the count passes `limit`."""
    mark[identity] = generation
    count = 1
    n_edges = 0
    stack[0] = node
    depth = 1
    while depth:
        depth -= 1
        child = stack[depth]
        name = identity if child == node else child
        for k in range(pstart[child], pstart[child] + pcount[child]):
            parent = pool[k]
            if n_edges < edges.shape[0]:
                edges[n_edges, 0] = parent
                edges[n_edges, 1] = name
                n_edges += 1
            if mark[parent] != generation:
                mark[parent] = generation
                count += 1
                if count > limit:
                    return count, n_edges
                stack[depth] = parent
                depth += 1
    return count, n_edges


@njit(nogil=True, cache=True)
def pool_size(n_cells, n):
    """Room for a run's parents: one per off node, up to n per on node, and the advanced
    nodes' shared lists."""
    return (2 * n_cells * n + 1) * (n + 1) * 2


def buffers(n_cells: int, n: int) -> tuple:
    """The arrays one run needs: reached, pstart, pcount, pool, order, cur, two queues."""
    n_nodes = 2 * n_cells * n + 1
    return (np.zeros(n_nodes, np.uint8), np.zeros(n_nodes, np.int64),
            np.zeros(n_nodes, np.int64), np.zeros(pool_size(n_cells, n), np.int64),
            np.zeros(n_nodes, np.int64), np.zeros(n_cells, np.int64),
            np.zeros(n_nodes, np.int64), np.zeros(n_nodes, np.int64))
