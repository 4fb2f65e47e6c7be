"""What packaging relies on: the smoke test, one application id everywhere, the desktop file,
the AppStream metadata, and the icons the window uses too."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from PySide6.QtGui import QGuiApplication, QImage

from polygui.app import main as app_main, make_application
from polygui.resources import APP_ID, icons_dir

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def test_smoke_test_solves_the_soma_cube_through_the_window_and_prints(capsys):
    """It also writes the pieces as STL files (a bundle must carry manifold3d and trimesh)
    and says whether the MP4 export is there (PyAV, installed with the tests)."""
    assert app_main(["polygui", "--smoke-test"]) == 0
    out = capsys.readouterr().out
    assert "240 distinct Soma cube solutions" in out and "printed the puzzle to a PDF" in out
    assert "wrote its pieces as STL files" in out and "MP4 export available" in out


def test_the_desktop_file_names_the_app_and_its_icon():
    path = PACKAGING / f"{APP_ID}.desktop"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(path)
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "PolyGUI"
    assert desktop["Exec"].split()[0] == "polygui" and desktop["Icon"] == APP_ID
    validator = shutil.which("desktop-file-validate")
    if validator:  # the freedesktop validator, where it is installed, has the last word
        result = subprocess.run([validator, str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def test_appstream_metadata_has_the_same_id():
    root = ElementTree.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert root.findtext("name") == "PolyGUI" and root.findtext("summary")


def test_icons_in_every_size_and_the_app_uses_them(qtbot):
    for size in SIZES:
        image = QImage(str(icons_dir() / f"polygui-{size}.png"))
        assert (image.width(), image.height()) == (size, size)
        assert image.pixelColor(size // 2, size // 2).alpha() == 255
    assert (icons_dir() / "polygui.svg").read_text().lstrip().startswith("<svg")
    app = make_application([])
    assert QGuiApplication.desktopFileName() == APP_ID
    available = {s.width() for s in app.windowIcon().availableSizes()}
    assert set(SIZES) <= available
