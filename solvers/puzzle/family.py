"""Puzzle families: one piece set on several boards, or one board with chosen cells left open
(the calendar puzzle: each date leaves its month and its day uncovered).

A file keeps a family as its `"family"` key (solvers.puzzle.family_spec, docs/families.md);
`family_of` makes its members, each a puzzle of its own that any solver takes.
"""

from __future__ import annotations

import dataclasses

from ..records import record

from .errors import PuzzleError
from .calendar_layout import (CALENDAR_LAYOUTS, CalendarDate, calendar_board,  # noqa: F401
                              calendar_captions, calendar_cells, calendar_dates, date_name,
                              day_cell, month_cell, weekday_cell)
from .family_spec import FamilySpec, MemberSpec, check_family  # noqa: F401
from .grids import Shape
from .limits import shown
from .model import Puzzle


@record
class Member:
    """One member: its name ("Jan 1", "Mon Jan 1", "6x10"), its puzzle (its board, the
    family's pieces) and, for a calendar's member, its date (month, day) and, on a weekday
    layout, its weekday (0 Monday)."""

    name: str
    puzzle: Puzzle
    date: tuple[int, int] | None = None
    weekday: int | None = None


@record
class Family:
    name: str
    description: str
    members: tuple[Member, ...]
    calendar: bool  # the members are dates (the picture is a year's calendar)


def family_of(puzzle: Puzzle) -> Family | None:
    """The family `puzzle` describes, None for a plain puzzle. PuzzleError names a member
    that cannot be made (a cell left open that the board no longer has, after an edit)."""
    spec = puzzle.family
    if spec is None:
        return None
    check_family(spec, puzzle.board)
    if spec.calendar is not None:
        members = tuple(_calendar_member(puzzle, date)
                        for date in calendar_dates(spec.calendar, spec.year))
    else:
        members = tuple(_member(puzzle, member) for member in spec.members)
    return Family(puzzle.name, puzzle.description, members, spec.calendar is not None)


def _calendar_member(puzzle: Puzzle, date: CalendarDate) -> Member:
    cells = calendar_cells(date.month, date.day, date.weekday)
    # its board still has the calendar's words on it (kept in a file the member is saved to)
    member = member_puzzle(puzzle, date.name, open_cells=cells,
                           extra={CALENDAR_KEY: puzzle.family.calendar,
                                  OPEN_KEY: [list(cell) for cell in cells]})
    return Member(date.name, member, (date.month, date.day), date.weekday)


CALENDAR_KEY = "calendar"  # in a calendar member's `extra`: its family's layout
OPEN_KEY = "open"  # in a calendar member's `extra`: its date's cells, left open


def open_cells(puzzle: Puzzle) -> Shape:
    """The cells a calendar date leaves open (off its board, drawn beside it with their
    words: the date the solution shows); none for other puzzles."""
    if puzzle.family is not None or not isinstance(puzzle.extra, dict):
        return ()
    on_board = set(puzzle.board)
    cells = (tuple(cell) for cell in puzzle.extra.get(OPEN_KEY, ()))
    return tuple(cell for cell in cells if cell not in on_board)


def cell_captions(puzzle: Puzzle) -> dict:
    """What is written on the puzzle's board cells (cell -> text): a calendar's months and
    days, on a calendar family's board or one of its dates' (its open cells too); nothing on
    other boards."""
    layout = (puzzle.family.calendar if puzzle.family is not None
              else puzzle.extra.get(CALENDAR_KEY))
    if layout not in CALENDAR_LAYOUTS:
        return {}
    shown = set(puzzle.board) | set(open_cells(puzzle))
    return {cell: text for cell, text in calendar_captions(layout).items() if cell in shown}


def _member(puzzle: Puzzle, spec: MemberSpec) -> Member:
    return Member(spec.name, member_puzzle(puzzle, spec.name, board=spec.board,
                                           open_cells=spec.open))


def member_puzzle(puzzle: Puzzle, name: str, *, board: Shape | None = None,
                  open_cells: Shape = (), extra: dict | None = None) -> Puzzle:
    """`puzzle` (without its family) on `board`, or on its own board less `open_cells`:
    optional and painted cells off the member's board are dropped."""
    cells = puzzle.board if board is None else board
    left_open = set(open_cells)
    cells = tuple(cell for cell in cells if cell not in left_open)
    on_board = set(cells)
    try:
        return dataclasses.replace(
            puzzle, name=f"{puzzle.name}: {name}", board=cells, family=None, extra=extra or {},
            optional=tuple(c for c in puzzle.optional if c in on_board),
            board_paint=tuple((c, k) for c, k in puzzle.board_paint if c in on_board))
    except PuzzleError as error:
        raise PuzzleError(f"family member {shown(name)}: {error}") from None
