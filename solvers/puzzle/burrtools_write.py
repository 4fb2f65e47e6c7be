"""A cube-grid or sphere-grid puzzle written as a BurrTools file (`.xmpuzzle`: gzip-compressed XML), in the
layout BurrTools' own files have (see burrtools.py for what each element means):

    <puzzle version="2"> <gridType type="0"/> <colors>...</colors>
      <shapes> a <voxel> per piece, then the board's (the result) </shapes>
      <problems> <problem name= state="0"> <shapes> <shape id= count=|min= max=/> </shapes>
        <result id=/> <bitmap>...</bitmap> </problem> </problems>
      <comment>the description</comment> </puzzle>

A piece's voxel text lists its bounding box x fastest, then y, then z: `#` a cell, `_` none,
and the board's `+` its optional cells; a painted cell's colour number follows it (`#2`).
Reading the file back (burrtools.load_burrtools) gives the same pieces (up to translation),
counts and ranges, groups, weights, board, optional cells and colour constraints.

A sphere puzzle's balls are BurrTools' sphere voxels as they are (x + y + z even), each shape's
box starting on such a voxel, as BurrTools wants it.

What a BurrTools file cannot hold is refused by name (PuzzleError): another grid, a piece
that may be mirrored (BurrTools' pieces only turn), pinned pieces. What it does not keep:
piece display colours, constraint colour names (read back as "colour 1", ...), group names
(written as numbers) and whether assemblies must come apart (BurrTools always checks).
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable
from pathlib import Path
from xml.etree import ElementTree

from .atomic import write_atomically
from .errors import PuzzleError
from .grids import GridKind
from .model import Piece, Puzzle

RESULT_NAME = "Result"
IMPORTED = "Imported from the BurrTools file "  # how burrtools.py starts a description
_LINE_BREAKS = re.compile("[\t\n\r]")
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

Cell = tuple[int, ...]
GRID_TYPES = {GridKind.CUBE: 0, GridKind.SPHERE: 2}  # PolyGUI's grid -> BurrTools' gridType


def write_burrtools(puzzle: Puzzle, path: str | Path) -> None:
    """Write `puzzle` to `path` as a gzip-compressed `.xmpuzzle`, atomically; PuzzleError
    naming what BurrTools cannot hold, or why the file cannot be written."""
    write_atomically(Path(path), burrtools_bytes(puzzle))


def burrtools_bytes(puzzle: Puzzle) -> bytes:
    """The gzip-compressed file (the same bytes for the same puzzle: no time stamp)."""
    return gzip.compress(burrtools_xml(puzzle).encode("utf-8"), mtime=0)


def burrtools_xml(puzzle: Puzzle) -> str:
    """The file's XML text, as BurrTools writes it (two spaces a level, `<a/>`: text and
    attributes never hold " />", ElementTree escapes their `>`)."""
    check_writable(puzzle)
    root = ElementTree.Element("puzzle", version="2")
    ElementTree.SubElement(root, "gridType", type=str(GRID_TYPES[puzzle.kind]))
    colours = ElementTree.SubElement(root, "colors")
    for colour in puzzle.constraint_colours:
        red, green, blue = (str(int(colour.rgb[i:i + 2], 16)) for i in (1, 3, 5))
        ElementTree.SubElement(colours, "color", red=red, green=green, blue=blue)
    shapes = ElementTree.SubElement(root, "shapes")
    lattice = puzzle.kind is GridKind.SPHERE
    for piece in puzzle.pieces:
        shapes.append(_voxel(piece.name, piece.cells, (), piece.paint, piece.weight, lattice))
    shapes.append(_voxel(RESULT_NAME, puzzle.board, puzzle.optional, puzzle.board_paint, 1,
                         lattice))
    problems = ElementTree.SubElement(root, "problems")
    problems.append(_problem(puzzle))
    comment = _comment(puzzle)
    ElementTree.SubElement(root, "comment").text = _clean(comment) if comment else None
    ElementTree.indent(root, space="  ")
    text = ElementTree.tostring(root, encoding="unicode").replace(" />", "/>")  # as BurrTools
    return '<?xml version="1.0"?>\n' + text + "\n"


def check_writable(puzzle: Puzzle) -> None:
    """PuzzleError naming the first thing of `puzzle` a BurrTools file cannot hold."""
    if puzzle.kind not in GRID_TYPES:
        what = "a Sudoku" if puzzle.is_sudoku else f"a puzzle of the {puzzle.kind.value} grid"
        raise PuzzleError(f"{puzzle.name}: {what}; BurrTools files hold puzzles of the cube "
                          "grid or the sphere grid only")
    mirrored = [piece.name for piece in puzzle.pieces if piece.mirror]
    if mirrored:
        raise PuzzleError(f"{puzzle.name}: piece {mirrored[0]!r} may be placed mirrored, which "
                          "a BurrTools file cannot say (its pieces only turn); clear the "
                          "piece's mirror option first")
    if puzzle.pins:
        raise PuzzleError(f"{puzzle.name}: it pins {len(puzzle.pins)} piece cop"
                          f"{'y' if len(puzzle.pins) == 1 else 'ies'} in place, which a "
                          "BurrTools file cannot hold; unpin them first")
    if not puzzle.board or not puzzle.pieces:
        raise PuzzleError(f"{puzzle.name}: a BurrTools problem needs a board and pieces; this "
                          f"puzzle has no {'board' if not puzzle.board else 'pieces'}")


def _voxel(name: str, cells: Iterable[Cell], variable: Iterable[Cell],
           paint: Iterable[tuple[Cell, int]], weight: int,
           lattice: bool = False) -> ElementTree.Element:
    """A shape: its bounding box and cells from the box's corner (x fastest, then y, z);
    `lattice` (balls): a corner with x + y + z even, one further in x if need be."""
    variable, colour = set(variable), dict(paint)
    cells = list(cells)
    low = [min(cell[axis] for cell in cells) for axis in range(3)]
    if lattice and sum(low) % 2:
        low[0] -= 1
    size = [max(cell[axis] for cell in cells) - low[axis] + 1 for axis in range(3)]
    states = ["_"] * (size[0] * size[1] * size[2])
    for cell in cells:
        x, y, z = (cell[axis] - low[axis] for axis in range(3))
        mark = "+" if cell in variable else "#"
        states[x + size[0] * (y + size[1] * z)] = mark + (str(colour[cell]) if colour.get(cell)
                                                          else "")
    attributes = {"x": str(size[0]), "y": str(size[1]), "z": str(size[2])}
    if weight != 1:
        attributes["weight"] = str(weight)
    attributes.update(name=_one_line(name), type="0")
    element = ElementTree.Element("voxel", attributes)
    element.text = "".join(states)
    return element


def _problem(puzzle: Puzzle) -> ElementTree.Element:
    problem = ElementTree.Element("problem", name=_one_line(_problem_name(puzzle)), state="0")
    shapes = ElementTree.SubElement(problem, "shapes")
    numbers = _group_numbers(puzzle.pieces)
    for ident, piece in enumerate(puzzle.pieces):
        shapes.append(_shape_entry(ident, piece, numbers))
    ElementTree.SubElement(problem, "result", id=str(len(puzzle.pieces)))
    bitmap = ElementTree.SubElement(problem, "bitmap")
    for piece_colour, board_colour in _pairs(puzzle):
        ElementTree.SubElement(bitmap, "pair", piece=str(piece_colour - 1),
                               result=str(board_colour - 1))
    return problem


def _shape_entry(ident: int, piece: Piece, numbers: dict[str, int]) -> ElementTree.Element:
    """A problem's piece: its count, or its range as min and max, and its groups."""
    copies = ({"count": str(piece.count)} if not piece.has_range
              else {"min": str(piece.fewest), "max": str(piece.count)})
    entry = ElementTree.Element("shape", id=str(ident), **copies)
    if len(piece.groups) == 1 and piece.groups[0][1] == piece.count:
        entry.set("group", str(numbers[piece.groups[0][0]]))  # every copy: as BurrTools says it
    else:
        for name, count in piece.groups:
            ElementTree.SubElement(entry, "group", group=str(numbers[name]), count=str(count))
    return entry


def _group_numbers(pieces: tuple[Piece, ...]) -> dict[str, int]:
    """A number (from 1: BurrTools' 0 is no group) for each group name: the name itself when
    every name is one (a file read from BurrTools), else 1, 2, ... in order of appearance."""
    names = list(dict.fromkeys(name for piece in pieces for name, _ in piece.groups))
    if all(name.isascii() and name.isdigit() and int(name) > 0 for name in names):
        return {name: int(name) for name in names}
    return {name: number for number, name in enumerate(names, start=1)}


def _pairs(puzzle: Puzzle) -> tuple[tuple[int, int], ...]:
    """The allowed (piece colour, board colour) pairs. PolyGUI's no rules constrain nothing;
    BurrTools' empty bitmap keeps painted piece cells off painted result cells, so when both
    are painted every pair is written."""
    if puzzle.colour_rules:
        return puzzle.colour_rules
    if puzzle.board_paint and any(piece.paint for piece in puzzle.pieces):
        count = len(puzzle.constraint_colours)
        return tuple((a, b) for a in range(1, count + 1) for b in range(1, count + 1))
    return ()


def _imported(puzzle: Puzzle) -> dict:
    found = puzzle.extra.get("burrtools") if isinstance(puzzle.extra, dict) else None
    return found if isinstance(found, dict) else {}


def _problem_name(puzzle: Puzzle) -> str:
    """The puzzle's name; for one read from a BurrTools file and not renamed, the problem's
    name there (the importer names it "file: problem")."""
    imported = _imported(puzzle)
    file, problem = imported.get("file"), imported.get("problem")
    if isinstance(file, str) and isinstance(problem, str) \
            and puzzle.name == f"{Path(file).stem}: {problem}":
        return problem
    return puzzle.name


def _comment(puzzle: Puzzle) -> str:
    """The description; for an imported puzzle without its first paragraph, the importer's
    own line, so that a file read and written again keeps its comment as it was."""
    text = puzzle.description
    if _imported(puzzle) and text.startswith(IMPORTED):
        text = text.partition("\n\n")[2]
    return text.strip()


def _clean(text: str) -> str:
    """`text` with the characters XML 1.0 cannot hold (controls, lone surrogates) as U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


def _one_line(text: str) -> str:
    """An attribute value: cleaned, tabs and line breaks as spaces (ElementTree would write
    them as character references, which BurrTools' own files never hold)."""
    return _LINE_BREAKS.sub(" ", _clean(text))
