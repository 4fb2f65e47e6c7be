"""polygui-solve --estimate and --explain, and Solve refusing a puzzle a certificate rules
out, run as a user would (in-process through main())."""

from __future__ import annotations

import json
from pathlib import Path

from solvers import count_solutions
from solvers.cli.main import main
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_estimate_of_a_puzzle_the_search_finishes_while_measuring(capsys):
    code, out, _ = run(capsys, ASSETS / "soma.json", "--estimate", "--symmetry", "all",
                       "--json")
    assert code == 0
    result = last_json(out)
    assert result["exact"] and result["symmetry"] == "all"
    truth = count_solutions(load_puzzle(ASSETS / "soma.json"), "all").solutions
    assert result["solutions"] == {"value": truth, "low": truth, "high": truth}
    assert f"{truth:,} solutions" in out.splitlines()[0]


def test_estimate_of_a_big_search_gives_a_range(capsys, monkeypatch):
    # the measuring search gets 0.006 s: the 6x10 board's 0.15 s cannot finish in it (its
    # default 0.12 s here could, on an idle machine, and the estimate would be exact)
    monkeypatch.setattr("solvers.analysis.estimate.MEASURE_SHARE", 0.01)
    code, out, _ = run(capsys, ASSETS / "pentominoes-6x10.json", "--estimate",
                       "--estimate-seconds", "0.6", "--json")
    assert code == 0
    result = last_json(out)
    assert not result["exact"] and result["probes"] > 0
    low, value, high = (result["solutions"][key] for key in ("low", "value", "high"))
    assert 0 <= low <= value <= high
    assert "about" in out.splitlines()[0] and "solutions (" in out.splitlines()[0]


def test_explain_names_the_checkerboard_before_searching(capsys):
    code, out, _ = run(capsys, ASSETS / "no-solution.json", "--explain", "--json")
    assert code == 0
    result = last_json(out)
    assert not result["solvable"]
    assert "checkerboard" in result["certificates"][0]
    assert "10 dark and 10 light" in out


def test_explain_finds_the_givens_of_a_sudoku_without_solution(capsys, tmp_path):
    line = tmp_path / "stuck.txt"
    line.write_text(".2....34...23...\n")
    code, out, _ = run(capsys, line, "--explain", "--json")
    assert code == 0
    result = last_json(out)
    assert not result["solvable"] and result["core"] == [6, 11, 12]
    assert "r2c3 = 3, r3c4 = 2, r4c1 = 3" in out


def test_explain_of_a_puzzle_with_solutions(capsys):
    code, out, _ = run(capsys, ASSETS / "meteor.json", "--explain", "--json")
    assert code == 0 and last_json(out)["solvable"]


def test_solving_a_puzzle_a_certificate_rules_out_says_why(capsys):
    code, out, err = run(capsys, ASSETS / "no-solution.json")
    assert code == 2
    assert "no solution: with the checkerboard" in err


def test_explain_of_sticks_names_the_no_crossing_rule(capsys, tmp_path):
    """Two straight sticks on a plus: they fit only by crossing at its centre, which the stick
    grid forbids (a secondary item per interior lattice point): the explanation says so."""
    from solvers import GridKind, Piece, Puzzle
    from solvers.puzzle.fileformat import save_puzzle

    plus = ((0, 1, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1))
    straight = Piece("I", ((0, 0, 0), (1, 0, 0)), count=2)
    path = tmp_path / "plus.json"
    save_puzzle(Puzzle(GridKind.STICK, "Plus", board=plus, pieces=(straight,)), path)
    code, out, _ = run(capsys, path, "--explain", "--json")
    assert code == 0
    assert not last_json(out)["solvable"] and last_json(out)["core"] == ["I", "I"]
    assert "cannot all fit (no two may cross at a lattice point): I, I" in out
    corner = Puzzle(GridKind.STICK, "Corner", board=((0, 0, 0), (0, 0, 1)), pieces=(straight,))
    assert GridKind.STICK.grid.fitting_rule(corner.board) == ""  # no point to cross at
