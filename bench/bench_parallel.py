"""Parallel search against the single-thread search, in one run (issue 15). Run by hand, on an
otherwise idle machine:

    .venv/bin/python bench/bench_parallel.py [--repeat N] [--quick] [--no-cluster]

Every configuration runs `--repeat` times, interleaved (one round runs each once), and the
best wall time counts: the single-thread run of each round is the baseline its ratios are
measured against, so the machine's noise falls on both sides alike. `wall` is from the call
to the last event: preparing, splitting, the trial and, for `local:N`, starting the cluster
and its workers' loading of the kernels (a run through `--cluster local:N` starts its own);
`search` is the run's own clock (Progress.elapsed: the tasks, from the first to the last).
Counts are checked against the single thread's.

`before` is the search as it was before parallel search (the kernel walking the tree of the
mode counted, `all` included, on one thread).

Tables (markdown):
- Mini Bedlam distinct on 1 thread, 2 threads, `local:2` (a LocalCluster of 2 processes):
  goals 2 threads >= 1.7x, local:2 >= 1.5x.
- Mini Bedlam `all` (460,464) against its distinct count on the same backend: goal <= 1.5x.
- meteor, Soma, the pentomino boards: default settings (every core) against one thread: goal
  never slower.
- Stop: from `close()` of the event generator to every thread (or task) stopped.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import Progress, Puzzle, solve  # noqa: E402
from solvers.parallel.run import available_cores  # noqa: E402
from solvers.placements.compile import compile_placements  # noqa: E402
from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search.choice import make_search  # noqa: E402

ASSETS = ROOT / "assets" / "puzzles"
SMALL = [("meteor.json", "all"), ("meteor.json", "distinct"), ("soma.json", "distinct"),
         ("soma.json", "all"), ("pentominoes-6x10.json", "distinct"),
         ("pentominoes-5x12.json", "distinct"), ("pentominoes-3x20.json", "distinct")]


def timed_count(puzzle: Puzzle, symmetry: str, **options) -> tuple[float, Progress]:
    start = time.perf_counter()
    last = None
    for event in solve(puzzle, symmetry, count_only=True, slice_seconds=0.05, **options):
        last = event
    assert isinstance(last, Progress) and last.exhausted
    return time.perf_counter() - start, last


def direct_count(puzzle: Puzzle, symmetry: str) -> tuple[float, int]:
    """The search before orbits and tasks: the kernel walks the tree of `symmetry` itself
    (one thread; wall time from the call, preparation included)."""
    start = time.perf_counter()
    search, _ = make_search(puzzle, compile_placements(puzzle), symmetry)
    while not search.finished:
        search.run(1_000_000, record=False)
    return time.perf_counter() - start, search.solutions


def best_of(rounds: list[dict[str, float]], key: str) -> float:
    return min(round_[key] for round_ in rounds)


def mini_bedlam(repeat: int, cluster: bool) -> None:
    puzzle = load_puzzle(ASSETS / "mini-bedlam.json")
    configurations = {"1 thread": {"jobs": 1}, "2 threads": {"jobs": 2}}
    if cluster:
        configurations["local:2"] = {"cluster": "local:2"}
    rounds, counts = [], {}
    for _ in range(repeat):
        times = {}
        for name, options in configurations.items():
            for symmetry in ("distinct", "all"):
                seconds, final = timed_count(puzzle, symmetry, **options)
                times[f"{name} {symmetry}"] = seconds
                times[f"{name} {symmetry} search"] = final.elapsed
                counts.setdefault(symmetry, final.solutions)
                assert final.solutions == counts[symmetry], (name, symmetry, final.solutions)
        rounds.append(times)
        print("  round: " + ", ".join(f"{k} {v:.2f} s" for k, v in times.items()), flush=True)
    base = best_of(rounds, "1 thread distinct")
    base_search = best_of(rounds, "1 thread distinct search")
    print(f"\nMini Bedlam ({counts['distinct']:,} distinct, {counts['all']:,} all), best of "
          f"{repeat}:\n")
    print("| search on | distinct wall s | vs 1 thread | distinct search s | vs 1 thread "
          "| all wall s | all / distinct |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in configurations:
        distinct, every = (best_of(rounds, f"{name} {s}") for s in ("distinct", "all"))
        search = best_of(rounds, f"{name} distinct search")
        print(f"| {name} | {distinct:.2f} | {base / distinct:.2f}x | {search:.2f} | "
              f"{base_search / search:.2f}x | {every:.2f} | {every / distinct:.2f}x |")


def small_puzzles(repeat: int) -> None:
    cores = available_cores()
    print(f"\nSmall puzzles, default settings ({cores} threads) against 1 thread, best of "
          f"{repeat}:\n")
    print("| puzzle | count | solutions | before s | 1 thread s | default s "
          "| default / before |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, symmetry in SMALL:
        puzzle = load_puzzle(ASSETS / name)
        before, one, every = [], [], []
        for _ in range(repeat):
            seconds, solutions = direct_count(puzzle, symmetry)
            before.append(seconds)
            seconds, single = timed_count(puzzle, symmetry, jobs=1)
            one.append(seconds)
            seconds, parallel = timed_count(puzzle, symmetry, jobs=cores)
            every.append(seconds)
            assert parallel.solutions == single.solutions == solutions
        print(f"| {name} | {symmetry} | {single.solutions:,} | {min(before):.3f} | "
              f"{min(one):.3f} | {min(every):.3f} | {min(every) / min(before):.2f}x |")


def stop_latency(repeat: int, cluster: bool) -> None:
    """Stop while Mini Bedlam's tasks run: the seconds `close()` takes (threads joined, or
    the cluster's tasks told to stop and the run's backend shut down)."""
    puzzle = load_puzzle(ASSETS / "mini-bedlam.json")
    print(f"\nStop latency (Mini Bedlam, stopped 2 s into its tasks), worst of {repeat}:\n")
    print("| search on | close() s | threads left |")
    print("|---|---:|---:|")
    backends = [("2 threads", {"jobs": 2})] + ([("local:2", {"cluster": "local:2"})]
                                               if cluster else [])
    for name, options in backends:
        worst, left = 0.0, 0
        for _ in range(repeat):
            before = threading.active_count()
            events = solve(puzzle, "distinct", count_only=True, **options)
            started = None
            for event in events:
                if getattr(event, "phase", "") == "searching":
                    started = started or time.perf_counter()
                    if time.perf_counter() - started > 2.0:
                        break
            begin = time.perf_counter()
            events.close()
            worst = max(worst, time.perf_counter() - begin)
            time.sleep(0.5)
            left = max(left, threading.active_count() - before)
        print(f"| {name} | {worst:.3f} | {left} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="the small puzzles only")
    parser.add_argument("--no-cluster", action="store_true", help="leave Dask out")
    args = parser.parse_args()
    cluster = not args.no_cluster
    print(f"{time.strftime('%Y-%m-%d')}, {available_cores()} cores")
    timed_count(load_puzzle(ASSETS / "soma.json"), "distinct")  # kernels loaded before clocks
    if not args.quick:
        mini_bedlam(args.repeat, cluster)
        stop_latency(args.repeat, cluster)
    small_puzzles(args.repeat)


if __name__ == "__main__":
    main()
