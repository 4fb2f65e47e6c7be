"""The interpreted tier (solvers/search/interpreted.py) against the numba kernels it stands in
for: the live-set kernel's tree node for node (nodes, solutions in order, branching per
depth) on random puzzles of every grid and on the shipped ones, paused and resumed anywhere,
stopped at a solution limit; numpy's orbit expansion against the orbit kernels; and which
runs take the tier."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import SYMMETRY_MODES, Piece, solve
from solvers.kernels import orbits as orbit_kernels
from solvers.placements.compile import compile_placements
from solvers.placements.symmetry import board_symmetries, plan_symmetry
from solvers.puzzle.fileformat import load_puzzle
from solvers.search import interpreted
from solvers.search import orbits as orbit_module
from solvers.search.interpreted import InterpretedLiveSetSearch, quick_search
from solvers.search.live_sets import LiveSetSearch, suits_live_sets
from solvers.search.orbits import OrbitExpander
from solvers.search.prepare import prepare_puzzle
from test_engine_vs_oracle import make_puzzle
from test_live_sets import ASSETS, DOMINO, cube_box, run_to_end, solvable

KINDS = st.sampled_from(["square", "hex", "cube"])
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def both(puzzle, mode: str):
    placements = compile_placements(puzzle)
    plan = plan_symmetry(puzzle, placements, mode)
    return InterpretedLiveSetSearch(placements, plan), LiveSetSearch(placements, plan)


def assert_same_tree(puzzle, mode: str, budget: int = 10**9) -> None:
    python, kernel = both(puzzle, mode)
    found, expected = run_to_end(python, budget), run_to_end(kernel)
    assert found == expected, mode  # the same solutions, in the same order
    assert (python.nodes, python.solutions) == (kernel.nodes, kernel.solutions), mode
    assert np.array_equal(python.branching_by_depth(), kernel.branching_by_depth()), mode
    assert python.fraction_done == 1.0


@FAST
@given(seed=st.integers(0, 10**9), kind=KINDS)
def test_the_live_set_kernels_tree_node_for_node(seed, kind):
    puzzle, _, _ = make_puzzle(seed, kind)
    if not solvable(puzzle) or not suits_live_sets(compile_placements(puzzle)):
        return
    for mode in SYMMETRY_MODES:
        assert_same_tree(puzzle, mode)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), kind=KINDS, budget=st.integers(1, 7),
       mode=st.sampled_from(SYMMETRY_MODES))
def test_paused_every_few_nodes_it_resumes_exactly(seed, kind, budget, mode):
    puzzle, _, _ = make_puzzle(seed, kind)
    if solvable(puzzle) and suits_live_sets(compile_placements(puzzle)):
        assert_same_tree(puzzle, mode, budget)


@pytest.mark.parametrize("mode", SYMMETRY_MODES)
def test_soma_and_boxes_of_one_repeated_piece_in_every_mode(mode):
    """Soma (a restricted piece, symmetric solutions) and dominoes (no piece restricted)."""
    assert_same_tree(load_puzzle(ASSETS / "soma.json"), mode)
    for box in (cube_box(2, 2, 2, (Piece("d", DOMINO, 4),)),
                cube_box(2, 2, 3, (Piece("d", DOMINO, 6),))):
        assert_same_tree(box, mode)


def test_a_solution_limit_stops_it_and_it_goes_on_from_there():
    python, kernel = both(load_puzzle(ASSETS / "soma.json"), "distinct")
    python.run(10**9, solution_limit=5)
    assert python.solutions == 5 and not python.finished
    first = python.take_solutions()
    python.run(10**9)
    kernel.run(10**9)
    rest = python.take_solutions()
    assert np.array_equal(np.concatenate([first, rest]), kernel.take_solutions())


def test_a_small_tree_is_searched_here_and_a_large_one_left_to_the_kernel(monkeypatch):
    soma = prepare_puzzle(load_puzzle(ASSETS / "soma.json"), "all")
    done = quick_search(soma, record=True)
    assert done is not None and done[0].finished and done[0].nodes <= interpreted.QUICK_NODES
    bedlam = prepare_puzzle(load_puzzle(ASSETS / "mini-bedlam.json"), "distinct")
    tried = []

    class Watched(InterpretedLiveSetSearch):
        def __init__(self, *args) -> None:
            super().__init__(*args)
            tried.append(self)

    monkeypatch.setattr(interpreted, "InterpretedLiveSetSearch", Watched)
    assert quick_search(bedlam, record=False) is None  # millions of nodes: the kernel's
    assert tried[0].nodes == interpreted.CHECK_NODES  # given up at the first look
    meteor = prepare_puzzle(load_puzzle(ASSETS / "meteor.json"), "distinct")
    assert meteor.kernel == "bitboard" and quick_search(meteor, record=False) is None


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_run_counts_and_gives_out_the_same_solutions_either_way(monkeypatch, jobs):
    """Whole runs, with the tier and with it disabled: counts, nodes and solutions agree."""
    puzzle = load_puzzle(ASSETS / "soma.json")

    def run():
        events = list(solve(puzzle, "rotations", jobs=jobs))
        rows = sorted(tuple(e.rows) for e in events if hasattr(e, "rows") and e.rows)
        return events[-1].solutions, events[-1].nodes, events[-1].exhausted, rows

    with_tier = run()
    monkeypatch.setattr(interpreted, "QUICK_NODES", 0)  # every tree left to the kernel
    assert run() == with_tier
    assert with_tier[0] == len(with_tier[3]) and with_tier[2]


@pytest.mark.parametrize("mode", ["all", "rotations"])
def test_numpy_expands_orbits_as_the_kernels_do(monkeypatch, mode):
    puzzle = load_puzzle(ASSETS / "soma.json")
    prepared = prepare_puzzle(puzzle, "distinct")
    distinct = np.sort(quick_search(prepared, record=True)[0].take_solutions(), axis=1)
    placements = prepared.placements
    expander = OrbitExpander(puzzle, placements, mode, board_symmetries(puzzle, "distinct"))
    assert distinct.size * len(expander.images) <= orbit_module.NUMPY_IMAGES  # numpy's case
    by_numpy = expander.expand(distinct), expander.counts(distinct)
    hashes = orbit_module._image_hashes(expander._image_hashes, distinct)
    monkeypatch.setattr(orbit_module, "NUMPY_IMAGES", 0)
    by_kernels = expander.expand(distinct), expander.counts(distinct)
    assert np.array_equal(by_numpy[0], by_kernels[0]) and np.array_equal(by_numpy[1], by_kernels[1])
    assert np.array_equal(hashes, orbit_kernels.image_hashes_of(expander._image_hashes, distinct))


def test_a_kernel_named_to_solve_is_the_one_run(monkeypatch):
    """Benchmarks time the kernel they name: the interpreted tier is not even tried."""
    from solvers.search.solve import count_solutions

    def refused(*args, **kwargs):
        raise AssertionError("the interpreted tier ran for a named kernel")

    monkeypatch.setattr(interpreted, "quick_search", refused)
    assert count_solutions(load_puzzle(ASSETS / "soma.json"), "distinct", kernel="live").solutions > 0
