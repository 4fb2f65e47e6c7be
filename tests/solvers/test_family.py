"""Puzzle families (issue 36): the file keeps them, the calendar's layout, every member
counted as by a single-board solve and by the oracle, on threads, on a Dask cluster, and
across a stop (a checkpoint resumed runs only the members not finished)."""

from __future__ import annotations

import dataclasses
import datetime
import json
import threading

import pytest

from oracle import oracle_counts
from puzzles import shipped
from solvers import (Cancelled, GridKind, Piece, Progress, Puzzle, PuzzleError, count_solutions,
                     solve)
from solvers.parallel import family as family_run
from solvers.parallel.family import MemberResult, count_member, solve_family
from solvers.search.solve import count_solutions as single_count
from solvers.puzzle.calendar_layout import WEEKDAYS, calendar_captions
from solvers.puzzle.family import (Family, calendar_board, calendar_cells, calendar_dates,
                                   cell_captions, day_cell, family_of, month_cell, open_cells)
from solvers.puzzle.family_spec import FamilySpec, MemberSpec
from solvers.puzzle.fileformat import (load_puzzle, puzzle_from_json, puzzle_to_dict,
                                       puzzle_to_json, save_puzzle)


def rectangle(width: int, height: int) -> tuple[tuple[int, int], ...]:
    return tuple((x, y) for x in range(width) for y in range(height))


def small_family() -> Puzzle:
    """Two L-trominoes and a domino (8 cells) on boards of 8 cells (the ring, the 3x3 less
    its centre, has none: the search says so), and two members that cannot be covered: one
    of 9 cells, one the L fits nowhere on."""
    pieces = (Piece("L", ((0, 0), (0, 1), (1, 1)), count=2), Piece("D", ((0, 0), (1, 0))))
    members = (MemberSpec("2x4", board=rectangle(2, 4)),
               MemberSpec("3x3 less its centre", open=((1, 1),)),
               MemberSpec("4x2", board=rectangle(4, 2)),
               MemberSpec("3x3 less a corner", open=((0, 0),)),
               MemberSpec("3x3", board=rectangle(3, 3)),
               MemberSpec("1x8", board=rectangle(8, 1)))
    return Puzzle(GridKind.SQUARE, "small", board=rectangle(3, 3), pieces=pieces,
                  family=FamilySpec(members))


def table(events) -> list[tuple]:
    """The members' results in the family's order, without their times."""
    results = sorted((e for e in events if isinstance(e, MemberResult)), key=lambda r: r.index)
    return [(r.index, r.name, r.solutions, r.complete, r.note) for r in results]


def oracle(puzzle: Puzzle, mode: str) -> int:
    return oracle_counts(puzzle.kind.value, puzzle.board,
                         [(p.cells, p.count, p.mirror) for p in puzzle.pieces])[mode]


# --- the calendar ------------------------------------------------------------------------
def test_the_calendar_layout_is_the_classic_board():
    removed = [(0, 6), (1, 6), (6, 3), (6, 4), (6, 5), (6, 6)]  # the (row, column)
    expected = set(rectangle(7, 7)) - {(column, row) for row, column in removed}
    assert set(calendar_board()) == expected and len(calendar_board()) == 43
    assert [month_cell(m) for m in (1, 6, 7, 12)] == [(0, 0), (5, 0), (0, 1), (5, 1)]
    assert [day_cell(d) for d in (1, 7, 8, 29, 31)] == [(0, 2), (6, 2), (0, 3), (0, 6), (2, 6)]
    assert calendar_cells(2, 29) == ((1, 0), (0, 6))
    dates = [(date.month, date.day) for date in calendar_dates()]
    assert len(dates) == 366 and (2, 29) in dates and (2, 30) not in dates


def test_the_weekday_layout_adds_the_seven_weekdays_after_day_31():
    board = calendar_board(WEEKDAYS)
    assert len(board) == 50 and set(calendar_board()) < set(board)
    written = calendar_captions(WEEKDAYS)
    assert [written[(x, 6)] for x in range(7)] == ["29", "30", "31", "Sun", "Mon", "Tue", "Wed"]
    assert [written[(x, 7)] for x in range(4, 7)] == ["Thu", "Fri", "Sat"]
    assert calendar_cells(12, 25, 4) == (month_cell(12), day_cell(25), (5, 7))  # a Friday
    every = calendar_dates(WEEKDAYS)
    assert len(every) == 366 * 7 and every[0].name == "Mon Jan 1"
    year = calendar_dates(WEEKDAYS, 2027)
    assert len(year) == 365 and all(
        date.weekday == datetime.date(2027, date.month, date.day).weekday() for date in year)
    assert year[358].name == "Sat Dec 25"


def test_the_shipped_calendar_has_a_member_per_date_leaving_its_two_cells_open():
    family = family_of(shipped("calendar.json"))
    assert family.calendar and len(family.members) == 366
    names = [member.name for member in family.members]
    assert len(set(names)) == 366 and names[0] == "Jan 1" and names[59] == "Feb 29"
    pieces = shipped("calendar.json").pieces
    for member in family.members:
        left_open = set(calendar_board()) - set(member.puzzle.board)
        assert left_open == set(calendar_cells(*member.date))
        assert member.puzzle.family is None and member.puzzle.pieces == pieces


def test_a_family_is_not_judged_by_its_own_board_but_its_members_are():
    calendar = shipped("calendar.json")  # 43 cells, the pieces 41: each date leaves 2 open
    assert calendar.problems() == []
    assert dataclasses.replace(calendar, family=None).problems() == [
        "the pieces cover 41 cells but the board has 43"]
    member = family_of(calendar).members[0].puzzle
    assert member.problems() == []
    assert dataclasses.replace(calendar, pieces=()).problems() == ["there are no pieces"]


def test_a_calendar_board_and_its_dates_carry_the_months_and_days_written_on_them(tmp_path):
    calendar = shipped("calendar.json")
    captions = cell_captions(calendar)
    assert len(captions) == 43 and captions[month_cell(12)] == "Dec"
    assert captions[day_cell(31)] == "31" and captions[day_cell(1)] == "1"
    member = family_of(calendar).members[358]  # Dec 24
    assert member.name == "Dec 24"
    written = cell_captions(member.puzzle)  # its board's words, and its date's, left open
    assert open_cells(member.puzzle) == (month_cell(12), day_cell(24))
    assert set(written) == set(member.puzzle.board) | {month_cell(12), day_cell(24)}
    assert written[month_cell(12)] == "Dec" and written[day_cell(24)] == "24"
    assert not set(open_cells(member.puzzle)) & set(member.puzzle.board)
    save_puzzle(member.puzzle, tmp_path / "dec-24.json")  # a date saved keeps its words
    reopened = load_puzzle(tmp_path / "dec-24.json")
    assert cell_captions(reopened) == written and open_cells(reopened) == open_cells(member.puzzle)
    assert open_cells(calendar) == () and open_cells(shipped("soma.json")) == ()
    assert cell_captions(family_of(small_family()).members[0].puzzle) == {}
    assert cell_captions(shipped("soma.json")) == {}


def weekday_calendar(year: int | None) -> Puzzle:
    """The classic pieces with two 2x3 rectangles (47 cells) on the weekday board (50)."""
    classic = shipped("calendar.json")
    rectangle, *others = classic.pieces
    return dataclasses.replace(classic, board=calendar_board(WEEKDAYS),
                               pieces=(dataclasses.replace(rectangle, count=2), *others),
                               family=FamilySpec(calendar=WEEKDAYS, year=year))


def test_a_weekday_calendar_leaves_month_day_and_weekday_open_and_counts_each(tmp_path):
    puzzle = weekday_calendar(2027)
    path = tmp_path / "weekdays.json"
    save_puzzle(puzzle, path)
    assert json.loads(path.read_text())["family"] == {"calendar": WEEKDAYS, "year": 2027}
    family = family_of(load_puzzle(path))
    assert len(family.members) == 365 and len(family_of(weekday_calendar(None)).members) == 2562
    christmas = next(m for m in family.members if m.name == "Sat Dec 25")
    assert (christmas.date, christmas.weekday) == ((12, 25), 5)
    assert set(calendar_board(WEEKDAYS)) - set(christmas.puzzle.board) == {
        month_cell(12), day_cell(25), (6, 7)}
    words = cell_captions(christmas.puzzle)  # the open ones too: the date the solution shows
    assert [words[cell] for cell in open_cells(christmas.puzzle)] == ["Dec", "25", "Sat"]
    counts = {}
    for member in (christmas, family.members[0]):  # two kernels agree on each
        counts[member.name] = count_member(member.puzzle, "distinct").solutions
        assert counts[member.name] == single_count(member.puzzle, "distinct",
                                                   kernel="general").solutions > 0


def test_two_dates_counted_by_the_family_run_match_single_board_solves_and_the_oracle():
    calendar = family_of(shipped("calendar.json"))
    two = Family("two dates", "", (calendar.members[0], calendar.members[59]), True)
    results = table(solve_family(two, "distinct", jobs=2))
    for (index, name, solutions, complete, note), member in zip(results, two.members):
        assert name == member.name and complete and not note
        assert solutions == count_solutions(member.puzzle, "distinct").solutions
        assert solutions == oracle(member.puzzle, "all")  # no symmetry: distinct is all


# --- a small family ----------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["distinct", "all"])
def test_every_member_counts_as_the_oracle_says(mode):
    family = family_of(small_family())
    results = table(solve_family(family, mode))
    for (_, name, solutions, complete, note), member in zip(results, family.members):
        assert complete and solutions == oracle(member.puzzle, mode), name
        assert bool(note) == (name in ("3x3", "1x8")), name
    assert [r[2] for r in results if r[1] in ("3x3", "1x8")] == [0, 0]
    assert all(r[2] > 0 for r in results if r[1] in ("2x4", "4x2", "3x3 less a corner"))


def test_a_member_that_cannot_be_covered_says_why():
    results = {r[1]: r for r in table(solve_family(family_of(small_family())))}
    assert "9" in results["3x3"][4] and "8" in results["3x3"][4]  # the two areas
    assert "nowhere" in results["1x8"][4]


def test_two_threads_give_the_table_of_one():
    family = family_of(small_family())
    assert table(solve_family(family, "all", jobs=2)) == table(solve_family(family, "all",
                                                                            jobs=1))



def test_a_paused_family_waits_then_gives_the_table_of_one_straight_run():
    """While `pause` is set no member ends (each waits in its search); cleared, the run ends
    with the table of a run never paused, and no member's seconds hold the pause."""
    family = family_of(small_family())
    pause = threading.Event()
    pause.set()
    events: list = []
    consumer = threading.Thread(
        target=lambda: events.extend(solve_family(family, "all", jobs=2, pause=pause)))
    consumer.start()
    paused_for = 1.5
    consumer.join(paused_for)
    assert consumer.is_alive() and not [e for e in events if isinstance(e, MemberResult)]
    pause.clear()
    consumer.join(60)
    assert not consumer.is_alive()
    assert table(events) == table(solve_family(family, "all", jobs=1))
    assert all(e.seconds < paused_for / 2 for e in events if isinstance(e, MemberResult))

def test_progress_reaches_the_whole_family_with_the_total():
    events = list(solve_family(family_of(small_family()), "all", jobs=2))
    progress = [e for e in events if isinstance(e, Progress)]
    assert all(0.0 <= p.fraction_done <= 1.0 for p in progress)
    last = events[-1]
    assert isinstance(last, Progress) and last.phase == "done" and last.exhausted
    assert last.solutions == sum(r[2] for r in table(events))
    results = [e for e in events if isinstance(e, MemberResult)]
    searched = {r.name: r.nodes for r in results if not r.note}
    family = family_of(small_family())
    for member in family.members:  # each member's nodes are its own search's
        if member.name in searched:
            *_, alone = solve(member.puzzle, "all", count_only=True)
            assert searched[member.name] == alone.nodes > 0
    assert last.nodes == sum(r.nodes for r in results) and all(
        p.nodes <= last.nodes for p in progress)


def test_a_resumed_checkpoint_runs_only_the_members_not_finished(tmp_path, monkeypatch):
    family = family_of(small_family())
    path = tmp_path / "run.json"
    run = solve_family(family, "all", jobs=1, checkpoint=path)
    finished = []
    for event in run:
        if isinstance(event, MemberResult):
            finished.append(event.name)
            if len(finished) == 2:
                break
    run.close()
    counted = []
    plain = family_run.count_member

    def counting(puzzle, *args, **kwargs):
        counted.append(puzzle.name.split(": ", 1)[1])
        return plain(puzzle, *args, **kwargs)

    monkeypatch.setattr(family_run, "count_member", counting)
    resumed = table(solve_family(family, "all", jobs=2, resume=path))
    assert sorted(counted) == sorted(set(m.name for m in family.members) - set(finished))
    monkeypatch.setattr(family_run, "count_member", plain)
    assert resumed == table(solve_family(family, "all"))
    kept = json.loads(path.read_text())
    assert len(kept["members"]) == len(family.members)  # the resumed run went on in it


def test_a_checkpoint_of_another_family_or_mode_is_refused(tmp_path):
    path = tmp_path / "run.json"
    list(solve_family(family_of(small_family()), "all", checkpoint=path))
    other = family_of(shipped("pentomino-rectangles.json"))
    with pytest.raises(PuzzleError, match="another family"):
        list(solve_family(other, "all", resume=path))
    with pytest.raises(PuzzleError, match="counts 'all' solutions, not 'distinct'"):
        list(solve_family(family_of(small_family()), "distinct", resume=path))


def test_a_local_cluster_of_two_processes_gives_the_table_of_threads():
    family = family_of(small_family())
    assert table(solve_family(family, "all", cluster="local:2")) == table(
        solve_family(family, "all"))


# --- the file ----------------------------------------------------------------------------
@pytest.mark.parametrize("puzzle", [small_family(), shipped("calendar.json"),
                                    shipped("pentomino-rectangles.json")],
                         ids=["members", "calendar", "boards"])
def test_the_file_keeps_the_family(puzzle, tmp_path):
    save_puzzle(puzzle, tmp_path / "family.json")
    again = load_puzzle(tmp_path / "family.json")
    assert again == puzzle and again.family == puzzle.family is not None
    assert family_of(again) == family_of(puzzle)


def bad(change) -> str:
    data = puzzle_to_dict(small_family())
    change(data)
    with pytest.raises(PuzzleError) as raised:
        puzzle_from_json(json.dumps(data))
    return str(raised.value)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(family={"members": []}), "no members"),
    (lambda d: d.update(family={}), "either \"members\""),
    (lambda d: d.update(family={"calendar": "month-day", "members": []}), "one of the two"),
    (lambda d: d.update(family={"calendar": "week"}), "unknown calendar 'week'"),
    (lambda d: d.update(family={"calendar": "month-day"}), "calendar needs its 43 date cells"),
    (lambda d: d.update(family=[1]), "\"family\" must be an object"),
    (lambda d: d.update(family={"calendar": "month-day-weekday"}),
     "calendar needs its 50 date cells"),
    (lambda d: d.update(family={"calendar": "month-day", "year": 2027}),
     "\"year\" goes with \"calendar\": 'month-day-weekday'"),
    (lambda d: d.update(board=[list(c) for c in calendar_board(WEEKDAYS)],
                        family={"calendar": "month-day-weekday", "year": 0}),
     "\"year\" must be a whole number from 1 to 9999, not 0"),
    (lambda d: d["family"]["members"][1].update(open=[[5, 5]]),
     "member '3x3 less its centre': open cell [5, 5] is not a cell of the board"),
    (lambda d: d["family"]["members"][1].update(board=[[0, 0]]), "one of the two"),
    (lambda d: d["family"]["members"][0].update(name="4x2"), "two family members are named '4x2'"),
    (lambda d: d["family"]["members"][0].update(name=""), "\"name\" must be a string"),
    (lambda d: d["family"]["members"][0].update(board=[[0]]), "cell 1 is [0], expected 2"),
    (lambda d: d["family"]["members"][0].update(size=3), "unknown key 'size'"),
    (lambda d: (d.pop("board"), d.pop("pieces"), d.update(grid="sudoku", box=[2, 2],
                                                          givens=["...."] * 4)),
     "a Sudoku has no boards to vary"),
])
def test_a_bad_family_is_refused_by_name(change, words):
    assert words in bad(change)


def test_a_member_the_edited_board_no_longer_has_room_for_is_named():
    edited = dataclasses.replace(small_family(), board=rectangle(3, 2))  # (1, 1) still on it
    assert family_of(edited) is not None
    smaller = dataclasses.replace(small_family(), board=rectangle(1, 3))
    with pytest.raises(PuzzleError, match="'3x3 less its centre': open cell \\[1, 1\\]"):
        family_of(smaller)


def test_a_plain_puzzle_is_no_family():
    assert family_of(shipped("pentominoes-6x10.json")) is None
    assert "family" not in puzzle_to_json(shipped("pentominoes-6x10.json"))


def test_an_edited_family_that_no_longer_fits_still_opens_and_says_why(tmp_path):
    path = tmp_path / "edited.json"
    save_puzzle(dataclasses.replace(small_family(), board=rectangle(3, 1)), path)
    with pytest.raises(PuzzleError, match="open cell \\[1, 1\\] is not a cell of the board"):
        load_puzzle(path)
    opened = load_puzzle(path, strict=False)  # as the app opens a design in progress
    assert opened.family == small_family().family
    with pytest.raises(PuzzleError, match="'3x3 less its centre': open cell \\[1, 1\\]"):
        family_of(opened)


def test_cancel_stops_the_run_and_keeps_the_members_finished(tmp_path):
    calendar = family_of(shipped("calendar.json"))
    family = Family("20 dates", "", calendar.members[:20], True)  # each takes milliseconds
    path, seen = tmp_path / "run.json", []
    with pytest.raises(Cancelled):
        for event in solve_family(family, "all", checkpoint=path, cancel=lambda: bool(seen)):
            if isinstance(event, MemberResult):
                seen.append(event.name)
    kept = [member["name"] for member in json.loads(path.read_text())["members"]]
    assert kept == seen[:len(kept)] and 1 <= len(kept) < len(family.members)


def test_an_unknown_mode_is_refused_before_any_member_runs():
    with pytest.raises(PuzzleError, match="unknown symmetry mode 'mirror'"):
        list(solve_family(family_of(small_family()), "mirror"))
