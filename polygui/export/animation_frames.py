"""The frames of an animation, grabbed one at a time on the GUI thread (the exporter asks for
a few each turn of the event loop): a flat puzzle's solutions drawn off screen; a cube's
solutions in its 3D view, turning once around the vertical axis across the whole animation;
the disassembly player's moves. `restore()` puts the view back as it was (camera, solution,
player)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Protocol

import numpy as np
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QImage, QPainter

from solvers import Puzzle, Solution

from .images import FlatDrawing, drawing_scale, render_cube_view

HOLD_MS = 1000  # the disassembly's first and last frames stay this much longer
CAMERA_KEYS = ("center", "distance", "elevation", "azimuth", "fov", "rotation")


class FrameSource(Protocol):
    durations: list[float]  # each frame's time in ms; as many as there are frames

    def grab(self, frame: int) -> np.ndarray: ...
    def restore(self) -> None: ...


def rgb_array(image: QImage) -> np.ndarray:
    """(h, w, 3) uint8 copy of `image`'s pixels."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return rows[:, :image.width() * 3].reshape(image.height(), image.width(), 3).copy()


class FlatFrames:
    """One frame a solution, drawn as File > Export > Image draws it: the window's view is
    not touched."""

    def __init__(self, puzzle: Puzzle, solutions: Sequence[Solution], size: QSize,
                 view_size: QSize, seconds: float) -> None:
        self.solutions, self.size = solutions, size
        self.scale = drawing_scale(size, view_size)
        self.durations = [seconds * 1000] * len(solutions)
        self._drawing = FlatDrawing(puzzle)

    def grab(self, frame: int) -> np.ndarray:
        image = QImage(self.size, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        self._drawing.paint(painter, QRectF(0, 0, self.size.width(), self.size.height()),
                            self.solutions[frame], self.scale)
        painter.end()
        return rgb_array(image)

    def restore(self) -> None:
        self._drawing.close()


class CubeState:
    """The 3D view's camera, solution and player, kept to be put back."""

    def __init__(self, view) -> None:
        self.view = view
        player = view.player
        player.controls.pause()
        self.camera = {key: copy.copy(view.gl.opts[key]) for key in CAMERA_KEYS
                       if key in view.gl.opts}
        self.solution = view.solution
        self.disassembly, self.title = player.disassembly, player.title
        self.position = player.controls.position

    def restore(self) -> None:
        view, player = self.view, self.view.player
        if view.solution is not self.solution:
            view.set_solution(self.solution)  # clears the player: shown again below
        if self.disassembly is not None and player.disassembly is not self.disassembly:
            player.show(self.disassembly, self.title)
        if self.disassembly is not None:
            player.controls.set_position(self.position)
        view.gl.opts.update(self.camera)
        view.gl.update()


class CubeTurnFrames:
    """`per_solution` frames of each solution in the 3D view, the camera turning a full
    turn around the vertical axis over the whole animation."""

    def __init__(self, view, solutions: Sequence[Solution], size: QSize, per_solution: int,
                 seconds: float) -> None:
        self.view, self.solutions, self.size = view, solutions, size
        self.per_solution = per_solution
        self.state = CubeState(view)
        count = len(solutions) * per_solution
        self.durations = [seconds * 1000 / per_solution] * count
        self._start = float(view.gl.opts["azimuth"])

    def grab(self, frame: int) -> np.ndarray:
        solution = self.solutions[frame // self.per_solution]
        if self.view.solution is not solution:
            self.view.set_solution(solution)
        self.view.gl.opts["azimuth"] = self._start + 360.0 * frame / len(self.durations)
        return rgb_array(render_cube_view(self.view, self.size))

    def restore(self) -> None:
        self.state.restore()


class DisassemblyFrames:
    """The player from assembled to taken apart, `per_move` frames a move (and the last
    position): the camera follows the pieces as it does on screen."""

    def __init__(self, view, size: QSize, per_move: int, seconds_per_move: float) -> None:
        self.view, self.size = view, size
        self.state = CubeState(view)
        moves = view.player.controls.moves
        self.positions = [step / per_move for step in range(moves * per_move + 1)]
        self.durations = [seconds_per_move * 1000 / per_move] * len(self.positions)
        self.durations[0] += HOLD_MS
        self.durations[-1] += HOLD_MS

    def grab(self, frame: int) -> np.ndarray:
        self.view.player.controls.set_position(self.positions[frame])
        return rgb_array(render_cube_view(self.view, self.size))

    def restore(self) -> None:
        self.state.restore()
