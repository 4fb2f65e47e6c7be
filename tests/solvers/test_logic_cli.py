"""polygui-solve --steps, --rate and --rate-batch (plain and --json) and their errors, run
in-process through main() as a user would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solvers.cli.main import main
from solvers.logic import Board
from solvers.logic.solver import solve_sudoku
from solvers.logic.truth import unique_solution
from solvers.puzzle.textformats import parse_sudoku_line

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "sudoku" / "rated-sample.tsv"
SUKAKU_SAMPLE = SAMPLE.with_name("rated-sukaku-sample.tsv")


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def rated(below: float = 6.0) -> list[tuple[str, tuple[float, float, float]]]:
    """(puzzle, (ER, EP, ED)) of the sample's puzzles rated below `below` by serate."""
    rows = [line.rstrip("\n").split("\t") for line in SAMPLE.read_text().splitlines(True)
            if not line.startswith("#")][1:]
    return [(row[1], (float(row[2]), float(row[3]), float(row[4]))) for row in rows
            if float(row[2]) < below]


def hardest(below: float = 6.0) -> tuple[str, tuple[float, float, float]]:
    return max(rated(below), key=lambda item: item[1][0])


def test_rate_prints_serates_er_ep_ed(capsys):
    puzzle, expected = hardest()  # BUG + 1, 5.6
    code, out, _ = run(capsys, puzzle, "--rate")
    assert code == 0 and f"ER {expected[0]:.1f}, EP {expected[1]:.1f}, " \
                         f"ED {expected[2]:.1f}" in out
    code, out, _ = run(capsys, puzzle, "--rate", "--json")
    result = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and (result["rating"], result["pearl"], result["diamond"]) == expected
    assert result["technique"] == "Bivalue Universal Grave + 1" and result["complete"] is True


def test_steps_list_every_step_and_replay_to_the_solution(capsys):
    puzzle, _ = hardest(3.0)
    grid = parse_sudoku_line(puzzle).sudoku
    path, _ = solve_sudoku(grid)
    code, out, _ = run(capsys, puzzle, "--steps")
    lines = out.strip().splitlines()
    assert code == 0 and len(lines) == len(path.steps) + 1
    assert all(re.match(rf"\s*{number}\. [A-Z].* \(\d\.\d\)", line)
               for number, line in enumerate(lines[:-1], 1))
    code, out, _ = run(capsys, puzzle, "--steps", "--json")
    result = json.loads(out)
    board = Board.from_grid(grid)
    for step in result["steps"]:  # the JSON alone replays the solve
        for name, digit in step["eliminations"]:
            board.eliminate(cell_of(name), int(digit))
        for name, digit in step["placements"]:
            board.place(cell_of(name), int(digit))
    assert tuple(board.values) == unique_solution(grid)


def cell_of(name: str) -> int:
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1


def test_rate_batch_plain_and_json(capsys, tmp_path):
    chosen = rated()[:3]
    batch = tmp_path / "batch.txt"
    batch.write_text("# three rated puzzles\n\n" + "\n".join(p for p, _ in chosen) + "\n")
    code, out, _ = run(capsys, "--rate-batch", batch, "--jobs", "1")
    lines = [line.split("\t") for line in out.strip().splitlines()]
    assert code == 0 and [line[0] for line in lines] == [p for p, _ in chosen]
    assert [tuple(float(x) for x in line[1:4]) for line in lines] == [e for _, e in chosen]
    assert all(float(line[4]) >= 0 for line in lines)
    code, out, _ = run(capsys, "--rate-batch", batch, "--jobs", "1", "--json")
    results = [json.loads(line) for line in out.strip().splitlines()]
    assert code == 0 and {"puzzle", "rating", "pearl", "diamond", "seconds"} <= set(results[0])
    assert [(r["rating"], r["pearl"], r["diamond"]) for r in results] == [e for _, e in chosen]


def test_rate_batch_on_two_processes_keeps_the_order(capsys, tmp_path):
    chosen = rated()[-4:]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(p for p, _ in chosen) + "\n")
    code, out, _ = run(capsys, "--rate-batch", batch, "--jobs", "2", "--json")
    results = [json.loads(line) for line in out.strip().splitlines()]
    assert code == 0 and [r["puzzle"] for r in results] == [p for p, _ in chosen]
    assert [r["rating"] for r in results] == [e[0] for _, e in chosen]


def test_rate_batch_names_bad_lines_and_rates_the_others(capsys, tmp_path):
    good = rated()[0][0]
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{good}\n12345\n{'.' * 81}\n")
    code, out, err = run(capsys, "--rate-batch", batch, "--jobs", "1")
    assert code == 2 and out.startswith(good)
    assert "line 2: a Sudoku line needs" in err and "line 3: the Sudoku has more than one" in err
    assert "Traceback" not in err


def test_errors_are_one_clear_line(capsys, tmp_path):
    code, _, err = run(capsys, ROOT / "assets" / "puzzles" / "soma.json", "--rate")
    assert code == 2 and "--steps and --rate take a Sudoku, not a cube puzzle" in err
    code, _, err = run(capsys, "." * 81, "--steps")
    assert code == 2 and "more than one solution" in err
    unsolvable = "12345678." + "........9" + "." * 63  # r1c9 can hold nothing
    code, _, err = run(capsys, unsolvable, "--rate")
    assert code == 2 and "the Sudoku has no solution" in err
    code, _, err = run(capsys, "--rate-batch", tmp_path / "missing.txt")
    assert code == 2 and "cannot read" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n")
    code, _, err = run(capsys, "--rate-batch", empty)
    assert code == 2 and "no Sudoku lines found" in err
    assert all("Traceback" not in text for text in (err,))


def sukaku_sample() -> list[tuple[str, float]]:
    """(puzzle, SukakuExplainer's ER) of the sukaku sample (skyscrapers and kites)."""
    rows = [line.split("\t") for line in SUKAKU_SAMPLE.read_text().splitlines()
            if not line.startswith("#")][1:]
    return [(row[1], float(row[2])) for row in rows]


def test_profile_chooses_the_techniques_of_steps_rate_and_rate_batch(capsys, tmp_path):
    puzzle, sukaku_er = sukaku_sample()[0]  # a skyscraper: SE 1.2.1 rates it higher
    se121_er = solve_sudoku(parse_sudoku_line(puzzle).sudoku)[1].rating
    assert se121_er != sukaku_er
    for extra, expected in (((), se121_er), (("--profile", "se121"), se121_er),
                            (("--profile", "sukaku"), sukaku_er)):
        code, out, _ = run(capsys, puzzle, "--rate", "--json", *extra)
        assert code == 0 and json.loads(out)["rating"] == expected
    code, out, _ = run(capsys, puzzle, "--steps", "--profile", "sukaku")
    assert code == 0 and "Skyscraper (4.0)" in out
    batch = tmp_path / "batch.txt"
    batch.write_text(puzzle + "\n")
    code, out, _ = run(capsys, "--rate-batch", batch, "--jobs", "1", "--json",
                       "--profile", "sukaku")
    assert code == 0 and json.loads(out)["rating"] == sukaku_er


def test_an_unknown_profile_is_named_with_the_known_ones(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([rated()[0][0], "--rate", "--profile", "hodoku"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "'hodoku'" in err and "'se121', 'sukaku', 'full'" in err
    assert "Traceback" not in err


def test_the_command_lines_profile_names_are_the_profiles():
    """The parser lists the profiles without loading the techniques: the same names."""
    from solvers.cli import logic_commands
    from solvers.logic import profiles
    assert logic_commands.PROFILE_NAMES == tuple(profiles.PROFILES)
    assert logic_commands.DEFAULT_PROFILE == profiles.DEFAULT_PROFILE
