"""Take the README's pictures from the app itself, so they stay current: the first window,
a solved meteor, the Soma cube in 3D, a solved Sudoku, the estimate before solving Mini
Bedlam, a puzzle the checkerboard proves impossible, and a Sudoku whose givens have no
solution; pinned pieces in Design mode, Where Pieces Go and the Uniqueness Designer; pinning
a piece in the cube designer and Where Pieces Go in 3D; painting colour constraints; the
disassembly player taking a BurrTools burr apart; Play mode on a flat board and on the Soma
cube (scripts/play_screenshots.py); the piece editor (scripts/editor_screenshots.py); a
Sudoku hinted in Play mode and Generate Sudoku (scripts/sudoku_screenshots.py); the Soma
cube's pieces to 3D-print on a plate (scripts/print_screenshots.py); frames of an exported
animation (scripts/animation_screenshots.py); the puzzle library's gallery
(scripts/library_screenshots.py); the calendar family solved for every date
(scripts/family_screenshots.py).

Run `scripts/screenshots` (it sets up the virtual environment and a virtual screen), or
under a display: `.venv/bin/python scripts/screenshots.py [FOLDER]` (default docs/images).
The window uses settings and an autosave folder of its own, so your own are left alone.
`tests/gl/test_screenshots.py` runs `take_screenshots` too, so a change to the app that
breaks this script fails the tests.
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QSettings, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QWidget

from polygui.app import make_application
from polygui.resources import examples_dir
from solvers import Solution
from solvers import solve as solve_puzzle
from solvers.puzzle.atomic import write_atomically
from solvers.puzzle.textformats import parse_sudoku_line
from solvers.puzzle.pins import Pin

sys.path.insert(0, str(Path(__file__).resolve().parent))
from animation_screenshots import take_animation_screenshots  # noqa: E402
from editor_screenshots import take_editor_screenshots  # noqa: E402
from family_screenshots import take_family_screenshots  # noqa: E402
from grid_screenshots import take_grid_screenshots  # noqa: E402
from library_screenshots import take_library_screenshots  # noqa: E402
from play_screenshots import take_play_screenshots  # noqa: E402
from print_screenshots import take_print_screenshots  # noqa: E402
from sudoku_screenshots import take_sudoku_screenshots  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WINDOW = QSize(1100, 720)  # the app's first size: it fits a 1280x800 screen
PALETTE = 256  # colours kept: a screenshot's 256 commonest cover about 98% of its pixels
NAMES = ("first-window.png", "meteor-solved.png", "soma-3d.png", "sudoku.png", "estimate.png",
         "no-solution.png", "why-no-solution.png")
STUCK_SUDOKU = ".2....34...23..."  # no two givens clash, yet three of them have no solution
DESIGN_NAMES = ("pinned-pieces.png", "where-pieces-go.png", "uniqueness-designer.png")
PINNED = (2, 9)  # meteor pieces pinned for the pictures, as they lie in METEOR_SOLUTION
WHERE_PIECE = 4  # the piece whose heatmap is shown
METEOR_SOLUTION = 41  # any solution would do: this one puts every colour in view
SOMA_EXPLODE = 25  # pieces pulled a little apart, so that their shapes show
CUBE_NAMES = ("cube-pins.png", "where-pieces-go-3d.png")
CUBE_PIN = (1, (0, 0, 0))  # Soma's L pinned over this cube for the picture
CUBE_NEXT = (3, (2, 2, 2))  # then S outlined where a click would pin it
CUBE_WHERE_PIECE = 1  # L: the piece whose shares the 3D heatmap shows
CUBE_WHERE_FLOOR = 10  # cubes L covers in under 10% of the solutions hidden: the inside shows
COLOUR_NAMES = ("colour-constraints.png",)
COLOUR_PIECE = 3  # the checkered N, painted over the board in the picture
DISASSEMBLY_NAMES = ("disassembly-player.png",)
BURR = ROOT / "tests" / "data" / "burrtools" / "PelikanBurr.xmpuzzle"  # BurrTools' example
BURR_MOVE = 100.5  # half way through move 101: two parts gone, a third on its way out


def settle(app: QApplication, seconds: float = 0.4) -> None:
    """Let the window lay itself out and paint (and the 3D view render)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def solve(app: QApplication, window, timeout: float = 120) -> None:
    """Press Solve and wait, with the event loop running, until the run is over."""
    window.start_solve()
    end = time.monotonic() + timeout
    while window.is_solving():
        if time.monotonic() > end:
            raise SystemExit(f"{window.puzzle.name}: not solved in {timeout:.0f} s")
        app.processEvents()
        time.sleep(0.01)
    settle(app)


def wait_for(app: QApplication, done, what: str, timeout: float = 180) -> None:
    """Run the event loop until `done()` (a background job's result is in)."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise SystemExit(f"{what}: nothing after {timeout:.0f} s")
        app.processEvents()
        time.sleep(0.01)
    settle(app)


def picture(window: QWidget, *views) -> QImage:
    """The window as on screen. A widget grab leaves a 3D view (a native OpenGL window)
    blank, so its framebuffer is painted in where it sits: the Solve view's, or those of
    `views` (each with `gl` and its container, `gl_container` or `container`)."""
    image = window.grab().toImage()
    if not views and hasattr(window, "current_view"):
        views = (window.current_view(),)
    painter = QPainter(image)
    for view in views:
        container = getattr(view, "gl_container", None) or getattr(view, "container", None)
        if container is not None and container.isVisible():
            painter.drawImage(container.mapTo(window, QPoint(0, 0)), view.gl.readQImage())
    painter.end()
    return image


def indexed(image: QImage, colours: int = PALETTE) -> QImage:
    """`image` with one byte a pixel: its `colours` commonest colours, every other pixel the
    nearest of them (antialiased edges; no dithering). A quarter of the PNG's size, and an
    image of no more colours than that is kept exactly."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(rgb.constBits(), dtype=np.uint32, count=rgb.sizeInBytes() // 4)
    values, counts = np.unique(pixels.reshape(rgb.height(), -1)[:, :rgb.width()],
                               return_counts=True)
    table = [int(value) for value in values[np.argsort(counts)[::-1][:colours]]]
    return rgb.convertToFormat(QImage.Format.Format_Indexed8, table,
                               Qt.ImageConversionFlag.ThresholdDither
                               | Qt.ImageConversionFlag.AvoidDither)


def save(image: QImage, path: Path, exact: bool = False) -> None:
    """`image` as a PNG at `path`, packed tight (Qt's quality 0) and written atomically;
    `exact`: every colour kept (small pieces in many shades would turn grey in a palette)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    packed = image.convertToFormat(QImage.Format.Format_RGB32) if exact else indexed(image)
    if not packed.save(buffer, "PNG", 0):
        raise SystemExit(f"cannot encode {path.name} as PNG")
    buffer.close()
    write_atomically(path, bytes(data))


def take_screenshots(app: QApplication, window, folder: Path) -> list[Path]:
    """Open, solve and photograph the README's four scenes in `window` (shown, at its size);
    the paths written, in NAMES' order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in NAMES]
    window.open_puzzle(examples_dir() / "meteor.json")
    settle(app)
    save(picture(window), paths[0])

    solve(app, window)
    window.browser.set_current(METEOR_SOLUTION)
    settle(app)
    save(picture(window), paths[1])

    window.open_puzzle(examples_dir() / "soma.json")
    solve(app, window)
    window.current_view().explode.setValue(SOMA_EXPLODE)
    settle(app, 1.0)
    save(picture(window), paths[2])

    window.open_puzzle(examples_dir() / "sudoku-hard.json")
    solve(app, window)
    save(picture(window), paths[3])

    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    wait_for(app, lambda: window.estimating.latest is not None, "the Mini Bedlam estimate")
    save(picture(window), paths[4])

    window.open_puzzle(examples_dir() / "no-solution.json")
    wait_for(app, lambda: window.estimating.certificates, "the checkerboard certificate")
    save(picture(window), paths[5])

    window.set_puzzle(parse_sudoku_line(STUCK_SUDOKU, "A 4x4 Sudoku without solution"))
    solve(app, window)
    wait_for(app, lambda: window.analysis.explaining.core is not None, "the givens' core")
    save(picture(window), paths[6])
    return paths


def take_design_screenshots(app: QApplication, window, folder: Path) -> list[Path]:
    """Pinned pieces in Design mode, Where Pieces Go and the Uniqueness Designer on meteor;
    the paths written, in DESIGN_NAMES' order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in DESIGN_NAMES]
    window.open_puzzle(examples_dir() / "meteor.json")
    window.set_mode("design")
    editor = window.editor
    editor.pin_target.setChecked(True)
    puzzle = window.document.puzzle
    solution = next(e for e in solve_puzzle(puzzle, limit=METEOR_SOLUTION + 1)
                    if isinstance(e, Solution) and e.index == METEOR_SOLUTION)
    lying = dict(solution.pieces)  # two pieces pinned where they lie in that solution
    pins = tuple(Pin(puzzle.pieces[p].name, lying[p]) for p in PINNED)
    window.document.edit("Pin pieces", lambda p: dataclasses.replace(p, pins=pins))
    editor.pieces.select_piece(5)
    editor.pin_tool.show_ghost((2, 4))
    settle(app)
    save(picture(window), paths[0])

    window.set_mode("solve")
    solve(app, window)
    where = window.design_tools.where_pieces_go()
    wait_for(app, lambda: where.stats is not None, "the tally of the solutions")
    where.chooser.setCurrentIndex(WHERE_PIECE)
    where.resize(WINDOW)
    settle(app)
    save(where.grab().toImage(), paths[1])
    window.design_tools.close()

    designer = window.design_tools.uniqueness_designer()
    wait_for(app, lambda: not designer.is_working(), "the uniqueness proposal")
    designer.resize(WINDOW)
    settle(app)
    save(designer.grab().toImage(), paths[2])
    window.design_tools.close()
    stack = window.document.undo_stack
    while stack.canUndo():  # the pins were for the pictures: nothing is left to save
        stack.undo()
    return paths


def take_cube_screenshots(app: QApplication, window, folder: Path) -> list[Path]:
    """Pinning a piece in the cube designer, and Where Pieces Go in 3D, on the Soma cube; the
    paths written, in CUBE_NAMES' order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in CUBE_NAMES]
    window.open_puzzle(examples_dir() / "soma.json")
    window.set_mode("design")
    editor = window.editor
    editor.pieces.select_piece(CUBE_PIN[0])
    editor.pin_mode.set_active(True)
    editor.pin_mode.press(CUBE_PIN[1])
    editor.pieces.select_piece(CUBE_NEXT[0])
    editor.pin_mode.hover(CUBE_NEXT[1])
    settle(app, 1.0)
    save(picture(window, editor.canvas), paths[0])
    editor.pin_mode.set_active(False)
    stack = window.document.undo_stack
    while stack.canUndo():  # the pin was for the picture: Where Pieces Go is of the puzzle
        stack.undo()

    window.set_mode("solve")
    solve(app, window)
    where = window.design_tools.where_pieces_go()
    wait_for(app, lambda: where.stats is not None, "the tally of the Soma solutions")
    where.chooser.setCurrentIndex(CUBE_WHERE_PIECE)
    where.resize(WINDOW)
    where.show_layers(False)
    where.cube_view.floor.setValue(CUBE_WHERE_FLOOR)
    settle(app, 1.0)
    save(picture(where, where.cube_view), paths[1])
    window.design_tools.close()
    return paths


def take_colour_screenshots(app: QApplication, window, folder: Path) -> list[Path]:
    """The checkered pentominoes in Design mode: the Paint tool, a piece painted over the board,
    the colours and their rules; the paths written, in COLOUR_NAMES' order."""
    from polygui.editors.board_tools import PAINT
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in COLOUR_NAMES]
    window.open_puzzle(examples_dir() / "pentominoes-checkered.json")
    window.set_mode("design")
    editor = window.editor
    editor.tools.select(PAINT)
    editor.piece_target.setChecked(True)
    editor.pieces.select_piece(COLOUR_PIECE)
    editor.side_tabs.setCurrentWidget(editor.colours)
    settle(app)
    save(picture(window), paths[0])
    return paths


def take_disassembly_screenshots(app: QApplication, window, folder: Path) -> list[Path]:
    """The Pelikan burr solved and half taken apart in the 3D view's player, its move list
    beside the layers; the paths written, in DISASSEMBLY_NAMES' order."""
    from solvers.puzzle.burrtools import load_burrtools

    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in DISASSEMBLY_NAMES]
    window.set_puzzle(load_burrtools(BURR))
    solve(app, window)
    player = window.current_view().player
    wait_for(app, lambda: player.disassembly is not None
             and not window.solve_page.taking_apart.is_running(), "the burr taken apart")
    player.controls.set_position(BURR_MOVE)
    settle(app, 1.0)
    save(picture(window), paths[0], exact=True)
    return paths


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "images"
    app = make_application(argv[:1])
    from polygui.main_window import MainWindow

    with tempfile.TemporaryDirectory(prefix="polygui-screenshots-") as scratch:
        settings = QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, autosave_dir=Path(scratch) / "autosave")
        window.resize(WINDOW)
        window.show()
        settle(app, 1.0)
        for path in (take_screenshots(app, window, folder)
                     + take_design_screenshots(app, window, folder)
                     + take_cube_screenshots(app, window, folder)
                     + take_colour_screenshots(app, window, folder)
                     + take_disassembly_screenshots(app, window, folder)
                     + take_animation_screenshots(app, window, folder, solve, wait_for, save)
                     + take_play_screenshots(app, window, folder, settle, wait_for, picture,
                                             save)
                     + take_editor_screenshots(app, window, folder, settle, picture, save)
                     + take_sudoku_screenshots(app, window, folder, settle, wait_for, picture,
                                               save)
                     + take_library_screenshots(app, window, folder, settle, wait_for, save)
                     + take_print_screenshots(folder, save)
                     + take_family_screenshots(app, window, folder, settle, wait_for, picture,
                                               save)
                     + take_grid_screenshots(app, window, folder, solve, settle, picture,
                                             save, wait_for)):
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            print(f"wrote {shown} ({path.stat().st_size // 1024} KB)")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
