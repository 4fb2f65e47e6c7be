"""The run file: everything needed to resume a run, kept as it goes.

An SQLite database (Python's sqlite3): every update is one transaction, so after Stop, a
crash, kill -9 or a power cut the file holds the run as of its last commit, never half of
one, and a long run's file grows by appending instead of being rewritten. Its tables:

  meta       key -> value: format "polygui-run", version 2, the puzzle (its JSON file text),
             `puzzle_sha256` (of what decides the solutions: grid, board, pieces' cells,
             copies and mirroring, Sudoku givens, the paint and colour rules of colour
             constraints; names, colours and description may change),
             `placements_sha256` (the placement rows tasks are named by: a PolyGUI that
             numbers them differently refuses the file), symmetry, counting ("count" or
             "list": whether solutions are kept), limit, dead_share, seconds (search time
             so far, all sessions), created and updated, sealed (checksums of the
             settings and the task list: solvers.parallel.runfile_checks)
  tasks      one per task: name (its prefix, "." between choices; "root" for the whole
             tree), position, share (Knuth's estimate of its part of the tree), done (0 or
             1), solutions (counted in the run's mode), nodes, seconds; when assemblies are
             taken apart, assemblies (counted alike) and levels (JSON: level -> solutions);
             checksum (of a finished task's record and kept rows)
  solutions  per finished task: its kernel solutions (distinct ones, when 'all' or
             'rotations' expand them) as little-endian int32 rows in one blob, and the width;
             when assemblies are taken apart, their verdict rows (solvers.disassembly) too
  analysed   assemblies of tasks not finished yet, with their verdicts: analysis jobs back
             before a stop, reused when the resumed run meets those assemblies again
A task is finished once its assemblies are analysed as well: its counts are then final.
Nothing read is believed before runfile_checks has checked it. Files of version 1 gain the
columns added since when they are opened; their records, without checksums, run again.
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from pathlib import Path

import numpy as np

from ..puzzle.atomic import replace_keeping_mode
from ..puzzle.fileformat import puzzle_from_json, puzzle_to_json
from ..puzzle.model import Puzzle, PuzzleError
from ..search.events import Found
from ..search.prepare import Prepared
from . import runfile_checks as checks
from .fingerprints import placements_fingerprint, puzzle_fingerprint
from .runfile_checks import SINCE_VERSION_2, RunFileError
from .tasks import Split, Task
from .worker import TaskResult, no_rows

FORMAT, VERSION = "polygui-run", 2
READABLE_VERSIONS = ("1", "2")  # version 1: before the checksums (its records run again)

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tasks (name TEXT PRIMARY KEY, position INTEGER NOT NULL, share REAL NOT NULL,
                    done INTEGER NOT NULL DEFAULT 0, solutions INTEGER NOT NULL DEFAULT 0,
                    nodes INTEGER NOT NULL DEFAULT 0, seconds REAL NOT NULL DEFAULT 0,
                    assemblies INTEGER NOT NULL DEFAULT 0, levels TEXT NOT NULL DEFAULT '{}',
                    checksum TEXT NOT NULL DEFAULT '');
CREATE TABLE solutions (task TEXT NOT NULL REFERENCES tasks(name), width INTEGER NOT NULL,
                        rows BLOB NOT NULL, verdicts BLOB);
"""
ANALYSED = """CREATE TABLE IF NOT EXISTS analysed (task TEXT NOT NULL, width INTEGER NOT NULL,
                                              rows BLOB NOT NULL, verdicts BLOB NOT NULL,
                                              checksum TEXT NOT NULL DEFAULT '')"""
ADDED_COLUMNS = (("tasks", "assemblies", "INTEGER NOT NULL DEFAULT 0"),
                 ("tasks", "levels", "TEXT NOT NULL DEFAULT '{}'"),
                 ("tasks", "checksum", "TEXT NOT NULL DEFAULT ''"),
                 ("solutions", "verdicts", "BLOB"),
                 ("analysed", "checksum", "TEXT NOT NULL DEFAULT ''"))
TASK_COLUMNS = (("name", None), ("position", None), ("share", None), ("done", None),
                ("solutions", None), ("nodes", None), ("seconds", None), ("assemblies", "0"),
                ("levels", "'{}'"), ("checksum", "''"))


class RunFile:
    def __init__(self, path: Path, connection: sqlite3.Connection, *,
                 writable: bool = True) -> None:
        """Reads and checks the file (RunFileError naming what is wrong); `open` and
        `create` make one."""
        self.path, self._db, self.writable = path, connection, writable
        try:
            self._read()
        except sqlite3.DatabaseError as error:
            raise RunFileError(f"{path}: not a PolyGUI run file ({error})") from error

    def _read(self) -> None:
        path, db = self.path, self._db
        task_columns = checks.check_tables(path, db)
        self.meta = dict(db.execute("SELECT key, value FROM meta"))
        if self.meta.get("format") != FORMAT:
            raise RunFileError(f"{path}: not a PolyGUI run file")
        if self.meta.get("version") not in READABLE_VERSIONS:
            raise RunFileError(f"{path}: run file version {self.meta.get('version')} "
                               f"(this PolyGUI reads version {VERSION})")
        checks.check_meta(path, self.meta)
        try:
            self._puzzle = puzzle_from_json(self.meta["puzzle"])
        except PuzzleError as error:
            raise RunFileError(f"{path}: damaged run file: meta 'puzzle': {error}") from None
        if puzzle_fingerprint(self._puzzle) != self.meta["puzzle_sha256"]:
            raise RunFileError(f"{path}: damaged run file: meta 'puzzle' does not match "
                               f"meta 'puzzle_sha256'")
        selected = ", ".join(name if name in task_columns or default is None else default
                             for name, default in TASK_COLUMNS)
        self.records = [checks.read_task(path, row) for row in
                        db.execute(f"SELECT {selected} FROM tasks ORDER BY position, name")]
        if "sealed" in self.meta or self.meta["version"] != "1":
            checks.check_seal(path, self.meta, self.records)
        self._check_records()

    def _check_records(self) -> None:
        """Mark the finished tasks whose record fails its checksum (they run again)."""
        blocks: dict[str, list] = {}
        for task, width, rows, verdicts in self._db.execute(
                f"SELECT task, width, rows, {self._verdicts_column} FROM solutions ORDER BY rowid"):
            blocks.setdefault(task, []).append((width, rows, verdicts))
        for record in self.records:
            if not record.done or record.problem:
                continue
            kept = blocks.get(record.name, [])
            if not record.checksum:
                record.problem = "it has no checksum (kept by an older PolyGUI)"
            elif not all(checks.block_fits(*block) for block in kept):
                record.problem = "its kept solutions are not whole rows"
            elif record.checksum != checks.record_checksum(
                    record.name, record.solutions, record.nodes, record.seconds,
                    record.assemblies, record.levels, kept):
                record.problem = "its record does not match its checksum"

    @property
    def _verdicts_column(self) -> str:
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(solutions)")}
        return "verdicts" if "verdicts" in columns else "NULL"

    # --- making and opening --------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, prepared: Prepared, split: Split, *, count_only: bool,
               limit: int = 0) -> "RunFile":
        """A new run file at `path` (replacing one there), written whole before it appears
        under its name."""
        path = Path(path)
        partial = path.with_name(f".{path.name}.creating-{os.getpid()}")
        now = _now()
        meta = {"format": FORMAT, "version": str(VERSION), "puzzle": puzzle_to_json(prepared.puzzle),
                "puzzle_sha256": puzzle_fingerprint(prepared.puzzle),
                "placements_sha256": placements_fingerprint(prepared),
                "symmetry": prepared.symmetry, "counting": "count" if count_only else "list",
                "limit": str(limit), "dead_share": repr(split.dead_share),
                "split_target": str(split.target), "seconds": "0",
                "created": now, "updated": now}
        meta["sealed"] = checks.seal(meta, split.tasks)
        try:
            partial.unlink(missing_ok=True)
            db = sqlite3.connect(partial)
            try:
                with db:
                    db.executescript(SCHEMA)
                    db.execute(ANALYSED)
                    db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
                    db.executemany("INSERT INTO tasks (name, position, share) VALUES (?, ?, ?)",
                                   [(task.name, i, task.share) for i, task in enumerate(split.tasks)])
            finally:
                db.close()
            replace_keeping_mode(partial, path)  # a private run file stays private
        except (OSError, sqlite3.Error) as error:
            partial.unlink(missing_ok=True)
            reason = getattr(error, "strerror", None) or str(error)
            raise RunFileError(f"{path}: cannot write the run file: {reason}") from error
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        return cls(path, sqlite3.connect(path, check_same_thread=False))

    @classmethod
    def open(cls, path: str | Path, *, writable: bool = True) -> "RunFile":
        """The run file at `path`, checked (read only, first: nothing is written into a file
        that is not a run file). A file of version 1 then gains the columns added since."""
        path = Path(path)
        if not path.is_file():
            raise RunFileError(f"{path}: no such run file")
        checked = cls._connect(path, writable=False)
        if not writable:
            return checked
        checked.close()
        return cls._connect(path, writable=True)

    @classmethod
    def _connect(cls, path: Path, *, writable: bool) -> "RunFile":
        try:
            db = sqlite3.connect(f"file:{path}?mode={'rw' if writable else 'ro'}", uri=True,
                                 check_same_thread=False)
            if writable:
                _add_missing_columns(db)
        except sqlite3.DatabaseError as error:
            raise RunFileError(f"{path}: not a PolyGUI run file ({error})") from error
        try:
            return cls(path, db, writable=writable)
        except BaseException:
            db.close()
            raise

    def close(self) -> None:
        self._db.close()

    # --- what it says --------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self._puzzle

    @property
    def symmetry(self) -> str:
        return self.meta["symmetry"]

    @property
    def count_only(self) -> bool:
        return self.meta["counting"] == "count"

    @property
    def limit(self) -> int:
        return int(self.meta["limit"])

    def check_matches(self, puzzle: Puzzle, prepared: Prepared | None = None) -> None:
        """Refuse (RunFileError) a run of another puzzle, or of other placement rows."""
        if puzzle_fingerprint(puzzle) != self.meta["puzzle_sha256"]:
            raise RunFileError(f"{self.path}: this run is of another puzzle (or of this "
                               f"puzzle before it was changed): it cannot be resumed for it")
        if prepared is not None and placements_fingerprint(prepared) != self.meta["placements_sha256"]:
            raise RunFileError(f"{self.path}: this run was made by a PolyGUI that numbers "
                               f"the placements differently: it cannot be resumed here")

    def split(self) -> Split:
        target = int(self.meta.get("split_target", checks.UNKNOWN_TARGET))
        return Split([Task(checks.prefix_of(r.name), r.share) for r in self.records],
                     float(self.meta["dead_share"]), target)

    def failed(self) -> dict[str, str]:
        """Finished tasks whose record is not believed: name -> why. They run again."""
        return {r.name: r.problem for r in self.records if r.done and r.problem}

    def finished(self) -> dict[str, tuple]:
        """Task name -> (solutions, nodes, seconds) of every finished task whose record
        checks out, and when assemblies are taken apart, (solutions, nodes, seconds,
        assemblies, levels)."""
        apart = self._puzzle.disassembly
        return {r.name: (r.solutions, r.nodes, r.seconds) + ((r.assemblies, r.levels)
                                                             if apart else ())
                for r in self._good()}

    def _good(self) -> list[checks.TaskRecord]:
        return [r for r in self.records if r.done and not r.problem]

    def standing(self) -> tuple[float, int]:
        """(the fraction of the tree its finished tasks cover, their solutions)."""
        good = self._good()
        share = sum(r.share for r in good)
        return min(1.0, float(self.meta["dead_share"]) + share), sum(r.solutions for r in good)

    def kept_solutions(self) -> list[Found]:
        """The kernel solutions of the finished tasks (and their verdicts), a block per
        task."""
        good = {r.name for r in self._good()}
        rows = self._db.execute(f"SELECT task, width, rows, {self._verdicts_column} "
                                f"FROM solutions ORDER BY rowid")
        return [checks.found_block(width, blob, verdicts) for task, width, blob, verdicts in rows
                if task in good]

    def verify(self, prepared: Prepared) -> list[str]:
        """Check the file against the prepared puzzle: the tasks cover the tree exactly once
        (RunFileError if not) and each finished task's kept solutions match its counts.
        Lines saying which finished tasks are not believed (they run again)."""
        checks.check_cover(self.path, prepared, self.split())
        width = no_rows(prepared).shape[1]
        by_task: dict[str, list[Found]] = {}
        if not self.count_only:
            good = {r.name for r in self._good()}
            for task, block_width, blob, verdicts in self._db.execute(
                    f"SELECT task, width, rows, {self._verdicts_column} FROM solutions"):
                if task in good:
                    by_task.setdefault(task, []).append((block_width, blob, verdicts))
        for record in self._good():
            blocks = by_task.get(record.name, [])
            if not self.count_only:
                record.problem = checks.kept_mismatch(prepared, record, blocks, width)
        return checks.failure_lines(self.failed())

    def confirm_complete(self, solutions: int) -> None:
        """Before a run is reported complete: the file, read again, must hold every task
        finished with a record that checks out, their shares covering the whole tree and
        their solutions adding up to `solutions` (RunFileError if not)."""
        self._read()
        for record in self.records:
            if not record.done or record.problem:
                raise RunFileError(f"{self.path}: the run is over, but its file does not hold "
                                   f"task {record.name} finished ({record.problem or 'not done'})")
        share = float(self.meta["dead_share"]) + sum(r.share for r in self.records)
        if abs(share - 1.0) > checks.SHARE_TOLERANCE:
            raise RunFileError(f"{self.path}: the run is over, but its tasks cover {share!r} "
                               f"of the tree, not all of it")
        kept = sum(r.solutions for r in self.records)
        if kept != solutions:
            raise RunFileError(f"{self.path}: the run found {solutions:,} solutions, but its "
                               f"file adds up to {kept:,}")

    # --- keeping it up to date -----------------------------------------------------------
    @property
    def seconds(self) -> float:
        """The run's search time so far, over every session."""
        return float(self.meta.get("seconds", 0))

    def forget_failed(self) -> None:
        """Reset the tasks whose record is not believed, and drop the kept rows and analysed
        assemblies of tasks not finished, so that they run again."""
        failed = list(self.failed())
        if self.meta["version"] != str(VERSION):
            self._upgrade()
        with self._db:
            self._db.executemany("UPDATE tasks SET done = 0, solutions = 0, nodes = 0, "
                                 "seconds = 0, assemblies = 0, levels = '{}', checksum = '' "
                                 "WHERE name = ?", [(name,) for name in failed])
            self._db.execute("DELETE FROM solutions WHERE task NOT IN "
                             "(SELECT name FROM tasks WHERE done)")
            self._db.execute("DELETE FROM analysed WHERE task NOT IN "
                             "(SELECT name FROM tasks WHERE NOT done)")
        for record in self.records:
            if record.name in failed:
                record.done, record.problem = False, ""

    def _upgrade(self) -> None:
        """Seal a file of an older version, its settings as they are now."""
        self.meta["version"] = str(VERSION)
        self.meta["split_target"] = str(checks.UNKNOWN_TARGET)
        self.meta["sealed"] = checks.seal(self.meta, self.split().tasks)
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                 [(key, self.meta[key]) for key in SINCE_VERSION_2 + ("version",)])

    def analysed(self) -> dict[bytes, np.ndarray]:
        """Verdicts of the assemblies analysed for tasks not finished, by their rows' bytes
        (little-endian int32, as the run's rows are); blocks failing their checksum are
        left out (analysed again)."""
        known = {}
        for task, width, rows, verdicts, checksum in self._db.execute(
                "SELECT task, width, rows, verdicts, checksum FROM analysed"):
            if checksum != checks.blob_checksum(task, width, rows, verdicts) \
                    or not checks.block_fits(width, rows, verdicts):
                continue
            rows = np.frombuffer(rows, dtype="<i4").reshape(-1, width)
            verdicts = np.frombuffer(verdicts, dtype="<i4").reshape(len(rows), -1)
            known.update(zip((row.astype(np.int32).tobytes() for row in rows), verdicts))
        return known

    def record(self, results: list[TaskResult], seconds: float, jobs=()) -> None:
        """The finished tasks, the analysis jobs back since the last time (of tasks not
        finished) and the search time so far, all in one transaction."""
        finished = {r.task.name for r in results}
        analysed = [_analysed_row(job) for job in jobs if job.job.task.name not in finished]
        blocks = {r.task.name: _blocks(r) if not self.count_only else [] for r in results}
        with self._db:
            self._db.executemany("INSERT INTO analysed VALUES (?, ?, ?, ?, ?)", analysed)
            self._db.executemany("DELETE FROM analysed WHERE task = ?", [(n,) for n in finished])
            self._db.executemany(
                "UPDATE tasks SET done = 1, solutions = ?, nodes = ?, seconds = ?, "
                "assemblies = ?, levels = ?, checksum = ? WHERE name = ?",
                [(r.solutions, r.nodes, float(r.seconds), r.assemblies,
                  json.dumps(r.levels, sort_keys=True),
                  checks.record_checksum(r.task.name, r.solutions, r.nodes, r.seconds,
                                         r.assemblies, json.loads(json.dumps(r.levels)),
                                         blocks[r.task.name]), r.task.name) for r in results])
            self._db.executemany("INSERT INTO solutions VALUES (?, ?, ?, ?)",
                                 [(name, *block) for name, kept in blocks.items()
                                  for block in kept])
            self._db.executemany("UPDATE meta SET value = ? WHERE key = ?",
                                 [(_now(), "updated"), (repr(seconds), "seconds")])
        self.meta["seconds"] = repr(seconds)


def _add_missing_columns(db: sqlite3.Connection) -> None:
    """The columns added since version 1 (the disassembler's counts, the checksums)."""
    with db:
        db.execute(ANALYSED)
        for table, column, kind in ADDED_COLUMNS:
            columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            if columns and column not in columns:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")


def _blocks(result: TaskResult) -> list[tuple[int, bytes, bytes | None]]:
    """A finished task's kept rows as stored: (width, rows, verdicts), none when it found none."""
    if not len(result.rows):
        return []
    verdicts = None if result.verdicts is None else result.verdicts.astype("<i4").tobytes()
    return [(int(result.rows.shape[1]), result.rows.astype("<i4").tobytes(), verdicts)]


def _analysed_row(job) -> tuple:
    name, width = job.job.task.name, int(job.job.rows.shape[1])
    rows, verdicts = job.job.rows.astype("<i4").tobytes(), job.verdicts.astype("<i4").tobytes()
    return name, width, rows, verdicts, checks.blob_checksum(name, width, rows, verdicts)


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
