"""Nothing in the data folder stops the app: a damaged autosave or kept run is set aside
(renamed `.damaged`, its bytes kept) and said once; settings of the wrong type are ignored.
The folder itself is made private (0700)."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from datetime import datetime
from functools import cache
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from polygui.files import autosave as autosave_module
from polygui.files.autosave import Autosave, Recovered
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.solving.kept_runs import KeptRuns, in_use
from polygui.solving.store import DEFAULT_MAX_KEPT
from polygui.window_layout import GEOMETRY, STATE, readable_settings
from qt_fixtures import show_window
from solvers.parallel.runfile import RunFileError, puzzle_fingerprint
from solvers.puzzle.fileformat import puzzle_to_dict

PUZZLE = blank_puzzle("hex", "Lost work")
GOOD = {"format": "polygui-autosave", "version": 1, "path": None,
        "puzzle": puzzle_to_dict(PUZZLE)}
DAMAGED_AUTOSAVES = {
    "empty list": b"[]",
    "a string": b'"x"',
    "path a number": json.dumps(dict(GOOD, path=5)).encode(),
    "path a list": json.dumps(dict(GOOD, path=["a", "b"])).encode(),
    "path with a NUL": json.dumps(dict(GOOD, path="/tmp/a\0b.json")).encode(),
    "bad JSON": b'{"format": "polygui-autosave", "puzzle": {',
    "no puzzle": json.dumps(dict(GOOD, puzzle=None)).encode(),
    "not UTF-8": b'{"format": "\xff"}',
}


@cache
def dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def leftover(folder: Path, number: int, data: bytes) -> Path:
    """An autosave file a crashed session left."""
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"autosave-{dead_pid()}-{number}.json"
    file.write_bytes(data)
    return file


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# --- autosaves ----------------------------------------------------------------------------
@pytest.mark.parametrize("data", DAMAGED_AUTOSAVES.values(), ids=DAMAGED_AUTOSAVES.keys())
def test_a_damaged_autosave_is_set_aside_with_its_bytes_and_said(tmp_path, data):
    file = leftover(tmp_path, 1, data)
    autosave = Autosave(tmp_path)
    assert autosave.leftovers() == []
    aside = file.with_name(file.name + ".damaged")
    assert not file.exists() and aside.read_bytes() == data
    (said,) = autosave.damaged
    assert said.startswith(file.name) and aside.name in said and "\n" not in said
    assert Autosave(tmp_path).leftovers() == []  # not read again


def test_a_second_damaged_file_of_the_same_name_never_replaces_the_first(tmp_path):
    first = leftover(tmp_path, 1, b"[]")
    Autosave(tmp_path).leftovers()
    leftover(tmp_path, 1, b'"x"')
    Autosave(tmp_path).leftovers()
    assert (tmp_path / f"{first.name}.damaged").read_bytes() == b"[]"
    assert (tmp_path / f"{first.name}.damaged-2").read_bytes() == b'"x"'


def test_the_start_sets_aside_every_damaged_autosave_says_so_once_and_offers_the_good_one(
        qtbot, settings, tmp_path):
    folder = tmp_path / "autosave"
    bad = [leftover(folder, number, data)
           for number, data in enumerate(DAMAGED_AUTOSAVES.values(), start=2)]
    leftover(folder, 1, json.dumps(dict(GOOD, path="/somewhere/lost.json")).encode())
    window = show_window(qtbot, settings, folder)
    warnings, offered = [], []
    window.files.warn = lambda title, text: warnings.append(text)
    window.files.ask_restore = lambda found: offered.append(found) or "restore"
    assert window.files.offer_recovery()  # the start goes on: the good one is restored
    (said,) = warnings
    assert all(file.name in said for file in bad)
    assert [found.puzzle.name for found in offered] == ["Lost work"]
    assert offered[0].path == Path("/somewhere/lost.json")
    assert window.puzzle.name == "Lost work" and window.document.is_modified
    assert sorted(p.name for p in folder.glob("*.damaged")) == sorted(
        f"{file.name}.damaged" for file in bad)


def test_an_autosave_gone_while_read_is_skipped(tmp_path, monkeypatch):
    file = leftover(tmp_path, 1, json.dumps(GOOD).encode())
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: file.unlink() or
                        (_ for _ in ()).throw(FileNotFoundError(2, "gone")))
    autosave = Autosave(tmp_path)
    assert autosave.leftovers() == [] and autosave.damaged == []


# --- kept runs ----------------------------------------------------------------------------
def kept_run_path(runs: Path) -> Path:
    runs.mkdir(parents=True, exist_ok=True)
    return runs / f"{puzzle_fingerprint(PUZZLE)[:24]}-distinct.polyrun"


def not_sqlite(path: Path) -> None:
    path.write_bytes(b"this is not a database" * 50)


def meta_only(path: Path) -> None:
    """A run file's meta table with nothing else (no tasks: it cannot say how far it got)."""
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.executemany("INSERT INTO meta VALUES (?, ?)",
                       [("format", "polygui-run"), ("version", "1")])
    db.close()


def what_it_holds(path: Path) -> bytes | list:
    """A file's bytes; a database's meta rows (opening a run file adds tables to it)."""
    if not path.read_bytes().startswith(b"SQLite format 3"):
        return path.read_bytes()
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
    finally:
        db.close()


@pytest.mark.parametrize("make", [not_sqlite, meta_only], ids=["not SQLite", "no tasks"])
def test_a_damaged_kept_run_is_set_aside_and_said_once(qtbot, settings, tmp_path, make):
    window = show_window(qtbot, settings, tmp_path / "autosave")
    warnings = []
    window.keeping.warn = lambda title, text: warnings.append(text)
    path = kept_run_path(tmp_path / "runs")
    make(path)
    held = what_it_holds(path)
    window.set_puzzle(PUZZLE)  # opening the puzzle looks for its kept run
    qtbot.waitUntil(lambda: len(warnings) == 1, timeout=5_000)
    assert not window.panel.kept_bar.isVisible()
    assert not path.exists() and what_it_holds(path.with_name(path.name + ".damaged")) == held
    assert path.name in warnings[0]
    window.set_puzzle(PUZZLE)
    qtbot.wait(50)
    assert len(warnings) == 1  # said once


def test_a_run_file_locked_by_its_writer_is_not_set_aside(tmp_path, monkeypatch):
    path = kept_run_path(tmp_path)
    path.write_bytes(b"being written")

    def locked(path):
        try:
            raise sqlite3.OperationalError("database is locked")
        except sqlite3.OperationalError as error:
            raise RunFileError(f"{path}: not a PolyGUI run file ({error})") from error

    monkeypatch.setattr("polygui.solving.kept_runs.read_kept_run", locked)
    runs = KeptRuns(tmp_path)
    assert runs.find(PUZZLE) is None
    assert path.exists() and runs.damaged == []
    assert not in_use(RunFileError("no such table: tasks"))


# --- settings -----------------------------------------------------------------------------
def test_settings_of_the_wrong_type_are_ignored(qtbot, tmp_path):
    ini = tmp_path / "settings.ini"
    ini.write_text("[window]\ngeometry=hello\nstate=@Point(1 2)\n"
                   "[recent]\nfiles=@Variant(\\0\\0\\0\\x2\\0\\0\\0\\x5)\n"
                   "[solving]\nkeep_at_most=inf\nestimate_automatically=@Point(1 2)\n")
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    window = show_window(qtbot, settings, tmp_path / "autosave")
    assert settings.value(GEOMETRY) is None and settings.value(STATE) is None
    assert window.menus.recent_files() == []
    assert window.max_kept() == DEFAULT_MAX_KEPT


def test_a_setting_that_cannot_be_read_back_is_ignored(qtbot, tmp_path, capfd):
    ini = tmp_path / "settings.ini"
    cut_short = r"@Variant(\0\0\0\x7f\0\0\0\x18PySide::PyObjectWrapper\0\0\0\0\x11\x80\x4)"
    ini.write_text(f"[solving]\nsearch_on={cut_short}\n[window]\ngeometry={cut_short}\n")
    settings = readable_settings(QSettings(str(ini), QSettings.Format.IniFormat))
    window = show_window(qtbot, settings, tmp_path / "autosave")  # (EOFError, unread)
    assert window.isVisible() and settings.value(GEOMETRY) is None
    assert "settings.ini: an unreadable setting is ignored" in capfd.readouterr().err


# --- the folder ---------------------------------------------------------------------------
def test_the_data_folders_are_made_private_and_an_existing_one_is_left_alone(tmp_path):
    data = tmp_path / "data"
    Autosave(data / "autosave").write(PUZZLE, None)
    KeptRuns(data / "runs").path_for(PUZZLE, "distinct")
    assert [mode(data), mode(data / "autosave"), mode(data / "runs")] == [0o700] * 3
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    Autosave(shared).write(PUZZLE, None)
    assert mode(shared) == 0o755


def test_recovered_work_keeps_its_fields_whatever_its_time(tmp_path):
    file = leftover(tmp_path, 1, json.dumps(dict(GOOD, path="")).encode())
    os.utime(file, (0, 10 ** 10))  # the year 2286
    (found,) = Autosave(tmp_path).leftovers()
    assert isinstance(found, Recovered) and found.file == file and found.path is None
    assert found.puzzle == PUZZLE and found.saved_at.year == 2286
    # a time datetime cannot hold (year 33658: file systems with 64-bit times can)
    assert autosave_module._when(10 ** 12) == datetime.min
