"""`polygui-solve --verify FILE`: check a run file without running it, and what a resumed run
says about the records it did not believe."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..search.events import Progress


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--verify", type=Path, metavar="FILE",
                        help="check the run file FILE (its settings, its tasks' checksums, "
                             "that they cover the search tree exactly once) without running it")


def run_verify(path: Path, as_json: bool) -> int:
    """0: every record checks out; 1: some finished tasks would run again; a damaged file
    raises RunFileError (status 2)."""
    import json  # here: a count without --json never loads it (start-up)
    from ..parallel.runfile import RunFile  # SQLite only for a run file
    from ..search.prepare import prepare_puzzle

    run = RunFile.open(path, writable=False)
    try:
        prepared = prepare_puzzle(run.puzzle, run.symmetry)
        run.check_matches(run.puzzle, prepared)
        lines = run.verify(prepared)
        records = run.records
        fraction, solutions = run.standing()
        finished = sum(1 for r in records if r.done and not r.problem)
        summary = {"file": str(path), "puzzle": run.puzzle.name, "symmetry": run.symmetry,
                   "keeps_solutions": not run.count_only, "tasks": len(records),
                   "finished": finished, "fraction_done": fraction, "solutions": solutions,
                   "complete": finished == len(records), "run_again": len(run.failed())}
    finally:
        run.close()
    kept = "counting" if not summary["keeps_solutions"] else "keeping the solutions"
    print(f"{path}: a run of {summary['puzzle']} [{summary['symmetry']}], {kept}; "
          f"{finished:,} of {len(records):,} tasks finished ({fraction:.1%} of the tree), "
          f"{solutions:,} solution{'s' * (solutions != 1)} so far")
    for line in lines:
        print(f"{path}: {line}")
    if not lines:
        print(f"{path}: every record checks out; the tasks cover the search tree exactly once")
    if as_json:
        print(json.dumps(summary))
    return 1 if lines else 0


class NotesPrinter:
    """Prints, once, what a resumed run file did not prove (its tasks run again)."""

    def __init__(self, path: Path | None) -> None:
        self.path, self.done = path, False

    def update(self, progress: Progress) -> None:
        if self.done or not progress.notes:
            return
        self.done = True
        for note in progress.notes:
            print(f"polygui-solve: {self.path}: {note}", file=sys.stderr)
