"""The polyform and Sudoku kernels compiled ahead of time, loaded without numba when a
current build exists.

Why: a process pays about 0.6 s to import numba and load its first cached kernel, more than a
small puzzle's whole search (Soma: 1 ms), and a first run after an install compiles for
seconds. `native_build.py` (run by scripts/setup.sh, or `python -m
solvers.kernels.native_build`) has numba.pycc compile the functions in EXPORTS into one
extension module, which loads in milliseconds. `kernel(name)` hands out that module's
functions under the numba module's names, or the numba module itself when there is no current
build, so a search runs the same code either way.

A build is current when its key matches: every source file of this folder (kernels inline
helpers from each other), the numpy version it was built against, the Python ABI and this
processor (it is compiled for the host's instruction set). Anything else is never loaded.
"""

from __future__ import annotations

import functools
import importlib
import importlib.machinery
import importlib.util
import os
import platform
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, NamedTuple

import numpy as np

DIR_VARIABLE = "POLYGUI_NATIVE_DIR"  # where builds live; an empty folder means "none"
KERNELS_DIR = Path(__file__).resolve().parent
_LOADING = threading.Lock()


class Argument(NamedTuple):
    """A scalar (dimensions 0) or a C-contiguous array of numpy dtype `dtype`, or (dtype
    "tuple") a tuple of `members`."""
    dtype: str
    dimensions: int = 0
    readonly: bool = False  # the JIT compiles a separate version for read-only arrays
    members: tuple[Argument, ...] = ()


U1, U2, U3 = Argument("uint64", 1), Argument("uint64", 2), Argument("uint64", 3)
I1, I2 = Argument("int32", 1), Argument("int32", 2)
Q1, Q2 = Argument("int64", 1), Argument("int64", 2)
F1, B1, B2 = Argument("float64", 1), Argument("bool", 1), Argument("bool", 2)
INT, UINT, BOOL = Argument("int64"), Argument("uint64"), Argument("bool")
S1, S2, H2 = Argument("int8", 1), Argument("int8", 2), Argument("int16", 2)  # Sudoku values
PEERS = Argument("int32", 2, readonly=True)  # search.sudoku's cached unit tables
Q3, H3 = Argument("int64", 3), Argument("int16", 3)
WORK = Argument("tuple", members=(  # the disassembler's search buffers
    H2, I1, U1, Q1, Q1, U1, Argument("int64", 4), U2, Q2, U2, Q1, Q2, Q1))
CACHE = Argument("tuple", members=(  # its collision tables (collision_tables)
    Q2, I2, U1, Q1, Q1, Q1, Q2, Q2, Q3))
ANALYSIS = Argument("tuple", members=(  # an assembly's analysis under way (disassembly_tree)
    Q1, Q2, U1, Q2, I2, U1, Q1, U1, Q3, I1, U1, Q2, H3, Q1, Q1, WORK))
RULES = Argument("tuple", members=(  # search.sudoku_variants' rule tables, read-only
    PEERS, Argument("int64", 1, True), PEERS, PEERS, Argument("int64", 1, True),
    Argument("int64", 1, True), UINT))

# kernel module -> function -> the arguments its Python side calls it with (a test checks each
# against what the numba dispatcher compiles for real searches); results are inferred.
EXPORTS: dict[str, dict[str, tuple[Argument, ...]]] = {
    "exact_cover": {
        "_count_live": (INT, INT, U2, I1, I1, U3, U2, I2, INT, I2),
        "search": (U2, I1, U1, INT, Q1, F1, I1, I1, I1, I1, I1, I1, I1, F1, U2, U3, U2, I2, I1,
                   Q2, I2, BOOL, INT, INT, U1, U1, I1, U1, I1, INT, I1, I2),
    },
    "live_sets": {
        "count_root": (U2, U2, I1, U2, U1, U1),
        "search": (U2, U2, U2, I1, U1, UINT, INT, Q1, F1, U2, U2, U1, U1, U1, I1, I1, I1, I1,
                   I1, I1, F1, Q2, I2, BOOL, INT, INT, I2, U2),
    },
    "bitboard": {
        "search": (U1, I1, I1, I1, U1, U1, U1, UINT, U1, UINT, INT, I1, INT, Q1, F1, U1, I1, I2,
                   I1, I1, I1, F1, Q2, I2, BOOL, INT, INT, INT, U3, U2, U2, U1),
    },
    "canonical_check": {"settle": (Q1, I2, BOOL, INT, I1, I2, I1, I1, B1, INT, I1)},
    "probes": {  # the estimator's random paths (solvers/analysis/probing.py)
        "probe_bitboard": (U1, I1, I1, I1, U1, U1, U1, UINT, U1, UINT, INT, I1, INT, I2, I1, I1,
                           B1, INT, Q1, F1, U1, I1, I2, I1, I1, I1, F1, Q2, I2, BOOL, I1, INT, U3,
                           U2, U2, U1, I1, INT, INT, INT, F1, F1, F1, Q1, F1, INT, INT),
        "probe_exact_cover": (U2, I1, U1, INT, I2, I1, I1, B1, INT, Q1, F1, I1, I1, I1, I1, I1, I1,
                              I1, F1, U2, U3, U2, I2, I1, Q2, I2, BOOL, I1, U1, U1, I1, U1, I1,
                              INT, I1, I2, I1, INT, INT, INT, F1, F1, F1, Q1, F1, INT, INT),
        "probe_live_sets": (U2, U2, U2, I1, U1, UINT, INT, I2, I1, I1, B1, INT, Q1, F1, U2, U2, U1,
                            U1, U1, I1, I1, I1, I1, I1, I1, F1, Q2, I2, BOOL, I1, I2, U2, I1,
                            INT, INT, INT, F1, F1, F1, Q1, F1, INT, INT),
        "probe_sudoku": (U2, Q1, Q1, U1, Q1, F1, Q1, PEERS, PEERS, UINT, Q1, F1, H2, INT, INT,
                         F1, F1, F1, INT, INT),
    },
    "regions": {"dead_rows": (U2, I2, B1),
                "kill_uncoverable_counted": (Q1, Q1, I1, B1, Q1, Q1, B1, I1, Q1, Q1, Q1, INT,
                                             INT),
                "kill_uncoverable_bits": (U2, Q1, Q1, I1, B1, U2, U2, B1, I1, U1, INT, INT),
                "fill_live": (Q1, Q1, I1, U2, U2)},
    "disassembly_tree": {  # the disassembler (solvers/disassembly)
        "new_work": (INT, INT),
        "begin": (Q1, Q2, U1, BOOL, WORK, CACHE, Q2, Q1),
        "run": (ANALYSIS, INT, INT, Q1, BOOL),
        "analyse_batch": (Q1, Q2, Q1, Q2, U1, Q2, Q1, CACHE, INT, INT, INT, Q1, I2, Q1),
    },
    "collision_tables": {"new_cache": (INT,)},
    "orbits": {"image_hashes_of": (U2, I2), "sorted_images": (I2, I2, B2)},
    "sudoku": {"search": (U2, Q1, Q1, U1, Q1, F1, Q1, PEERS, PEERS, UINT, Q1, F1, H2, BOOL, INT,
                          INT)},
    "sudoku_batch": {"solve_many": (S2, S2, S1)},
    "sudoku_variants": {"search": (U2, Q1, Q1, U1, Q1, F1, Q1, RULES, Q1, F1, H2, BOOL, INT, INT)},
}


def native_dir() -> Path:
    """Where builds are kept: $POLYGUI_NATIVE_DIR, else beside numba's cache of these kernels
    (this folder's __pycache__) when writable, else the user's cache folder."""
    chosen = os.environ.get(DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    if os.access(KERNELS_DIR, os.W_OK):
        return KERNELS_DIR / "__pycache__" / "native"
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache) / "polygui" / "native"


def keep_jit_cache_by_key() -> None:
    """Point numba's cache at a folder of this version of the kernels (unless
    NUMBA_CACHE_DIR names one, or numba is loaded already): numba keys a cached kernel by its
    own file only, so after an edit of a function it inlines from another file, the cache
    beside the sources would still hold the old machine code, and a kernel whose file did
    not change would run it against the new one's arrays (wrong counts, not only slow ones).
    Beside the sources, or in the user's cache folder for a bundle or read-only sources."""
    if "NUMBA_CACHE_DIR" in os.environ or "numba" in sys.modules:
        return
    if os.access(KERNELS_DIR, os.W_OK) and not getattr(sys, "frozen", False):
        root = KERNELS_DIR / "__pycache__" / "numba"
    else:  # read-only sources, or a bundle (whose folder may be read-only)
        root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "polygui"
        root /= "numba"
    os.environ["NUMBA_CACHE_DIR"] = str(keyed_folder(root, build_key()))


def keyed_folder(root: Path, key: str) -> Path:
    """root / key, the folders of other keys removed when it is new (not made here)."""
    current = root / key
    if not current.is_dir() and root.is_dir():
        import shutil  # noqa: PLC0415 (here only: it loads bz2 and lzma)

        for older in root.iterdir():  # folders of other keys (files: an older bundle's)
            if older.is_dir():
                shutil.rmtree(older, ignore_errors=True)
            else:
                older.unlink(missing_ok=True)
    return current


def _processor() -> str:
    """This processor's model and instruction-set flags (Linux), else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            lines = [line for line in info if line.startswith(("model name", "flags"))]
        return "".join(sorted(set(lines)))
    except OSError:
        return f"{platform.machine()} {platform.processor()}"


@functools.cache
def build_key() -> str:
    """What a build must match to be loaded (see the module docstring)."""
    digest = _new_digest()
    for source in sorted(KERNELS_DIR.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    digest.update(f"{np.__version__}\0{extension_suffix()}\0{_processor()}".encode())
    return digest.hexdigest()[:16]


def _new_digest() -> Any:
    """A BLAKE2b digest, from CPython's own module when it has it: `hashlib` loads OpenSSL's
    library (3 ms of a count's start) for what this needs of it."""
    try:
        from _blake2 import blake2b  # noqa: PLC0415
    except ImportError:  # a Python built without it
        from hashlib import blake2b  # noqa: PLC0415
    return blake2b()


def extension_suffix() -> str:
    """This Python's file ending for extension modules (.cpython-311-x86_64-linux-gnu.so)."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def module_name(key: str) -> str:
    return f"polygui_native_{key}"


def build_path(directory: Path | None = None) -> Path:
    """The file a current build has."""
    return (directory or native_dir()) / (module_name(build_key()) + extension_suffix())


@functools.cache
def loaded() -> ModuleType | None:
    """The current build, loaded; None when there is none (or it does not load)."""
    with _LOADING:  # search threads may start together: load the module once
        return _load(build_path())


def _load(path: Path) -> ModuleType | None:
    name = module_name(build_key())
    if not path.is_file():
        return None
    if name in sys.modules:  # loaded already, from another folder holding the same build
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except (ImportError, OSError):
        return None
    sys.modules[name] = module  # as an import would: one copy of an extension a process
    return module


def has(name: str) -> bool:
    """Whether kernel module `name` runs natively in this process."""
    return name in EXPORTS and loaded() is not None


@functools.cache
def kernel(name: str) -> Any:
    """Kernel module `name` (live_sets, bitboard, ...): the current build's functions under
    their numba names when it has them, else the numba module (imported, hence compiled or
    loaded from numba's cache, only now)."""
    module = loaded()
    if module is not None and name in EXPORTS:
        return SimpleNamespace(**{
            function: _checked(getattr(module, f"{name}__{function}"), f"{name}.{function}",
                               arguments)
            for function, arguments in EXPORTS[name].items()})
    return importlib.import_module(f"{__package__}.{name}")


def _checked(function: Callable[..., Any], name: str,
             arguments: tuple[Argument, ...]) -> Callable[..., Any]:
    """`function`, refusing arrays of another type, shape or layout: the JIT would compile
    another version for them, a native function would read their memory as the wrong type.
    About 0.3 us an array a call, and kernels are called once a slice."""
    arrays = _array_specs(arguments)
    tuples = tuple((at, len(argument.members), _array_specs(argument.members))
                   for at, argument in enumerate(arguments) if argument.dtype == "tuple")
    count = len(arguments)

    def call(*values: Any) -> Any:
        if len(values) != count:
            raise TypeError(f"{name} takes {count} arguments, not {len(values)}")
        if not (_plainly_right(values, arrays) and all(
                type(values[at]) is tuple and len(values[at]) == size
                and _plainly_right(values[at], members) for at, size, members in tuples)):
            for at, (value, argument) in enumerate(zip(values, arguments)):
                _check(value, argument, f"{name}: argument {at}")  # raises, or equal dtypes
        return function(*values)

    return call


def _array_specs(arguments: tuple[Argument, ...]) -> tuple[tuple[int, np.dtype, int], ...]:
    return tuple((at, np.dtype(argument.dtype), argument.dimensions)
                 for at, argument in enumerate(arguments) if argument.dimensions)


def _plainly_right(values: tuple, arrays: tuple[tuple[int, np.dtype, int], ...]) -> bool:
    """The quick test: each array exactly of its dtype object, dimensions and layout."""
    for at, dtype, dimensions in arrays:
        value = values[at]
        if (type(value) is not np.ndarray or value.dtype is not dtype
                or value.ndim != dimensions or not value.flags.c_contiguous):
            return False
    return True


def _check(value: Any, argument: Argument, where: str) -> None:
    """Raise TypeError unless `value` is the array or tuple `argument` says (scalars pass)."""
    if argument.dtype == "tuple":
        if not (isinstance(value, tuple) and len(value) == len(argument.members)):
            raise TypeError(f"{where} must be a tuple of {len(argument.members)}")
        for at, (member, expected) in enumerate(zip(value, argument.members)):
            _check(member, expected, f"{where}[{at}]")
    elif argument.dimensions and not (
            isinstance(value, np.ndarray) and value.dtype == np.dtype(argument.dtype)
            and value.ndim == argument.dimensions and value.flags.c_contiguous):
        got = (f"{value.ndim}-D {value.dtype}{'' if value.flags.c_contiguous else ' strided'}"
               if isinstance(value, np.ndarray) else type(value).__name__)
        raise TypeError(f"{where} must be a C-contiguous {argument.dimensions}-D "
                        f"{argument.dtype} array, not {got}")


def forget() -> None:
    """Look for a build again on the next call (after one is made, or the folder changes)."""
    for cached in (build_key, loaded, kernel):
        cached.cache_clear()
