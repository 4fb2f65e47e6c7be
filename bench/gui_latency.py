"""How fluid the window stays while Mini Bedlam solves: the largest gap between event-loop
ticks. Run by hand under a display (or xvfb-run):

    xvfb-run -a -s "-screen 0 1280x1024x24 +extension GLX +render" .venv/bin/python bench/gui_latency.py [SECONDS]

A 2 ms QTimer records when it fires; any gap well above 2 ms is time the GUI thread was busy
(or starved of the GIL or the CPU). The baseline: the same window, idle, ticking for
`IDLE_SECONDS` before the solve starts -- what the machine and the virtual screen cost alone. Prints the largest gap and percentiles, for the README,
overall and from the moment the search proper begins (preparing runs the solver's Python
compiler on the worker thread, which competes for the GIL), with the machine's load average:
other processes busy on the same cores show up as gaps too.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from polygui.app import make_application  # noqa: E402
from polygui.latency import freeze_long_lived  # noqa: E402
from polygui.main_window import MainWindow  # noqa: E402
from polygui.resources import examples_dir  # noqa: E402


IDLE_SECONDS = 5.0


def gap_stats(times: np.ndarray) -> tuple[float, float, float]:
    """(largest, 99th percentile, median) gap between ticks, in ms."""
    gaps = np.diff(times) * 1000
    if not len(gaps):
        return float("nan"), float("nan"), float("nan")
    return float(gaps.max()), float(np.percentile(gaps, 99)), float(np.median(gaps))


def measure(seconds: float) -> dict:
    app = make_application(sys.argv[:1])
    window = MainWindow()
    window.show()
    freeze_long_lived()  # as polygui.app.main does
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    ticks: list[float] = []
    search_began: list[float] = []
    solve_began: list[float] = []
    search_seconds = [0.0]

    def start() -> None:
        solve_began.append(time.perf_counter())
        window.start_solve()
        window.run.worker.progress_changed.connect(
            lambda progress: progress.phase != "preparing" and not search_began
            and search_began.append(time.perf_counter()))
        window.run.worker.progress_changed.connect(
            lambda progress: search_seconds.__setitem__(0, progress.elapsed))

    timer = QTimer()
    timer.setInterval(2)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    deadline = time.perf_counter() + IDLE_SECONDS + seconds

    def check_done() -> None:
        if time.perf_counter() > deadline or (solve_began and not window.is_solving()):
            window.close()
            app.quit()

    stopper = QTimer()
    stopper.timeout.connect(check_done)
    stopper.start(100)
    QTimer.singleShot(200, timer.start)
    QTimer.singleShot(200 + int(IDLE_SECONDS * 1000), start)
    app.exec()
    times = np.array(ticks)
    idle = times[times < solve_began[0]]
    solving = times[times >= idle[-1]]  # from the last idle tick: the start's gap counts
    searching = times[times >= search_began[0]] if search_began else times[:0]
    return {"solutions": window.browser.count, "ticks": len(solving),
            "idle": gap_stats(idle), "solving": gap_stats(solving),
            "searching": gap_stats(searching), "load_average": os.getloadavg()[0],
            "search_seconds": search_seconds[0]}


if __name__ == "__main__":
    result = measure(float(sys.argv[1]) if len(sys.argv) > 1 else 60.0)
    print(f"{result['ticks']} ticks while {result['solutions']} solutions streamed in "
          f"(search {result['search_seconds']:.1f} s, load average {result['load_average']:.2f})")
    print("| window | largest gap ms | 99th percentile ms | median ms |")
    print("|---|---:|---:|---:|")
    for phase in ("idle", "solving", "searching"):
        largest, p99, median = result[phase]
        print(f"| {phase} | {largest:.1f} | {p99:.1f} | {median:.1f} |")
