"""BurrTools files written (solvers/puzzle/burrtools_write.py, `--export-xmpuzzle`): every
shipped cube puzzle and every problem of BurrTools' own examples that PolyGUI imports is
written, read back and compared (pieces up to translation, counts and ranges, groups, weights,
board, optional cells, colours), the small ones solved on both sides, and the XML is laid out
as BurrTools' own files are (element order, attributes, gzip)."""

from __future__ import annotations

import dataclasses
import gzip
from pathlib import Path
from xml.etree import ElementTree

import pytest

from solvers import GridKind, PuzzleError, count_solutions
from solvers.cli.main import main as solve_main
from solvers.puzzle.any_file import load_any
from solvers.puzzle.burrtools import BurrToolsFile, load_burrtools
from solvers.puzzle.burrtools_write import (burrtools_bytes, burrtools_xml, check_writable,
                                            write_burrtools)
from puzzles import BURRTOOLS
from solvers.puzzle.colour_rules import ConstraintColour
from solvers.puzzle.model import Piece, Puzzle
from solvers.puzzle.pins import Pin

ROOT = Path(__file__).resolve().parent.parent.parent
SHIPPED = sorted(ROOT.glob("assets/puzzles/*.json"))
SLOW = {"mini-bedlam.json", "SolidSixPieceBurrs.xmpuzzle"}  # seconds to count: shape only


def cube_puzzles() -> list[tuple[str, Path, int]]:
    """(test id, file, problem) of every cube puzzle shipped and every BurrTools example
    problem PolyGUI imports (another grid, or a file of shapes only, is not one)."""
    found = [(path.name, path, 1) for path in SHIPPED
             if '"cube"' in path.read_text("utf-8")]
    for path in sorted(BURRTOOLS.glob("*.xmpuzzle")):
        try:
            problems = BurrToolsFile(path).problems
        except PuzzleError:
            continue
        found += [(f"{path.name}#{k}", path, k) for k in range(1, len(problems) + 1)]
    return found


CASES = cube_puzzles()


def corner(cells) -> tuple[int, ...]:
    return tuple(min(cell[axis] for cell in cells) for axis in range(3))


def moved(cells, low) -> list:
    return sorted(tuple(v - o for v, o in zip(cell, low)) for cell in cells)


def essence(puzzle: Puzzle) -> dict:
    """What the file must keep, each shape moved to its corner (a file has no origin)."""
    low = corner(puzzle.board)
    pieces = []
    for piece in puzzle.pieces:
        start = corner(piece.cells)
        pieces.append([piece.name, moved(piece.cells, start), piece.count, piece.fewest,
                       piece.mirror, piece.groups, piece.weight,
                       [(tuple(v - o for v, o in zip(cell, start)), colour)
                        for cell, colour in piece.paint]])
    return {"kind": puzzle.kind, "pieces": pieces, "board": moved(puzzle.board, low),
            "optional": moved(puzzle.optional, low),
            "board paint": [(tuple(v - o for v, o in zip(cell, low)), colour)
                            for cell, colour in puzzle.board_paint],
            "colours": [colour.rgb for colour in puzzle.constraint_colours],
            "rules": puzzle.colour_rules}


def written_and_read(puzzle: Puzzle, folder: Path, name: str = "out.xmpuzzle") -> Puzzle:
    path = folder / name
    write_burrtools(puzzle, path)
    return load_any(path)


@pytest.mark.parametrize("name, path, problem", CASES, ids=[case[0] for case in CASES])
def test_a_puzzle_written_and_read_back_is_the_same_puzzle(name, path, problem, tmp_path):
    puzzle = load_any(path, problem if path.suffix == ".xmpuzzle" else None)
    back = written_and_read(puzzle, tmp_path)
    assert essence(back) == essence(puzzle)
    assert back.kind is puzzle.kind and back.pieces and back.board
    if path.suffix == ".xmpuzzle":  # its problem's name and comment, as they were
        assert back.extra["burrtools"]["problem"] == puzzle.extra["burrtools"]["problem"]
        assert back.description.partition("\n\n")[2] == puzzle.description.partition("\n\n")[2]
    else:
        assert back.extra["burrtools"]["problem"] == puzzle.name
        assert back.description.endswith(puzzle.description)
    again = written_and_read(back, tmp_path)  # written again: the very same file
    assert burrtools_bytes(again) == burrtools_bytes(back)


@pytest.mark.parametrize("name, path, problem",
                         [case for case in CASES if case[0].partition("#")[0] not in SLOW],
                         ids=[case[0] for case in CASES if case[0].partition("#")[0] not in SLOW])
def test_a_puzzle_read_back_has_the_same_solutions(name, path, problem, tmp_path):
    """Solved on both sides. The file cannot say that assemblies need not come apart (BurrTools
    checks a cube puzzle's always): a cube puzzle that does not check is compared by its
    assemblies; a ball puzzle is never taken apart, on either side."""
    puzzle = load_any(path, problem if path.suffix == ".xmpuzzle" else None)
    back = written_and_read(puzzle, tmp_path)
    assert back.disassembly is (back.kind is GridKind.CUBE)
    mine, theirs = count_solutions(puzzle), count_solutions(back)
    assert mine.solutions > 0
    if puzzle.disassembly:
        assert (theirs.solutions, theirs.assemblies) == (mine.solutions, mine.assemblies)
    elif back.disassembly:  # its solutions are assemblies; the read-back's are the same ones
        assert theirs.assemblies == mine.solutions
    else:  # balls: the same solutions, and no assemblies to take apart
        assert theirs.solutions == mine.solutions


def tags(root: ElementTree.Element, skip: str = "solutions") -> list[str]:
    """The element tags in document order, leaving out the subtrees named `skip`."""
    found = [root.tag]
    for child in root:
        if child.tag != skip:
            found += tags(child, skip)
    return found


@pytest.mark.parametrize("name", ["AlPackino", "CubeInCage", "DemoPieceGenerator"])
def test_the_xml_has_burrtools_element_order(name, tmp_path):
    """Tag for tag as BurrTools' own file (less its recorded solutions), every attribute one
    BurrTools writes on that element, in BurrTools' order."""
    original = gzip.open(BURRTOOLS / f"{name}.xmpuzzle").read().decode("utf-8")
    written = burrtools_xml(load_burrtools(BURRTOOLS / f"{name}.xmpuzzle"))
    assert tags(ElementTree.fromstring(written)) == tags(ElementTree.fromstring(original))
    order = attribute_order()
    for element in ElementTree.fromstring(written).iter():
        keys = list(element.attrib)
        assert set(keys) <= set(order[element.tag]), element.tag
        assert keys == sorted(keys, key=order[element.tag].index), element.tag


def attribute_order() -> dict[str, list[str]]:
    """Per tag, the attributes BurrTools' example files put on it, in the order they do."""
    order: dict[str, list[str]] = {}
    for path in sorted(BURRTOOLS.glob("*.xmpuzzle")):
        for element in ElementTree.fromstring(gzip.open(path).read()).iter():
            known = order.setdefault(element.tag, [])
            keys = list(element.attrib)
            for index, key in enumerate(keys):
                if key not in known:  # after the attribute before it, as the file has it
                    at = known.index(keys[index - 1]) + 1 if index else 0
                    known.insert(at, key)
    return order


def test_the_file_starts_as_burrtools_files_do(tmp_path):
    path = tmp_path / "soma.xmpuzzle"
    write_burrtools(load_any(ROOT / "assets/puzzles/soma.json"), path)
    data = path.read_bytes()
    assert data[:2] == b"\x1f\x8b"  # gzip
    original = gzip.open(BURRTOOLS / "AlPackino.xmpuzzle").read().decode().splitlines()
    assert gzip.decompress(data).decode().splitlines()[:3] == original[:3]


def painted_puzzle(rules: tuple = ((1, 1), (2, 2))) -> Puzzle:
    """A 2x2x1 board painted in two colours, two dominoes painted to match, in two groups."""
    colours = (ConstraintColour("red", "#d62728"), ConstraintColour("blue", "#1f77b4"))
    return Puzzle(GridKind.CUBE, "painted", board=[(x, y, 0) for x in range(2) for y in range(2)],
                  pieces=(Piece("a", [(5, 5, 5), (6, 5, 5)], mirror=False,
                                paint=[((5, 5, 5), 1)], groups=[("glued", 1)], weight=3),
                          Piece("b", [(0, 0, 0), (1, 0, 0)], count=2, least=0, mirror=False,
                                paint=[((0, 0, 0), 2)], groups=[("glued", 1), ("other", 1)])),
                  board_paint=[((0, 0, 0), 1), ((1, 1, 0), 2)], constraint_colours=colours,
                  colour_rules=rules)


def test_colours_groups_and_weights_are_kept(tmp_path):
    puzzle = painted_puzzle()
    back = written_and_read(puzzle, tmp_path)
    mine, theirs = essence(puzzle), essence(back)
    for piece in mine["pieces"] + theirs["pieces"]:
        piece.pop(5)  # the groups, renamed: below
    assert theirs == mine and len(back.board_paint) == 2 and back.colour_rules == ((1, 1), (2, 2))
    assert [p.groups for p in back.pieces] == [(("1", 1),), (("1", 1), ("2", 1))]  # numbered
    assert count_solutions(back, "all").assemblies == count_solutions(puzzle, "all").solutions


def test_no_rules_are_written_as_every_pair():
    """PolyGUI's no rules constrain nothing; BurrTools' empty bitmap would forbid every pair."""
    xml = ElementTree.fromstring(burrtools_xml(painted_puzzle(rules=())))
    pairs = [(p.get("piece"), p.get("result")) for p in xml.iter("pair")]
    assert pairs == [("0", "0"), ("0", "1"), ("1", "0"), ("1", "1")]


def test_what_burrtools_cannot_hold_is_refused_by_name():
    soma = load_any(ROOT / "assets/puzzles/soma.json")
    mirrored = Puzzle(GridKind.CUBE, "m", board=soma.board,
                      pieces=(Piece("L", [(0, 0, 0), (1, 0, 0), (0, 1, 0)], mirror=True),))
    with pytest.raises(PuzzleError, match="piece 'L' may be placed mirrored"):
        check_writable(mirrored)
    pinned = dataclasses.replace(mirrored, pieces=(dataclasses.replace(
        mirrored.pieces[0], mirror=False),), pins=(Pin("L", [(0, 0, 0), (1, 0, 0), (0, 1, 0)]),))
    with pytest.raises(PuzzleError, match="pins 1 piece copy in place"):
        check_writable(pinned)
    with pytest.raises(PuzzleError, match="hex grid; BurrTools files hold puzzles of the cube"):
        check_writable(load_any(ROOT / "assets/puzzles/meteor.json"))


def test_characters_xml_cannot_hold_are_written_replaced(tmp_path):
    puzzle = painted_puzzle()
    odd = Puzzle(GridKind.CUBE, "bell\x07 <&\"'>\nend", "line\x00one\nline two",
                 board=puzzle.board,
                 pieces=(Piece("x\ud800", [(0, 0, 0), (1, 0, 0)], count=2, mirror=False),))
    back = written_and_read(odd, tmp_path)
    assert back.extra["burrtools"]["problem"] == "bell\ufffd <&\"'> end"  # on one line
    assert back.pieces[0].name == "x\ufffd"
    assert back.description.endswith("line\ufffdone\nline two")


def test_polygui_solve_exports_a_problem_of_any_file(tmp_path, capsys):
    target = tmp_path / "paradox.xmpuzzle"
    source = BURRTOOLS / "DemoMirrorParadox.xmpuzzle"
    assert solve_main([str(source), "--problem", "2", "--export-xmpuzzle", str(target)]) == 0
    assert str(target) in capsys.readouterr().out
    assert target.read_bytes()[:2] == b"\x1f\x8b"
    assert essence(load_burrtools(target)) == essence(load_burrtools(source, 2))
    assert list(tmp_path.iterdir()) == [target]  # no temporary left behind


def test_polygui_solve_refuses_a_2d_puzzle_in_one_line(tmp_path, capsys):
    target = tmp_path / "pentominoes.xmpuzzle"
    assert solve_main([str(ROOT / "assets/puzzles/pentominoes-6x10.json"),
                       "--export-xmpuzzle", str(target)]) == 2
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1 and "Traceback" not in error
    assert "square grid; BurrTools files hold puzzles of the cube grid or the sphere grid only" in error
    assert not target.exists() and not list(tmp_path.iterdir())


def test_an_image_export_refuses_the_option(tmp_path, capsys):
    from polygui.cli import main as polygui_solve  # the installed command: images on top

    with pytest.raises(SystemExit) as ended:
        polygui_solve([str(ROOT / "assets/puzzles/soma.json"), "--export-png",
                       str(tmp_path / "x.png"), "--export-xmpuzzle", str(tmp_path / "x.xmpuzzle")])
    assert ended.value.code == 2
    assert "--export-xmpuzzle does not apply to image exports" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
