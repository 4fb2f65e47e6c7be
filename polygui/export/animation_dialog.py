"""File > Export > Animation…: what to animate (the solutions browsed, a range of them, or the
disassembly the player shows), how fast, how large, GIF or APNG (or MP4, with PyAV)."""

from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialog, QDoubleSpinBox, QFormLayout, QLabel,
                               QWidget)

from solvers.records import record
from solvers.output.video import video_available

from ..models.status import plural
from .dialogs import _run, _spin
from .limits import MAX_SIDE

MAX_SOLUTIONS = 1000  # in one animation: its frames are kept in memory until encoded
MAX_FRAMES = 3000
MAX_PIXELS = 400_000_000  # frames x width x height kept (3 bytes each): about 1.2 GB


@record
class AnimationOptions:
    what: str = "solutions"  # or "disassembly": the player's moves
    format: str = "gif"  # or "png": APNG, or "mp4"
    first: int = 1  # the solutions as the browser numbers them, 1-based, inclusive
    last: int = 1
    seconds_per_solution: float = 1.0  # or per move, for the disassembly
    frames_per_solution: int = 1  # a cube turns meanwhile; or frames per move
    width: int = 0  # 0: the view's size; else this width, the view's shape


def too_large(frames: int, width: int, height: int) -> str:
    """Why an animation of `frames` frames of width x height is not made, or ""."""
    if frames > MAX_FRAMES:
        return (f"{frames:,} frames: an animation has at most {MAX_FRAMES:,}; choose fewer "
                "solutions or fewer frames each")
    if frames * width * height > MAX_PIXELS:
        return (f"{frames:,} frames of {width}×{height} pixels would need "
                f"{frames * width * height * 3 / 1e9:.1f} GB of memory; choose a smaller width "
                "or fewer solutions")
    return ""


def ask_animation_options(parent: QWidget, count: int, cube: bool, moves: int,
                          view_width: int) -> AnimationOptions | None:
    """`count` solutions browsed; `cube`: the 3D view can turn; `moves`: the player's
    disassembly (0: none to export); `view_width`: the view's width in pixels."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Export animation")
    form = QFormLayout(dialog)
    what = QComboBox()
    if count:
        what.addItem(f"The solutions browsed ({count:,})", "solutions")
    if moves:
        what.addItem(f"The pieces coming apart ({plural(moves, 'move')})", "disassembly")
    kind = QComboBox()
    kind.addItem("GIF", "gif")
    kind.addItem("APNG (animated PNG: full colour)", "png")
    if video_available():  # the optional extra polygui[video]
        kind.addItem("MP4 video (H.264; plays once)", "mp4")
    first, last = _spin(1, max(1, count), 1), _spin(1, max(1, count), min(count, MAX_SOLUTIONS))
    seconds = QDoubleSpinBox()
    seconds.setRange(0.05, 60.0)
    seconds.setSingleStep(0.25)
    seconds.setValue(1.0)
    frames = _spin(1, 120, 12 if cube else 1)
    width = _spin(0, MAX_SIDE, 0)
    width.setSpecialValueText(f"The view's ({view_width} pixels)")
    note = QLabel()
    note.setWordWrap(True)

    def follow() -> None:
        solutions = what.currentData() == "solutions"
        last.setRange(first.value(), min(count, first.value() + MAX_SOLUTIONS - 1) or 1)
        for widget in (first, last):
            form.setRowVisible(widget, solutions)
        form.setRowVisible(frames, cube or not solutions)  # a flat picture does not turn
        form.labelForField(seconds).setText("Seconds a solution" if solutions else
                                            "Seconds a move")
        form.labelForField(frames).setText("Frames a solution (the view turns)" if solutions
                                           else "Frames a move")
        note.setText(f"At most {MAX_SOLUTIONS:,} solutions in one animation: export the rest "
                     "as another range." if solutions and count > MAX_SOLUTIONS else "")

    for label, widget in (("Animate", what), ("Format", kind), ("From solution", first),
                          ("To solution", last), ("Seconds a solution", seconds),
                          ("Frames a solution (the view turns)", frames), ("Width", width),
                          ("", note)):
        form.addRow(label, widget)
    for spin in (first, last):
        spin.valueChanged.connect(follow)
    def defaults() -> None:  # the player takes MOVE_MS a move
        solutions = what.currentData() == "solutions"
        seconds.setValue(1.0 if solutions else 0.5)
        frames.setValue((12 if cube else 1) if solutions else 6)
        follow()

    what.currentIndexChanged.connect(defaults)
    defaults()
    accepted = _run(dialog, form)
    options = AnimationOptions(what.currentData(), kind.currentData(), first.value(),
                               last.value(), seconds.value(), frames.value(), width.value())
    dialog.deleteLater()
    return options if accepted else None
