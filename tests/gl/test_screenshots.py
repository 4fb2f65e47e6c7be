"""The README's and the user guide's pictures are taken by scripts/screenshots.py from the
app: the script still works against the app as it is (the 3D view painted in, not left
blank), its PNGs stay small, and the README and the guide show the committed ones."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from polygui.views.cube_view import CubeView
from solvers.parallel.family import MemberResult

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"
BUDGET = 1200 * 1024  # bytes, the committed pictures together


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pixels(image: QImage, rect: QRect) -> np.ndarray:
    """The RGB values of `rect` of `image`, as 0xRRGGBB."""
    part = image.copy(rect).convertToFormat(QImage.Format.Format_RGB32)
    data = np.frombuffer(part.constBits(), dtype=np.uint32, count=part.sizeInBytes() // 4)
    return data.reshape(part.height(), -1)[:, :part.width()].ravel() & 0xFFFFFF


def coloured(rgb: np.ndarray) -> float:
    """The share of pixels in a piece's colour (saturated), not grey, white or black."""
    channels = np.stack([(rgb >> shift) & 255 for shift in (16, 8, 0)]).astype(int)
    return float(np.mean(channels.max(axis=0) - channels.min(axis=0) > 80))


def test_the_script_photographs_the_scenes_with_the_3d_view_in_them(script, window, qtbot,
                                                                        tmp_path):
    window.resize(script.WINDOW)
    window.open_puzzle(ROOT / "assets" / "puzzles" / "meteor.json")  # as the script will
    qtbot.wait(50)
    board = window.current_view()
    top_left = board.mapTo(window, QPoint(0, 0))
    area = QRect(top_left, board.size())  # the meteor board (the tray of pieces is below it)
    paths = script.take_screenshots(QApplication.instance(), window, tmp_path)
    assert [path.name for path in paths] == list(script.NAMES)
    images = [QImage(str(path)) for path in paths]
    first, solved, soma, sudoku = images[:4]
    assert all(image.size() == window.size() for image in images)
    assert coloured(pixels(first, area)) < 0.02 < 0.1 < coloured(pixels(solved, area))
    gl = window.findChild(CubeView).gl_container
    assert coloured(pixels(soma, QRect(gl.mapTo(window, QPoint(0, 0)), gl.size()))) > 0.1


def test_the_script_photographs_pins_where_pieces_go_and_the_designer(script, window, qtbot,
                                                                     tmp_path):
    window.resize(script.WINDOW)
    paths = script.take_design_screenshots(QApplication.instance(), window, tmp_path)
    assert [path.name for path in paths] == list(script.DESIGN_NAMES)
    pins, where, designer = (QImage(str(path)) for path in paths)
    assert pins.size() == window.size()
    assert where.width() >= 1000 and designer.width() >= 1000
    assert coloured(pixels(where, where.rect())) > 0.02  # a heatmap, not a blank page
    assert not window.document.is_modified  # the pins made for the pictures are undone


def test_the_script_photographs_cube_pins_and_where_pieces_go_in_3d(script, window, qtbot,
                                                                   tmp_path):
    window.resize(script.WINDOW)
    paths = script.take_cube_screenshots(QApplication.instance(), window, tmp_path)
    assert [path.name for path in paths] == list(script.CUBE_NAMES)
    pins, where = (QImage(str(path)) for path in paths)
    canvas = window.editor.canvas.container
    area = QRect(canvas.mapTo(window, QPoint(0, 0)), canvas.size())
    assert coloured(pixels(pins, area)) > 0.02  # the 3D view painted in: the pinned piece
    assert where.width() >= 1000
    assert window.design_tools.where is None  # closed after its picture
    scene = pixels(where, QRect(0, 40, where.width(), 500))  # the 3D view's part
    assert coloured(scene) > 0.01 and len(set(scene.tolist())) > 30  # cubes, not a blank
    assert not window.document.is_modified and window.puzzle.pins == ()


def test_the_script_photographs_painting_colour_constraints(script, window, tmp_path):
    window.resize(script.WINDOW)
    (path,) = script.take_colour_screenshots(QApplication.instance(), window, tmp_path)
    assert path.name == script.COLOUR_NAMES[0]
    image = QImage(str(path))
    canvas = window.editor.canvas
    area = QRect(canvas.mapTo(window, QPoint(0, 0)), canvas.size())
    light = QColor(window.puzzle.constraint_colours[1].rgb).rgb() & 0xFFFFFF
    assert image.size() == window.size() and (pixels(image, area) == light).sum() > 100
    assert not window.document.is_modified


def test_the_script_photographs_the_disassembly_player(script, window, qtbot, tmp_path):
    window.resize(script.WINDOW)
    paths = script.take_disassembly_screenshots(QApplication.instance(), window, tmp_path)
    assert [path.name for path in paths] == list(script.DISASSEMBLY_NAMES)
    picture = QImage(str(paths[0]))
    view = window.current_view()
    assert view.player.controls.position == script.BURR_MOVE
    gl = view.gl_container
    scene = pixels(picture, QRect(gl.mapTo(window, QPoint(0, 0)), gl.size()))
    assert coloured(scene) > 0.005 and len(set(scene.tolist())) > 30  # pieces, not a blank
    moves = view.player.move_list.text
    assert moves.isVisible() and "Separation" in moves.toPlainText()


def test_the_script_photographs_the_piece_editor(script, window, qtbot, tmp_path):
    """Design mode with a piece chosen and board cells selected: the selection is outlined."""
    editors = importlib.import_module("editor_screenshots")
    paths = editors.take_editor_screenshots(QApplication.instance(), window, tmp_path,
                                            script.settle, script.picture, script.save)
    assert [path.name for path in paths] == list(editors.EDITOR_NAMES)
    assert QImage(str(paths[0])).width() >= 1000
    assert window.editor.pieces.selected_piece() == editors.PIECE
    assert len(window.editor.cells.selection) == editors.SELECTED_ROWS * editors.SELECTED_COLUMNS


def test_the_script_photographs_a_sudoku_hint_and_the_generator(script, window, tmp_path):
    """A Sudoku hinted up to its XY-Wing with the steps shown, then a hard puzzle generated:
    the generator's dialog is drawn over the window, which is left with nothing to save."""
    sudokus = importlib.import_module("sudoku_screenshots")
    window.resize(script.WINDOW)
    paths = sudokus.take_sudoku_screenshots(QApplication.instance(), window, tmp_path,
                                            script.settle, script.wait_for, script.picture,
                                            script.save)
    assert [path.name for path in paths] == list(sudokus.SUDOKU_NAMES)
    play, generated = (QImage(str(path)) for path in paths)
    assert play.size() == generated.size() == window.size()
    dialog = window.generate_dialog
    assert dialog.result == window.document.puzzle and dialog.result.is_sudoku
    assert "It is open in the window" in dialog.status.text()
    assert not window.document.is_modified
    page = sudokus.hinted_to(QApplication.instance(), window, "XY-Wing", script.wait_for)
    assert page.hint.technique == "XY-Wing"  # shown, not applied: the hints before it are
    assert page.model.state.values != page.facts.grid.givens and page.model.stack.count() > 0


def test_the_script_photographs_the_calendar_family(script, window, tmp_path):
    """The calendar family solved (counts made up here: the family tests check the real
    ones) with its dock made tall: the calendar coloured, the window's size given back."""
    families = importlib.import_module("family_screenshots")
    window.resize(script.WINDOW)

    def made_up(family, symmetry, **options):
        for index, member in enumerate(family.members):
            yield MemberResult(index, member.name, index % 60, 0.01, True)

    window.families.solver = made_up
    (path,) = families.take_family_screenshots(QApplication.instance(), window, tmp_path,
                                               script.settle, script.wait_for, script.picture,
                                               script.save)
    assert path.name == families.FAMILY_NAMES[0]
    image = QImage(str(path))
    assert image.size() == families.SIZE and window.size() == script.WINDOW
    assert window.families.panel.results.is_complete()
    calendar = QRect(image.width() // 5, image.height() // 2, image.width() // 2,
                     image.height() // 2)  # beside the table, under the view
    assert coloured(pixels(image, calendar)) > 0.2


def test_the_script_photographs_the_sticks_and_the_balls(script, window, tmp_path):
    """The tetrasticks solved on their board and the Kanoodle pyramid solved in 3D: the
    pieces' colours show in the view of each; the pyramid in Design (balls drawn, the ball a
    click adds outlined in blue) and in Play (pieces placed, in colour, in the 3D view)."""
    grids = importlib.import_module("grid_screenshots")
    window.resize(script.WINDOW)
    paths = grids.take_grid_screenshots(QApplication.instance(), window, tmp_path, script.solve,
                                        script.settle, script.picture, script.save,
                                        script.wait_for)
    assert [path.name for path in paths] == list(grids.GRID_NAMES)
    sticks, balls, design, play = (QImage(str(path)) for path in paths)
    assert sticks.size() == balls.size() == design.size() == play.size() == window.size()
    assert coloured(pixels(sticks, QRect(0, 160, sticks.width() // 2, 380))) > 0.05
    window.set_mode("design")
    view = window.editor.canvas.container
    blue = pixels(design, QRect(view.mapTo(window, QPoint(0, 0)), view.size()))
    assert ((blue >> 16 < 60) & ((blue & 255) > 200)).sum() > 50  # the preview's wire ball
    window.set_mode("play")
    view = window.play.page.canvas.view.container
    assert coloured(pixels(play, QRect(view.mapTo(window, QPoint(0, 0)), view.size()))) > 0.02
    window.set_mode("solve")
    view = window.current_view().gl_container
    area = QRect(view.mapTo(window, QPoint(0, 0)), view.size())
    assert coloured(pixels(balls, area)) > 0.05


def test_the_script_draws_the_printed_pieces(script, tmp_path):
    """The Soma cube's printable pieces on a plate: each piece's colour shows, on white."""
    prints = importlib.import_module("print_screenshots")
    (path,) = prints.take_print_screenshots(tmp_path, script.save)
    assert path.name == prints.PRINT_NAMES[0]
    image = QImage(str(path))
    assert (image.width(), image.height()) == prints.SIZE
    rgb = pixels(image, image.rect())
    assert 0.1 < coloured(rgb) < 0.6  # pieces, and white around them
    shown = set(rgb.tolist())
    puzzle = prints.load_any(prints.examples_dir() / "soma.json")
    for piece in puzzle.pieces:  # its top faces, lit at least half as bright as the colour
        red, green, blue = (int(piece.colour[i:i + 2], 16) for i in (1, 3, 5))
        assert any(abs((value >> 16) - red * k) + abs((value >> 8 & 255) - green * k)
                   + abs((value & 255) - blue * k) < 12
                   for value in shown for k in (0.45 + 0.05 * j for j in range(12))), piece.name


def test_a_picture_keeps_its_commonest_colours_exactly(script):
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#e8f1fb"))
    for x in range(20):
        for y in (5, 6):  # twice each: commoner than the rare colour below
            image.setPixelColor(x, y, QColor(x * 12, 100, 200))
    image.setPixelColor(3, 20, QColor("#e8f1fc"))  # a rare colour beside a common one
    small = script.indexed(image, colours=21)
    assert small.format() == QImage.Format.Format_Indexed8
    assert small.pixelColor(0, 0) == QColor("#e8f1fb")
    assert [small.pixelColor(x, 5) for x in range(20)] == \
        [QColor(x * 12, 100, 200) for x in range(20)]
    assert small.pixelColor(3, 20) == QColor("#e8f1fb")  # the nearest kept colour


def test_the_readme_and_the_guide_show_the_committed_pictures_and_they_are_small():
    readme = (ROOT / "README.md").read_text("utf-8")
    shown = re.findall(r"!\[[^\]]*\]\((docs/images/[^)]+\.png)\)", readme)
    assert sorted(Path(path).name for path in shown) == sorted(
        ["first-window.png", "meteor-solved.png", "soma-3d.png", "sudoku.png"])
    for page in (ROOT / "docs").glob("*.md"):
        shown += ["docs/" + path for path in
                  re.findall(r"!\[[^\]]*\]\((images/[^)]+\.png)\)", page.read_text("utf-8"))]
    shown = sorted(set(shown))
    assert sorted(Path(path).name for path in shown) == sorted(
        ["first-window.png", "meteor-solved.png", "soma-3d.png", "sudoku.png", "estimate.png",
         "no-solution.png", "why-no-solution.png", "pinned-pieces.png", "where-pieces-go.png",
         "uniqueness-designer.png", "cube-pins.png", "where-pieces-go-3d.png",
         "colour-constraints.png", "disassembly-player.png", "play.png", "play-cube.png",
         "piece-editor.png", "sudoku-play.png", "generate-sudoku.png", "print-soma.png",
         "animation-frames.png", "puzzle-library.png", "family-calendar.png",
         "stick-tetrasticks.png", "kanoodle-pyramid.png", "design-balls.png",
         "play-balls.png"])
    sizes = [(ROOT / path).stat().st_size for path in shown]
    assert sum(sizes) < BUDGET, sizes
    for path in shown:
        image = QImage(str(ROOT / path))
        assert not image.isNull() and image.width() >= 1000, path
    assert "scripts/screenshots" in readme  # how to take them again
