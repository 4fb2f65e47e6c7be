"""Runs the app keeps to resume: long searches leave a run file (solvers.parallel.runfile) in
the per-user data folder, `runs/`, one per puzzle and counting mode, named after the puzzle's
fingerprint, so reopening the puzzle finds its run. A run that ends is forgotten; one stopped,
or cut off by closing the window or a crash, stays until resumed or discarded."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from solvers import Puzzle, PuzzleError
from solvers.parallel.runfile import RunFile, puzzle_fingerprint

from ..resources import data_folder

SUFFIX = ".polyrun"
DISCARDED = ".discarded"  # a run file forgotten, being deleted


def default_directory() -> Path:
    return data_folder() / "runs"


@dataclass(frozen=True)
class KeptRun:
    path: Path
    symmetry: str
    fraction_done: float
    solutions: int
    count_only: bool

    def describe(self) -> str:
        kept = "counted" if self.count_only else "found"
        return (f"{self.fraction_done:.0%} searched, {self.solutions:,} solution"
                f"{'s' * (self.solutions != 1)} {kept} ({self.symmetry})")


def read_kept_run(path: Path) -> KeptRun:
    """What a run file says; PuzzleError (RunFileError) when it cannot be read."""
    run = RunFile.open(path)
    try:
        fraction, solutions = run.standing()
        return KeptRun(path, run.symmetry, fraction, solutions, run.count_only)
    finally:
        run.close()


class KeptRuns:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or default_directory()

    def path_for(self, puzzle: Puzzle, symmetry: str) -> Path:
        """Where a run of this puzzle in this mode is kept (the folder is made)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        return self.directory / f"{puzzle_fingerprint(puzzle)[:24]}-{symmetry}{SUFFIX}"

    def find(self, puzzle: Puzzle) -> KeptRun | None:
        """The most recently kept run of this puzzle that can be resumed, if any."""
        if not self.directory.is_dir():
            return None
        prefix = puzzle_fingerprint(puzzle)[:24]
        files = sorted(self.directory.glob(f"{prefix}-*{SUFFIX}"),
                       key=lambda path: path.stat().st_mtime, reverse=True)
        for path in files:
            try:
                return read_kept_run(path)
            except PuzzleError:
                continue  # unreadable (a crash while it was being made): not offered
        return None

    @staticmethod
    def discard(path: Path) -> None:
        """Forget a run file. Deleting a large one takes a while (200 MB: 0.2 s here), too
        long for the window's thread: it is renamed out of the way at once (`find` no longer
        sees it) and deleted on a thread of its own, with any left by an earlier session."""
        doomed = path.with_name(path.name + DISCARDED)
        try:
            path.replace(doomed)
        except FileNotFoundError:
            return
        threading.Thread(target=_delete_discarded, args=(path.parent,),
                         name="polygui-discard-run", daemon=True).start()


def _delete_discarded(directory: Path) -> None:
    for doomed in directory.glob(f"*{SUFFIX}{DISCARDED}"):
        doomed.unlink(missing_ok=True)
