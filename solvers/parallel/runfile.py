"""The run file: everything needed to resume a run, kept as it goes.

An SQLite database (Python's sqlite3): every update is one transaction, so after Stop, a
crash, kill -9 or a power cut the file holds the run as of its last commit, never half of
one, and a long run's file grows by appending instead of being rewritten. Its tables:

  meta       key -> value: format "polygui-run", version 1, the puzzle (its JSON file text),
             `puzzle_sha256` (of what decides the solutions: grid, board, pieces' cells,
             copies and mirroring, Sudoku givens, the paint and colour rules of colour
             constraints; names, colours and description may change),
             `placements_sha256` (the placement rows tasks are named by: a PolyGUI that
             numbers them differently refuses the file), symmetry, counting ("count" or
             "list": whether solutions are kept), limit, dead_share, seconds (search time
             so far, all sessions), created and updated
  tasks      one per task: name (its prefix, "." between choices; "root" for the whole
             tree), position, share (Knuth's estimate of its part of the tree), done (0 or
             1), solutions (counted in the run's mode), nodes, seconds; when assemblies are
             taken apart, assemblies (counted alike) and levels (JSON: level -> solutions)
  solutions  per finished task: its kernel solutions (distinct ones, when 'all' or
             'rotations' expand them) as little-endian int32 rows in one blob, and the width;
             when assemblies are taken apart, their verdict rows (solvers.disassembly) too
  analysed   assemblies of tasks not finished yet, with their verdicts: analysis jobs back
             before a stop, reused when the resumed run meets those assemblies again
A task is finished once its assemblies are analysed as well: its counts are then final.
Files made before the disassembler gain its columns and table when they are opened.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import sqlite3
from pathlib import Path

import numpy as np

from ..puzzle.fileformat import puzzle_from_json, puzzle_to_json
from ..puzzle.model import Puzzle, PuzzleError
from ..puzzle.sudoku_rules import has_variant_rules
from ..search.events import Found
from ..search.prepare import Prepared
from .tasks import Split, Task
from .worker import TaskResult

FORMAT, VERSION = "polygui-run", 1

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tasks (name TEXT PRIMARY KEY, position INTEGER NOT NULL, share REAL NOT NULL,
                    done INTEGER NOT NULL DEFAULT 0, solutions INTEGER NOT NULL DEFAULT 0,
                    nodes INTEGER NOT NULL DEFAULT 0, seconds REAL NOT NULL DEFAULT 0,
                    assemblies INTEGER NOT NULL DEFAULT 0, levels TEXT NOT NULL DEFAULT '{}');
CREATE TABLE solutions (task TEXT NOT NULL REFERENCES tasks(name), width INTEGER NOT NULL,
                        rows BLOB NOT NULL, verdicts BLOB);
"""
ANALYSED = """CREATE TABLE IF NOT EXISTS analysed (task TEXT NOT NULL, width INTEGER NOT NULL,
                                              rows BLOB NOT NULL, verdicts BLOB NOT NULL)"""
ADDED_COLUMNS = (("tasks", "assemblies", "INTEGER NOT NULL DEFAULT 0"),
                 ("tasks", "levels", "TEXT NOT NULL DEFAULT '{}'"),
                 ("solutions", "verdicts", "BLOB"))


class RunFileError(PuzzleError):
    """A run file that cannot be resumed: the message says why."""


def puzzle_fingerprint(puzzle: Puzzle) -> str:
    """SHA-256 of what decides a puzzle's solutions."""
    what = {"grid": puzzle.kind.value, "board": sorted(puzzle.board),
            "pieces": [[sorted(p.cells), p.count, p.mirror] for p in puzzle.pieces]}
    if puzzle.pins:
        index = {piece.name: number for number, piece in enumerate(puzzle.pieces)}
        what["pins"] = [[index[pin.piece], sorted(pin.cells)] for pin in puzzle.pins]
    if puzzle.is_sudoku:
        grid = puzzle.sudoku
        what["sudoku"] = [grid.box_rows, grid.box_cols, list(grid.givens)]
        if has_variant_rules(grid):
            what["rules"] = [list(grid.regions), grid.diagonals,
                             [[cage.total, list(cage.cells)] for cage in grid.cages]]
    if puzzle.has_secondary:  # only then, so that older run files keep their fingerprint
        what["optional"] = sorted(puzzle.optional)
        what["fewest"] = [p.fewest for p in puzzle.pieces]
    if puzzle.disassembly:  # likewise
        what["disassembly"] = [[list(map(list, p.groups)) for p in puzzle.pieces]]
    if puzzle.board_paint or puzzle.colour_rules or any(p.paint for p in puzzle.pieces):
        what["paint"] = {"board": [[list(cell), colour] for cell, colour in puzzle.board_paint],
                         "pieces": [[[list(cell), colour] for cell, colour in p.paint]
                                    for p in puzzle.pieces],
                         "rules": [list(pair) for pair in puzzle.colour_rules]}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def placements_fingerprint(prepared: Prepared) -> str:
    """SHA-256 of the placement rows and the rows the search may use."""
    digest = hashlib.sha256(prepared.kernel.encode())
    if prepared.placements is not None:
        digest.update(np.ascontiguousarray(prepared.placements.masks).tobytes())
        digest.update(np.ascontiguousarray(prepared.placements.row_piece).tobytes())
        digest.update(np.ascontiguousarray(prepared.plan.root_rows).tobytes())
        if prepared.placements.row_paint is not None:  # painted rows alike in their cells
            digest.update(repr(prepared.placements.row_paint).encode())
    return digest.hexdigest()


class RunFile:
    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path, self._db = path, connection
        self.meta = dict(connection.execute("SELECT key, value FROM meta"))

    # --- making and opening --------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, prepared: Prepared, split: Split, *, count_only: bool,
               limit: int = 0) -> "RunFile":
        """A new run file at `path` (replacing one there), written whole before it appears
        under its name."""
        path = Path(path)
        partial = path.with_name(f".{path.name}.creating-{os.getpid()}")
        partial.unlink(missing_ok=True)
        db = sqlite3.connect(partial)
        now = _now()
        meta = {"format": FORMAT, "version": str(VERSION), "puzzle": puzzle_to_json(prepared.puzzle),
                "puzzle_sha256": puzzle_fingerprint(prepared.puzzle),
                "placements_sha256": placements_fingerprint(prepared),
                "symmetry": prepared.symmetry, "counting": "count" if count_only else "list",
                "limit": str(limit), "dead_share": repr(split.dead_share), "seconds": "0",
                "created": now, "updated": now}
        with db:
            db.executescript(SCHEMA)
            db.execute(ANALYSED)
            db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            db.executemany("INSERT INTO tasks (name, position, share) VALUES (?, ?, ?)",
                           [(task.name, i, task.share) for i, task in enumerate(split.tasks)])
        db.close()
        os.replace(partial, path)
        return cls(path, sqlite3.connect(path, check_same_thread=False))

    @classmethod
    def open(cls, path: str | Path) -> "RunFile":
        path = Path(path)
        if not path.is_file():
            raise RunFileError(f"{path}: no such run file")
        try:
            db = sqlite3.connect(f"file:{path}?mode=rw", uri=True, check_same_thread=False)
            run = cls(path, db)
        except sqlite3.DatabaseError as error:
            raise RunFileError(f"{path}: not a PolyGUI run file ({error})") from error
        if run.meta.get("format") != FORMAT:
            raise RunFileError(f"{path}: not a PolyGUI run file")
        if run.meta.get("version") != str(VERSION):
            raise RunFileError(f"{path}: run file version {run.meta.get('version')} "
                               f"(this PolyGUI reads version {VERSION})")
        run._add_missing_columns()
        return run

    def _add_missing_columns(self) -> None:
        """The columns of the disassembler's counts, in a file made before them."""
        try:
            with self._db:
                for table, column, kind in ADDED_COLUMNS:
                    columns = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                    if columns and column not in columns:
                        self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
                self._db.execute(ANALYSED)
        except sqlite3.DatabaseError as error:
            raise RunFileError(f"{self.path}: not a PolyGUI run file ({error})") from error

    def close(self) -> None:
        self._db.close()

    # --- what it says --------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return puzzle_from_json(self.meta["puzzle"])

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
        rows = self._db.execute("SELECT name, share FROM tasks ORDER BY position").fetchall()
        return Split([Task(_prefix(name), share) for name, share in rows],
                     float(self.meta["dead_share"]))

    def finished(self) -> dict[str, tuple]:
        """Task name -> (solutions, nodes, seconds) of every finished task, and when
        assemblies are taken apart, (solutions, nodes, seconds, assemblies, levels)."""
        apart = puzzle_from_json(self.meta["puzzle"], strict=False).disassembly
        rows = self._db.execute("SELECT name, solutions, nodes, seconds, assemblies, levels "
                                "FROM tasks WHERE done")
        return {name: (solutions, nodes, seconds) + ((assemblies, json.loads(levels))
                                                     if apart else ())
                for name, solutions, nodes, seconds, assemblies, levels in rows}

    def standing(self) -> tuple[float, int]:
        """(the fraction of the tree its finished tasks cover, their solutions)."""
        share, solutions = self._db.execute(
            "SELECT coalesce(sum(share), 0), coalesce(sum(solutions), 0) FROM tasks WHERE done"
        ).fetchone()
        return min(1.0, float(self.meta["dead_share"]) + share), int(solutions)

    def kept_solutions(self) -> list[Found]:
        """The kernel solutions of the finished tasks (and their verdicts), a block per
        task."""
        rows = self._db.execute("SELECT width, rows, verdicts FROM solutions ORDER BY rowid")
        blocks = []
        for width, blob, verdicts in rows:
            found = np.frombuffer(blob, dtype="<i4").reshape(-1, width)
            if verdicts is not None:
                verdicts = np.frombuffer(verdicts, dtype="<i4").reshape(len(found), -1)
            blocks.append(Found(found, verdicts))
        return blocks

    # --- keeping it up to date -----------------------------------------------------------
    @property
    def seconds(self) -> float:
        """The run's search time so far, over every session."""
        return float(self.meta.get("seconds", 0))

    def analysed(self) -> dict[bytes, np.ndarray]:
        """Verdicts of the assemblies analysed for tasks not finished, by their rows' bytes
        (little-endian int32, as the run's rows are)."""
        known = {}
        for width, rows, verdicts in self._db.execute("SELECT width, rows, verdicts FROM analysed"):
            rows = np.frombuffer(rows, dtype="<i4").reshape(-1, width)
            verdicts = np.frombuffer(verdicts, dtype="<i4").reshape(len(rows), -1)
            known.update(zip((row.astype(np.int32).tobytes() for row in rows), verdicts))
        return known

    def record(self, results: list[TaskResult], seconds: float, jobs=()) -> None:
        """The finished tasks, the analysis jobs back since the last time (of tasks not
        finished) and the search time so far, all in one transaction."""
        finished = {r.task.name for r in results}
        with self._db:
            self._db.executemany(
                "INSERT INTO analysed VALUES (?, ?, ?, ?)",
                [(job.job.task.name, job.job.rows.shape[1], job.job.rows.astype("<i4").tobytes(),
                  job.verdicts.astype("<i4").tobytes())
                 for job in jobs if job.job.task.name not in finished])
            self._db.executemany("DELETE FROM analysed WHERE task = ?", [(n,) for n in finished])
            self._db.executemany(
                "UPDATE tasks SET done = 1, solutions = ?, nodes = ?, seconds = ?, "
                "assemblies = ?, levels = ? WHERE name = ?",
                [(r.solutions, r.nodes, r.seconds, r.assemblies,
                  json.dumps(r.levels, sort_keys=True), r.task.name) for r in results])
            if not self.count_only:
                self._db.executemany(
                    "INSERT INTO solutions VALUES (?, ?, ?, ?)",
                    [(r.task.name, r.rows.shape[1], r.rows.astype("<i4").tobytes(),
                      None if r.verdicts is None else r.verdicts.astype("<i4").tobytes())
                     for r in results if len(r.rows)])
            self._db.executemany("UPDATE meta SET value = ? WHERE key = ?",
                                 [(_now(), "updated"), (repr(seconds), "seconds")])
        self.meta["seconds"] = repr(seconds)


def _prefix(name: str) -> tuple[int, ...]:
    return () if name == "root" else tuple(int(part) for part in name.split("."))


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
