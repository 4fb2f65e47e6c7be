"""What a `polygui-solve` call loads before its search (issue 16: start-up): a run imports only
what it uses, the helpers that replaced slow library calls give the same answers, and the
errors of the parts imported late are still reported as one line."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import solvers.kernels as kernels_package
from solvers.cli.main import main
from solvers.kernels.canonical_check import _sort_in_place
from solvers.puzzle.grids import GridKind, is_rotation, normalise, orientations, symmetry_group
from solvers.puzzle.textformats import parse_sudoku_lines
from solvers.search.sudoku import solve_batch

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets" / "puzzles"

LOADED_AFTER_A_RUN = """
import json, sys
from polygui.cli import main
code = main(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
sys.exit(code)
"""
# what a count of a polyform puzzle, without run files, exports or a cluster, never needs
NOT_FOR_A_POLYFORM_COUNT = ("sqlite3", "dask", "distributed", "PySide6", "solvers.parallel.cluster",
                            "solvers.parallel.runfile", "solvers.search.sudoku",
                            "solvers.kernels.sudoku", "solvers.kernels.sudoku_batch",
                            "solvers.output.export_data", "solvers.output.pictures",
                            "solvers.output.printable", "trimesh", "manifold3d", "PIL",
                            "multiprocessing")


def modules_after(*args: str) -> set[str]:
    result = subprocess.run([sys.executable, "-c", LOADED_AFTER_A_RUN, *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


def test_a_polyform_count_imports_only_what_it_uses():
    loaded = modules_after(str(ASSETS / "mini-bedlam.json"), "--count-only", "--json",
                           "--limit", "1")
    assert "solvers.kernels.live_sets" in loaded  # a tree too large to interpret: the kernel's
    assert loaded.isdisjoint(NOT_FOR_A_POLYFORM_COUNT), loaded & set(NOT_FOR_A_POLYFORM_COUNT)


THREADS_AFTER_A_COUNT = """
import os, sys
from polygui.cli import main
code = main(sys.argv[1:])
print(os.environ["OPENBLAS_NUM_THREADS"], len(os.listdir("/proc/self/task")))
sys.exit(code)
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_a_count_runs_numpys_blas_on_one_thread_unless_told_otherwise():
    """OpenBLAS starts a thread per core when numpy loads, and they spin (about 0.1 s of CPU a
    count on two cores); a count uses no BLAS. A user's own setting is kept."""
    def shown(env: dict[str, str]) -> tuple[str, int]:
        result = subprocess.run([sys.executable, "-c", THREADS_AFTER_A_COUNT,
                                 str(ASSETS / "soma.json"), "--count-only"], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=600, check=True)
        setting, threads = result.stdout.split()[-2:]
        return setting, int(threads)

    plain = {name: value for name, value in os.environ.items()
             if name != "OPENBLAS_NUM_THREADS"}
    setting, threads = shown(plain)
    assert setting == "1" and threads == 1
    assert shown({**plain, "OPENBLAS_NUM_THREADS": "2"})[0] == "2"


COLLECTOR_AFTER_A_COUNT = """
import gc, sys
from polygui.cli import main
code = main(sys.argv[1:])
print(gc.isenabled(), gc.get_freeze_count(), len(gc.get_objects()))
sys.exit(code)
"""


def test_a_count_freezes_what_its_imports_made_and_still_collects():
    """The imports (the collector off meanwhile) make tens of thousands of objects that live
    as long as the program; the collector's first passes after them went over them all, 15-19
    ms of a small file's count (issue 31). They are frozen; what the count makes is not."""
    result = subprocess.run([sys.executable, "-c", COLLECTOR_AFTER_A_COUNT,
                             str(ASSETS / "soma.json"), "--count-only"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600, check=True)
    enabled, frozen, tracked = result.stdout.split()[-3:]
    assert enabled == "True"
    assert int(frozen) > 10 * int(tracked) > 0


@pytest.mark.parametrize("symmetry", ["distinct", "all"])
def test_a_small_puzzle_is_solved_without_loading_numba(symmetry):
    """Soma's tree is searched by the interpreted tier, its placements pruned and its orbits
    expanded with numpy: the call never pays numba's import and kernel loading."""
    loaded = modules_after(str(ASSETS / "soma.json"), "--symmetry", symmetry, "--json")
    assert "solvers.search.interpreted" in loaded  # the run really searched
    assert not {name for name in loaded if name == "numba" or name.startswith("numba.")}
    assert "solvers.kernels.live_sets" not in loaded
    assert "csv" not in loaded  # a family's table only (numba imports it, when it is loaded)


# what a count its trial finishes on one thread never needs (issue 31, time to answer): the
# splitting into tasks and the thread pool, the cluster's address, the reader of the other
# kind of file, OpenSSL's hashes (the native build's key is BLAKE2, CPython's own) and the
# shutil (with bz2 and lzma) that argparse's help formatter imports for the terminal's width,
# and numpy.ma (7 ms), which np.unique loads unless it is asked for indices or counts
NOT_FOR_A_QUICK_COUNT = ("solvers.parallel.tasks", "solvers.parallel.threads",
                         "solvers.parallel.analyses", "solvers.parallel.worker",
                         "solvers.parallel.cluster_spec", "queue", "solvers.puzzle.burrtools",
                         "xml.etree.ElementTree", "_hashlib", "shutil", "bz2", "lzma",
                         "numpy.ma")


def test_a_quick_count_imports_no_more_than_it_uses():
    loaded = modules_after(str(ASSETS / "soma.json"), "--count-only")
    assert "solvers.search.interpreted" in loaded  # the run really searched
    assert loaded.isdisjoint(NOT_FOR_A_QUICK_COUNT), loaded & set(NOT_FOR_A_QUICK_COUNT)


LOADED_AFTER_READING = """
import json, sys
from solvers.puzzle.any_file import load_any
load_any(sys.argv[1])
print(json.dumps(sorted(sys.modules)))
"""


def test_reading_and_checking_a_burrtools_puzzle_loads_no_masked_arrays():
    """Its pieces' connectivity (the cage's 200 cubes) is checked with numpy, without
    np.unique, which loads numpy.ma (7 ms of a count; numba's argument typing loads it too,
    but a count on the native build has none)."""
    result = subprocess.run([sys.executable, "-c", LOADED_AFTER_READING,
                             str(ROOT / "tests" / "data" / "burrtools" / "PelikanBurr.xmpuzzle")],
                            cwd=ROOT, capture_output=True, text=True, timeout=600, check=True)
    loaded = set(json.loads(result.stdout.strip().splitlines()[-1]))
    assert "solvers.puzzle.model" in loaded and "numpy.ma" not in loaded


def test_a_sudoku_run_loads_the_sudoku_kernels_it_needs():
    loaded = modules_after(str(ASSETS / "sudoku-reference.json"), "--json")
    assert "solvers.kernels.sudoku" in loaded
    assert "sqlite3" not in loaded


def test_a_run_kept_in_a_file_still_writes_and_resumes_it(tmp_path, capsys):
    run_file = tmp_path / "soma.polyrun"
    assert main([str(ASSETS / "soma.json"), "--checkpoint", str(run_file), "--json",
                 "--jobs", "1"]) == 0
    assert run_file.stat().st_size > 0
    capsys.readouterr()
    assert main(["--resume", str(run_file), "--json"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["solutions"] == 240


def test_an_unreachable_cluster_is_one_line_and_status_2(monkeypatch, capsys):
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    from solvers.parallel import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    code = main([str(ASSETS / "soma.json"), "--cluster", "tcp://127.0.0.1:9", "--json"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("polygui-solve: ") and len(err.strip().splitlines()) == 1


def test_other_errors_are_not_swallowed_as_puzzle_errors(monkeypatch):
    from solvers.cli import main as cli

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(cli, "solve", broken)
    with pytest.raises(ZeroDivisionError):
        cli.main([str(ASSETS / "soma.json")])


@pytest.mark.parametrize("sort", [_sort_in_place, _sort_in_place.py_func],
                         ids=["compiled", "plain-python"])
def test_the_canonical_checks_sort_sorts_any_slice(sort):
    rng = np.random.default_rng(16)
    for length in (0, 1, 2, 3, 7, 13, 40, 130):
        values = rng.integers(-50, 50, length + 6).astype(np.int32)
        expected = values.copy()
        expected[3:3 + length] = np.sort(values[3:3 + length])
        sort(values, 3, 3 + length)
        assert values.tolist() == expected.tolist()


def test_rotations_are_told_from_reflections_as_the_determinant_does():
    for kind in (GridKind.HEX, GridKind.SQUARE, GridKind.CUBE):
        for matrix in symmetry_group(kind):
            assert is_rotation(matrix) == (round(np.linalg.det(matrix)) == 1)
    assert is_rotation(np.eye(4, dtype=np.int64))
    assert not is_rotation(np.diag([1, 1, 1, -1]))


@pytest.mark.parametrize("kind, shape", [
    (GridKind.HEX, ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2))),
    (GridKind.SQUARE, ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2))),
    (GridKind.CUBE, ((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1))),
])
def test_orientations_are_the_distinct_images_in_group_order(kind, shape):
    cells = np.array(shape, dtype=np.int64)
    for mirror in (False, True):
        expected: dict = {}
        for matrix in symmetry_group(kind):
            if mirror or round(np.linalg.det(matrix)) == 1:
                expected.setdefault(normalise(cells @ matrix.T))
        assert orientations(kind, shape, mirror=mirror) == list(expected)


def test_a_chiral_piece_is_matched_to_its_mirror_image_whatever_the_reflection():
    """Soma: A and B are mirror images of each other; 48 symmetries identify solutions only
    because every reflection maps A's placements to B's."""
    from solvers.placements.symmetry import board_symmetries
    from solvers.puzzle.fileformat import load_puzzle

    puzzle = load_puzzle(ASSETS / "soma.json")
    names = [piece.name for piece in puzzle.pieces]
    found = board_symmetries(puzzle, "distinct")
    assert len(found) == 48
    for symmetry in found:
        perm = [names[i] for i in symmetry.piece_perm]
        if not is_rotation(symmetry.matrix):
            assert perm[names.index("A")] == "B" and perm[names.index("B")] == "A"
        else:
            assert perm == names


COMPILE_SUDOKU_KERNELS = """
import json
import os
import numpy as np
from numba.core.registry import CPUDispatcher
from solvers.kernels import sudoku, sudoku_batch
from solvers.puzzle.fileformat import load_puzzle
from solvers.search.prepare import prepare_puzzle
from solvers.search.sudoku import solve_batch

search = prepare_puzzle(load_puzzle(sys.argv[1])).new_search()
while not search.finished:
    search.run(100_000)
lines = [line for line in open(sys.argv[2]) if line[:1].isdigit() or line[:1] == "."]
solutions, counts = solve_batch(np.array([[int(c) if c.isdigit() else 0 for c in l.strip()]
                                          for l in lines]))
print(json.dumps({"counts": counts.tolist(), "solutions": solutions.tolist()}))
print(json.dumps({f"{module.__name__}.{name}": len(f.signatures)
                  for module in (sudoku, sudoku_batch) for name, f in vars(module).items()
                  if isinstance(f, CPUDispatcher) and f.signatures}))
"""


def test_each_sudoku_kernel_function_compiles_once(tmp_path):
    """A first start compiles each function for one signature: a literal argument (a root
    slot of 0) used to type a second and third copy of the same function. The batch kernel
    compiled afresh also answers as the one this process loaded: numba keys a cached
    function by its own file only, so an edit of `sudoku_bands.py` (tables and helpers
    compiled into `sudoku_batch`'s functions) leaves a stale kernel in `__pycache__`."""
    result = subprocess.run(
        [sys.executable, "-c", "import sys\n" + COMPILE_SUDOKU_KERNELS,
         str(ASSETS / "sudoku-hard.json"), str(ROOT / "assets" / "sudoku" / "17-clue-sample.txt")],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
        env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    compiled = json.loads(result.stdout.strip().splitlines()[-1])
    assert "solvers.kernels.sudoku._propagate" in compiled  # compiled here, not loaded
    assert "solvers.kernels.sudoku_batch._propagate" in compiled
    assert {name: n for name, n in compiled.items() if n > 1} == {}
    fresh = json.loads(result.stdout.strip().splitlines()[-2])
    puzzles = parse_sudoku_lines((ROOT / "assets" / "sudoku" / "17-clue-sample.txt").read_text())
    solutions, counts = solve_batch(puzzles)
    assert fresh == {"counts": counts.tolist(), "solutions": solutions.tolist()}, \
        "the loaded batch kernel is stale: delete solvers/kernels/__pycache__"


def kernel_functions():
    """Every numba function of solvers.kernels (the native build's modules aside)."""
    from numba.core.registry import CPUDispatcher

    for info in pkgutil.iter_modules(kernels_package.__path__):
        if not info.name.startswith("native"):
            module = importlib.import_module(f"{kernels_package.__name__}.{info.name}")
            yield from (f for f in vars(module).values() if isinstance(f, CPUDispatcher)
                        and f.py_func.__module__ == module.__name__)


def constant_arguments(function) -> list[str]:
    """The calls in `function` that hand another kernel function a constant (a number or
    bool written in the call, a module constant, or a variable that starts as one): numba
    types such an argument Literal[int](0) or Literal[bool](False) and compiles the callee
    once more for it, beside the version its other callers use."""
    from numba.core import ir
    from numba.core.compiler import run_frontend
    from numba.core.registry import CPUDispatcher

    code = run_frontend(function.py_func)
    found = []
    for statement in (s for block in code.blocks.values() for s in block.body):
        call = statement.value if isinstance(statement, ir.Assign) else None
        if not (isinstance(call, ir.Expr) and call.op == "call"):
            continue
        try:
            callee = code.infer_constant(call.func)
        except Exception:  # noqa: BLE001 (not a constant: a method, an array's, numpy's)
            continue
        if not isinstance(callee, CPUDispatcher) or callee.targetoptions.get("inline") == "always":
            continue  # inlined before typing: never compiled on its own
        arguments = list(call.args)
        if call.vararg is not None:  # a call of more than 30 arguments passes a tuple
            arguments += [item for d in code._definitions[call.vararg.name]
                          if isinstance(d, ir.Expr) and d.op == "build_tuple" for item in d.items]
        for index, argument in enumerate(arguments):
            if any(isinstance(d, (ir.Const, ir.Global, ir.FreeVar))
                   and isinstance(d.value, (bool, int)) for d in code._definitions[argument.name]):
                found.append(f"{function.py_func.__qualname__} line {statement.loc.line}: "
                             f"argument {index} of {callee.py_func.__qualname__}")
    return found


def test_no_kernel_hands_another_a_constant():
    """Each kernel function compiles once: a constant argument (a budget of 1, a slot of 0,
    record=False) typed the disassembler's whole search and the probes' search kernels a
    second to fourth time, minutes of a first analysis or estimate on a busy machine. Read
    from the functions' code, so no compiling."""
    functions = list(kernel_functions())
    assert len(functions) > 50
    assert [call for f in functions for call in constant_arguments(f)] == []


COMPILED_BY_A_RUN = """
import json, sys
from numba.core import event
compiled = []

class Compiles(event.Listener):
    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        compiled.append(f"{function.__module__}.{function.__qualname__}")

    def on_end(self, ev):
        pass

event.register("numba:compile", Compiles())
from polygui.cli import main
code = main(sys.argv[1:])
print(json.dumps(compiled))
sys.exit(code)
"""


def compiled_by(tmp_path: Path, *args: str) -> list[str]:
    """The functions numba compiles for a run of `polygui-solve args` on an empty cache."""
    result = subprocess.run([sys.executable, "-c", COMPILED_BY_A_RUN, *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=900,
                            env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_first_meteor_run_compiles_the_bitboard_search_alone(tmp_path):
    """Pruning, the candidates' halos and the canonical check are numpy's: a first run
    compiles the search, the helper it calls and two one-instruction overloads (2.5 s), not
    6 s of kernels."""
    compiled = compiled_by(tmp_path, str(ASSETS / "meteor.json"), "--count-only")
    ours = {name for name in compiled if name.startswith("solvers.")}
    assert ours == {"solvers.kernels.bitboard.search", "solvers.kernels.bitboard._keep_found",
                    "solvers.kernels.bits._lowest_bit_compiled.<locals>.impl",
                    "solvers.kernels.bits._prefetch_row_compiled.<locals>.impl"}


@pytest.mark.parametrize("args", [("sudoku-hard.json",), ("sudoku-killer.json",),
                                  ("mini-bedlam.json", "--limit", "1"), ("hexiamonds-6x6.json",),
                                  ("mini-bedlam.json", "--estimate", "--estimate-seconds", "0.3")],
                         ids=lambda args: " ".join(args))
def test_no_kernel_compiles_an_error_message(tmp_path, args):
    """A slice assignment between arrays compiles numba's shape check and the formatting of
    its message (2 s of a Sudoku's first run): the kernels copy rows with _copy_row."""
    compiled = compiled_by(tmp_path, str(ASSETS / args[0]), "--count-only", *args[1:])
    assert any(name.startswith("solvers.kernels.") for name in compiled)
    assert not [name for name in compiled if "shape_context" in name or "unicode" in name]

