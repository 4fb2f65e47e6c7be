"""How fluid the window stays while Mini Bedlam solves: the largest gap between event-loop
ticks. Run by hand under a display (or xvfb-run):

    xvfb-run -a -s "-screen 0 1280x1024x24 +extension GLX +render" .venv/bin/python bench/gui_latency.py [RUNS]

A 2 ms QTimer records when it fires; a gap well above 2 ms is time the GUI thread was busy,
waiting for the GIL, or not given a CPU. Each run measures, one after the other:

- `bare`: the baseline, what the machine alone allows. A plain Python process without Qt
  solves Mini Bedlam the way the app's worker does (a thread, the same generator, SCHED_IDLE
  once searching) while its main thread sleeps 2 ms at a time, as the timer does.
- `idle`: the app's window, idle, for `IDLE_SECONDS`.
- `solving`: the window while the app solves Mini Bedlam and streams its solutions in
  (`searching`: from the moment the search proper begins, after preparing).

For every gap the tick also records the GUI thread's own CPU time since the previous tick
(`time.thread_time`, which leaves out time the hypervisor took the CPU away): `most work`
is the most CPU the window spent between two ticks -- the part of a gap the app causes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

IDLE_SECONDS = 5.0
TICK_SECONDS = 0.002
PUZZLE = ROOT / "assets" / "puzzles" / "mini-bedlam.json"
SYMMETRY = "distinct"  # the solve panel's default


def gap_stats(ticks: np.ndarray) -> dict[str, float]:
    """ticks: rows of (perf_counter, thread_time). Gaps and the thread's work between ticks, ms."""
    if len(ticks) < 2:
        return dict.fromkeys(("largest", "p99", "median", "work"), float("nan"))
    gaps = np.diff(ticks[:, 0]) * 1000
    work = np.diff(ticks[:, 1]) * 1000
    return {"largest": float(gaps.max()), "p99": float(np.percentile(gaps, 99)),
            "median": float(np.median(gaps)), "work": float(work.max())}


def tick() -> tuple[float, float]:
    return time.perf_counter(), time.thread_time()


def bare_baseline() -> dict[str, float]:
    """Without Qt: the solver in a thread, this thread ticking every 2 ms."""
    from polygui.latency import (lower_this_threads_priority, pause_collector,
                                 resume_collector, tune_interpreter)
    from solvers import Solution, solve
    from solvers.fileformat import load_puzzle

    tune_interpreter()
    puzzle = load_puzzle(PUZZLE)
    search_began: list[float] = []

    def consume() -> None:
        pause_collector()
        for event in solve(puzzle, SYMMETRY):
            if not search_began and (isinstance(event, Solution) or event.phase != "preparing"):
                search_began.append(time.perf_counter())
                resume_collector()
                lower_this_threads_priority()

    solver = threading.Thread(target=consume)
    ticks = [tick()]
    solver.start()
    while solver.is_alive():
        time.sleep(TICK_SECONDS)
        ticks.append(tick())
    times = np.array(ticks)
    return gap_stats(times[times[:, 0] >= search_began[0]])


def app_run() -> dict:
    """The window idle, then solving; ticks from a 2 ms QTimer."""
    from PySide6.QtCore import QTimer

    from polygui.app import make_application
    from polygui.latency import freeze_long_lived
    from polygui.main_window import MainWindow

    app = make_application(sys.argv[:1])
    window = MainWindow()
    window.show()
    freeze_long_lived()  # as polygui.app.main does
    window.open_puzzle(PUZZLE)
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData(SYMMETRY))
    ticks: list[tuple[float, float]] = []
    marks: dict[str, float] = {}

    def start() -> None:
        marks["solve"] = time.perf_counter()
        window.start_solve()
        window.run.worker.progress_changed.connect(
            lambda progress: progress.phase != "preparing"
            and marks.setdefault("search", time.perf_counter()))

    timer = QTimer()

    def quit_when_done() -> None:
        if "solve" in marks and not window.is_solving():
            timer.stop()  # closing the window is not part of the solve
            window.close()
            app.quit()

    timer.setInterval(int(TICK_SECONDS * 1000))
    timer.timeout.connect(lambda: ticks.append(tick()))
    stopper = QTimer()
    stopper.timeout.connect(quit_when_done)
    stopper.start(100)
    QTimer.singleShot(200, timer.start)
    QTimer.singleShot(200 + int(IDLE_SECONDS * 1000), start)
    app.exec()
    times = np.array(ticks)
    idle = times[times[:, 0] < marks["solve"]]
    return {"solutions": window.browser.count,
            "idle": gap_stats(idle),
            "solving": gap_stats(times[times[:, 0] >= idle[-1, 0]]),  # the start's gap counts
            "searching": gap_stats(times[times[:, 0] >= marks["search"]])}


def one_run() -> dict:
    bare = subprocess.run([sys.executable, __file__, "--bare"], check=True,
                          capture_output=True, text=True).stdout
    result = app_run()
    result["bare"] = dict(zip(("largest", "p99", "median", "work"),
                              map(float, bare.split())))
    return result


def main(runs: int) -> None:
    columns = ("bare", "idle", "solving", "searching")
    print("| run | " + " | ".join(f"{c}: largest / p99" for c in columns)
          + " | solving: most work | load |")
    print("|---|" + "---:|" * (len(columns) + 2))
    for number in range(1, runs + 1):
        result = one_run()
        cells = [f"{result[c]['largest']:.0f} / {result[c]['p99']:.1f} ms" for c in columns]
        print(f"| {number} | " + " | ".join(cells)
              + f" | {result['solving']['work']:.1f} ms | {os.getloadavg()[0]:.2f} |", flush=True)
        assert result["solutions"] > 0, "the app found no solutions"


if __name__ == "__main__":
    if sys.argv[1:] == ["--bare"]:
        print(" ".join(f"{value:.3f}" for value in bare_baseline().values()))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
