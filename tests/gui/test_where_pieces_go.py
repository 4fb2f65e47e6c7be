"""Where Pieces Go, from the Solve menu: tallied in a thread of its own over the solutions the
window found, shown as a heatmap per piece (per digit for a Sudoku), exported as PNG and
CSV; stopping and closing leave no thread behind."""

from __future__ import annotations

import csv

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from polygui.analysis import where_dialog
from polygui.resources import examples_dir
from solvers import solve
from solvers.analysis.statistics import piece_statistics
from solvers.puzzle.fileformat import load_puzzle
from solvers.search.events import SolutionBatch


def solved(window, qtbot, name: str, symmetry: str = "all") -> None:
    window.open_puzzle(examples_dir() / name)
    window.panel.limit.setValue(0)
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData(symmetry))
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=90_000)


def open_where(window, qtbot):
    window.menus.where_action.trigger()
    dialog = window.design_tools.where
    qtbot.waitUntil(lambda: dialog.stats is not None, timeout=60_000)
    return dialog


def test_without_solutions_the_menu_says_solve_first(window):
    window.menus.where_action.trigger()
    assert window.design_tools.where is None
    assert "solve first" in window.statusBar().currentMessage()


def test_the_heatmap_of_a_piece_is_the_share_of_solutions_covering_each_cell(
        window, qtbot, tmp_path):
    solved(window, qtbot, "pentominoes-3x20.json")
    dialog = open_where(window, qtbot)
    puzzle = load_puzzle(examples_dir() / "pentominoes-3x20.json")
    batches = [e for e in solve(puzzle, "all", batched=True) if isinstance(e, SolutionBatch)]
    expected = piece_statistics(puzzle, batches[0].placements, [b.rows for b in batches])
    assert dialog.stats.solutions == expected.solutions == len(window.store) == 8
    dialog.chooser.setCurrentIndex(3)
    assert np.allclose(dialog.view.shares, expected.share(3))
    assert "8 solutions found (all)" in dialog.summary.text()
    assert dialog.png_button.isEnabled() and not dialog.stop_button.isEnabled()
    dialog.ask_path = lambda parent, title, start, filters: str(tmp_path / "heat.png")
    assert dialog.export_png()
    image = QImage(str(tmp_path / "heat.png"))
    assert image.width() == 1200 and image.height() == 900
    colours = {image.pixel(x, y) for x in range(0, 1200, 7) for y in range(0, 900, 7)}
    assert len(colours) > 4  # cells shaded, not a blank page
    dialog.ask_path = lambda parent, title, start, filters: str(tmp_path / "where.csv")
    assert dialog.export_csv()
    rows = list(csv.DictReader((tmp_path / "where.csv").open()))
    assert len(rows) == len(puzzle.pieces) * len(puzzle.board)
    dialog.close()


def test_a_sudoku_shows_where_each_digit_lands(window, qtbot):
    solved(window, qtbot, "sudoku-4x4-empty.json")
    dialog = open_where(window, qtbot)
    assert dialog.stats.solutions == 288
    assert dialog.chooser.count() == 4 and dialog.chooser.currentText() == "Digit 1"
    assert np.allclose(dialog.view.shares, 0.25)  # by symmetry, a quarter in every cell
    dialog.close()


def test_stop_ends_the_tally_and_closing_leaves_no_thread(window, qtbot, monkeypatch):
    solved(window, qtbot, "pentominoes-3x20.json")
    real = where_dialog.StatisticsJob.run

    def held(job):  # the tally starts only once Stop is pressed: it must see the stop
        job._stop.wait(30)
        real(job)

    monkeypatch.setattr(where_dialog.StatisticsJob, "run", held)
    window.menus.where_action.trigger()
    dialog = window.design_tools.where
    assert dialog.is_tallying() and dialog.stop_button.isEnabled()
    assert not dialog.png_button.isEnabled()
    job = dialog.job
    qtbot.mouseClick(dialog.stop_button, Qt.MouseButton.LeftButton)
    assert not job.isRunning() and dialog.job is None
    assert dialog.stats is None and "Stopped" in dialog.summary.text()
    qtbot.wait(50)  # nothing arrives late from the stopped thread
    assert dialog.stats is None
    window.design_tools.close()
    assert window.design_tools.where is None


def test_closing_the_window_during_a_tally_ends_its_thread(window, qtbot, monkeypatch):
    solved(window, qtbot, "pentominoes-3x20.json")
    real = where_dialog.StatisticsJob.run

    def held(job):
        job._stop.wait(30)
        real(job)

    monkeypatch.setattr(where_dialog.StatisticsJob, "run", held)
    window.menus.where_action.trigger()
    job = window.design_tools.where.job
    assert job.isRunning()
    window.close()
    assert not job.isRunning()


def test_a_box_of_cubes_is_shown_as_its_labelled_layers(window, qtbot, tmp_path):
    solved(window, qtbot, "soma.json", "distinct")
    dialog = open_where(window, qtbot)
    assert dialog.view.captions == ["layer 1 (bottom)", "layer 2", "layer 3 (top)"]  # as Solve's
    assert dialog.picture() is dialog.view and dialog.cube_view is None  # no OpenGL yet
    assert dialog.layers_button.isChecked() and dialog.cube_button.isVisible()
    puzzle = window.store.puzzle
    cells = np.array(puzzle.board)
    dialog.chooser.setCurrentIndex(2)
    shares = dialog.view.shares
    for panel, z in zip(dialog.view.panels, range(3)):  # each layer holds its cells' shares
        assert (cells[panel.positions, 2] == z).all()
        assert len(panel.positions) == 9
    assert np.allclose(shares, dialog.stats.share(2))
    dialog.ask_path = lambda parent, title, start, filters: str(tmp_path / "layers.png")
    assert dialog.export_png()
    assert QImage(str(tmp_path / "layers.png")).size() == dialog.view.render_image(
        where_dialog.PNG_SIZE).size()
    dialog.close()


def test_a_flat_board_has_no_view_switch(window, qtbot):
    solved(window, qtbot, "pentominoes-3x20.json")
    dialog = open_where(window, qtbot)
    assert dialog.view.captions == [""]
    assert dialog.cube_button is None
    dialog.close()
