"""How soon the app answers after a cube puzzle is opened (issue 31): the estimate shown, and
the first solution after Solve, for BurrTools' example files and the shipped cube puzzles.
Run by hand under a display (or xvfb-run):

    xvfb-run -a -s "-screen 0 1280x1024x24 +extension GLX +render" .venv/bin/python bench/bench_first_answer.py [--repeat 3] [NAME ...]

The window is opened once and warmed up on Soma (as a user's app is already running); then
for each file, `repeat` times: open it and time until the estimate (or the exact count) is
shown, then press Solve and time until the first solution is in the browser, then wait for
the run to end. Best and median of the repeats, in seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from polygui.app import make_application  # noqa: E402
from polygui.files.actions import Button  # noqa: E402
from polygui.resources import examples_dir  # noqa: E402

BURRTOOLS = ROOT / "tests" / "data" / "burrtools"  # BurrTools' example files
FILES = ["AlPackino", "CubeInCage", "DemoPieceGenerator", "PelikanBurr", "SolidSixPieceBurrs"]
SHIPPED = ["soma.json", "six-piece-burr.json", "puzzle-in-a-cage.json", "sliding-lid-box.json"]
TIMEOUT = 60.0


def wait_for(app: QApplication, done: Callable[[], bool], timeout: float = TIMEOUT) -> float:
    """Seconds until `done()` holds, processing events meanwhile (0.5 ms steps)."""
    start = time.perf_counter()
    while not done():
        app.processEvents()
        if time.perf_counter() - start > timeout:
            raise TimeoutError("no answer within the timeout")
        time.sleep(0.0005)
    return time.perf_counter() - start


def time_file(app: QApplication, window, path: Path) -> tuple[float, float]:
    """Seconds from opening `path` to its estimate (or certificate) shown, and from Solve to
    the first solution in the browser; the run is then waited for."""
    window.open_puzzle(examples_dir() / "meteor.json")  # another puzzle: this one is new
    shown: list[float] = []
    record = lambda _text: shown.append(time.perf_counter())  # noqa: E731
    window.estimating.shown.connect(record)
    try:
        started = time.perf_counter()
        assert window.open_puzzle(path), path
        wait_for(app, lambda: bool(shown))
    finally:
        window.estimating.shown.disconnect(record)
    estimate = shown[0] - started
    window.panel.solve_button.click()
    first = wait_for(app, lambda: window.browser.count >= 1)
    wait_for(app, lambda: not window.is_solving())
    return estimate, first


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("only", nargs="*", help="these files alone (by name, e.g. PelikanBurr)")
    options = parser.parse_args(argv[1:])
    app = make_application(argv[:1])
    from polygui.main_window import MainWindow

    paths = [BURRTOOLS / f"{name}.xmpuzzle" for name in FILES]
    paths += [examples_dir() / name for name in SHIPPED]
    paths = [path for path in paths if not options.only or path.stem in options.only]
    with tempfile.TemporaryDirectory(prefix="polygui-first-answer-") as scratch:
        settings = QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, autosave_dir=Path(scratch) / "autosave")
        window.resize(1100, 720)
        window.show()
        window.files.ask_unsaved = lambda: Button.Discard  # BurrTools files open unsaved
        time_file(app, window, examples_dir() / "soma.json")  # warm up: a running app
        print("| file | estimate after opening s (best, median) | first solution after Solve s"
              " (best, median) |\n|---|---:|---:|")
        for path in paths:
            runs = [time_file(app, window, path) for _ in range(options.repeat)]
            estimates, firsts = zip(*runs)
            print(f"| {path.stem} | {min(estimates):.3f}, {statistics.median(estimates):.3f} | "
                  f"{min(firsts):.3f}, {statistics.median(firsts):.3f} |", flush=True)
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
