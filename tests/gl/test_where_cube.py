"""Where Pieces Go in 3D for a box of cubes: every cube coloured and as opaque as the chosen
piece's share of solutions there (the tally's, checked against brute force in
tests/solvers/test_statistics.py), faces drawn back to front, cubes below a share hidden,
and the PNG export draws the 3D view with its scale."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage, QVector3D

from polygui.analysis.heat_cube import GHOST_ALPHA, HeatCube, heat_rgba
from polygui.resources import examples_dir
from polygui.views.colours import piece_colour
from solvers import solve
from solvers.analysis.statistics import piece_statistics
from solvers.search.events import SolutionBatch
from test_cube_view import framebuffer

WAIT_MS = 120_000


def where_for_soma(window, qtbot, symmetry: str = "all"):
    window.open_puzzle(examples_dir() / "soma.json")
    window.panel.limit.setValue(0)
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData(symmetry))
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=WAIT_MS)
    window.menus.where_action.trigger()
    dialog = window.design_tools.where
    qtbot.waitUntil(lambda: dialog.stats is not None, timeout=WAIT_MS)
    return dialog


def shown_3d(dialog, qtbot) -> HeatCube:
    qtbot.mouseClick(dialog.cube_button, Qt.MouseButton.LeftButton)
    view = dialog.cube_view
    qtbot.waitUntil(view.gl.isExposed)
    return view


def test_the_cubes_are_coloured_and_solid_by_the_share_of_solutions(window, qtbot):
    dialog = where_for_soma(window, qtbot)
    view = shown_3d(dialog, qtbot)
    assert dialog.picture() is view and "outlined" in dialog.summary.text()
    dialog.chooser.setCurrentIndex(3)
    puzzle = window.store.puzzle
    batches = [e for e in solve(puzzle, "all", batched=True) if isinstance(e, SolutionBatch)]
    expected = piece_statistics(puzzle, batches[0].placements, [b.rows for b in batches])
    shares = expected.share(3)
    assert np.allclose(view.relative, shares / shares.max())
    colours = view._items[0].opts["meshdata"].vertexColors()[::24]  # one a cube
    expected_rgba = heat_rgba(piece_colour(puzzle, 3), shares / shares.max())
    assert np.allclose(colours, expected_rgba, atol=1e-6)
    alpha = colours[:, 3]
    order = np.argsort(shares)
    assert np.all(np.diff(alpha[order]) >= -1e-6)  # more often covered: more solid
    assert alpha[np.argmax(shares)] == 1.0 and alpha.min() >= GHOST_ALPHA - 1e-6
    rgb = framebuffer(view)
    assert len({tuple(p) for p in rgb.reshape(-1, 3)[::11]}) > 20  # shaded, not blank


def test_faces_are_drawn_from_the_back_and_the_floor_hides_cubes(window, qtbot):
    dialog = where_for_soma(window, qtbot)
    view = shown_3d(dialog, qtbot)
    faces = view._items[0]
    eye = np.array([9.0, -4.0, 6.0])
    faces._sort_from(QVector3D(*eye))
    triangles = faces.opts["meshdata"].faces()
    centres = faces.opts["meshdata"].vertexes()[triangles].mean(axis=1)
    distance = ((centres - eye) ** 2).sum(axis=1)
    assert np.all(np.diff(distance) <= 1e-6)  # the farthest first
    peak = int(view.shares.max() * 100)
    assert view.floor.maximum() == peak  # the darkest cube never hidden
    view.floor.setValue(peak // 2)
    shown = view.shares >= peak // 2 / 100
    assert (view.visible() == shown).all() and 0 < shown.sum() < 27
    faces._sort_from(QVector3D(*eye))
    assert len(faces.opts["meshdata"].faces()) == 12 * shown.sum()
    assert view.floor_label.text() == f"Hiding cubes under {peak // 2}%"
    view.floor.setValue(peak)
    assert view.visible().sum() >= 1


def test_the_png_export_draws_the_3d_view_and_its_scale(window, qtbot, tmp_path):
    dialog = where_for_soma(window, qtbot, "distinct")
    view = shown_3d(dialog, qtbot)
    dialog.chooser.setCurrentIndex(1)
    dialog.ask_path = lambda parent, title, start, filters: str(tmp_path / "where.png")
    assert dialog.export_png()
    image = QImage(str(tmp_path / "where.png"))
    assert image.size() == QSize(1200, 900)
    hue = piece_colour(window.store.puzzle, 1).hsvHue()
    tinted = sum(1 for x in range(0, 1200, 5) for y in range(0, 820, 5)
                 if (c := image.pixelColor(x, y)).hsvSaturation() > 60
                 and min(abs(c.hsvHue() - hue), 360 - abs(c.hsvHue() - hue)) < 20)
    assert tinted > 100  # the cubes in the piece's colour
    bar = [image.pixelColor(x, 900 - 40) for x in (80, 600, 1100)]  # the scale: pale to dark
    assert bar[0].lightness() > bar[1].lightness() > bar[2].lightness()
    qtbot.mouseClick(dialog.layers_button, Qt.MouseButton.LeftButton)
    assert dialog.picture() is dialog.view and view is dialog.cube_view  # kept for later
