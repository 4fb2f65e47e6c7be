"""Runs the app keeps to resume: long searches leave a run file (solvers.parallel.runfile) in
the per-user data folder, `runs/`, one per puzzle and counting mode, named after the puzzle's
fingerprint, so reopening the puzzle finds its run. A run that ends is forgotten; one stopped,
or cut off by closing the window or a crash, stays until resumed or discarded. One that cannot
be read is set aside (renamed `.damaged`), unless another run is writing it (locked)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from solvers.records import record
from solvers import Puzzle, PuzzleError
from solvers.parallel.runfile import RunFile, RunFileError, puzzle_fingerprint

from ..resources import data_folder, private_folder, set_aside

SUFFIX = ".polyrun"
DISCARDED = ".discarded"  # a run file forgotten, being deleted


def default_directory() -> Path:
    return data_folder() / "runs"


@record
class KeptRun:
    path: Path
    symmetry: str
    fraction_done: float
    solutions: int  # those of its finished tasks: what resuming starts from
    count_only: bool
    counted: int | None = None  # what the stopped run counted, unfinished tasks too, if known

    def describe(self) -> str:
        kept = "counted" if self.count_only else "found"
        return (f"{self.fraction_done:.0%} searched, {self.solutions:,} solution"
                f"{'s' * (self.solutions != 1)} {kept} ({self.symmetry})")


def read_kept_run(path: Path) -> KeptRun:
    """What a run file says; PuzzleError (RunFileError) when it cannot be read."""
    run = RunFile.open(path, writable=False)  # read only: listing never changes a file
    try:
        fraction, solutions = run.standing()
        return KeptRun(path, run.symmetry, fraction, solutions, run.count_only)
    except (sqlite3.DatabaseError, KeyError, ValueError, TypeError) as error:
        raise RunFileError(f"{path}: a damaged run file ({error})") from error
    finally:
        run.close()


def in_use(error: BaseException) -> bool:
    """Whether a run file could not be read because a run is writing it (SQLite's lock):
    such a file is not damaged, and must not be renamed under its writer."""
    while error is not None:
        if isinstance(error, sqlite3.OperationalError) and \
                any(word in str(error) for word in ("locked", "busy")):
            return True
        error = error.__cause__ or error.__context__
    return False


class KeptRuns:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or default_directory()
        self.damaged: list[str] = []  # run files find() set aside, and why, not said yet

    def path_for(self, puzzle: Puzzle, symmetry: str) -> Path:
        """Where a run of this puzzle in this mode is kept (the folder is made, private)."""
        private_folder(self.directory)
        return self.directory / f"{puzzle_fingerprint(puzzle)[:24]}-{symmetry}{SUFFIX}"

    def find(self, puzzle: Puzzle) -> KeptRun | None:
        """The most recently kept run of this puzzle that can be resumed, if any."""
        if not self.directory.is_dir():
            return None
        prefix = puzzle_fingerprint(puzzle)[:24]
        files = sorted(self.directory.glob(f"{prefix}-*{SUFFIX}"), key=_modified, reverse=True)
        for path in files:
            try:
                return read_kept_run(path)
            except (PuzzleError, OSError, sqlite3.DatabaseError) as error:
                if not in_use(error) and path.exists():
                    self._set_aside(path, error)
        return None

    def _set_aside(self, path: Path, error: Exception) -> None:
        aside = set_aside(path)
        reason = str(error).removeprefix(f"{path}: ")
        self.damaged.append(f"{path.name}: {reason} (renamed {aside.name})" if aside else
                            f"{path.name}: {reason} (it could not be renamed)")

    def damaged_report(self) -> str:
        """What to say of the run files find() set aside since the last report (then
        forgotten: each is said once)."""
        lines = "\n".join(f"• {line}" for line in self.damaged)
        self.damaged = []
        return (f"PolyGUI could not read a run it kept in {self.directory}:\n{lines}\n\n"
                "The file is kept under its new name; it is not offered to resume.")

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


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0  # gone meanwhile: read_kept_run says so


def _delete_discarded(directory: Path) -> None:
    for doomed in directory.glob(f"*{SUFFIX}{DISCARDED}"):
        doomed.unlink(missing_ok=True)
