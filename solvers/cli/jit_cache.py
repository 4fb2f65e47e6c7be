"""Fill numba's on-disk cache of the kernels ahead of time, on several processes at once.

    python -m solvers.cli.jit_cache [--jobs N]

Every kernel is `@njit(cache=True)`: the first call with given argument types compiles it
(the disassembler's three entry points alone take over a minute on a 2-core VM) and writes
the machine code beside its source; a later process loads it in milliseconds. This compiles
each of native.EXPORTS for the argument types its Python side calls it with, and the Sudoku
rater's scans, spread over N processes (default: one per core). The test suite runs it before
its workers start (tests/conftest.py), so that no two of them compile the same kernel and none
waits a minute inside a test; a machine without a C compiler, where no native build exists,
can run it after an install for the same reason.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import sys
import time

from ..kernels import native

# The disassembler's kernels take about half of the whole compile, the rater's a quarter:
# started first, each on a process of its own, they run beside the many small ones. A kernel
# module's exports compile on one process: they share the functions they call, which a second
# process would compile again.
RATER = "logic"  # the Sudoku rater's path kernel and scans (solvers/logic)
COMPILE_FIRST = ("disassembly_tree", RATER)


def units() -> list[str]:
    """Every unit of work (a kernel module's name, or RATER), heaviest first."""
    return list(COMPILE_FIRST) + [module for module in native.EXPORTS
                                  if module not in COMPILE_FIRST]


def compile_unit(unit: str) -> tuple[str, float]:
    """Compile (or load from the cache) one unit; its name and the seconds it took."""
    started = time.perf_counter()
    if unit == RATER:
        from ..logic import scan, truth

        truth.warm_up()
        scan.warm_up()
    else:
        from ..kernels.native_build import numba_types

        module = importlib.import_module(f"{native.__package__}.{unit}")
        for function, arguments in native.EXPORTS[unit].items():
            getattr(module, function).compile(numba_types(arguments))
    return unit, time.perf_counter() - started


def fill(jobs: int, only: list[str] | None = None, verbose: bool = False) -> float:
    """Compile every unit (or those in `only`) on `jobs` processes; the seconds it took."""
    started = time.perf_counter()
    chosen = [unit for unit in units() if not only or unit in only]
    context = multiprocessing.get_context("spawn")  # nothing of this process's state shared
    with context.Pool(max(1, min(jobs, len(chosen)))) as pool:
        for unit, seconds in pool.imap_unordered(compile_unit, chosen, chunksize=1):
            if verbose:
                print(f"  {unit}: {seconds:.1f} s", file=sys.stderr)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solvers.cli.jit_cache",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes to compile on (default: one per core)")
    parser.add_argument("--only", nargs="+", choices=units(), metavar="UNIT",
                        help=f"these units only (of {', '.join(units())})")
    parser.add_argument("--verbose", action="store_true", help="each unit's seconds")
    args = parser.parse_args(argv)
    seconds = fill(args.jobs, args.only, args.verbose)
    print(f"numba's cache of the kernels filled in {seconds:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
