"""How fluid the window stays while Mini Bedlam solves: the largest gap between event-loop
ticks. Run by hand under a display (or xvfb-run):

    xvfb-run -a -s "-screen 0 1280x1024x24 +extension GLX +render" .venv/bin/python bench/gui_latency.py [RUNS] [--jobs=1,2]

Each run measures the window with the search on each number of threads in `--jobs` (default
1 and 2: one thread, as before parallel search, is the same-run baseline for every core).

A 2 ms QTimer records when it fires; a gap well above 2 ms is time the GUI thread was busy,
waiting (for the GIL, for the X server) or not given a CPU. Each run measures, in order:

- `bare`: what the machine alone allows. A plain Python process without Qt solves Mini Bedlam
  the way the app's worker does (a thread, the same generator, SCHED_IDLE once searching)
  while its main thread sleeps 2 ms at a time.
- `idle`: the app's window, idle, for `IDLE_SECONDS`.
- `solving`: the window from Solve until the last of the 19186 solutions is in.
- `sentinel`: a thread in the app's process that only sleeps 2 ms at a time, alongside the
  timer: when it stalls at the same moment as the window, the machine stalled the process
  (a virtual CPU taken away, a wake-up delivered late).
- `window's own`: the largest gap while solving, leaving out those the machine explains: the
  sentinel stalled too (`MACHINE_STALL_MS`) while the GUI thread hardly worked
  (`MACHINE_WORK_MS`). Doubtful cases count against the window.
- `most work`: the most CPU time the GUI thread spent between two ticks (`time.thread_time`,
  which leaves out time the hypervisor took the CPU away), and when, in seconds after Solve.
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
MACHINE_WORK_MS = 5.0  # a gap is the machine's when the window worked less than this in it,
MACHINE_STALL_MS = 10.0  # and the sentinel, asleep, woke this late or later within it
PUZZLE = ROOT / "assets" / "puzzles" / "mini-bedlam.json"
SYMMETRY = "distinct"  # the solve panel's default


STATS = ("largest", "p99", "median", "work", "work_at")


def gap_stats(ticks: np.ndarray, origin: float = 0.0) -> dict[str, float]:
    """ticks: rows of (perf_counter, thread_time). Gaps and the thread's work between ticks in
    ms; `work_at`: when the most work began, in seconds after `origin`."""
    if len(ticks) < 2:
        return dict.fromkeys(STATS, float("nan"))
    gaps = np.diff(ticks[:, 0]) * 1000
    work = np.diff(ticks[:, 1]) * 1000
    busiest = int(np.argmax(work))
    return {"largest": float(gaps.max()), "p99": float(np.percentile(gaps, 99)),
            "median": float(np.median(gaps)), "work": float(work[busiest]),
            "work_at": float(ticks[busiest, 0] - origin)}


def tick() -> tuple[float, float]:
    return time.perf_counter(), time.thread_time()


def bare_baseline() -> dict[str, float]:
    """Without Qt: the solver in a thread, this thread ticking every 2 ms."""
    from polygui.solving.latency import (lower_this_threads_priority, pause_collector,
                                         resume_collector, tune_interpreter)
    from solvers import Solution, solve
    from solvers.puzzle.fileformat import load_puzzle

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


class Sentinel:
    """A thread in the app's process that only sleeps 2 ms at a time and records when it wakes:
    when it stalls too, at the same moment, the machine stalled the whole process."""

    def __init__(self) -> None:
        self.wakes: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            time.sleep(TICK_SECONDS)
            self.wakes.append(time.perf_counter())

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> np.ndarray:
        self._stop.set()
        self._thread.join()
        return np.array(self.wakes)


def window_gaps(ticks: np.ndarray, wakes: np.ndarray) -> np.ndarray:
    """Rows of (gap, GUI thread's work in it, sentinel's longest stall in it), in ms, for the
    gaps the window caused: all but those in which the GUI thread hardly worked (under
    `MACHINE_WORK_MS`) while the sentinel stalled too (for `MACHINE_STALL_MS` or more)."""
    gaps = np.diff(ticks[:, 0]) * 1000
    work = np.diff(ticks[:, 1]) * 1000
    own = []
    for start, end, gap, busy in zip(ticks[:-1, 0], ticks[1:, 0], gaps, work):
        inside = wakes[(wakes > start) & (wakes < end)]
        sentinel_stall = np.diff(np.concatenate(([start], inside, [end]))).max() * 1000
        if not (busy < MACHINE_WORK_MS and sentinel_stall >= MACHINE_STALL_MS):
            own.append((gap, busy, sentinel_stall))
    return np.array(own)


def app_run(jobs: int) -> dict:
    """The window idle, then solving on `jobs` threads (the Solve panel's Search on); ticks
    from a 2 ms QTimer, the sentinel alongside. Settings and kept runs go to a temporary
    folder."""
    import tempfile

    from PySide6.QtCore import QSettings, QTimer

    from polygui.app import make_application
    from polygui.main_window import MainWindow
    from polygui.solving.latency import freeze_long_lived

    app = make_application(sys.argv[:1])
    folder = Path(tempfile.mkdtemp(prefix="polygui-latency-"))
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings, autosave_dir=folder / "autosave")
    choice = window.panel.search_on
    choice.setCurrentIndex([choice.itemData(i) for i in range(choice.count())].index(
        ("threads", jobs)))
    window.show()
    freeze_long_lived()  # as polygui.app.main does
    window.open_puzzle(PUZZLE)
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData(SYMMETRY))
    ticks: list[tuple[float, float]] = []
    marks: dict[str, float] = {}
    sentinel = Sentinel()

    def start() -> None:
        marks["solve"] = time.perf_counter()
        window.start_solve()

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
    QTimer.singleShot(200, sentinel.start)
    QTimer.singleShot(200 + int(IDLE_SECONDS * 1000), start)
    app.exec()
    wakes = sentinel.stop()
    times = np.array(ticks)
    idle = times[times[:, 0] < marks["solve"]]
    solving = times[times[:, 0] >= idle[-1, 0]]  # the start's gap counts
    return {"solutions": window.browser.count,
            "idle": gap_stats(idle),
            "solving": gap_stats(solving, origin=marks["solve"]),
            "sentinel": float(np.diff(wakes[wakes >= marks["solve"]]).max() * 1000),
            "own": max(window_gaps(solving, wakes), key=lambda row: row[0])}


def one_run(jobs: int) -> dict:
    bare = subprocess.run([sys.executable, __file__, "--bare"], check=True,
                          capture_output=True, text=True).stdout
    result = app_run(jobs)
    result["bare"] = dict(zip(STATS, map(float, bare.split())))
    return result


def main(runs: int, jobs: list[int]) -> None:
    print("| run | threads | bare: largest / p99 | idle: largest / p99 | solving: largest / p99 "
          "| sentinel: largest | window's own: largest (work, sentinel stall) | most work (at) "
          "| load |")
    print("|---|---:|" + "---:|" * 7)
    for number, threads in ((n, j) for n in range(1, runs + 1) for j in jobs):
        result = one_run(threads)
        assert result["solutions"] > 0, "the app found no solutions"
        cells = [f"{result[c]['largest']:.0f} / {result[c]['p99']:.1f} ms"
                 for c in ("bare", "idle", "solving")]
        cells += [f"{result['sentinel']:.0f} ms", "{:.0f} ms (work {:.0f}, sentinel {:.0f})".format(*result["own"]),
                  f"{result['solving']['work']:.1f} ms ({result['solving']['work_at']:.1f} s)",
                  f"{os.getloadavg()[0]:.2f}"]
        print(f"| {number} | {threads} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--bare"]:
        print(" ".join(f"{value:.3f}" for value in bare_baseline().values()))
    else:
        arguments = [arg for arg in sys.argv[1:] if not arg.startswith("--jobs=")]
        chosen = [arg.split("=", 1)[1] for arg in sys.argv[1:] if arg.startswith("--jobs=")]
        main(int(arguments[0]) if arguments else 3,
             [int(j) for j in chosen[0].split(",")] if chosen else [1, 2])
