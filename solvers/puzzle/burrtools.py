"""BurrTools puzzle files (`.xmpuzzle`: gzip-compressed XML) of the cube grid, read into
puzzles: each `<problem>` is one puzzle.

What is read: the shapes (`<voxel x= y= z=>` text, x fastest, then y, then z; `#` a filled
cell, `+` a variable cell, `_` empty; digits after a cell are its colour, `#2` colour 2, none
(or 0) neutral; `weight=`), the colours (`<colors>`: `<color red= green= blue=/>` entries,
colour 1 first), and per problem its result shape (the board: `#` cells must be filled, `+`
cells may stay empty: optional cells), its pieces (`count="k"`, or `min=` and `max=`: a range;
`group="g"`, or `<group group="g" count="k"/>` entries: piece groups) and its colour
constraints (`<bitmap>`: `<pair piece="i" result="j"/>` entries, each allowing piece colour
i + 1 on result colour j + 1: BurrTools writes them from 0).
Shapes are solid polycubes: no mirror images. A problem imports with its disassembly checked,
as BurrTools solves it: its solutions are the assemblies that come apart. BurrTools' record
of a solved problem (`assemblies="N"`, assemblies up to rotation, and `solutions="N"`) is
kept in the puzzle's `extra`.

Colours become constraint colours, painted cells and colour rules (solvers.puzzle.
colour_rules). BurrTools allows a painted piece cell on a painted result cell only by a pair of
the bitmap, also when the bitmap is empty; PolyGUI reads no rules as no constraint, so a
problem with an empty bitmap whose pieces and result are both painted is refused.

Refused, naming what: other grids, variable cells in a piece, a problem without a result or
pieces, the empty bitmap above, and anything malformed. The XML is read from at most
MAX_FILE_BYTES of decompressed text, and the parser resolves no external entities.
"""

from __future__ import annotations

import gzip
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from .colour_rules import ConstraintColour
from .errors import PuzzleError
from .grids import GridKind
from .limits import MAX_BOARD_CELLS, MAX_FILE_BYTES, shown
from .model import Piece, Puzzle

GRIDS = {"0": "cube", "1": "triangular prisms", "2": "spheres", "3": "rhombic dodecahedra",
         "4": "tetrahedra-octahedra"}
_CELL = re.compile(r"([#+_])(\d*)")


@dataclass(frozen=True)
class BurrShape:
    name: str
    filled: tuple[tuple[int, int, int], ...]
    variable: tuple[tuple[int, int, int], ...]
    weight: int = 1
    paint: tuple[tuple[tuple[int, int, int], int], ...] = ()  # (cell, colour) of coloured cells


@dataclass(frozen=True)
class BurrProblem:
    name: str
    puzzle: Puzzle | None  # None when it cannot be read: `problem` says why
    problem: str
    assemblies: int | None  # what BurrTools recorded, up to rotation
    solutions: int | None = None  # of those, the ones that come apart (when it checked)


def read_burrtools(path: str | Path) -> list[BurrProblem]:
    """Every problem of a BurrTools file, each as a puzzle or with the reason it is not one.
    Raises PuzzleError when the file as a whole cannot be read (not gzip, not XML, another
    grid)."""
    path = Path(path)
    root = _xml_root(path)
    grid = root.find("gridType")
    kind = grid.get("type", "0") if grid is not None else "0"
    if kind != "0":
        name = GRIDS.get(kind, f"type {kind}")
        raise PuzzleError(f"{path.name}: a BurrTools puzzle of the {name} grid; PolyGUI reads "
                          "BurrTools files of the cube grid only")
    shapes = _shapes(root)
    colours = _colours(root)
    comment = (root.findtext("comment") or "").strip()
    problems = []
    for number, element in enumerate(root.iterfind("problems/problem"), start=1):
        name = element.get("name") or f"Problem {number}"
        try:
            puzzle = _problem_puzzle(element, shapes, colours, path, name, comment)
            problems.append(BurrProblem(name, puzzle, "", _recorded(element, "assemblies"),
                                        _recorded(element, "solutions")))
        except PuzzleError as error:
            problems.append(BurrProblem(name, None, str(error), _recorded(element, "assemblies"),
                                        _recorded(element, "solutions")))
    return problems


def load_burrtools(path: str | Path, problem: int = 1) -> Puzzle:
    """Problem number `problem` (from 1) of a BurrTools file; PuzzleError naming why not."""
    path = Path(path)
    problems = read_burrtools(path)
    if not problems:
        raise PuzzleError(f"{path.name}: the BurrTools file holds no problem (shapes only)")
    if not 1 <= problem <= len(problems):
        raise PuzzleError(f"{path.name}: no problem {problem}; the file has "
                          f"{len(problems)} (1 to {len(problems)})")
    chosen = problems[problem - 1]
    if chosen.puzzle is None:
        raise PuzzleError(f"{path.name}, problem {problem} ({chosen.name}): {chosen.problem}")
    return chosen.puzzle


def _xml_root(path: Path) -> ElementTree.Element:
    try:
        with gzip.open(path, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        if isinstance(error, gzip.BadGzipFile):
            raise PuzzleError(f"{path.name}: not a BurrTools file (not gzip-compressed)") from None
        raise PuzzleError(f"{path.name}: cannot read: {error.strerror or error}") from None
    except (EOFError, zlib.error):
        raise PuzzleError(f"{path.name}: the compressed data is cut short or damaged") from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError(f"{path.name}: more than {MAX_FILE_BYTES >> 20} MiB of XML, more "
                          "than any puzzle PolyGUI takes")
    if b"<!ENTITY" in data:
        raise PuzzleError(f"{path.name}: XML entity declarations are not read")
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise PuzzleError(f"{path.name}: not valid XML ({error})") from None
    if root.tag != "puzzle":
        raise PuzzleError(f"{path.name}: not a BurrTools puzzle (its XML is <{root.tag}>)")
    return root


def _shapes(root: ElementTree.Element) -> list[BurrShape]:
    shapes = []
    for number, voxel in enumerate(root.iterfind("shapes/voxel"), start=1):
        name = voxel.get("name") or f"S{number}"
        where = f"shape {number} ({name})"
        try:
            size = [int(voxel.get(axis, "")) for axis in "xyz"]
        except ValueError:
            raise PuzzleError(f"{where}: its size x, y, z is not three whole numbers") from None
        if min(size) < 1 or size[0] * size[1] * size[2] > 64 * MAX_BOARD_CELLS:
            raise PuzzleError(f"{where}: a size of {shown(size)} cells is out of range")
        states = _CELL.findall(voxel.text or "")
        if "".join(_CELL.sub("", voxel.text or "").split()):
            raise PuzzleError(f"{where}: its cells hold characters other than #, + and _")
        if len(states) != size[0] * size[1] * size[2]:
            raise PuzzleError(f"{where}: {len(states)} cells for a {size[0]}x{size[1]}x"
                              f"{size[2]} shape")
        filled, variable, paint = [], [], []
        for index, (state, colour) in enumerate(states):
            if state != "_":
                x, rest = index % size[0], index // size[0]
                cell = (x, rest % size[1], rest // size[1])
                (filled if state == "#" else variable).append(cell)
                if colour and int(colour):
                    paint.append((cell, int(colour)))
        shapes.append(BurrShape(name, tuple(filled), tuple(variable),
                                _whole_attribute(voxel, "weight", 1, where), tuple(paint)))
    return shapes


def _colours(root: ElementTree.Element) -> tuple[ConstraintColour, ...]:
    """The file's colours, colour 1 first, named by their numbers."""
    colours = []
    for number, colour in enumerate(root.iterfind("colors/color"), start=1):
        rgb = [colour.get(key, "0") for key in ("red", "green", "blue")]
        if not all(value.isdigit() and int(value) < 256 for value in rgb):
            raise PuzzleError(f"colour {number}: red, green and blue {shown(rgb)} are not "
                              "whole numbers from 0 to 255")
        colours.append(ConstraintColour(f"colour {number}",
                                        "#" + "".join(f"{int(value):02x}" for value in rgb)))
    return tuple(colours)


def _rules(element: ElementTree.Element, colours: int) -> tuple[tuple[int, int], ...]:
    """A problem's allowed (piece colour, result colour) pairs, colours counted from 1."""
    rules = []
    for pair in element.iterfind("bitmap/pair"):
        values = [pair.get("piece", ""), pair.get("result", "")]
        if not all(value.isdigit() for value in values):
            raise PuzzleError(f"a colour pair of its bitmap (piece {shown(values[0])}, result "
                              f"{shown(values[1])}) is not two whole numbers")
        piece, result = (int(value) + 1 for value in values)
        if max(piece, result) > colours:
            raise PuzzleError(f"its colour pair piece=\"{values[0]}\" result=\"{values[1]}\" "
                              f"names colour {max(piece, result)}, but the file defines "
                              f"{colours}")
        rules.append((piece, result))
    return tuple(rules)


def _check_empty_bitmap(rules: tuple, pieces: list[BurrShape], result: BurrShape) -> None:
    """See the module docstring: an empty bitmap keeps painted piece cells off painted
    result cells in BurrTools, which no rules cannot say in PolyGUI."""
    if not rules and result.paint and any(shape.paint for shape in pieces):
        raise PuzzleError("its pieces and its result have coloured cells but its colour "
                          "constraints allow no pair: BurrTools then keeps every coloured piece "
                          "cell off the coloured result cells, which PolyGUI cannot say (no "
                          "rules is no constraint); allow the pairs meant in BurrTools")


def _problem_puzzle(element: ElementTree.Element, shapes: list[BurrShape],
                    colours: tuple[ConstraintColour, ...], path: Path, name: str,
                    comment: str) -> Puzzle:
    rules = _rules(element, len(colours))
    result = _shape_of(element.find("result"), shapes, "its result")
    if not result.filled and not result.variable:
        raise PuzzleError(f"its result shape {result.name} has no cells")
    pieces, used = [], []
    names: set[str] = set()
    for entry in element.iterfind("shapes/shape"):
        shape = _shape_of(entry, shapes, "a piece")
        fewest, most = _copies(entry, shape.name)
        if most == 0:
            continue
        if shape.variable:
            raise PuzzleError(f"piece {shape.name} has variable cells, which only a result "
                              "may have")
        if not shape.filled:
            raise PuzzleError(f"piece {shape.name} has no cells")
        piece_name = shape.name if shape.name not in names else f"{shape.name} ({entry.get('id')})"
        names.add(piece_name)
        pieces.append(Piece(piece_name, shape.filled, most, mirror=False, least=fewest,
                            groups=_groups(entry, most, shape.name), weight=shape.weight,
                            paint=shape.paint))
        used.append(shape)
    if not pieces:
        raise PuzzleError("it has no pieces")
    _check_empty_bitmap(rules, used, result)
    assemblies, solutions = _recorded(element, "assemblies"), _recorded(element, "solutions")
    recorded = (f" BurrTools recorded {assemblies:,} assembl{'y' if assemblies == 1 else 'ies'}"
                " (up to rotation)" if assemblies is not None else "")
    if recorded and solutions is not None:
        recorded += f" and {solutions:,} solution{'s' * (solutions != 1)}"
    recorded += "." if recorded else ""
    description = f"Imported from the BurrTools file {path.name}, problem {name}.{recorded}"
    if comment:
        description += "\n\n" + comment
    extra = {"burrtools": {"file": path.name, "problem": name}}
    if assemblies is not None:
        extra["burrtools"]["assemblies"] = assemblies
    if solutions is not None:
        extra["burrtools"]["solutions"] = solutions
    return Puzzle(GridKind.CUBE, f"{path.stem}: {name}", description,
                  board=result.filled + result.variable, pieces=tuple(pieces),
                  optional=result.variable, extra=extra, disassembly=True,
                  **_colour_fields(colours, used, result, rules))


def _colour_fields(colours: tuple[ConstraintColour, ...], pieces: list[BurrShape],
                   result: BurrShape, rules: tuple) -> dict:
    """The puzzle's colour fields: the file's colours when the problem paints a cell."""
    if not result.paint and not any(shape.paint for shape in pieces):
        return {}
    return {"constraint_colours": colours, "board_paint": result.paint, "colour_rules": rules}


def _shape_of(entry: ElementTree.Element | None, shapes: list[BurrShape], what: str) -> BurrShape:
    if entry is None:
        raise PuzzleError(f"{what} is missing")
    ident = entry.get("id", "")
    if not ident.isdigit() or int(ident) >= len(shapes):
        raise PuzzleError(f"{what} names shape id {shown(ident)}, which the file does not have")
    return shapes[int(ident)]


def _copies(entry: ElementTree.Element, name: str) -> tuple[int, int]:
    """(fewest, most) copies of a problem's piece."""
    try:
        if entry.get("count") is not None:
            count = int(entry.get("count"))
            return count, count
        fewest, most = int(entry.get("min", "")), int(entry.get("max", ""))
    except ValueError:
        raise PuzzleError(f"piece {name}: its count is not a whole number or a min and max") \
            from None
    if not 0 <= fewest <= most:
        raise PuzzleError(f"piece {name}: min {fewest} and max {most} are not a range")
    return fewest, most


def _groups(entry: ElementTree.Element, copies: int, name: str) -> tuple[tuple[str, int], ...]:
    """A problem piece's groups: `group="g"` (every copy; 0 is none), or `<group>` entries
    naming a group and how many copies it holds."""
    where = f"piece {name}"
    group = entry.get("group")
    if group is not None:
        if not group.isdigit():
            raise PuzzleError(f"{where}: group {shown(group)} is not a whole number")
        return () if int(group) == 0 else ((group, copies),)
    groups = []
    for item in entry.iterfind("group"):
        group = item.get("group", "")
        count = _whole_attribute(item, "count", 1, where)
        if not group.isdigit():
            raise PuzzleError(f"{where}: group {shown(group)} is not a whole number")
        if int(group) != 0:
            groups.append((group, count))
    return tuple(groups)


def _whole_attribute(element: ElementTree.Element, key: str, default: int, where: str) -> int:
    text = element.get(key)
    if text is None:
        return default
    if not text.isdigit():
        raise PuzzleError(f"{where}: its {key} {shown(text)} is not a whole number")
    return int(text)


def _recorded(element: ElementTree.Element, key: str) -> int | None:
    """What BurrTools recorded of a solved problem (`assemblies` or `solutions`)."""
    text = element.get(key)
    return int(text) if text is not None and text.isdigit() else None
