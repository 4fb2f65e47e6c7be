"""The Qt-free animation writer: GIF and APNG read back by Pillow with the frames, times and
loop written; frames the same as the one before merged with their time added; frame times
GIF can keep; bad input named; a cancel or a failure leaves the old file."""

from __future__ import annotations

import errno
import os

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from solvers import PuzzleError
from solvers.output.animation import (AnimationCancelled, frame_ms, write_animation)


def frame(value: int, shape=(12, 20)) -> np.ndarray:
    picture = np.zeros((*shape, 3), dtype=np.uint8)
    picture[:, : value % shape[1] + 1] = (value * 37 % 256, 200, value * 11 % 256)
    return picture


def read(path) -> tuple[list[np.ndarray], list[float], Image.Image]:
    image = Image.open(path)
    frames, times = [], []
    for number in range(image.n_frames):
        image.seek(number)
        frames.append(np.asarray(image.convert("RGB")))
        times.append(image.info["duration"])
    return frames, times, image


@pytest.mark.parametrize("suffix", [".gif", ".png", ".apng"])
def test_frames_times_and_loop_come_back(tmp_path, suffix):
    frames = [frame(value) for value in range(5)]
    path = tmp_path / f"a{suffix}"
    write_animation(frames, [100, 250, 40, 1000, 60], path)
    back, times, image = read(path)
    assert image.format == ("GIF" if suffix == ".gif" else "PNG") and image.info["loop"] == 0
    assert times == [100, 250, 40, 1000, 60] and image.size == (20, 12)
    assert all(np.array_equal(a, b) for a, b in zip(back, frames))  # few colours: exact


def test_a_frame_like_the_one_before_adds_its_time_to_it(tmp_path):
    frames = [frame(1), frame(1), frame(2), frame(2), frame(2), frame(1)]
    write_animation(frames, [100] * 6, tmp_path / "held.gif")
    back, times, _ = read(tmp_path / "held.gif")
    assert len(back) == 3 and times == [200, 300, 100]


@given(st.floats(min_value=0, max_value=100_000, allow_nan=False))
def test_frame_times_are_what_gif_keeps(milliseconds):
    kept = frame_ms(milliseconds)
    assert kept % 10 == 0 and kept >= 20 and (kept == 20 or abs(kept - milliseconds) <= 5)


def test_bad_input_is_named_and_writes_nothing(tmp_path):
    with pytest.raises(PuzzleError, match=".gif, .png, .apng or .mp4"):
        write_animation([frame(1)], [100], tmp_path / "a.bmp")
    with pytest.raises(PuzzleError, match="at least one frame"):
        write_animation([], [], tmp_path / "a.gif")
    with pytest.raises(PuzzleError, match="one size"):
        write_animation([frame(1), frame(2, (10, 10))], [100, 100], tmp_path / "a.gif")
    with pytest.raises(PuzzleError, match="2 frames but 1"):
        write_animation([frame(1), frame(2)], [100], tmp_path / "a.gif")
    assert os.listdir(tmp_path) == []


def test_cancel_or_a_full_disk_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "kept.png"
    path.write_bytes(b"old")
    asked = []
    with pytest.raises(AnimationCancelled):
        write_animation([frame(v) for v in range(4)], [100] * 4, path,
                        go_on=lambda done: asked.append(done) or done < 2)
    assert asked[-1] == 2  # asked before each frame after the first, stopped at the third

    def full_disk(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(PuzzleError, match="No space left"):
        write_animation([frame(1), frame(2)], [100, 100], path)
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["kept.png"]


def test_an_mp4_video_keeps_every_frame_and_its_time(tmp_path):
    av = pytest.importorskip("av", reason="MP4 export needs the optional extra polygui[video]")
    frames = [frame(value, (11, 21)) for value in range(4)]  # odd: padded to 12 x 22
    path = tmp_path / "a.mp4"
    write_animation(frames, [100, 250, 1000, 60], path)
    with av.open(str(path)) as video:
        decoded = list(video.decode(video=0))
    starts = [float(f.pts * f.time_base) for f in decoded]  # each shown until the next starts
    assert starts == [0.0, 0.1, 0.35, 1.35] and float(decoded[-1].duration
                                                      * decoded[-1].time_base) == 0.06
    assert {(f.width, f.height) for f in decoded} == {(22, 12)}


def test_without_pyav_an_mp4_is_refused_by_name(tmp_path, monkeypatch):
    monkeypatch.setattr("solvers.output.video.video_available", lambda: False)
    with pytest.raises(PuzzleError, match="MP4 video needs PyAV"):
        write_animation([frame(1)], [100], tmp_path / "a.mp4")
    assert os.listdir(tmp_path) == []
