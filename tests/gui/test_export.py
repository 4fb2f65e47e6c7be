"""Exports: images at the asked size (PNG, SVG, clipboard), contact sheets (PDF pages, PNG
pages, progress, cancel), solutions as data from the window, and failures that leave no file."""

from __future__ import annotations

import errno
import json
import os
import re
import threading
import xml.etree.ElementTree as ElementTree

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QPushButton

from polygui.cli import main as cli_main
from polygui.export import data_job
from polygui.export.dialogs import ImageOptions, SheetOptions
from polygui.export.images import render_flat, svg_bytes
from polygui.export.sheet import ContactSheet
from polygui.resources import examples_dir
from solvers import PuzzleError, Solution, solve
from solvers.output.export_data import export_solutions
from solvers.puzzle.fileformat import load_puzzle


def solved(window, qtbot, name: str, limit: int = 0) -> None:
    window.open_puzzle(examples_dir() / name)
    window.panel.limit.setValue(limit)
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)


def pdf_pages(path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", path.read_bytes()))


def first_solutions(name: str, count: int, symmetry: str = "distinct"):
    puzzle = load_puzzle(examples_dir() / name)
    return puzzle, [e for e in solve(puzzle, symmetry, limit=count) if isinstance(e, Solution)]


def test_png_export_has_the_asked_size_and_shows_the_solution(window, qtbot, tmp_path):
    solved(window, qtbot, "meteor.json", limit=2)
    exports = window.exports
    exports.ask_image_options = lambda parent, size, vector: ImageOptions(
        "png", QSize(1200, 800), False)
    pictures = []
    for number in (1, 2):
        window.browser.set_current(number - 1)
        path = tmp_path / f"meteor-{number}.png"
        exports.ask_path = lambda *args, p=path: str(p)
        assert exports.export_image()
        image = QImage(str(path))
        assert (image.width(), image.height()) == (1200, 800)
        pictures.append(image)
    assert pictures[0] != pictures[1]  # different solutions, different images
    assert pictures[0].pixelColor(3, 3).alpha() == 255


def test_transparent_png_and_svg_of_a_sudoku(window, qtbot, tmp_path):
    solved(window, qtbot, "sudoku-reference.json")
    exports = window.exports
    exports.ask_image_options = lambda parent, size, vector: ImageOptions(
        "png", QSize(500, 400), True)
    exports.ask_path = lambda *args: str(tmp_path / "sudoku.png")
    assert exports.export_image()
    image = QImage(str(tmp_path / "sudoku.png"))
    assert image.size() == QSize(500, 400) and image.pixelColor(2, 2).alpha() == 0
    assert image.pixelColor(250, 200).alpha() == 255  # the grid itself is opaque
    exports.ask_image_options = lambda parent, size, vector: ImageOptions(
        "svg", QSize(500, 500), False)
    exports.ask_path = lambda *args: str(tmp_path / "sudoku.svg")
    assert exports.export_image()
    root = ElementTree.parse(tmp_path / "sudoku.svg").getroot()
    assert root.tag.endswith("svg") and root.get("viewBox").split() == ["0", "0", "500", "500"]
    assert "3" in "".join(root.itertext())  # digits are text: vector, not pixels


def test_svg_of_different_solutions_differ_and_parse():
    puzzle, (first, second) = first_solutions("pentominoes-6x10.json", 2)
    documents = [svg_bytes(puzzle, s, QSize(600, 400)) for s in (first, second)]
    for document in documents:
        ElementTree.fromstring(document)
    assert documents[0] != documents[1]
    with pytest.raises(PuzzleError, match="SVG is for flat puzzles"):
        svg_bytes(load_puzzle(examples_dir() / "soma.json"), None, QSize(10, 10))


def test_copy_image_puts_the_view_on_the_clipboard(window, qtbot):
    solved(window, qtbot, "meteor.json", limit=1)
    QGuiApplication.clipboard().clear()
    assert window.exports.copy_image()
    copied = QGuiApplication.clipboard().image()
    assert not copied.isNull() and copied.size() == window.exports.view_size()


def test_contact_sheet_pdf_from_the_window_has_a_page_per_twenty(window, qtbot, tmp_path):
    solved(window, qtbot, "pentominoes-6x10.json", limit=45)
    exports = window.exports
    exports.ask_sheet_options = lambda parent, count: SheetOptions("pdf", 1, count, 4, 5)
    out = tmp_path / "out"
    out.mkdir()
    path = out / "sheet.pdf"
    exports.ask_path = lambda *args: str(path)
    assert exports.export_sheet()
    sheet = exports.sheet
    steps = []
    sheet.progress.connect(lambda done, total: steps.append(done))
    with qtbot.waitSignal(sheet.finished, timeout=60_000):
        pass
    assert pdf_pages(path) == 3 and exports.sheet is None
    assert steps == sorted(steps)  # drawn in slices from the event loop, progress reported
    assert os.listdir(out) == ["sheet.pdf"]


def test_cancelling_a_sheet_leaves_nothing(window, qtbot, tmp_path):
    solved(window, qtbot, "meteor.json", limit=200)
    exports = window.exports
    exports.ask_sheet_options = lambda parent, count: SheetOptions("png", 1, count, 4, 5)
    out = tmp_path / "out"
    out.mkdir()
    exports.ask_path = lambda *args: str(out / "sheet.png")
    assert exports.export_sheet()
    qtbot.waitSignal(exports.sheet.progress, timeout=10_000).wait()
    exports.cancel_sheet()
    qtbot.wait(50)
    assert exports.sheet is None and os.listdir(out) == []


def test_png_sheet_pages_are_numbered_and_a_page_each():
    puzzle, solutions = first_solutions("meteor.json", 25, "all")
    folder = __import__("tempfile").mkdtemp()
    target = os.path.join(folder, "m.png")
    paths = ContactSheet(puzzle, solutions.__getitem__, range(25), target).run()
    assert [p.name for p in paths] == ["m-001.png", "m-002.png"]
    assert QImage(str(paths[0])).size() == QSize(2480, 3508)


def test_solutions_as_data_record_the_symmetry(window, qtbot, tmp_path):
    window.open_puzzle(examples_dir() / "soma.json")
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("rotations"))
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    path = tmp_path / "soma.json"
    window.exports.ask_path = lambda *args: str(path)
    assert window.exports.export_solutions()
    qtbot.waitUntil(lambda: window.exports.data_job is None, timeout=10_000)
    data = json.loads(path.read_text())
    assert data["symmetry"] == "rotations" and data["count"] == window.browser.count
    assert f"Exported {data['count']} solutions" in window.statusBar().currentMessage()


@pytest.fixture
def held_data_export(monkeypatch):
    """The data export, made to wait at its first progress report until told to stop; records
    the thread it ran in."""
    threads, started = [], threading.Event()

    def held(*args, progress, **kwargs):
        job_stop = progress.__self__.stop_requested
        threads.append(threading.current_thread())

        def report(done):
            started.set()
            job_stop.wait(10)
            return progress(done)
        return export_solutions(*args, progress=report, **kwargs)

    monkeypatch.setattr(data_job, "export_solutions", held)
    return threads, started


def test_solutions_are_written_off_the_gui_thread_and_cancel_leaves_the_old_file(
        window, qtbot, tmp_path, held_data_export):
    threads, started = held_data_export
    solved(window, qtbot, "meteor.json")
    out = tmp_path / "out"
    out.mkdir()
    path = out / "meteor.csv"
    path.write_text("the old file")
    window.exports.ask_path = lambda *args: str(path)
    assert window.exports.export_solutions()
    assert started.wait(10) and threads[0] is not threading.main_thread()
    qtbot.waitUntil(lambda: window.exports.data_progress.isVisible())  # shown after 300 ms
    cancel = window.exports.data_progress.findChild(QPushButton)
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert window.exports.data_job is None and window.exports.data_progress is None
    assert path.read_text() == "the old file" and os.listdir(out) == ["meteor.csv"]
    assert "nothing was written" in window.statusBar().currentMessage()


def test_closing_the_window_during_a_data_export_ends_its_thread(window, qtbot, tmp_path,
                                                                 held_data_export):
    _, started = held_data_export
    solved(window, qtbot, "meteor.json")
    out = tmp_path / "out"
    out.mkdir()
    window.exports.ask_path = lambda *args: str(out / "m.json")
    assert window.exports.export_solutions()
    job = window.exports.data_job
    assert started.wait(10)
    window.close()
    assert job.isFinished() and os.listdir(out) == []


def test_data_export_failures_are_named(window, qtbot, tmp_path):
    solved(window, qtbot, "meteor.json", limit=3)
    exports, shown = window.exports, []
    exports.warn = lambda title, text: shown.append(text)
    out = tmp_path / "out"
    out.mkdir()
    exports.ask_path = lambda *args: str(out / "x.dat")
    assert not exports.export_solutions() and ".json, .csv or .txt" in shown[-1]
    exports.ask_path = lambda *args: str(out / "no-such-folder" / "x.json")
    assert exports.export_solutions()
    qtbot.waitUntil(lambda: exports.data_job is None, timeout=10_000)
    assert "no-such-folder" in shown[-1] and os.listdir(out) == []


def test_export_failures_say_why_and_leave_no_file(window, qtbot, tmp_path, monkeypatch):
    solved(window, qtbot, "meteor.json", limit=1)
    exports = window.exports
    shown = []
    exports.warn = lambda title, text: shown.append(text)
    exports.ask_image_options = lambda parent, size, vector: ImageOptions(
        "png", QSize(800, 600), False)
    exports.ask_path = lambda *args: str(tmp_path / "no-such-folder" / "x.png")
    assert not exports.export_image()
    assert "no-such-folder" in shown[-1]

    def full_disk(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    out = tmp_path / "out"
    out.mkdir()
    exports.ask_path = lambda *args: str(out / "full.png")
    assert not exports.export_image()
    assert "No space left on device" in shown[-1] and os.listdir(out) == []
    monkeypatch.undo()
    with pytest.raises(PuzzleError, match="between 1 and"):
        render_flat(window.puzzle, None, QSize(0, 100))


def test_a_sheet_that_cannot_be_written_leaves_no_pages(tmp_path, monkeypatch):
    puzzle, solutions = first_solutions("meteor.json", 30, "all")
    monkeypatch.setattr(QImage, "save", lambda self, *args: False)  # as on a full disk
    with pytest.raises(PuzzleError, match="cannot write the contact sheet"):
        ContactSheet(puzzle, solutions.__getitem__, range(30), tmp_path / "s.png").run()
    assert os.listdir(tmp_path) == []


def test_headless_command_line_exports(tmp_path, capsys):
    meteor = str(examples_dir() / "meteor.json")
    png = tmp_path / "m5.png"
    assert cli_main([meteor, "--export-png", str(png), "--solution", "5",
                     "--size", "1200x800"]) == 0
    assert QImage(str(png)).size() == QSize(1200, 800)
    other = tmp_path / "m6.png"
    assert cli_main([meteor, "--export-png", str(other), "--solution", "6",
                     "--size", "1200x800"]) == 0
    assert QImage(str(png)) != QImage(str(other))
    sheet = tmp_path / "sheet.pdf"
    assert cli_main([meteor, "--sheet", str(sheet), "--limit", "100"]) == 0
    assert pdf_pages(sheet) == 5
    svg = tmp_path / "m.svg"
    assert cli_main([meteor, "--export-svg", str(svg)]) == 0
    ElementTree.parse(svg)
    with pytest.raises(SystemExit) as exit_:
        cli_main([meteor, "--export-png", str(tmp_path / "bad.png"), "--size", "12"])
    assert exit_.value.code == 2 and "WIDTHxHEIGHT" in capsys.readouterr().err
    assert cli_main([meteor, "--export-png", str(tmp_path / "x.png"), "--solution", "5000"]) == 2
    assert not (tmp_path / "bad.png").exists() and not (tmp_path / "x.png").exists()


HUGE = "99999999999"


@pytest.mark.parametrize("args, message", [
    (["--export-png", "x.png", "--size", f"{HUGE}x1"],
     f"argument --size: '{HUGE}x1': the width must be from 1 to 20,000"),
    (["--export-png", "x.png", "--solution", HUGE * 2], "argument --solution: "),
    (["--sheet", "x.pdf", "--sheet-grid", f"{HUGE}x1"],
     f"argument --sheet-grid: '{HUGE}x1': the columns must be from 1 to 20"),
    (["--sheet", "x.pdf", "--sheet-grid", "4x31"], "the rows must be from 1 to 30"),
    (["--export-png", "x.png", "--jobs", "2"], "--jobs does not apply to image exports"),
    (["--export-svg", "x.svg", "--cluster", "local:2"],
     "--cluster does not apply to image exports"),
    (["--export-png", "x.png", "--limit", "5"], "--limit does not apply to --export-png"),
    (["--sheet", "x.pdf", "--size", "10x10"], "--size does not apply to --sheet"),
])
def test_command_line_image_values_are_refused_before_any_work(tmp_path, capsys, monkeypatch,
                                                              args, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        cli_main([str(examples_dir() / "meteor.json"), *args])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    assert err.strip().splitlines()[-1].startswith("polygui-solve: error: ")
    assert message in err.strip().splitlines()[-1]
    assert os.listdir(tmp_path) == []


def test_ctrl_c_while_a_sheet_is_drawn_leaves_no_pages(tmp_path, monkeypatch):
    puzzle, solutions = first_solutions("meteor.json", 30, "all")
    sheet = ContactSheet(puzzle, solutions.__getitem__, range(30), tmp_path / "s.png", 2, 2)
    draw = ContactSheet._draw_next

    def interrupted_at_the_twentieth(self):
        if self.done == 20:  # five pages drawn and saved as temporaries
            raise KeyboardInterrupt
        draw(self)

    monkeypatch.setattr(ContactSheet, "_draw_next", interrupted_at_the_twentieth)
    with pytest.raises(KeyboardInterrupt):
        sheet.run()
    assert os.listdir(tmp_path) == []


def test_a_calendar_date_is_drawn_with_its_open_cells_showing_the_date(capsys, tmp_path):
    """`--member "Jan 1"` draws that date's solution: the board and, empty, the two cells the
    date leaves open with their words (the picture once left them out, and a family without
    --member was solved as one board and failed)."""
    from polygui.views.board_view import BoardView
    from polygui.views.cells import EMPTY
    from solvers.puzzle.family import family_of

    calendar = str(examples_dir() / "calendar.json")
    png = tmp_path / "jan-1.png"
    assert cli_main([calendar, "--member", "Jan 1", "--export-png", str(png)]) == 0
    assert QImage(str(png)).width() > 0
    assert cli_main([calendar, "--export-png", str(tmp_path / "all.png")]) == 2
    assert "name the member to draw with --member" in capsys.readouterr().err
    member = family_of(load_puzzle(examples_dir() / "calendar.json")).members[0].puzzle
    view = BoardView()
    view.set_puzzle(member)
    view.set_solution(next(e for e in solve(member) if isinstance(e, Solution)))
    board = len(member.board)
    assert len(view._picture.labels) == board + 2  # the board's cells, then Jan and 1
    assert (view._picture.labels[board:] == EMPTY).all()
    assert (view._picture.labels[:board] != EMPTY).all()
    assert sorted(text for at, text in view._picture.captions if at >= board) == ["1", "Jan"]
