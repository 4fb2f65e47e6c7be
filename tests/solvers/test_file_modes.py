"""Permissions of the files PolyGUI writes: a file replaced keeps its mode (a private 0600 file
stays private, never 0644) and its owner; a new file gets 0666 less the umask; the text being
written is never readable by more people than the old file was."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import numpy as np
import pytest

from puzzles import shipped
from solvers import Solution, solve
from solvers.analysis.statistics import digit_statistics, save_statistics_csv
from solvers.output.export_data import export_solutions
from solvers.puzzle import atomic
from solvers.puzzle.atomic import new_file_mode, replace_keeping_mode, write_atomically
from solvers.puzzle.fileformat import save_puzzle

SOMA = shipped("soma.json")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def save(path: Path) -> None:
    save_puzzle(SOMA, path)


def export(path: Path) -> None:
    solutions = [e for e in solve(SOMA, "distinct", limit=2) if isinstance(e, Solution)]
    export_solutions(SOMA, solutions, "distinct", path.with_suffix(".csv"))


def statistics(path: Path) -> None:
    sudoku = shipped("sudoku-4x4-empty.json")
    grids = [e.grid for e in solve(sudoku, "all", limit=3) if isinstance(e, Solution)]
    save_statistics_csv(digit_statistics(sudoku, [np.array(grids, dtype=np.uint8)]),
                        path.with_suffix(".csv"))


def chunks(path: Path) -> None:
    write_atomically(path, (part for part in (b"made ", b"as it goes")))


WRITERS = [save, export, statistics, chunks]


def written(writer, path: Path) -> Path:
    writer(path)
    return path.with_suffix(".csv") if writer in (export, statistics) else path


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.__name__)
@pytest.mark.parametrize("old_mode", [0o600, 0o640, 0o444], ids=oct)
def test_a_replaced_file_keeps_its_mode(tmp_path, writer, old_mode):
    target = written(writer, tmp_path / "out.json")
    target.write_text("old")
    target.chmod(old_mode)
    written(writer, tmp_path / "out.json")
    assert target.read_text() != "old"  # really replaced
    assert mode(target) == old_mode
    assert [p.name for p in tmp_path.iterdir()] == [target.name]  # no temporary left


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.__name__)
def test_a_new_file_gets_the_umask_mode(tmp_path, writer):
    assert mode(written(writer, tmp_path / "new.json")) == new_file_mode()
    mask = os.umask(0)
    os.umask(mask)
    assert new_file_mode() == 0o666 & ~mask


def test_the_text_of_a_private_file_is_never_readable_by_others_while_written(tmp_path):
    target = tmp_path / "secret.json"
    target.write_text("old")
    target.chmod(0o600)
    seen = []

    def parts():
        yield b"new"
        (temporary,) = [p for p in tmp_path.iterdir() if p != target]
        seen.append(mode(temporary))
        yield b" text"

    write_atomically(target, parts())
    assert seen == [0o600] and mode(target) == 0o600


def sqlite_file(path: Path) -> Path:
    """A database made as SQLite makes one (its own mode, 0644 less the umask)."""
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE t (x)")
    db.close()
    return path


def test_replace_keeping_mode_gives_a_file_made_by_others_the_targets_mode(tmp_path):
    target = tmp_path / "run.polyrun"
    sqlite_file(target).chmod(0o600)
    partial = sqlite_file(tmp_path / ".run.polyrun.creating")
    partial.chmod(0o644)
    replace_keeping_mode(partial, target)
    assert mode(target) == 0o600 and not partial.exists()
    fresh = sqlite_file(tmp_path / ".new.creating")
    fresh.chmod(0o600)
    replace_keeping_mode(fresh, tmp_path / "new.polyrun")
    assert mode(tmp_path / "new.polyrun") == new_file_mode()


def test_a_run_file_made_again_keeps_the_old_files_mode(tmp_path):
    from solvers.parallel.runfile import RunFile
    from solvers.parallel.tasks import Split, Task
    from solvers.search.prepare import prepare_puzzle

    prepared = prepare_puzzle(SOMA, "distinct")
    path = tmp_path / "soma.polyrun"
    RunFile.create(path, prepared, Split([Task((), 1.0)], 0.0), count_only=True).close()
    path.chmod(0o600)
    RunFile.create(path, prepared, Split([Task((), 1.0)], 0.0), count_only=True).close()
    assert mode(path) == 0o600


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file "
                                "another owner to see it kept")


@needs_root
def test_a_replaced_file_keeps_its_owner(tmp_path):
    target = tmp_path / "theirs.json"
    save(target)
    os.chown(target, 4242, 4243)
    target.chmod(0o640)
    save(target)
    assert (target.stat().st_uid, target.stat().st_gid, mode(target)) == (4242, 4243, 0o640)


@needs_root
def test_an_owner_that_cannot_be_kept_leaves_the_file_ours_with_its_mode(tmp_path,
                                                                          monkeypatch):
    target = tmp_path / "theirs.json"
    save(target)
    os.chown(target, 4242, 4243)
    target.chmod(0o600)

    def refused(*args):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "chown", refused)
    save(target)
    assert (target.stat().st_uid, mode(target)) == (os.geteuid(), 0o600)
