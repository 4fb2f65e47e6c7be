"""Which kernel suits the sphere grid, and how fast the Kanoodle counts are: the shipped
Kanoodle rectangle (all solutions: the published 371,020) and pyramid (distinct), each
kernel forced in turn, interleaved, the best of `--repeat` runs. Run by hand:

    .venv/bin/python bench/bench_spheres.py [--repeat N] [--pyramid-bitboard]
                                            [--xcover PYTHON [--xcover-timeout SECONDS]]

Times are search seconds on one core (preparation and JIT loading excluded). The bit-board
kernel on the pyramid takes minutes (its fixed sweep cuts off few islands in 3D), so it runs
only with --pyramid-bitboard. Prints a markdown table: solutions, million nodes, seconds,
and each kernel's seconds over the live-set kernel's in the same run. `--xcover` also counts
each puzzle's solutions in all with xcover (bench/xcover_instance.py: the same placements, no
symmetry breaking), once each, beside PolyGUI's best count of them all.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers.puzzle.fileformat import load_puzzle  # noqa: E402
from solvers.search.choice import choose_kernel  # noqa: E402
from solvers.placements.compile import compile_placements  # noqa: E402
from solvers.search.solve import solve  # noqa: E402
from xcover_instance import instance, xcover  # noqa: E402

ASSETS = ROOT / "assets" / "puzzles"
CASES = [("kanoodle-5x11.json", "all"), ("kanoodle-5x11.json", "distinct"),
         ("kanoodle-pyramid.json", "distinct")]


def run(name: str, mode: str, kernel: str):
    """The final Progress of one count-only search."""
    return list(solve(load_puzzle(ASSETS / name), mode, count_only=True, kernel=kernel))[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pyramid-bitboard", action="store_true")
    parser.add_argument("--xcover", help="a Python with xcover installed")
    parser.add_argument("--xcover-timeout", type=float, default=1800.0)
    args = parser.parse_args()
    print("| puzzle | mode | auto | kernel | solutions | M nodes | seconds | vs live |")
    print("|---|---|---|---|---|---|---|---|")
    for name, mode in CASES:
        puzzle = load_puzzle(ASSETS / name)
        auto = choose_kernel(puzzle, compile_placements(puzzle))
        kernels = ["bitboard", "live"]
        if "pyramid" in name and not args.pyramid_bitboard:
            kernels = ["live"]
        best: dict[str, object] = {}
        for _ in range(args.repeat):  # interleaved: a busy machine slows both alike
            for kernel in kernels:
                final = run(name, mode, kernel)
                if kernel not in best or final.elapsed < best[kernel].elapsed:
                    best[kernel] = final
        for kernel in kernels:
            final = best[kernel]
            ratio = final.elapsed / best["live"].elapsed
            print(f"| {name} | {mode} | {auto} | {kernel} | {final.solutions:,} | "
                  f"{final.nodes / 1e6:.2f} | {final.elapsed:.2f} | {ratio:.2f} |", flush=True)
    if args.xcover:
        compare_with_xcover(args.xcover, args.xcover_timeout, args.repeat)


def compare_with_xcover(python: str, timeout: float, repeat: int) -> None:
    """Every solution of each shipped puzzle: PolyGUI (the kernel it picks, best of
    `repeat`) against xcover (once: it runs for minutes)."""
    print("\n| puzzle | PolyGUI all, s | xcover all, s | xcover / PolyGUI |")
    print("|---|---:|---:|---:|")
    for name in sorted({name for name, _ in CASES}):
        puzzle = load_puzzle(ASSETS / name)
        ours = min((run(name, "all", "auto") for _ in range(repeat)), key=lambda f: f.elapsed)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "instance.json"
            path.write_text(json.dumps(instance(puzzle)))
            try:
                count, seconds = xcover(python, path, timeout)
            except TimeoutError:
                print(f"| {name} | {ours.elapsed:.2f} | > {timeout:.0f} | "
                      f"> {timeout / ours.elapsed:.0f}x |", flush=True)
                continue
        assert count == ours.solutions, f"{name}: xcover {count}, PolyGUI {ours.solutions}"
        print(f"| {name} ({count:,}) | {ours.elapsed:.2f} | {seconds:.2f} | "
              f"{seconds / ours.elapsed:.1f}x |", flush=True)


if __name__ == "__main__":
    main()
