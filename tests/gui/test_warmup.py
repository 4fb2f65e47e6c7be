"""The solver's kernels are warmed in the background once the window shows, the kernel of the
puzzle on screen first; a warm-up that takes long says so in the Solve panel, and says when it
is over (or that it failed, leaving Solve to compile as before)."""

from __future__ import annotations

import threading

from polygui.resources import examples_dir
from polygui.solving import warmup
from polygui.solving.panel import SolvePanel
from polygui.solving.warmup import KernelWarmup, kernel_order
from solvers import GridKind


def test_the_kernel_of_the_puzzle_on_screen_comes_first():
    assert kernel_order(GridKind.CUBE)[0] == "live"
    assert kernel_order(GridKind.SUDOKU)[0] == "sudoku"
    assert kernel_order(GridKind.HEX)[0] == "bitboard"
    assert kernel_order(GridKind.TRIANGLE)[:2] == ["pruning", "general"]  # boards over 64 cells
    assert sorted(kernel_order(None)) == sorted(kernel_order(GridKind.SQUARE)) == \
        ["bitboard", "general", "live", "orbits", "pruning", "sudoku", "sudoku variants"]


def test_every_kernel_warms_by_solving_its_tiny_puzzle(qtbot):
    job = KernelWarmup(GridKind.CUBE)
    with qtbot.waitSignal(job.finished, timeout=180_000) as finished:
        job.start()
    assert finished.args[0] >= 0 and job.done.is_set()


def test_the_warm_up_is_done_when_it_says_so(qtbot, monkeypatch):
    monkeypatch.setattr(warmup, "warm", lambda kernel: None)
    done_when_said = []
    monkeypatch.setattr(KernelWarmup, "_emit", staticmethod(
        lambda signal, value: done_when_said.append(job.done.is_set())))
    job = KernelWarmup(GridKind.HEX)
    job.start()
    qtbot.waitUntil(lambda: bool(done_when_said), timeout=10_000)
    assert done_when_said == [True]  # (it was set after the signal: a listener saw it unset)


def test_a_long_warm_up_is_announced_then_reported_ready(window, qtbot, monkeypatch):
    release, order = threading.Event(), []

    def slow(kernel):  # stands for a first start's compilation
        order.append(kernel)
        assert release.wait(30)

    monkeypatch.setattr(warmup, "warm", slow)
    window.open_puzzle(examples_dir() / "soma.json")
    job = window.start_warmup()
    readiness = window.panel.readiness
    qtbot.waitUntil(readiness.isVisible, timeout=15_000)
    assert "Getting the solver ready" in readiness.text()
    assert order == ["live"]  # Soma's kernel first
    with qtbot.waitSignal(job.finished, timeout=10_000):
        release.set()
    assert "The solver is ready" in readiness.text()
    assert order == ["live", "bitboard", "general", "pruning", "sudoku", "orbits",
                     "sudoku variants"]


def test_a_failed_warm_up_says_solve_will_compile(window, qtbot, monkeypatch):
    def broken(kernel):
        raise OSError("no room for the cache")

    monkeypatch.setattr(warmup, "warm", broken)
    job = window.start_warmup()
    qtbot.waitUntil(lambda: job.done.is_set() and window.panel.readiness.isVisible(),
                    timeout=10_000)
    text = window.panel.readiness.text()
    assert window.panel.readiness.isVisible() and "no room for the cache" in text
    assert "Solve compiles" in text


def test_a_warm_up_that_only_loads_the_kernels_says_nothing(window, qtbot, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(warmup, "warm", lambda kernel: release.wait(30))  # the cache loading
    job = window.start_warmup()
    qtbot.wait(500)  # about what loading takes from numba's cache
    with qtbot.waitSignal(job.finished, timeout=10_000):
        release.set()
    qtbot.wait(warmup.NOTICE_DELAY_MS + 200)
    assert not window.panel.readiness.isVisible()


def test_a_notice_of_a_warm_up_that_loaded_kernels_does_not_speak_of_compiling(qtbot):
    panel = SolvePanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.solver_warming()  # a busy machine: loading took longer than the notice's delay
    panel.solver_warmed(3.4)
    assert panel.readiness.text() == "The solver is ready."
