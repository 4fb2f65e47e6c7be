"""The numba scan (solvers/kernels/logic_scan.py, through solvers/logic/scan.py) against the
Python finders it stands for: on random candidate grids (a solved grid, some cells filled,
the others holding their solution digit and random others), each technique's scan finds a
step exactly when its finder does, the same first step where it identifies one, and the
solver's next step and whole path are the reference `techniques.next_step`'s, for every
profile, on the standard, X-Sudoku and jigsaw layouts (the scans on 16x16 too)."""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.kernels import logic_scan
from solvers.logic import scan, techniques
from solvers.logic.board import Board, Layout
from solvers.logic.profiles import PROFILES
from solvers.logic.solver import apply, solve_logically
from solvers.logic.techniques import Technique
from solvers.logic.truth import unique_solution
from solvers.puzzle.any_file import load_any

ROOT = Path(__file__).resolve().parents[2]


def layout_and_solution(name: str) -> tuple[Layout, list[int]]:
    """The houses of an asset Sudoku (standard, X, jigsaw) and its solution."""
    grid = load_any(ROOT / "assets" / "puzzles" / name).sudoku
    return Board.from_grid(grid).layout, list(unique_solution(grid))


LAYOUTS = {"standard": layout_and_solution("sudoku-reference.json"),
           "x": layout_and_solution("sudoku-x.json"),
           "jigsaw": layout_and_solution("sudoku-jigsaw.json"),
           "16x16": layout_and_solution("sudoku-16x16.json")}


def random_board(layout_name: str, seed: int, filled: float, density: float,
                 plant: bool = False) -> Board:
    """A board of the layout: each cell filled with its solution digit (chance `filled`) or
    holding it and each other digit with chance `density`; `plant`: four cells of a
    rectangle then hold two digits a, b (and, some of them, their other candidates)."""
    layout, solution = LAYOUTS[layout_name]
    rng = np.random.default_rng(seed)
    n = layout.n
    values, candidates = [0] * (n * n), [0] * (n * n)
    for cell in range(n * n):
        if rng.random() < filled:
            values[cell] = solution[cell]
        else:
            others = rng.random(n) < density
            candidates[cell] = sum(1 << d for d in range(n) if others[d]) \
                | 1 << (solution[cell] - 1)
    if plant:  # a rectangle of two rows and two columns holding the same two digits
        row1, row2, col1, col2, a, b = (int(x) for x in (*rng.choice(n, 2, replace=False),
                                                         *rng.choice(n, 2, replace=False),
                                                         *rng.choice(n, 2, replace=False)))
        for cell in (row1 * n + col1, row1 * n + col2, row2 * n + col1, row2 * n + col2):
            values[cell] = 0
            extra = candidates[cell] if rng.random() < 0.4 else 0
            candidates[cell] = 1 << a | 1 << b | extra
    return Board.with_candidates(layout, values, candidates)


FILLED = [0.0, 0.3, 0.5, 0.7]
DENSITY = [0.1, 0.25, 0.4, 0.7]


@st.composite
def boards(draw, layout_name: str) -> Board:
    return random_board(layout_name, draw(st.integers(0, 2**32 - 1)),
                        draw(st.sampled_from(FILLED)), draw(st.sampled_from(DENSITY)),
                        draw(st.booleans()))


def scan_alone(board: Board, technique: Technique) -> tuple[int, int, np.ndarray]:
    """The scan of one technique alone: 0 when it has a step (-1 if not), its code, `out`."""
    code = scan.CODES[technique.find]
    out = np.zeros(8, dtype=np.int64)
    arrays = (np.array(board.candidates, dtype=np.int64),
              np.array(board.values, dtype=np.int64), *scan.tables(board.layout))
    found = logic_scan.first_step(np.array([code], dtype=np.int64), 0, *arrays, board.n, out)
    return found, code, out


SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
SCANNED = [t for t in PROFILES["full"] if t.find in scan.CODES]
# the profiles below the chains: the scans stop there (a chain is a Python finder taken in
# its turn), and on a random board, often of no or many solutions, the forcing chains and the
# nested last resort search for minutes
BELOW_CHAINS = {name: tuple(t for t in techniques_of if t.rating < 6.2)
                for name, techniques_of in PROFILES.items()}


NINES = ["standard", "x", "jigsaw"]


@pytest.mark.parametrize("layout_name", NINES)
@SETTINGS
@given(data=st.data())
def test_each_scan_agrees_with_its_finder(layout_name, data):
    each_scan_agrees(data.draw(boards(layout_name)))


@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_each_scan_agrees_with_its_finder_on_16x16(data):
    """Fewer boards: the Python finders take a while on 16x16."""
    each_scan_agrees(data.draw(boards("16x16")))


def each_scan_agrees(board: Board) -> None:
    for technique in SCANNED:
        expected = next(technique.find(board), None)
        found, code, out = scan_alone(board, technique)
        assert (found == 0) == (expected is not None), technique.name
        if expected is not None:
            assert scan.build(board, technique, code, out) == expected, technique.name


@pytest.mark.parametrize("layout_name", NINES)
@SETTINGS
@given(data=st.data())
def test_the_next_step_is_the_reference_one(layout_name, data):
    """Along a few steps of the path from a random board, for every profile."""
    start = data.draw(boards(layout_name))
    for techniques_of in BELOW_CHAINS.values():
        board = start.copy()
        for _ in range(3):
            step = scan.next_step(board, techniques_of)
            assert step == techniques.next_step(board, techniques_of)
            if step is None:
                break
            apply(board, step)


def test_every_scanned_technique_is_met():
    """The random boards reach every scanned technique (else the tests above say little)."""
    seen = set()
    for seed in range(160):
        board = random_board("standard", seed, FILLED[seed % 4], DENSITY[seed // 4 % 4],
                             seed % 2 == 1)
        seen |= {t.name for t in SCANNED if scan_alone(board, t)[0] == 0}
    assert seen == {t.name for t in SCANNED}


def reference_path(board: Board, techniques_of) -> list:
    """The path as `techniques.next_step` takes it, one step at a time."""
    board, steps = board.copy(), []
    while not board.solved and (step := techniques.next_step(board, techniques_of)):
        apply(board, step)
        steps.append(step)
    return steps


@pytest.mark.parametrize("layout_name", NINES)
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_kernel_path_is_the_reference_path(layout_name, data):
    """The whole path the kernel runs (solve_logically) from a random board, every profile:
    the same steps, the same board at the end, and the same first steps when cut short."""
    start = data.draw(boards(layout_name))
    for techniques_of in BELOW_CHAINS.values():
        path = solve_logically(start, techniques_of)
        reference = reference_path(start, techniques_of)
        assert list(path.steps) == reference
        assert path.board.candidates == apply_all(start, path.steps).candidates
        assert list(solve_logically(start, techniques_of, max_steps=2).steps) == reference[:2]


def apply_all(board: Board, steps) -> Board:
    board = board.copy()
    for step in steps:
        apply(board, step)
    return board


def test_a_board_of_values_is_the_values_placed_one_by_one():
    """Board(layout, values) computes in one pass what placing each value does (clashing
    values included)."""
    rng = np.random.default_rng(7)
    for layout_name, (layout, _) in LAYOUTS.items():
        cells = layout.n * layout.n
        for filled in (0.1, 0.3, 0.6, 0.9):
            values = [int(v) if rng.random() < filled else 0
                      for v in rng.integers(1, layout.n + 1, cells)]
            placed = Board(layout, [0] * cells)
            for cell, value in enumerate(values):
                if value:
                    placed.place(cell, value)
            board = Board(layout, values)
            assert (board.values, board.candidates, board.digit_cells) == \
                (placed.values, placed.candidates, placed.digit_cells), layout_name


@pytest.mark.parametrize("module", ["logic_scan", "logic_path"])
def test_the_kernels_carry_the_digest_of_the_kernels_they_call(module):
    """numba keys a cached compilation on its own file's text: a kernel file changed under
    logic_scan.py or logic_path.py must change them too, or their stale compilation runs."""
    folder = ROOT / "solvers" / "kernels"
    names, recorded = importlib.import_module(f"solvers.kernels.{module}").SOURCES
    digest = hashlib.sha256(b"".join((folder / name).read_bytes() for name in names))
    assert recorded == digest.hexdigest()[:16], \
        f"set SOURCES in solvers/kernels/{module}.py to ({names!r}, {digest.hexdigest()[:16]!r})"
