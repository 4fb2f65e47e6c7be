"""The user guide's pictures of the stick and sphere grids (docs/designing.md, docs/playing.md),
taken by scripts/screenshots.py: the shipped tetrasticks solved on their 5x5 square, the
Kanoodle pyramid solved in the 3D view, its pieces pulled a little apart, the pyramid in
Design mode (balls in 3D and in the layer grid, the ball a click would add outlined), and in
Play mode after two hints with a piece held, turned to where a solution has it, over its
layer."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from polygui.resources import examples_dir
from solvers.play.check import solution_with
from solvers.play.moves import turns_to
from solvers.puzzle.grids import normalise

from play_screenshots import hinted_twice

GRID_NAMES = ("stick-tetrasticks.png", "kanoodle-pyramid.png", "design-balls.png",
              "play-balls.png")
PYRAMID_EXPLODE = 15  # the balls of each piece kept together, the pieces a little apart
DESIGN_LAYER = 2  # the layer grid shows the pyramid's middle layer (0-based)
HINT_SHOWN_S = 2.0  # a hint's highlight is gone by then


def take_grid_screenshots(app: QApplication, window, folder: Path, solve, settle, picture,
                          save, wait_for) -> list[Path]:
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
    design_balls(app, window, settle)
    save(picture(window, window.editor.canvas), paths[2])
    play_balls(app, window, settle, wait_for)
    save(picture(window, window.play.page.canvas.view), paths[3])
    window.set_mode("solve")
    return paths


def design_balls(app: QApplication, window, settle) -> None:
    """The pyramid's board in Design mode, its middle layer in the layer grid, the mouse over
    the upper side of a ball of that layer, facing the camera, with no ball beside it there:
    the ball a click adds there is outlined."""
    window.set_mode("design")
    editor = window.editor
    editor.layers.layer.setValue(DESIGN_LAYER + 1)  # the spin box counts from 1
    settle(app, 1.0)
    canvas = editor.canvas
    camera = np.asarray(canvas.gl.cameraPosition().toTuple()) - np.asarray(
        canvas.gl.opts["center"].toTuple())
    board = set(window.puzzle.board)
    ball, step = max(((cell, step) for cell in board if cell[2] == DESIGN_LAYER
                      for step in window.puzzle.kind.grid.neighbour_offsets
                      if step[2] > 0 and tuple(np.add(cell, step)) not in board),
                     key=lambda pair: float(np.dot(np.add(*pair), camera)))
    side = np.add(ball, 0.5) + 0.6 * np.asarray(step) / np.sqrt(2)
    canvas.gl.hovered.emit(canvas.screen_point(side), Qt.KeyboardModifier.NoModifier)
    settle(app, 0.5)


def play_balls(app: QApplication, window, settle, wait_for) -> None:
    """The pyramid in Play mode after two hints, the first piece left held over its layer,
    turned to where a solution has it."""
    page = hinted_twice(app, window, "kanoodle-pyramid.json", settle, wait_for)
    canvas = page.canvas
    piece, cells = next(placement for placement in
                        solution_with(window.puzzle, page.model.placed)
                        if placement not in page.model.placed)
    canvas.hold(piece)
    wanted = normalise(np.array(cells), window.puzzle.kind)
    for key in turns_to(canvas.shapes[piece], canvas.grips[piece], wanted, False,
                        window.puzzle.kind):
        canvas.reorient({"R": "turn", "T": "tip"}[key])
    shown = tuple(int(v) for v in np.subtract(cells[canvas.grips[piece]], canvas.origin))
    canvas.set_layer(shown[2])
    canvas.grid.hovered.emit(shown)
    settle(app, HINT_SHOWN_S)
