"""What a run file must prove before anything in it is believed.

A run file is kept for days and moved between machines; an edit SQLite accepts, a disk that
flips a bit or a copy cut short must never come back as a count marked complete. So:
- every field is read through a check naming it (RunFileError, one line);
- the settings that decide the count (the meta keys in SEALED) and the task list are sealed
  at creation: a checksum each, kept in meta `sealed`; a changed one is named and refused;
- each finished task's record carries a checksum over its name, counts and kept rows: a
  record that fails it (or whose fields are not counts) is not believed, the task runs again;
- the tasks must cover the search tree exactly once (`check_cover`): walking the tree as
  the split did, every node is a task, or is split into exactly its choices (those not
  present being dead ends), and each share is the product of 1/branching along its path.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..puzzle.model import SYMMETRY_MODES, PuzzleError
from ..search.events import Found
from ..search.prepare import Prepared
from .tasks import Split, Task, TaskSearches

SEALED = ("format", "version", "puzzle", "puzzle_sha256", "placements_sha256", "symmetry",
          "counting", "limit", "dead_share", "split_target", "created")
SINCE_VERSION_2 = ("split_target", "sealed")
COLUMNS = {"meta": ("key", "value"),
           "tasks": ("name", "position", "share", "done", "solutions", "nodes", "seconds"),
           "solutions": ("task", "width", "rows")}
_NAME = re.compile(r"root|(0|[1-9][0-9]{0,9})(\.(0|[1-9][0-9]{0,9}))*\Z")
_SHA256 = re.compile(r"[0-9a-f]{64}\Z")
_COUNT = re.compile(r"(0|[1-9][0-9]{0,18})\Z")
SHARE_TOLERANCE = 1e-9
UNKNOWN_TARGET = 4096  # a version-1 file did not keep how many tasks its split asked for


class RunFileError(PuzzleError):
    """A run file that cannot be resumed: the message says why."""


@dataclass
class TaskRecord:
    """One row of the tasks table, as read; `problem` says why a finished one is not
    believed (it then runs again)."""

    name: str
    position: int
    share: float
    done: bool
    solutions: int = 0
    nodes: int = 0
    seconds: float = 0.0
    assemblies: int = 0
    levels: dict | None = None
    checksum: str = ""
    problem: str = ""


# --- the file's shape and its settings ---------------------------------------------------
def check_tables(path: Path, db: sqlite3.Connection) -> set[str]:
    """Refuse a file whose tables or columns are not a run file's; the tasks table's columns."""
    found = {}
    for table, needed in COLUMNS.items():
        columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if not columns:
            raise RunFileError(f"{path}: not a PolyGUI run file (it has no {table} table)")
        missing = [column for column in needed if column not in columns]
        if missing:
            raise RunFileError(f"{path}: damaged run file: the {table} table has no "
                               f"{missing[0]!r} column")
        found[table] = columns
    return found["tasks"]


def check_meta(path: Path, meta: dict) -> None:
    """Refuse missing or ill-typed settings, naming the first."""
    for key, value in meta.items():
        if not isinstance(value, str):
            raise RunFileError(f"{path}: damaged run file: meta {key!r} is not text")
    for key in (*SEALED, "seconds", "updated", "sealed"):
        if key not in meta and not (meta.get("version") == "1" and key in SINCE_VERSION_2):
            raise RunFileError(f"{path}: damaged run file: meta {key!r} is missing")
    for key in ("puzzle_sha256", "placements_sha256"):
        if not _SHA256.match(meta[key]):
            raise RunFileError(f"{path}: damaged run file: meta {key!r} is not a SHA-256")
    if meta["symmetry"] not in SYMMETRY_MODES:
        raise RunFileError(f"{path}: damaged run file: meta 'symmetry' is {meta['symmetry']!r}, "
                           f"not one of {', '.join(SYMMETRY_MODES)}")
    if meta["counting"] not in ("count", "list"):
        raise RunFileError(f"{path}: damaged run file: meta 'counting' is "
                           f"{meta['counting']!r}, not 'count' or 'list'")
    for key in ("limit", "split_target"):
        if key in meta and not _COUNT.match(meta[key]):
            raise RunFileError(f"{path}: damaged run file: meta {key!r} is {meta[key]!r}, "
                               f"not a count")
    for key in ("created", "updated"):
        try:
            datetime.datetime.fromisoformat(meta[key])
        except ValueError:
            raise RunFileError(f"{path}: damaged run file: meta {key!r} is {meta[key]!r}, "
                               f"not a date and time") from None
    _fraction(path, "meta 'dead_share'", meta["dead_share"], upper=1.0)
    _fraction(path, "meta 'seconds'", meta["seconds"], upper=math.inf)


def _fraction(path: Path, what: str, text: str, *, upper: float) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= upper:  # NaN fails too
        raise RunFileError(f"{path}: damaged run file: {what} is {text!r}, not a number "
                           f"from 0 to {upper:g}")
    return value


def seal(meta: dict, tasks: list[Task]) -> str:
    """The `sealed` meta value: a checksum of each setting that decides the count, and of the
    task list."""
    sums = {key: _sha(meta[key]) for key in SEALED}
    sums["tasks"] = _sha(json.dumps([[task.name, task.share] for task in tasks]))
    return json.dumps(sums, sort_keys=True)


def check_seal(path: Path, meta: dict, tasks: list[TaskRecord]) -> None:
    """Refuse a file whose sealed settings or task list changed since it was made."""
    try:
        sums = json.loads(meta["sealed"])
        if not isinstance(sums, dict):
            raise ValueError
    except ValueError:
        raise RunFileError(f"{path}: damaged run file: meta 'sealed' is not its checksums") \
            from None
    for key in SEALED:
        if sums.get(key) != _sha(meta[key]):
            raise RunFileError(f"{path}: damaged run file: meta {key!r} was changed after the "
                               f"run was made (its checksum does not match)")
    listed = json.dumps([[task.name, task.share] for task in tasks])
    if sums.get("tasks") != _sha(listed):
        raise RunFileError(f"{path}: damaged run file: the task list was changed after the "
                           f"run was made (tasks added, removed, renamed or their shares "
                           f"edited: its checksum does not match)")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# --- the tasks ---------------------------------------------------------------------------
def read_task(path: Path, row: tuple) -> TaskRecord:
    """A tasks row, checked: a bad name or share refuses the file; a finished task's bad
    count makes its record not believed."""
    name, position, share, done, solutions, nodes, seconds, assemblies, levels, checksum = row
    if not isinstance(name, str) or not _NAME.match(name):
        raise RunFileError(f"{path}: damaged run file: {name!r} is not a task name")
    if not isinstance(position, int):
        raise RunFileError(f"{path}: damaged run file: task {name}'s position is {position!r}")
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 < share <= 1:
        raise RunFileError(f"{path}: damaged run file: task {name}'s share is {share!r}, "
                           f"not a fraction of the tree")
    if done not in (0, 1) or isinstance(done, float):
        raise RunFileError(f"{path}: damaged run file: task {name}'s done is {done!r}, not 0 or 1")
    record = TaskRecord(name, position, float(share), bool(done))
    if not record.done:
        return record
    record.checksum = checksum if isinstance(checksum, str) else ""
    for field, value in (("solutions", solutions), ("nodes", nodes),
                         ("assemblies", assemblies)):
        if not isinstance(value, int) or value < 0:
            record.problem = f"its {field} is {value!r}, not a count"
            return record
        setattr(record, field, value)
    if not isinstance(seconds, (int, float)) or not 0 <= seconds < math.inf:
        record.problem = f"its seconds is {seconds!r}, not a time"
        return record
    record.seconds = float(seconds)
    record.levels = _levels(levels)
    if record.levels is None:
        record.problem = f"its levels are {str(levels)[:40]!r}, not level counts"
    return record


def _levels(text: object) -> dict | None:
    try:
        levels = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    if not isinstance(levels, dict) or not all(
            isinstance(count, int) and not isinstance(count, bool) and count >= 0
            for count in levels.values()):
        return None
    return levels


def prefix_of(name: str) -> tuple[int, ...]:
    """A task name's prefix (names are checked by `read_task`)."""
    return () if name == "root" else tuple(int(part) for part in name.split("."))


def record_checksum(name: str, solutions: int, nodes: int, seconds: float, assemblies: int,
                    levels: dict, blocks: list[tuple[int, bytes, bytes | None]]) -> str:
    """A finished task's checksum: its name, counts and kept rows (width, rows, verdicts)."""
    digest = hashlib.sha256(json.dumps([name, int(solutions), int(nodes), repr(float(seconds)),
                                        int(assemblies), levels], sort_keys=True).encode())
    for width, rows, verdicts in blocks:
        digest.update(f"|{width}|{len(rows)}|".encode())
        digest.update(rows)
        digest.update(b"-" if verdicts is None else b"+" + verdicts)
    return digest.hexdigest()


def blob_checksum(task: str, width: int, rows: bytes, verdicts: bytes) -> str:
    """The checksum of an analysed block (verdicts of a task not finished yet)."""
    digest = hashlib.sha256(f"{task}|{width}|{len(rows)}|".encode())
    digest.update(rows)
    digest.update(verdicts)
    return digest.hexdigest()


def block_fits(width: object, rows: object, verdicts: object) -> bool:
    """Whether a stored block is whole rows of its width (and a verdict row each)."""
    if not isinstance(width, int) or not 0 < width < 1 << 20 or not isinstance(rows, bytes):
        return False
    if len(rows) % (4 * width):
        return False
    if verdicts is None:
        return True
    count = len(rows) // (4 * width)
    return isinstance(verdicts, bytes) and count > 0 and len(verdicts) % (4 * count) == 0 \
        and len(verdicts) > 0


def found_block(width: int, blob: bytes, verdicts: bytes | None) -> Found:
    rows = np.frombuffer(blob, dtype="<i4").reshape(-1, width)
    if verdicts is not None:
        verdicts = np.frombuffer(verdicts, dtype="<i4").reshape(len(rows), -1)
    return Found(rows, verdicts)


def kept_mismatch(prepared: Prepared, record: TaskRecord, blocks: list,
                   width: int) -> str:
    """Why a finished task's kept rows do not stand for its counts ("" when they do)."""
    if any(block_width != width for block_width, _, _ in blocks):
        return f"its kept solutions are not rows of {width}"
    expanded = [prepared.expand_found(found_block(*block)) for block in blocks]
    solutions = sum(found.solution_count() for found in expanded)
    if solutions != record.solutions:
        return (f"it counts {record.solutions:,} solutions but keeps {solutions:,}")
    if prepared.disassembler is not None:
        assemblies = sum(len(found.rows) for found in expanded)
        if assemblies != record.assemblies:
            return f"it counts {record.assemblies:,} assemblies but keeps {assemblies:,}"
    return ""



def failure_lines(failed: dict[str, str], most: int = 3) -> list[str]:
    """What to tell about finished tasks whose record is not believed: a line each, or the
    first few and how many more."""
    lines = [f"task {name}: {why}: it runs again" for name, why in failed.items()]
    if len(lines) <= most:
        return lines
    return lines[:most - 1] + [f"and {len(lines) - most + 1:,} more finished tasks fail "
                               f"their checks: they run again"]


# --- covering the tree exactly once ------------------------------------------------------
def check_cover(path: Path, prepared: Prepared, split: Split) -> None:
    """Refuse tasks that do not split the search tree into disjoint parts covering all of
    it, or whose shares are not the split's. Walks the tree as `split_tree` did."""
    names = [task.name for task in split.tasks]
    if len(set(names)) != len(names):
        twice = next(name for name in names if names.count(name) > 1)
        raise RunFileError(f"{path}: damaged run file: task {twice} is listed twice")
    placements = prepared.placements
    if placements is not None and placements.has_secondary and names != ["root"]:
        raise RunFileError(f"{path}: damaged run file: this puzzle's run is one task, "
                           f"'root', not {len(names)} tasks")
    shares = {task.prefix: task.share for task in split.tasks}
    inner = {task.prefix[:depth] for task in split.tasks for depth in range(len(task.prefix))}
    probe = TaskSearches(prepared).probe
    budget = [split.most_probes + len(names)]  # nodes left to prove dead: as many as split
    dead = 0.0
    reached = set()
    stack = [((), 1.0, probe.root())]
    while stack:
        prefix, share, node = stack.pop()
        if prefix in shares:
            reached.add(prefix)
            if prefix in inner:
                raise RunFileError(f"{path}: damaged run file: task {_name(prefix)} contains "
                                   f"other tasks")
            _check_share(path, prefix, shares[prefix], share)
            continue
        choices = probe.choices(node)
        if not choices:
            raise RunFileError(f"{path}: damaged run file: the part of the tree under "
                               f"{_name(prefix)} belongs to no task")
        share /= len(choices)
        for choice in choices:
            child = prefix + (choice,)
            grown = probe.child(node, choice)
            if child in shares or child in inner:
                stack.append((child, share, grown))
            elif _dead(probe, grown, budget):
                dead += share
            else:
                raise RunFileError(f"{path}: damaged run file: the part of the tree under "
                                   f"{_name(child)} belongs to no task")
    unreached = sorted(set(shares) - reached)
    if unreached:
        raise RunFileError(f"{path}: damaged run file: task {_name(unreached[0])} is not a "
                           f"part of this puzzle's search tree")
    if abs(dead - split.dead_share) > SHARE_TOLERANCE:
        raise RunFileError(f"{path}: damaged run file: meta 'dead_share' is "
                           f"{split.dead_share!r}; the tree's dead ends add up to {dead!r}")


def _dead(probe, node, budget: list[int]) -> bool:
    """Whether every path below `node` ends in a dead end (within the budget of probes)."""
    stack = [node]
    while stack:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        node = stack.pop()
        choices = probe.choices(node)
        if choices is None:  # a complete node: a solution nobody counts
            return False
        stack.extend(probe.child(node, choice) for choice in choices)
    return True


def _check_share(path: Path, prefix: tuple[int, ...], share: float, expected: float) -> None:
    if abs(share - expected) > SHARE_TOLERANCE * max(expected, 1e-300) and share != expected:
        raise RunFileError(f"{path}: damaged run file: task {_name(prefix)}'s share is "
                           f"{share!r}, not {expected!r}")


def _name(prefix: tuple[int, ...]) -> str:
    return Task(prefix, 0.0).name
