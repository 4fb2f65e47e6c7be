"""Stop, closing the window and opening another puzzle take effect during a long
preparation: the worker's stop flag is the preparation's cancel check. A first-ever kernel
compile cannot be interrupted (numba): the window goes at once and the thread is joined
before the app exits, and opening another puzzle does not wait for it."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication
from run_signals import Collector

import solvers.search.prepare as prepare_module
from polygui.resources import default_puzzle, examples_dir
from polygui.solving.run import SolveRun, running_solves
from solvers import Progress, Puzzle


def big_pentomino_board() -> Puzzle:
    """64x64 less a 4x4 hole, 68 copies of each pentomino: about ten seconds to prepare."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from bench_prepare import large_puzzle

    return large_puzzle()


def test_stop_while_preparing_ends_the_run_before_the_search_is_built(qtbot, monkeypatch):
    built = []
    real = prepare_module.build_search
    monkeypatch.setattr(prepare_module, "build_search",
                        lambda *args, **kwargs: built.append(1) or real(*args, **kwargs))
    run = SolveRun(big_pentomino_board(), "distinct")
    signals = Collector(run)
    run.start()
    qtbot.waitUntil(lambda: bool(signals.progress), timeout=10_000)  # "preparing"
    assert run.shutdown()
    QCoreApplication.processEvents()
    assert signals.status == "stopped" and not built
    assert [event.phase for event in signals.progress] == ["preparing"]


def fake_compile(hold: threading.Event, started: threading.Event, held: list[bool]):
    """A solve() whose kernel load takes until `hold` is set (5 s at most), deaf to its
    cancel check, as numba is while it compiles; `held` gets whether `hold` ended it."""
    def solve(puzzle, symmetry="distinct", limit=0, cancel=None, **kwargs):
        yield Progress("preparing", symmetry=symmetry)
        started.set()
        held.append(hold.wait(5))
        yield Progress("done", symmetry=symmetry)
    return solve


def test_closing_while_a_kernel_compiles_hides_the_window_and_leaves_no_thread(
        window, qtbot, monkeypatch):
    hidden, started, held = threading.Event(), threading.Event(), []
    monkeypatch.setattr("polygui.solving.run.solve", fake_compile(hidden, started, held))
    real_hide = window.hideEvent
    monkeypatch.setattr(window, "hideEvent", lambda event: (hidden.set(), real_hide(event)))
    window.open_puzzle(default_puzzle())
    window.start_solve()
    qtbot.waitUntil(started.is_set, timeout=5_000)
    window.close()
    assert held == [True]  # the window was gone while the compile went on
    assert not window.isVisible() and not running_solves()  # joined once it ended


def test_opening_another_puzzle_while_a_kernel_compiles_does_not_wait_for_it(
        window, qtbot, monkeypatch):
    hold, started, held = threading.Event(), threading.Event(), []
    monkeypatch.setattr("polygui.solving.run.solve", fake_compile(hold, started, held))
    window.open_puzzle(default_puzzle())
    window.start_solve()
    qtbot.waitUntil(started.is_set, timeout=5_000)
    window.open_puzzle(examples_dir() / "soma.json")
    assert window.puzzle.name.startswith("Soma") and not window.is_solving()
    assert len(running_solves()) == 1  # still compiling
    hold.set()
    qtbot.waitUntil(lambda: not running_solves() and not window.runs.retired, timeout=5_000)
    assert held == [True]
