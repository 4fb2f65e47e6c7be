"""An assembly taken apart part by part, resumably, and many assemblies at once (numba).

An analysis searches the whole assembly (disassembly.search_part), splits it at the first
separation, and goes on with the halves, the half that slides out first, until every piece is
alone; it stops at the first half that cannot come apart unless its pieces share a group.
All its state is in a tuple of arrays its caller holds (`begin`), so `run` can stop after a
budget of states and go on where it was. `analyse_batch` runs a block of solutions, given as
placement rows, in one call, so that a run's thousands of small assemblies cost no Python each;
an assembly that outgrows the call's budget is handed back, its analysis under way. There an
assembly that does not come apart where it lies (disassembly_quick) has its whole searched
first with no analysis state made for it: most such are locked (CubeInCage: 95 of 96), and
a state is made, taking the search over, only when it finds a separation or runs out of
budget.

Glossary (besides disassembly.py's)
- info: the separation tree in pre-order, one number a node: a separation's moves, 0 for a
  part that needs none (one piece, or a group allowed to stay together); -1 pads the rest.
- groups[p]: a bit for each group piece p belongs to; a part that cannot come apart is
  allowed when its pieces have a bit in common (stuck: the masks of such parts).
- waiting: the parts still to take apart, a stack; the top one is being searched.
- record: the states of each separation, for the move list: nodes[k] = (members, the set
  that slides out, its direction, first state in `paths`, number of states), in pre-order;
  paths[s, p] the offsets of piece p in state s, relative to the part's first piece.
- cursor: top of `waiting`, info written, stuck parts, nodes, path states, status, locked
  part, states searched, whether the top part's search is under way.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .disassembly import (BUDGET, CANCELLED, GAPS_RING_BYTES, GAPS_RING_STATES, GROW, LOCKED,
                          SINGLE, SOLUTION, START_GAPS_KNOWN, TOO_BIG, _EXHAUSTED, _FOUND, grow,
                          search_part)
from .disassembly_quick import placed_pieces, quick_buffers, take_apart_at_once
from .collision_tables import assembly_blocks, fill_blocks
from .status import (ANALYSIS_CURSOR, ANALYSIS_INFO, ANALYSIS_WORK, CURSOR_LOCKED, CURSOR_NODES,
                     CURSOR_PATHS, CURSOR_SEARCHED, CURSOR_STUCK, DISASSEMBLY_FIRST_CAPACITY)

_TOP, _WRITTEN, _STATUS, _ACTIVE = 0, 1, 5, 8
_STUCK, _NODES, _PATHS, _LOCKED, _SEARCHED = (CURSOR_STUCK, CURSOR_NODES, CURSOR_PATHS,
                                              CURSOR_LOCKED, CURSOR_SEARCHED)


@njit(nogil=True, cache=True)
def new_work(n: int, capacity: int):
    """Buffers for the searches of parts of up to n pieces (reused part after part, and
    assembly after assembly): the states (rows, parent, hashes, slots, table), the sets that
    move, and the scratch of a search (disassembly.search_part) and of a part's members."""
    rows = np.zeros((capacity, max(1, 3 * (n - 1))), np.int16)
    parent = np.empty(capacity, np.int32)
    hashes = np.empty(capacity, np.uint64)
    slots = np.empty(capacity, np.int64)
    table = np.full(4 * capacity, -1, np.int64)
    sets = np.zeros(64, np.uint64)
    # a state's gaps, and a state just met's; then the ring of the gaps of the states met
    # last (disassembly.search_part), touched only as far as it is used, and its tags
    ring = min(GAPS_RING_STATES, GAPS_RING_BYTES // (6 * n * n * 8))
    gaps = np.empty((2 + ring, 6, n, n), np.int64)
    tags = np.full(ring, -1, np.int64)  # the state whose gaps a slot holds
    masks = np.empty((10, n), np.uint64)  # search_part's 4, disassembly_quick's 6
    places = np.empty((n, 3), np.int64)
    stacks = np.empty((2, 2 * n + 2), np.uint64)
    members = np.empty(n, np.int64)
    start = np.empty((n, 3), np.int64)
    return (rows, parent, hashes, slots, table, sets, gaps, masks, places, stacks, members,
            start, tags)


@njit(nogil=True, cache=True, inline="always")
def _all(n: int) -> np.uint64:
    return ~np.uint64(0) if n == 64 else (np.uint64(1) << np.uint64(n)) - np.uint64(1)


@njit(nogil=True, cache=True)
def begin(shapes, origins, groups, record: bool, work, cache, shape_cells, shape_starts):
    """The state of an analysis of the assembly whose piece p is shape shapes[p] with its
    corner at origins[p], about to start; and the table cache (collision_tables.py), grown."""
    n = shapes.size
    blocks, cache = assembly_blocks(cache, shape_cells, shape_starts, shapes)
    waiting = np.empty(n + 1, np.uint64)
    waiting[0] = _all(n)
    waiting_at = np.zeros((n + 1, n, 3), np.int64)
    info = np.full(max(1, 2 * n - 1), -1, np.int32)
    stuck = np.zeros(max(1, n), np.uint64)
    nodes = np.zeros((max(1, n - 1), 5), np.int64)
    paths = np.zeros((16 if record else 1, n, 3), np.int16)
    cursor = np.zeros(9, np.int64)
    cursor[_TOP] = 1
    cursor[_STATUS] = SOLUTION if n > 1 else SINGLE
    if n <= 1:
        cursor[_TOP] = 0
        info[0] = 0
        cursor[_WRITTEN] = 1
    part = np.zeros(5, np.int64)
    return (shapes, origins, groups, cache[0], cache[1], cache[2], blocks, waiting, waiting_at,
            info, stuck, nodes, paths, cursor, part, work), cache


@njit(nogil=True, cache=True)
def run(state, limit: int, budget: int, cancel, record: bool):
    """Go on with an analysis for at most `budget` states expanded. Returns (BUDGET or the
    assembly's status, the budget left, state)."""
    (shapes, origins, groups, meta, entries, table_m, blocks, waiting, waiting_at, info, stuck,
     nodes, paths, cursor, part, work) = state
    n = shapes.size
    members, start = work[10], work[11]
    outcome = BUDGET
    while True:
        top = cursor[_TOP]
        if top == 0 or cursor[_STATUS] != SOLUTION:
            outcome = cursor[_STATUS]
            break
        if budget <= 0:
            break
        mask = waiting[top - 1]
        count = np.int64(0)  # not 0: a Literal[int](0) would compile search_part once more
        for p in range(n):
            if mask & (np.uint64(1) << np.uint64(p)):
                members[count] = p
                count += 1
        if count == 1:
            cursor[_TOP] -= 1
            info[cursor[_WRITTEN]] = 0
            cursor[_WRITTEN] += 1
            continue
        for i in range(count):
            start[i] = waiting_at[top - 1, members[i]]
        if cursor[_ACTIVE] == 0:
            part[:] = 0
            cursor[_ACTIVE] = 1
        stored, expanded = part[0], part[1]
        code = search_part(meta, entries, table_m, blocks, origins, n, members, count, start,
                           part, limit, budget, cancel, work)
        budget -= max(1, part[1] - expanded)  # what a search costs: the states it expanded
        cursor[_SEARCHED] += part[0] - stored
        if code == GROW:
            work = grow(work, part[0])
            continue
        if code == BUDGET:
            break
        cursor[_ACTIVE] = 0
        if code == CANCELLED or code == TOO_BIG:
            cursor[_STATUS] = code
            continue
        cursor[_TOP] -= 1
        if code == _EXHAUSTED:
            common = ~np.uint64(0)
            for i in range(count):
                common &= groups[members[i]]
            if common == 0:
                cursor[_STATUS], cursor[_LOCKED] = LOCKED, np.int64(mask)
                continue
            info[cursor[_WRITTEN]] = 0
            cursor[_WRITTEN] += 1
            stuck[cursor[_STUCK]] = mask
            cursor[_STUCK] += 1
            continue
        paths = _split(part, count, members, mask, top - 1, waiting, waiting_at, info, nodes,
                       paths, cursor, record, work[0], work[1])
    return outcome, budget, (shapes, origins, groups, meta, entries, table_m, blocks, waiting,
                             waiting_at, info, stuck, nodes, paths, cursor, part, work)


@njit(nogil=True, cache=True)
def _split(part, count: int, members, mask: np.uint64, slot: int, waiting, waiting_at, info,
           nodes, paths, cursor, record: bool, rows, parent):
    """A part's search found its separation: note its moves, record its states, and put its
    two halves on the stack at `slot` (the half that stays below the one that slides out)."""
    found, out_set, direction = part[2], np.uint64(part[3]), part[4]
    length = 0
    s = found
    while s >= 0:
        length += 1
        s = parent[s]
    info[cursor[_WRITTEN]] = length  # the moves before the separation, and the removal
    cursor[_WRITTEN] += 1
    removed = np.uint64(0)
    for i in range(count):
        if out_set & (np.uint64(1) << np.uint64(i)):
            removed |= np.uint64(1) << np.uint64(members[i])
    if record:
        first = cursor[_PATHS]
        if first + length > paths.shape[0]:
            grown = np.zeros((2 * (first + length), paths.shape[1], 3), np.int16)
            grown[:first] = paths[:first]
            paths = grown
        s = found
        for back in range(length - 1, -1, -1):
            for i in range(1, count):
                for a in range(3):
                    paths[first + back, members[i], a] = rows[s, 3 * (i - 1) + a]
            s = parent[s]
        k = cursor[_NODES]
        nodes[k, 0], nodes[k, 1], nodes[k, 2] = np.int64(mask), np.int64(removed), direction
        nodes[k, 3], nodes[k, 4] = first, length
        cursor[_NODES] += 1
        cursor[_PATHS] += length
    for half in range(2):
        waiting[slot + half] = mask & ~removed if half == 0 else removed
        waiting_at[slot + half, members[0]] = 0
        for i in range(1, count):
            for a in range(3):
                waiting_at[slot + half, members[i], a] = rows[found, 3 * (i - 1) + a]
    cursor[_TOP] = slot + 2
    return paths


@njit(nogil=True, cache=True)
def assembly_shapes(row_shape, row_origin, row_piece, solution, groups_by_type):
    """(shapes, origins, groups) of the pieces a solution's placement rows put on the board;
    a row of shape -1 is a copy left out."""
    n = 0
    for row in solution:
        n += row_shape[row] >= 0
    shapes = np.empty(n, np.int64)
    origins = np.empty((n, 3), np.int64)
    groups = np.empty(n, np.uint64)
    p = 0
    for row in solution:
        if row_shape[row] >= 0:
            shapes[p] = row_shape[row]
            origins[p] = row_origin[row]
            groups[p] = groups_by_type[row_piece[row]]
            p += 1
    return shapes, origins, groups


@njit(nogil=True, cache=True)
def _search_whole(meta, entries, table, blocks, corners, n: int, limit: int, budget: int, cancel,
                  work, progress, gaps_known: bool):
    """The first search of an assembly's analysis, the whole of its n pieces where they lie
    (members 0..n-1 in `work`), with no analysis state made for it (gaps_known: the quick
    path left their gaps in work[6][0]): (how it ended, the budget left, `work`, grown when
    the search asked)."""
    members, start = work[10], work[11]
    for p in range(n):
        members[p] = p
        for a in range(3):
            start[p, a] = 0
    progress[:] = 0
    if gaps_known:
        progress[2] = START_GAPS_KNOWN
    while True:
        expanded = progress[1]
        code = search_part(meta, entries, table, blocks, corners, n, members, n, start,
                           progress, limit, budget, cancel, work)
        budget -= max(1, progress[1] - expanded)  # as run counts
        if code != GROW:
            return code, budget, work
        work = grow(work, progress[0])


@njit(nogil=True, cache=True)
def _hand_over(state, progress, code: int) -> None:
    """Make a fresh analysis `state` (begin) of an assembly go on from the whole's search
    that `_search_whole` ran: under way (BUDGET) or found, its halves then waiting, as `run`
    leaves them."""
    waiting, waiting_at, info, nodes, paths = state[7], state[8], state[9], state[11], state[12]
    cursor, part, work = state[13], state[14], state[15]
    part[:] = progress
    cursor[_SEARCHED] = progress[0]
    if code == BUDGET:
        cursor[_ACTIVE] = 1
        return
    cursor[_TOP] -= 1  # the whole, searched: its halves go where it was
    _split(part, state[0].size, work[10], waiting[0], cursor[_TOP], waiting, waiting_at, info,
           nodes, paths, cursor, np.bool_(False), work[0], work[1])


@njit(nogil=True, cache=True)
def analyse_batch(row_shape, row_origin, row_piece, solutions, groups_by_type, shape_cells,
                  shape_starts, cache, first: int, limit: int, budget: int, cancel, verdicts,
                  states):
    """Analyse solutions first.. (first < k) of `solutions` (k, copies) placement rows,
    writing each one's status and info into `verdicts` (k, 1 + info) and the states its
    search kept into `states`, until one outgrows what is left of `budget` (states
    expanded). Returns (the solutions done, whether the next one's analysis is under way,
    its state or the last one's, the budget left, the table cache)."""
    k, copies = solutions.shape
    s = first
    # typed values, not constants: numba would compile begin, run and everything they call
    # once more for Literal[bool](False) and Literal[int](1024), beside the player's versions
    no_record, capacity = np.bool_(False), np.int64(DISASSEMBLY_FIRST_CAPACITY)
    shapes, origins, groups = assembly_shapes(row_shape, row_origin, row_piece, solutions[s],
                                              groups_by_type)
    work = new_work(copies, capacity)
    state, cache = begin(shapes, origins, groups, no_record, work, cache, shape_cells,
                         shape_starts)
    placed, corners, blocks = quick_buffers(copies)
    progress = np.zeros(5, np.int64)
    under_way = False
    while True:
        # most assemblies come apart where they lie, part after part: no search, no `begin`
        n = placed_pieces(row_shape, row_origin, solutions[s], placed, corners)
        cache = fill_blocks(cache, shape_cells, shape_starts, placed, n, blocks)
        separations = -1
        quick = n > 1 and budget >= n - 1
        if quick:
            separations = take_apart_at_once(cache[0], cache[1], cache[2], blocks, corners, n,
                                             work, verdicts[s])
        if separations >= 0:
            budget -= separations  # as run counts: one a part searched
            verdicts[s, 0] = SOLUTION
            states[s] = separations
        elif n <= 1:  # nothing to take apart (run's verdict of one piece)
            verdicts[s, 0], verdicts[s, 1], states[s] = SINGLE, 0, 0
        else:
            # the whole searched first with no analysis state: most assemblies that do not
            # come apart where they lie do not come apart at all (CubeInCage: 95 of 96)
            code, budget, work = _search_whole(cache[0], cache[1], cache[2], blocks, corners,
                                               n, limit, budget, cancel, work, progress, quick)
            if code == _FOUND or code == BUDGET:
                shapes, origins, groups = assembly_shapes(row_shape, row_origin, row_piece,
                                                          solutions[s], groups_by_type)
                state, cache = begin(shapes, origins, groups, no_record, work, cache,
                                     shape_cells, shape_starts)
                _hand_over(state, progress, code)
                outcome, budget, state = run(state, limit, budget, cancel, no_record)
                work = state[ANALYSIS_WORK]
                if outcome == BUDGET:
                    under_way = True
                    break
                info = state[ANALYSIS_INFO]
                verdicts[s, 0] = outcome
                verdicts[s, 1:1 + info.size] = info
                states[s] = state[ANALYSIS_CURSOR][_SEARCHED]
            else:  # locked, or a group allowed to stay whole, too big or cancelled
                common = ~np.uint64(0)
                for p in range(n):
                    common &= groups_by_type[row_piece[_placed_row(row_shape, solutions[s], p)]]
                verdicts[s, 1:1 + max(1, 2 * n - 1)] = -1
                verdicts[s, 0] = code
                if code == _EXHAUSTED:
                    verdicts[s, 0] = LOCKED if common == 0 else SOLUTION
                    if common != 0:
                        verdicts[s, 1] = 0
                states[s] = progress[0]
        s += 1
        if s >= k or cancel[0]:
            break
    return s, under_way, state, budget, cache


@njit(nogil=True, cache=True, inline="always")
def _placed_row(row_shape, solution, p: int) -> int:
    """The placement row of the p-th piece a solution puts on the board."""
    for row in solution:
        if row_shape[row] >= 0:
            if p == 0:
                return row
            p -= 1
    return -1
