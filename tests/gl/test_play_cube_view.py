"""Play mode's 3D view of a box (issue 33): the pieces placed shown live, the piece held
outlined against the face (or the ground) under the mouse and put there by a click,
Shift+click picking a placed piece up, the keys working over the view; and the guide's two
Play pictures still taken by the screenshot script."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from polygui.resources import examples_dir
from qt_fixtures import hover_until
from solvers import GridKind
from solvers.play.moves import translated, turned

ROOT = Path(__file__).resolve().parents[2]
CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def soma(window, qtbot):
    window.open_puzzle(examples_dir() / "soma.json")
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    page = window.play.page
    canvas = page.canvas
    qtbot.waitUntil(canvas.view.gl.isExposed)
    canvas.view.reset_view()
    qtbot.waitUntil(lambda: page.checker.state == "solvable", timeout=60_000)
    return page, canvas


def click_3d(qtbot, canvas, point, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    position = canvas.view.screen_point(np.asarray(point, dtype=float)).toPoint()
    qtbot.mouseMove(canvas.view.gl, position)
    qtbot.mouseClick(canvas.view.gl, LEFT, modifier, position)


def test_pieces_are_put_against_faces_and_picked_up_in_3d(soma, qtbot):
    page, canvas = soma
    canvas.hold(0)  # V
    shape = canvas.shapes[0]
    ground = canvas.view.screen_point(np.array([0.5, 0.5, 0.0])).toPoint()
    hover_until(qtbot, canvas.view.gl, ground, lambda: canvas.hover == (0, 0, 0))
    assert canvas.grid.ghost == frozenset(shape)  # outlined in the layer grid too
    assert canvas.view._preview.visible()
    qtbot.mouseClick(canvas.view.gl, LEFT, pos=ground)
    assert page.model.placed == ((0, shape),)
    assert sorted(map(tuple, canvas.view.cells.tolist())) == sorted(shape)  # shown live

    canvas.hold(1)  # L, on the top face of V's cube at the origin
    click_3d(qtbot, canvas, (0.5, 0.5, 1.0))
    on_top = (1, translated(GridKind.CUBE, canvas.shapes[1], (0, 0, 1)))
    assert page.model.placed == ((0, shape), on_top)
    assert len(canvas.view.cells) == len(shape) + len(on_top[1])

    click_3d(qtbot, canvas, (0.5, 0.5, 2.0), Qt.KeyboardModifier.ShiftModifier)
    assert page.model.placed == ((0, shape),) and canvas.held == 1  # picked up, as it lay
    held, grip = canvas.shapes[1], canvas.grips[1]
    assert translated(GridKind.CUBE, held, (0, 0, 1)) == on_top[1]
    qtbot.keyClick(canvas.view.gl, Qt.Key.Key_R)  # keys reach the play over the 3D view
    assert (canvas.shapes[1], canvas.grips[1]) == turned(GridKind.CUBE, held, grip)


def test_the_guide_pictures_of_play_are_taken(window, qtbot, tmp_path):
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
    shots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shots)
    window.resize(shots.WINDOW)
    paths = shots.take_play_screenshots(QApplication.instance(), window, tmp_path, shots.settle, shots.wait_for,
                                        shots.picture, shots.save)
    assert [path.name for path in paths] == ["play.png", "play-cube.png"]
    images = [QImage(str(path)) for path in paths]
    assert all(image.size() == window.size() for image in images)
    gl = window.play.page.canvas.view.container
    area = QRect(gl.mapTo(window, QPoint(0, 0)), gl.size())
    part = images[1].copy(area).convertToFormat(QImage.Format.Format_RGB32)
    colours = {part.pixel(x, y) for x in range(0, part.width(), 7)
               for y in range(0, part.height(), 7)}
    assert len(colours) > 20  # the 3D view painted in, not left blank


SWAP_AND_QUIT = """
import sys, tempfile
from pathlib import Path
from PySide6.QtCore import QSettings
from polygui.app import make_application
from polygui.resources import examples_dir
app = make_application(["polygui"])
from polygui.main_window import MainWindow
scratch = Path(tempfile.mkdtemp())
window = MainWindow(QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat),
                    autosave_dir=scratch / "autosave")
window.show()
window.open_puzzle(examples_dir() / "soma.json")
window.set_mode("play")
app.processEvents()
window.open_puzzle(examples_dir() / "pentominoes-6x10.json")  # the cube canvas goes
app.processEvents()
window.close()
print("closed")
"""


def test_a_flat_puzzle_after_a_cube_in_play_mode_exits_cleanly():
    """The cube canvas (its 3D view) swapped for the flat one, then the program ends without
    running an event loop again, as a script does: it once died in a segmentation fault at
    exit (the canvas, parentless, waited for a deferred delete that never came)."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", SWAP_AND_QUIT], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "closed"
