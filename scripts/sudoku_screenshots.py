"""The user guide's pictures of the Sudoku logic (docs/playing.md, docs/designer-tools.md),
taken by scripts/screenshots.py: a Sudoku rated 4.2 in Play mode, hinted up to its XY-Wing
with the candidates and the steps shown; and File > Generate Sudoku… after making a hard
puzzle, over the window that opened it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication

from polygui.files.generate_dialog import open_generator
from solvers.logic.rating_bands import LEVELS
from solvers.puzzle.any_file import load_any

SUDOKU_NAMES = ("sudoku-play.png", "generate-sudoku.png")
RATED_4_2 = ("45...2....179.4.25...5.61.3.2...7..8....2.6.4..5.8......4...35...1.......82....."
             "9")  # easy200's, rated 4.2 by Sudoku Explainer for its XY-Wing
SHOWN_TECHNIQUE = "XY-Wing"
GENERATED_LEVEL = "hard"
BORDER = QColor("#606060")  # the dialog's edge, drawn as a window manager would


def hinted_to(app: QApplication, window, technique: str, wait_for):
    """RATED_4_2 in Play mode, its hints applied until the next one is `technique` (shown,
    not applied); its page."""
    window.set_puzzle(load_any(RATED_4_2), None)
    window.set_mode("play")
    page = window.play.page
    page.auto_box.setChecked(True)
    wait_for(app, lambda: page.facts is not None, "the Sudoku's steps")
    for _ in range(81):
        page.press_hint()
        wait_for(app, lambda: page.hint is not None, "a hint")
        if page.hint.technique == technique:
            return page
        page.press_hint()  # applies it
    raise SystemExit(f"no {technique} among the hints of {RATED_4_2}")


def generated(app: QApplication, window, wait_for):
    """The generator after making a puzzle of GENERATED_LEVEL (it opens in the window)."""
    dialog = open_generator(window)
    dialog.level_box.setCurrentText(f"{GENERATED_LEVEL} ({LEVELS[GENERATED_LEVEL]})")
    dialog.start()
    wait_for(app, lambda: not dialog.is_working(), "the generator")
    if dialog.result is None:
        raise SystemExit(f"the generator made nothing: {dialog.status.text()}")
    return dialog


def take_sudoku_screenshots(app: QApplication, window, folder: Path, settle, wait_for, picture,
                            save) -> list[Path]:
    """The paths written, in SUDOKU_NAMES' order (the helpers are screenshots.py's)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in SUDOKU_NAMES]
    page = hinted_to(app, window, SHOWN_TECHNIQUE, wait_for)
    page.steps_button.setChecked(True)
    settle(app)
    save(picture(window), paths[0])
    page.steps_button.setChecked(False)
    window.set_mode("solve")

    dialog = generated(app, window, wait_for)
    wait_for(app, lambda: window.estimating.latest is not None, "the estimate of the puzzle made")
    image = picture(window)
    shown = dialog.grab().toImage()
    corner = QPoint((image.width() - shown.width()) // 2, (image.height() - shown.height()) // 3)
    painter = QPainter(image)
    painter.drawImage(corner, shown)
    painter.setPen(BORDER)
    painter.drawRect(corner.x() - 1, corner.y() - 1, shown.width() + 1, shown.height() + 1)
    painter.end()
    save(image, paths[1])
    dialog.close()
    window.document.undo_stack.setClean()  # the puzzle made was for the picture: not to save
    return paths
