"""Hostile puzzle files: deep nesting, integers past 64 bits, far coordinates and huge boards,
text no terminal prints, and saves killed mid-write. Each is refused with one line naming the
problem (PuzzleError from the API, exit status 2 from polygui-solve), or works."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solvers import GridKind, Piece, Puzzle, PuzzleError
from solvers.cli.main import main
from solvers.puzzle.atomic import remove_stale_temporaries, write_atomically
from solvers.puzzle.fileformat import load_puzzle, puzzle_from_json, save_puzzle
from solvers.puzzle.limits import (MAX_BOARD_CELLS, MAX_COORDINATE, MAX_FILE_BYTES,
                                   MAX_PIECE_CELLS, MAX_SPAN)

ROOT = Path(__file__).resolve().parents[2]
SOMA = json.loads((ROOT / "assets" / "puzzles" / "soma.json").read_text("utf-8"))


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def with_field(**fields) -> str:
    return json.dumps({**SOMA, **fields})


def refused(text: str) -> str:
    with pytest.raises(PuzzleError) as caught:
        puzzle_from_json(text)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300
    return message


def solve_cli(tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    """polygui-solve on `text` as a file, its output through strict ASCII streams, as on a
    terminal that cannot print the rest."""
    path = tmp_path / "puzzle.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="ascii") for _ in range(2))
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main([str(path), *args])
    finally:
        sys.stdout, sys.stderr = saved
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("ascii"))
    return code, *texts


# --- deep nesting -------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["name", "extra", "board", "pieces", "version", "box"])
@pytest.mark.parametrize("depth", [70, 1_000, 100_000])
def test_deep_nesting_anywhere_is_named(where, depth):
    text = with_field(**{where: "@"}).replace('"@"', nested(depth))
    assert "nested too deeply" in refused(text)


def test_deep_nesting_from_the_command_line_is_one_line(tmp_path):
    code, out, err = solve_cli(tmp_path, with_field(extra={}).replace("{}", nested(1000)))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "nested too deeply" in err


# --- big numbers, far coordinates, huge boards --------------------------------------------
@pytest.mark.parametrize("fields, words", [
    ({"version": 2 ** 70}, "unsupported version"),
    ({"board": [[2 ** 70, 0, 0]] + SOMA["board"][1:]}, "out of range"),
    ({"board": SOMA["board"][:-1] + [[10 ** 7, 0, 0]]}, "out of range"),
    ({"board": SOMA["board"][:-1] + [[-MAX_COORDINATE - 1, 0, 0]]}, "out of range"),
    ({"board": SOMA["board"][:-1] + [[0, MAX_SPAN, 0]]}, "cells across along y"),
    ({"board": [[x, y, 0] for x in range(70) for y in range(70)]}, "at most 4,096"),
    ({"pieces": [{**SOMA["pieces"][0], "count": 2 ** 70}]}, "copies"),
    ({"pieces": [{**SOMA["pieces"][0], "count": MAX_PIECE_CELLS}]}, "cells in all"),
    ({"pieces": [{"name": str(i), "cells": [[0, 0, 0]]} for i in range(10 ** 4)]},
     "10,000 pieces"),
])
def test_numbers_and_sizes_past_the_limits_are_named(fields, words):
    assert words in refused(with_field(**fields))


def test_integers_too_long_for_python_and_huge_sudoku_boxes_are_named():
    assert "more digits" in refused(with_field(version=1).replace(
        '"version": 1', '"version": 1' + "0" * 5000))
    sudoku = {"format": "polygui-puzzle", "version": 1, "grid": "sudoku", "givens": []}
    message = refused(json.dumps({**sudoku, "box": [10 ** 3000, 10 ** 3000]}))
    assert "larger than PolyGUI's largest" in message and "-bit number" in message


def test_the_largest_puzzle_within_the_limits_loads():
    side = 64  # 4096 cells, 64 across; pieces: 4096 monomino copies
    text = json.dumps({"format": "polygui-puzzle", "version": 1, "grid": "square",
                       "board": [[x, y] for x in range(side) for y in range(side)],
                       "pieces": [{"name": "o", "cells": [[0, 0]], "count": MAX_BOARD_CELLS}]})
    puzzle = puzzle_from_json(text)
    assert len(puzzle.board) == MAX_BOARD_CELLS == puzzle.piece_cell_total


def test_an_edit_past_a_limit_is_refused_by_the_model():
    board = ((0, 0), (MAX_SPAN - 1, 0))
    Puzzle(GridKind.SQUARE, board=board)  # as wide as allowed
    with pytest.raises(PuzzleError, match="257 cells across along x"):
        Puzzle(GridKind.SQUARE, board=board + ((MAX_SPAN, 0),))
    with pytest.raises(PuzzleError, match="copies counted"):
        Puzzle(GridKind.HEX, board=((0, 0),), pieces=(Piece("a", ((0, 0),), count=5000),))


def test_a_file_past_the_size_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(PuzzleError, match="larger than 16 MiB"):
        load_puzzle(path)


def test_far_coordinates_from_the_command_line_are_one_line(tmp_path):
    code, out, err = solve_cli(tmp_path, with_field(board=[[10 ** 7, 0, 0]]))
    assert code == 2 and err.count("\n") == 1 and "out of range" in err


# --- text a terminal cannot print ---------------------------------------------------------
def test_a_lone_surrogate_in_a_name_loads_saves_and_reads_back(tmp_path):
    puzzle = puzzle_from_json(with_field(name="Soma \ud800"))
    assert puzzle.name == "Soma \ud800"
    save_puzzle(puzzle, tmp_path / "again.json")
    assert load_puzzle(tmp_path / "again.json") == puzzle


def test_the_command_line_prints_what_the_terminal_cannot_as_escapes(tmp_path):
    code, out, err = solve_cli(tmp_path, with_field(name="Soma \ud800 cub\u00e9"),
                               "--count-only")
    assert code == 0, err
    assert "Soma \\ud800 cub\\xe9: 240 solutions" in out


# --- saves killed mid-write ---------------------------------------------------------------
KILLED_WRITER = """
import sys, time
from pathlib import Path
from solvers.puzzle.atomic import write_atomically

def chunks():
    yield b"half a file"
    print("writing", flush=True)
    time.sleep(60)

write_atomically(Path(sys.argv[1]), chunks())
"""


def test_a_save_killed_mid_write_leaves_a_named_temporary_that_the_next_save_removes(tmp_path):
    target = tmp_path / "puzzle.json"
    target.write_bytes(b"old")
    writer = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline() == "writing\n"
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    left = [path.name for path in tmp_path.iterdir() if path != target]
    assert left and all(name.startswith(f".puzzle.json.polygui-{writer.pid}-")
                        and name.endswith(".tmp") for name in left)
    assert target.read_bytes() == b"old"
    write_atomically(target, b"new")
    assert sorted(tmp_path.iterdir()) == [target] and target.read_bytes() == b"new"


def test_only_leftovers_of_gone_or_old_writes_are_removed(tmp_path):
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    mine = os.getpid()
    names = {"gone": f".a.json.polygui-{gone}-x1.tmp", "running": f".a.json.polygui-{mine}-x2.tmp",
             "other target": f".b.json.polygui-{gone}-x3.tmp", "not ours": ".a.json.x4.tmp",
             "old": f".a.json.polygui-{mine}-x5.tmp"}
    for name in names.values():
        (tmp_path / name).write_bytes(b"")
    day_ago = time.time() - 25 * 3600
    os.utime(tmp_path / names["old"], (day_ago, day_ago))
    removed = remove_stale_temporaries(tmp_path, "a.json")
    assert sorted(path.name for path in removed) == sorted([names["gone"], names["old"]])
    remove_stale_temporaries(tmp_path)  # every target
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        [names["running"], names["not ours"]])
