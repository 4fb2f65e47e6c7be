"""The user guide's pictures of the stick and sphere grids (docs/designing.md), taken by
scripts/screenshots.py: the shipped tetrasticks solved on their 5x5 square, and the Kanoodle
pyramid solved in the 3D view, its pieces pulled a little apart."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from polygui.resources import examples_dir

GRID_NAMES = ("stick-tetrasticks.png", "kanoodle-pyramid.png")
PYRAMID_EXPLODE = 15  # the balls of each piece kept together, the pieces a little apart


def take_grid_screenshots(app: QApplication, window, folder: Path, solve, settle, picture,
                          save) -> list[Path]:
    """The paths written, in GRID_NAMES' order (the helpers are screenshots.py's)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in GRID_NAMES]
    window.open_puzzle(examples_dir() / "tetrasticks-5x5.json")
    solve(app, window)
    save(picture(window), paths[0])
    window.open_puzzle(examples_dir() / "kanoodle-pyramid.json")
    solve(app, window)
    window.current_view().explode.setValue(PYRAMID_EXPLODE)
    settle(app, 1.0)
    save(picture(window), paths[1])
    return paths
