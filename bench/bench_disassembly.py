"""Assembly and disassembly against BurrTools, on BurrTools' own files. Run by hand:

    .venv/bin/python bench/bench_disassembly.py [--repeat N] [--baseline COMMIT] [--previous REV]

For each file: PolyGUI's whole solve on one thread (search and taking every assembly apart,
the in-process time `polygui-solve --jobs 1` reports: start-up and preparation excluded, as in
BurrTools' "asm+disasm" column), the best of `--repeat` runs, and of it the disassembly alone.

BurrTools itself cannot be run here (its code is not ours to fetch or build); it was timed on
this machine kind beside PolyGUI at f312cbd (the team's reference figures, FIGURES.md section 2).
So this script times that PolyGUI (`--baseline`, a git worktree made for it in the temp folder)
in the same run on calibration workloads FIGURES.md also timed it on (pentominoes 6x10 and
5x12), and scales BurrTools' figures by how much faster or slower the machine is now than
then: BurrTools now ~ BurrTools then x (baseline now / baseline then).
With `--previous REV` (a commit of this branch, say the one before a change), that PolyGUI's
whole solve is timed too, in its own worktree with its own native build (made there when it
has none: a few minutes), interleaved with this one's, file by file: a change's speed-up
measured in one run, whatever the machine's load.
Prints markdown tables for docs/benchmarks.md: the whole solves, then the searches alone
against BurrTools' searches (issue 31's search goal).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import count_solutions  # noqa: E402
from solvers.puzzle.any_file import load_any  # noqa: E402

BURRTOOLS = ROOT / "tests" / "data" / "burrtools"
CASES = [  # (file, mode, BurrTools' asm+disasm seconds then, its search alone then (0.000:
    # under a millisecond, as FIGURES.md rounds it), its assemblies (solutions))
    ("PelikanBurr.xmpuzzle", "distinct", 0.253, 0.000, "12 (1)"),
    ("CubeInCage.xmpuzzle", "distinct", 0.014, 0.000, "96 (1)"),
    ("DemoPieceGenerator.xmpuzzle", "distinct", 0.037, 0.003, "928 (927)"),
    ("AlPackino.xmpuzzle", "distinct", 0.077, 0.065, "1 (1)"),
    ("SolidSixPieceBurrs.xmpuzzle", "distinct", 0.799, 0.72, "588"),
]
CALIBRATION = [  # (shipped file, PolyGUI f312cbd's search seconds in FIGURES.md section 2)
    ("pentominoes-6x10.json", 0.288),
    ("pentominoes-5x12.json", 0.116),
]
BASELINE = "f312cbd"

TIMED = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from solvers import count_solutions
from solvers.puzzle.any_file import load_any
best = None
for _ in range(int(sys.argv[3])):
    final = count_solutions(load_any(sys.argv[2]), "distinct")
    best = final.elapsed if best is None else min(best, final.elapsed)
print(json.dumps(best))
"""


def ours(path: Path, mode: str, repeat: int) -> tuple[float, float, object]:
    """(best whole solve, best search alone, the final Progress) on one thread."""
    puzzle = load_any(path)
    count_solutions(puzzle, mode)  # kernels loaded, tables warm
    whole = min(count_solutions(puzzle, mode).elapsed for _ in range(repeat))
    import dataclasses
    bare = dataclasses.replace(puzzle, disassembly=False)
    search = min(count_solutions(bare, mode).elapsed for _ in range(repeat))
    return whole, search, count_solutions(puzzle, mode)


def baseline_seconds(tree: Path, path: Path, repeat: int) -> float:
    result = subprocess.run([sys.executable, "-c", TIMED, str(tree), str(path), str(repeat)],
                            cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def baseline_tree(commit: str) -> Path:
    tree = Path(tempfile.gettempdir()) / f"polygui-baseline-{commit}"
    if not tree.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT,
                       check=True, capture_output=True)
    return tree


def previous_tree(rev: str) -> Path:
    """A worktree of `rev` with its native build (made if it has none), as this one runs."""
    commit = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    tree = baseline_tree(commit)
    subprocess.run([sys.executable, "-m", "solvers.kernels.native_build", "--if-stale"],
                   cwd=tree, check=True)
    return tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--previous", help="also time this revision's whole solve, side by side")
    args = parser.parse_args()
    tree = baseline_tree(args.baseline)
    previous = previous_tree(args.previous) if args.previous else None
    assets = ROOT / "assets" / "puzzles"
    factors = []
    for name, then in CALIBRATION:
        baseline_seconds(tree, assets / name, 1)  # its kernels compiled and cached
        now = baseline_seconds(tree, assets / name, args.repeat)
        factors.append(now / then)
        print(f"calibration {name}: {args.baseline} {now:.4f} s now, {then:.4f} s then",
              file=sys.stderr)
    factor = sum(factors) / len(factors)
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, machine {factor:.2f}x as slow as when "
          f"BurrTools was timed\n")
    before = f" | {args.previous} whole solve s | now/{args.previous}" if previous else ""
    print("| file | assemblies (solutions), levels | BurrTools | PolyGUI whole solve s | "
          f"of it disassembly s | BurrTools asm+disasm s (scaled) | PolyGUI/BurrTools{before} |")
    print("|---|---|---|---:|---:|---:|---:" + ("|---:|---:" if previous else "") + "|")
    searches = []
    for name, mode, burrtools, burrtools_search, recorded in CASES:
        then = None
        whole, search, final = float("inf"), float("inf"), None
        for _ in range(2 if previous else 1):  # interleaved: this build, the previous one
            if previous:
                seconds = baseline_seconds(previous, BURRTOOLS / name, args.repeat)
                then = seconds if then is None else min(then, seconds)
            one_whole, one_search, final = ours(BURRTOOLS / name, mode, args.repeat)
            whole, search = min(whole, one_whole), min(search, one_search)
        levels = ", ".join(f"{level} ({count})" for level, count in final.levels)
        scaled = burrtools * factor
        side = f" | {then:.4f} | {whole / then:.2f}x" if previous else ""
        print(f"| {name} | {final.assemblies:,} ({final.solutions:,}): {levels} | {recorded} "
              f"| {whole:.4f} | {max(0.0, whole - search):.4f} | {scaled:.4f} "
              f"| **{whole / scaled:.2f}x**{side} |")
        searches.append((name, search, burrtools_search * factor))
    _search_table(searches)


def _search_table(searches: list[tuple[str, float, float]]) -> None:
    """The searches alone against BurrTools' (issue 31's goal: at most 0.5x); BurrTools'
    searches under a millisecond (FIGURES.md's 0.000) give no ratio."""
    print("\nThe search alone (`--no-disassembly`'s solve), against BurrTools' search:\n")
    print("| file | PolyGUI search s | BurrTools search s (scaled) | PolyGUI/BurrTools |")
    print("|---|---:|---:|---:|")
    for name, search, burrtools in searches:
        ratio = f"**{search / burrtools:.2f}x**" if burrtools else "— (BurrTools under 1 ms)"
        print(f"| {name} | {search:.4f} | {burrtools:.4f} | {ratio} |")


if __name__ == "__main__":
    main()
