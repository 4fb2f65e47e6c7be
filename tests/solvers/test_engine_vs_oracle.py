"""Property tests on random small puzzles of every polyform grid: the engine finds exactly the
oracle's solutions, and its symmetry-reduced counts equal brute force (every solution,
canonicalised under the board's symmetries)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions, allowed_shapes, neighbours, normalised, oracle_counts
from solvers import GridKind, Piece, Puzzle, Solution, solve
from solvers.placements.compile import compile_placements

BOXES = {"square": (4, 4), "hex": (4, 4), "cube": (2, 2, 3), "triangle": (4, 4, 2),
         "stick": (3, 3, 2)}


def random_board(rng: random.Random, kind: str, size: int) -> list[tuple[int, ...]]:
    """A connected region of `size` cells grown at random inside the grid's box."""
    box = BOXES[kind]
    start = tuple(rng.randrange(n) for n in box)
    board = [start]
    while len(board) < size:
        new = rng.choice(neighbours(kind, rng.choice(board)))
        if all(0 <= v < n for v, n in zip(new, box)) and new not in board:
            board.append(new)
    return board


def cut_into_pieces(rng: random.Random, kind: str, board, n_parts: int) -> list[list]:
    """Split the board into connected parts by growing regions from random seeds, so the
    puzzle has at least one solution."""
    seeds = rng.sample(board, n_parts)
    owner = {cell: i for i, cell in enumerate(seeds)}
    free = [c for c in board if c not in owner]
    while free:
        rng.shuffle(free)
        for cell in list(free):
            near = [owner[n] for n in neighbours(kind, cell) if n in owner]
            if near:
                owner[cell] = rng.choice(near)
                free.remove(cell)
    return [[c for c in board if owner[c] == i] for i in range(n_parts)]


def piece_set(rng: random.Random, kind: str, parts) -> list[tuple]:
    """(cells, count, mirror) per piece type; parts with the same allowed shapes merge into
    one type with a count, so identical copies are identical pieces."""
    types: dict[frozenset, list] = {}
    for part in parts:
        mirror = rng.random() < 0.5
        shapes = allowed_shapes(kind, part, mirror)
        if shapes in types:
            types[shapes][1] += 1
        else:
            types[shapes] = [sorted(normalised(part, kind)), 1, mirror]
    return [tuple(value) for value in types.values()]


def make_puzzle(seed: int, kind: str) -> tuple[Puzzle, list, list]:
    rng = random.Random(seed)
    size = rng.randint(4, 10 if kind != "cube" else 9)
    board = random_board(rng, kind, size)
    parts = cut_into_pieces(rng, kind, board, rng.randint(2, min(5, size)))
    pieces = piece_set(rng, kind, parts)
    puzzle = Puzzle(GridKind(kind), f"random {seed}", board=tuple(board),
                    pieces=tuple(Piece(f"p{i}", tuple(map(tuple, cells)), count, mirror)
                                 for i, (cells, count, mirror) in enumerate(pieces)))
    return puzzle, board, pieces


def engine_solutions(puzzle: Puzzle, symmetry: str) -> list[frozenset]:
    found = [e for e in solve(puzzle, symmetry) if isinstance(e, Solution)]
    return [frozenset((piece, frozenset(cells)) for piece, cells in s.pieces) for s in found]


KINDS = st.sampled_from(["square", "hex", "cube", "triangle"])
SEEDS = st.integers(0, 10**9)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seed=SEEDS, kind=KINDS)
def test_engine_finds_exactly_the_oracles_solutions(seed, kind):
    puzzle, board, pieces = make_puzzle(seed, kind)
    expected = all_solutions(kind, board, pieces)
    found = engine_solutions(puzzle, "all")
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == set(expected)


@FAST
@given(seed=SEEDS, kind=KINDS)
def test_symmetry_reduced_counts_equal_brute_force(seed, kind):
    puzzle, board, pieces = make_puzzle(seed, kind)
    expected = oracle_counts(kind, board, pieces)
    for mode, count in expected.items():
        final = list(solve(puzzle, mode, count_only=True))[-1]
        assert final.exhausted
        assert final.solutions == count, mode


def test_oracle_knows_the_classic_small_counts():
    """The oracle itself, on counts published for decades: 2x4 domino tilings (5), and the
    two L-tromino tilings of a 2x3 rectangle."""
    rectangle = [(x, y) for x in range(4) for y in range(2)]
    assert len(all_solutions("square", rectangle, [([(0, 0), (1, 0)], 4, True)])) == 5
    tromino = [(0, 0), (1, 0), (0, 1)]
    assert len(all_solutions("square", [(x, y) for x in range(3) for y in range(2)],
                             [(tromino, 2, True)])) == 2


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(BOXES)), seed=st.integers(0, 2**32 - 1))
def test_pieces_that_fit_nowhere_are_those_with_no_placement(kind, seed):
    """The status line's quick check (no placements built) names exactly the pieces that
    have no placement at all, on random boards with random pieces cut from other boards."""
    rng = random.Random(seed)
    board = random_board(rng, kind, rng.randint(1, 10))
    shapes = [part for _ in range(3) for part in cut_into_pieces(
        rng, kind, random_board(rng, kind, rng.randint(3, 9)), 2)]
    pieces = tuple(Piece(f"p{i}", cells, mirror=rng.random() < 0.5)
                   for i, cells in enumerate(shapes))
    puzzle = Puzzle(GridKind(kind), "random", board=tuple(board), pieces=pieces)
    placed = set(compile_placements(puzzle, prune=False).row_piece.tolist())
    assert puzzle.pieces_that_fit_nowhere() == [p.name for i, p in enumerate(pieces)
                                                if i not in placed]
