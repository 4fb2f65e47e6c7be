"""Autosave: unsaved work is written aside every few seconds after a change, so a crash loses
little; the next start offers it back.

One file per running window, named after the process: `autosave-<pid>-<n>.json`, holding the
puzzle and the file it came from. A file whose process is gone is a crash's leftover. The file
is removed when the work is saved, discarded or the window closes normally.
"""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from solvers import Puzzle, PuzzleError
from solvers.puzzle.atomic import process_alive, remove_stale_temporaries
from solvers.puzzle.fileformat import puzzle_from_dict, puzzle_to_dict, write_atomically

from ..resources import data_folder

FORMAT = "polygui-autosave"
_numbers = itertools.count(1)


def default_directory() -> Path:
    return data_folder() / "autosave"


@dataclass(frozen=True)
class Recovered:
    """Work found in an autosave file left by a session that did not end normally."""

    file: Path
    puzzle: Puzzle
    path: Path | None  # the file the work belonged to, if it had one
    saved_at: datetime


class Autosave:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or default_directory()
        self.file = self.directory / f"autosave-{os.getpid()}-{next(_numbers)}.json"

    def write(self, puzzle: Puzzle, path: Path | None) -> None:
        """Write the work aside (atomically). Raises PuzzleError when it cannot be written."""
        record = {"format": FORMAT, "version": 1, "path": str(path) if path else None,
                  "puzzle": puzzle_to_dict(puzzle)}
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise PuzzleError(f"{self.directory}: cannot create: {error.strerror}") from error
        write_atomically(self.file, json.dumps(record).encode("utf-8"))

    def remove(self) -> None:
        self.file.unlink(missing_ok=True)

    def leftovers(self) -> list[Recovered]:
        """Readable autosaves of processes no longer running, newest first. Unreadable ones
        are skipped (and left for the user to inspect)."""
        remove_stale_temporaries(self.directory)  # of autosaves killed mid-write
        found = []
        for file in self.directory.glob("autosave-*.json"):
            if file == self.file or _process_alive(file):
                continue
            try:
                record = json.loads(file.read_text("utf-8"))
                if record.get("format") != FORMAT:
                    continue
                puzzle = puzzle_from_dict(record["puzzle"], strict=False)
            except (OSError, ValueError, KeyError, TypeError, RecursionError, PuzzleError):
                continue
            path = Path(record["path"]) if record.get("path") else None
            found.append(Recovered(file, puzzle, path,
                                   datetime.fromtimestamp(file.stat().st_mtime)))
        return sorted(found, key=lambda item: item.saved_at, reverse=True)


def _process_alive(file: Path) -> bool:
    """Whether the process named in an autosave file's name ("autosave-PID-...") still runs."""
    try:
        pid = int(file.stem.split("-")[1])
    except (IndexError, ValueError):
        return False
    return process_alive(pid)
