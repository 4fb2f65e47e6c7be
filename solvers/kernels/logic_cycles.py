"""Sudoku Explainer's bidirectional cycles and forcing X-chains / forcing chains (numba):
single chains of alternating links from one candidate, with the static links of
logic_chains (on -> off: cell (y) and house; off -> on: bivalue cell (y), bilocal house (x)).

A scan tries the three link sets in SE's order (x only, y only, both), every empty cell in
row-major order and each of its digits as the source, and collects per source: the cycles
(a breadth-first search back to the source, 4 links or more, no node repeating its own
ancestor) and the forcing chains (the source on leads to it off: it is off; the source off
leads to it on: it is on). A cycle removes a digit from the cells that see an on node and an
off node of it outside the cycle. Rating: base + SE's length increment of the complexity
(the count of distinct nodes); the easiest is the least rating, then complexity, then SE's
sort key, then the first found. `best`: rating x10, complexity, sort key, kind (0 cycle,
1 forcing chain), source candidate, link set, order, and the length of its chain, which is
in `path` (node ids, conclusion first, the source last: written as a conclusion becomes the
best, so one scan gives the step); with `want` the order of one conclusion, the scan stops
there with its chain in `path`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .logic_chains import popcount

LINK_SETS = ((False, True), (True, False), (True, True))  # (y, x): SE's order
CYCLE_BASE = (65, 65, 70)
CHAIN_BASE = (66, 66, 70)
SORT_KEYS = (2, 3, 4)


@njit(nogil=True, cache=True)
def length_increment(complexity):
    """SE's added tenths for a chain of `complexity` nodes: one each time complexity - 2
    passes 4, 6, 8, 12, 16, 24, 32, ..."""
    added = 0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


@njit(nogil=True, cache=True)
def _on_to_off(cands, n, house_cells, cell_houses, node, ylinks, out):
    """The off nodes an on node forces, in SE's order, each once."""
    c = node >> 1
    cell, d = c // n, c % n
    count = 0
    if ylinks:
        for e in range(n):
            if e != d and (cands[cell] >> e & 1):
                out[count] = 2 * (cell * n + e)
                count += 1
    start = count
    for k in range(cell_houses.shape[1]):
        house = cell_houses[cell, k]
        if house < 0:
            continue
        for j in range(house_cells.shape[1]):
            other = house_cells[house, j]
            if other < 0 or other == cell or not (cands[other] >> d & 1):
                continue
            q = 2 * (other * n + d)
            dup = False
            for m in range(start, count):
                if out[m] == q:
                    dup = True
            if not dup:
                out[count] = q
                count += 1
    return count


@njit(nogil=True, cache=True)
def _off_to_on(cands, n, house_cells, cell_houses, node, ylinks, xlinks, out):
    c = node >> 1
    cell, d = c // n, c % n
    count = 0
    if ylinks and popcount(cands[cell]) == 2:
        for e in range(n):
            if e != d and (cands[cell] >> e & 1):
                out[count] = 2 * (cell * n + e) + 1
                count += 1
    if xlinks:
        for k in range(cell_houses.shape[1]):
            house = cell_houses[cell, k]
            if house < 0:
                continue
            places = 0
            last = -1
            for j in range(house_cells.shape[1]):
                other = house_cells[house, j]
                if other >= 0 and (cands[other] >> d & 1):
                    places += 1
                    if other != cell:
                        last = other
            if places == 2 and last >= 0:
                q = 2 * (last * n + d) + 1
                dup = False
                for m in range(count):
                    if out[m] == q:
                        dup = True
                if not dup:
                    out[count] = q
                    count += 1
    return count


@njit(nogil=True, cache=True)
def _is_parent(obj_node, obj_parent, child, node):
    """Whether `node` is an ancestor of the object `child` (its first parents)."""
    p = obj_parent[child]
    while p >= 0:
        if obj_node[p] == node:
            return True
        p = obj_parent[p]
    return False


@njit(nogil=True, cache=True)
def _path_size(obj_node, obj_parent, last):
    size = 0
    p = last
    while p >= 0:
        size += 1
        p = obj_parent[p]
    return size


@njit(nogil=True, cache=True)
def _cycle_removes(cands, n, house_cells, cell_houses, obj_node, obj_parent, last, forw, back,
                   in_cycle):
    """Whether the cycle ending at object `last` removes a candidate (SE: a digit seen by an
    on node and an off node of the cycle, in a cell outside it); marks it in forw & back."""
    forw[:] = 0
    back[:] = 0
    in_cycle[:] = 0
    p = last
    while obj_parent[p] >= 0:
        in_cycle[(obj_node[p] >> 1) // n] = 1
        p = obj_parent[p]
    p = last
    while obj_parent[p] >= 0:
        node = obj_node[p]
        cell, d = (node >> 1) // n, (node >> 1) % n
        for k in range(cell_houses.shape[1]):
            house = cell_houses[cell, k]
            if house < 0:
                continue
            for j in range(house_cells.shape[1]):
                other = house_cells[house, j]
                if other >= 0 and other != cell and not in_cycle[other] \
                        and (cands[other] >> d & 1):
                    if node & 1:
                        forw[other * n + d] = 1
                    else:
                        back[other * n + d] = 1
        p = obj_parent[p]
    found = False
    for c in range(forw.shape[0]):
        if forw[c] and back[c]:
            found = True
    return found


@njit(nogil=True, cache=True, inline="always")  # tiny: no constant argument types it anew
def _offer(best, rating, complexity, sort_key, kind, source, links, index):
    if best[0] < 0 or (rating, complexity, sort_key) < (best[0], best[1], best[2]):
        best[0], best[1], best[2], best[3] = rating, complexity, sort_key, kind
        best[4], best[5], best[6] = source, links, index


@njit(nogil=True, cache=True)
def _write_path(obj_node, obj_parent, last, path):
    size = 0
    p = last
    while p >= 0:
        path[size] = obj_node[p]
        size += 1
        p = obj_parent[p]
    return size


@njit(nogil=True, cache=True)
def _cycles_from(cands, n, house_cells, cell_houses, source, links, work, best, want, path,
                 index):
    """SE's doCycles from the on node `source`: each cycle that removes a candidate is
    offered. Returns (order reached, the path's length when `want` was met, else -1)."""
    obj_node, obj_parent, on_obj, _, pending_on, pending_off, scratch, forw, back, \
        in_cycle = work
    ylinks, xlinks = LINK_SETS[links]
    limit = obj_node.shape[0]
    on_obj[:] = -1
    objects = 1
    obj_node[0] = source
    obj_parent[0] = -1
    on_obj[source >> 1] = 0
    n_on, n_off = 1, 0
    pending_on[0] = 0
    length = 0
    while n_on or n_off:
        length += 1
        for i in range(n_on):
            p = pending_on[i]
            count = _on_to_off(cands, n, house_cells, cell_houses, obj_node[p], ylinks, scratch)
            for m in range(count):
                q = scratch[m]
                if not _is_parent(obj_node, obj_parent, p, q) and objects < limit:
                    obj_node[objects] = q
                    obj_parent[objects] = p
                    pending_off[n_off] = objects
                    n_off += 1
                    objects += 1
        n_on = 0
        length += 1
        for i in range(n_off):
            p = pending_off[i]
            count = _off_to_on(cands, n, house_cells, cell_houses, obj_node[p], ylinks, xlinks,
                               scratch)
            for m in range(count):
                q = scratch[m]
                if length >= 4 and q == source and objects < limit:
                    obj_node[objects] = q
                    obj_parent[objects] = p
                    last = objects
                    objects += 1
                    if _cycle_removes(cands, n, house_cells, cell_houses, obj_node, obj_parent,
                                      last, forw, back, in_cycle):
                        index += 1
                        if index == want:
                            return index, _write_path(obj_node, obj_parent, last, path)
                        size = _path_size(obj_node, obj_parent, last) - 1
                        _offer(best, CYCLE_BASE[links] + length_increment(size), size,
                               SORT_KEYS[links], 0, source, links, index)
                        if best[6] == index:
                            best[7] = _write_path(obj_node, obj_parent, last, path)
                if on_obj[q >> 1] < 0 and objects < limit:
                    obj_node[objects] = q
                    obj_parent[objects] = p
                    on_obj[q >> 1] = objects
                    pending_on[n_on] = objects
                    n_on += 1
                    objects += 1
        n_off = 0
    return index, -1


@njit(nogil=True, cache=True)
def _chain_from(cands, n, house_cells, cell_houses, start, ylinks, work):
    """SE's doForcingChains from `start` (on or off): the object of the first node that is
    the start's opposite (the chain's end), or -1."""
    obj_node, obj_parent, on_obj, off_obj, pending_on, pending_off, scratch, _, _, _ = work
    on_obj[:] = -1
    off_obj[:] = -1
    objects = 1
    obj_node[0] = start
    obj_parent[0] = -1
    n_on, n_off = 0, 0
    if start & 1:
        on_obj[start >> 1] = 0
        pending_on[0] = 0
        n_on = 1
    else:
        off_obj[start >> 1] = 0
        pending_off[0] = 0
        n_off = 1
    opposite = start ^ 1
    found = -1
    while (n_on or n_off) and found < 0:
        for i in range(n_on):
            p = pending_on[i]
            count = _on_to_off(cands, n, house_cells, cell_houses, obj_node[p], ylinks, scratch)
            for m in range(count):
                q = scratch[m]
                if q == opposite and found < 0:
                    obj_node[objects] = q
                    obj_parent[objects] = p
                    found = objects
                    objects += 1
                if not _is_parent(obj_node, obj_parent, p, q) and off_obj[q >> 1] < 0:
                    obj_node[objects] = q
                    obj_parent[objects] = p
                    off_obj[q >> 1] = objects
                    pending_off[n_off] = objects
                    n_off += 1
                    objects += 1
        n_on = 0
        for i in range(n_off):
            p = pending_off[i]
            count = _off_to_on(cands, n, house_cells, cell_houses, obj_node[p], ylinks,
                               np.bool_(True), scratch)
            for m in range(count):
                q = scratch[m]
                if q == opposite and found < 0:
                    obj_node[objects] = q
                    obj_parent[objects] = p
                    found = objects
                    objects += 1
                if on_obj[q >> 1] < 0:
                    obj_node[objects] = q
                    obj_parent[objects] = p
                    on_obj[q >> 1] = objects
                    pending_on[n_on] = objects
                    n_on += 1
                    objects += 1
        n_off = 0
    return found


@njit(nogil=True, cache=True)
def cycle_scan(cands, n, house_cells, cell_houses, best, want, path):
    """The scan of the module. Returns the order reached (with `want`: the path's length,
    else the count of conclusions)."""
    n_cells = cands.shape[0]
    n_cand = n_cells * n
    limit = n_cand * (4 * n + 8) + 16
    work = (np.empty(limit, np.int64), np.empty(limit, np.int64), np.empty(n_cand, np.int64),
            np.empty(n_cand, np.int64), np.empty(limit, np.int64), np.empty(limit, np.int64),
            np.empty(8 * n + 8, np.int64), np.zeros(n_cand, np.uint8),
            np.zeros(n_cand, np.uint8), np.zeros(n_cells, np.uint8))
    obj_node, obj_parent = work[0], work[1]
    best[:] = -1
    index = np.int64(0)  # not a literal: _cycles_from compiles once
    for links in range(3):
        ylinks, xlinks = LINK_SETS[links]
        for cell in range(n_cells):
            card = popcount(cands[cell])
            if card < 2 or (card > 2 and not xlinks):
                continue
            for d in range(n):
                if not (cands[cell] >> d & 1):
                    continue
                source = 2 * (cell * n + d) + 1
                index, size = _cycles_from(cands, n, house_cells, cell_houses, source, links,
                                           work, best, want, path, index)
                if size >= 0:
                    return size
                if not xlinks:
                    continue
                for start in (source, source - 1):  # forcing chains: the source on, then off
                    found = _chain_from(cands, n, house_cells, cell_houses, start, ylinks, work)
                    if found < 0:
                        continue
                    index += 1
                    if index == want:
                        return _write_path(obj_node, obj_parent, found, path)
                    size = _path_size(obj_node, obj_parent, found)
                    _offer(best, CHAIN_BASE[links] + length_increment(size), size,
                           SORT_KEYS[links], 1, source, links, index)
                    if best[6] == index:
                        best[7] = _write_path(obj_node, obj_parent, found, path)
    return index
