"""BurrTools `.xmpuzzle` files: the real examples in tests/data/burrtools (GPL, see its
README) imported and solved; where BurrTools recorded its count of assemblies (up to
rotation), the solver's agrees; other grids and what PolyGUI lacks are refused by name.
(Its solutions, the assemblies that come apart: tests/solvers/test_disassembly_files.py.)"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from oracle import oracle_counts_secondary
from puzzles import BURRTOOLS
from solvers import GridKind, PuzzleError, count_solutions
from solvers.cli.main import main as solve_main
from solvers.puzzle.any_file import load_any
from solvers.puzzle.burrtools import BurrToolsFile, load_burrtools


@pytest.mark.parametrize("name", ["AlPackino", "PelikanBurr"])
def test_the_solver_counts_what_burrtools_recorded(name):
    """BurrTools counts assemblies up to rotation; these piece sets have no mirror pairs, so
    'distinct' and 'rotations' both identify exactly the rotations."""
    puzzle = load_burrtools(BURRTOOLS / f"{name}.xmpuzzle")
    recorded = puzzle.extra["burrtools"]["assemblies"]
    assert recorded == {"AlPackino": 1, "PelikanBurr": 12}[name]  # what the file says
    assert count_solutions(puzzle, "rotations").assemblies == recorded
    assert count_solutions(puzzle, "distinct").assemblies == recorded


def test_variable_cells_and_counts_are_read():
    puzzle = load_burrtools(BURRTOOLS / "PelikanBurr.xmpuzzle")
    assert puzzle.kind is GridKind.CUBE
    assert (len(puzzle.board), len(puzzle.optional)) == (512, 216)  # 8x8x8, its 6x6x6 '+'
    assert [p.name for p in puzzle.pieces] == ["Cage", "S3", "S4", "S5", "S6", "S7", "S8"]
    assert all(p.count == 1 and not p.has_range and not p.mirror for p in puzzle.pieces)
    assert "BurrTools recorded 12 assemblies" in puzzle.description


@pytest.mark.parametrize("name, problem", [("DemoPieceGenerator", 1), ("DemoMirrorParadox", 1),
                                           ("DemoMirrorParadox", 2)])
def test_ranges_and_variable_cells_count_as_the_oracle_does(name, problem):
    """Problems BurrTools did not solve: every mode against the oracle's brute force."""
    puzzle = load_burrtools(BURRTOOLS / f"{name}.xmpuzzle", problem)
    assert puzzle.has_secondary
    pieces = [(list(p.cells), (p.fewest, p.count), p.mirror) for p in puzzle.pieces]
    expected = oracle_counts_secondary("cube", list(puzzle.board), pieces, list(puzzle.optional))
    assert expected["all"] > 0
    for mode, count in expected.items():
        assert count_solutions(puzzle, mode).assemblies == count, mode


def test_the_piece_generator_demo_has_its_range_and_variable_cells():
    puzzle = load_burrtools(BURRTOOLS / "DemoPieceGenerator.xmpuzzle")
    assert len(puzzle.optional) == 10
    assert [(p.size, p.fewest, p.count) for p in puzzle.pieces] == [(14, 1, 1), (1, 0, 10)]


def test_another_grid_is_refused_by_name():
    with pytest.raises(PuzzleError, match="Bermuda.xmpuzzle: a BurrTools puzzle of the "
                                          "triangular prisms grid; PolyGUI reads BurrTools "
                                          "files of the cube and sphere grids only"):
        BurrToolsFile(BURRTOOLS / "Bermuda.xmpuzzle")


def test_a_file_of_shapes_only_has_no_problem_to_solve():
    assert BurrToolsFile(BURRTOOLS / "Representation0.xmpuzzle").problems == []
    with pytest.raises(PuzzleError, match="holds no problem"):
        load_burrtools(BURRTOOLS / "Representation0.xmpuzzle")


def test_a_problem_number_out_of_range_is_named():
    with pytest.raises(PuzzleError, match="no problem 3; the file has 2"):
        load_burrtools(BURRTOOLS / "DemoMirrorParadox.xmpuzzle", 3)
    with pytest.raises(PuzzleError, match="--problem picks a problem of a BurrTools file"):
        load_any(BURRTOOLS / "README.md", 2)


SHAPES = ('<voxel x="2" y="1" z="1" type="0">{0}</voxel>'
          '<voxel x="1" y="1" z="1" type="0">#</voxel>')
PROBLEM = ('<problem name="P"><shapes><shape id="1" min="1" max="2"/></shapes><result id="0"/>'
           '{0}</problem>')

RED = '<color red="220" green="30" blue="40"/>'
COLOUR_CONSTRAINT = '<bitmap><pair piece="0" result="1"/></bitmap>'


def write(tmp_path: Path, body: str, *, grid: str = "0", compress: bool = True) -> Path:
    text = (f'<?xml version="1.0"?><puzzle version="2"><gridType type="{grid}"/>'
            f"{body}</puzzle>")
    path = tmp_path / "made.xmpuzzle"
    path.write_bytes(gzip.compress(text.encode()) if compress else text.encode())
    return path


@pytest.mark.parametrize("body, message", [
    (f"<colors>{RED}</colors><shapes>{SHAPES.format('#1#1')}</shapes><problems>"
     f"{PROBLEM.format(COLOUR_CONSTRAINT)}</problems>",
     "problem 1 (P): its colour pair piece=\"0\" result=\"1\" names colour 2, but the file "
     "defines 1"),
    (f"<shapes>{SHAPES.format('###')}</shapes><problems>{PROBLEM.format('')}</problems>",
     "problem 1 (P): shape 1 (S1): 3 cells for a 2x1x1 shape"),
    (f"<shapes>{SHAPES.format('#x')}</shapes><problems>{PROBLEM.format('')}</problems>",
     "other than #, + and _"),
    (f"<shapes>{SHAPES.format('##')}</shapes><problems>"
     "<problem><shapes><shape id=\"7\" count=\"1\"/></shapes><result id=\"0\"/></problem>"
     "</problems>", "a piece names shape id '7', which the file does not have"),
    (f"<shapes>{SHAPES.format('##')}</shapes><problems><problem><shapes/><result id=\"0\"/>"
     "</problem></problems>", "problem 1 (Problem 1): it has no pieces"),
    (f"<shapes>{SHAPES.format('##')}</shapes><problems><problem><shapes><shape id=\"1\" "
     "min=\"2\" max=\"1\"/></shapes><result id=\"0\"/></problem></problems>",
     "piece S2: min 2 and max 1 are not a range"),
])
def test_malformed_or_unsupported_problems_are_named(tmp_path, body, message):
    path = write(tmp_path, body)
    with pytest.raises(PuzzleError) as error:
        load_burrtools(path)
    assert message in str(error.value)


def test_files_that_are_not_burrtools_puzzles_are_named(tmp_path):
    plain = write(tmp_path, "<shapes/>", compress=False)
    assert BurrToolsFile(plain).problems == []  # plain XML reads, as BurrTools reads it
    neither = tmp_path / "neither.xmpuzzle"
    neither.write_text('{"format": "polygui-puzzle"}')
    with pytest.raises(PuzzleError, match="neither gzip-compressed nor XML"):
        BurrToolsFile(neither)
    cut = tmp_path / "cut.xmpuzzle"
    cut.write_bytes((BURRTOOLS / "AlPackino.xmpuzzle").read_bytes()[:200])
    with pytest.raises(PuzzleError, match="cut short or damaged"):
        BurrToolsFile(cut)
    broken = tmp_path / "broken.xmpuzzle"
    broken.write_bytes(gzip.compress(b"<puzzle><shapes>"))
    with pytest.raises(PuzzleError, match="not valid XML"):
        BurrToolsFile(broken)
    entities = tmp_path / "entities.xmpuzzle"
    entities.write_bytes(gzip.compress(b'<!DOCTYPE p [<!ENTITY a "aaaa">]><puzzle>&a;</puzzle>'))
    with pytest.raises(PuzzleError, match="entity declarations are not read"):
        BurrToolsFile(entities)


def test_a_small_made_up_file_reads_as_written(tmp_path):
    path = write(tmp_path, f"<shapes>{SHAPES.format('#+')}</shapes><problems>"
                           f"{PROBLEM.format('<bitmap/>')}</problems>")
    puzzle = load_burrtools(path)
    assert puzzle.board == ((0, 0, 0), (1, 0, 0)) and puzzle.optional == ((1, 0, 0),)
    found = count_solutions(puzzle, "all")
    assert found.assemblies == 2  # one cube on the required cell, or two
    assert found.solutions == 1  # as BurrTools counts: one piece alone has nothing to take apart


def test_polygui_solve_solves_a_problem_of_a_burrtools_file(capsys):
    assert solve_main([str(BURRTOOLS / "DemoMirrorParadox.xmpuzzle"), "--problem", "2",
                       "--symmetry", "all", "--count-only", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    puzzle = load_burrtools(BURRTOOLS / "DemoMirrorParadox.xmpuzzle", 2)
    assert result["solutions"] == count_solutions(puzzle, "all").solutions > 0
    assert solve_main([str(BURRTOOLS / "Bermuda.xmpuzzle")]) == 2
    assert "triangular prisms" in capsys.readouterr().err
