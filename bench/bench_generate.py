"""Generation throughput: minimal, unique 9x9 Sudokus rated in a band (default 1.5-4.0) per
second on one core, against QQWing (`qqwing --generate N --difficulty D --stats`) in the
same run when it is installed (Debian: apt-get install qqwing). Run by hand:

    .venv/bin/python bench/bench_generate.py [--count 200] [--band 1.5-4.0]
                                             [--qqwing-count 1000] [--qqwing-levels easy,expert]

Ours: one process, one thread, seeded, after a warm-up (the kernels' first load is not a
puzzle's time); the time split into the grids and their givens (the brute-force counts) and
the ratings (the logical solver), and the tries per puzzle kept. QQWing: its CPU time (user
and system, from the child's rusage), as the machine is shared; its puzzles are unique but
not minimal, and its levels are its own (not SE's scale). Prints markdown table rows.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from solvers.logic import generate as generation  # noqa: E402
from solvers.logic.generate import GenerateSpec, generate  # noqa: E402
from solvers.logic.rating_bands import parse_band  # noqa: E402


class Timed:
    """Wraps a function, adding its CPU seconds up."""

    def __init__(self, function) -> None:
        self.function, self.seconds = function, 0.0

    def __call__(self, *args, **kwargs):
        started = time.process_time()
        try:
            return self.function(*args, **kwargs)
        finally:
            self.seconds += time.process_time() - started


def ours(count: int, band_text: str, seed: int) -> str:
    spec = GenerateSpec(band=parse_band(band_text))
    generate(spec, random.Random(-1))  # warm-up
    rating = Timed(generation.rate_within)
    generation.rate_within = rating
    rng = random.Random(seed)
    tries, started, wall = 0, time.process_time(), time.perf_counter()
    for _ in range(count):
        tries += generate(spec, rng).tries
    cpu, wall = time.process_time() - started, time.perf_counter() - wall
    return (f"| PolyGUI, minimal, ER {band_text} | {count} | {count / cpu:.1f} | "
            f"{count / wall:.1f} | {tries / count:.2f} tries a puzzle; rating "
            f"{rating.seconds / cpu:.0%} of the time |")


def qqwing(count: int, level: str) -> str:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    subprocess.run(["qqwing", "--generate", str(count), "--difficulty", level, "--stats",
                    "--one-line"], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (f"| QQWing --difficulty {level} --stats | {count} | {count / cpu:.1f} | "
            f"{count / wall:.1f} | not minimal; its own levels |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--band", default="1.5-4.0")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--qqwing-count", type=int, default=1000)
    parser.add_argument("--qqwing-levels", default="easy,intermediate,expert")
    args = parser.parse_args()
    print("| generator | puzzles | per CPU second | per second (wall) | notes |")
    print("|---|---:|---:|---:|---|")
    print(ours(args.count, args.band, args.seed), flush=True)
    if shutil.which("qqwing") is None:
        print("| QQWing | - | - | - | not installed (apt-get install qqwing) |")
        return
    for level in args.qqwing_levels.split(","):
        print(qqwing(args.qqwing_count, level), flush=True)


if __name__ == "__main__":
    main()
