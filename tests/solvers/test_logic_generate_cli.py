"""polygui-solve --generate through main() as a user runs it: the lines and JSON it prints,
the files --out writes, the same puzzles for the same seed, and bad input as one line with
exit status 2."""

from __future__ import annotations

import json

import pytest

from solvers.cli.main import main
from solvers.logic.rating_bands import LEVELS
from solvers.logic.solver import solve_sudoku
from solvers.logic.truth import unique_solution
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_dict
from solvers.puzzle.textformats import parse_sudoku_line


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_prints_puzzle_lines_rated_in_the_band(capsys):
    code, out, err = run(capsys, "--generate", 2, "--rating", "1.5-4.0", "--seed", 7,
                         "--symmetry", "rotational")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2
    for line in lines:
        puzzle_text, rating = line.split("\t")
        assert len(puzzle_text) == 81
        grid = parse_sudoku_line(puzzle_text).sudoku
        unique_solution(grid)
        _, rated = solve_sudoku(grid)
        assert f"{rated.rating:.1f}" == rating and 1.5 <= rated.rating <= 4.0
    again = run(capsys, "--generate", 2, "--rating", "1.5-4.0", "--seed", 7,
                "--symmetry", "rotational")[1]
    assert again == out


def test_generate_json_and_out_hold_a_jigsaws_regions(capsys, tmp_path):
    code, out, _ = run(capsys, "--generate", 1, "--variant", "jigsaw", "--level", "medium",
                       "--no-minimal", "--seed", 2, "--json", "--out", tmp_path)
    assert code == 0
    result = json.loads(out)
    puzzle = puzzle_from_dict(result["file"])
    assert puzzle.sudoku.regions and puzzle == load_puzzle(tmp_path / "generated-001.json")
    assert "ER" in puzzle.description and result["puzzle"] == "".join(
        str(value or ".") for value in puzzle.sudoku.givens)
    medium = LEVELS["medium"]
    assert medium.low <= result["rating"] <= medium.high and result["complete"]


@pytest.mark.parametrize("args, message", [
    (["--rating", "6-4"], "rating '6-4': the low end is above the high end"),
    (["--variant", "hexagonal"], "variant 'hexagonal': use one of classic, x, jigsaw, killer"),
    (["--level", "impossible"], "level 'impossible': use one of easy"),
    (["--symmetry", "spiral"], "symmetry 'spiral'"),
    (["--size", "5"], "size 5: use one of 4, 6, 9, 12, 16"),
    (["--variant", "killer"], "a killer's rules do not fit a line: add --json or --out"),
])
def test_bad_input_is_one_line_and_exit_status_2(capsys, args, message):
    code, out, err = run(capsys, "--generate", 1, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and message in err


def test_a_band_out_of_reach_says_so_and_exits_1(capsys):
    code, out, err = run(capsys, "--generate", 1, "--rating", "8.0-9.0", "--time-limit", 0.1,
                         "--seed", 1)
    assert code == 1 and out == ""
    assert "8.0-9.0" in err and "widen the band or allow more time" in err
