"""Time to answer: `polygui-solve FILE --count-only` from a fresh process, on every BurrTools
example and every shipped cube puzzle, against a baseline commit and BurrTools. Run by hand:

    .venv/bin/python bench/bench_time_to_answer.py [--calls N] [--baseline COMMIT] [--quick]

Each call is a fresh process's wall clock (start-up, import, preparation, search, taking the
assemblies apart, printing), the best of N, this tree's and the baseline's calls interleaved so
that both see the same load. The baseline (by default f312cbd, the commit FIGURES.md timed
beside BurrTools) runs from a git worktree in the temp folder, with its native build (made
there if it has none and its commit has the builder). The Python floor is what
`python -c "import numpy"` costs, its calls interleaved with each file's (best of N): issue
31's goal is PolyGUI's wall at most
BurrTools' wall plus that floor, for the same job: a file that checks disassembly is taken
apart by a count, so it is held against BurrTools' wall with its disassembler, and its count
of assemblies alone (`--no-disassembly`, a second table) against BurrTools' wall without
(the wall FIGURES.md gives). BurrTools cannot be run here; its walls from FIGURES.md
section 2 are scaled by how much faster the machine is now than then, measured as
bench/bench_disassembly.py does (f312cbd's pentomino searches now against then, whatever the
baseline).
`--quick` leaves out Mini Bedlam (a 12 s search). `--warm` times this tree's calls through a
warm server (polygui.warm_client), as `polygui-solve` runs its calls from the third in a row
(since 2026-11-29), the server started before they are timed (`POLYGUI_SOLVE_SERVER=1`) and
stopped after. Without it, this tree's calls run by themselves, as the first two do.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_disassembly import CALIBRATION, baseline_seconds, baseline_tree, previous_tree
from solvers.puzzle.any_file import load_any  # this tree's: bench_disassembly put it on the path

ROOT = Path(__file__).resolve().parents[1]
BURRTOOLS = ROOT / "tests" / "data" / "burrtools"
ASSETS = ROOT / "assets" / "puzzles"
BASELINE = "f312cbd"
# BurrTools' seconds in FIGURES.md section 2: (wall, search, asm+disasm); its wall is
# preparing, reducing and assembling, without taking anything apart (asm+disasm is the
# search with the disassembler, without the preparation)
Seconds = tuple[float, float, float]
FILES: list[tuple[Path, Seconds | None]] = [  # None: not timed beside BurrTools
    (BURRTOOLS / "AlPackino.xmpuzzle", (0.110, 0.065, 0.077)),
    (BURRTOOLS / "BallRoom.xmpuzzle", None),  # spheres
    (BURRTOOLS / "CubeInCage.xmpuzzle", (0.013, 0.000, 0.014)),
    (BURRTOOLS / "DemoMirrorParadox.xmpuzzle", (0.004, 0.000, 0.003)),
    (BURRTOOLS / "DemoPieceGenerator.xmpuzzle", (0.015, 0.003, 0.037)),
    (BURRTOOLS / "PelikanBurr.xmpuzzle", (0.038, 0.000, 0.253)),
    (BURRTOOLS / "SolidSixPieceBurrs.xmpuzzle", (0.758, 0.72, 0.799)),
    (ASSETS / "soma.json", (0.040, 0.020, 0.054)),
    (ASSETS / "six-piece-burr.json", None),
    (ASSETS / "puzzle-in-a-cage.json", None),
    (ASSETS / "sliding-lid-box.json", None),
    (ASSETS / "mini-bedlam.json", (129.5, 129.3, 116.5)),
]


def burrtools_wall(seconds: Seconds, disassembly: bool) -> float:
    """BurrTools' wall for the same job as PolyGUI's count: with its disassembler (its wall
    with the search swapped for asm+disasm) when the file checks disassembly."""
    wall, search, with_disassembly = seconds
    return wall - search + with_disassembly if disassembly else wall


# polygui-solve's own entry point, as the installed command runs it: polygui.cli.run (which
# ends the process without Python's teardown when nothing waits for it; since 2026-11-28
# 19:03), or main for a tree without it. The tables before 2026-11-28 timed solvers.cli.main.
RUN_CLI = "import sys; sys.path.insert(0, sys.argv[1]); from polygui import cli; " \
          "sys.argv[1:] = sys.argv[2:]; " \
          "cli.run() if hasattr(cli, 'run') else sys.exit(cli.main())"


WARM_CLI = "import sys; sys.path.insert(0, sys.argv[1]); from polygui import warm_client; " \
           "sys.argv[1:] = sys.argv[2:]; warm_client.run()"


# as installed: bytecode written once and read after (PYTHONDONTWRITEBYTECODE, which some
# shells set, would have every call compile all of the modules it imports: 0.3 s and more)
ENVIRONMENT = {name: value for name, value in os.environ.items()
               if name != "PYTHONDONTWRITEBYTECODE"}


def wall(command: list[str]) -> float:
    """Seconds one process takes."""
    return timed(command)[0]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds one process takes, run from the temp folder
    (`python -c` puts its working folder first on sys.path). The CPU time counts every
    thread's, and changes less with the load than the wall does: on a shared machine it is
    the fairer comparison with the floor."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=tempfile.gettempdir(), capture_output=True, check=False,
                   env=WARM_ENVIRONMENT if command[2] == WARM_CLI else ENVIRONMENT)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def solve_command(tree: Path, path: Path, *options: str, warm: bool = False) -> list[str]:
    return [sys.executable, "-c", WARM_CLI if warm else RUN_CLI, str(tree), str(path),
            "--count-only", *options]


WARM_FOLDER = Path(tempfile.mkdtemp(prefix="pgwb", dir="/tmp"))  # short: a socket's path
WARM_ENVIRONMENT = {**{name: value for name, value in ENVIRONMENT.items()
                       if name != "XDG_RUNTIME_DIR"},
                    "TMPDIR": str(WARM_FOLDER), "POLYGUI_SOLVE_SERVER": "1"}


WARM_NOTE = ("; PolyGUI's calls through a warm server (its CPU columns count the calling "
             "process only, not the one the server forks for the call)")


def warm_server_started() -> None:
    """This tree's warm server, answering (the first call starts it)."""
    timed(solve_command(ROOT, ASSETS / "soma.json", warm=True))
    for _ in range(600):
        if list(WARM_FOLDER.rglob("*.sock")):
            return
        time.sleep(0.1)
    raise SystemExit("the warm server did not start")


def warm_server_stopped() -> None:
    for log in WARM_FOLDER.rglob("*.log"):
        for pid in re.findall(r"started, pid (\d+)", log.read_text()):
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGTERM)
    shutil.rmtree(WARM_FOLDER, ignore_errors=True)


def knows_no_disassembly(tree: Path) -> bool:
    """Whether that tree's polygui-solve has --no-disassembly (f312cbd had no disassembler:
    its count is of assemblies)."""
    return any("--no-disassembly" in path.read_text()
               for path in (tree / "solvers" / "cli").glob("*.py"))


FLOOR = [sys.executable, "-c", "import numpy"]  # the Python floor: issue 31's goal adds it
Timings = tuple[float, float, float, float, float, float]


def best_of(calls: int, ours: list[str], theirs: list[str]) -> Timings:
    """(our wall, their wall, our CPU, their CPU, the floor's wall, the floor's CPU), each
    the best of `calls`, interleaved after a first call of each (caches warm): the floor
    beside each file's calls sees the load they see (measured once before them all, it
    moved the ratios by up to 0.1x from one run to the next)."""
    for command in (ours, theirs, FLOOR):
        timed(command)
    runs: list[list[tuple[float, float]]] = [[], [], []]
    for _ in range(calls):
        for found, command in zip(runs, (ours, theirs, FLOOR)):
            found.append(timed(command))
    walls = [min(wall for wall, _ in found) for found in runs]
    cpus = [min(cpu for _, cpu in found) for found in runs]
    return walls[0], walls[1], cpus[0], cpus[1], walls[2], cpus[2]


def machine_factor(tree: Path, commit: str) -> float:
    """How slow the machine is now against when BurrTools was timed (< 1: faster)."""
    factors = []
    for name, then in CALIBRATION:
        baseline_seconds(tree, ASSETS / name, 1)
        factors.append(baseline_seconds(tree, ASSETS / name, 3) / then)
    factor = sum(factors) / len(factors)
    print(f"calibration: {commit}'s pentomino searches {factor:.2f}x their time then",
          file=sys.stderr)
    return factor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--warm", action="store_true",
                        help="this tree's calls through a warm server (polygui-solve's from the "
                             "third call in a row)")
    args = parser.parse_args()
    if args.warm:
        warm_server_started()
    try:
        _tables(args)
    finally:
        warm_server_stopped()


def _tables(args: argparse.Namespace) -> None:
    tree = baseline_tree(BASELINE) if args.baseline == BASELINE else previous_tree(args.baseline)
    factor = machine_factor(baseline_tree(BASELINE), BASELINE)
    files = [entry for entry in FILES if not (args.quick and entry[0].name == "mini-bedlam.json")]
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, machine {factor:.2f}x as slow as when "
          f"BurrTools was timed, load {os.getloadavg()[0]:.1f}; the Python floor measured "
          f"beside each file{WARM_NOTE if args.warm else ''}\n")
    _header(args.baseline)
    assemblies_only = []  # files that check disassembly: their counts of assemblies alone
    for path, burrtools in files:
        disassembly = load_any(path).disassembly
        _row(path.name + (" (taken apart)" if disassembly else ""),
             best_of(args.calls, solve_command(ROOT, path, warm=args.warm),
                     solve_command(tree, path)),
             None if burrtools is None else burrtools_wall(burrtools, disassembly), factor)
        if disassembly:
            assemblies_only.append((path, burrtools))
    base_options = ("--no-disassembly",) if knows_no_disassembly(tree) else ()
    print("\nThe same files' assemblies alone (`--no-disassembly`), against BurrTools' wall "
          "without its disassembler"
          f"{'' if base_options else f' ({args.baseline} counts assemblies only)'}:\n")
    _header(args.baseline)
    for path, burrtools in assemblies_only:
        _row(path.name + " (assemblies)",
             best_of(args.calls, solve_command(ROOT, path, "--no-disassembly", warm=args.warm),
                     solve_command(tree, path, *base_options)),
             None if burrtools is None else burrtools[0], factor)


def _header(baseline: str) -> None:
    print(f"| file | PolyGUI wall s | {baseline} wall s | this/{baseline} | "
          "BurrTools wall s (scaled) | Python floor s | goal: BurrTools + floor s | "
          f"PolyGUI/goal | PolyGUI CPU s | {baseline} CPU s | PolyGUI/goal in CPU |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def _row(name: str, times: Timings, burrtools: float | None, factor: float) -> None:
    """One line of the table: `burrtools` is BurrTools' wall then for the same job."""
    best, base, cpu, base_cpu, floor, floor_cpu = times
    if burrtools is None:
        scaled = goal = ratio = cpu_ratio = "—"
    else:
        scaled_s = burrtools * factor
        scaled, goal = f"{scaled_s:.3f}", f"{scaled_s + floor:.3f}"
        ratio = f"**{best / (scaled_s + floor):.2f}x**"
        cpu_ratio = f"{cpu / (scaled_s + floor_cpu):.2f}x"
    print(f"| {name} | {best:.3f} | {base:.3f} | {best / base:.2f}x | {scaled} | {floor:.3f} | "
          f"{goal} | {ratio} | {cpu:.3f} | {base_cpu:.3f} | {cpu_ratio} |", flush=True)


if __name__ == "__main__":
    main()
