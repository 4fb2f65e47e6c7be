"""Calendar puzzles' boards: where each month, day and weekday is written, which cells a date
leaves open, and which dates a calendar family has. Two layouts:

- "month-day" (A-Puzzle-A-Day): months six a row on rows y = 0 and 1, days 1-31 seven a row
  on rows 2-6: 43 cells; a date leaves its month and its day open.
- "month-day-weekday": the same, and the weekdays after day 31: Sun Mon Tue Wed on row 6,
  Thu Fri Sat under Mon Tue Wed on row 7: 50 cells; a date leaves its weekday open too.
  Its members are every date of a leap year on every weekday (366 x 7), or with a year,
  that year's dates on their own weekdays.
"""

from __future__ import annotations

from ..records import record

from .grids import Cell, Shape

MONTH_DAY, WEEKDAYS = "month-day", "month-day-weekday"
CALENDAR_LAYOUTS = (MONTH_DAY, WEEKDAYS)
MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
               "Dec")  # not calendar.month_abbr: it follows the locale Qt sets
WEEKDAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")  # Python's order: Mon is 0
LEAP_YEAR = 2024  # a calendar's members are the dates of a leap year: Feb 29 is one
_WEEKDAY_CELLS = {6: (3, 6), 0: (4, 6), 1: (5, 6), 2: (6, 6), 3: (4, 7), 4: (5, 7), 5: (6, 7)}


@record
class CalendarDate:
    """A member of a calendar family: a date, and its weekday on a weekday layout (0 is
    Monday; None on a layout without weekdays)."""

    month: int
    day: int
    weekday: int | None = None

    @property
    def name(self) -> str:
        date = f"{MONTH_NAMES[self.month - 1]} {self.day}"
        return date if self.weekday is None else f"{WEEKDAY_NAMES[self.weekday]} {date}"


def month_cell(month: int) -> Cell:
    """The square-grid cell (x, y) of month 1-12: six a row on rows y = 0 and 1."""
    if not 1 <= month <= 12:
        raise ValueError(f"no month {month}")
    return ((month - 1) % 6, (month - 1) // 6)


def day_cell(day: int) -> Cell:
    """The cell (x, y) of day 1-31: seven a row on rows y = 2 to 6."""
    if not 1 <= day <= 31:
        raise ValueError(f"no day {day}")
    return ((day - 1) % 7, 2 + (day - 1) // 7)


def weekday_cell(weekday: int) -> Cell:
    """The cell (x, y) of a weekday (0 Monday to 6 Sunday) on the weekday layout."""
    if weekday not in _WEEKDAY_CELLS:
        raise ValueError(f"no weekday {weekday}")
    return _WEEKDAY_CELLS[weekday]


def calendar_cells(month: int, day: int, weekday: int | None = None) -> tuple[Cell, ...]:
    """The cells a date leaves open: its month's and its day's, and its weekday's when it
    has one (the one place the layouts live: the solver and the app's picture both use it)."""
    cells = (month_cell(month), day_cell(day))
    return cells if weekday is None else cells + (weekday_cell(weekday),)


def calendar_board(layout: str = MONTH_DAY) -> Shape:
    """A layout's board: the 12 month cells and the 31 day cells (43), and the 7 weekday
    cells on the weekday layout (50)."""
    return tuple(sorted(calendar_captions(layout)))


def calendar_captions(layout: str = MONTH_DAY) -> dict[Cell, str]:
    """What a layout's board has written on its cells: "Jan" to "Dec", 1 to 31, "Mon" to
    "Sun"."""
    captions = {month_cell(m): MONTH_NAMES[m - 1] for m in range(1, 13)}
    captions.update((day_cell(d), str(d)) for d in range(1, 32))
    if layout == WEEKDAYS:
        captions.update((weekday_cell(w), WEEKDAY_NAMES[w]) for w in range(7))
    return captions


def calendar_dates(layout: str = MONTH_DAY, year: int | None = None) -> tuple[CalendarDate, ...]:
    """A calendar family's members in order: every date of a leap year (366); on the weekday
    layout each on every weekday (2,562), or with `year` that year's dates on theirs."""
    import calendar  # here: it loads locale and datetime, which a count does not need

    days_of = calendar.monthrange
    if layout != WEEKDAYS:
        return tuple(CalendarDate(month, day) for month in range(1, 13)
                     for day in range(1, days_of(LEAP_YEAR, month)[1] + 1))
    if year is None:
        return tuple(CalendarDate(month, day, weekday) for month in range(1, 13)
                     for day in range(1, days_of(LEAP_YEAR, month)[1] + 1)
                     for weekday in range(7))
    return tuple(CalendarDate(month, day, calendar.weekday(year, month, day))
                 for month in range(1, 13) for day in range(1, days_of(year, month)[1] + 1))


def date_name(month: int, day: int) -> str:
    return CalendarDate(month, day).name
