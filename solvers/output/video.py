"""An animation's frames as an MP4 video (H.264), through PyAV, the optional extra
`polygui[video]`: FFmpeg's encoders in a wheel. No Qt.

Each frame keeps its own time (a variable frame rate: timestamps in milliseconds), the last
one too; a video plays once (players loop it if asked). H.264 wants an even width and
height: an odd one gets its last column or row repeated."""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from ..puzzle.errors import PuzzleError

MILLISECOND = Fraction(1, 1000)
QUALITY = "18"  # x264's constant rate factor: 18 looks like the source


def video_available() -> bool:
    return importlib.util.find_spec("av") is not None


def even(frame: np.ndarray) -> np.ndarray:
    """`frame` ((h, w, 3)) with an even height and width, the last row or column repeated."""
    height, width = frame.shape[:2]
    return np.ascontiguousarray(np.pad(frame[:, :, :3], ((0, height % 2), (0, width % 2), (0, 0)),
                                       mode="edge"))


def encode_video(frames: Sequence[np.ndarray], durations: Sequence[int],
                 go_on: Callable[[int], bool] | None = None) -> bytes | None:
    """MP4 bytes, or None if `go_on(frames encoded)` said stop."""
    if not video_available():
        raise PuzzleError("MP4 video needs PyAV: install it with pip install 'polygui[video]', "
                          "or export a GIF or APNG")
    import av  # optional: only here

    out = io.BytesIO()
    with av.open(out, "w", format="mp4") as box:
        height, width = even(frames[0]).shape[:2]
        stream = box.add_stream("libx264", rate=1000, options={"bframes": "0",
                                                               "crf": QUALITY})
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        stream.codec_context.time_base = MILLISECOND
        times = iter(durations)  # without B-frames, packets come out in frame order

        def mux(packets) -> None:
            for packet in packets:
                packet.duration = next(times)  # the last frame's time too
                box.mux(packet)

        start = 0
        for done, (frame, duration) in enumerate(zip(frames, durations)):
            if go_on is not None and done and not go_on(done):
                return None
            picture = av.VideoFrame.from_ndarray(even(frame), format="rgb24")
            picture.pts, picture.time_base = start, MILLISECOND
            start += duration
            mux(stream.encode(picture))
        mux(stream.encode())
    return out.getvalue()
