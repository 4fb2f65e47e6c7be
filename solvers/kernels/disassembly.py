"""Can an assembly be taken apart? The disassembler's search (numba).

A part (a set of pieces, at offsets from where the assembly put them) is searched breadth
first over its *states*: the offsets of its pieces relative to its first piece. A move slides
a set of pieces, the rest staying, by one or more units along one axis without two pieces
ever overlapping; any set that can move counts, and each distance is one move (BurrTools'
rules). The first state met where some set slides out for good (its gap to the rest never
closes) separates the part in two; each half is then searched the same way from where its
pieces are, until every piece is alone or a half that cannot come apart is a group the
puzzle allows to stay together.

Why the first separation found is enough: disassembling any set S induces, move by move, a
disassembly of each subset of S (its pieces never overlap either, and what leaves S leaves
the subset). So when a half cannot be taken apart, neither can the assembly, whatever other
separation was chosen, and the search ends there: an assembly is a solution exactly when
this search takes it apart. Breadth first, the first separation has the fewest moves. When
several are as short, the order moves are tried in decides: directions +x, -x, +y, -y, +z,
-z; in each, the sets that can move by size, then by their lowest pieces; each distance
from 1 up. In the first state met that has a separation, the set that leaves is the first
direction's smallest set not holding the part's first piece (this gives the separations of
BurrTools' records of its examples, PelikanBurr's 98.2.4.2 among them).

Results per assembly: a status, the separation tree in pre-order (each separation its
number of moves, removal included; 0 for a part that needs none: one piece or an allowed
group; the half that slides out first), the pieces of a part that cannot come apart, the
states searched, and on request every state of every separation (for the move list).

Glossary
- member: a piece of the part searched, by its number in the assembly (increasing); bit i of
  a mask is piece i (at most 64 pieces).
- row: a state as int16 offsets (x, y, z) of members 1.. relative to member 0.
- gaps[d, i, j]: how far member i slides in direction d (0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z)
  while member j stays (movement.py); a set slides as far as its smallest gap to the rest.
  gaps[-a, i, j] = gaps[+a, j, i], so the closures of -a are those of +a, their roles swapped.
- the ring: the gaps of a state met are worked out when it is stored (to see whether it
  separates) and again when it is expanded; the ring keeps them in between, state s in
  slot 2 + s % size (tags[s % size] = s), as long as fewer states than the ring holds wait
  to be expanded (else they are worked out again).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import count_bits, lowest_bit
from .movement import UNBOUNDED, moved_gaps, state_gaps
from .status import BUDGET, CANCELLED, LOCKED, SINGLE, SOLUTION, TOO_BIG  # noqa: F401

GROW = 6  # a search whose buffers are full: `grow` them and call again
START_GAPS_KNOWN = -2  # progress[2] before a search: its start's gaps are in work[6][0]
_FOUND, _EXHAUSTED = 10, 11  # how one part's search ended (or TOO_BIG, CANCELLED, BUDGET)
_STEP = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]],
                 dtype=np.int64)
_MIX = np.uint64(0xFF51AFD7ED558CCD)
_MORE_SETS = np.uint64(0xFFFFFFFFFFFFFFFF)  # sets[0] when a search needs a larger `sets`
# a row's hash is the sum of its offsets times these (odd, random): a move's is its state's plus
# the distance times the sum of the moved pieces' keys on its axis, with no pass over the row
_ROW_KEYS = np.random.default_rng(30).integers(0, 1 << 63, size=3 * 63, dtype=np.uint64) * 2 + 1
# the ring of gaps (see the glossary) holds at most so many states, in about so many bytes
GAPS_RING_STATES, GAPS_RING_BYTES = 1024, 4 << 20


@njit(nogil=True, cache=True, inline="always")
def _bit(i: int) -> np.uint64:
    return np.uint64(1) << np.uint64(i)


@njit(nogil=True, cache=True, inline="always")
def _closures(gaps, d: int, count: int, bound: int, closed: np.ndarray, dragged: np.ndarray):
    """closed[i]: the members that must move with i along d (i among them), those j whose
    gap from i is below `bound` and so on; dragged[p]: the members whose closure holds p.
    Without a branch a pair: with one, they took about a third of PelikanBurr's time."""
    _meeting(gaps, d, count, bound, closed)
    _close(closed, count)
    _transpose(closed, dragged, count)


@njit(nogil=True, cache=True, inline="always")
def _meeting(gaps, d: int, count: int, bound: int, linked: np.ndarray) -> None:
    """linked[i]: i and the members j with gaps[d, i, j] below `bound` (the diagonal,
    never written, is covered by i's own bit)."""
    for i in range(count):
        mask = _bit(i)
        for j in range(count):
            mask |= np.uint64(gaps[d, i, j] < bound) << np.uint64(j)
        linked[i] = mask


@njit(nogil=True, cache=True, inline="always")
def _close(linked: np.ndarray, count: int) -> None:
    """Each linked[i] (i and the members it links to) grown to every member reached from i
    (Warshall's closure, a member k at a time)."""
    for k in range(count):
        through = linked[k]
        for i in range(count):
            linked[i] |= through & (np.uint64(0) - ((linked[i] >> np.uint64(k)) & np.uint64(1)))


@njit(nogil=True, cache=True, inline="always")
def _transpose(linked: np.ndarray, reverse: np.ndarray, count: int) -> None:
    """reverse[j]: the members i whose linked[i] holds j."""
    for j in range(count):
        mask = np.uint64(0)
        for i in range(count):
            mask |= ((linked[i] >> np.uint64(j)) & np.uint64(1)) << np.uint64(i)
        reverse[j] = mask


@njit(nogil=True, cache=True, inline="always")
def _before(a: np.uint64, b: np.uint64) -> bool:
    """Whether set a comes before set b: fewer pieces, or as many and, at the first piece
    where they differ, a has it."""
    size_a, size_b = count_bits(a), count_bits(b)
    if size_a != size_b:
        return size_a < size_b
    differ = a ^ b
    return differ != 0 and (a & (differ & (~differ + np.uint64(1)))) != 0


@njit(nogil=True, cache=True, inline="always")
def _separable(gaps, count: int, forward: np.ndarray, backward: np.ndarray) -> bool:
    """Whether some set slides out for good, quickly: along some direction, not every
    member is held back, through those it meets on its way, by member 0."""
    full = ~np.uint64(0) if count == 64 else _bit(count) - np.uint64(1)
    for a in range(3):  # i meets j sliding +a; j meets i sliding -a (and each itself)
        _meeting(gaps, 2 * a, count, UNBOUNDED, forward)
        _meeting(gaps, 2 * a + 1, count, UNBOUNDED, backward)
        if _held_by_first(backward) != full or _held_by_first(forward) != full:
            return True
    return False


@njit(nogil=True, cache=True, inline="always")
def _held_by_first(met_by: np.ndarray) -> np.uint64:
    """The members that cannot move without member 0, sliding in the direction where
    met_by[j] holds the members that meet j: those that meet it, those that meet them..."""
    held = np.uint64(1)
    todo = np.uint64(1)
    while todo:
        j = lowest_bit(todo)
        todo &= todo - np.uint64(1)
        grown = met_by[j] & ~held
        held |= grown
        todo |= grown
    return held


@njit(nogil=True, cache=True, inline="always")
def _separation(gaps, count: int, closed: np.ndarray, dragged: np.ndarray):
    """(set, direction) of the separation at a state, or (0, -1): the first direction in
    which some set (not holding member 0) slides out, and the first such set."""
    if not _separable(gaps, count, closed, dragged):
        return np.uint64(0), -1
    for d in range(6):
        _closures(gaps, d, count, UNBOUNDED, closed, dragged)
        best = np.uint64(0)
        for i in range(1, count):
            if not closed[i] & np.uint64(1) and (best == 0 or _before(closed[i], best)):
                best = closed[i]
        if best != 0:
            return best, d
    return np.uint64(0), -1


@njit(nogil=True, cache=True, inline="always")
def _moving_sets(count: int, closed, dragged, sets, stack_in, stack_out) -> int:
    """The sets (not holding member 0) that can move along the direction `closed` and
    `dragged` describe, in order (`_before`), into `sets`: how many, or -1 when `sets` is
    too small for them. A set can move when it holds every member its members push; it is
    found by deciding members in turn, taking a member's closure in or leaving out those
    that would drag it."""
    full = ~np.uint64(0) if count == 64 else _bit(count) - np.uint64(1)
    found, top = 0, 0
    stack_in[0], stack_out[0] = np.uint64(0), dragged[0]
    while top >= 0:
        inside, outside = stack_in[top], stack_out[top]
        top -= 1
        open_ = full & ~(inside | outside)
        if open_ == 0:
            if inside != 0:
                if found == sets.size:
                    return -1
                k = found  # insertion into the ordered list
                while k > 0 and _before(inside, sets[k - 1]):
                    sets[k] = sets[k - 1]
                    k -= 1
                sets[k] = inside
                found += 1
            continue
        p = lowest_bit(open_)
        if not (outside | dragged[p]) & inside:
            top += 1
            stack_in[top], stack_out[top] = inside, outside | dragged[p]
        if not (inside | closed[p]) & outside:
            top += 1
            stack_in[top], stack_out[top] = inside | closed[p], outside
    return found


@njit(nogil=True, cache=True, inline="always")
def _row_hash(rows, s: int, width: int) -> np.uint64:
    h = np.uint64(0)
    for c in range(width):
        h += np.uint64(np.int64(rows[s, c])) * _ROW_KEYS[c]
    return h


@njit(nogil=True, cache=True, inline="always")
def _slot(h: np.uint64, mask: int) -> int:
    """The table slot of a row's hash (its bits mixed: a sum's low bits are weak)."""
    h ^= h >> np.uint64(31)
    h *= _MIX
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@njit(nogil=True, cache=True)
def grow(work, count: int):
    """The search buffers `work` (disassembly_tree.new_work) with room for twice as many
    states when they are half full, a table kept at most a quarter full, and twice as many
    moving sets when a search asks for more (`count` states are kept)."""
    rows, parent, hashes, slots, table, sets = work[0], work[1], work[2], work[3], work[4], work[5]
    if 2 * (count + 1) >= rows.shape[0]:
        size = 2 * rows.shape[0]
        new_rows = np.zeros((size, rows.shape[1]), np.int16)
        new_rows[:count] = rows[:count]
        new_parent = np.empty(size, np.int32)
        new_parent[:count] = parent[:count]
        new_hashes = np.empty(size, np.uint64)
        new_hashes[:count] = hashes[:count]
        new_slots = np.empty(size, np.int64)
        new_slots[:count] = slots[:count]
        rows, parent, hashes, slots = new_rows, new_parent, new_hashes, new_slots
    if 4 * (count + 1) > table.size:
        table = np.full(2 * table.size, -1, np.int64)
        mask = table.size - 1
        for s in range(count):
            slot = _slot(hashes[s], mask)
            while table[slot] >= 0:
                slot = (slot + 1) & mask
            table[slot] = s
            slots[s] = slot
    if sets[0] == _MORE_SETS:
        sets = np.zeros(2 * sets.size, np.uint64)
    return (rows, parent, hashes, slots, table, sets, work[6], work[7], work[8], work[9],
            work[10], work[11], work[12])


@njit(nogil=True, cache=True, inline="always")
def _places(rows, s: int, count: int, members, origins, places) -> None:
    """Where state s puts each member's corner: its origin, moved by the state's offsets."""
    for a in range(3):
        places[0, a] = origins[members[0], a]
    for i in range(1, count):
        for a in range(3):
            places[i, a] = origins[members[i], a] + rows[s, 3 * (i - 1) + a]


@njit(nogil=True, cache=True)
def _begin(rows, parent, hashes, slots, table, count: int, start) -> None:
    """Store the start state (state 0): `start` (count, 3) offsets, relative to member 0."""
    for i in range(1, count):
        for a in range(3):
            rows[0, 3 * (i - 1) + a] = start[i, a] - start[0, a]
    parent[0] = -1
    hashes[0] = _row_hash(rows, 0, 3 * (count - 1))
    slot = _slot(hashes[0], table.size - 1)
    table[slot] = 0
    slots[0] = slot


# _nrt=False: numba's runtime off, as the search allocates nothing (its buffers come in
# `work`); with it, counting the references of its ~30 arrays and their views at each call
# took 40% of a run of many small assemblies (DemoPieceGenerator: 10.3 -> 6.6 ms)
@njit(nogil=True, cache=True, _nrt=False)
def search_part(meta, entries, table_m, blocks, origins, n: int, members, count: int, start,
                progress, limit: int, budget: int, cancel, work) -> int:
    """Breadth-first search of one part from `start` (count, 3) offsets, resumable:
    `blocks` and `origins` are the assembly's pairs' tables (movement.py) and its pieces'
    corners. `progress` = [states stored (0: not begun), next state to expand, and once found:
    the separating state, its set, its direction; before it begins, progress[2] may say
    START_GAPS_KNOWN]. Expands at most `budget` states, keeps at most
    `limit`; `work` holds the buffers (rows, parent, hashes, slots, table, sets), reused part
    after part, which it never reallocates: when they are full it stops (GROW) for its
    caller to `grow` them and call again. Returns _FOUND, _EXHAUSTED, TOO_BIG, CANCELLED,
    BUDGET or GROW; the table is left empty once the search is over."""
    rows, parent, hashes, slots, table, sets = work[0], work[1], work[2], work[3], work[4], work[5]
    ring, tags = work[6], work[12]  # scratch: gaps of the state expanded, of a state met;
    gaps, new_gaps, ring_size = ring[0], ring[1], tags.size  # then the ring
    closed, dragged, new_closed, new_dragged = work[7][0], work[7][1], work[7][2], work[7][3]
    places, stack_in, stack_out = work[8], work[9][0], work[9][1]
    width = 3 * (count - 1)
    full = ~np.uint64(0) if count == 64 else _bit(count) - np.uint64(1)
    table_mask = table.size - 1
    stored, head = progress[0], progress[1]
    code = _EXHAUSTED
    if stored == 0:
        _begin(rows, parent, hashes, slots, table, count, start)
        stored = 1
        _places(rows, 0, count, members, origins, places)
        if progress[2] != START_GAPS_KNOWN:
            state_gaps(meta, entries, table_m, blocks, n, members, count, places, gaps)
        found_set, found_dir = _separation(gaps, count, closed, dragged)
        if found_dir >= 0:
            code = _FOUND
            progress[2], progress[3], progress[4] = 0, np.int64(found_set), found_dir
    expanded = 0
    while code == _EXHAUSTED and head < stored:
        if cancel[0]:
            code = CANCELLED
            break
        if expanded >= budget:
            code = BUDGET
            break
        if ring_size > 0 and tags[head % ring_size] == head:
            gaps = ring[2 + head % ring_size]
        else:
            gaps = ring[0]
            _places(rows, head, count, members, origins, places)
            state_gaps(meta, entries, table_m, blocks, n, members, count, places, gaps)
        for d in range(6):
            if code != _EXHAUSTED:
                break
            if d % 2 == 0:
                _closures(gaps, d, count, 1, closed, dragged)
                found_sets = _moving_sets(count, closed, dragged, sets, stack_in, stack_out)
            else:  # -a blocks as +a does reversed: what must move with i is what i drags
                found_sets = _moving_sets(count, dragged, closed, sets, stack_in, stack_out)
            if found_sets < 0:
                sets[0] = _MORE_SETS
                code = GROW
                break
            for m in range(found_sets):
                if code != _EXHAUSTED:
                    break
                inside = sets[m]
                reach = UNBOUNDED
                unit = np.uint64(0)  # the hash moved by one unit of the move
                movers = inside  # bit by bit: a set is a few of the members (never member 0)
                while movers:
                    i = lowest_bit(movers)
                    movers &= movers - np.uint64(1)
                    unit += _ROW_KEYS[3 * (i - 1) + d // 2]
                    rest = full & ~inside
                    while rest:
                        j = lowest_bit(rest)
                        rest &= rest - np.uint64(1)
                        reach = min(reach, gaps[d, i, j])
                for k in range(1, reach + 1):
                    if stored >= limit:
                        code = TOO_BIG
                        break
                    if 2 * (stored + 1) >= rows.shape[0] or 4 * (stored + 1) > table.size:
                        code = GROW
                        break
                    for c in range(width):  # the state's row, the set's pieces moved
                        rows[stored, c] = rows[head, c]
                    movers = inside
                    while movers:
                        i = lowest_bit(movers)
                        movers &= movers - np.uint64(1)
                        rows[stored, 3 * (i - 1) + d // 2] += k * _STEP[d, d // 2]
                    if d % 2 == 0:  # the row's hash, from its state's (see _ROW_KEYS)
                        h = hashes[head] + np.uint64(k) * unit
                    else:
                        h = hashes[head] - np.uint64(k) * unit
                    slot = _slot(h, table_mask)
                    seen = False
                    while table[slot] >= 0:
                        other = table[slot]
                        if hashes[other] == h:
                            seen = True
                            for c in range(width):
                                if rows[other, c] != rows[stored, c]:
                                    seen = False
                                    break
                            if seen:
                                break
                        slot = (slot + 1) & table_mask
                    if seen:
                        continue
                    table[slot] = stored
                    slots[stored] = slot
                    hashes[stored] = h
                    parent[stored] = head
                    stored += 1
                    _places(rows, stored - 1, count, members, origins, places)
                    met = new_gaps
                    if stored - 1 - head < ring_size:  # its slot's state has been expanded
                        met = ring[2 + (stored - 1) % ring_size]
                        tags[(stored - 1) % ring_size] = stored - 1
                    if not moved_gaps(meta, entries, table_m, blocks, n, members, count,
                                      places, gaps, met, inside, d // 2, k * _STEP[d, d // 2]):
                        continue  # no gap opened: no set slides out here (none did before)
                    found_set, found_dir = _separation(met, count, new_closed, new_dragged)
                    if found_dir >= 0:
                        code = _FOUND
                        progress[2], progress[3] = stored - 1, np.int64(found_set)
                        progress[4] = found_dir
                        break
        if code == _EXHAUSTED or code == _FOUND:
            head += 1
            expanded += 1
    progress[0], progress[1] = stored, head
    if code != BUDGET and code != GROW:  # over: leave the table and the ring empty
        for s in range(stored):
            table[slots[s]] = -1
        tags[:min(stored, ring_size)] = -1  # every slot used
    return code
