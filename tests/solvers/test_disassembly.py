"""The disassembler on assemblies made for it, and on random small ones against the plain
oracle (tests/solvers/disassembly_oracle.py): the fewest moves to the first separation,
whether it comes apart at all, groups, and the moves it records."""

from __future__ import annotations

import random

import numpy as np
import pytest

import disassembly_oracle as oracle
from move_checks import check_moves
from puzzles import BURRTOOLS
from solvers.disassembly.analyser import analyse_pieces
from solvers.disassembly.moves import take_apart_pieces
from solvers.disassembly.verdicts import level_of, summary, tree_of
from solvers.kernels.status import LOCKED, SINGLE, SOLUTION


def block(size, without=()):
    """The cells of a box of `size` (x, y, z), less `without`."""
    sx, sy, sz = size
    gone = set(map(tuple, without))
    return {(x, y, z) for x in range(sx) for y in range(sy) for z in range(sz)} - gone


def maze(path):
    """Two pieces: a block with a tunnel along `path` (cells in the middle layer z = 1, the
    first at the tunnel's closed end, the last on the block's rim), and a cube at its end:
    the cube leaves by one move per straight run of the tunnel."""
    xs = [x for x, _ in path]
    ys = [y for _, y in path]
    last = (path[-1][0] - path[-2][0], path[-1][1] - path[-2][1])  # it leaves this way
    size = (max(xs) + 1 + (last != (1, 0)), max(ys) + 1 + (last != (0, 1)), 3)
    tunnel = [(x, y, 1) for x, y in path]
    holder = block(size, tunnel)
    return [holder, {tunnel[0]}]


def straight_runs(path) -> int:
    runs, last = 0, None
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        direction = (x1 - x0, y1 - y0)
        runs += direction != last
        last = direction
    return runs


# tunnels from the middle of a block to its rim: 1, 2, 3 and 5 straight runs
TUNNELS = {
    1: [(1, 1), (2, 1), (3, 1)],
    2: [(1, 1), (2, 1), (2, 2), (2, 3)],
    3: [(1, 1), (1, 2), (2, 2), (3, 2), (3, 3), (3, 4)],
    5: [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (2, 3), (1, 3), (1, 4), (1, 5), (2, 5), (3, 5),
        (4, 5), (5, 5)],
}


@pytest.mark.parametrize("runs", sorted(TUNNELS))
def test_a_cube_in_a_tunnel_needs_a_move_per_straight_run(runs):
    path = TUNNELS[runs]
    assert straight_runs(path) == runs
    pieces = maze(path)
    verdict = analyse_pieces(pieces)
    assert verdict[0] == SOLUTION
    assert summary(verdict) == ((runs,), runs)
    assert oracle.first_separation(pieces) == runs


def test_a_cube_shut_in_does_not_come_apart():
    shell = block((3, 3, 3), [(1, 1, 1)])
    verdict = analyse_pieces([shell, {(1, 1, 1)}])
    assert verdict[0] == LOCKED
    assert not oracle.comes_apart([shell, {(1, 1, 1)}])


def test_pieces_that_lock_come_apart_as_a_group_only_when_allowed():
    """A shell with a cube shut in it, and a lid beside them: the lid comes off, the shell
    and its cube stay; a solution only when they share a group."""
    shell = block((3, 3, 3), [(1, 1, 1)])
    lid = {(x, y, 3) for x in range(3) for y in range(3)}
    pieces = [shell, {(1, 1, 1)}, lid]
    assert analyse_pieces(pieces)[0] == LOCKED
    grouped = analyse_pieces(pieces, [1, 1, 0])
    assert grouped[0] == SOLUTION
    assert tree_of(grouped).moves == 1  # the lid lifts off; the group needs nothing more
    assert analyse_pieces(pieces, [1, 2, 0])[0] == LOCKED  # two groups: not one
    assert oracle.comes_apart(pieces, [{"A"}, {"A"}, set()])
    assert not oracle.comes_apart(pieces, [{"A"}, {"B"}, set()])


def test_a_single_piece_is_not_a_solution():
    """As BurrTools counts: an assembly of one piece has nothing to take apart."""
    assert analyse_pieces([block((2, 1, 1))])[0] == SINGLE


def test_the_level_counts_the_separations_that_need_moves():
    """A cube in a two-run tunnel of a block, and a slab lying on the block: the slab lifts
    off first (1 move), then the cube takes its tunnel (2): level 1.2, 3 moves."""
    holder, cube = maze(TUNNELS[2])
    slab = {(x, y, 3) for x in range(4) for y in range(5)}
    verdict = analyse_pieces([holder, cube, slab])
    assert verdict[0] == SOLUTION
    assert summary(verdict) == ((1, 2), 3)
    assert level_of(tree_of(verdict)) == (1, 2)


def random_assembly(rng: random.Random, size, pieces: int, holes: int):
    """A box of `size` cut into `pieces` connected pieces, grown from random seeds, with
    `holes` cells left empty (room to move)."""
    cells = sorted(block(size))
    empty = set(rng.sample(cells, holes))
    free = [c for c in cells if c not in empty]
    owner = {c: None for c in free}
    seeds = rng.sample(free, pieces)
    for number, seed in enumerate(seeds):
        owner[seed] = number
    frontier = list(seeds)
    while frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        x, y, z = cell
        for step in oracle.DIRECTIONS:
            near = (x + step[0], y + step[1], z + step[2])
            if near in owner and owner[near] is None:
                owner[near] = owner[cell]
                frontier.append(near)
    shapes = [set() for _ in range(pieces)]
    for cell, number in owner.items():
        if number is not None:
            shapes[number].add(cell)
    return [shape for shape in shapes if shape]


def caged_assembly(rng: random.Random):
    """A box shell (3 cells high) with a few cells of its faces taken out, and one to three
    random pieces inside: often locked in, often out after a few moves."""
    sx, sy = rng.choice([(4, 4), (5, 4), (5, 5)])
    outer = block((sx, sy, 3))
    inner = {(x, y, 1) for x in range(1, sx - 1) for y in range(1, sy - 1)}
    shell = outer - inner
    faces = [c for c in shell if sum(v in (0, m - 1) for v, m in zip(c, (sx, sy, 3))) == 1]
    shell -= set(rng.sample(faces, rng.randint(2, 5)))
    count = min(rng.randint(1, 3), (sx - 2) * (sy - 2) - 1)
    inside = random_assembly(rng, (sx - 2, sy - 2, 1), count, rng.randint(0, 1))
    return [shell] + [{(x + 1, y + 1, z + 1) for x, y, z in piece} for piece in inside]


def oracle_verdict(pieces):
    """(comes apart, fewest moves to the first separation), or None when the case is too
    big for the oracle."""
    try:
        return oracle.comes_apart(pieces), oracle.first_separation(pieces)
    except oracle.TooBig:
        return None


CAGE_SEEDS = range(100)


@pytest.mark.slow
@pytest.mark.parametrize("seed", CAGE_SEEDS)
def test_random_caged_assemblies_agree_with_the_oracle(seed):
    pieces = caged_assembly(random.Random(seed))
    verdict = analyse_pieces(pieces)
    expected = oracle_verdict(pieces)
    if expected is None:
        pytest.skip("too big for the oracle (MAX_STATES, MAX_WALKED)")
    apart, first = expected
    assert (verdict[0] == SOLUTION) == apart
    if apart:
        assert tree_of(verdict).moves == first
        taken = take_apart_pieces(pieces)
        assert taken.level == summary(verdict)[0]
        check_moves(taken)
    else:
        assert verdict[0] == LOCKED


@pytest.mark.parametrize("seed", range(30))
def test_random_packed_boxes_agree_with_the_oracle(seed):
    """Boxes cut into pieces (with a few holes): they come apart, at level 1 mostly."""
    rng = random.Random(seed)
    size = rng.choice([(3, 3, 2), (4, 3, 2), (3, 2, 2), (4, 2, 2), (3, 3, 3)])
    pieces = random_assembly(rng, size, rng.randint(2, 4), rng.randint(0, 3))
    verdict = analyse_pieces(pieces)
    assert (verdict[0] == SOLUTION) == oracle.comes_apart(pieces)
    assert tree_of(verdict).moves == oracle.first_separation(pieces)
    check_moves(take_apart_pieces(pieces))


def test_the_random_cages_exercise_every_outcome():
    """The caged cases are no formality: most of them lock, a good share come apart, some
    after moves, some at a level of several numbers."""
    verdicts, levels = [], []
    for seed in CAGE_SEEDS:
        verdict = analyse_pieces(caged_assembly(random.Random(seed)))
        verdicts.append(int(verdict[0]))
        if verdict[0] == SOLUTION:
            levels.append(summary(verdict)[0])
    assert verdicts.count(LOCKED) >= 40 and verdicts.count(SOLUTION) >= 8
    assert any(level[0] > 1 or len(level) > 1 for level in levels)


def test_budgeted_analysis_gives_the_same_verdicts():
    """An analysis stopped every few states and resumed ends as one run straight through."""
    from solvers.disassembly.analyser import Disassembler, analyse_all
    from solvers.puzzle.burrtools import load_burrtools
    from solvers.search.prepare import prepare_puzzle
    from solvers.search.slices import SlicedSearch

    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    prepared = prepare_puzzle(puzzle, "distinct")
    sliced = SlicedSearch(prepared, prepared.new_search(), record=True)
    rows = []
    while not sliced.search.finished:
        rows.append(sliced._search_slice(0))
    rows = np.concatenate(rows)
    disassembler = Disassembler(puzzle, prepared.placements)
    whole = analyse_all(disassembler, rows)
    piecemeal = disassembler.block(rows)
    cancel = np.zeros(1, dtype=np.int64)
    calls = 0
    while not piecemeal.run(50, cancel):
        calls += 1
    assert calls > 100  # the 98-move search was cut many times
    assert np.array_equal(piecemeal.verdicts, whole)
    assert sorted(summary(v)[0] for v in whole if v[0] == SOLUTION) == [(98, 2, 4, 2)]


@pytest.mark.parametrize("ring", [1, 3, 8])
def test_a_small_ring_of_gaps_gives_the_same_verdicts(monkeypatch, ring):
    """The search keeps the gaps of the states waiting to be expanded in a ring; when more
    wait than it holds, they are worked out again. A ring of 1, 3 or 8 states (most states
    then fall outside it, and its slots are reused) must change no verdict, level or move."""
    from solvers.disassembly import analyser

    cases = [caged_assembly(random.Random(seed)) for seed in range(40)]
    cases.append(list(maze(TUNNELS[3])))
    expected = [analyse_pieces(pieces) for pieces in cases]
    default_work = analyser.new_work

    def small_ring(copies: int):
        work = default_work(copies)
        return work[:6] + (work[6][:2 + ring],) + work[7:12] + (work[12][:ring],)

    pelikan = pelikan_solution()
    moves = take_apart_pieces(pelikan).moves  # 108 of them, over thousands of states
    monkeypatch.setattr(analyser, "new_work", small_ring)
    assert small_ring(3)[12].size == ring
    for pieces, verdict in zip(cases, expected):
        assert np.array_equal(analyse_pieces(pieces), verdict)
    assert take_apart_pieces(pelikan).moves == moves


def pelikan_solution() -> list:
    """The cells of the pieces of PelikanBurr's one solution."""
    from solvers import Solution, solve
    from solvers.disassembly.analyser import Disassembler
    from solvers.puzzle.burrtools import load_burrtools

    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    solution = next(event for event in solve(puzzle) if isinstance(event, Solution)
                    and event.verdict[0] == SOLUTION)
    disassembler = Disassembler(puzzle, solution.placements)
    shapes, origins, _ = disassembler.pieces_of(np.array(solution.rows))
    return [disassembler.cells_of(shape, origin) for shape, origin in zip(shapes, origins)]
