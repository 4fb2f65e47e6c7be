"""BurrTools puzzle files (`.xmpuzzle`: gzip-compressed XML) of the cube and sphere grids, read
into puzzles: each `<problem>` is one puzzle.

What is read: the shapes (`<voxel x= y= z=>` text, x fastest, then y, then z; `#` a filled
cell, `+` a variable cell, `_` empty; digits after a cell are its colour, `#2` colour 2, none
(or 0) neutral; `weight=`), the colours (`<colors>`: `<color red= green= blue=/>` entries,
colour 1 first), and per problem its result shape (the board: `#` cells must be filled, `+`
cells may stay empty: optional cells), its pieces (`count="k"`, or `min=` and `max=`: a range;
`group="g"`, or `<group group="g" count="k"/>` entries: piece groups) and its colour
constraints (`<bitmap>`: `<pair piece="i" result="j"/>` entries, each allowing piece colour
i + 1 on result colour j + 1: BurrTools writes them from 0).
Shapes are solid polycubes: no mirror images. A problem imports with its disassembly checked,
as BurrTools solves it: its solutions are the assemblies that come apart.
BurrTools' sphere grid (`<gridType type="2"/>`) is a cubic grid of which only every other
voxel holds a ball, those with x + y + z even: they are PolyGUI's sphere cells as they are
(a voxel off them is refused by name, as in any sphere file). BurrTools takes no sphere
assembly apart, so neither does the import: its solutions are the assemblies. BurrTools' record
of a solved problem (`assemblies="N"`, assemblies up to rotation, and `solutions="N"`) is
kept in the puzzle's `extra`.

Colours become constraint colours, painted cells and colour rules (solvers.puzzle.
colour_rules). BurrTools allows a painted piece cell on a painted result cell only by a pair of
the bitmap, also when the bitmap is empty; PolyGUI reads no rules as no constraint, so a
problem with an empty bitmap whose pieces and result are both painted is refused.

Refused, naming what: other grids, variable cells in a piece, a problem without a result or
pieces, the empty bitmap above, and anything malformed: the XML is read by burrtools_xml
(at most MAX_FILE_BYTES, no document types or entities, every number strictly).

A file is listed without building its problems (BurrToolsFile.problems), and a problem is
built, with the shapes it uses, only when asked (BurrToolsFile.puzzle): a file of thousands of
problems lists in a moment, and a malformed problem or shape refuses that problem only.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

from ..records import record

from .burrtools_xml import INT_MAX, named, read_xml, whole_number, whole_text
from .colour_rules import MAX_CONSTRAINT_COLOURS, ConstraintColour
from .errors import PuzzleError
from .grids import GridKind
from .limits import MAX_BOARD_CELLS, shown
from .model import Piece, Puzzle
from .movement_rules import MAX_WEIGHT

GRIDS = {0: "cube", 1: "triangular prisms", 2: "spheres", 3: "rhombic dodecahedra",
         4: "tetrahedra-octahedra"}
READ_GRIDS = {0: GridKind.CUBE, 2: GridKind.SPHERE}  # BurrTools' grid type -> PolyGUI's grid
TAKEN_APART = (GridKind.CUBE,)  # the grids whose assemblies BurrTools takes apart
RECORDED_MAX = 2 ** 64 - 1  # BurrTools counts assemblies and solutions in 64 bits
_CELL = re.compile(r"([#+_])([0-9]*)")


@record
class BurrShape:
    """A shape of a BurrTools file: its filled and variable voxels, weight and colours."""

    name: str
    filled: tuple[tuple[int, int, int], ...]
    variable: tuple[tuple[int, int, int], ...]
    weight: int = 1
    paint: tuple[tuple[tuple[int, int, int], int], ...] = ()  # (cell, colour) of coloured cells


@record
class ProblemSummary:
    """What a problem list shows of a problem, read without building its puzzle."""
    name: str
    assemblies: int | None  # what BurrTools recorded, up to rotation
    solutions: int | None = None  # of those, the ones that come apart (when it checked)


class BurrToolsFile:
    """A BurrTools file read as XML: its problems listed cheaply (`problems`), and each
    built into a puzzle only when asked (`puzzle`), from the shapes that problem uses, so
    that a file of many problems lists in a moment and opening one costs that one."""

    def __init__(self, path: str | Path) -> None:
        """PuzzleError when the file as a whole cannot be read (not gzip, not XML, another
        grid)."""
        self.path = Path(path)
        self._root = read_xml(self.path)
        self.kind = _grid_kind(self._root, self.path)
        self._elements = self._root.findall("problems/problem")
        self._shapes = _Shapes(self._root.findall("shapes/voxel"))
        self.problems = [_summary(number, element)
                         for number, element in enumerate(self._elements, start=1)]

    def puzzle(self, number: int) -> Puzzle:
        """Problem `number` (from 1) as a puzzle; PuzzleError naming the file, the problem
        and why not."""
        name = self.path.name
        if not self.problems:
            raise PuzzleError(f"{name}: the BurrTools file holds no problem (shapes only)")
        if not 1 <= number <= len(self.problems):
            raise PuzzleError(f"{name}: no problem {number}; the file has "
                              f"{len(self.problems)} (1 to {len(self.problems)})")
        try:
            return _problem_puzzle(self._elements[number - 1], self._shapes, self._root,
                                   self.path, self.problems[number - 1].name, self.kind)
        except PuzzleError as error:
            raise PuzzleError(f"{name}, problem {number} "
                              f"({named(self.problems[number - 1].name)}): {error}") from None


def load_burrtools(path: str | Path, problem: int = 1) -> Puzzle:
    """Problem number `problem` (from 1) of a BurrTools file; PuzzleError naming why not."""
    return BurrToolsFile(path).puzzle(problem)


def _grid_kind(root: ElementTree.Element, path: Path) -> GridKind:
    """The PolyGUI grid of the file's BurrTools grid; PuzzleError naming a grid it has not."""
    grid = root.find("gridType")
    kind = 0 if grid is None else whole_number(grid, "type", f"{path.name}: its <gridType>",
                                               INT_MAX, default=0)
    if kind not in READ_GRIDS:
        name = GRIDS.get(kind, f"type {kind}")
        raise PuzzleError(f"{path.name}: a BurrTools puzzle of the {name} grid; PolyGUI reads "
                          "BurrTools files of the cube and sphere grids only")
    return READ_GRIDS[kind]


def _summary(number: int, element: ElementTree.Element) -> ProblemSummary:
    """A problem's name and recorded counts (None where malformed: building it says why)."""
    counts = []
    for key in ("assemblies", "solutions"):
        try:
            counts.append(_recorded(element, key))
        except PuzzleError:
            counts.append(None)
    return ProblemSummary(element.get("name") or f"Problem {number}", *counts)


class _Shapes:
    """The file's shapes by id (from 0), each read when a problem first uses it."""

    def __init__(self, voxels: list[ElementTree.Element]) -> None:
        self._voxels = voxels
        self._read: dict[int, BurrShape] = {}

    def __len__(self) -> int:
        return len(self._voxels)

    def __getitem__(self, ident: int) -> BurrShape:
        if ident not in self._read:
            self._read[ident] = _read_shape(ident + 1, self._voxels[ident])
        return self._read[ident]


def _read_shape(number: int, voxel: ElementTree.Element) -> BurrShape:
    name = voxel.get("name") or f"S{number}"
    where = f"shape {number} ({named(name)})"
    size = [whole_number(voxel, axis, where, INT_MAX, least=1) for axis in "xyz"]
    if size[0] * size[1] * size[2] > 64 * MAX_BOARD_CELLS:
        raise PuzzleError(f"{where}: a size of {shown(size)} cells is out of range")
    states = _CELL.findall(voxel.text or "")
    if "".join(_CELL.sub("", voxel.text or "").split()):
        raise PuzzleError(f"{where}: its cells hold characters other than #, + and _")
    if len(states) != size[0] * size[1] * size[2]:
        raise PuzzleError(f"{where}: {len(states)} cells for a {size[0]}x{size[1]}x"
                          f"{size[2]} shape")
    filled, variable, paint = [], [], []
    for index, (state, digits) in enumerate(states):
        if state != "_":
            x, rest = index % size[0], index // size[0]
            cell = (x, rest % size[1], rest // size[1])
            (filled if state == "#" else variable).append(cell)
            colour = whole_text(digits, "a cell colour", where, MAX_CONSTRAINT_COLOURS) \
                if digits else 0
            if colour:
                paint.append((cell, colour))
    return BurrShape(name, tuple(filled), tuple(variable),
                     whole_number(voxel, "weight", where, MAX_WEIGHT, default=1), tuple(paint))


def _colours(root: ElementTree.Element) -> tuple[ConstraintColour, ...]:
    """The file's colours, colour 1 first, named by their numbers."""
    colours = []
    for number, colour in enumerate(root.iterfind("colors/color"), start=1):
        rgb = [whole_number(colour, key, f"colour {number}", 255, default=0)
               for key in ("red", "green", "blue")]
        colours.append(ConstraintColour(f"colour {number}",
                                        "#" + "".join(f"{value:02x}" for value in rgb)))
    return tuple(colours)


def _rules(element: ElementTree.Element, colours: int) -> tuple[tuple[int, int], ...]:
    """A problem's allowed (piece colour, result colour) pairs, colours counted from 1."""
    rules = []
    for pair in element.iterfind("bitmap/pair"):
        piece, result = (whole_number(pair, key, "a colour pair of its bitmap",
                                      MAX_CONSTRAINT_COLOURS - 1) + 1
                         for key in ("piece", "result"))
        if max(piece, result) > colours:
            raise PuzzleError(f"its colour pair piece=\"{piece - 1}\" result=\"{result - 1}\" "
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


def _problem_puzzle(element: ElementTree.Element, shapes: _Shapes, root: ElementTree.Element,
                    path: Path, name: str, kind: GridKind) -> Puzzle:
    colours = _colours(root)
    rules = _rules(element, len(colours))
    result = _shape_of(element.find("result"), shapes, "the result")
    if not result.filled and not result.variable:
        raise PuzzleError(f"its result shape {named(result.name)} has no cells")
    pieces, used = [], []
    names: set[str] = set()
    for entry in element.iterfind("shapes/shape"):
        shape = _shape_of(entry, shapes, "a piece")
        fewest, most = _copies(entry, shape.name)
        if most == 0:
            continue
        if shape.variable:
            raise PuzzleError(f"piece {named(shape.name)} has variable cells, which only a result "
                              "may have")
        if not shape.filled:
            raise PuzzleError(f"piece {named(shape.name)} has no cells")
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
    comment = (root.findtext("comment") or "").strip()
    if comment:
        description += "\n\n" + comment
    extra = {"burrtools": {"file": path.name, "problem": name}}
    if assemblies is not None:
        extra["burrtools"]["assemblies"] = assemblies
    if solutions is not None:
        extra["burrtools"]["solutions"] = solutions
    return Puzzle(kind, f"{path.stem}: {name}", description,
                  board=result.filled + result.variable, pieces=tuple(pieces),
                  optional=result.variable, extra=extra, disassembly=kind in TAKEN_APART,
                  **_colour_fields(colours, used, result, rules))


def _colour_fields(colours: tuple[ConstraintColour, ...], pieces: list[BurrShape],
                   result: BurrShape, rules: tuple) -> dict:
    """The puzzle's colour fields: the file's colours when the problem paints a cell."""
    if not result.paint and not any(shape.paint for shape in pieces):
        return {}
    return {"constraint_colours": colours, "board_paint": result.paint, "colour_rules": rules}


def _shape_of(entry: ElementTree.Element | None, shapes: _Shapes, what: str) -> BurrShape:
    if entry is None:
        raise PuzzleError(f"{what} is missing")
    ident = whole_number(entry, "id", what, INT_MAX)
    if ident >= len(shapes):
        raise PuzzleError(f"{what} names shape id {shown(entry.get('id'))}, which the file "
                          "does not have")
    return shapes[ident]


def _copies(entry: ElementTree.Element, name: str) -> tuple[int, int]:
    """(fewest, most) copies of a problem's piece: its count, or its min and max."""
    where = f"piece {named(name)}"
    ranged = entry.get("min") is not None or entry.get("max") is not None
    if entry.get("count") is not None or not ranged:
        count = whole_number(entry, "count", where, INT_MAX)
        return count, count
    fewest, most = (whole_number(entry, key, where, INT_MAX) for key in ("min", "max"))
    if fewest > most:
        raise PuzzleError(f"{where}: min {fewest} and max {most} are not a range")
    return fewest, most


def _groups(entry: ElementTree.Element, copies: int, name: str) -> tuple[tuple[str, int], ...]:
    """A problem piece's groups: `group="g"` (every copy; 0 is none), or `<group>` entries
    naming a group and how many copies it holds."""
    where = f"piece {named(name)}"
    if entry.get("group") is not None:
        group = whole_number(entry, "group", where, INT_MAX)
        return () if group == 0 else ((str(group), copies),)
    groups = []
    for item in entry.iterfind("group"):
        group = whole_number(item, "group", f"{where}, a <group>", INT_MAX)
        count = whole_number(item, "count", f"{where}, a <group>", INT_MAX, default=1)
        if group != 0:
            groups.append((str(group), count))
    return tuple(groups)


def _recorded(element: ElementTree.Element, key: str) -> int | None:
    """What BurrTools recorded of a solved problem (`assemblies` or `solutions`), if it did."""
    if element.get(key) is None:
        return None
    return whole_number(element, key, "", RECORDED_MAX)
