"""The disassembler's collision tables (solvers/kernels/movement.py): every gap they give is
the one found by sliding the cells, and a pair's tables are one bit word per line key; and
the search that reads them (kernels/disassembly.py) runs without reference counting."""

from __future__ import annotations

import numpy as np

from solvers.kernels import movement
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
    found, cache = movement.assembly_blocks(movement.new_cache(np.int64(4)), cells, starts,
                                            np.array([0, 1], dtype=np.int64))
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
