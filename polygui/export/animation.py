"""File > Export > Animation…: the solutions browsed (or a range of them), or the pieces of
the disassembly player coming apart, as a looping GIF or APNG, or an MP4 video (the optional
extra polygui[video]).

Frames are grabbed on the GUI thread a few at a time from a QTimer (the window keeps
drawing; a window-modal progress dialog with Cancel keeps the view from being changed
meanwhile), then the view is put back as it was and an AnimationWriteJob encodes and writes
the file atomically in its own thread. Cancel, or a failure, leaves no file (or the old one)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QProgressDialog

from solvers import GridKind, PuzzleError
from solvers.output.animation import animation_format

from ..models.status import plural
from ..resources import is_shipped_example
from .animation_dialog import AnimationOptions, ask_animation_options, too_large
from .animation_frames import CubeTurnFrames, DisassemblyFrames, FlatFrames, FrameSource
from .animation_job import AnimationWriteJob
from .context import file_name

FILTERS = {"gif": "GIF (*.gif)", "png": "APNG (*.png *.apng)", "mp4": "MP4 video (*.mp4)"}
SLICE_SECONDS = 0.03  # grabbing per timer tick: the window stays responsive between ticks


class AnimationExport(QObject):
    """`export()` asks what and where, then grabs and writes. Signals: finished_writing(path),
    failed(message); a cancel emits neither. `ask_options` is replaced by tests."""

    finished_writing = Signal(Path)
    failed = Signal(str)

    def __init__(self, actions) -> None:  # actions: the window's ExportActions
        super().__init__(actions)
        self.actions, self.window = actions, actions.window
        self.ask_options = ask_animation_options
        self.source: FrameSource | None = None
        self.frames: list[np.ndarray] = []
        self.job: AnimationWriteJob | None = None
        self.progress: QProgressDialog | None = None
        self.path: Path | None = None
        self._grabbing = False
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._grab_some)

    def is_running(self) -> bool:
        return self.source is not None or self.job is not None

    # --- the command ------------------------------------------------------------------
    def export(self) -> bool:
        warn = self.actions.warn
        if self.is_running():
            warn("Export animation", "An animation is still being made.")
            return False
        cube = self.window.current_view().puzzle.kind is GridKind.CUBE
        if cube and self.window.is_designing():
            self.window.set_mode("solve")
        moves = self._player_moves() if cube else 0
        count = self.window.browsing.count()
        if not count and not moves:
            warn("Nothing to animate", "Solve first: there are no solutions yet.")
            return False
        view_size = self._view_size(cube)
        options = self.ask_options(self.window, count, cube, moves, view_size.width())
        if options is None:
            return False
        name = (f"{self.window.current_view().player.title} coming apart"
                if options.what == "disassembly"
                else f"solutions {options.first}-{options.last}")
        path = self.actions._ask_path("Export animation", file_name(
            self.window.store.puzzle.name, name), options.format, FILTERS[options.format])
        if not path:
            return False
        path = Path(path) if Path(path).suffix else Path(f"{path}.{options.format}")
        return self.actions._guarded("Cannot export the animation",
                                     lambda: self._start(options, path, cube, view_size))

    def _player_moves(self) -> int:
        player = getattr(self.window.current_view(), "player", None)
        return player.controls.moves if player is not None and player.frames else 0

    def _view_size(self, cube: bool) -> QSize:
        view = self.window.current_view()
        return view.gl_container.size() if cube else self.actions.view_size()

    def _start(self, options: AnimationOptions, path: Path, cube: bool,
               view_size: QSize) -> None:
        check_target(path)
        count = self.window.browsing.count()
        if options.what == "solutions" and not 1 <= options.first <= options.last <= count:
            raise PuzzleError(f"solutions {options.first:,} to {options.last:,}: there are "
                              f"{plural(count, 'solution')} to show")
        size = frame_size(view_size, options.width)
        source = self._source(options, cube, size, view_size)
        problem = too_large(len(source.durations), size.width(), size.height())
        if problem:
            source.restore()
            raise PuzzleError(problem)
        self.source, self.frames, self.path = source, [], path
        total = len(source.durations)
        self.progress = QProgressDialog(f"Drawing {plural(total, 'frame')}…", "Cancel", 0,
                                        2 * total, self.window)
        self.progress.setWindowTitle("Export animation")
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)  # the view is in use
        self.progress.setMinimumDuration(300)
        self.progress.canceled.connect(self.cancel)
        self._timer.start(0)

    def _source(self, options: AnimationOptions, cube: bool, size: QSize,
                view_size: QSize) -> FrameSource:
        view = self.window.current_view()
        if options.what == "disassembly":
            return DisassemblyFrames(view, size, options.frames_per_solution,
                                     options.seconds_per_solution)
        browsing, store = self.window.browsing, self.window.store
        solutions = [store.solution(browsing.store_index(position))
                     for position in range(options.first - 1, options.last)]
        if cube:
            return CubeTurnFrames(view, solutions, size, options.frames_per_solution,
                                  options.seconds_per_solution)
        return FlatFrames(view.puzzle, solutions, size, view_size, options.seconds_per_solution)

    # --- grabbing, on the GUI thread --------------------------------------------------------
    def _grab_some(self) -> None:
        source = self.source
        if source is None or self._grabbing:
            return
        self._grabbing = True  # a modal progress dialog's setValue runs the event loop
        try:
            deadline = time.monotonic() + SLICE_SECONDS
            while len(self.frames) < len(source.durations) and time.monotonic() < deadline:
                self.frames.append(source.grab(len(self.frames)))
            if self.progress is not None:
                self.progress.setValue(len(self.frames))
        except Exception as error:  # PuzzleError: the view cannot be filmed; else a bug
            self._end(str(error) if isinstance(error, PuzzleError)
                      else f"{type(error).__name__}: {error}")
            return
        finally:
            self._grabbing = False
        if self.source is source and len(self.frames) == len(source.durations):  # not cancelled
            self._timer.stop()
            self._write()

    def _write(self) -> None:
        durations = self.source.durations
        self._put_back()
        if self.progress is not None:
            self.progress.setLabelText(f"Writing {self.path.name}…")
        job = self.job = AnimationWriteJob(self.frames, durations, self.path)
        self.frames = []
        job.progress.connect(self._encoded)
        job.finished_writing.connect(self._written)
        job.failed.connect(self._write_failed)
        job.start()

    @Slot(int)
    def _encoded(self, done: int) -> None:
        if self.sender() is self.job and self.progress is not None:
            self.progress.setValue(len(self.job.frames) + done)

    @Slot()
    def _written(self) -> None:
        if self.sender() is self.job:
            path, count = self.path, len(self.job.frames)
            self._end()
            self.actions.inform(f"Exported {path.name} ({plural(count, 'frame')})")
            self.finished_writing.emit(path)

    @Slot(str)
    def _write_failed(self, message: str) -> None:
        if self.sender() is self.job:
            self._end(message)

    # --- ending ---------------------------------------------------------------------------
    def cancel(self) -> None:
        """Stop grabbing or writing: no file (the old one, if any, stays)."""
        if self.is_running():
            written = self.job is not None and not self.job.cancel()
            self._end()
            self.actions.inform(f"Exported {self.path.name}" if written
                                else "Animation cancelled: nothing was written")

    def shutdown(self) -> None:
        """The window closes: stop, nothing written, the thread ended."""
        if self.job is not None:
            self.job.cancel()
        self._end()

    def _put_back(self) -> None:
        if self.source is not None:
            self._timer.stop()
            self.source.restore()
            self.source = None

    def _end(self, failure: str = "") -> None:
        self._put_back()
        if self.job is not None:
            self.job.wait()
        if self.progress is not None:
            self.progress.canceled.disconnect(self.cancel)
            self.progress.close()
            self.progress.deleteLater()
        self.job, self.progress, self.frames = None, None, []
        if failure:
            self.actions.warn("Cannot export the animation", failure)
            self.failed.emit(failure)


def frame_size(view_size: QSize, width: int) -> QSize:
    """The view's size, or `width` wide in the view's shape."""
    if not width:
        return QSize(max(1, view_size.width()), max(1, view_size.height()))
    return QSize(width, max(1, round(width * view_size.height() / max(1, view_size.width()))))


def check_target(path: Path) -> None:
    """Refuse, before any work, what cannot be written: an unknown suffix, the shipped
    examples' folder, a folder that is missing or not writable."""
    animation_format(path)
    if is_shipped_example(path):
        raise PuzzleError(f"{path.parent} holds PolyGUI's shipped examples, which stay as "
                          "shipped: choose another folder.")
    folder = path.parent
    if not folder.is_dir():
        raise PuzzleError(f"{folder}: no such folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PuzzleError(f"{folder}: this folder is not writable; choose another one")
