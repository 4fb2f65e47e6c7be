"""polygui-solve, run as a user would (in-process through main(), and once as a command)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solvers.cli import sudoku_batch as batch_command
from solvers.cli.main import main
from solvers.search.sudoku import solve_batch

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
SUDOKU_SETS = Path(__file__).resolve().parents[2] / "assets" / "sudoku"
METEOR_TEXT = """0 0 0 0 1
 2 2 2 0 1
2 6 6 1 1
 2 6 1 5 5
8 6 5 5 5
 8 6 3 3 3
4 8 8 9 3
 4 4 8 9 3
4 7 4 7 9
 7 7 7 9 9
"""


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_json_summary_of_a_full_count(capsys):
    code, out, _ = run(capsys, ASSETS / "soma.json", "--symmetry", "all", "--count-only", "--json")
    summary = last_json(out)
    assert code == 0
    assert summary["solutions"] == 11520 and summary["symmetry"] == "all"
    assert summary["complete"] is True and summary["nodes"] > 0 and summary["seconds"] >= 0
    assert summary["puzzle"]


def test_meteor_text_file_and_show(capsys, tmp_path):
    board = tmp_path / "meteor.txt"
    board.write_text(METEOR_TEXT)
    code, out, _ = run(capsys, board, "--limit", "2", "--show", "2", "--json")
    assert code == 0
    assert out.count("Solution ") == 2
    picture = out.split("Solution 1:\n")[1].split("\n\n")[0].splitlines()
    assert len(picture) == 10 and picture[1].startswith(" ")
    assert last_json(out)["solutions"] == 2


def test_sudoku_line_file(capsys, tmp_path):
    line = tmp_path / "s.txt"
    line.write_text("010056207000700005000300498000200380006000700051007000684002000100003000305460020\n")
    code, out, _ = run(capsys, line, "--json")
    assert code == 0 and last_json(out)["solutions"] == 1
    assert "4 1 8  9 5 6  2 3 7" in out


@pytest.mark.parametrize("name, verdicts", [("top95.txt", (95, 0)),
                                             ("serg-sample.txt", (0, 200))])
def test_sudoku_batch_reports_throughput(capsys, name, verdicts):
    code, out, _ = run(capsys, "--sudoku-batch", SUDOKU_SETS / name, "--json")
    summary = last_json(out)
    assert code == 0 and summary["puzzles"] == sum(verdicts) and summary["puzzles_per_second"] > 0
    assert (summary["unique"], summary["several"], summary["none"]) == (*verdicts, 0)


def test_sudoku_batch_refuses_a_solution_that_fails_its_check(capsys, monkeypatch):
    def wrong_second_solution(puzzles):
        solutions, counts = solve_batch(puzzles)
        if len(puzzles) > 1:
            solutions[1, [0, 1]] = solutions[1, [1, 0]]
        return solutions, counts

    monkeypatch.setattr(batch_command, "solve_batch", wrong_second_solution)
    code, _, err = run(capsys, "--sudoku-batch", SUDOKU_SETS / "top95.txt")
    assert code == 2 and "solution of puzzle 2 failed its check" in err


@pytest.mark.parametrize("content, message", [
    ("{not json", "line 1"),
    ('{"format": "polygui-puzzle", "version": 99, "grid": "hex"}', "version"),
    ("0 0 1\n 1 x", ""),
])
def test_bad_files_give_one_clear_line_and_status_2(capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(capsys, path)
    assert code == 2
    assert err.startswith("polygui-solve: ") and message in err
    assert len(err.strip().splitlines()) == 1


def test_missing_file_and_impossible_puzzle(capsys, tmp_path):
    code, _, err = run(capsys, tmp_path / "nope.json")
    assert code == 2 and "nope.json" in err


def test_installed_command_runs():
    result = subprocess.run(
        [str(Path(sys.executable).with_name("polygui-solve")), str(ASSETS / "meteor.json"),
         "--count-only", "--json"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert last_json(result.stdout)["solutions"] == 1049
