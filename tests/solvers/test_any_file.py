"""Puzzle files are told by their content, not their name, and polygui-solve takes a Sudoku
line itself as its argument (issue 33: a PolyGUI file saved as `urr.xmpuzzle` could not be
opened; `polygui-solve 0100562...` said "cannot read: No such file")."""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

import pytest

from puzzles import BURRTOOLS
from solvers.cli.main import main
from solvers.puzzle.any_file import is_burrtools, load_any
from solvers.puzzle.burrtools import load_burrtools
from solvers.puzzle.fileformat import load_puzzle, puzzle_to_json
from solvers.puzzle.model import Puzzle
from solvers.puzzle.textformats import format_sudoku_line

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets" / "puzzles"
BURR = BURRTOOLS / "DemoMirrorParadox.xmpuzzle"
LINE = "010056207000700005000300498000200380006000700051007000684002000100003000305460020"
FIRST_ROW = "4 1 8  9 5 6  2 3 7"  # of its solution, as the picture shows it


def unnamed(puzzle: Puzzle) -> Puzzle:
    """`puzzle` without the words that name the file it came from."""
    return dataclasses.replace(puzzle, name="", description="")


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def empty_folder(tmp_path, monkeypatch) -> Path:
    """The current folder, with no file named as a line."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_polygui_file_named_xmpuzzle_is_read_as_json_by_load_any_and_polygui_solve(
        capsys, tmp_path):
    puzzle = load_puzzle(ASSETS / "sudoku-reference.json")
    path = tmp_path / "urr.xmpuzzle"
    path.write_text(puzzle_to_json(puzzle), encoding="utf-8")
    assert not is_burrtools(path)
    assert load_any(path) == puzzle
    code, out, err = run(capsys, path, "--json")
    assert code == 0 and err == ""
    assert json.loads(out.splitlines()[-1])["solutions"] == 1 and FIRST_ROW in out


@pytest.mark.parametrize("name, plain", [("demo.json", False), ("demo.xml", True),
                                         ("demo", True)])
def test_a_burrtools_file_is_read_as_burrtools_whatever_its_name(tmp_path, name, plain):
    data = BURR.read_bytes()
    path = tmp_path / name
    path.write_bytes(gzip.decompress(data) if plain else data)  # BurrTools reads both
    assert is_burrtools(path)
    for problem in (1, 2):
        assert unnamed(load_any(path, problem)) == unnamed(load_burrtools(BURR, problem))


@pytest.mark.parametrize("line", [LINE, LINE.replace("0", ".")])
def test_a_sudoku_line_argument_is_solved(capsys, empty_folder, line):
    code, out, err = run(capsys, line, "--json")
    assert code == 0 and err == ""
    result = json.loads(out.splitlines()[-1])
    assert result["solutions"] == 1 and result["verdict"] == "unique"
    assert FIRST_ROW in out


def test_a_16x16_line_argument_is_the_16x16_sudoku(capsys, empty_folder):
    shipped = load_puzzle(ASSETS / "sudoku-16x16.json")
    line = format_sudoku_line(shipped.sudoku.givens)
    assert len(line) == 256
    assert load_any(line).sudoku == shipped.sudoku
    code, out, _ = run(capsys, line, "--json")
    assert code == 0 and json.loads(out.splitlines()[-1])["verdict"] == "unique"


def test_a_file_named_as_a_line_is_read_as_the_file(empty_folder):
    solved = "418956237923784615567321498749215386236849751851637942684192573192573864375468129"
    (empty_folder / LINE).write_text(solved + "\n")
    assert format_sudoku_line(load_any(LINE).sudoku.givens) == solved


@pytest.mark.parametrize("argument", [LINE[:-1] + "x", LINE[:-1], "mypuzzlefile1234"])
def test_a_name_that_is_no_line_and_no_file_is_said_missing_in_one_line(
        capsys, empty_folder, argument):
    code, out, err = run(capsys, argument)
    assert code == 2 and out == ""
    assert err == f"polygui-solve: {argument}: cannot read: No such file or directory\n"


def test_a_line_with_conflicting_givens_is_refused_in_one_line(capsys, empty_folder):
    code, _, err = run(capsys, "11" + "0" * 79)
    assert code == 2
    assert err.startswith("polygui-solve: ") and err.count("\n") == 1
    assert "conflicting givens" in err and "Traceback" not in err
