"""How `polygui-solve` ends (solvers.cli.endings.leave): its output flushed and its status kept,
without Python's teardown when nothing waits for the exit, with it when something does (a
thread, an exit handler). Each case is a real process: the exit is what is tested."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from solvers.cli import endings

ROOT = Path(__file__).resolve().parents[2]
METEOR = str(ROOT / "assets" / "puzzles" / "meteor.json")
# stdout buffered, as Python buffers it into a pipe or file unless told otherwise
BUFFERED = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}

# an object whose finaliser speaks when Python's teardown frees it: a module global, so only
# the teardown (not the program's own work) frees it
FINALISER = """
import os, sys
from solvers.cli.endings import leave
class Speaks:
    def __del__(self):
        os.write(2, b"torn down")
kept = Speaks()
"""


def ended(program: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", FINALISER + program], cwd=ROOT, env=BUFFERED,
                          capture_output=True, text=True, timeout=120)


def test_with_nothing_waiting_the_process_ends_without_teardown_output_flushed():
    result = ended("print('answer', end=''); sys.stderr.write('note'); leave(3)")
    assert result.returncode == 3
    assert result.stdout == "answer"  # still in the buffer when leave() was called
    assert result.stderr == "note"  # and no "torn down": the teardown was skipped


def test_an_exit_handler_is_run_and_python_ends_as_usual():
    result = ended("import atexit; atexit.register(lambda: print('handler ran'));"
                   "print('answer'); leave(4)")
    assert result.returncode == 4
    assert result.stdout == "answer\nhandler ran\n"
    assert result.stderr == "torn down"


def test_a_thread_still_running_is_waited_for():
    result = ended("import threading, time\n"
                   "threading.Thread(target=lambda: (time.sleep(0.3), print('thread done'))"
                   ").start()\n"
                   "leave(0)")
    assert result.returncode == 0
    assert result.stdout == "thread done\n" and result.stderr == "torn down"


def test_output_left_for_a_closed_pipe_ends_quietly_with_141():
    """The answer is still buffered when stdout's reader leaves: flushing it fails, and the
    command ends as one SIGPIPE ended (as solvers.cli.endings does for a body's own write)."""
    process = subprocess.Popen(
        [sys.executable, "-c", FINALISER + "print('answer'); sys.stdin.readline(); leave(0)"],
        cwd=ROOT, env=BUFFERED, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE)
    process.stdout.close()  # the reader leaves before the command flushes
    _, err = process.communicate(b"go on\n", timeout=120)
    assert process.returncode == endings.PIPE_CLOSED
    assert err == b""


def test_the_installed_command_counts_and_ends_with_its_status():
    command = str(Path(sys.executable).with_name("polygui-solve"))
    counted = subprocess.run([command, METEOR, "--count-only"], capture_output=True,
                             text=True, timeout=300)
    assert counted.returncode == 0, counted.stderr
    assert "1049 solutions [distinct]" in counted.stdout
    missing = subprocess.run([command, str(ROOT / "no-such-puzzle.json"), "--count-only"],
                             capture_output=True, text=True, timeout=300)
    assert missing.returncode == 2 and "no-such-puzzle.json" in missing.stderr
