"""The native build of the polyform kernels (solvers/kernels/native.py), really built with
numba.pycc once for this session: the same trees, node for node and solution for solution, as
the numba kernels on shipped and random puzzles; loaded without numba; never loaded when stale;
the GIL released during a call; wrong arrays refused; a failed or killed build leaves nothing
that loads."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from puzzles import BURRTOOLS
from solvers import SYMMETRY_MODES, Solution, count_solutions, solve
from solvers.analysis.probing import Prober
from solvers.kernels import native
from solvers.placements.compile import compile_placements
from solvers.puzzle.any_file import load_any
from solvers.puzzle.fileformat import load_puzzle
from solvers.puzzle.textformats import parse_sudoku_lines
from solvers.search import orbits as orbit_module
from solvers.search.choice import make_search
from solvers.search.prepare import prepare_puzzle
from solvers.search.sudoku import solve_batch
from solvers.search.sudoku_variants import VariantSudokuSearch
from test_engine_vs_oracle import make_puzzle
from test_live_sets import run_to_end, solvable

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets" / "puzzles"
SUDOKU = ROOT / "assets" / "sudoku"
BUILD = [sys.executable, "-m", "solvers.kernels.native_build"]
pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """A folder holding a current build, made as scripts/setup.sh makes it."""
    directory = tmp_path_factory.mktemp("native")
    numba_cache = tmp_path_factory.mktemp("numba-cache")  # numba's, as the build finds it
    result = subprocess.run([*BUILD, "--dir", str(directory)], cwd=ROOT, capture_output=True,
                            text=True, timeout=900,
                            env={**os.environ, "NUMBA_CACHE_DIR": str(numba_cache)})
    assert result.returncode == 0, result.stderr
    assert [path.name for path in directory.iterdir()] == [native.build_path(directory).name]
    # neither read nor written: a kernel it calls compiles from its source, never from a
    # cache that may hold the code of an older version of a file it inlines from
    assert list(numba_cache.iterdir()) == []
    return directory


@contextmanager
def builds_from(directory: Path):
    """This process looks for builds in `directory` meanwhile."""
    before = os.environ[native.DIR_VARIABLE]
    os.environ[native.DIR_VARIABLE] = str(directory)
    native.forget()
    try:
        yield
    finally:
        os.environ[native.DIR_VARIABLE] = before
        native.forget()


def tree(puzzle, mode: str, kernel: str) -> tuple[list, int, int, list]:
    placements = compile_placements(puzzle)
    search, _ = make_search(puzzle, placements, mode, kernel=kernel)
    found = run_to_end(search, 997)  # slices of a few hundred nodes: paused and resumed often
    return found, search.nodes, search.solutions, search.branching_by_depth().tolist()


def assert_same_tree(puzzle, mode: str, kernel: str, built: Path) -> None:
    expected = tree(puzzle, mode, kernel)
    with builds_from(built):
        assert native.has({"live": "live_sets", "general": "exact_cover"}.get(kernel, kernel))
        found = tree(puzzle, mode, kernel)
    assert found == expected, (puzzle.name, mode, kernel)


@pytest.mark.parametrize("name, kernels", [
    ("meteor.json", ["bitboard", "general"]), ("pentominoes-3x20.json", ["bitboard", "live"]),
    ("soma.json", ["live", "general"]), ("hexiamonds-4x9.json", ["general"])])
def test_the_native_kernels_search_the_numba_kernels_trees(built, name, kernels):
    puzzle = load_puzzle(ASSETS / name)
    for kernel in kernels:
        for mode in SYMMETRY_MODES:
            assert_same_tree(puzzle, mode, kernel, built)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]),
       kernel=st.sampled_from(["bitboard", "live", "general"]))
def test_same_trees_on_random_puzzles(built, seed, kind, kernel):
    puzzle, _, _ = make_puzzle(seed, kind)
    if not solvable(puzzle) or (kernel == "bitboard" and kind == "cube"):
        return
    assert_same_tree(puzzle, "distinct", kernel, built)


def test_sudoku_searches_and_batches_natively_agree(built):
    def solved():
        events = [list(solve(load_puzzle(ASSETS / name), "all", limit=50))
                  for name in ("sudoku-hard.json", "sudoku-16x16.json", "sudoku-4x4-empty.json",
                               "sudoku-killer.json", "sudoku-jigsaw.json", "sudoku-x.json")]
        runs = [([e.grid for e in run if isinstance(e, Solution)], run[-1].nodes,
                 run[-1].solutions) for run in events]
        return runs, solve_batch(parse_sudoku_lines((SUDOKU / "hardest-sample.txt").read_text()))

    expected = solved()
    with builds_from(built):
        assert all(native.has(name) for name in ("sudoku", "sudoku_batch", "sudoku_variants"))
        found = solved()
    assert found[0] == expected[0]
    # a 4x4 grid has 288 solutions: the limit stops it; the variants are unique
    assert [run[2] for run in found[0]] == [1, 1, 50, 1, 1, 1]
    assert all(np.array_equal(a, b) for a, b in zip(found[1], expected[1]))
    assert (found[1][1] == 1).all()


def test_pruning_a_large_board_and_expanding_orbits_natively_agree(built, monkeypatch):
    """The flood of boards over 64 cells (kernels.regions) and the orbit kernels."""
    puzzle = load_puzzle(ASSETS / "hexiamonds-6x6.json")
    monkeypatch.setattr(orbit_module, "NUMPY_IMAGES", 0)  # the kernels expand every batch

    def pruned_and_expanded():
        rows = compile_placements(puzzle).masks
        prepared = prepare_puzzle(load_puzzle(ASSETS / "soma.json"), "all", "live")
        search = prepared.new_search()
        while not search.finished:
            search.run(10**6)
        return rows, prepared.expand(np.sort(search.take_solutions(), axis=1))

    expected = pruned_and_expanded()
    with builds_from(built):
        assert native.has("regions") and native.has("orbits")
        found = pruned_and_expanded()
    assert np.array_equal(found[0], expected[0]) and np.array_equal(found[1], expected[1])
    assert len(found[1]) == 11520


@pytest.mark.parametrize("name", ["DemoPieceGenerator.xmpuzzle", "SolidSixPieceBurrs.xmpuzzle"])
def test_the_native_canonical_check_keeps_what_numpy_keeps(built, name):
    """Most of these distinct searches' solutions are checked (copies left off the board,
    and every solution of SolidSixPieceBurrs' cell-restricted plan): natively by
    canonical_check.settle, without a build in numpy; the same solutions either way."""
    with builds_from(built):
        assert native.has("canonical_check")
    assert_same_tree(load_any(BURRTOOLS / name), "distinct", "general", built)


# (puzzle, kernel, mode): a probe through each kernel (the estimator's)
PROBED = [("meteor.json", "bitboard", "all"), ("soma.json", "live", "all"),
          ("soma.json", "general", "distinct"), ("sudoku-hard.json", "auto", "all"),
          ("mini-bedlam.json", "live", "distinct")]
JIT_SIGNATURES = """
PROBED = PROBED_LIST
import importlib, json
from solvers.analysis.probing import Prober
from solvers.search.prepare import prepare_puzzle
from solvers.kernels import native
from solvers.kernels.native_build import numba_types
from solvers.puzzle.any_file import load_any
from solvers.puzzle.fileformat import load_puzzle
from solvers.puzzle.textformats import parse_sudoku_lines
from solvers.search import orbits
from solvers.search.solve import solve
from solvers.search.sudoku import solve_batch
orbits.NUMPY_IMAGES = 0
for name, kernel in [("meteor.json", "bitboard"), ("soma.json", "live"), ("soma.json", "general"),
                     ("hexiamonds-4x9.json", "general"), ("sudoku-hard.json", "auto"),
                     ("sudoku-16x16.json", "auto"), ("sudoku-killer.json", "auto"),
                     ("sudoku-jigsaw.json", "auto"), ("sudoku-x.json", "auto")]:
    for mode in ("distinct", "all"):
        for event in solve(load_puzzle("assets/puzzles/" + name), mode, kernel=kernel, limit=3):
            pass
solve_batch(parse_sudoku_lines(open("assets/sudoku/top95.txt").read()))
checks_natively = native.has  # a search checks its solutions as it does with a build
native.has = lambda name: name == "canonical_check" or checks_natively(name)
for event in solve(load_puzzle("assets/puzzles/soma.json"), "distinct", kernel="general"):
    pass
native.has = checks_natively
import dataclasses, numpy
from solvers.disassembly.analyser import Disassembler, analyse_pieces
from solvers.disassembly.moves import take_apart
from solvers.puzzle.burrtools import load_burrtools
burr = load_burrtools("tests/data/burrtools/CubeInCage.xmpuzzle")
for event in solve(burr, "distinct"):
    if getattr(event, "verdict", ()) and event.verdict[0] == 1:
        take_apart(Disassembler(burr, event.placements), numpy.array(event.rows))
one_each = tuple(dataclasses.replace(p, groups=((p.groups[0][0], 1),)) if p.groups else p
                 for p in burr.pieces)  # a group holding one copy of two: checked per assembly
for event in solve(dataclasses.replace(burr, pieces=one_each), "distinct", limit=2):
    pass
analyse_pieces([[(0, 0, 0)], [(1, 0, 0)]])
from solvers import GridKind, Piece, Puzzle  # a big box's reduce step counts (regions.py)
box = tuple((x, y, z) for x in range(16) for y in range(16) for z in range(16))
prepare_puzzle(Puzzle(GridKind.CUBE, "dicubes", board=box,
                      pieces=(Piece("d", ((0, 0, 0), (1, 0, 0)), count=2048),)))
for name, kernel, mode in PROBED:
    prober = Prober(prepare_puzzle(load_puzzle("assets/puzzles/" + name), mode, kernel=kernel))
    prober.batch(3)
    prober.complete_subtrees(2, 1000)
    prober.batch(3)
report = {}
for module, functions in native.EXPORTS.items():
    for function, arguments in functions.items():
        compiled = getattr(importlib.import_module("solvers.kernels." + module), function)
        exported = numba_types(arguments)
        report[module + "." + function] = ([str(s) for s in compiled.signatures], str(exported),
                                           compiled.signatures == [exported])
print(json.dumps(report))
""".replace("PROBED_LIST", repr(PROBED))


def test_the_exports_are_what_real_searches_compile():
    """A native function reads its arguments as the types it was built for: each export's
    types must be the one version the JIT compiles for the product's searches."""
    result = subprocess.run([sys.executable, "-c", JIT_SIGNATURES], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(report) == {f"{m}.{f}" for m, fs in native.EXPORTS.items() for f in fs}
    wrong = {name: entry for name, entry in report.items() if not entry[2]}
    assert not wrong, wrong


LOADED_AFTER_A_RUN = """
import json, sys
from polygui.cli import main
code = main(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
sys.exit(code)
"""


@pytest.mark.parametrize("path", [ASSETS / "soma.json", ASSETS / "meteor.json",
                                  BURRTOOLS / "PelikanBurr.xmpuzzle"], ids=lambda path: path.name)
def test_a_run_with_a_native_build_never_loads_numba(built, path):
    """Nor numpy.ma (np.unique's check for masked arrays) or numpy.random: 30 to 50 ms
    each, a tenth of PelikanBurr's whole answer."""
    env = {**os.environ, native.DIR_VARIABLE: str(built)}
    result = subprocess.run([sys.executable, "-c", LOADED_AFTER_A_RUN, str(path),
                             "--json", "--count-only"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    loaded = set(json.loads(lines[-1]))
    assert any(module.startswith("polygui_native_") for module in loaded)
    assert not {module for module in loaded if module.split(".")[0] in ("numba", "llvmlite")}
    assert loaded.isdisjoint({"numpy.ma", "numpy.random"}), loaded & {"numpy.ma", "numpy.random"}
    assert json.loads(lines[-2])["solutions"] == count_solutions(load_any(path)).solutions


def probe_results() -> list:
    """Each PROBED puzzle's probe estimates (single paths, then subtrees)."""
    results = []
    for name, kernel, mode in PROBED:
        prober = Prober(prepare_puzzle(load_puzzle(ASSETS / name), mode, kernel=kernel), seed=7)
        paths = prober.batch(20)
        prober.complete_subtrees(2, 1000)
        subtrees = prober.batch(5)
        results.append([array.tolist() for array in (*paths, *subtrees)])
    return results


def test_the_native_probes_estimate_what_the_numba_probes_do(built):
    """The same random paths (numba's generator, seeded alike) to the same estimates."""
    expected = probe_results()
    with builds_from(built):
        assert native.has("probes")
        assert probe_results() == expected


def test_an_estimate_with_a_native_build_never_loads_numba(built):
    """Mini Bedlam's estimate probes the live-set kernel (a first one compiled it for 12 s)."""
    env = {**os.environ, native.DIR_VARIABLE: str(built)}
    result = subprocess.run([sys.executable, "-c", LOADED_AFTER_A_RUN,
                             str(ASSETS / "mini-bedlam.json"), "--estimate",
                             "--estimate-seconds", "0.3"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert " probes, " in result.stdout  # it probed, not searched to the end
    loaded = set(json.loads(result.stdout.strip().splitlines()[-1]))
    assert any(module.startswith("polygui_native_") for module in loaded)
    assert not {module for module in loaded if module.split(".")[0] in ("numba", "llvmlite")}


def test_a_stale_build_is_never_loaded(built, tmp_path, monkeypatch):
    """A build made before a kernel's source changed keeps its name, which no longer matches."""
    kernels = tmp_path / "kernels"
    shutil.copytree(native.KERNELS_DIR, kernels, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(native, "KERNELS_DIR", kernels)
    with builds_from(built):
        assert native.loaded() is not None  # the copy is the same source: the same key
        source = kernels / "bits.py"
        source.write_text(source.read_text() + "\n# changed\n")
        native.forget()
        assert native.loaded() is None
        assert native.kernel("live_sets").__name__ == "solvers.kernels.live_sets"  # numba's


def test_arrays_of_another_type_or_layout_are_refused(built):
    masks = np.zeros((4, 2), dtype=np.uint64)
    neighbours = np.zeros((2, 6), dtype=np.int32)
    fillable = np.ones(3, dtype=bool)
    with builds_from(built):
        flood = native.kernel("regions").dead_rows
        assert flood(masks, neighbours, fillable).shape == (4,)
        with pytest.raises(TypeError, match="argument 0 must be a C-contiguous 2-D uint64"):
            flood(masks.astype(np.int64), neighbours, fillable)
        with pytest.raises(TypeError, match="argument 1 .* not 2-D int32 strided"):
            flood(masks, np.zeros((2, 12), dtype=np.int32)[:, ::2], fillable)
        with pytest.raises(TypeError, match="takes 3 arguments"):
            flood(masks, neighbours)
        grid = load_puzzle(ASSETS / "sudoku-killer.json").sudoku
        search = VariantSudokuSearch(grid)
        arguments = [search.cand, search.solved, search.branch_cell, search.branch_left,
                     search.branch_len, search.weight, search.queue, search.rules,
                     search.counters, search.fraction, search.solution_buffer, True, 10, 0]
        variants = native.kernel("sudoku_variants").search
        with pytest.raises(TypeError, match=r"argument 7 must be a tuple of 7"):
            variants(*arguments[:7], search.rules[:-1], *arguments[8:])
        wrong_peers = (search.rules[0].astype(np.int64), *search.rules[1:])
        with pytest.raises(TypeError, match=r"argument 7\[0\] must be a C-contiguous 2-D int32"):
            variants(*arguments[:7], wrong_peers, *arguments[8:])
        assert variants(*arguments) in (0, 1, 2)  # the right ones run


def test_a_native_call_lets_other_threads_run(built):
    """Mini Bedlam's search for a second or so on one thread: the main thread keeps running
    meanwhile (with the GIL held it would stop until the call returned)."""
    puzzle = load_puzzle(ASSETS / "mini-bedlam.json")
    with builds_from(built):
        search, _ = make_search(puzzle, compile_placements(puzzle), "distinct", kernel="live")
        search.run(1000)
        inside = threading.Event()
        spans: list[float] = []

        def long_call() -> None:
            started = time.perf_counter()
            inside.set()
            search.run(4_000_000)
            spans.append(time.perf_counter() - started)
            inside.clear()

        worker = threading.Thread(target=long_call)
        worker.start()
        inside.wait()
        seen = []
        while inside.is_set():
            seen.append(time.perf_counter())
        worker.join()
    assert spans[0] > 0.2  # long enough to tell
    assert seen[-1] - seen[0] > 0.5 * spans[0]


def test_a_build_that_fails_says_so_and_leaves_nothing(tmp_path):
    env = {**os.environ, "CC": "false"}  # no working C compiler
    result = subprocess.run([*BUILD, "--dir", str(tmp_path)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 1
    assert "native kernels not built" in result.stderr
    assert "numba kernels will compile on first use" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_build_killed_midway_leaves_nothing_that_loads(built, tmp_path, tmp_path_factory):
    # the killed build cannot remove its temporary folders (numba's cache, pycc's scratch):
    # they go in pytest's, not the machine's
    scratch = tmp_path_factory.mktemp("killed-build-temp")
    process = subprocess.Popen([*BUILD, "--dir", str(tmp_path)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, "TMPDIR": str(scratch)},
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not list(tmp_path.glob(".building-*")) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # numba is compiling the kernels now
        assert process.poll() is None, "the build ended before it could be killed"
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert not list(tmp_path.glob("polygui_native_*"))
    with builds_from(tmp_path):
        assert native.loaded() is None
    shutil.copy(native.build_path(built), tmp_path)  # a whole build there is loaded
    with builds_from(tmp_path):
        assert native.loaded() is not None


def test_if_stale_builds_only_when_needed(built):
    result = subprocess.run([*BUILD, "--dir", str(built), "--if-stale"], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0 and result.stderr == ""
    assert [path.name for path in built.iterdir()] == [native.build_path(built).name]


def test_builds_go_beside_the_kernels_or_to_the_user_cache(monkeypatch, tmp_path):
    """An editable checkout keeps its build beside numba's cache; an installation whose
    kernels folder is read-only keeps it in the user's cache folder."""
    monkeypatch.delenv(native.DIR_VARIABLE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(native.os, "access", lambda path, mode: True)
    assert native.native_dir() == native.KERNELS_DIR / "__pycache__" / "native"
    monkeypatch.setattr(native.os, "access", lambda path, mode: False)
    assert native.native_dir() == tmp_path / "polygui" / "native"
