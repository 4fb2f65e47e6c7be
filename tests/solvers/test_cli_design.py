"""polygui-solve --where and --unique, run as a user would (in-process through main()): the
CSV is the app's (the same tally over the same solutions) and agrees with brute force; the
proposal leaves exactly one solution by brute force and is the fewest."""

from __future__ import annotations

import csv
import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle import all_solutions, oracle_counts
from solvers import GridKind, Puzzle, SudokuGrid, solve
from solvers.analysis.statistics import piece_statistics, statistics_csv
from solvers.analysis.uniqueness import solution_count
from solvers.cli.main import main
from solvers.puzzle.fileformat import load_puzzle, save_puzzle
from solvers.puzzle.pins import pins_from_data
from solvers.search.events import SolutionBatch
from test_engine_vs_oracle import make_puzzle
from test_statistics import every_4x4_grid
from test_uniqueness import oracle_fewest_pins

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
SOME = settings(max_examples=12, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def run(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def read_csv(path: Path) -> list[list[str]]:
    return list(csv.reader(path.read_text().splitlines()))


def app_csv(puzzle: Puzzle, symmetry: str, limit: int = 0) -> str:
    """What the app's Where Pieces Go exports after a solve in `symmetry` (its store holds
    the solver's blocks of placement numbers)."""
    batches = [e for e in solve(puzzle, symmetry, limit=limit, batched=True)
               if isinstance(e, SolutionBatch)]
    placements = next(b.placements for b in batches if b.placements is not None)
    return statistics_csv(piece_statistics(puzzle, placements, [b.rows for b in batches]))


@SOME
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]),
       symmetry=st.sampled_from(["all", "distinct"]))
def test_where_writes_the_apps_csv_and_counts_what_brute_force_counts(seed, kind, symmetry,
                                                                      tmp_path_factory, capsys):
    puzzle, board, pieces = make_puzzle(seed, kind)
    folder = tmp_path_factory.mktemp("where")
    save_puzzle(puzzle, folder / "p.json")
    code, out, _ = run(capsys, folder / "p.json", "--symmetry", symmetry, "--where",
                       folder / "w.csv", "--show", "0", "--jobs", "1")
    assert code == 0
    assert (folder / "w.csv").read_text() == app_csv(puzzle, symmetry)
    rows = read_csv(folder / "w.csv")[1:]
    solutions = oracle_counts(kind, board, pieces)[symmetry]
    assert f"over {solutions:,} solution" in out
    dims = len(board[0])
    cover = Counter()
    for row in rows:
        cover[tuple(map(int, row[1:1 + dims]))] += int(row[1 + dims])
    assert cover == Counter({tuple(cell): solutions for cell in board})  # each once each
    if symmetry == "all":  # every tiling: each (piece, cell) as often as brute force says
        tilings = all_solutions(kind, board, pieces)
        expected = Counter((puzzle.pieces[p].name, cell) for tiling in tilings
                           for p, cells in tiling for cell in cells)
        for row in rows:
            cell = tuple(map(int, row[1:1 + dims]))
            assert int(row[1 + dims]) == expected[(row[0], cell)]
            share = float(row[2 + dims])
            assert share == pytest.approx(expected[(row[0], cell)] / len(tilings), abs=1e-6)
            assert (row[3 + dims] == "yes") == (expected[(row[0], cell)] == len(tilings))


def test_where_respects_the_limit(tmp_path, capsys):
    code, out, _ = run(capsys, ASSETS / "pentominoes-6x10.json", "--limit", "7", "--where",
                       tmp_path / "w.csv", "--show", "0")
    assert code == 0
    rows = read_csv(tmp_path / "w.csv")
    assert rows[0] == ["piece", "x", "y", "solutions", "share", "every_solution"]
    assert sum(int(row[3]) for row in rows[1:]) == 7 * 60  # 7 solutions, 60 cells each
    assert "over 7 solutions" in out


def test_where_on_a_sudoku_counts_digits_as_brute_force_does(tmp_path, capsys):
    grids = every_4x4_grid()
    givens = [0] * 16
    givens[0], givens[5] = 1, 3
    matching = [g for g in grids if g[0] == 1 and g[5] == 3]
    puzzle = Puzzle(GridKind.SUDOKU, "4x4", sudoku=SudokuGrid(2, 2, tuple(givens)))
    save_puzzle(puzzle, tmp_path / "s.json")
    code, _, _ = run(capsys, tmp_path / "s.json", "--limit", "0", "--where", tmp_path / "d.csv",
                     "--show", "0")
    assert code == 0
    rows = read_csv(tmp_path / "d.csv")
    assert rows[0] == ["row", "column", "digit", "solutions", "share"]
    for row, column, digit, count, _ in rows[1:]:
        cell = (int(row) - 1) * 4 + int(column) - 1
        assert int(count) == sum(1 for g in matching if g[cell] == int(digit))


def test_where_into_a_missing_folder_is_refused_before_searching(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([str(ASSETS / "soma.json"), "--where", str(tmp_path / "no" / "w.csv")])
    assert exit_.value.code == 2
    assert "does not exist" in capsys.readouterr().err


@SOME
@given(seed=st.integers(0, 10**9), kind=st.sampled_from(["square", "hex", "cube"]))
def test_unique_proposes_the_fewest_pins_leaving_one_tiling(seed, kind, tmp_path_factory,
                                                            capsys):
    puzzle, board, pieces = make_puzzle(seed, kind)
    folder = tmp_path_factory.mktemp("unique")
    save_puzzle(puzzle, folder / "p.json")
    tilings = all_solutions(kind, board, pieces)
    code, out, _ = run(capsys, folder / "p.json", "--unique", "--json",
                       "--save-unique", folder / "u.json")
    result = json.loads(out.strip().splitlines()[-1])
    if len(tilings) <= 1:
        assert code == 1 and result["result"] == "none"
        assert not (folder / "u.json").exists()
        return
    assert code == 0 and result["result"] == "pins" and result["verified"]
    number = {piece.name: i for i, piece in enumerate(puzzle.pieces)}
    pins = pins_from_data(result["pins"], len(board[0]))
    chosen = {(number[pin.piece], frozenset(pin.cells)) for pin in pins}
    assert sum(1 for tiling in tilings if chosen <= tiling) == 1
    assert len(pins) == oracle_fewest_pins(tilings)
    saved = load_puzzle(folder / "u.json")
    assert saved == dataclasses.replace(puzzle, pins=pins)
    assert solution_count(saved) == 1


def test_unique_on_a_unique_sudoku_names_the_givens_that_can_go(tmp_path, capsys):
    grids = every_4x4_grid()
    full = list(grids[17])
    givens = full.copy()
    for cell in (0, 5, 10, 15):  # a full grid less a diagonal: still unique, far from minimal
        givens[cell] = 0
    save_puzzle(Puzzle(GridKind.SUDOKU, "4x4", sudoku=SudokuGrid(2, 2, tuple(givens))),
                tmp_path / "s.json")
    code, out, _ = run(capsys, tmp_path / "s.json", "--unique", "--json")
    assert code == 0
    result = json.loads(out.strip().splitlines()[-1])
    assert result["result"] == "removable" and not result["minimal"]

    def unique_without(cells):
        left = [0 if f"r{c // 4 + 1}c{c % 4 + 1}" in cells else v for c, v in enumerate(givens)]
        return sum(1 for g in grids if all(v in (0, w) for v, w in zip(left, g))) == 1

    names = [f"r{c // 4 + 1}c{c % 4 + 1}" for c in range(16) if givens[c]]
    assert result["removable"] == [name for name in names if unique_without({name})]
    assert unique_without(set(result["together"]))


def test_unique_of_a_puzzle_without_solution_says_why(capsys):
    code, out, _ = run(capsys, ASSETS / "no-solution.json", "--unique")
    assert code == 1 and "nothing to propose: the puzzle has no solution" in out


def test_save_unique_needs_unique(capsys, tmp_path):
    with pytest.raises(SystemExit):
        main([str(ASSETS / "soma.json"), "--save-unique", str(tmp_path / "u.json")])
    assert "add --unique" in capsys.readouterr().err
