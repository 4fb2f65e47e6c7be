"""An assembly taken apart part by part, and many assemblies at once (numba).

`analyse` searches the whole assembly (disassembly.search_part), splits it at the first
separation, and goes on with the halves, the half that slides out first, until every piece is
alone; it stops at the first half that cannot come apart unless its pieces share a group.
`analyse_batch` does that for a block of solutions given as placement rows, in one call, so
that a run's thousands of small assemblies cost no Python per assembly.

Glossary (besides disassembly.py's)
- info: the separation tree in pre-order, one number a node: a separation's moves, 0 for a
  part that needs none (one piece, or a group allowed to stay together); -1 pads the rest.
- groups[p]: a bit for each group piece p belongs to (bit g - 1 for group g); a part that
  cannot come apart is allowed when its pieces have a bit in common.
- stuck: the masks of the parts allowed that way.
- record: the states of each separation, for the move list: nodes[k] = (members, the set
  that slides out, its direction, first state in `paths`, number of states), in pre-order;
  paths[s, p] the offsets of piece p in state s, relative to the part's first piece.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .disassembly import CANCELLED, LOCKED, SOLUTION, TOO_BIG, _EXHAUSTED, search_part
from .movement import build_tables

FIRST_CAPACITY = 1 << 10  # states a search's buffers start with; they double as needed


@njit(nogil=True, cache=True)
def new_work(n: int, capacity: int = FIRST_CAPACITY):
    """Buffers for the searches of parts of up to n pieces (reused part after part)."""
    rows = np.zeros((capacity, max(1, 3 * (n - 1))), np.int16)
    parent = np.empty(capacity, np.int32)
    hashes = np.empty(capacity, np.uint64)
    slots = np.empty(capacity, np.int64)
    table = np.full(2 * capacity, -1, np.int64)
    return rows, parent, hashes, slots, table


@njit(nogil=True, cache=True)
def analyse(cells, starts, groups, limit: int, cancel, record: bool, work):
    """Take apart the assembly whose piece p has the cells cells[starts[p]:starts[p + 1]].
    Returns (status, info, locked mask, stuck masks, states searched, nodes, paths, work)."""
    n = starts.size - 1
    meta, entries, table_m = build_tables(cells, starts)
    info = np.full(max(1, 2 * n - 1), -1, np.int32)
    stuck = np.zeros(n, np.uint64)
    nodes = np.zeros((max(1, n - 1), 5), np.int64)
    paths = np.zeros((16 if record else 1, n, 3), np.int16)
    waiting = np.empty(n + 1, np.uint64)
    waiting_at = np.zeros((n + 1, n, 3), np.int64)
    waiting[0] = ~np.uint64(0) if n == 64 else (np.uint64(1) << np.uint64(n)) - np.uint64(1)
    top, written, n_stuck, n_nodes, n_paths = 1, 0, 0, 0, 0
    status, locked, searched = SOLUTION, np.uint64(0), 0
    members = np.empty(n, np.int64)
    while top > 0:
        top -= 1
        mask = waiting[top]
        count = 0
        for p in range(n):
            if mask & (np.uint64(1) << np.uint64(p)):
                members[count] = p
                count += 1
        if count == 1:
            info[written] = 0
            written += 1
            continue
        start = np.empty((count, 3), np.int64)
        for i in range(count):
            start[i] = waiting_at[top, members[i]]
        code, found, out_set, direction, states, work = search_part(
            meta, entries, table_m, n, members, count, start, limit, cancel, work)
        searched += states
        if code == CANCELLED or code == TOO_BIG:
            status = code
            break
        if code == _EXHAUSTED:
            common = ~np.uint64(0)
            for i in range(count):
                common &= groups[members[i]]
            if common == 0:
                status, locked = LOCKED, mask
                break
            info[written] = 0
            written += 1
            stuck[n_stuck] = mask
            n_stuck += 1
            continue
        rows, parent = work[0], work[1]
        length = 0
        s = found
        while s >= 0:
            length += 1
            s = parent[s]
        info[written] = length  # the moves before the separation, and the removal
        written += 1
        removed = np.uint64(0)
        for i in range(count):
            if out_set & (np.uint64(1) << np.uint64(i)):
                removed |= np.uint64(1) << np.uint64(members[i])
        if record:
            if n_paths + length > paths.shape[0]:
                grown = np.zeros((2 * (n_paths + length), n, 3), np.int16)
                grown[:n_paths] = paths[:n_paths]
                paths = grown
            s = found
            for back in range(length - 1, -1, -1):
                for i in range(1, count):
                    for a in range(3):
                        paths[n_paths + back, members[i], a] = rows[s, 3 * (i - 1) + a]
                s = parent[s]
            nodes[n_nodes, 0] = np.int64(mask)
            nodes[n_nodes, 1] = np.int64(removed)
            nodes[n_nodes, 2] = direction
            nodes[n_nodes, 3] = n_paths
            nodes[n_nodes, 4] = length
            n_nodes += 1
            n_paths += length
        for half in range(2):  # the part that stays waits below the part that slides out
            part = mask & ~removed if half == 0 else removed
            waiting[top] = part
            waiting_at[top, members[0]] = 0
            for i in range(1, count):
                for a in range(3):
                    waiting_at[top, members[i], a] = rows[found, 3 * (i - 1) + a]
            top += 1
    return status, info, locked, stuck[:n_stuck], searched, nodes[:n_nodes], paths[:n_paths], work


@njit(nogil=True, cache=True)
def analyse_batch(row_cells, row_starts, row_piece, solutions, groups_by_type, limit: int,
                  cancel):
    """Every solution of `solutions` (k, copies) placement rows; a row with no cells is a copy
    left out. Returns (status (k,), info (k, 2 * copies - 1), locked (k,), states (k,))."""
    k, copies = solutions.shape
    status = np.full(k, CANCELLED, np.int8)
    info = np.full((k, max(1, 2 * copies - 1)), -1, np.int32)
    locked = np.zeros(k, np.uint64)
    states = np.zeros(k, np.int64)
    work = new_work(copies)
    for s in range(k):
        if cancel[0]:
            break
        n, size = 0, 0
        for c in range(copies):
            row = solutions[s, c]
            if row_starts[row + 1] > row_starts[row]:
                n += 1
                size += row_starts[row + 1] - row_starts[row]
        cells = np.empty((size, 3), np.int64)
        starts = np.empty(n + 1, np.int64)
        groups = np.empty(n, np.uint64)
        starts[0] = 0
        p = 0
        for c in range(copies):
            row = solutions[s, c]
            first, last = row_starts[row], row_starts[row + 1]
            if last > first:
                cells[starts[p]:starts[p] + last - first] = row_cells[first:last]
                starts[p + 1] = starts[p] + last - first
                groups[p] = groups_by_type[row_piece[row]]
                p += 1
        result = analyse(cells, starts, groups, limit, cancel, False, work)
        status[s] = result[0]
        info[s, :result[1].size] = result[1]
        locked[s] = result[2]
        states[s] = result[4]
        work = result[7]
    return status, info, locked, states
