"""A puzzle family as a file keeps it: the `"family"` key of a puzzle file, read and written.

```
"family": {"members": [{"name": "6x10", "board": [[0, 0], ...]},
                       {"name": "Jan 1", "open": [[0, 0], [0, 2]]}]}
"family": {"calendar": "month-day"}
"family": {"calendar": "month-day-weekday", "year": 2027}
```
A member is a board of its own (`"board"`) or the file's board with some cells left open
(`"open"`); `"calendar": "month-day"` stands for every date of a leap year, each leaving its
month's cell and its day's cell open, `"month-day-weekday"` for every date on every weekday
(or with `"year"`, that year's dates), each leaving its weekday's cell open too (the layouts:
solvers.puzzle.calendar_layout). The puzzle's pieces are every member's. solvers.puzzle.family turns a spec into the members' puzzles.
"""

from __future__ import annotations

from typing import Any

from ..records import record

from .calendar_layout import (CALENDAR_LAYOUTS, MONTH_NAMES, WEEKDAYS,  # noqa: F401
                              calendar_board, calendar_captions, calendar_cells, calendar_dates,
                              date_name, day_cell, month_cell, weekday_cell)
from .errors import PuzzleError
from .grids import Shape
from .limits import MAX_BOARD_CELLS, check_entry, shown

MAX_MEMBERS = 10_000
YEARS = (1, 9999)  # a weekday calendar's year, if it names one
_FAMILY_KEYS = {"members", "calendar", "year"}
_MEMBER_KEYS = {"name", "board", "open"}


@record
class MemberSpec:
    """One member as the file says it: its own board, or the cells of the file's board it
    leaves open (one of the two; `board` None for the latter)."""

    name: str
    board: Shape | None = None
    open: Shape = ()


@record
class FamilySpec:
    """A puzzle file's family: listed members, or a calendar layout (CALENDAR_LAYOUTS)."""

    members: tuple[MemberSpec, ...] = ()
    calendar: str | None = None
    year: int | None = None  # a weekday calendar's: its dates on their weekdays that year


# --- the file ------------------------------------------------------------------------------
def family_from_data(value: Any, axes: str, board: Shape, *, strict: bool = True) -> FamilySpec:
    """The `"family"` value of a file (`axes`: the grid's, `board`: the file's board);
    PuzzleError names the first problem. `strict=False` (the app opening a design in
    progress) takes members that do not fit the board (family_of names them later)."""
    where = "\"family\""
    check_entry(value, where, _FAMILY_KEYS)
    if ("members" in value) == ("calendar" in value):
        raise PuzzleError(f"{where} needs either \"members\" (a list) or \"calendar\" "
                          f"({', '.join(map(repr, CALENDAR_LAYOUTS))}), one of the two")
    if "year" in value and value.get("calendar") != WEEKDAYS:
        raise PuzzleError(f"{where}: \"year\" goes with \"calendar\": {WEEKDAYS!r} (the "
                          f"dates of that year on their weekdays)")
    if "calendar" in value:
        year = value.get("year")
        if year is not None and (not isinstance(year, int) or isinstance(year, bool)
                                 or not YEARS[0] <= year <= YEARS[1]):
            raise PuzzleError(f"{where}: \"year\" must be a whole number from {YEARS[0]} to "
                              f"{YEARS[1]}, not {shown(year)}")
        spec = FamilySpec(calendar=value["calendar"], year=year)
    else:
        members = value["members"]
        if not isinstance(members, list):
            raise PuzzleError(f"{where}: \"members\" must be a list")
        if len(members) > MAX_MEMBERS:
            raise PuzzleError(f"{where} has {len(members):,} members; PolyGUI takes at most "
                              f"{MAX_MEMBERS:,}")
        spec = FamilySpec(tuple(_member(item, index, axes) for index, item in enumerate(members)))
    if strict:
        check_family(spec, board)
    return spec


def _member(item: Any, index: int, axes: str) -> MemberSpec:
    where = f"member {index + 1} of \"family\""
    check_entry(item, where, _MEMBER_KEYS)
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise PuzzleError(f"{where}: \"name\" must be a string that is not empty, not "
                          f"{shown(name)}")
    where = f"family member {shown(name)}"
    if ("board" in item) == ("open" in item):
        raise PuzzleError(f"{where} needs either \"board\" (its own board) or \"open\" (the "
                          f"cells of the puzzle's board it leaves open), one of the two")
    if "board" in item:
        return MemberSpec(name, board=_cells(item["board"], f"{where}: \"board\"", axes))
    return MemberSpec(name, open=_cells(item["open"], f"{where}: \"open\"", axes))


def _cells(value: Any, where: str, axes: str) -> Shape:
    if not isinstance(value, list):
        raise PuzzleError(f"{where} must be a list of [{', '.join(axes)}] lists")
    if len(value) > MAX_BOARD_CELLS:
        raise PuzzleError(f"{where} has {len(value):,} cells; PolyGUI takes at most "
                          f"{MAX_BOARD_CELLS:,}")
    cells = []
    for position, cell in enumerate(value):
        if (not isinstance(cell, list) or len(cell) != len(axes)
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise PuzzleError(f"{where}: cell {position + 1} is {shown(cell)}, expected "
                              f"{len(axes)} whole numbers")
        cells.append(tuple(cell))
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        raise PuzzleError(f"{where}: cell {shown(list(twice))} is listed twice")
    return tuple(sorted(cells))


def check_family(spec: FamilySpec, board: Shape) -> None:
    """PuzzleError when the family cannot be made on `board`: no members, two of one name,
    a cell left open that is not on the board, a calendar whose cells are not all on it."""
    if spec.calendar is not None:
        if spec.calendar not in CALENDAR_LAYOUTS:
            raise PuzzleError(f"\"family\": unknown calendar {shown(spec.calendar)}: use "
                              f"{', '.join(map(repr, CALENDAR_LAYOUTS))}")
        needed = calendar_board(spec.calendar)
        missing = sorted(set(needed) - set(board))
        if missing:
            raise PuzzleError(f"\"family\": a {spec.calendar} calendar needs its {len(needed)} "
                              f"date cells on the board, but cell {shown(list(missing[0]))} "
                              f"is not ({len(missing)} missing)")
        return
    if not spec.members:
        raise PuzzleError("\"family\" has no members: list at least one")
    names: set[str] = set()
    on_board = set(board)
    for member in spec.members:
        if member.name in names:
            raise PuzzleError(f"two family members are named {shown(member.name)}: each "
                              f"needs its own name")
        names.add(member.name)
        off = [cell for cell in member.open if cell not in on_board]
        if off:
            raise PuzzleError(f"family member {shown(member.name)}: open cell "
                              f"{shown(list(off[0]))} is not a cell of the board")


def family_to_data(spec: FamilySpec) -> dict:
    if spec.calendar is not None:
        return {"calendar": spec.calendar} | ({} if spec.year is None else {"year": spec.year})
    return {"members": [
        {"name": m.name, "board": [list(c) for c in m.board]} if m.board is not None
        else {"name": m.name, "open": [list(c) for c in m.open]} for m in spec.members]}
