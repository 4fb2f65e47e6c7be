"""The "advanced" implications of Sudoku Explainer's Dynamic Forcing Chains (+) (numba): when
a dynamic run has nothing left to follow, the basic patterns (pointing / claiming, hidden
pair, naked pair, X-Wing) are looked for on the run's board; the first kind that finds any
whose pattern lost a candidate to the run turns their eliminations into off nodes, whose
parents are those lost candidates (the pattern's "rule parents").

Shares the run's arrays with logic_chains.propagate (see its glossary): `cands0` the board,
`cur` the run's board, `house_kind` 0 box, 1 row, 2 column, 3 diagonal per house, and
`crossings` the (house, house) pairs of the locked candidates in SE's scan order.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(nogil=True, cache=True)
def _bits(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(nogil=True, cache=True)
def _lost_in_cells(cands0, cur, n, cells, n_cells, digits, pool, top):
    """Parents: the candidates of `digits` (a bit set) the run removed from the cells."""
    for i in range(n_cells):
        cell = cells[i]
        gone = cands0[cell] & ~cur[cell] & digits
        for d in range(n):
            if gone >> d & 1 and top < pool.shape[0]:
                pool[top] = 2 * (cell * n + d)
                top += 1
    return top


@njit(nogil=True, cache=True)
def _emit(n, removable, parents_start, top, reached, pstart, pcount, order, count, queue_off,
          tail_off):
    """Off nodes for the candidates in `removable` (cell -> bit set), sharing one parent list."""
    for cell in range(removable.shape[0]):
        mask = removable[cell]
        for d in range(n):
            if mask >> d & 1:
                q = 2 * (cell * n + d)
                if not reached[q]:
                    reached[q] = 1
                    pstart[q] = parents_start
                    pcount[q] = top - parents_start
                    order[count] = q
                    count += 1
                    queue_off[tail_off] = q
                    tail_off += 1
    return count, tail_off


@njit(nogil=True, cache=True)
def _positions(cur, house_cells, house, d, out):
    count = 0
    for j in range(house_cells.shape[1]):
        cell = house_cells[house, j]
        if cell >= 0 and cur[cell] >> d & 1:
            out[count] = cell
            count += 1
    return count


@njit(nogil=True, cache=True)
def _inside(house_cells, house, cell):
    for j in range(house_cells.shape[1]):
        if house_cells[house, j] == cell:
            return True
    return False


@njit(nogil=True, cache=True)
def _locking(cands0, cur, n, house_cells, crossings, removable, cells, other, state, out):
    """Pointing / claiming: a digit whose places in the first house all lie in the second."""
    found = False
    for k in range(crossings.shape[0]):
        first, second = crossings[k, 0], crossings[k, 1]
        for d in range(n):
            m = _positions(cur, house_cells, first, d, cells)
            if m < 2:
                continue
            inside = True
            for i in range(m):
                inside = inside and _inside(house_cells, second, cells[i])
            if not inside:
                continue
            removable[:] = 0
            wanted = False
            for i in range(_positions(cur, house_cells, second, d, other)):
                if not _inside(house_cells, first, other[i]):
                    removable[other[i]] |= 1 << d
                    wanted = True
            if wanted:
                found = _conclude(cands0, cur, n, house_cells[first], house_cells.shape[1],
                                  1 << d, removable, state, out) or found
    return found


@njit(nogil=True, cache=True)
def _hidden_pairs(cands0, cur, n, house_cells, removable, cells, state, out):
    found = False
    for h in range(house_cells.shape[0]):
        row = house_cells[h]
        if _empty(cands0, row) <= 4:
            continue
        for j in range(n):
            for i in range(j):
                pair = (1 << i) | (1 << j)
                places = 0
                for t in range(row.shape[0]):
                    if row[t] >= 0 and cur[row[t]] & pair:
                        if places < 2:
                            cells[places] = row[t]
                        places += 1
                if places != 2 or not (cur[cells[0]] | cur[cells[1]]) & (1 << i) \
                        or not (cur[cells[0]] | cur[cells[1]]) & (1 << j):
                    continue
                removable[:] = 0
                wanted = False
                for t in range(2):
                    if cur[cells[t]] & ~pair:
                        removable[cells[t]] = cur[cells[t]] & ~pair
                        wanted = True
                if wanted:
                    found = _conclude(cands0, cur, n, row, row.shape[0], pair, removable,
                                      state, out) or found
    return found


@njit(nogil=True, cache=True)
def _naked_pairs(cands0, cur, n, house_cells, removable, cells, state, out):
    found = False
    for h in range(house_cells.shape[0]):
        row = house_cells[h]
        open_cells = 0
        for t in range(row.shape[0]):
            if row[t] >= 0 and cur[row[t]]:
                open_cells += 1
        if open_cells < 4:
            continue
        for j in range(row.shape[0]):
            for i in range(j):
                c1, c2 = row[i], row[j]
                if c1 < 0 or c2 < 0 or not cur[c1] or not cur[c2]:
                    continue
                union = cur[c1] | cur[c2]
                if _bits(union) != 2:
                    continue
                removable[:] = 0
                wanted = False
                for t in range(row.shape[0]):
                    cell = row[t]
                    if cell >= 0 and cell != c1 and cell != c2 and cur[cell] & union:
                        removable[cell] = cur[cell] & union
                        wanted = True
                if wanted:
                    cells[0], cells[1] = c1, c2
                    found = _conclude(cands0, cur, n, cells, np.int64(2), (1 << n) - 1, removable,
                                      state, out) or found
    return found


@njit(nogil=True, cache=True)
def _x_wings(cands0, cur, n, house_cells, house_kind, removable, cells, other, state, out):
    """A digit with two places in each of two rows (columns), the same two columns (rows)."""
    found = False
    for base_kind in (1, 2):
        for d in range(n):
            for h2 in range(house_cells.shape[0]):
                for h1 in range(h2):
                    if house_kind[h1] != base_kind or house_kind[h2] != base_kind:
                        continue
                    if _positions(cur, house_cells, h1, d, cells) != 2 \
                            or _positions(cur, house_cells, h2, d, other) != 2:
                        continue
                    lines = np.zeros(2, np.int64)
                    same = True
                    for t in range(2):
                        a = cells[t] % n if base_kind == 1 else cells[t] // n
                        b = other[t] % n if base_kind == 1 else other[t] // n
                        same = same and a == b
                        lines[t] = a
                    if not same:
                        continue
                    removable[:] = 0
                    wanted = False
                    for t in range(2):
                        for s in range(n):
                            cell = s * n + lines[t] if base_kind == 1 else lines[t] * n + s
                            if cell != cells[t] and cell != other[t] and cur[cell] >> d & 1:
                                removable[cell] |= 1 << d
                                wanted = True
                    if not wanted:
                        continue
                    both = np.concatenate((house_cells[h1], house_cells[h2]))
                    found = _conclude(cands0, cur, n, both, both.shape[0], 1 << d, removable,
                                      state, out) or found
    return found


@njit(nogil=True, cache=True)
def _empty(cands0, row):
    count = 0
    for t in range(row.shape[0]):
        if row[t] >= 0 and cands0[row[t]]:
            count += 1
    return count


@njit(nogil=True, cache=True)
def _conclude(cands0, cur, n, cells, n_cells, digits, removable, state, out):
    """A pattern found: when the run removed some of its candidates (its parents), its
    eliminations become off nodes. state: top, count, tail_off; out: the run's arrays."""
    reached, pstart, pcount, pool, order, queue_off = out
    begin = state[0]
    top = _lost_in_cells(cands0, cur, n, cells, n_cells, digits, pool, begin)
    if top == begin:
        return False
    state[0] = top
    state[1], state[2] = _emit(n, removable, begin, top, reached, pstart, pcount, order,
                               state[1], queue_off, state[2])
    return True


@njit(nogil=True, cache=True)
def advanced(cands0, cur, n, house_cells, house_kind, crossings, reached, pstart, pcount, pool,
             top, order, count, queue_off, tail_off):
    """Adds the off nodes of the first rule that finds a pattern the run changed (see the
    module). Returns (top, count, tail_off)."""
    removable = np.zeros(cur.shape[0], np.int64)
    cells = np.empty(house_cells.shape[1], np.int64)
    other = np.empty(house_cells.shape[1], np.int64)
    state = np.array([top, count, tail_off], np.int64)
    out = (reached, pstart, pcount, pool, order, queue_off)
    if not _locking(cands0, cur, n, house_cells, crossings, removable, cells, other, state, out):
        if not _hidden_pairs(cands0, cur, n, house_cells, removable, cells, state, out):
            if not _naked_pairs(cands0, cur, n, house_cells, removable, cells, state, out):
                _x_wings(cands0, cur, n, house_cells, house_kind, removable, cells, other,
                         state, out)
    return state[0], state[1], state[2]
