"""How `polygui-solve` ends when it is stopped from outside: Ctrl-C ends any phase with
"interrupted" and exit status 130 (no traceback; exports and run files are written atomically,
so nothing is left half-written), and output into a closed pipe (`| head -3`) ends the command
quietly, with 141 as for a command SIGPIPE ends.

Python garbles a KeyboardInterrupt raised inside an import (the solver imports numba, Qt and
more as it needs them): it is lost ("Exception ignored" and the run goes on), turned into an
ImportError, or makes the process end by the signal whatever status it returns. It loses one
raised in a callback from C too (numba's compiler calls some). So while a command runs,
Ctrl-C inside an import is held, and one lost is caught by sys.unraisablehook; either is
raised again a moment later, until it ends the command."""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import NoReturn

INTERRUPTED = 130  # 128 + SIGINT, as shells report a command Ctrl-C ended
PIPE_CLOSED = 141  # 128 + SIGPIPE
RETRY_SECONDS = 0.05  # an interrupt held (in an import) or lost is raised again this much later


def ended_cleanly(body: Callable[[], int]) -> int:
    """`body()`'s exit status, or INTERRUPTED after Ctrl-C, PIPE_CLOSED once stdout's reader
    is gone."""
    with interrupts_kept() as handler:
        try:
            status = body()
        except KeyboardInterrupt:
            interrupted = True
        except BrokenPipeError:
            discard_output()
            return PIPE_CLOSED
        else:  # the body may end before an interrupt held is raised again
            interrupted = handler.held
    if not interrupted:
        return status
    say_interrupted()
    return INTERRUPTED


class _Handler:
    """SIGINT's handler: KeyboardInterrupt, or, inside an import, the signal again later; and
    sys.unraisablehook's: a KeyboardInterrupt lost, the signal again later."""

    def __init__(self, unraisable_hook: Callable[[object], None]) -> None:
        self.held = False
        self.stopped = False
        self._timer: threading.Timer | None = None
        self._unraisable_hook = unraisable_hook

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if importing(frame):
            self.hold()
            return
        self.held = False
        raise KeyboardInterrupt

    def unraisable(self, unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            self.hold()
        else:
            self._unraisable_hook(unraisable)

    def hold(self) -> None:
        """The signal again RETRY_SECONDS from now."""
        self.held = True
        self._timer = threading.Timer(RETRY_SECONDS, self._again)
        self._timer.daemon = True
        self._timer.start()

    def _again(self) -> None:
        """SIGINT to the main thread: one it waits in (a sleep, a read) wakes up to it."""
        if self.stopped:
            return
        if hasattr(signal, "pthread_kill"):
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
        else:  # Windows: the signal as Python raises it there
            signal.raise_signal(signal.SIGINT)

    def stop(self) -> None:
        self.stopped = True
        if self._timer is not None:
            self._timer.cancel()


@contextlib.contextmanager
def interrupts_kept() -> Iterator[_Handler]:
    """SIGINT and lost exceptions handled by a _Handler while the block runs (unless SIGINT is
    ignored, as in a shell's background job, or this is not the main thread, which cannot set
    handlers)."""
    hook = sys.unraisablehook
    handler = _Handler(hook)
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield handler
        return
    previous = signal.signal(signal.SIGINT, handler)
    sys.unraisablehook = handler.unraisable
    try:
        yield handler
    finally:
        handler.stop()
        sys.unraisablehook = hook
        signal.signal(signal.SIGINT, previous)


def importing(frame: FrameType | None) -> bool:
    """Whether `frame` runs inside an import (under the import system's frames)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def say_interrupted() -> None:
    try:
        print("polygui-solve: interrupted", file=sys.stderr)
    except (OSError, ValueError):  # stderr's reader gone too, or closed
        pass


def discard_output() -> None:
    """Point stdout at /dev/null: what it still buffers would fail again when Python flushes
    it at exit (the standard library's recipe for a closed pipe)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


def leave(status: int) -> NoReturn:
    """End the process with `status`, its output flushed (141 if stdout's reader is gone).

    Python's own exit frees, one by one, every object numpy and the solver made: 4-6 ms of a
    count of a small BurrTools file, which takes 0.12 s (issue 31). When nothing waits for the
    exit (no other thread, no exit handler registered: none of Dask's, multiprocessing's, Qt's
    or weakref finalizers'), the process ends without that teardown; otherwise as Python ends."""
    flushed = output_flushed(status)
    if flushed is None:  # closed or replaced: Python's exit reports it
        sys.exit(status)
    if isinstance(flushed, int) and nothing_waits_for_the_exit():
        os._exit(flushed)
    sys.exit(flushed)


def output_flushed(status: int) -> int | None:
    """`status` once stdout and stderr are flushed, PIPE_CLOSED if stdout's reader is gone,
    None if they cannot be flushed (closed, or replaced by something else)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        discard_output()
        return PIPE_CLOSED
    except (OSError, ValueError, AttributeError):
        return None
    return status


def nothing_waits_for_the_exit() -> bool:
    """Whether Python's exit has nothing to run: no thread but this one, and no function
    registered with atexit (`_ncallbacks` is CPython's; elsewhere assume there are some)."""
    registered = getattr(atexit, "_ncallbacks", None)
    return threading.active_count() == 1 and registered is not None and registered() == 0
