"""Picking against what OpenGL really draws: the numpy ray hits a voxel exactly where the
framebuffer shows one, from several camera angles, and clicks reach the editor."""

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPointF
from PySide6.QtGui import QColor, QImage

from polygui.editors.voxel_canvas import VoxelCanvas
from polygui.views.cube_view import BACKGROUND
from polygui.views.picking import pick_ground, pick_voxel

CELLS = np.array([(0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0), (2, 1, 1), (0, 2, 0), (0, 2, 1),
                  (0, 2, 2)])


def framebuffer(canvas: VoxelCanvas) -> np.ndarray:
    image = canvas.gl.readQImage().convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(image.constBits(), dtype=np.uint8)
    rows = data.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 3]
    return rows.reshape(image.height(), image.width(), 3).copy()


@pytest.fixture(autouse=True)
def widgets_deleted_before_exit(qtbot):
    """Run the deletions pytest-qt defers, so no GL window outlives its test: one left for
    QApplication's destructor crashes the interpreter's exit (a segfault after the report)."""
    yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def canvas(qtbot):
    widget = VoxelCanvas()
    qtbot.addWidget(widget)
    widget.resize(420, 360)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(widget.gl.isExposed)
    widget.set_contents(CELLS, QColor(200, 60, 60), (3, 3, 3))
    widget.reset_view()
    return widget


@pytest.mark.parametrize("azimuth, elevation", [(0, 0), (40, 10), (-130, 50), (75, -30)])
def test_a_ray_hits_a_voxel_exactly_where_one_is_drawn(canvas, azimuth, elevation):
    canvas.gl.orbit(azimuth, elevation)
    rgb = framebuffer(canvas)
    ratio = rgb.shape[1] / canvas.gl.width()  # device pixels per logical pixel
    drawn = np.any(np.abs(rgb.astype(int) - BACKGROUND).sum(axis=2, keepdims=True) > 30, axis=2)
    agree = disagree = 0
    for y in range(4, canvas.gl.height() - 4, 9):
        for x in range(4, canvas.gl.width() - 4, 9):
            around = drawn[int((y - 2) * ratio):int((y + 3) * ratio),
                           int((x - 2) * ratio):int((x + 3) * ratio)]
            if around.all() != around.any():
                continue  # on a silhouette: a pixel either way is no evidence
            hit = pick_voxel(canvas.ray_at(QPointF(x + 0.5, y + 0.5)), CELLS)
            ground = drawn[int(y * ratio), int(x * ratio)] and hit is None  # grid lines
            if ground:
                continue
            if (hit is not None) == bool(around.all()):
                agree += 1
            else:
                disagree += 1
    assert agree > 300 and disagree == 0


def test_screen_point_and_ray_agree(canvas):
    canvas.gl.orbit(33, 12)
    for point in ([0.5, 0.5, 1.0], [2.0, 1.5, 2.0], [3.0, 0.0, 0.0]):
        ray = canvas.ray_at(canvas.screen_point(np.array(point)))
        offset = np.array(point) - ray.origin
        along = offset @ ray.direction
        assert np.linalg.norm(offset - along * ray.direction) < 1e-3 and along > 0


def test_ground_point_under_the_mouse(canvas):
    target = np.array([1.25, 2.75, 0.0])
    ground = pick_ground(canvas.ray_at(canvas.screen_point(target)))
    assert ground == pytest.approx(target, abs=1e-3)
