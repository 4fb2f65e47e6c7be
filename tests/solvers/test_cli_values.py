"""polygui-solve's command-line values (issue 32, class 3): every value is checked before any
work and a bad one refused in one line naming the option; a Sudoku batch is read in bounded
pieces; Ctrl-C ends any phase with "interrupted" and status 130, and a closed output pipe
ends the command quietly. Signals and pipes are real: those run the command as a process."""

from __future__ import annotations

import importlib
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solvers.cli import endings, sudoku_batch
from solvers.cli.arguments import MAX_COUNT
from solvers.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets" / "puzzles"
SUDOKU_SETS = ROOT / "assets" / "sudoku"
METEOR = str(ASSETS / "meteor.json")
HUGE = "99999999999999999999"
COMMAND = [sys.executable, "-m", "polygui.cli"]  # the installed polygui-solve's entry point


def refused(capsys, *args: str) -> str:
    """The error line of a command line refused by the parser (status 2), checked to come
    before any work: nothing is printed on stdout."""
    with pytest.raises(SystemExit) as exit_:
        main(list(args))
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    line = err.strip().splitlines()[-1]
    assert line.startswith("polygui-solve: error: ")
    return line


@pytest.mark.parametrize("args, option", [
    (["--limit", HUGE], "--limit"), (["--limit", "-1"], "--limit"),
    (["--show", HUGE], "--show"), (["--keep", HUGE], "--keep"), (["--keep", "x"], "--keep"),
    (["--jobs", "0"], "--jobs"), (["--jobs", HUGE], "--jobs"), (["--problem", "0"], "--problem"),
    (["--limit", "9" * 5000], "--limit"),  # more digits than int() reads
])
def test_counts_out_of_range_are_refused_by_name(capsys, args, option):
    line = refused(capsys, METEOR, *args)
    assert f"argument {option}: " in line and "give a whole number from" in line
    assert len(line) < 200  # the value is cut short, not printed whole


def test_the_largest_limit_reaches_the_kernels_whole(capsys):
    assert main([METEOR, "--limit", str(MAX_COUNT), "--show", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["solutions"] == 1049


@pytest.mark.parametrize("seconds", ["0", "-1", "1e-300", "nan", "inf", "3601", "soon"])
def test_estimate_seconds_out_of_range_are_refused(capsys, seconds):
    line = refused(capsys, METEOR, "--estimate", "--estimate-seconds", seconds)
    assert "argument --estimate-seconds: " in line and "from 0.1 to 3600" in line


def test_estimate_seconds_without_estimate_is_refused(capsys):
    line = refused(capsys, METEOR, "--estimate-seconds", "2")
    assert "--estimate-seconds does not apply" in line


@pytest.mark.parametrize("target, words", [
    ("missing/run.polyrun", "{tmp}/missing/run.polyrun: the folder {tmp}/missing does not exist"),
    ("folder", "{tmp}/folder is a folder: name a file in it"),
])
def test_a_checkpoint_where_no_run_file_can_be_is_refused_before_work(capsys, tmp_path,
                                                                     target, words):
    (tmp_path / "folder").mkdir()
    line = refused(capsys, METEOR, "--checkpoint", str(tmp_path / target))
    assert "argument --checkpoint: " in line and words.format(tmp=tmp_path) in line
    assert os.listdir(tmp_path) == ["folder"]  # no run file begun beside it
    assert os.listdir(tmp_path / "folder") == []


def test_a_checkpoint_in_an_unwritable_folder_is_refused(capsys, tmp_path, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    if os.access(locked, os.W_OK):  # root writes anywhere: the check asks os.access, as here
        real_access = os.access
        monkeypatch.setattr(os, "access", lambda path, mode, **kwargs: False
                            if Path(path) == locked else real_access(path, mode, **kwargs))
    line = refused(capsys, METEOR, "--checkpoint", str(locked / "run.polyrun"))
    assert f"the folder {locked} is not writable" in line
    assert os.listdir(locked) == []


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_batch_line_longer_than_any_puzzle_is_refused_by_number(capsys, tmp_path):
    puzzles = (SUDOKU_SETS / "top95.txt").read_text().splitlines()[:2]
    path = write_lines(tmp_path / "long.txt", [*puzzles, "# " + "x" * 100_000, puzzles[0]])
    assert main(["--sudoku-batch", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"polygui-solve: {path}: line 3 is longer than 1,024 characters (a Sudoku line has 81)")


def test_a_batch_read_in_pieces_counts_and_numbers_as_one(capsys, tmp_path, monkeypatch):
    """Pieces of 7 lines: the verdicts of the whole set, a bad line and a failed check named
    by their place in the file."""
    monkeypatch.setattr(sudoku_batch, "CHUNK_LINES", 7)
    assert main(["--sudoku-batch", str(SUDOKU_SETS / "top95.txt"), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (summary["puzzles"], summary["unique"], summary["several"]) == (95, 95, 0)
    lines = (SUDOKU_SETS / "top95.txt").read_text().splitlines()
    path = write_lines(tmp_path / "bad.txt", [*lines[:17], "# a comment", "12x", *lines[17:]])
    assert main(["--sudoku-batch", str(path)]) == 2
    assert "line 19, column 3: 'x' is not a digit" in capsys.readouterr().err

    solve = sudoku_batch.solve_batch

    def ninth_wrong(puzzles):
        solutions, counts = solve(puzzles)
        if len(puzzles) == 7 and ninth_wrong.calls == 2:  # the second piece: puzzles 8 to 14
            solutions[1, [0, 1]] = solutions[1, [1, 0]]
        ninth_wrong.calls += 1
        return solutions, counts

    ninth_wrong.calls = 0  # the first call loads the kernel, on one puzzle
    monkeypatch.setattr(sudoku_batch, "solve_batch", ninth_wrong)
    puzzles = [line for line in lines if line and not line.startswith("#")]
    assert main(["--sudoku-batch", str(write_lines(tmp_path / "p.txt", puzzles[:30]))]) == 2
    assert "solution of puzzle 9 failed its check" in capsys.readouterr().err


def limited_memory() -> None:
    """In the child: at most 1.5 GiB of address space, so that a reader of all /dev/zero
    fails fast instead of filling the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (3 << 29, 3 << 29))


def test_a_batch_of_dev_zero_is_refused_at_once():
    result = subprocess.run([*COMMAND, "--sudoku-batch", "/dev/zero"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120,
                            preexec_fn=limited_memory)
    assert result.returncode == 2, result.stderr
    assert result.stderr == ("polygui-solve: /dev/zero: line 1 is longer than 1,024 "
                             "characters (a Sudoku line has 81)\n")


def sigint_as_in_a_terminal() -> None:
    """In the child: SIGINT's default action, as a command typed at a terminal has it, even
    when the tests run as a background job (whose commands start with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def python_sigint_handler():
    """SIGINT handled as Python sets it up at a terminal, for the length of one test (a
    background job starts Python with SIGINT ignored, which the command rightly leaves be)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupted(process: subprocess.Popen) -> None:
    """SIGINT to `process`, then its end: "interrupted", status 130, no traceback."""
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == endings.INTERRUPTED, err
    assert err.strip().splitlines()[-1] == "polygui-solve: interrupted"
    assert "Traceback" not in err and "Exception ignored" not in err


def test_ctrl_c_during_an_estimate(tmp_path):
    """The puzzle comes through a pipe: once the command reads it, it is past its start; it
    then prepares and estimates for up to a minute, and Ctrl-C ends it."""
    fifo = tmp_path / "mini-bedlam.json"
    os.mkfifo(fifo)
    process = subprocess.Popen([*COMMAND, str(fifo), "--estimate", "--estimate-seconds", "60"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=sigint_as_in_a_terminal)
    try:
        with open(fifo, "w") as pipe:  # waits for the command to open it
            pipe.write((ASSETS / "mini-bedlam.json").read_text())
        time.sleep(1.0)  # well into preparing or estimating (either must end the same way)
        interrupted(process)
    finally:
        process.kill()


def test_ctrl_c_during_a_sudoku_batch_from_a_pipe(tmp_path):
    """A batch that never ends (a writer feeding puzzles without end) ends on Ctrl-C."""
    fifo = tmp_path / "batch.txt"
    os.mkfifo(fifo)
    puzzle = (SUDOKU_SETS / "top95.txt").read_text().splitlines()[0] + "\n"
    process = subprocess.Popen([*COMMAND, "--sudoku-batch", str(fifo)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=sigint_as_in_a_terminal)
    fed = threading.Event()

    def feed() -> None:
        try:
            with open(fifo, "w") as pipe:  # waits for the command to open it
                for count in range(10**9):
                    pipe.write(puzzle * 100)
                    if count == 100:  # 10,000 puzzles: the command is solving pieces
                        fed.set()
        except (BrokenPipeError, ValueError):  # the command ended
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        assert fed.wait(60)
        interrupted(process)
    finally:
        process.kill()
    writer.join(60)


def test_output_into_a_closed_pipe_ends_quietly():
    """`polygui-solve meteor.json --show 2000 | head -1`: 150 KB of pictures into a pipe whose
    reader leaves after the first line."""
    process = subprocess.Popen([*COMMAND, METEOR, "--show", "2000"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = subprocess.Popen(["head", "-1"], stdin=process.stdout, stdout=subprocess.PIPE)
    process.stdout.close()  # head holds the pipe's reading end alone
    first, _ = head.communicate(timeout=120)
    err = process.stderr.read().decode()
    process.wait(timeout=120)
    assert first == b"Solution 1:\n"
    assert err == "" and process.returncode == endings.PIPE_CLOSED


def test_ctrl_c_inside_an_import_is_held_until_the_import_is_done(tmp_path, monkeypatch,
                                                                 python_sigint_handler):
    """Python garbles a KeyboardInterrupt raised inside an import: the module imports whole,
    then the interrupt ends the command."""
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    (tmp_path / "interrupted_module.py").write_text(
        "import signal\nsignal.raise_signal(signal.SIGINT)\nDONE = sum(range(100_000))\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def body() -> int:
        importlib.import_module("interrupted_module")
        time.sleep(30)  # a command's work after the import: the interrupt ends it
        return 0

    assert endings.ended_cleanly(body) == endings.INTERRUPTED
    assert sys.modules.pop("interrupted_module").DONE == sum(range(100_000))
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_ctrl_c_lost_in_a_callback_is_raised_again(monkeypatch, python_sigint_handler):
    """A KeyboardInterrupt raised in a finaliser (or a callback from C, as numba's compiler
    makes) is lost by Python; it still ends the command."""
    lost = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: lost.append(unraisable))
    hook = sys.unraisablehook

    class InterruptedWhileFinalised:
        def __del__(self) -> None:
            signal.raise_signal(signal.SIGINT)
            sum(range(1000))  # bytecode, where the handler runs

    def body() -> int:
        InterruptedWhileFinalised()  # finalised at once
        for _ in range(3000):  # 30 s of work that Ctrl-C must end
            time.sleep(0.01)
        return 0

    assert endings.ended_cleanly(body) == endings.INTERRUPTED
    assert lost == [] and sys.unraisablehook is hook  # the interrupt was not lost; put back
