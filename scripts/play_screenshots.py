"""The user guide's pictures of Play mode (docs/playing.md), taken by scripts/screenshots.py:
the 8x8 pentomino board after two hints with a piece dragged over it, and the Soma cube after
two hints with the T held, turned to where a solution has it, over its layer."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from polygui.play.canvas import Drag
from polygui.resources import examples_dir
from solvers import GridKind
from solvers.play.check import solution_with
from solvers.play.moves import turns_to
from solvers.puzzle.grids import normalise

PLAY_NAMES = ("play.png", "play-cube.png")
DRAGGED_TO = (5, 2)  # the first piece left in the tray, dragged by its first cell over here
HELD = 2  # Soma's T, held over the box
HINT_SHOWN_S = 2.0  # a hint's highlight is gone by then


def hinted_twice(app: QApplication, window, name: str, settle, wait_for):
    """`name` in Play mode with two hints placed; its page."""
    window.open_puzzle(examples_dir() / name)
    window.set_mode("play")
    page = window.play.page
    for count in (1, 2):
        wait_for(app, lambda: page.checker.state == "solvable", f"{name}: the check")
        page.hint()
        wait_for(app, lambda: len(page.model.placed) == count, f"{name}: hint {count}")
    return page


def take_play_screenshots(app: QApplication, window, folder: Path, settle, wait_for, picture,
                          save) -> list[Path]:
    """The paths written, in PLAY_NAMES' order (the helpers are screenshots.py's)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in PLAY_NAMES]
    page = hinted_twice(app, window, "pentominoes-8x8-hole.json", settle, wait_for)
    canvas = page.canvas
    piece, cell = next(piece for piece in range(12) if page.model.left(piece)), DRAGGED_TO
    start = canvas.to_units(QPointF(canvas.tray_point(piece, 0)))
    drag = Drag(piece, canvas.shapes[piece], 0, None, start)
    canvas.drag = replace(drag, point=canvas.to_units(QPointF(canvas.cell_point(cell))),
                          started=True)
    canvas.update()
    settle(app)
    save(picture(window), paths[0])
    canvas.drag = None

    page = hinted_twice(app, window, "soma.json", settle, wait_for)
    canvas = page.canvas
    placement = next(placement for placement in solution_with(window.puzzle, page.model.placed)
                     if placement[0] == HELD)
    canvas.hold(HELD)
    wanted = normalise(np.array(placement[1]), GridKind.CUBE)
    for key in turns_to(canvas.shapes[HELD], canvas.grips[HELD], wanted, False):
        canvas.reorient({"R": "turn", "T": "tip"}[key])
    target = placement[1][canvas.grips[HELD]]
    canvas.set_layer(target[2])
    canvas.grid.hovered.emit(target)
    settle(app, HINT_SHOWN_S)
    save(picture(window, canvas.view), paths[1])
    window.set_mode("solve")
    return paths
