"""Puzzle files: exact round trips, the seed text formats, atomic saves, and bad input named."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import numpy as np
import pytest

from solvers import GridKind, Piece, Puzzle, PuzzleError, Solution, SudokuGrid, solve
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_json, puzzle_to_json, save_puzzle
from solvers.puzzle.grids import normalise, orientations
from solvers.puzzle.textformats import (LABELS, format_hex_picture, format_meteor,
                                        format_sudoku_line, parse_hex_picture, parse_meteor,
                                        parse_sudoku_line)

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
SHIPPED = sorted(ASSETS.glob("*.json"))
METEOR_TEXT = """0 0 0 0 1
 2 2 2 0 1
2 6 6 1 1
 2 6 1 5 5
8 6 5 5 5
 8 6 3 3 3
4 8 8 9 3
 4 4 8 9 3
4 7 4 7 9
 7 7 7 9 9"""
REFERENCE = "010056207000700005000300498000200380006000700051007000684002000100003000305460020"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_round_trip_byte_for_byte(path):
    text = path.read_text(encoding="utf-8")
    puzzle = puzzle_from_json(text)
    assert puzzle_to_json(puzzle) == text
    assert puzzle_from_json(puzzle_to_json(puzzle)) == puzzle
    assert "Expected:" in puzzle.description  # each shipped puzzle documents its counts


def test_the_library_holds_every_named_puzzle():
    kinds = {path.stem: load_puzzle(path).kind for path in SHIPPED}
    for name in ("meteor", "soma", "mini-bedlam", "pentominoes-6x10", "sudoku-reference",
                 "sudoku-hard", "sudoku-16x16", "no-solution"):
        assert name in kinds
    assert kinds["sudoku-16x16"] is GridKind.SUDOKU
    assert load_puzzle(ASSETS / "sudoku-16x16.json").sudoku.n == 16


def test_save_and_reload_keeps_every_field(tmp_path):
    puzzle = Puzzle(GridKind.CUBE, "Two bars", "a test", board=((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)),
                    pieces=(Piece("bar", ((0, 0, 0), (1, 0, 0)), count=2, mirror=False,
                                  colour="#112233"),), extra={"view": {"angle": 30}})
    path = tmp_path / "bars.json"
    save_puzzle(puzzle, path)
    again = load_puzzle(path)
    assert again == puzzle and again.extra == puzzle.extra
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_a_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "keep.json"
    original = load_puzzle(ASSETS / "soma.json")
    save_puzzle(original, path)
    before = path.read_bytes()

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full_disk)
    with pytest.raises(PuzzleError, match="No space left on device"):
        save_puzzle(parse_meteor(METEOR_TEXT), path)
    assert path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [path]


def test_a_file_truncated_at_any_byte_is_refused(tmp_path):
    text = (ASSETS / "soma.json").read_text()
    path = tmp_path / "cut.json"
    for cut in range(0, len(text) - 2):  # the last bytes are "}\n"
        path.write_text(text[:cut])
        with pytest.raises(PuzzleError):
            load_puzzle(path)


def test_meteor_text_imports_with_its_ten_pieces_and_draws_back():
    puzzle = parse_meteor(METEOR_TEXT, "meteor")
    assert puzzle.kind is GridKind.HEX and len(puzzle.board) == 50
    assert [p.name for p in puzzle.pieces] == list("0123456789")
    assert all(p.size == 5 for p in puzzle.pieces)
    labels = {cell: "#" for cell in puzzle.board}
    assert format_hex_picture(puzzle.board, labels).splitlines()[1] == " # # # # #"


def test_sudoku_lines_import_and_format_back():
    puzzle = parse_sudoku_line(REFERENCE.replace("0", "."))
    assert puzzle.sudoku.n == 9 and (puzzle.sudoku.box_rows, puzzle.sudoku.box_cols) == (3, 3)
    assert format_sudoku_line(puzzle.sudoku.givens, "0") == REFERENCE
    six = parse_sudoku_line("1" + "." * 35)
    assert (six.sudoku.box_rows, six.sudoku.box_cols) == (2, 3)
    sixteen = parse_sudoku_line("G" + "." * 255)
    assert sixteen.sudoku.givens[0] == 16


def json_text(**changes) -> str:
    data = json.loads((ASSETS / "soma.json").read_text())
    data.update(changes)
    return json.dumps({k: v for k, v in data.items() if v is not None})


@pytest.mark.parametrize("text, message", [
    ("{not json", "not valid JSON: line 1, column 2"),
    ("[1, 2]", "one JSON object"),
    (json_text(format="other"), "not a PolyGUI puzzle"),
    (json_text(version=3), "unsupported version 3"),
    (json_text(grid="octagon"),
     "unknown grid 'octagon': use one of hex, square, cube, sudoku, triangle"),
    (json_text(colour="red"), "unknown key 'colour'"),
    (json_text(board=[[0, 0, 0], [0, 0, 0]]), "listed twice"),
    (json_text(board=[[0, 0]]), "cell 1 is \\[0, 0\\], expected 3 whole numbers"),
    (json_text(pieces=[{"name": "x", "cells": [[0, 0, 0], [2, 0, 0]]}]), "not connected"),
    (json_text(pieces=[{"name": "x", "cells": [[0, 0, 0]], "count": 0}]), "count must be"),
    (json_text(pieces=[{"name": "x", "cells": [[0, 0, 0]], "colour": "blue"}]), "colour 'blue'"),
    (json_text(pieces=[{"name": "x", "cells": [[0, 0, 0]], "mirror": "yes"}]), "mirror must be"),
    (json_text(board=[[0, 0, 0]]), "the board is smaller than the pieces"),
])
def test_bad_json_names_the_problem(text, message):
    with pytest.raises(PuzzleError, match=message):
        puzzle_from_json(text)


def test_pieces_are_named_by_their_name_and_their_place_in_the_file_is_said_as_such():
    """Names are often digits: "piece 6 ('5')" read as two different pieces."""
    digits = [Piece(str(number), ((0, 0), (1, 0))) for number in range(5)]
    split = Piece("5", ((0, 0), (2, 0)))
    with pytest.raises(PuzzleError, match="^piece '5' is not connected: it falls into 2 parts$"):
        Puzzle(GridKind.SQUARE, "digits", board=((0, 0),), pieces=(*digits, split))
    with pytest.raises(PuzzleError, match="^two pieces are named '3': each needs its own name$"):
        Puzzle(GridKind.SQUARE, "digits", board=((0, 0),), pieces=(*digits, digits[3]))
    pieces = [{"name": "x", "cells": [[0, 0, 0]]}, {"name": "5", "cells": [[0, 0, 0]], "count": 0}]
    with pytest.raises(PuzzleError, match="piece '5' \\(entry 2 of \"pieces\"\\): count must be"):
        puzzle_from_json(json_text(pieces=pieces))
    with pytest.raises(PuzzleError, match="entry 1 of \"pieces\" must be an object"):
        puzzle_from_json(json_text(pieces=[5]))


def sudoku_json(**changes) -> str:
    data = {"format": "polygui-puzzle", "version": 1, "name": "s", "grid": "sudoku",
            "box": [2, 2], "givens": ["1...", "....", "....", "...."]}
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("text, message", [
    (sudoku_json(box=[2]), "\"box\" must be"),
    (sudoku_json(givens=["1..."]), "needs 4 rows, got 1"),
    (sudoku_json(givens=["1...", "...", "....", "...."]), "row 2: expected 4 cells, got 3"),
    (sudoku_json(givens=["1...", ".x..", "....", "...."]), "r2c2: 'x' is not a 4x4 Sudoku symbol"),
    (sudoku_json(givens=["1...", "....", "....", "1..."]), "r1c1 and r4c1 both hold 1"),
    (sudoku_json(givens=["12..", "2...", "....", "...."]), "r1c2 and r2c1 both hold 2"),
])
def test_bad_sudoku_json_names_the_cell(text, message):
    with pytest.raises(PuzzleError, match=message):
        puzzle_from_json(text)


@pytest.mark.parametrize("text, message", [
    (REFERENCE[:80], "got 80"),
    (REFERENCE[:40] + "x" + REFERENCE[41:], "character 41 \\(r5c5\\): 'x'"),
    ("11" + "." * 79, "r1c1 and r1c2 both hold 1"),
])
def test_bad_sudoku_lines_name_the_problem(text, message):
    with pytest.raises(PuzzleError, match=message):
        parse_sudoku_line(text)


@pytest.mark.parametrize("text, message", [
    ("0 1 0", "^piece '0' is not connected: it falls into 2 parts$"),
    ("0 0\n1 1", "line 2, column 1: '1' is between two cells"),
    (". .\n . .", "names no pieces"),
])
def test_bad_meteor_pictures_name_the_problem(text, message):
    with pytest.raises(PuzzleError, match=message):
        parse_meteor(text)


def test_unreadable_and_binary_files_are_refused(tmp_path):
    with pytest.raises(PuzzleError, match="cannot read"):
        load_puzzle(tmp_path / "missing.json")
    binary = tmp_path / "image.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(PuzzleError, match="not a text file"):
        load_puzzle(binary)


def test_conflicting_givens_in_a_grid_are_reported_by_cell():
    grid = SudokuGrid(2, 2, (0, 0, 0, 3) + (0,) * 8 + (0, 0, 0, 3))
    assert Puzzle(GridKind.SUDOKU, "clash", sudoku=grid).problems() == [
        "conflicting givens: r1c4 and r4c4 both hold 3"]


def _free_shape(cells):
    """The same for a piece and any rotation or mirror image of it."""
    return min(orientations(GridKind.HEX, normalise(np.array(cells)), mirror=True))


def _first_solution(puzzle: Puzzle):
    return next(event for event in solve(puzzle, limit=1) if isinstance(event, Solution))


def test_a_solution_drawn_as_meteor_text_reads_back_as_the_same_arrangement():
    puzzle = parse_meteor(METEOR_TEXT, "meteor")
    placed = _first_solution(puzzle).pieces
    text = format_meteor(puzzle, placed)
    picture = parse_hex_picture(text)
    assert sorted(picture) == sorted(puzzle.board)
    for piece, cells in placed:  # one-character names are kept: each copy drawn by its name
        assert {picture[cell] for cell in cells} == {puzzle.pieces[piece].name}
    again = parse_meteor(text)
    assert [_free_shape(p.cells) for p in again.pieces] == \
        [_free_shape(p.cells) for p in puzzle.pieces]


def test_copies_of_a_piece_get_letters_of_their_own_in_meteor_text():
    board = tuple((q, r) for q in range(4) for r in range(1))
    puzzle = Puzzle(GridKind.HEX, board=board, pieces=(Piece("D", ((0, 0), (1, 0)), count=2),))
    text = format_meteor(puzzle, _first_solution(puzzle).pieces)
    assert sorted(set(parse_hex_picture(text).values())) == ["A", "B"]


def test_more_copies_than_meteor_text_has_characters_are_refused_by_name():
    board = tuple((q, 0) for q in range(len(LABELS) + 1))
    puzzle = Puzzle(GridKind.HEX, board=board, pieces=(Piece("M", ((0, 0),), count=len(board)),))
    placed = [(0, (cell,)) for cell in board]
    with pytest.raises(PuzzleError, match="63 piece copies"):
        format_meteor(puzzle, placed)


def test_contradictions_refused_by_default_open_when_not_strict(tmp_path):
    clash = Puzzle(GridKind.SUDOKU, "Clash", sudoku=SudokuGrid(2, 2, (1, 1) + (0,) * 14))
    crowded = Puzzle(GridKind.SQUARE, "Crowded", board=((0, 0),),
                     pieces=(Piece("domino", ((0, 0), (1, 0))),))
    for puzzle in (clash, crowded):
        path = tmp_path / f"{puzzle.name}.json"
        save_puzzle(puzzle, path)
        with pytest.raises(PuzzleError, match="conflicting givens|smaller than the pieces"):
            load_puzzle(path)
        assert load_puzzle(path, strict=False) == puzzle
    line = tmp_path / "clash.txt"
    line.write_text("11" + "." * 14)
    with pytest.raises(PuzzleError, match="conflicting givens"):
        load_puzzle(line)
    assert load_puzzle(line, strict=False).sudoku.givens[:2] == (1, 1)


def test_saved_files_get_the_usual_permissions_not_the_temporary_files_private_ones(tmp_path):
    mask = os.umask(0o022)
    os.umask(mask)  # what the process runs with; the module read it at import
    path = tmp_path / "soma.json"
    save_puzzle(load_puzzle(ASSETS / "soma.json"), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
