"""Long runs in the app: Stop and closing the window offer to keep the run, the open puzzle's
kept run is offered again (also in a new window, after a restart), Resume continues it to the
exact count of an uninterrupted run, a run file of another puzzle is refused by name, and the
Search on choice is kept in the settings."""

from __future__ import annotations

import sqlite3
from functools import cache

from PySide6.QtWidgets import QMessageBox

from polygui.solving.panel import RUN_AGAIN
from puzzles import pentomino_box
from qt_fixtures import show_window
from solvers import count_solutions

Button = QMessageBox.StandardButton
BOX = pentomino_box(3, 4, 5)  # seconds on two threads: long enough to stop half way


@cache
def box_count() -> int:
    """BOX's count by the plain single-thread search, nothing kept or resumed."""
    return count_solutions(BOX, jobs=1).solutions


def choose_threads(window, jobs: int) -> None:
    choice = window.panel.search_on
    (index,) = [i for i in range(choice.count()) if choice.itemData(i) == ("threads", jobs)]
    choice.setCurrentIndex(index)
    choice.activated.emit(index)  # as a user's choice: kept in the settings


def stop_half_way(window, qtbot, answer: Button, *, committed: bool = False) -> list[bool]:
    """Solve BOX on two threads, stop once its tasks run (the run file is made when the tree
    has been split; `committed`: once it holds a finished task), answer the keep question;
    the `closing` flags it was asked with."""
    asked: list[bool] = []
    window.keeping.ask_keep = lambda parent, kept, closing: asked.append(closing) or answer
    window.set_puzzle(BOX)
    choose_threads(window, 2)
    window.start_solve()
    qtbot.waitUntil(lambda: window.keeping.run_file is not None
                    and window.keeping.run_file.exists(), timeout=60_000)
    if committed:
        qtbot.waitUntil(lambda: finished_tasks(window.keeping.run_file) > 0, timeout=60_000)
    window.stop_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=10_000)
    return asked


def finished_tasks(path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT count(*) FROM tasks WHERE done").fetchone()[0]
    finally:
        db.close()


def damage_a_finished_task(path) -> str:
    """Set a finished task's count in a run file to -1000; its name."""
    db = sqlite3.connect(path)
    try:
        with db:
            (name,) = db.execute("SELECT name FROM tasks WHERE done LIMIT 1").fetchone()
            db.execute("UPDATE tasks SET solutions = -1000 WHERE name = ?", (name,))
    finally:
        db.close()
    return name


def resume_to_the_end(window, qtbot) -> None:
    window.keeping.resume()
    assert window.is_solving()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=300_000)


def test_a_stopped_run_kept_and_resumed_ends_with_the_exact_count(window, qtbot):
    """Even when a finished task's record in the kept file was damaged: that task runs
    again, and the status says so."""
    assert stop_half_way(window, qtbot, Button.Save, committed=True) == [False]
    bar = window.panel.kept_bar
    assert bar.isVisible() and bar.label.text().startswith("Kept run: ")
    kept = bar.kept.path
    assert window.browser.count < box_count()
    damaged = damage_a_finished_task(kept)
    resume_to_the_end(window, qtbot)
    assert window.browser.count == box_count()  # 3940, found anew
    status = window.panel.status
    assert status.text().startswith("Finished: 3,940 solutions")
    assert status.text().endswith(RUN_AGAIN)
    assert status.toolTip() == f"task {damaged}: its solutions is -1000, not a count: it runs again"
    assert not kept.exists() and not bar.isVisible()  # a finished run is forgotten


def test_a_stopped_run_discarded_leaves_nothing_to_resume(window, qtbot):
    assert stop_half_way(window, qtbot, Button.Discard) == [False]
    assert not window.panel.kept_bar.isVisible()
    assert window.keeping.runs.find(BOX) is None
    # the file's name goes at once, the file itself on a thread of its own
    qtbot.waitUntil(lambda: not list(window.keeping.runs.directory.glob("*")), timeout=10_000)


def test_a_run_kept_when_the_window_closes_resumes_in_the_next_one(window, qtbot, settings,
                                                                   tmp_path):
    asked: list[bool] = []
    window.keeping.ask_keep = lambda parent, kept, closing: asked.append(closing) or Button.Save
    window.set_puzzle(BOX)
    choose_threads(window, 2)
    window.start_solve()
    qtbot.waitUntil(lambda: window.keeping.run_file is not None
                    and window.keeping.run_file.exists(), timeout=60_000)
    assert window.close()
    assert asked == [True]
    again = show_window(qtbot, settings, tmp_path / "autosave")
    again.set_puzzle(BOX)
    assert again.panel.kept_bar.isVisible()
    assert again.panel.search_on.jobs_and_cluster() == (2, None)  # the choice was kept
    resume_to_the_end(again, qtbot)
    assert again.browser.count == box_count()


def test_cancel_on_closing_keeps_the_window_and_its_run(window, qtbot):
    window.keeping.ask_keep = lambda parent, kept, closing: Button.Cancel
    window.set_puzzle(BOX)
    choose_threads(window, 2)
    window.start_solve()
    qtbot.waitUntil(lambda: window.keeping.run_file is not None
                    and window.keeping.run_file.exists(), timeout=60_000)
    assert not window.close()
    assert window.isVisible() and window.is_solving()
    window.keeping.ask_keep = lambda parent, kept, closing: Button.Discard
    window.stop_solve(wait=True)


def test_a_run_of_another_puzzle_is_refused_naming_why(window, qtbot):
    stop_half_way(window, qtbot, Button.Save)
    kept = window.panel.kept_bar.kept.path
    window.set_puzzle(pentomino_box(2, 5, 6))
    assert not window.panel.kept_bar.isVisible()  # not this puzzle's run
    warnings: list[str] = []
    window.keeping.warn = lambda title, text: warnings.append(text)
    window.keeping.ask_run_file = lambda parent, folder: str(kept)
    window.keeping.resume()
    assert not window.is_solving()
    assert len(warnings) == 1 and "another puzzle" in warnings[0] and str(kept) in warnings[0]


def test_a_forgotten_run_file_goes_at_once_and_is_deleted_off_the_window_thread(
        tmp_path, qtbot, monkeypatch):
    """A finished run's file can be hundreds of MB, and deleting it took the window 0.2 s:
    its name goes at once, the file (and any an earlier session left half-deleted) goes on
    a thread of its own."""
    import threading
    from pathlib import Path

    from polygui.solving.kept_runs import DISCARDED, SUFFIX, KeptRuns

    deleted_on = []
    real_unlink = Path.unlink

    def unlink(self, missing_ok=False):
        deleted_on.append(threading.current_thread())
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    stale = tmp_path / f"earlier{SUFFIX}{DISCARDED}"
    stale.write_bytes(b"left by a session that ended mid-delete")
    run = tmp_path / f"finished{SUFFIX}"
    run.write_bytes(bytes(1 << 20))
    KeptRuns(tmp_path).discard(run)
    assert not run.exists()
    qtbot.waitUntil(lambda: not any(tmp_path.iterdir()), timeout=10_000)
    assert deleted_on and threading.main_thread() not in deleted_on
