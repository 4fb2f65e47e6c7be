"""polygui-solve FAMILY.json: the table, the designer's checks, --json, --export-table,
checkpoints, and bad input said in one line."""

from __future__ import annotations

import csv
import json

from puzzles import ASSETS
from solvers import count_solutions
from solvers.cli.main import main
from solvers.puzzle.family import family_of
from solvers.puzzle.fileformat import load_puzzle, save_puzzle
from test_family import small_family

FAMILY = ASSETS / "pentomino-rectangles.json"


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def single_counts(path) -> dict[str, int]:
    """Each member counted as a puzzle of its own."""
    return {member.name: count_solutions(member.puzzle, "distinct", jobs=1).solutions
            for member in family_of(load_puzzle(path)).members}


def test_the_table_and_the_checks(capsys):
    code, out, _ = run(capsys, FAMILY, "--jobs", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Pentominoes on four rectangles: 4 members [distinct]"
    expected = single_counts(FAMILY)
    for name, count in expected.items():
        (row,) = [line for line in lines if line.startswith(name + " ")]
        assert row.split()[1] == f"{count:,}"
    fewest = min(expected, key=expected.get)
    most = max(expected, key=expected.get)
    assert "every member has a solution" in lines
    assert "not every member has exactly one: 4 have more" in lines
    assert f"fewest: {expected[fewest]:,} ({fewest})" in lines
    assert f"most: {expected[most]:,} ({most})" in lines


def test_json_and_the_csv_table(capsys, tmp_path):
    table = tmp_path / "table.csv"
    code, out, _ = run(capsys, FAMILY, "--json", "--export-table", table, "--jobs", "1")
    assert code == 0
    result = json.loads(out.splitlines()[-1])
    expected = single_counts(FAMILY)
    assert {m["name"]: m["solutions"] for m in result["members"]} == expected
    assert result["total"] == sum(expected.values()) and result["complete"]
    assert result["checks"]["every_member_has_a_solution"]
    assert not result["checks"]["every_member_has_exactly_one"]
    with table.open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [(r["member"], int(r["solutions"]), r["complete"]) for r in rows] == [
        (name, count, "yes") for name, count in expected.items()]


def test_members_without_a_solution_are_named_with_why(capsys, tmp_path):
    path = tmp_path / "small.json"
    save_puzzle(small_family(), path)
    code, out, _ = run(capsys, path, "--json", "--symmetry", "all")
    assert code == 0
    assert ("3 members without a solution: 3x3 less its centre, 3x3, 1x8" in out)
    assert "(the pieces cover 8 cells but the board has 9)" in out
    checks = json.loads(out.splitlines()[-1])["checks"]
    assert checks["without_solution"] == ["3x3 less its centre", "3x3", "1x8"]
    assert checks["fewest"] == {"solutions": 0, "members": checks["without_solution"]}


def test_a_checkpoint_resumed_from_the_command_line(capsys, tmp_path):
    path, run_file = tmp_path / "small.json", tmp_path / "run.json"
    save_puzzle(small_family(), path)
    code, out, _ = run(capsys, path, "--checkpoint", run_file, "--json")
    first = json.loads(out.splitlines()[-1])
    assert code == 0 and len(json.loads(run_file.read_text())["members"]) == 6
    code, out, _ = run(capsys, path, "--resume", run_file, "--json")
    resumed = json.loads(out.splitlines()[-1])
    assert code == 0 and resumed["complete"]
    assert [(m["name"], m["solutions"]) for m in resumed["members"]] == [
        (m["name"], m["solutions"]) for m in first["members"]]


def test_bad_input_is_one_line_without_a_traceback(capsys, tmp_path):
    path = tmp_path / "bad.json"
    text = FAMILY.read_text().replace('"name": "4x15"', '"name": "3x20"')
    path.write_text(text)
    code, out, err = run(capsys, path)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "two family members are named '3x20'" in err
    code, _, err = run(capsys, ASSETS / "soma.json", "--export-table", tmp_path / "t.csv")
    assert code == 2 and "is not a family" in err and not (tmp_path / "t.csv").exists()
    (tmp_path / "run.json").write_text("{}")
    code, _, err = run(capsys, "--resume", tmp_path / "run.json")
    assert code == 2 and "resumes with the family's file" in err


def test_one_member_solved_as_a_puzzle_of_its_own(capsys):
    (member,) = [m for m in family_of(load_puzzle(FAMILY)).members if m.name == "3x20"]
    expected = count_solutions(member.puzzle, "distinct", jobs=1).solutions
    code, out, _ = run(capsys, FAMILY, "--member", " 3X20 ", "--show", "1", "--json",
                       "--jobs", "1")
    assert code == 0
    assert out.startswith("Solution 1:") and json.loads(out.splitlines()[-1])[
        "solutions"] == expected
    code, out, _ = run(capsys, FAMILY, "--member", "3x20", "--limit", "1", "--count-only")
    assert code == 0 and "1 solution" in out


def test_options_for_one_puzzle_are_refused_for_a_whole_family(capsys, tmp_path):
    for option in (["--limit", "3"], ["--show", "2"], ["--estimate"],
                   ["--export-json", tmp_path / "s.json"]):
        try:
            code = main([str(a) for a in [FAMILY, *option]])
        except SystemExit as stop:
            code = stop.code
        err = capsys.readouterr().err
        assert code == 2 and f"{option[0]} does not apply to a whole puzzle family" in err
        assert "--member NAME" in err
    assert not (tmp_path / "s.json").exists()
    code, _, err = run(capsys, FAMILY, "--member", "7x7")
    assert code == 2 and "has no member named '7x7'" in err and "6x10" in err
    code, _, err = run(capsys, ASSETS / "soma.json", "--member", "6x10")
    assert code == 2 and "--member chooses a member of a puzzle family" in err
    code, _, err = run(capsys, FAMILY, "--member", "6x10", "--export-table", tmp_path / "t.csv")
    assert code == 2 and "drop --member" in err
