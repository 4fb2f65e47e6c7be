"""'all' and 'rotations' by expanding the orbits of the distinct solutions, against the direct
search of the bigger tree (the kernel run in that mode) and against the brute-force oracle, on
every shipped polyform puzzle and on random symmetric boards, where symmetric solutions (with
smaller orbits) are common."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions, board_symmetries as oracle_symmetries, count_classes
from solvers import GridKind, Piece, Puzzle, Solution, solve
from solvers.placements.compile import compile_placements
from solvers.placements.row_images import row_images
from solvers.placements.symmetry import board_symmetries
from solvers.puzzle.fileformat import load_puzzle
from solvers.puzzle.grids import is_rotation
from solvers.search.choice import make_search
from test_engine_vs_oracle import cut_into_pieces, piece_set

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
SHIPPED_POLYFORMS = ["meteor.json", "soma.json", "pentominoes-6x10.json",
                     "pentominoes-5x12.json", "pentominoes-3x20.json", "no-solution.json"]


def direct_rows(puzzle: Puzzle, mode: str) -> set[tuple[int, ...]]:
    """Every solution of `mode` from the kernel searching that mode's own tree."""
    search, _ = make_search(puzzle, compile_placements(puzzle), mode)
    found: set[tuple[int, ...]] = set()
    search.run(0)
    while not search.finished:
        search.run(1_000_000)
        found.update(tuple(sorted(rows)) for rows in search.take_solutions().tolist())
    return found


def expanded_rows(puzzle: Puzzle, mode: str) -> list[tuple[int, ...]]:
    return [event.rows for event in solve(puzzle, mode) if isinstance(event, Solution)]


def rotation_classes(puzzle: Puzzle, solutions) -> list[frozenset]:
    """Each solution's class under the board's rotations, as the set of its images."""
    placements = compile_placements(puzzle)
    symmetries = board_symmetries(puzzle, "distinct")
    table = np.concatenate([np.arange(placements.n_rows)[None, :],
                            row_images(placements, symmetries)])
    rotations = table[[is_rotation(s.matrix) for s in symmetries]]
    return [frozenset(tuple(sorted(image)) for image in rotations[:, list(rows)].tolist())
            for rows in solutions]


def assert_expansion_is_exact(puzzle: Puzzle) -> None:
    everything = expanded_rows(puzzle, "all")
    assert len(everything) == len(set(everything)), "a solution was listed twice"
    assert set(everything) == direct_rows(puzzle, "all")
    listed = expanded_rows(puzzle, "rotations")
    classes = rotation_classes(puzzle, listed)
    assert len(set(classes)) == len(listed), "two listed solutions differ only by a rotation"
    assert set(classes) == set(rotation_classes(puzzle, direct_rows(puzzle, "rotations")))
    for mode, listed_now in (("all", everything), ("rotations", listed)):
        final = list(solve(puzzle, mode, count_only=True))[-1]
        assert final.exhausted and final.solutions == len(listed_now)


@pytest.mark.parametrize("name", SHIPPED_POLYFORMS)
def test_expanding_the_distinct_solutions_gives_every_solution_of_each_mode(name):
    assert_expansion_is_exact(load_puzzle(ASSETS / name))


def test_symmetric_solutions_have_smaller_orbits():
    """Domino tilings of a 4x4 square (36 in all) and of a 2x2x2 cube (9 in all): many are
    fixed by a symmetry, so the orbits have different sizes."""
    domino = ((0, 0), (1, 0))
    square = Puzzle(GridKind.SQUARE, "4x4 dominoes",
                    board=tuple((x, y) for x in range(4) for y in range(4)),
                    pieces=(Piece("d", domino, 8),))
    cube = Puzzle(GridKind.CUBE, "2x2x2 dominoes",
                  board=tuple((x, y, z) for x in range(2) for y in range(2) for z in range(2)),
                  pieces=(Piece("d", ((0, 0, 0), (1, 0, 0)), 4),))
    for puzzle in (square, cube):
        assert_expansion_is_exact(puzzle)
    assert len(expanded_rows(square, "all")) == 36
    assert len(expanded_rows(cube, "all")) == 9


def test_images_with_equal_hashes_are_compared_row_by_row(monkeypatch):
    """Orbits are told apart by hashes of the images; a solution with two equal hashes is
    compared row by row, so even hashes that all collide give exact counts."""
    from solvers.search.orbits import OrbitExpander

    real_init = OrbitExpander.__init__

    def colliding(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self._image_hashes = np.zeros_like(self._image_hashes)  # every image hashes alike
        self._rotation_hashes = np.zeros_like(self._rotation_hashes)

    monkeypatch.setattr(OrbitExpander, "__init__", colliding)
    assert_expansion_is_exact(load_puzzle(ASSETS / "pentominoes-3x20.json"))
    square = Puzzle(GridKind.SQUARE, "4x4 dominoes",
                    board=tuple((x, y) for x in range(4) for y in range(4)),
                    pieces=(Piece("d", ((0, 0), (1, 0)), 8),))
    assert_expansion_is_exact(square)


SYMMETRIC_BOARDS = {
    "square 4x3": ("square", [(x, y) for x in range(4) for y in range(3)]),
    "square 4x4": ("square", [(x, y) for x in range(4) for y in range(4)]),
    "hexagon of 7": ("hex", [(q, r) for q in range(-1, 2) for r in range(-1, 2)
                             if -1 <= q + r <= 1]),
    "box 2x2x3": ("cube", [(x, y, z) for x in range(2) for y in range(2) for z in range(3)]),
}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(sorted(SYMMETRIC_BOARDS)), seed=st.integers(0, 2**32 - 1))
def test_expansion_on_random_pieces_of_symmetric_boards(shape, seed):
    rng = random.Random(seed)
    kind, board = SYMMETRIC_BOARDS[shape]
    parts = cut_into_pieces(rng, kind, board, rng.randint(2, min(5, len(board) // 2)))
    pieces = piece_set(rng, kind, parts)
    puzzle = Puzzle(GridKind(kind), f"random {seed}", board=tuple(board),
                    pieces=tuple(Piece(f"p{i}", tuple(map(tuple, cells)), count, mirror)
                                 for i, (cells, count, mirror) in enumerate(pieces)))
    assert_expansion_is_exact(puzzle)
    oracle = all_solutions(kind, board, pieces)
    rotations = oracle_symmetries(kind, board, pieces, "rotations")
    assert len(expanded_rows(puzzle, "all")) == len(oracle)
    assert len(expanded_rows(puzzle, "rotations")) == count_classes(oracle, rotations)
