"""The 3D view exported at a chosen resolution, looking as on screen."""

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage

from polygui.export.dialogs import ImageOptions
from polygui.resources import examples_dir


def export(window, path, size=QSize(1600, 1200), transparent=False) -> QImage:
    window.exports.ask_image_options = lambda parent, s, vector: ImageOptions(
        "png", size, transparent)
    window.exports.ask_path = lambda *args: str(path)
    assert window.exports.export_image()
    return QImage(str(path))


def test_the_3d_view_exports_at_the_asked_size_as_shown(window, qtbot, tmp_path):
    window.open_puzzle(examples_dir() / "soma.json")
    window.panel.limit.setValue(2)
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    view = window.current_view()
    assert view.gl_container.width() < 1600  # larger than on screen
    first = export(window, tmp_path / "first.png")
    assert first.size() == QSize(1600, 1200)
    window.browser.set_current(1)
    second = export(window, tmp_path / "second.png")
    assert second != first
    view.explode.setValue(view.explode.maximum())
    exploded = export(window, tmp_path / "exploded.png")
    assert exploded != second
    view.legend.set_visible(0, False)
    hidden = export(window, tmp_path / "hidden.png")
    assert hidden != exploded
    clear = export(window, tmp_path / "clear.png", QSize(640, 480), transparent=True)
    assert clear.size() == QSize(640, 480) and clear.pixelColor(1, 1).alpha() == 0
