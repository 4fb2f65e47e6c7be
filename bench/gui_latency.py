"""How fluid the window stays while Mini Bedlam solves: the largest gap between event-loop
ticks. Run by hand under a display (or xvfb-run):

    xvfb-run -a -s "-screen 0 1280x1024x24 +extension GLX +render" .venv/bin/python bench/gui_latency.py [SECONDS]

A 2 ms QTimer records when it fires; any gap well above 2 ms is time the GUI thread was busy
(or starved of the GIL or the CPU). Prints the largest gap and percentiles, for the README,
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


def measure(seconds: float) -> dict:
    app = make_application(sys.argv[:1])
    window = MainWindow()
    window.show()
    freeze_long_lived()  # as polygui.app.main does
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    ticks: list[float] = []
    search_began: list[float] = []

    def start() -> None:
        window.start_solve()
        window.run.worker.progress_changed.connect(
            lambda progress: progress.phase != "preparing" and not search_began
            and search_began.append(time.perf_counter()))
        timer.start()

    timer = QTimer()
    timer.setInterval(2)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    deadline = time.perf_counter() + seconds

    def check_done() -> None:
        if time.perf_counter() > deadline or (ticks and not window.is_solving()):
            window.close()
            app.quit()

    stopper = QTimer()
    stopper.timeout.connect(check_done)
    stopper.start(100)
    QTimer.singleShot(200, start)
    app.exec()
    times = np.array(ticks)
    gaps = np.diff(times) * 1000
    searching = gaps[times[1:] > search_began[0]] if search_began else gaps[:0]
    return {"ticks": len(ticks), "solutions": window.browser.count,
            "max_gap_ms": float(gaps.max()), "p99_ms": float(np.percentile(gaps, 99)),
            "p50_ms": float(np.median(gaps)),
            "max_gap_searching_ms": float(searching.max()) if len(searching) else float("nan"),
            "p99_searching_ms": float(np.percentile(searching, 99)) if len(searching) else float("nan"),
            "load_average": os.getloadavg()[0]}


if __name__ == "__main__":
    result = measure(float(sys.argv[1]) if len(sys.argv) > 1 else 30.0)
    print(f"{result['ticks']} ticks while {result['solutions']} solutions streamed in: "
          f"largest gap {result['max_gap_ms']:.1f} ms, 99th percentile {result['p99_ms']:.1f} ms, "
          f"median {result['p50_ms']:.1f} ms; once searching: largest gap "
          f"{result['max_gap_searching_ms']:.1f} ms, 99th percentile "
          f"{result['p99_searching_ms']:.1f} ms (load average {result['load_average']:.2f})")
