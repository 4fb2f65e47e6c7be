"""A run with far more solutions than anyone browses: the 12,988,816 domino tilings of an 8x8
board (symmetry "all"). Peak memory and solutions per second, through polygui-solve and
through the app's solution store (kept up to its bound, 10 million, the rest counted), and
how fluid the window stays meanwhile. Run by hand under a display (or xvfb-run):

    xvfb-run -a -s "-screen 0 1280x1024x24 +extension GLX +render" .venv/bin/python bench/bench_long_output.py

Each run is a process of its own, so its peak resident memory (`ru_maxrss`) is its own:
- `count only`: polygui-solve --count-only, the kernel alone (the baseline);
- `decoded, 100,000 kept`: polygui-solve decoding every solution, keeping the first 100,000
  for a JSON export (--keep 100000 --export-json), and writing them;
- `window`: the app, Solve pressed with no limit: every solution decoded by the worker, 10
  million kept by the store, the rest counted; a 2 ms timer measures the event loop's largest
  gap and 99th percentile from Solve to the end (as bench/gui_latency.py does), and the
  memory before Solve is reported too.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TICK_SECONDS = 0.002
EXPECTED = 12_988_816


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
                    f"{EXPECTED / seconds:,.0f} | {mib} MiB | – |")
    return rows


def app_run(puzzle: Path) -> dict:
    """The window solving the puzzle; prints one JSON line of what it measured."""
    import numpy as np
    from PySide6.QtCore import QSettings, QTimer

    from polygui.app import make_application
    from polygui.main_window import MainWindow
    from polygui.solving.latency import freeze_long_lived

    app = make_application(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    window = MainWindow(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat),
                        autosave_dir=folder / "autosave")
    window.show()
    freeze_long_lived()
    window.open_puzzle(puzzle)
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    ticks: list[float] = []
    marks: dict[str, float] = {}

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
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    stopper = QTimer()
    stopper.timeout.connect(quit_when_done)
    stopper.start(100)
    QTimer.singleShot(200, timer.start)
    QTimer.singleShot(1000, start)
    app.exec()
    solving = np.array([t for t in ticks if t >= marks["solve"]])
    gaps = np.diff(solving) * 1000
    result = {"seconds": marks["end"] - marks["solve"], "counted": window._counted,
              "kept": len(window.store), "store_mib": window.store.nbytes / 2 ** 20,
              "rss_before": marks["rss_before"],
              "rss_peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
              "largest_gap": float(gaps.max()), "p99_gap": float(np.percentile(gaps, 99)),
              "largest_at": float(solving[int(np.argmax(gaps))] - marks["solve"]),
              "gaps_over_100ms": int((gaps > 100).sum()),
              "status": window.panel.status.text()}
    window.close()
    return result


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        puzzle = domino_puzzle(folder)
        print("| run | time | solutions/s | peak memory | window: largest gap / p99 |")
        print("|---|---:|---:|---:|---:|")
        for row in cli_rows(puzzle, folder):
            print(row, flush=True)
        out = subprocess.run([sys.executable, __file__, "--app", str(puzzle)], check=True,
                             capture_output=True, text=True).stdout
        app = json.loads(out.strip().splitlines()[-1])
        assert app["counted"] == EXPECTED, app
        print(f"| window, {app['kept']:,} kept ({app['store_mib']:.0f} MiB store) | "
              f"{app['seconds']:.1f} s | {EXPECTED / app['seconds']:,.0f} | "
              f"{app['rss_peak']} MiB ({app['rss_before']} MiB before Solve) | "
              f"{app['largest_gap']:.0f} / {app['p99_gap']:.1f} ms |")
        print(f"\nThe window's largest gap began {app['largest_at']:.1f} s after Solve; "
              f"{app['gaps_over_100ms']} gaps passed 100 ms.")
        print(f"\nThe window said: {app['status']}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--app"]:
        print(json.dumps(app_run(Path(sys.argv[2]))))
    else:
        main()
