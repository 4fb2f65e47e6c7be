"""Sudoku Explainer's forcing chains over the implication engine (numba): Nishio, multiple
(cell and region) and dynamic forcing chains, the easiest conclusion of one scan.

A scan visits the empty cells in row-major order and, in each, every digit: the run from
the digit on and (for contradictions and double implications) from it off. Conclusions, in
SE's order of discovery:
  kind 0  the digit on leads to a contradiction: it is off
  kind 1  the digit off leads to a contradiction: it is on (placed)
  kind 2  on and off both force the same node (double forcing chain)
  kind 3  every place of the digit in a house of the cell forces the same node (region)
  kind 4  every digit of the cell forces the same node (cell forcing chains)
The easiest is the one of least complexity (its rating grows with it), then of least SE
sort key, then found first. `best` gets: complexity, sort key, kind, target node, source
cell, digit (0-based), house (kind 3), order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .logic_chains import ancestors, pool_size, popcount, propagate

SORT_KEYS = (7, 7, 1, 6, 5)


@njit(nogil=True, cache=True)
def _better(best, complexity, sort_key):
    return best[0] < 0 or complexity < best[0] or (complexity == best[0]
                                                    and sort_key < best[1])


@njit(nogil=True, cache=True, inline="always")  # tiny: no constant argument types it anew
def _offer(best, complexity, kind, target, cell, d, house, index):
    sort_key = SORT_KEYS[kind]
    if _better(best, complexity, sort_key):
        best[0], best[1], best[2], best[3] = complexity, sort_key, kind, target
        best[4], best[5], best[6], best[7] = cell, d, house, index


@njit(nogil=True, cache=True)
def _count(node, identity, pstart, pcount, pool, mark, gen, stack, limit):
    """Ancestors of one node, with a fresh mark generation (the count stops past `limit`)."""
    gen[0] += 1
    size, _ = ancestors(node, identity, pstart, pcount, pool, mark, gen[0], stack,
                        np.zeros((0, 2), np.int64), limit)
    return size


@njit(nogil=True, cache=True)
def _limit(best):
    """The most a complexity can be and still win (the best one found so far)."""
    return best[0] if best[0] >= 0 else 1 << 40


@njit(nogil=True, cache=True)
def _worth(cands, n, node):
    """An on node concludes something only when its cell has another digit to lose."""
    if node & 1:
        return popcount(cands[(node >> 1) // n]) > 1
    return True


@njit(nogil=True, cache=True)
def forcing_scan(cands, n, house_cells, cell_houses, multiple, dynamic, nishio, level,
                 house_kind, crossings, best, work):
    """One producer's scan (see the module); returns True when a conclusion was found.
    `work`: every run's reached, pstart, pcount and order (n_cand x n_nodes: uint8, then
    int32), reused from scan to scan (solvers.logic.forcing.scan_work)."""
    n_cells = cands.shape[0]
    n_cand = n_cells * n
    n_nodes = 2 * n_cand + 1
    ylinks = not nishio
    done = np.zeros(n_cand, np.uint8)
    r_reached, r_pstart, r_pcount, r_order = work  # pstart, pcount: read only where reached
    r_reached[:] = 0
    links = (level, house_kind, crossings)
    r_flat = np.zeros(n_cand * 4 * (n + 1), np.int32)
    r_off = np.zeros(n_cand + 1, np.int64)  # r_off[c]: where run c's parents start
    r_top = np.zeros(n_cand, np.int64)
    used = np.zeros(1, np.int64)
    r_count = np.zeros(n_cand, np.int64)
    r_conflict = np.zeros((n_cand, 2), np.int64)
    reached = np.zeros(n_nodes, np.uint8)
    pstart = np.zeros(n_nodes, np.int64)
    pcount = np.zeros(n_nodes, np.int64)
    pool = np.zeros(pool_size(n_cells, n), np.int64)
    order = np.zeros(n_nodes, np.int64)
    cur = np.zeros(n_cells, np.int64)
    queue_on = np.zeros(n_nodes, np.int64)
    queue_off = np.zeros(n_nodes, np.int64)
    o_reached = np.zeros(n_nodes, np.uint8)
    o_pstart = np.zeros(n_nodes, np.int64)
    o_pcount = np.zeros(n_nodes, np.int64)
    o_pool = np.zeros(pool_size(n_cells, n), np.int64)
    o_order = np.zeros(n_nodes, np.int64)
    mark = np.zeros(n_nodes, np.int64)
    stack = np.zeros(n_nodes, np.int64)
    gen = np.zeros(1, np.int64)
    index = np.int64(0)
    best[:] = -1

    for cell in range(n_cells):
        card = popcount(cands[cell])
        if not (card > 2 or (card > 1 and dynamic)):
            continue
        for d in range(n):
            if not (cands[cell] >> d & 1):
                continue
            c = cell * n + d
            r_flat = _run_on(c, cands, n, house_cells, cell_houses, dynamic, ylinks, links, done,
                             r_reached, r_pstart, r_pcount, r_flat, r_off, r_top, used, r_order,
                             r_count, r_conflict, reached, pstart, pcount, pool, order, cur,
                             queue_on, queue_off)
            do_contradiction = dynamic or nishio
            do_double = card >= 3 and dynamic and not nishio
            if do_contradiction and r_conflict[c, 0] >= 0:
                total = _conflict_size(r_conflict[c, 0], r_conflict[c, 1], r_pstart[c],
                                       r_pcount[c], r_flat[r_off[c]:r_off[c] + r_top[c]], mark,
                                       gen, stack, _limit(best))
                index += 1
                _offer(best, total, 0, 2 * c, cell, d, -1, index)
            if do_contradiction or do_double:
                _, conflict, state, _ = propagate(cands, n, house_cells, cell_houses, 2 * c,
                                                  dynamic, ylinks, o_reached, o_pstart,
                                                  o_pcount, o_pool, o_order, cur, queue_on,
                                                  queue_off, level, house_kind, crossings)
                if do_contradiction and conflict >= 0:
                    total = _conflict_size(conflict, state, o_pstart, o_pcount, o_pool, mark,
                                           gen, stack, _limit(best))
                    index += 1
                    _offer(best, total, 1, 2 * c + 1, cell, d, -1, index)
                if do_double:
                    for want in (1, 0):
                        for i in range(r_count[c]):
                            node = r_order[c, i]
                            if (node & 1) != want or not o_reached[node] \
                                    or not _worth(cands, n, node):
                                continue
                            one = _count(node, node, r_pstart[c], r_pcount[c],
                                         r_flat[r_off[c]:r_off[c] + r_top[c]], mark, gen, stack,
                                         _limit(best))
                            if one > _limit(best):
                                continue
                            two = _count(node, node, o_pstart, o_pcount, o_pool, mark, gen,
                                         stack, _limit(best) - one)
                            index += 1
                            _offer(best, one + two, 2, node, cell, d, -1, index)
            if not nishio:
                for k in range(cell_houses.shape[1]):
                    house = cell_houses[cell, k]
                    if house >= 0:
                        index, r_flat = _region(cands, n, house_cells, cell_houses, dynamic,
                                                ylinks, links, multiple, cell, d, house, done,
                                                r_reached, r_pstart, r_pcount, r_flat, r_off,
                                                r_top, used, r_order, r_count, r_conflict,
                                                reached, pstart, pcount, pool, order, cur,
                                                queue_on, queue_off, mark, gen, stack, best,
                                                index)
        if not nishio and (card == 2 or (multiple and card > 2)):
            first = cell * n
            while not (cands[cell] >> (first - cell * n) & 1):
                first += 1
            for i in range(r_count[first]):
                node = r_order[first, i]
                if not _worth(cands, n, node):
                    continue
                total = np.int64(0)
                for e in range(n):
                    if not (cands[cell] >> e & 1):
                        continue
                    c = cell * n + e
                    if not r_reached[c, node]:
                        total = np.int64(-1)
                        break
                    total += _count(node, node, r_pstart[c], r_pcount[c],
                                    r_flat[r_off[c]:r_off[c] + r_top[c]], mark, gen, stack,
                                    _limit(best) - total)
                    if total > _limit(best):
                        break
                if total > 0:
                    index += 1
                    _offer(best, total, 4, node, cell, first - cell * n, -1, index)
    return best[0] >= 0


@njit(nogil=True, cache=True)
def _conflict_size(k, state, pstart, pcount, pool, mark, gen, stack, limit):
    """SE's complexity of a contradiction on candidate k: the stored node's ancestors plus
    those of the conflicting one (in the extra slot, with state `state`)."""
    extra = pstart.shape[0] - 1
    stored = 2 * k + (1 - state)
    one = _count(stored, stored, pstart, pcount, pool, mark, gen, stack, limit)
    return one + _count(extra, 2 * k + state, pstart, pcount, pool, mark, gen, stack,
                        limit - one)


@njit(nogil=True, cache=True)
def _run_on(c, cands, n, house_cells, cell_houses, dynamic, ylinks, links, done, r_reached,
            r_pstart, r_pcount, r_flat, r_off, r_top, used, r_order, r_count, r_conflict,
            reached, pstart, pcount, pool, order, cur, queue_on, queue_off):
    """The run from candidate c on, computed once a scan and kept (its parents appended to
    r_flat, grown as needed: the possibly new r_flat is returned)."""
    if done[c]:
        return r_flat
    done[c] = 1
    level, house_kind, crossings = links
    count, conflict, state, top = propagate(cands, n, house_cells, cell_houses, 2 * c + 1,
                                            dynamic, ylinks, reached, pstart, pcount, pool,
                                            order, cur, queue_on, queue_off, level, house_kind,
                                            crossings)
    r_reached[c, :] = reached
    r_pstart[c, :] = pstart
    r_pcount[c, :] = pcount
    if used[0] + top > r_flat.shape[0]:
        bigger = np.zeros(max(2 * r_flat.shape[0], used[0] + top), np.int32)
        bigger[:used[0]] = r_flat[:used[0]]
        r_flat = bigger
    r_flat[used[0]:used[0] + top] = pool[:top]
    r_off[c] = used[0]
    r_top[c] = top
    used[0] += top
    r_order[c, :count] = order[:count]
    r_count[c] = count
    r_conflict[c, 0] = conflict
    r_conflict[c, 1] = state
    return r_flat


@njit(nogil=True, cache=True)
def _region(cands, n, house_cells, cell_houses, dynamic, ylinks, links, multiple, cell, d,
            house, done, r_reached, r_pstart, r_pcount, r_flat, r_off, r_top, used, r_order,
            r_count, r_conflict, reached, pstart, pcount, pool, order, cur, queue_on, queue_off,
            mark, gen, stack, best, index):
    """Region forcing chains of digit d in `house`, met first at its first place `cell`.
    Returns (index, r_flat)."""
    places = 0
    first = -1
    for j in range(house_cells.shape[1]):
        other = house_cells[house, j]
        if other >= 0 and (cands[other] >> d & 1):
            places += 1
            if first < 0:
                first = other
    if not (places == 2 or (multiple and places > 2)) or first != cell:
        return index, r_flat
    for j in range(house_cells.shape[1]):
        other = house_cells[house, j]
        if other >= 0 and other != cell and (cands[other] >> d & 1):
            r_flat = _run_on(other * n + d, cands, n, house_cells, cell_houses, dynamic, ylinks,
                             links, done, r_reached, r_pstart, r_pcount, r_flat, r_off, r_top,
                             used, r_order, r_count, r_conflict, reached, pstart, pcount, pool,
                             order, cur, queue_on, queue_off)
    c0 = cell * n + d
    for i in range(r_count[c0]):
        node = r_order[c0, i]
        if not _worth(cands, n, node):
            continue
        total = np.int64(0)
        for j in range(house_cells.shape[1]):
            other = house_cells[house, j]
            if other < 0 or not (cands[other] >> d & 1):
                continue
            c = other * n + d
            if not r_reached[c, node]:
                total = np.int64(-1)
                break
            total += _count(node, node, r_pstart[c], r_pcount[c],
                            r_flat[r_off[c]:r_off[c] + r_top[c]], mark, gen, stack,
                            _limit(best) - total)
            if total > _limit(best):
                break
        if total > 0:
            index += 1
            _offer(best, total, 3, node, cell, d, house, index)
    return index, r_flat
