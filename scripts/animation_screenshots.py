"""The user guide's picture of File > Export > Animation (docs/solving.md), taken by
scripts/screenshots.py: the Soma cube's first solution exported as an APNG turning once, four
of its frames (a quarter turn apart) side by side."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from PIL import Image
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from polygui.export.animation_dialog import AnimationOptions
from polygui.resources import examples_dir

ANIMATION_NAMES = ("animation-frames.png",)
TURN_FRAMES = 8  # one turn
SHOWN = (0, 2, 4, 6)  # the frames in the picture
WIDTH = 250  # a frame's: four make a picture as wide as the guide's others (1,000 pixels)
GAP = 6  # pixels of white between two frames


def exported_frames(app: QApplication, window, wait_for) -> list[np.ndarray]:
    """The frames of the animation File > Export > Animation writes of the solution shown."""
    exports = window.exports
    animation, ask_path = exports.animation, exports.ask_path
    animation.ask_options = lambda *args: AnimationOptions(
        "solutions", "png", 1, 1, seconds_per_solution=4.0, frames_per_solution=TURN_FRAMES,
        width=WIDTH)
    with tempfile.TemporaryDirectory(prefix="polygui-animation-") as scratch:
        target = Path(scratch) / "soma.png"
        exports.ask_path = lambda *args: str(target)
        try:
            if not animation.export():
                raise SystemExit("the animation was not exported")
            wait_for(app, lambda: not animation.is_running(), "the animation")
        finally:
            exports.ask_path = ask_path
        image = Image.open(target)
        frames = []
        for number in range(image.n_frames):
            image.seek(number)
            frames.append(np.asarray(image.convert("RGB")))
    return frames


def take_animation_screenshots(app: QApplication, window, folder: Path, solve, wait_for,
                               save) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / name for name in ANIMATION_NAMES]
    window.open_puzzle(examples_dir() / "soma.json")
    window.panel.limit.setValue(1)
    solve(app, window)
    frames = exported_frames(app, window, wait_for)
    height = frames[0].shape[0]
    strip = np.full((height, len(SHOWN) * (WIDTH + GAP) - GAP, 3), 255, dtype=np.uint8)
    for slot, number in enumerate(SHOWN):
        strip[:, slot * (WIDTH + GAP):slot * (WIDTH + GAP) + WIDTH] = frames[number]
    strip = np.ascontiguousarray(strip)
    image = QImage(strip.data, strip.shape[1], height, strip.shape[1] * 3,
                   QImage.Format.Format_RGB888).copy()
    save(image, paths[0])
    return paths
