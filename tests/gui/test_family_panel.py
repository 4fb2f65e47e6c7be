"""The Family dock's widgets fed from plain results: the checks in words, the table (filled in
as members end, sortable), the calendar and the thumbnails (colours, clicks), the exports (CSV,
PNG, SVG, a failure said in one message), and the run's worker off the GUI thread."""

from __future__ import annotations

import csv
import io
import threading
import xml.etree.ElementTree as ElementTree

from PySide6.QtCore import QObject, QPointF, Qt, QThread, Signal, Slot
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from polygui.family.colour_scale import NONE, PENDING
from polygui.family.panel import FamilyPanel
from polygui.family.pictures import CalendarPicture, ThumbnailsPicture
from polygui.family.results import FamilyResults
from polygui.family.run import FamilyRun
from polygui.solving.run import SearchOptions
from qt_fixtures import show_widget
from solvers import Cancelled, GridKind, Piece, Progress, Puzzle
from solvers.puzzle.family import Family, Member
from solvers.parallel.family import MemberResult

from puzzles import shipped

DATES = ((1, 1), (2, 29), (2, 30), (7, 14), (12, 31))


def calendar_family(counts=None) -> tuple[Family, FamilyResults]:
    board = shipped("pentominoes-3x20.json")  # any puzzle: only the dates are drawn
    family = Family("Dates", "", tuple(Member(f"{m}/{d}", board, (m, d)) for m, d in DATES),
                    True)
    results = FamilyResults(family)
    for index, count in enumerate(counts or ()):
        results.add(MemberResult(index, family.members[index].name, count, 0.25, True))
    return family, results


def boards_family() -> Family:
    names = ("pentominoes-3x20.json", "pentominoes-5x12.json", "pentominoes-6x10.json")
    return Family("Rectangles", "", tuple(Member(name[:-5], shipped(name)) for name in names),
                  False)


def result(family: Family, index: int, solutions: int, seconds: float = 0.5) -> MemberResult:
    return MemberResult(index, family.members[index].name, solutions, seconds, True)


def test_checks_name_the_members_without_a_solution_and_the_extremes():
    _, results = calendar_family([4, 0, 0, 1, 9])
    lines = results.checks()
    assert "2 dates have none: Feb 29, Feb 30." in lines
    assert "Not every date has exactly one solution (4 dates do not)." in lines
    assert "Fewest: 0 (Feb 29, Feb 30); most: 9 (Dec 31)." in lines
    _, one_each = calendar_family([1, 1, 1, 1, 1])
    assert one_each.checks()[:2] == ["Every date has a solution.",
                                     "Every date has exactly one solution."]


def test_checks_say_how_much_of_the_family_they_speak_of():
    family = boards_family()
    results = FamilyResults(family)
    assert results.checks() == ["3 members, none solved yet."]
    results.add(result(family, 1, 0))
    assert results.checks()[0] == "1 of 3 members solved: the checks speak of those."
    assert "1 member has none: pentominoes-5x12." in results.checks()


def test_the_table_fills_in_as_members_end_and_sorts_by_count(qtbot):
    family = boards_family()
    panel = show_widget(qtbot, FamilyPanel(), 900, 400)
    panel.show_family(FamilyResults(family))
    table = panel.table
    assert [table.figures(row) for row in range(3)] == [(0, "", ""), (1, "", ""), (2, "", "")]
    panel.add_result(result(family, 2, 2339, 1.5))
    panel.add_result(result(family, 0, 2, 0.02))
    assert table.figures(0) == (0, "2", "20 ms")
    assert table.figures(2) == (2, "2,339", "1.5 s")
    table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    assert [table.figures(row)[0] for row in range(3)] == [2, 0, 1]  # not solved: least
    panel.add_result(result(family, 1, 1010))  # a row filled in while sorted moves to its place
    assert [table.figures(row)[0] for row in range(3)] == [2, 1, 0]
    qtbot.waitUntil(lambda: panel.checks.text().startswith("Every member has a solution."))
    with qtbot.waitSignal(panel.member_chosen) as chosen:
        table.cellDoubleClicked.emit(1, 0)
    assert chosen.args == [1]


def test_the_calendar_colours_each_date_by_its_count_and_a_click_names_it(qtbot):
    family, results = calendar_family([3, 0, 7])  # Jul 14 and Dec 31 not solved yet
    panel = show_widget(qtbot, FamilyPanel(), 1000, 420)
    panel.show_family(results)
    view = panel.picture
    picture = view.picture
    assert isinstance(picture, CalendarPicture)
    members = [cell.member for cell in picture.cells if cell.member is not None]
    assert sorted(members) == [0, 1, 2, 3, 4]
    assert len(picture.cells) == 366 + 1  # every day of a leap year, and Feb 30, a member
    image = view.grab().toImage()
    transform = picture.transform(view.target())
    for index, expected in ((1, NONE), (3, PENDING)):
        cell = next(cell for cell in picture.cells if cell.member == index)
        corner = transform.map(cell.rect.topRight() + QPointF(-1.5, 1.5))  # clear of figures
        assert image.pixelColor(corner.toPoint()) == expected
    jul14 = next(cell for cell in picture.cells if cell.member == 3)
    with qtbot.waitSignal(view.member_clicked) as clicked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                         pos=transform.map(jul14.rect.center()).toPoint())
    assert clicked.args == [3]
    not_member = next(cell for cell in picture.cells if cell.member is None)
    assert view.member_at(*transform.map(not_member.rect.center()).toTuple()) is None


def test_a_weekday_calendar_draws_a_stripe_per_weekday_and_a_click_opens_that_one(qtbot):
    board = shipped("pentominoes-3x20.json")  # any puzzle: only the dates are drawn
    members = tuple(Member(f"{w} Jan {d}", board, (1, d), w) for d in (1, 2) for w in range(7))
    family = Family("Weekdays", "", members, True)
    results = FamilyResults(family)
    results.add(MemberResult(3, members[3].name, 0, 0.1, True))  # Thu Jan 1: none
    results.add(MemberResult(4, members[4].name, 5, 0.1, True))
    panel = show_widget(qtbot, FamilyPanel(), 1000, 420)
    panel.show_family(results)
    view = panel.picture
    picture = view.picture
    jan1 = [cell for cell in picture.cells if cell.member is not None and cell.member < 7]
    assert [cell.member for cell in jan1] == list(range(7))  # Monday first, left to right
    assert all(a.rect.right() <= b.rect.left() + 1e-9 for a, b in zip(jan1, jan1[1:]))
    assert [number for number, _ in picture.day_numbers] == ["1", "2"]
    image = view.grab().toImage()
    transform = picture.transform(view.target())
    lower = transform.map(jan1[3].rect.center() + QPointF(0, 3))  # below the day's number
    assert image.pixelColor(lower.toPoint()) == NONE
    with qtbot.waitSignal(view.member_clicked) as clicked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=lower.toPoint())
    assert clicked.args == [3]
    assert "Thu Jan 1" in results.checks()[1]
    rows = list(csv.DictReader(io.StringIO(results.csv_text())))
    assert (rows[3]["weekday"], rows[3]["solutions"]) == ("Thu", "0")


def test_thumbnails_show_every_member_with_its_count(qtbot):
    family = boards_family()
    results = FamilyResults(family)
    results.add(result(family, 0, 0))
    panel = show_widget(qtbot, FamilyPanel(), 900, 400)
    panel.show_family(results)
    picture = panel.picture.picture
    assert isinstance(picture, ThumbnailsPicture)
    assert [cell.member for cell in picture.cells] == [0, 1, 2]
    image = panel.picture.grab().toImage()
    transform = picture.transform(panel.picture.target())
    tile = transform.mapRect(picture.cells[0].rect)
    assert image.pixelColor((tile.topLeft() + QPointF(tile.width() / 2, 4)).toPoint()) == NONE


def test_exports_write_the_table_and_the_picture(qtbot, tmp_path):
    family, results = calendar_family([3, 0, 7, 1, 2])
    panel = show_widget(qtbot, FamilyPanel(), 900, 400)
    panel.show_family(results)
    for suffix in (".csv", ".png", ".svg"):
        panel.ask_path = lambda _suffix, _offered, suffix=suffix: str(tmp_path / f"out{suffix}")
        assert panel.export(suffix)
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out.csv").read_text())))
    assert [(row["month"], row["day"], row["solutions"]) for row in rows] == [
        (str(m), str(d), str(n)) for (m, d), n in zip(DATES, (3, 0, 7, 1, 2))]
    image = QImage(str(tmp_path / "out.png"))
    assert not image.isNull() and image.width() == 1600
    assert ElementTree.parse(tmp_path / "out.svg").getroot().tag.endswith("svg")


def test_a_failed_export_says_why_and_leaves_no_file(qtbot, tmp_path, monkeypatch):
    _, results = calendar_family([1])
    panel = show_widget(qtbot, FamilyPanel(), 900, 400)
    panel.show_family(results)
    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: said.append(text))
    missing = tmp_path / "no such folder" / "dates.png"
    panel.ask_path = lambda *_: str(missing)
    assert not panel.export(".png")
    assert len(said) == 1 and "dates.png" in said[0] and "Traceback" not in said[0]
    assert not missing.parent.exists()
    panel.ask_path = lambda *_: str(tmp_path / "dates.txt")
    assert not panel.export(".png") and "as .csv" in said[1]


class Taken(QObject):
    """A family run's signals taken on the GUI thread, as the window takes them."""

    ended = Signal(str)

    def __init__(self, run: FamilyRun) -> None:
        super().__init__()
        self.results, self.progress = [], []
        run.worker.member_done.connect(self.take)
        run.worker.progress_changed.connect(self.take_progress)
        run.worker.finished.connect(self.ended)

    @Slot(object)
    def take(self, result) -> None:
        self.results.append(result)

    @Slot(object)
    def take_progress(self, progress) -> None:
        self.progress.append(progress)


def test_the_worker_reports_from_its_own_thread_and_stops(qtbot):
    family, _ = calendar_family()
    started, threads = threading.Event(), []

    def solver(family, symmetry, *, cancel, **options):
        threads.append(QThread.currentThread())
        yield Progress("searching", fraction_done=0.2)
        yield result(family, 0, 5)
        started.set()
        while not cancel():  # a long member: only a stop ends it
            threading.Event().wait(0.005)
        raise Cancelled()

    run = FamilyRun(family, "distinct", SearchOptions(jobs=2), solver)
    taken = Taken(run)
    with qtbot.waitSignal(taken.ended, timeout=10_000) as finished:
        run.start()
        qtbot.waitUntil(started.is_set)
        qtbot.waitUntil(lambda: len(taken.results) == 1)
        run.worker.stop()
    assert finished.args == ["stopped"]
    assert [(r.index, r.solutions) for r in taken.results] == [(0, 5)]
    assert [p.fraction_done for p in taken.progress] == [0.2]
    assert threads[0] is not QThread.currentThread()  # never the GUI thread
    assert run.shutdown()


def test_a_damaged_checkpoint_is_set_aside_and_the_family_counted_afresh(qtbot, tmp_path):
    piece = Piece("L", ((0, 0), (0, 1), (1, 1)), 2, True, "#3cb44b")
    boards = {"2x3": [(x, y) for x in range(2) for y in range(3)],
              "3x2": [(x, y) for x in range(3) for y in range(2)]}
    family = Family("Ls", "", tuple(Member(name, Puzzle(GridKind.SQUARE, name, board=tuple(cells),
                                                        pieces=(piece,)))
                                    for name, cells in boards.items()), False)
    kept = tmp_path / "ls.family-run.json"
    kept.write_text("{not json")
    run = FamilyRun(family, "distinct", SearchOptions(checkpoint=kept, resume=kept))
    taken = Taken(run)
    with qtbot.waitSignal(taken.ended, timeout=30_000) as finished:
        run.start()
    assert finished.args == ["done"] and run.shutdown()
    assert sorted(result.index for result in taken.results) == [0, 1]
    assert all(result.complete and result.solutions > 0 for result in taken.results)
    assert not kept.exists()  # every member counted: nothing left to go on from
