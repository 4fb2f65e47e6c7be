"""Animated pictures from frames: GIF and APNG through Pillow, looping forever (or an MP4
video, output.video), written atomically. No Qt: the app grabs the frames and hands them over
as RGB arrays.

GIF keeps times in hundredths of a second, and browsers play delays under 20 ms slowly, so
every frame's time is rounded to 10 ms and is at least 20 ms. Pillow merges a frame that is the
same as the one before it into that one (their times added): an animation of N different
frames has N frames, a hold costs no frame."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np
from PIL import Image

from ..puzzle.atomic import write_atomically
from ..puzzle.errors import PuzzleError
from .video import encode_video

FORMATS = {".gif": "GIF", ".png": "PNG", ".apng": "PNG",  # suffix -> Pillow's format
           ".mp4": "MP4"}  # a video: PyAV's (output.video)
MIN_FRAME_MS = 20
FRAME_MS_STEP = 10


class AnimationCancelled(Exception):
    """`go_on` said stop: nothing was written."""


def animation_format(path: Path) -> str:
    """Pillow's format for `path`'s suffix; PuzzleError names the suffixes known."""
    kind = FORMATS.get(Path(path).suffix.lower())
    if kind is None:
        raise PuzzleError(f"{Path(path).name}: an animation is a .gif, .png, .apng or .mp4 file")
    return kind


def frame_ms(milliseconds: float) -> int:
    """A frame's time as GIF can keep it: a multiple of 10 ms, at least 20 ms."""
    return max(MIN_FRAME_MS, FRAME_MS_STEP * round(milliseconds / FRAME_MS_STEP))


def encode_animation(frames: Sequence[np.ndarray], durations: Sequence[float], kind: str,
                     go_on: Callable[[int], bool] | None = None) -> bytes:
    """`frames` ((h, w, 3) uint8, all one size) shown `durations` ms each, as `kind` ("GIF",
    "PNG": APNG, or "MP4") bytes. `go_on(frames encoded)` is asked before each frame; False stops
    (AnimationCancelled)."""
    if not len(frames):
        raise PuzzleError("an animation needs at least one frame")
    if len(durations) != len(frames):
        raise PuzzleError(f"{len(frames)} frames but {len(durations)} frame times")
    if len({frame.shape for frame in frames}) != 1:
        raise PuzzleError("the frames of an animation must all be one size")

    if kind == "MP4":
        data = encode_video(frames, [frame_ms(ms) for ms in durations], go_on)
        if data is None:
            raise AnimationCancelled
        return data
    sequence = _Frames(frames[1:], go_on)
    out = io.BytesIO()
    _image(frames[0]).save(out, format=kind, save_all=True, append_images=sequence, loop=0,
                           duration=[frame_ms(ms) for ms in durations])
    return out.getvalue()


def _image(frame: np.ndarray) -> Image.Image:
    return Image.fromarray(np.ascontiguousarray(frame[:, :, :3]), "RGB")


class _Frames:
    """The frames after the first as Pillow images, made as Pillow asks for them (APNG goes
    through them twice: once to check them, once to write them); `go_on` hears the furthest
    frame reached."""

    def __init__(self, frames: Sequence[np.ndarray], go_on: Callable[[int], bool] | None) -> None:
        self.frames, self.go_on, self.furthest = frames, go_on, 0

    def __iter__(self) -> Iterator[Image.Image]:
        for done, frame in enumerate(self.frames, start=1):
            self.furthest = max(self.furthest, done)
            if self.go_on is not None and not self.go_on(self.furthest):
                raise AnimationCancelled
            yield _image(frame)


def write_animation(frames: Sequence[np.ndarray], durations: Sequence[float], path: Path,
                    go_on: Callable[[int], bool] | None = None) -> None:
    """Encode as `path`'s suffix says and write atomically: on failure or cancel the old file,
    if any, stays. Raises PuzzleError, AnimationCancelled."""
    data = encode_animation(frames, durations, animation_format(path), go_on)
    if go_on is not None and not go_on(len(frames)):
        raise AnimationCancelled
    write_atomically(Path(path), data)
