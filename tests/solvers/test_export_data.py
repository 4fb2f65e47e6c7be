"""Solutions as data: JSON, CSV and Sudoku lines, decoded back and checked against the puzzle;
failed writes leave nothing behind."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
from pathlib import Path

import pytest

from solvers import GridKind, Piece, Puzzle, PuzzleError, Solution, solve
from solvers.cli.main import main as cli_main
from solvers.output.export_data import ExportCancelled, export_solutions
from solvers.puzzle.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


def found(name: str, symmetry: str = "distinct", limit: int = 0):
    puzzle = load_puzzle(ASSETS / name)
    return puzzle, [e for e in solve(puzzle, symmetry, limit=limit) if isinstance(e, Solution)]


def test_json_gives_each_solution_as_piece_cells_covering_the_board(tmp_path):
    puzzle, solutions = found("soma.json")
    path = tmp_path / "soma.json"
    export_solutions(puzzle, solutions, "distinct", path)
    data = json.loads(path.read_text())
    assert data["symmetry"] == "distinct" and data["count"] == len(solutions) == 240
    assert [s["number"] for s in data["solutions"]] == list(range(1, 241))
    for record in data["solutions"]:
        cells = [tuple(c) for piece in record["pieces"] for c in piece["cells"]]
        assert sorted(cells) == sorted(puzzle.board)
        assert sorted(p["piece"] for p in record["pieces"]) == sorted(p.name for p in puzzle.pieces)
    assert len({json.dumps(r["pieces"]) for r in data["solutions"]}) == 240


def test_csv_has_a_row_per_covered_cell(tmp_path):
    puzzle, solutions = found("meteor.json", "all", limit=3)
    path = tmp_path / "meteor.csv"
    export_solutions(puzzle, solutions, "all", path)
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert len(rows) == 3 * len(puzzle.board)
    first = [(int(r["q"]), int(r["r"])) for r in rows if r["solution"] == "1"]
    assert sorted(first) == sorted(puzzle.board)
    assert {r["symmetry"] for r in rows} == {"all"}


def test_sudoku_solutions_as_lines_and_in_json(tmp_path):
    puzzle, solutions = found("sudoku-4x4-empty.json", limit=0)
    lines_path, json_path = tmp_path / "all.txt", tmp_path / "all.json"
    export_solutions(puzzle, solutions, "all", lines_path)
    export_solutions(puzzle, solutions, "all", json_path)
    lines = lines_path.read_text().split()
    assert len(lines) == len(set(lines)) == len(solutions)
    assert all(len(line) == 16 and sorted(line[:4]) == list("1234") for line in lines)
    assert json.loads(json_path.read_text())["solutions"] == lines


def straightforward_records(puzzle, solutions):
    """What the JSON must hold, worked out the plain way from each solution's pieces."""
    records = []
    for s in solutions:
        copies, pieces = {}, []
        for piece, cells in sorted(s.pieces, key=lambda item: (item[0], sorted(item[1]))):
            copies[piece] = copies.get(piece, 0) + 1
            pieces.append({"piece": puzzle.pieces[piece].name, "copy": copies[piece],
                           "cells": [list(c) for c in sorted(cells)]})
        records.append({"number": s.index + 1, "pieces": pieces})
    return records


def test_copies_of_a_piece_are_numbered_and_odd_names_survive(tmp_path):
    # a 2x4 board: two L-trominoes (a name the CSV must quote) and a domino
    name = 'L, "bent"'
    puzzle = Puzzle(GridKind.SQUARE, name="copies", board=tuple((x, y) for x in range(4)
                                                                  for y in range(2)),
                    pieces=(Piece(name, ((0, 0), (1, 0), (0, 1)), count=2),
                            Piece("I", ((0, 0), (1, 0)))))
    solutions = [e for e in solve(puzzle, "all") if isinstance(e, Solution)]
    assert len(solutions) > 1
    export_solutions(puzzle, solutions, "all", tmp_path / "c.json")
    export_solutions(puzzle, solutions, "all", tmp_path / "c.csv")
    records = json.loads((tmp_path / "c.json").read_text())["solutions"]
    assert records == straightforward_records(puzzle, solutions)
    assert {p["copy"] for r in records for p in r["pieces"] if p["piece"] == name} == {1, 2}
    rows = list(csv.DictReader(io.StringIO((tmp_path / "c.csv").read_text())))
    assert [(int(r["solution"]), r["piece"], int(r["copy"]), [int(r["x"]), int(r["y"])])
            for r in rows] == [(rec["number"], p["piece"], p["copy"], cell)
                               for rec in records for p in rec["pieces"] for cell in p["cells"]]


def test_json_of_many_solutions_matches_the_plain_encoding(tmp_path):
    puzzle, solutions = found("pentominoes-6x10.json", limit=300)
    export_solutions(puzzle, solutions, "distinct", tmp_path / "p.json")
    text = (tmp_path / "p.json").read_text()
    assert json.loads(text)["solutions"] == straightforward_records(puzzle, solutions)
    assert text.count("\n") == 300 + 2  # one solution a line


def test_progress_is_told_and_can_stop_the_export(tmp_path):
    puzzle, solutions = found("meteor.json", "all", limit=1000)
    told = []
    export_solutions(puzzle, solutions, "all", tmp_path / "m.csv",
                     progress=lambda done: told.append(done) or True)
    assert told and told == sorted(told) and 0 < told[-1] < 1000
    path = tmp_path / "m.json"
    path.write_text("the old file")
    with pytest.raises(ExportCancelled, match="after 512 solutions"):
        export_solutions(puzzle, solutions, "all", path, progress=lambda done: done < 512)
    assert path.read_text() == "the old file" and sorted(os.listdir(tmp_path)) == ["m.csv",
                                                                                 "m.json"]


def test_a_full_disk_leaves_no_partial_file(tmp_path, monkeypatch):
    puzzle, solutions = found("soma.json", limit=5)
    path = tmp_path / "out.json"
    path.write_text("the old file")

    def full_disk(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(PuzzleError, match="No space left on device"):
        export_solutions(puzzle, solutions, "distinct", path)
    assert path.read_text() == "the old file" and os.listdir(tmp_path) == ["out.json"]


def test_unwritable_places_and_unknown_formats_are_named(tmp_path):
    puzzle, solutions = found("soma.json", limit=1)
    with pytest.raises(PuzzleError, match="missing"):
        export_solutions(puzzle, solutions, "distinct", tmp_path / "missing" / "x.json")
    with pytest.raises(PuzzleError, match=r"\.json, \.csv or \.txt"):
        export_solutions(puzzle, solutions, "distinct", tmp_path / "x.dat")
    with pytest.raises(PuzzleError, match="for Sudoku puzzles"):
        export_solutions(puzzle, solutions, "distinct", tmp_path / "x.txt")
    assert not list(tmp_path.iterdir())


def test_the_command_line_exports_what_it_found(tmp_path, capsys):
    out = tmp_path / "first.json"
    assert cli_main([str(ASSETS / "pentominoes-6x10.json"), "--limit", "4", "--show", "0",
                     "--export-json", str(out), "--export-csv", str(tmp_path / "f.csv")]) == 0
    assert json.loads(out.read_text())["count"] == 4
    assert "wrote 4 solutions" in capsys.readouterr().out
    assert cli_main([str(ASSETS / "soma.json"), "--export-lines", str(tmp_path / "x.txt")]) == 2
    assert "for Sudoku puzzles" in capsys.readouterr().err
