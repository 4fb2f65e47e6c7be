"""File > Export > Animation: the solutions browsed as GIF and APNG (a frame each, in order,
looping, at the asked size and pace), a cube's 3D view turning, the disassembly player's
pieces coming apart, cancel and failures leaving no file, and the view put back as it was."""

from __future__ import annotations

import errno
import importlib.util
import os
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QPushButton, QSpinBox

from polygui.export import animation_job
from polygui.export.animation import frame_size
from polygui.export.animation_dialog import AnimationOptions, ask_animation_options
from polygui.export.animation_frames import HOLD_MS, rgb_array
from polygui.export.images import drawing_scale, render_flat
from polygui.resources import examples_dir

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "animation_screenshots.py"
# a fresh clone's first assemblies taken apart compile the disassembler (about 80 s of CPU,
# minutes on a loaded machine): a timeout is for a run that never ends, not a slow one
SOLVE_MS = 900_000


def out_folder(tmp_path: Path) -> Path:
    """A folder of its own (the window's autosave folder is in tmp_path)."""
    folder = tmp_path / "out"
    folder.mkdir()
    return folder


def solved(window, qtbot, name: str, limit: int) -> None:
    window.open_puzzle(examples_dir() / name)
    window.panel.limit.setValue(limit)
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=SOLVE_MS)


def export(window, qtbot, path: Path, options: AnimationOptions) -> list[str]:
    """Export `options` to `path` and wait for the end; the warnings shown."""
    shown: list[str] = []
    exports = window.exports
    exports.warn = lambda title, text: shown.append(text)
    exports.ask_path = lambda *args: str(path)
    exports.animation.ask_options = lambda *args: options
    if exports.animation.export():
        qtbot.waitUntil(lambda: not exports.animation.is_running(), timeout=60_000)
    return shown


def frames_of(path: Path) -> tuple[list[np.ndarray], list[int], Image.Image]:
    image = Image.open(path)
    frames, durations = [], []
    for number in range(image.n_frames):
        image.seek(number)
        frames.append(np.asarray(image.convert("RGB")))
        durations.append(round(image.info["duration"]))
    return frames, durations, image


def press_cancel(animation) -> None:
    animation.progress.findChild(QPushButton).click()


def all_differ(frames: list[np.ndarray]) -> bool:
    return all(not np.array_equal(frames[a], frames[b])
               for a in range(len(frames)) for b in range(a + 1, len(frames)))


@pytest.mark.parametrize("kind", ["gif", "png"])
def test_flat_solutions_become_one_frame_each_in_order(window, qtbot, tmp_path, kind):
    solved(window, qtbot, "pentominoes-6x10.json", limit=4)
    shown_before = window.current_view().solution
    current_before = window.browser.current
    out = out_folder(tmp_path)
    path = out / f"pentominoes.{kind}"
    options = AnimationOptions("solutions", kind, first=2, last=4, seconds_per_solution=0.5,
                               width=240)
    assert export(window, qtbot, path, options) == []
    frames, durations, image = frames_of(path)
    view_size = window.exports.view_size()
    size = frame_size(view_size, 240)
    assert len(frames) == 3 and image.size == (240, size.height())
    assert image.info["loop"] == 0 and durations == [500] * 3
    assert all_differ(frames)
    if kind == "png":  # lossless: each frame is its solution's picture, from the second on
        store, browsing = window.store, window.browsing
        for frame, position in zip(frames, (1, 2, 3)):
            picture = render_flat(store.puzzle, store.solution(browsing.store_index(position)),
                                  size, scale=drawing_scale(size, view_size))
            assert np.array_equal(frame, rgb_array(picture))
    assert window.current_view().solution is shown_before  # the window shows what it showed
    assert window.browser.current == current_before
    assert os.listdir(out) == [path.name]  # no temporary left beside it


def test_solutions_as_an_mp4_video(window, qtbot, tmp_path):
    av = pytest.importorskip("av", reason="MP4 export needs the optional extra polygui[video]")
    solved(window, qtbot, "pentominoes-6x10.json", limit=3)
    path = out_folder(tmp_path) / "pentominoes.mp4"
    options = AnimationOptions("solutions", "mp4", 1, 3, seconds_per_solution=0.5, width=241)
    assert export(window, qtbot, path, options) == []
    with av.open(str(path)) as video:
        decoded = [(float(f.pts * f.time_base), f.width) for f in video.decode(video=0)]
    assert decoded == [(0.0, 242), (0.5, 242), (1.0, 242)]  # H.264: an even width


def test_a_cube_turns_and_the_view_is_put_back(window, qtbot, tmp_path):
    solved(window, qtbot, "soma.json", limit=2)
    view = window.current_view()
    camera = {key: view.gl.opts[key] for key in ("azimuth", "elevation", "distance")}
    centre, shown_before = view.gl.opts["center"], view.solution
    path = tmp_path / "soma.png"
    options = AnimationOptions("solutions", "png", first=1, last=2, seconds_per_solution=1.0,
                               frames_per_solution=3, width=160)
    assert export(window, qtbot, path, options) == []
    frames, durations, image = frames_of(path)
    assert len(frames) == 6 and image.size[0] == 160 and durations == [330] * 6
    assert all_differ(frames)  # turning, and another solution half way
    assert {key: view.gl.opts[key] for key in camera} == camera
    assert view.gl.opts["center"] == centre and view.solution is shown_before


def test_the_pieces_coming_apart(window, qtbot, tmp_path):
    solved(window, qtbot, "puzzle-in-a-cage.json", limit=0)
    view = window.current_view()
    player = view.player
    qtbot.waitUntil(lambda: player.frames is not None
                    and not window.solve_page.taking_apart.is_running(), timeout=SOLVE_MS)
    taken, moves = player.disassembly, player.controls.moves
    player.controls.set_position(1.0)  # where the user left it
    view.explode.setValue(view.explode.maximum())  # no piece moves hidden in the cage
    distance = view.gl.opts["distance"]
    path = tmp_path / "cage.gif"
    options = AnimationOptions("disassembly", "gif", seconds_per_solution=0.2,
                               frames_per_solution=2, width=120)
    assert export(window, qtbot, path, options) == []
    frames, durations, _ = frames_of(path)
    assert len(frames) == 2 * moves + 1  # every half move, the start and the end
    assert all(not np.array_equal(a, b) for a, b in zip(frames, frames[1:]))
    assert durations == [100 + HOLD_MS] + [100] * (2 * moves - 1) + [100 + HOLD_MS]
    assert not np.array_equal(frames[0], frames[-1])
    assert player.disassembly is taken and player.controls.position == 1.0
    assert view.gl.opts["distance"] == distance


def test_cancel_or_closing_the_window_leaves_the_old_file(window, qtbot, tmp_path,
                                                          monkeypatch):
    solved(window, qtbot, "pentominoes-6x10.json", limit=30)
    animation = window.exports.animation
    out = out_folder(tmp_path)
    path = out / "kept.gif"
    path.write_bytes(b"the user's file")
    window.exports.ask_path = lambda *args: str(path)
    animation.ask_options = lambda *args: AnimationOptions("solutions", "gif", 1, 30, width=200)
    assert animation.export() and animation.is_running()
    press_cancel(animation)  # before a frame is drawn
    assert not animation.is_running()

    reached = threading.Event()
    real = animation_job.write_animation

    def held(frames, durations, target, go_on):  # stops at the first frame until cancelled
        def wait(done):
            reached.set()
            while go_on(done):
                time.sleep(0.005)
            return False
        return real(frames, durations, target, go_on=wait)

    monkeypatch.setattr(animation_job, "write_animation", held)
    assert animation.export()
    qtbot.waitUntil(reached.is_set, timeout=30_000)
    press_cancel(animation)
    assert not animation.is_running()
    assert path.read_bytes() == b"the user's file" and os.listdir(out) == [path.name]

    reached.clear()
    assert animation.export()
    qtbot.waitUntil(reached.is_set, timeout=30_000)
    job = animation.job
    window.close()  # while writing: the thread ends, nothing written
    assert job.isFinished() and not animation.is_running()
    assert path.read_bytes() == b"the user's file" and os.listdir(out) == [path.name]


def test_bad_cases_are_named_and_write_nothing(window, qtbot, tmp_path, monkeypatch):
    tmp_path = out_folder(tmp_path)
    window.open_puzzle(examples_dir() / "pentominoes-6x10.json")
    options = AnimationOptions("solutions", "gif", 1, 2, width=100)
    assert "no solutions yet" in export(window, qtbot, tmp_path / "none.gif", options)[-1]
    solved(window, qtbot, "pentominoes-6x10.json", limit=2)
    shipped = examples_dir() / "pentominoes.gif"
    assert "shipped examples" in export(window, qtbot, shipped, options)[-1]
    assert not shipped.exists()
    assert ".gif, .png, .apng or .mp4" in export(window, qtbot, tmp_path / "x.bmp", options)[-1]
    assert "no such folder" in export(window, qtbot, tmp_path / "gone" / "x.gif", options)[-1]
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)
    assert "not writable" in export(window, qtbot, tmp_path / "x.gif", options)[-1]
    monkeypatch.undo()

    def full_disk(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    assert "No space left" in export(window, qtbot, tmp_path / "full.gif", options)[-1]
    beyond = AnimationOptions("solutions", "gif", 2, 3, width=100)
    assert "there are 2 solutions" in export(window, qtbot, tmp_path / "b.gif", beyond)[-1]
    huge = AnimationOptions("solutions", "gif", 1, 2, width=20_000)
    assert "GB of memory" in export(window, qtbot, tmp_path / "huge.gif", huge)[-1]
    assert os.listdir(tmp_path) == []
    assert window.current_view().solution is not None  # the solutions are still there


def test_the_sizes_follow_the_view():
    assert frame_size(QSize(400, 300), 0) == QSize(400, 300)
    assert frame_size(QSize(400, 300), 200) == QSize(200, 150)


def test_the_guide_picture_shows_the_cube_turning(window, qtbot, tmp_path):
    spec = importlib.util.spec_from_file_location("animation_screenshots", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)

    def solve(app, shown) -> None:
        shown.start_solve()
        qtbot.waitUntil(lambda: not shown.is_solving(), timeout=SOLVE_MS)

    paths = script.take_animation_screenshots(
        QApplication.instance(), window, tmp_path / "images", solve,
        lambda app, done, what: qtbot.waitUntil(done, timeout=30_000),
        lambda image, path: image.save(str(path)))
    assert [path.name for path in paths] == list(script.ANIMATION_NAMES)
    strip = np.asarray(Image.open(paths[0]).convert("RGB"))
    width, gap = script.WIDTH, script.GAP
    frames = [strip[:, slot * (width + gap):slot * (width + gap) + width] for slot in range(4)]
    assert strip.shape[1] == 4 * width + 3 * gap and all_differ(frames)


def test_the_dialog_caps_the_range_and_shows_what_applies(qtbot):
    seen = {}

    def look(pick_disassembly: bool) -> None:
        dialog = QApplication.activeModalWidget()
        form, what = dialog.layout(), dialog.findChild(QComboBox)
        if pick_disassembly:
            what.setCurrentIndex(1)
        spins = dialog.findChildren(QSpinBox)
        seen["rows"] = [form.isRowVisible(spin) for spin in spins]  # from, to, frames, width
        seen["last"] = spins[1].maximum()
        seen["note"] = " ".join(label.text() for label in dialog.findChildren(QLabel))
        dialog.accept()

    QTimer.singleShot(0, lambda: look(False))
    options = ask_animation_options(None, 2339, False, 0, 640)
    assert seen["rows"] == [True, True, False, True] and seen["last"] == 1000
    assert "At most 1,000 solutions" in seen["note"]
    assert options == AnimationOptions("solutions", "gif", 1, 1000, 1.0, 1, 0)
    QTimer.singleShot(0, lambda: look(True))
    options = ask_animation_options(None, 3, True, 6, 578)
    assert seen["rows"] == [False, False, True, True] and "Seconds a move" in seen["note"]
    assert options == AnimationOptions("disassembly", "gif", 1, 3, 0.5, 6, 0)
