"""Run files that cannot lie: a corpus of damaged files made here from a real run (every meta
key dropped or retyped, every task column retyped, every count edited, tasks deleted,
renamed, duplicated, the kept solutions doubled or halved, tables and columns renamed).
Each is refused with a message naming what is wrong, or resumed to exactly the count (and
in list mode the solutions) of a run straight through, saying which tasks ran again."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from puzzles import shipped
from solvers import Progress, Solution, count_solutions, solve
from solvers.cli.main import main
from solvers.parallel import runfile_checks as checks
from solvers.parallel.run import ParallelRun
from solvers.parallel.runfile import RunFile, RunFileError

PUZZLE = "hexiamonds-6x6.json"  # split into about 400 tasks; a resume takes a moment


def run_to_end(**options) -> tuple[list, Progress]:
    """(the solutions' rows, sorted; the final Progress) of a run split at once."""
    events = list(ParallelRun(options.pop("puzzle", None), "distinct", jobs=2, trial_seconds=0,
                              **options).events())
    assert isinstance(events[-1], Progress) and events[-1].phase == "done"
    return sorted(e.rows for e in events if isinstance(e, Solution)), events[-1]


@pytest.fixture(scope="module")
def straight(tmp_path_factory):
    """The solutions of a run straight through, and a finished run file of each mode."""
    folder = tmp_path_factory.mktemp("runs")
    rows, final = run_to_end(puzzle=shipped(PUZZLE), checkpoint=folder / "list.polyrun")
    count = count_solutions(shipped(PUZZLE), "distinct").solutions
    run_to_end(puzzle=shipped(PUZZLE), checkpoint=folder / "count.polyrun", count_only=True)
    assert final.exhausted and final.solutions == count == len(rows)
    return {"rows": rows, "count": count, "list": folder / "list.polyrun",
            "count_file": folder / "count.polyrun"}


def damaged(straight, tmp_path, *statements: str, mode: str = "list") -> Path:
    path = tmp_path / f"damaged-{mode}.polyrun"
    shutil.copy(straight["list" if mode == "list" else "count_file"], path)
    db = sqlite3.connect(path)
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()
    return path


def outcome(straight, path: Path, mode: str = "list") -> str | Progress:
    """The error message of a refused file, or the final Progress of a resumed one, checked
    to be exact."""
    try:
        rows, final = run_to_end(resume=path, count_only=mode == "count")
    except RunFileError as error:
        assert "\n" not in str(error)
        return str(error)
    assert final.exhausted and final.solutions == straight["count"]
    if mode == "list":
        assert rows == straight["rows"]
    return final


def done_task(path: Path) -> str:
    """A finished task that kept solutions."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT task FROM solutions ORDER BY rowid LIMIT 1").fetchone()[0]
    finally:
        db.close()


META_KEYS = (*checks.SEALED, "seconds", "sealed", "updated")


@pytest.mark.parametrize("key", META_KEYS)
def test_a_dropped_meta_key_is_refused_by_name(straight, tmp_path, key):
    path = damaged(straight, tmp_path, f"DELETE FROM meta WHERE key = '{key}'")
    result = outcome(straight, path)
    if key == "format":
        assert "not a PolyGUI run file" in result
    else:
        assert f"'{key}'" in result or f"version {None}" in result


@pytest.mark.parametrize("key", META_KEYS)
@pytest.mark.parametrize("value", ["12345", "x'00'", "'-5'", "'nan'", "''"])
def test_a_retyped_meta_value_is_refused_by_name(straight, tmp_path, key, value):
    path = damaged(straight, tmp_path, f"UPDATE meta SET value = {value} WHERE key = '{key}'")
    result = outcome(straight, path)
    if isinstance(result, Progress):  # a column of text affinity stores 12345 as '12345':
        assert (key, value) == ("seconds", "12345")  # a search time, and only the time shown
        return
    assert f"'{key}'" in result or "not a PolyGUI run file" in result or "version" in result


@pytest.mark.parametrize("key, value", [
    ("limit", "'3'"), ("limit", "'100'"), ("symmetry", "'all'"), ("counting", "'count'"),
    ("dead_share", "'0.5'"), ("split_target", "'1'"), ("created", "'2020-01-01T00:00:00'")])
def test_an_edited_setting_is_refused_as_changed(straight, tmp_path, key, value):
    path = damaged(straight, tmp_path, f"UPDATE meta SET value = {value} WHERE key = '{key}'")
    assert f"meta '{key}' was changed after the run was made" in outcome(straight, path)


@pytest.mark.parametrize("column, value", [
    ("solutions", "-1000"), ("solutions", "1.5"), ("solutions", str(2 ** 63 - 1)),
    ("solutions", "solutions + 1"), ("solutions", "'x'"), ("nodes", "-1"), ("nodes", "'x'"),
    ("seconds", "'x'"), ("seconds", "-1"), ("assemblies", "7"), ("levels", "'{\"1\": 3}'"),
    ("levels", "'x'"), ("checksum", "''"), ("checksum", "'0'")])
@pytest.mark.parametrize("mode", ["list", "count"])
def test_an_edited_count_makes_its_task_run_again(straight, tmp_path, column, value, mode):
    source = straight["list"]
    task = done_task(source)
    path = damaged(straight, tmp_path, f"UPDATE tasks SET {column} = {value} WHERE name = '{task}'",
                   mode=mode)
    result = outcome(straight, path, mode)
    assert isinstance(result, Progress)
    assert len(result.notes) == 1 and result.notes[0].startswith(f"task {task}: ")
    assert result.notes[0].endswith("it runs again")


@pytest.mark.parametrize("column, value", [
    ("name", "'-1'"), ("name", "'root'"), ("name", "'0.0.0.0'"), ("name", "'x.y'"),
    ("name", "''"), ("name", "'1..2'"), ("name", "'999999.1'"), ("name", "' 1'"),
    ("name", "'٣'"), ("position", "'x'"), ("position", "1.5"), ("share", "'x'"),
    ("share", "0"), ("share", "2"), ("share", "share / 2"), ("done", "2"), ("done", "'x'")])
def test_an_edited_task_is_refused_by_name(straight, tmp_path, column, value):
    task = done_task(straight["list"])
    path = damaged(straight, tmp_path, f"UPDATE tasks SET {column} = {value} WHERE name = '{task}'")
    result = outcome(straight, path)
    assert isinstance(result, str) and "damaged run file" in result
    assert "task" in result


@pytest.mark.parametrize("statements", [
    ["DELETE FROM tasks WHERE rowid % 2 = 0"],
    ["DELETE FROM tasks WHERE rowid = 3"],
    ["INSERT INTO tasks (name, position, share) VALUES ('5.5.5', 1000, 0.001)"],
    ["CREATE TABLE copy AS SELECT * FROM tasks", "DROP TABLE tasks",
     "ALTER TABLE copy RENAME TO tasks", "INSERT INTO tasks SELECT * FROM tasks LIMIT 1"],
], ids=["half deleted", "one deleted", "one added", "one duplicated"])
def test_tasks_deleted_added_or_duplicated_are_refused(straight, tmp_path, statements):
    result = outcome(straight, damaged(straight, tmp_path, *statements))
    assert "the task list was changed after the run was made" in result


@pytest.mark.parametrize("statement", [
    "INSERT INTO solutions SELECT * FROM solutions",
    "DELETE FROM solutions WHERE rowid % 2 = 0",
    "UPDATE solutions SET rows = zeroblob(length(rows)) WHERE rowid = 1",
    "UPDATE solutions SET rows = substr(rows, 1, 5) WHERE rowid = 1",
    "UPDATE solutions SET width = width + 1 WHERE rowid = 1",
    "UPDATE solutions SET task = 'root'",
], ids=["doubled", "halved", "zeroed", "cut", "widened", "moved"])
def test_kept_solutions_doubled_or_halved_run_again_to_the_same_rows(straight, tmp_path,
                                                                     statement):
    result = outcome(straight, damaged(straight, tmp_path, statement))
    assert isinstance(result, Progress) and result.notes


@pytest.mark.parametrize("statement, named", [
    ("ALTER TABLE tasks RENAME TO jobs", "no tasks table"),
    ("ALTER TABLE meta RENAME TO settings", "no meta table"),
    ("ALTER TABLE solutions RENAME TO kept", "no solutions table"),
    ("ALTER TABLE tasks RENAME COLUMN share TO part", "no 'share' column"),
    ("ALTER TABLE tasks RENAME COLUMN done TO over", "no 'done' column"),
    ("ALTER TABLE solutions RENAME COLUMN rows TO blob", "no 'rows' column"),
    ("ALTER TABLE meta RENAME COLUMN value TO v", "no 'value' column"),
])
def test_renamed_tables_and_columns_are_refused_by_name(straight, tmp_path, statement, named):
    assert named in outcome(straight, damaged(straight, tmp_path, statement))


def test_a_forged_checksum_is_caught_by_the_kept_solutions(straight, tmp_path):
    """A record edited and its checksum made again: the count no longer matches the rows."""
    path = damaged(straight, tmp_path)
    task = done_task(path)
    run = RunFile.open(path)
    record = next(r for r in run.records if r.name == task)
    blocks = run._db.execute("SELECT width, rows, verdicts FROM solutions WHERE task = ?",
                             (task,)).fetchall()
    forged = checks.record_checksum(task, record.solutions + 5, record.nodes, record.seconds,
                                    record.assemblies, record.levels, blocks)
    with run._db:
        run._db.execute("UPDATE tasks SET solutions = solutions + 5, checksum = ? "
                        "WHERE name = ?", (forged, task))
    run.close()
    result = outcome(straight, path)
    assert result.notes == (f"task {task}: it counts {record.solutions + 5:,} solutions but "
                            f"keeps {record.solutions:,}: it runs again",)


def test_a_task_list_resealed_must_still_cover_the_tree(straight, tmp_path):
    """Tasks renamed and the seal made again: the walk of the tree finds the hole."""
    path = damaged(straight, tmp_path)
    run = RunFile.open(path)
    victim = next(r for r in run.records if r.name.count(".") >= 1)
    renamed = victim.name.rsplit(".", 1)[0] + ".999999"
    split = run.split()
    tasks = [task if task.name != victim.name else
             type(task)(checks.prefix_of(renamed), task.share) for task in split.tasks]
    meta = dict(run.meta)
    with run._db:
        run._db.execute("UPDATE tasks SET name = ? WHERE name = ?", (renamed, victim.name))
        run._db.execute("UPDATE meta SET value = ? WHERE key = 'sealed'",
                        (checks.seal(meta, tasks),))
    run.close()
    result = outcome(straight, path)
    assert "belongs to no task" in result or "is not a part of this puzzle's search tree" in result


def test_a_version_1_file_runs_its_unchecked_tasks_again(straight, tmp_path):
    path = damaged(straight, tmp_path, "UPDATE meta SET value = '1' WHERE key = 'version'",
                   "DELETE FROM meta WHERE key IN ('sealed', 'split_target')",
                   "ALTER TABLE tasks DROP COLUMN checksum")
    result = outcome(straight, path)
    assert "no checksum (kept by an older PolyGUI)" in result.notes[0]
    again = outcome(straight, path)  # sealed by the resume: nothing runs again
    assert isinstance(again, Progress) and again.notes == ()


def test_verify_checks_without_writing(straight, tmp_path, capsys):
    path = damaged(straight, tmp_path)
    before = path.read_bytes()
    assert main(["--verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every record checks out" in out and f"{straight['count']} solutions" in out
    assert path.read_bytes() == before
    task = done_task(path)
    path = damaged(straight, tmp_path, f"UPDATE tasks SET nodes = 1 WHERE name = '{task}'")
    before = path.read_bytes()
    assert main(["--verify", str(path)]) == 1
    assert f"task {task}: its record does not match its checksum" in capsys.readouterr().out
    assert path.read_bytes() == before
    path = damaged(straight, tmp_path, "UPDATE meta SET value = '-5' WHERE key = 'limit'")
    assert main(["--verify", str(path)]) == 2
    assert "meta 'limit' is '-5', not a count" in capsys.readouterr().err


def test_a_resume_says_which_tasks_run_again(straight, tmp_path, capsys):
    task = done_task(straight["list"])
    path = damaged(straight, tmp_path, f"UPDATE tasks SET solutions = -1000 WHERE name = '{task}'")
    assert main(["--resume", str(path), "--show", "0", "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert f"task {task}: its solutions is -1000, not a count: it runs again" in captured.err
    assert f"{straight['count']} solutions" in captured.out


def test_a_run_file_changed_under_a_run_is_not_reported_complete(straight, tmp_path):
    path = damaged(straight, tmp_path)
    run = RunFile.open(path)
    other = sqlite3.connect(path)
    with other:
        other.execute("UPDATE tasks SET done = 0 WHERE rowid = 2")
    other.close()
    with pytest.raises(RunFileError, match="does not hold task .* finished"):
        run.confirm_complete(straight["count"])
    run.close()


def test_a_checkpoint_that_cannot_be_written_leaves_nothing(tmp_path):
    folder = tmp_path / "a folder"
    folder.mkdir()
    with pytest.raises(RunFileError, match="cannot write the run file"):
        list(solve(shipped("soma.json"), jobs=2, checkpoint=folder))
    assert list(tmp_path.iterdir()) == [folder] and list(folder.iterdir()) == []
