"""Calls in a row, as a designer makes them: `polygui-solve FILE --count-only` through the
command's own entry point (polygui.warm_client) with POLYGUI_SOLVE_SERVER unset, four times,
each session in a fresh folder (no server, no note of an earlier call). The first call runs by
itself; the second too, and starts the warm server; the third and fourth are served. Run by
hand:

    .venv/bin/python bench/bench_calls_in_a_row.py [--sessions N] [FILE ...]

Each column is the best of N sessions; the Python floor (`python -c "import numpy"`) is timed
beside each session. The servers are stopped, and their folders removed, at the end of each
session.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "tests" / "data" / "burrtools" / "CubeInCage.xmpuzzle",
         ROOT / "tests" / "data" / "burrtools" / "DemoMirrorParadox.xmpuzzle",
         ROOT / "assets" / "puzzles" / "soma.json"]
CALLS = 4
COMMAND = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                                 "from polygui.warm_client import run; run()"]
FLOOR = [sys.executable, "-c", "import numpy"]
# as installed: bytecode read, not compiled each call; the user's own server settings left out
ENVIRONMENT = {name: value for name, value in os.environ.items()
               if name not in ("PYTHONDONTWRITEBYTECODE", "XDG_RUNTIME_DIR",
                               "POLYGUI_SOLVE_SERVER", "POLYGUI_SOLVE_SERVER_IDLE")}
WAIT = 30.0  # seconds a server may take to start


def wall(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, capture_output=True, cwd=tempfile.gettempdir(), check=False)
    return time.perf_counter() - started


def session(path: Path) -> tuple[list[float], float]:
    """The walls of CALLS calls in a row on `path` in a fresh folder, and the floor's."""
    folder = tempfile.mkdtemp(prefix="pgr", dir="/tmp")  # short: a socket's path
    env = {**ENVIRONMENT, "TMPDIR": folder}
    walls = []
    try:
        for call in range(CALLS):
            walls.append(wall([*COMMAND, str(path), "--count-only"], env))
            if call == 1:  # the second call started the server: timed once it answers
                _until(lambda: glob.glob(f"{folder}/*/*.sock"))
        return walls, wall(FLOOR, env)
    finally:
        for log in glob.glob(f"{folder}/*/*.log"):
            for pid in re.findall(r"started, pid (\d+)", Path(log).read_text()):
                os.kill(int(pid), signal.SIGTERM)
        shutil.rmtree(folder, ignore_errors=True)


def _until(condition) -> None:
    end = time.monotonic() + WAIT
    while not condition() and time.monotonic() < end:
        time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=5)
    parser.add_argument("files", nargs="*", type=Path, default=FILES)
    args = parser.parse_args()
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.1f}, best of "
          f"{args.sessions} sessions\n")
    print("| file | " + " | ".join(f"call {k + 1} s" for k in range(CALLS)) + " | floor s |")
    print("|---|" + "---:|" * (CALLS + 1))
    for path in args.files:
        sessions = [session(path) for _ in range(args.sessions)]
        best = [min(walls[k] for walls, _ in sessions) for k in range(CALLS)]
        floor = min(floor for _, floor in sessions)
        print(f"| {path.name} | " + " | ".join(f"{x:.3f}" for x in best) + f" | {floor:.3f} |")


if __name__ == "__main__":
    main()
