"""What a `polygui-solve` call costs before its search: start-up with a warm numba cache, and
the first compile of the kernels with an empty one, each with this tree's native build of the
kernels (when `scripts/setup.sh` has made a current one) and without it. Run by hand:

    .venv/bin/python bench/bench_startup.py [--calls N] [--baseline REF] [--cold]

Each variant is a fresh process (`python -c 'from polygui.cli import main; main()' ARGS`),
timed by its wall clock and its CPU time (user + system; on a loaded machine the CPU time
is the steadier figure). `--baseline REF` also runs the code of git commit REF (extracted with
`git archive` into a temporary folder and put first on PYTHONPATH, same interpreter and
packages), interleaved with this tree, call for call, so both see the same load. The `floor`
variant is what any numba program pays: Python, numpy, numba and one cached trivial kernel.

Warm (default): one untimed call of each variant fills the caches, then N calls of each,
interleaved; best and median. `--cold`: N calls of each with `NUMBA_CACHE_DIR` pointed at a
fresh empty folder each time: the first-ever compile of what the run needs.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN_CLI = "import sys; from polygui.cli import main; sys.exit(main(sys.argv[1:]))"
FLOOR_KERNEL = "from numba import njit\n\n@njit(cache=True, nogil=True)\ndef one(x):\n    return x + 1\n"
RUN_FLOOR = "import sys, numpy; sys.path.insert(0, sys.argv[1]); import floor_kernel; floor_kernel.one(1)"


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one process; fails loudly if it fails. It runs in the
    system's temporary folder: `python -c` puts its working folder first on sys.path, ahead
    of PYTHONPATH, so from the project's root every variant would import this tree."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=tempfile.gettempdir(), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def extract(ref: str, into: Path) -> Path:
    """The tree of commit `ref` in `into`/src (git archive: no worktree, no checkout)."""
    target = into / "src"
    target.mkdir()
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    # its bytecode, as scripts/setup.sh compiles this tree's (else every call of the baseline
    # would compile its modules from source where PYTHONDONTWRITEBYTECODE is set)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(target / "polygui"),
                    str(target / "solvers")], check=True, stdout=subprocess.DEVNULL)
    return target


def variants(args: argparse.Namespace, scratch: Path) -> dict[str, tuple[list[str], dict]]:
    """name -> (command, environment)."""
    cli_args = [str(ROOT / "assets" / "puzzles" / args.puzzle), *args.cli_args.split()]
    env = dict(os.environ)
    found = {"this tree": ([sys.executable, "-c", RUN_CLI, *cli_args],
                           {**env, "PYTHONPATH": str(ROOT)})}
    # the same without its native build (solvers/kernels/native.py): an empty folder of builds
    (scratch / "no-native").mkdir()
    found["this tree, numba kernels"] = (
        [sys.executable, "-c", RUN_CLI, *cli_args],
        {**env, "PYTHONPATH": str(ROOT), "POLYGUI_NATIVE_DIR": str(scratch / "no-native")})
    if args.baseline:
        source = extract(args.baseline, scratch)
        found[f"baseline {args.baseline}"] = ([sys.executable, "-c", RUN_CLI, *cli_args],
                                              {**env, "PYTHONPATH": str(source)})
    if not args.cold:
        (scratch / "floor_kernel.py").write_text(FLOOR_KERNEL)
        found["floor (numpy, numba, one cached kernel)"] = (
            [sys.executable, "-c", RUN_FLOOR, str(scratch)], env)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--baseline", metavar="REF", help="also time git commit REF")
    parser.add_argument("--cold", action="store_true", help="an empty numba cache each call")
    parser.add_argument("--puzzle", default="soma.json", help="in assets/puzzles")
    parser.add_argument("--cli-args", default="--symmetry distinct --count-only --json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as folder:
        scratch = Path(folder)
        runs = variants(args, scratch)
        if not args.cold:
            for command, env in runs.values():
                timed(command, env)  # fill numba's cache and Python's bytecode cache
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        for call in range(args.calls):
            for name, (command, env) in runs.items():
                if args.cold:
                    env = {**env, "NUMBA_CACHE_DIR": tempfile.mkdtemp(dir=scratch)}
                times[name].append(timed(command, env))
    print(f"{args.puzzle} {args.cli_args}: {args.calls} calls each, "
          f"{'empty' if args.cold else 'warm'} numba cache, load {os.getloadavg()[0]:.1f}")
    print("| variant | wall best | wall median | CPU best | CPU median |")
    print("|---|---:|---:|---:|---:|")
    for name, pairs in times.items():
        walls, cpus = [w for w, _ in pairs], [c for _, c in pairs]
        print(f"| {name} | {min(walls):.3f} s | {statistics.median(walls):.3f} s | "
              f"{min(cpus):.3f} s | {statistics.median(cpus):.3f} s |")


if __name__ == "__main__":
    main()
