"""The 3D cube view under Xvfb with GLX: shaded voxels with edges, stepping, explode,
visibility, and colour-only updates when the solution changes."""

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QImage
from PySide6.QtWidgets import QApplication, QMenu

from polygui.main_window import MainWindow
from polygui.resources import examples_dir
from polygui.views.board_picture import fit_transform
from polygui.views.cube_view import BACKGROUND, CubeView
from polygui.views.tiling import SQUARE
from polygui.views.voxel_items import OUTLINE_RGBA
from puzzles import BURRTOOLS
from solvers import Solution, solve


def first_solutions(puzzle, count):
    return [e for e in solve(puzzle, "all", limit=count) if isinstance(e, Solution)]


def framebuffer(view: CubeView) -> np.ndarray:
    """(h, w, 3) RGB of what the GL window shows now."""
    image = view.gl.readQImage().convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(image.constBits(), dtype=np.uint8)
    rows = data.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 3]
    return rows.reshape(image.height(), image.width(), 3).copy()


def drawn_fraction(rgb: np.ndarray) -> float:
    """Share of pixels that are not background."""
    return float(np.any(rgb != np.array(BACKGROUND, dtype=np.uint8), axis=2).mean())


def shown_cube_view(qtbot) -> CubeView:
    view = CubeView()
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(view.gl.isExposed)  # the embedded GL window is exposed on its own
    return view


@pytest.fixture
def cube(qtbot, asset):
    view = shown_cube_view(qtbot)
    puzzle = asset("soma.json")
    view.set_puzzle(puzzle)
    view.set_solution(first_solutions(puzzle, 1)[0])
    return view


def test_voxels_render_shaded_with_edges(cube):
    rgb = framebuffer(cube)
    assert rgb.shape[0] > 100 and 0.05 < drawn_fraction(rgb) < 0.9
    edge = (np.array(OUTLINE_RGBA[:3]) * 255).astype(int)
    assert (np.abs(rgb.astype(int) - edge).sum(axis=2) < 60).sum() > 200, "no dark edges"
    colours = {tuple(p) for p in rgb.reshape(-1, 3)[::7]}
    assert len(colours) > 30, "flat colours: no shading"


def test_unsolved_board_shows_empty_voxels(cube):
    cube.set_solution(None)
    rgb = framebuffer(cube)
    assert drawn_fraction(rgb) > 0.05
    drawn = rgb[np.any(rgb != np.array(BACKGROUND, dtype=np.uint8), axis=2)].astype(int)
    assert np.median(np.ptp(drawn, axis=1)) < 20, "empty voxels should be grey"


def test_explode_pulls_pieces_apart(cube):
    together = framebuffer(cube)
    cube.explode.setValue(cube.explode.maximum())
    apart = framebuffer(cube)
    assert not np.array_equal(together, apart)
    cube.explode.setValue(0)
    assert np.array_equal(framebuffer(cube), together)


def test_hiding_pieces_removes_them_from_the_view_and_the_layers(cube):
    shown = drawn_fraction(framebuffer(cube))
    for piece in range(1, len(cube.puzzle.pieces)):
        cube.legend.set_visible(piece, False)
    only_one = drawn_fraction(framebuffer(cube))
    assert 0 < only_one < shown / 2
    assert cube.visible_pieces().tolist() == [True] + [False] * (len(cube.puzzle.pieces) - 1)
    cube.show_all_button.click()
    assert drawn_fraction(framebuffer(cube)) == pytest.approx(shown)


def test_a_new_solution_uploads_colours_not_geometry(cube, asset, monkeypatch):
    calls = []
    for name in ("set_vertex_colours", "set_positions", "set_triangles"):
        original = getattr(cube._faces, name)
        monkeypatch.setattr(cube._faces, name,
                            lambda *args, _n=name, _o=original: (calls.append(_n), _o(*args)))
    before = framebuffer(cube)
    cube.set_solution(first_solutions(asset("soma.json"), 2)[1])
    assert calls == ["set_vertex_colours"]
    assert not np.array_equal(before, framebuffer(cube))


def test_reset_view_restores_the_camera(cube):
    start = dict(cube.gl.cameraParams())
    cube.gl.orbit(40, 15)
    cube.gl.opts["distance"] *= 2
    assert cube.gl.cameraParams() != start
    cube.reset_button.click()
    assert cube.gl.cameraParams() == start


def test_keyboard_stepping_changes_the_shown_solution(qtbot, settings):
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    window.open_puzzle(examples_dir() / "soma.json")
    window.panel.limit.setValue(3)
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    assert window.browser.count == 3
    view = window.current_view()
    assert isinstance(view, CubeView)
    qtbot.waitUntil(view.gl.isExposed)
    first = framebuffer(view)
    qtbot.keyClick(view.gl, Qt.Key.Key_Right)  # pressed over the 3D view, it still steps
    assert window.browser.current == 1
    second = framebuffer(view)
    assert not np.array_equal(first, second)
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert window.browser.current == 2
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert window.browser.current == 0
    assert np.array_equal(framebuffer(view), first)
    elevation = view.gl.opts["elevation"]
    qtbot.keyClick(view.gl, Qt.Key.Key_Up)  # Up and Down stay with the 3D view: they tilt it
    assert view.gl.opts["elevation"] != elevation and window.browser.current == 0


@pytest.mark.parametrize("name", ["soma.json", "mini-bedlam.json"])
def test_every_cube_example_renders_in_3d_and_in_layers(qtbot, asset, name):
    view = shown_cube_view(qtbot)
    puzzle = asset(name)
    view.set_puzzle(puzzle)
    assert drawn_fraction(framebuffer(view)) > 0.05
    side = round(len(puzzle.board) ** (1 / 3))
    assert len(view.layers.layer_rects()) == side


def test_solving_again_keeps_the_camera_and_hidden_pieces(qtbot, settings):
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    window.open_puzzle(examples_dir() / "soma.json")
    view = window.current_view()
    qtbot.waitUntil(view.gl.isExposed)
    fresh = dict(view.gl.cameraParams())
    view.gl.orbit(40, 15)
    turned = dict(view.gl.cameraParams())
    view.legend.set_visible(0, False)
    window.panel.limit.setValue(2)
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    assert window.browser.count == 2
    assert view.gl.cameraParams() == turned
    assert not view.legend.visible()[0]
    window.open_puzzle(examples_dir() / "mini-bedlam.json")  # another puzzle starts afresh
    assert view.gl.cameraParams() != turned
    assert all(view.legend.visible())
    assert fresh["elevation"] == view.gl.cameraParams()["elevation"]


def test_right_click_on_a_layer_cell_offers_a_filter(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    view = window.current_view()
    layers = view.layers
    cell = (1, 2, 1)  # layer 2 (z = 1), seen from above: y grows upwards
    positions, picture = layers._layers[1]
    centre = SQUARE.centres(np.array([[cell[0], -cell[1]]]))[0]
    point = fit_transform(layers._bounds, layers._picture_rects()[1]).map(QPointF(*centre))
    assert layers.cell_at(point) == cell
    QApplication.sendEvent(layers, QContextMenuEvent(QContextMenuEvent.Reason.Mouse,
                                                     point.toPoint(),
                                                     layers.mapToGlobal(point.toPoint())))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    piece = view.solution.cell_pieces()[cell]
    name = window.puzzle.pieces[piece].name
    where = "row 1, column 2 of layer 2"  # seen from above, the top row has the largest y
    assert menu.actions()[0].text() == f"Only solutions where piece “{name}” covers {where}"
    menu.actions()[0].trigger()
    menu.close()
    qtbot.waitUntil(lambda: window.filter.filter.caught_up)
    assert window.browser.count == sum(1 for s in window.store if s.cell_pieces()[cell] == piece)


def test_optional_cells_a_solution_leaves_empty_are_hidden_in_3d(qtbot):
    """An imported BurrTools problem with variable cells: the 3D view shows the assembly, not
    the empty optional cells around it; the puzzle alone shows every board cell."""
    from solvers.puzzle.burrtools import load_burrtools

    puzzle = load_burrtools(BURRTOOLS / "DemoPieceGenerator.xmpuzzle")
    view = shown_cube_view(qtbot)
    view.set_puzzle(puzzle)
    assert view._visible_voxels().all()
    solution = next(s for s in first_solutions(puzzle, 50)
                    if sum(len(cells) for _, cells in s.pieces) < len(puzzle.board))
    view.set_solution(solution)
    covered = {cell for _, cells in solution.pieces for cell in cells}
    expected = [cell in covered or cell not in puzzle.optional for cell in puzzle.board]
    assert view._visible_voxels().tolist() == expected
    assert not all(expected)
