"""The disassembler's collision tables (solvers/kernels/collision_tables.py builds them,
movement.py reads them): every gap they give is the one found by sliding the cells, and a
pair's tables are one bit word per line key; and
the search that reads them (kernels/disassembly.py) runs without reference counting."""

from __future__ import annotations

import numpy as np

from solvers.kernels import collision_tables, movement
from solvers.kernels.movement import UNBOUNDED

AXES = ((0, 1, 2), (1, 0, 2), (2, 0, 1))  # axis a, then its two others in increasing order


def slid_gaps(first: set, second: set, axis: int) -> tuple[int, int]:
    """(forward, backward): how far the cells `first` slide along +axis and -axis before one
    lands on a cell of `second`, found by sliding them a unit at a time."""
    reach = max(abs(c[axis]) for c in first | second) * 2 + 2
    gaps = []
    for sign in (1, -1):
        step = tuple(sign if a == axis else 0 for a in range(3))
        gap = UNBOUNDED
        for k in range(1, reach + 1):
            if {tuple(c[a] + k * step[a] for a in range(3)) for c in first} & second:
                gap = k - 1
                break
        gaps.append(gap)
    return gaps[0], gaps[1]


def random_shape(rng: np.random.Generator, extent: tuple[int, int, int]) -> np.ndarray:
    cells = np.unique(rng.integers(0, extent, size=(int(rng.integers(1, 7)), 3)), axis=0)
    return cells - cells.min(axis=0)


def pair_cache(first: np.ndarray, second: np.ndarray):
    """(the pair's first pa, the cache holding its tables)."""
    cells = np.concatenate([first, second]).astype(np.int64)
    starts = np.array([0, len(first), len(cells)], dtype=np.int64)
    found, cache = collision_tables.assembly_blocks(collision_tables.new_cache(np.int64(4)),
                                                    cells, starts, np.array([0, 1], np.int64))
    return int(found[0]), cache


def test_gaps_are_those_of_sliding_the_cells():
    rng = np.random.default_rng(30)
    checked = 0
    for trial in range(120):
        # every sixth pair is long along x (beyond a 64-bit word: a key's bits in two words)
        extent = (70, 2, 2) if trial % 6 == 0 else (3, 3, 3)
        first, second = random_shape(rng, extent), random_shape(rng, extent)
        pa, cache = pair_cache(first, second)
        meta, entries, table = cache[0], cache[1], cache[2]
        for _ in range(12):
            place = rng.integers(-4, 5, size=3)
            place[0] = rng.integers(-75, 76) if trial % 6 == 0 else place[0]
            cells_i = {tuple(c) for c in first.tolist()}
            cells_j = {tuple(c) for c in (second + place).tolist()}
            if cells_i & cells_j:
                continue
            for a, b, c in AXES:
                got = movement.pair_gaps(meta, entries, table, pa + a, place[a], place[b],
                                         place[c])
                assert tuple(got) == slid_gaps(cells_i, cells_j, a), (first, second, place, a)
                checked += 1
    assert checked > 2000


def test_a_pairs_tables_are_one_word_per_line_key():
    """What made the tables cheap to build: a key's deltas are bits of one word (shapes
    shorter than 64 cells), written once per pair of cells, not a table of every place."""
    rng = np.random.default_rng(7)
    first, second = random_shape(rng, (4, 4, 4)), random_shape(rng, (4, 4, 4))
    _, cache = pair_cache(first, second)
    used = cache[5]
    high_i, high_j = first.max(axis=0), second.max(axis=0)
    keys = sum((high_i[b] + high_j[b] + 1) * (high_i[c] + high_j[c] + 1) for _, b, c in AXES)
    assert used[1] == 0  # no entries: a word's lowest and highest bits are its extremes
    assert used[2] == keys  # table: one word of bits a key


def test_a_parts_search_runs_without_reference_counting():
    """A part's search allocates nothing, so it is compiled without numba's runtime: its
    arrays' references are not counted at each call (40% of DemoPieceGenerator's analysis)
    and an allocation added to it fails to compile instead of slowing it down."""
    from solvers.kernels import disassembly

    assert disassembly.search_part.targetoptions["_nrt"] is False


def test_a_moves_hash_is_its_rows():
    """A state's hash is worked out from the state it was reached from (its pieces' keys
    times the distance), not from its row: each stored one must be the hash of its row, or
    states met twice would be kept twice."""
    from solvers.disassembly.analyser import begin_pieces, kernels
    from solvers.kernels.disassembly import _row_hash
    from solvers.kernels.status import ANALYSIS_WORK
    from test_disassembly import TUNNELS, block

    tunnel = [(x, y, 1) for x, y in TUNNELS[5]]
    holder = block((6, 7, 3), tunnel)  # two cubes in the tunnel: the outer one pushes
    state = begin_pieces([holder, {tunnel[0]}, {tunnel[1]}], None, False)
    cancel = np.zeros(1, dtype=np.int64)
    _, _, state = kernels().run(state, 1 << 20, 8, cancel, False)  # the whole's search, begun
    rows, hashes = state[ANALYSIS_WORK][0], state[ANALYSIS_WORK][2]
    part = state[14]  # [states stored, ...]
    assert part[0] > 8
    for s in range(int(part[0])):
        assert hashes[s] == _row_hash(rows, s, 6), s


def test_closures_as_bits_are_those_of_following_the_gaps():
    """The sets that must move together (disassembly._closures, bit operations without a
    branch per pair) are those found by following the gaps below the bound, piece by piece."""
    from solvers.kernels.disassembly import _closures

    rng = np.random.default_rng(11)
    for _ in range(60):
        count = int(rng.integers(2, 9))
        gaps = rng.choice([0, 0, 1, 2, UNBOUNDED], size=(6, count, count)).astype(np.int64)
        d, bound = int(rng.integers(0, 6)), int(rng.choice([1, UNBOUNDED]))
        closed, dragged = np.zeros(count, np.uint64), np.zeros(count, np.uint64)
        _closures(gaps, d, count, bound, closed, dragged)
        reached = []
        for i in range(count):
            seen, waiting = {i}, [i]
            while waiting:
                k = waiting.pop()
                for j in range(count):
                    if j != k and gaps[d, k, j] < bound and j not in seen:
                        seen.add(j)
                        waiting.append(j)
            reached.append(seen)
            assert int(closed[i]) == sum(1 << j for j in seen), (gaps[d], i)
        for p in range(count):
            assert int(dragged[p]) == sum(1 << i for i in range(count) if p in reached[i])


def held_by_first(gaps: np.ndarray, d: int, count: int) -> set[int]:
    """The members that cannot slide along d without member 0: those that meet it on their
    way, those that meet them... (followed member by member)."""
    held, grown = {0}, True
    while grown:
        grown = False
        for i in range(count):
            if i not in held and any(gaps[d, i, j] < UNBOUNDED for j in held):
                held.add(i)
                grown = True
    return held


def test_a_state_is_separable_when_some_member_is_not_held_by_the_first():
    """disassembly._separable (the members held by member 0 grown a member at a time, as
    bits) against following the gaps: some set slides out for good exactly when, along some
    direction, some member is not held back by member 0."""
    from solvers.kernels.disassembly import _separable

    rng = np.random.default_rng(5)
    answers = set()
    for _ in range(300):
        count = int(rng.integers(2, 8))
        sliding = rng.choice([0, 3, UNBOUNDED, UNBOUNDED], size=(3, count, count))
        gaps = np.empty((6, count, count), np.int64)
        gaps[0::2] = sliding  # gaps[-a, i, j] = gaps[+a, j, i]
        gaps[1::2] = sliding.transpose(0, 2, 1)
        expected = any(len(held_by_first(gaps, d, count)) < count for d in range(6))
        forward, backward = np.zeros(count, np.uint64), np.zeros(count, np.uint64)
        assert _separable(gaps, count, forward, backward) == expected, gaps
        answers.add(expected)
    assert answers == {True, False}


def test_the_gaps_after_a_slide_are_those_worked_out_anew():
    """movement.moved_gaps (the pairs a slide parts or brings together looked up again, their
    gaps along the slide's axis moved by its distance) gives the gaps state_gaps works out
    for the pieces where the slide put them, and says whether a gap opened for good."""
    rng = np.random.default_rng(3)
    checked, answers = 0, set()
    for _ in range(1500):
        shapes = [random_shape(rng, (3, 3, 3)) for _ in range(4)]
        cells = np.concatenate(shapes).astype(np.int64)
        starts = np.cumsum([0] + [len(s) for s in shapes]).astype(np.int64)
        members = np.arange(4, dtype=np.int64)
        blocks, cache = collision_tables.assembly_blocks(
            collision_tables.new_cache(np.int64(4)), cells, starts, members)
        places = rng.integers(-4, 5, size=(4, 3)).astype(np.int64)
        occupied = [{tuple(c) for c in (s + p).tolist()} for s, p in zip(shapes, places)]
        if sum(map(len, occupied)) != len(set().union(*occupied)):
            continue  # pieces overlap: not a state
        before = np.empty((6, 4, 4), np.int64)
        movement.state_gaps(cache[0], cache[1], cache[2], blocks, 4, members, 4, places,
                            before)
        moved = int(rng.integers(1, 15))  # a set of the four, not all of them
        axis, sign = int(rng.integers(0, 3)), int(rng.choice([1, -1]))
        d = 2 * axis + (sign < 0)
        reach = min(before[d, i, j] for i in range(4) for j in range(4)
                    if moved >> i & 1 and not moved >> j & 1)
        if reach == 0 or reach >= UNBOUNDED:
            continue  # it cannot slide, or slides out for good
        shift = sign * int(rng.integers(1, reach + 1))
        for i in range(4):
            if moved >> i & 1:
                places[i, axis] += shift
        updated, anew = np.empty_like(before), np.empty_like(before)
        opened = movement.moved_gaps(cache[0], cache[1], cache[2], blocks, 4, members, 4,
                                     places, before, updated, np.uint64(moved), axis, shift)
        movement.state_gaps(cache[0], cache[1], cache[2], blocks, 4, members, 4, places, anew)
        for i in range(4):  # the diagonal is never written
            updated[:, i, i] = anew[:, i, i] = before[:, i, i] = 0
        assert np.array_equal(updated, anew), (moved, axis, shift)
        assert opened == bool(((anew >= UNBOUNDED) & (before < UNBOUNDED)).any())
        answers.add(opened)
        checked += 1
    assert checked > 100
    assert answers == {True, False}  # slides that open a gap for good, and slides that do not


def test_the_pairs_of_one_shape_spread_over_the_cache_slots():
    """A pair's key is its first shape times SHAPES plus its second: the slot it hashes to
    depends on both shapes, so the pairs one shape makes with many others do not pile up in
    one run of slots (each look-up then walking the run)."""
    empty = np.zeros(1024, np.int64)
    for second in (1, 7, 300):
        homes = {collision_tables._probe(empty, first * collision_tables.SHAPES + second + 1)
                 for first in range(64)}
        assert len(homes) >= 48, (second, len(homes))
