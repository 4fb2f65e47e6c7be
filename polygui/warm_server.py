"""The warm solver server behind `polygui-solve` (polygui.warm_client starts it). It imports
the solver once, then forks a process for each call (polygui.warm_call). That process takes
the caller's standard streams, signals, folder, environment, umask, cores, priority and
arguments, runs the command as `polygui-solve` would, and sends its exit status back.

The server is single-threaded: it never forks with another thread holding a lock. It ends
after the idle time with no call coming or running. It also ends when a file of the code it
loaded changes: it refuses the call, which then runs in its caller. It keeps a log beside its
socket (`<name>.log`): when it started, each call's pid, and why it ended. While a call's
process runs, the server watches it and its caller (Linux): a caller gone first has its
process, which it may have left stopped (Ctrl-Z), woken to end."""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import importlib
import os
import select
import signal
import socket
import sys
import threading
import time
from typing import NoReturn, TextIO

from . import warm_client
from .warm_call import Call, closing, run_call

DEFAULT_IDLE_SECONDS = 900.0
CALL_SECONDS = 5.0  # a call is read within this (the caller sends it at once)
LOCK_TRIES = 20  # a server that is ending lets go of the lock within this many tries
LOCK_WAIT = 0.05
# what a count or a solve imports as it goes, loaded once here (polygui.cli, and through it
# the solver, come first)
WARM_MODULES = ("polygui.cli", "solvers.cli.main", "solvers.puzzle.burrtools",
                "solvers.disassembly.analyser", "solvers.search.interpreted",
                "solvers.output.pictures", "locale", "json")


def serve(path: str) -> None:
    """Serve calls on the socket `path` until idle or stale (nothing if another server has
    it). It works from the root folder: no caller's folder is kept busy (from unmounting)."""
    path = os.path.abspath(path)
    os.chdir("/")
    base = path.removesuffix(".sock")
    with open(f"{base}.lock", "a") as lock, open(f"{base}.log", "a", buffering=1) as log:
        if not _locked(lock):
            return
        log.truncate(0)
        key = warm_client.server_key()  # before the imports add to the environment
        try:
            warmed = _warmed()
        except Exception as error:  # noqa: BLE001 - logged; the calls run themselves
            _log(log, f"not started: {type(error).__name__}: {error}")
            return
        if not warmed:
            _log(log, "not started: an import started a thread")
            return
        loaded = code_files()
        listener = _listening(path)
        idle_seconds = _idle_seconds(log)
        _log(log, f"started, pid {os.getpid()}")
        try:
            why = _serve_calls(listener, key, loaded, log, (lock.fileno(), log.fileno()),
                               idle_seconds)
            _log(log, f"ended: {why}")
        except SystemExit as stop:
            _log(log, f"ended: {stop.code}")
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
            listener.close()


def _warmed() -> bool:
    """Import what the calls use; whether this is still the only thread (forking with another
    could copy a lock it holds)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as polygui.cli does: no spinning pool
    for name in WARM_MODULES:
        importlib.import_module(name)
    return threading.active_count() == 1


def _idle_seconds(log: TextIO) -> float:
    """POLYGUI_SOLVE_SERVER_IDLE, or the default (logged) when it is not a positive number."""
    setting = os.environ.get(warm_client.IDLE)
    try:
        seconds = float(setting) if setting is not None else DEFAULT_IDLE_SECONDS
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        _log(log, f"{warm_client.IDLE}={setting!r} is not a positive number of seconds: "
                  f"{DEFAULT_IDLE_SECONDS:.0f} s")
        seconds = DEFAULT_IDLE_SECONDS
    return seconds


def _listening(path: str) -> socket.socket:
    """The server's socket on `path` (a dead server's file replaced); forked processes reaped
    as they end, and SIGTERM an exit that removes it."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stopped)
    return listener


@dataclasses.dataclass
class Running:
    """A call's forked process, watched (Linux) while it runs: when its caller goes first, a
    process the caller stopped with it (Ctrl-Z) is woken, to see that and end."""

    connection: socket.socket  # the server's end, shared with the process
    process: int  # a pidfd: readable once the process ends

    def files(self) -> tuple[int, int]:
        return self.connection.fileno(), self.process

    def ended(self, woken: bool) -> None:
        """Done watching: the process ended, or (`woken`) its caller went first."""
        if woken:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(self.process, signal.SIGCONT)
        self.connection.close()
        os.close(self.process)


def _serve_calls(listener: socket.socket, key: bytes, loaded: dict[str, int], log: TextIO,
                 own_fds: tuple[int, ...], idle_seconds: float) -> str:
    """Fork a process for each call until none comes or runs for the idle time, or the code
    changes; why it stopped. `own_fds`: the server's files, closed in the forked processes."""
    running: list[Running] = []
    busy = time.monotonic()  # when a call last came or ended
    while True:
        waiting = [listener.fileno(), *(fd for call in running for fd in call.files())]
        left = None if running else busy + idle_seconds - time.monotonic()
        ready = set(select.select(waiting, [], [], left)[0]) if left is None or left > 0 \
            else set()
        if not ready:
            return "idle"
        busy = time.monotonic()
        for call in [call for call in running if not ready.isdisjoint(call.files())]:
            running.remove(call)
            call.ended(woken=call.process not in ready)
        if listener.fileno() not in ready:
            continue
        connection, _ = listener.accept()
        files = (listener.fileno(), *own_fds, *(fd for call in running for fd in call.files()))
        outcome = _answered(connection, key, loaded, log, files)
        if isinstance(outcome, str):
            return outcome
        if outcome is None:
            connection.close()
        else:
            running.append(outcome)


def _answered(connection: socket.socket, key: bytes, loaded: dict[str, int], log: TextIO,
              servers: tuple[int, ...]) -> Running | str | None:
    """Read the call on `connection` and fork its process; the process to watch (None when
    there is none to watch, or the call was refused), or why the server must end.
    `servers`: the server's files, closed in the forked process."""
    connection.settimeout(CALL_SECONDS)  # a caller stopped half-way holds up no other
    try:
        call = Call.read(connection)
    except OSError:  # its caller gone, or too slow
        call = None
    if call is None:
        return None
    if call.key != key:  # a call whose key shares the socket's name: it runs itself
        closing(call.fds)
        return None
    changed = changed_file(loaded)
    if changed is not None:
        closing(call.fds)
        return f"{changed} changed"
    server = os.getpid()
    try:
        child = os.fork()
    except OSError as error:  # out of processes or memory: the call runs itself
        closing(call.fds)
        _log(log, f"no fork for a call: {error}")
        return None
    if child == 0:
        connection.settimeout(None)
        run_call(servers, connection, call)
    assert os.getpid() == server
    closing(call.fds)
    _log(log, f"call {child}: {' '.join(call.args)}")
    try:
        return Running(connection, os.pidfd_open(child))
    except (AttributeError, OSError):  # not Linux, or it has ended already
        return None


def _stopped(signum: int, frame: object) -> NoReturn:
    sys.exit(f"stopped by signal {signum}")


def code_files() -> dict[str, int]:
    """The modification time of each file of polygui's and solvers' code loaded here, and of
    the kernel sources (the native build's key)."""
    files = [module.__file__ for name, module in list(sys.modules.items())
             if name.partition(".")[0] in ("polygui", "solvers")
             and getattr(module, "__file__", None)]
    kernels = os.path.dirname(importlib.import_module("solvers.kernels").__file__)
    files += [os.path.join(kernels, name) for name in os.listdir(kernels) if name.endswith(".py")]
    return {path: _modified(path) for path in files}


def changed_file(loaded: dict[str, int]) -> str | None:
    """A file of `loaded` changed or gone since, or None."""
    return next((path for path, modified in loaded.items() if _modified(path) != modified), None)


def _modified(path: str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


def _locked(lock: TextIO) -> bool:
    """Whether this server holds the lock (another may be ending: it is waited for a moment)."""
    for _ in range(LOCK_TRIES):
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            time.sleep(LOCK_WAIT)
    return False


def _log(log: TextIO, line: str) -> None:
    log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")
