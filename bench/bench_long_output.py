"""A run with far more solutions than anyone browses: the 12,988,816 domino tilings of an 8x8
board (symmetry "all"). Peak memory and solutions per second, through polygui-solve and
through the app's solution store (kept up to its bound, 10 million, the rest counted), and
how fluid the window stays meanwhile. Run by hand under a display (or xvfb-run):

    xvfb-run -a -s "-screen 0 1280x1024x24 +extension GLX +render" \\
        .venv/bin/python bench/bench_long_output.py [RUNS] [--no-cli]

Each run is a process of its own, so its peak resident memory (`ru_maxrss`) is its own:
- `count only`: polygui-solve --count-only, the kernel alone (the baseline);
- `decoded, 100,000 kept`: polygui-solve decoding every solution, keeping the first 100,000
  for a JSON export (--keep 100000 --export-json), and writing them;
- `window, short`: the app, Solve pressed with a limit of SHORT_LIMIT solutions: the same
  puzzle, the same start and end of a run (the first solution drawn, the plot's axes, the
  final redraw), a second or less of streaming. What the window does anyway: the baseline of
  the gaps, measured in the same run;
- `window, all`: the app, Solve pressed with no limit: every solution taken by the worker, 10
  million kept by the store, the rest counted.
A 2 ms timer measures the event loop's gaps from Solve to the end (as bench/gui_latency.py
does): median, 99th percentile and largest, with the GUI thread's own CPU time in the largest
(`time.thread_time`: little means it waited, for the GIL or for a CPU), and the largest stall
of a sentinel, a process of its own that only sleeps 2 ms at a time: when it stalls as long,
the machine stalled (a sentinel thread in the app's process would wait for the GIL with the
window, and could not tell a stall of the machine from one of the process). The window's
pair of runs is repeated RUNS times (default 3): timings on a shared machine are noisy, so
compare the best of them.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TICK_SECONDS = 0.002
EXPECTED = 12_988_816
SHORT_LIMIT = 100_000


def domino_puzzle(folder: Path) -> Path:
    path = folder / "dominoes-8x8.json"
    board = [[x, y] for x in range(8) for y in range(8)]
    path.write_text(json.dumps({
        "format": "polygui-puzzle", "version": 1, "name": "Dominoes 8x8", "grid": "square",
        "board": board, "pieces": [{"name": "domino", "cells": [[0, 0], [1, 0]], "count": 32}]}))
    return path


def measured(command: list[str]) -> tuple[float, int, str]:
    """(seconds, peak resident MiB, stdout) of a child process."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    assert os.waitstatus_to_exitcode(status) == 0, command
    return seconds, usage.ru_maxrss // 1024, out


def cli_rows(puzzle: Path, folder: Path) -> list[str]:
    solve = [sys.executable, "-m", "solvers.cli.main", str(puzzle), "--symmetry", "all",
             "--json"]
    rows = []
    for name, extra in (("count only", ["--count-only"]),
                        ("decoded, 100,000 kept", ["--show", "0", "--keep", "100000",
                                                   "--export-json", str(folder / "out.json")])):
        seconds, mib, out = measured(solve + extra)
        result = json.loads(out.strip().splitlines()[-1])
        assert result["solutions"] == EXPECTED, result
        rows.append(f"| polygui-solve, {name} | {seconds:.1f} s | "
                    f"{EXPECTED / seconds:,.0f} | {mib} MiB | – | – |")
    return rows


class Sentinel:
    """A process that sleeps TICK_SECONDS at a time and records when it wakes (perf_counter
    is the system's monotonic clock, the same in every process)."""

    def start(self) -> None:
        self._child = subprocess.Popen([sys.executable, __file__, "--sentinel"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def stop(self) -> np.ndarray:
        out, _ = self._child.communicate("stop\n")
        return np.array(json.loads(out))


def sentinel_process() -> None:
    import selectors

    wakes = []
    watch = selectors.DefaultSelector()
    watch.register(sys.stdin, selectors.EVENT_READ)
    while not watch.select(timeout=TICK_SECONDS):
        wakes.append(time.perf_counter())
    print(json.dumps(wakes))


def gap_figures(ticks: np.ndarray, wakes: np.ndarray, solve: float) -> dict:
    """Gaps between ticks (rows of perf_counter, thread_time) from Solve on, in ms."""
    ticks = ticks[ticks[:, 0] >= solve]
    gaps = np.diff(ticks[:, 0]) * 1000
    work = np.diff(ticks[:, 1]) * 1000
    largest = int(np.argmax(gaps))
    wakes = wakes[wakes >= solve]
    return {"p50": float(np.median(gaps)), "p99": float(np.percentile(gaps, 99)),
            "largest": float(gaps[largest]), "largest_work": float(work[largest]),
            "largest_at": float(ticks[largest, 0] - solve),
            "over_100ms": int((gaps > 100).sum()),
            "sentinel": float(np.diff(wakes).max() * 1000) if len(wakes) > 1 else float("nan")}


def app_run(puzzle: Path, limit: int) -> dict:
    """The window solving the puzzle (with `limit`, 0 for none); what it measured."""
    from PySide6.QtCore import QSettings, QTimer

    from polygui.app import make_application
    from polygui.main_window import MainWindow
    from polygui.solving.latency import freeze_long_lived

    app = make_application(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    window = MainWindow(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat),
                        autosave_dir=folder / "autosave")
    window.show()
    freeze_long_lived()  # as polygui.app.main does
    window.open_puzzle(puzzle)
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    window.panel.limit.setValue(limit)
    ticks: list[tuple[float, float]] = []
    marks: dict[str, float] = {}
    sentinel = Sentinel()

    def start() -> None:
        marks["rss_before"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        marks["solve"] = time.perf_counter()
        window.start_solve()

    def quit_when_done() -> None:
        if "solve" in marks and not window.is_solving():
            marks["end"] = time.perf_counter()
            timer.stop()
            app.quit()

    timer = QTimer()
    timer.setInterval(int(TICK_SECONDS * 1000))
    timer.timeout.connect(lambda: ticks.append((time.perf_counter(), time.thread_time())))
    stopper = QTimer()
    stopper.timeout.connect(quit_when_done)
    stopper.start(5)
    QTimer.singleShot(200, timer.start)
    QTimer.singleShot(200, sentinel.start)
    QTimer.singleShot(1000, start)
    app.exec()
    result = {"seconds": marks["end"] - marks["solve"], "counted": window._counted,
              "kept": len(window.store), "store_mib": window.store.nbytes / 2 ** 20,
              "rss_before": marks["rss_before"],
              "rss_peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
              "status": window.panel.status.text(),
              **gap_figures(np.array(ticks), sentinel.stop(), marks["solve"])}
    window.close()
    return result


def window_row(puzzle: Path, limit: int) -> tuple[str, dict]:
    out = subprocess.run([sys.executable, __file__, "--app", str(puzzle), str(limit)],
                         check=True, capture_output=True, text=True).stdout
    run = json.loads(out.strip().splitlines()[-1])
    assert run["counted"] == (limit or EXPECTED), run
    name = (f"window, short: limit {limit:,}" if limit else
            f"window, all: {run['kept']:,} kept ({run['store_mib']:.0f} MiB), "
            f"{run['counted'] - run['kept']:,} counted")
    row = (f"| {name} | {run['seconds']:.1f} s | {run['counted'] / run['seconds']:,.0f} | "
           f"{run['rss_peak']} MiB ({run['rss_before']} before Solve) | "
           f"{run['p50']:.1f} / {run['p99']:.1f} / {run['largest']:.0f} ms | "
           f"{run['largest_work']:.0f} ms at {run['largest_at']:.1f} s; sentinel "
           f"{run['sentinel']:.0f} ms; {run['over_100ms']} over 100 ms |")
    return row, run


def main(runs: int, cli: bool) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        puzzle = domino_puzzle(folder)
        print("| run | time | solutions/s | peak memory | gaps p50 / p99 / largest "
              "| largest: GUI work, when; sentinel's largest stall; gaps over 100 ms |")
        print("|---|---:|---:|---:|---:|---|")
        if cli:
            for row in cli_rows(puzzle, folder):
                print(row, flush=True)
        fulls = []
        for _ in range(runs):
            for limit in (SHORT_LIMIT, 0):
                row, run = window_row(puzzle, limit)
                print(row, flush=True)
                if not limit:
                    fulls.append(run)
        if not fulls:
            return
        best = min(fulls, key=lambda run: run["seconds"])
        largest = ", ".join(f"{run['largest']:.0f}" for run in fulls)
        print(f"\nBest of {runs}: {best['seconds']:.1f} s, "
              f"{EXPECTED / best['seconds']:,.0f} solutions/s; largest gaps {largest} ms; "
              f"load average {os.getloadavg()[0]:.1f}.")
        print(f"\nThe window said: {best['status']}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--app"]:
        print(json.dumps(app_run(Path(sys.argv[2]), int(sys.argv[3]))))
    elif sys.argv[1:2] == ["--sentinel"]:
        sentinel_process()
    else:
        arguments = [a for a in sys.argv[1:] if a != "--no-cli"]
        main(int(arguments[0]) if arguments else 3, "--no-cli" not in sys.argv)
