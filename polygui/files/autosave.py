"""Autosave: unsaved work is written aside every few seconds after a change, so a crash loses
little; the next start offers it back.

One file per running window, named after the process: `autosave-<pid>-<n>.json`, holding the
puzzle and the file it came from. A file whose process is gone is a crash's leftover; one that
cannot be read back is set aside (renamed `.damaged`), never in the way of a start. The file
is removed when the work is saved, discarded or the window closes normally. The folder is
made private (0700): it holds unsaved work.
"""

from __future__ import annotations

import itertools
import json
import os
from datetime import datetime
from pathlib import Path

from solvers.records import record
from solvers import Puzzle, PuzzleError
from solvers.puzzle.atomic import process_alive, remove_stale_temporaries
from solvers.puzzle.fileformat import puzzle_from_dict, puzzle_to_dict, write_atomically

from ..resources import data_folder, private_folder, set_aside

FORMAT = "polygui-autosave"
MODES = ("design", "solve")
_numbers = itertools.count(1)


def default_directory() -> Path:
    return data_folder() / "autosave"


@record
class Recovered:
    """Work found in an autosave file left by a session that did not end normally."""

    file: Path
    puzzle: Puzzle
    path: Path | None  # the file the work belonged to, if it had one
    saved_at: datetime
    mode: str | None = None  # "design" or "solve": where the user was (None: not said)


class Autosave:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or default_directory()
        self.file = self.directory / f"autosave-{os.getpid()}-{next(_numbers)}.json"
        self.damaged: list[str] = []  # the files leftovers() set aside, and why

    def write(self, puzzle: Puzzle, path: Path | None, mode: str | None = None) -> None:
        """Write the work aside (atomically). Raises PuzzleError when it cannot be written."""
        record = {"format": FORMAT, "version": 1, "path": str(path) if path else None,
                  "mode": mode,
                  "puzzle": puzzle_to_dict(puzzle)}
        try:
            private_folder(self.directory)
        except OSError as error:
            raise PuzzleError(f"{self.directory}: cannot create: {error.strerror}") from error
        write_atomically(self.file, json.dumps(record).encode("utf-8"))

    def remove(self) -> None:
        self.file.unlink(missing_ok=True)

    def leftovers(self) -> list[Recovered]:
        """Readable autosaves of processes no longer running, newest first. A damaged one is
        set aside (renamed `<name>.damaged`, kept for the user to inspect) and said in
        `damaged`; nothing in the folder makes this raise."""
        remove_stale_temporaries(self.directory)  # of autosaves killed mid-write
        found = []
        for file in self._others():
            try:
                found.append(read_autosave(file))
            except FileNotFoundError:
                continue  # gone meanwhile (another PolyGUI starting offered it)
            except DamagedAutosave as error:
                aside = set_aside(file)
                self.damaged.append(f"{error} (renamed {aside.name})" if aside else
                                    f"{error} (it could not be renamed)")
        return sorted(found, key=lambda item: item.saved_at, reverse=True)

    def damaged_report(self) -> str:
        """What the start says of the autosaves leftovers() set aside."""
        lines = "\n".join(f"• {line}" for line in self.damaged)
        return (f"PolyGUI could not read back work autosaved in {self.directory}:\n{lines}\n\n"
                "The files are kept under their new names; nothing else was affected.")

    def _others(self) -> list[Path]:
        """The autosave files of processes no longer running."""
        try:
            files = sorted(self.directory.glob("autosave-*.json"))
        except OSError:
            return []
        return [file for file in files if file != self.file and not _process_alive(file)]


class DamagedAutosave(Exception):
    """An autosave file that cannot be read back; the message names it and says why."""


def read_autosave(file: Path) -> Recovered:
    """The work an autosave file holds. DamagedAutosave when it cannot be read back (but
    FileNotFoundError when it is gone)."""
    try:
        text = file.read_text("utf-8")
        modified = file.stat().st_mtime
    except FileNotFoundError:
        raise
    except UnicodeDecodeError:
        raise DamagedAutosave(f"{file.name}: not UTF-8 text") from None
    except OSError as error:
        raise DamagedAutosave(f"{file.name}: cannot read: {error.strerror or error}") from None
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        raise DamagedAutosave(f"{file.name}: not valid JSON") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise DamagedAutosave(f"{file.name}: not a PolyGUI autosave")
    try:
        puzzle = puzzle_from_dict(record.get("puzzle"), strict=False)
    except (PuzzleError, ValueError, KeyError, TypeError, RecursionError) as error:
        raise DamagedAutosave(f"{file.name}: its puzzle: {error}") from None
    mode = record.get("mode") if record.get("mode") in MODES else None  # else: not said
    return Recovered(file, puzzle, _work_path(file, record.get("path")), _when(modified), mode)


def _when(timestamp: float) -> datetime:
    try:
        return datetime.fromtimestamp(timestamp)
    except (OverflowError, ValueError, OSError):  # a time past year 9999: a clock set wrong
        return datetime.min


def _work_path(file: Path, text: object) -> Path | None:
    """The "path" of an autosave record: the file the work belonged to, if any."""
    if text is None or text == "":
        return None
    try:
        if not isinstance(text, str) or "\0" in text:
            raise ValueError
        os.fsencode(text)  # a name the system can take (no lone surrogate)
    except ValueError:
        raise DamagedAutosave(f"{file.name}: \"path\" is not a file name") from None
    return Path(text)


def _process_alive(file: Path) -> bool:
    """Whether the process named in an autosave file's name ("autosave-PID-...") still runs."""
    try:
        pid = int(file.stem.split("-")[1])
    except (IndexError, ValueError):
        return False
    return process_alive(pid)
