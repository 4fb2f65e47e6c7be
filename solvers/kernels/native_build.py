"""Build the native kernels (native.py): numba.pycc compiles the numba kernels in
native.EXPORTS, for this processor, into one extension module in native.native_dir().

    python -m solvers.kernels.native_build [--if-stale] [--dir DIR]

Needs a C compiler (gcc and the C library's headers, which scripts/setup.sh installs) and
takes two minutes or so (130-150 s on a 2-core VM, 2026-11-28). The module is
written in a temporary folder and moved into place whole, so a build cut short leaves
nothing that loads; builds with another key are removed.
numba.pycc is pending deprecation in numba with no date set; if it goes, the build fails with
a message and the numba kernels run as before.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import native

SCRATCH_PREFIX = ".building-"  # a build's folder until its module is moved into place


@contextlib.contextmanager
def _compiling_like_the_jit(error_models: dict[Any, str]) -> Iterator[None]:
    """Three changes to how pycc compiles each export, all to do as numba's JIT does:
    - its Python wrapper releases the GIL during a call (the kernels are nogil=True): pycc's
      flags hold it, which would stop the GUI thread and every other search thread;
    - its error model is the one its @njit names (`error_models`: Python function -> model;
      pycc reads no decorator, and "numpy" drops the division-by-zero checks);
    - each export gets its own copy of the flags: pycc shares one object, and compiling a
      kernel switches its SSA pass off, after which the next kernel fails to type."""
    from numba.pycc import compiler

    plain = compiler.compile_extra

    def compile_extra(typing_context, target_context, function, arguments, result, flags,
                      *rest, **options):
        own = flags.copy()
        own.release_gil = True
        own.error_model = error_models.get(function, own.error_model)
        return plain(typing_context, target_context, function, arguments, result, own, *rest,
                     **options)

    compiler.compile_extra = compile_extra
    try:
        yield
    finally:
        compiler.compile_extra = plain


def numba_types(arguments: tuple[native.Argument, ...]) -> tuple:
    """The numba types of native.EXPORTS' arguments: the signature pycc compiles."""
    from numba.core import types

    def one(argument: native.Argument):
        if argument.dtype == "tuple":
            return types.Tuple([one(member) for member in argument.members])
        scalar = types.boolean if argument.dtype == "bool" else getattr(types, argument.dtype)
        if argument.dimensions == 0:
            return scalar
        return types.Array(scalar, argument.dimensions, "C", readonly=argument.readonly)

    return tuple(one(argument) for argument in arguments)


def build(directory: Path | None = None) -> Path:
    """Compile the current build into `directory` (default: native_dir()); its path."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending deprecation
        from numba.pycc import CC

    directory = directory or native.native_dir()
    directory.mkdir(parents=True, exist_ok=True)
    _remove_abandoned(directory)
    target = native.build_path(directory)
    name = native.module_name(native.build_key())
    with tempfile.TemporaryDirectory(dir=directory, prefix=SCRATCH_PREFIX) as scratch:
        compiler = CC(name)
        compiler.output_dir = scratch
        compiler.target_cpu = "host"
        compiler.verbose = False
        error_models = {}
        for module_name, functions in native.EXPORTS.items():
            module = importlib.import_module(f"{__package__}.{module_name}")
            for function, arguments in functions.items():
                kernel = getattr(module, function)
                compiler.export(f"{module_name}__{function}", numba_types(arguments))(
                    kernel.py_func)
                error_models[kernel.py_func] = kernel.targetoptions.get("error_model", "python")
        with _compiling_like_the_jit(error_models):
            compiler.compile()
        os.replace(Path(scratch) / target.name, target)
    for stale in directory.glob(f"polygui_native_*{native.extension_suffix()}"):
        if stale != target:
            stale.unlink(missing_ok=True)
    native.forget()
    return target


@contextlib.contextmanager
def _fresh_numba_cache() -> Iterator[None]:
    """numba's on-disk cache in a new empty folder while the block runs. pycc compiles each
    export from its source, but the kernels an export calls come through their dispatchers,
    which load numba's cache; numba keys a cached function by its own file only, so after an
    edit of a file it inlines from, the cache holds the old code, and a build made with it
    counted wrong (CubeInCage: 95 solutions instead of 1). A cache's folder is fixed when
    its module is imported: this must run before the kernels are imported, as main() does."""
    before = os.environ.get("NUMBA_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="polygui-build-numba-cache-") as fresh:
        os.environ["NUMBA_CACHE_DIR"] = fresh
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("NUMBA_CACHE_DIR", None)
            else:
                os.environ["NUMBA_CACHE_DIR"] = before


def _remove_abandoned(directory: Path) -> None:
    """Scratch folders of builds killed over an hour ago (a running build's is younger)."""
    for scratch in directory.glob(f"{SCRATCH_PREFIX}*"):
        if time.time() - scratch.stat().st_mtime > 3600:
            shutil.rmtree(scratch, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solvers.kernels.native_build",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--if-stale", action="store_true",
                        help="do nothing when a current build exists")
    parser.add_argument("--dir", type=Path, default=None,
                        help="where to build (default: $POLYGUI_NATIVE_DIR, else beside "
                             "numba's cache of the kernels)")
    args = parser.parse_args(argv)
    directory = args.dir or native.native_dir()
    if args.if_stale and native.build_path(directory).is_file():
        return 0
    print(f"native kernels: compiling the search kernels for this processor (two minutes or so, "
          f"once after each update) into {directory}", file=sys.stderr)
    started = time.perf_counter()
    try:
        with _fresh_numba_cache():
            path = build(directory)
    except Exception as error:  # noqa: BLE001 - any failure leaves the numba kernels in use
        print(f"native kernels not built ({type(error).__name__}: {error}); the numba "
              f"kernels will compile on first use instead", file=sys.stderr)
        return 1
    print(f"native kernels built in {time.perf_counter() - started:.0f} s: {path}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
