"""The warm solver server behind `polygui-solve` (polygui.warm_client starts it). It imports
the solver once, then forks a process for each call. That process takes the caller's standard
streams, signals, folder, environment, umask, cores, priority and arguments, runs the command
as `polygui-solve` would, and sends its exit status back.

The server is single-threaded: it never forks with another thread holding a lock. It ends
after the idle time without a call. It also ends when a file of the code it loaded changes:
it refuses the call, which then runs in its caller. It keeps a log beside its socket
(`<name>.log`): when it started, each call's pid, and why it ended."""

from __future__ import annotations

import array
import atexit
import contextlib
import dataclasses
import fcntl
import importlib
import io
import os
import signal
import socket
import struct
import sys
import threading
import time
import traceback
from typing import NoReturn, TextIO

from solvers.puzzle import atomic

from . import warm_client

DEFAULT_IDLE_SECONDS = 900.0
CALL_SECONDS = 5.0  # a call is read within this (the caller sends it at once)
LOCK_TRIES = 20  # a server that is ending lets go of the lock within this many tries
LOCK_WAIT = 0.05
# what a count or a solve imports as it goes, loaded once here (polygui.cli, and through it
# the solver, come first)
WARM_MODULES = ("polygui.cli", "solvers.cli.main", "solvers.puzzle.burrtools",
                "solvers.disassembly.analyser", "solvers.search.interpreted",
                "solvers.output.pictures", "locale", "json")


@dataclasses.dataclass
class Call:
    """One `polygui-solve` call, as polygui.warm_client.request sends it."""

    key: bytes
    folder: str
    umask: int
    cores: set[int]  # the caller's CPU affinity (taskset), empty where there is none
    niceness: int  # and its priority (nice)
    ignored: set[int]  # the signals it ignores, of warm_client.FORWARDED
    args: list[str]
    environment: dict[bytes, bytes]
    fds: list[int]

    @classmethod
    def read(cls, connection: socket.socket) -> Call | None:
        """The call sent on `connection`, None if it is cut short or malformed."""
        header, fds = _with_fds(connection)
        if len(header) < 4:
            return _closing(fds)
        size = struct.unpack("!I", header[:4])[0]
        body = header[4:]
        while len(body) < size:
            chunk = connection.recv(min(size - len(body), 1 << 16))
            if not chunk:
                return _closing(fds)
            body += chunk
        fields = _fields(body)
        try:
            count = int(fields[6])
            args = [os.fsdecode(arg) for arg in fields[7:7 + count]]
            environment = dict(item.split(b"=", 1) for item in fields[7 + count:] if item)
            return cls(fields[0], fields[1].decode("utf-8", "surrogateescape"), int(fields[2]),
                       _numbers(fields[3]), int(fields[4]), _numbers(fields[5]), args,
                       environment, fds) if len(fds) == 3 else _closing(fds)
        except (IndexError, ValueError):
            return _closing(fds)


def _numbers(field: bytes) -> set[int]:
    return {int(number) for number in field.split(b",")} if field else set()


def _fields(body: bytes) -> list[bytes]:
    """The fields of a call's body, each sent after its length."""
    fields, start = [], 0
    while start + 4 <= len(body):
        size = struct.unpack_from("!I", body, start)[0]
        fields.append(body[start + 4:start + 4 + size])
        start += 4 + size
    return fields


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
        listener = _listening(path, _idle_seconds(log))
        _log(log, f"started, pid {os.getpid()}")
        try:
            why = _serve_calls(listener, key, loaded, log, (lock.fileno(), log.fileno()))
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


def _listening(path: str, idle_seconds: float) -> socket.socket:
    """The server's socket on `path` (a dead server's file replaced), the idle time its
    timeout; forked processes reaped as they end, and SIGTERM an exit that removes it."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    listener.settimeout(idle_seconds)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stopped)
    return listener


def _serve_calls(listener: socket.socket, key: bytes, loaded: dict[str, int], log: TextIO,
                 own_fds: tuple[int, ...]) -> str:
    """Fork a process for each call until none comes for the idle time or the code changes;
    why it stopped. `own_fds`: the server's files, closed in the forked processes."""
    server = os.getpid()
    while True:
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            return "idle"
        with connection:
            connection.settimeout(CALL_SECONDS)  # a caller stopped half-way holds up no other
            try:
                call = Call.read(connection)
            except OSError:  # its caller gone, or too slow
                call = None
            if call is None:
                continue
            if call.key != key:  # a call whose key shares the socket's name: it runs itself
                _closing(call.fds)
                continue
            changed = changed_file(loaded)
            if changed is not None:
                _closing(call.fds)
                return f"{changed} changed"
            try:
                child = os.fork()
            except OSError as error:  # out of processes or memory: the call runs itself
                _closing(call.fds)
                _log(log, f"no fork for a call: {error}")
                continue
            if child == 0:
                connection.settimeout(None)
                _run_call((listener.fileno(), *own_fds), connection, call)
            assert os.getpid() == server
            _closing(call.fds)
            _log(log, f"call {child}: {' '.join(call.args)}")


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


def _run_call(servers: tuple[int, ...], connection: socket.socket, call: Call) -> NoReturn:
    """In the forked process: become the caller's command, run it, send its status back and
    end (never returns into the server's loop); `servers`: the server's own files. Failing
    before it tells the caller its pid, it ends without a word: the caller runs the command
    itself."""
    status = 1
    try:
        for fd in servers:  # the server's socket, lock and log are not the call's
            os.close(fd)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        _take_over(call)
        connection.sendall(struct.pack("!i", os.getpid()))
    except BaseException:  # noqa: B902 - nothing may unwind into the server's loop
        os._exit(status)
    try:
        threading.Thread(target=_end_with_caller, args=(connection,), daemon=True).start()
        status = _command_status(call.args)
        connection.sendall(bytes([status & 0xFF]))
    except BaseException:  # noqa: B902 - as above
        with contextlib.suppress(BaseException):
            traceback.print_exc()
    finally:
        os._exit(status)


def _take_over(call: Call) -> None:
    """The caller's streams, signals, folder, umask, cores, priority, environment and
    arguments."""
    for target, fd in enumerate(call.fds):
        os.dup2(fd, target)
        os.close(fd)
    for signum in warm_client.FORWARDED:  # as Python sets them up in the caller
        default = signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL
        signal.signal(signum, signal.SIG_IGN if signum in call.ignored else default)
    os.chdir(call.folder)
    os.umask(call.umask)
    atomic.umask_changed()
    if call.cores:  # empty where the system has no affinity
        os.sched_setaffinity(0, call.cores)
    with contextlib.suppress(OSError):  # a caller less nice than the server: as nice as it
        os.setpriority(os.PRIO_PROCESS, 0, call.niceness)
    os.environ.clear()
    os.environb.update(call.environment)
    time.tzset()  # the caller's TZ for local times
    sys.argv = ["polygui-solve", *call.args]
    sys.stdin, sys.stdout, sys.stderr = (_stream(0, "r"), _stream(1, "w"), _stream(2, "w"))


def _stream(fd: int, mode: str) -> TextIO:
    """A standard stream on `fd` as Python opens one at start (the server's were opened with
    the same environment): buffered by lines on a terminal and always for stderr, written
    through under -u."""
    model = (sys.__stdin__, sys.__stdout__, sys.__stderr__)[fd]
    raw = io.FileIO(fd, mode, closefd=False)
    unbuffered = mode == "w" and model.write_through
    if unbuffered:
        binary = raw
    else:
        binary = io.BufferedReader(raw) if mode == "r" else io.BufferedWriter(raw)
    return io.TextIOWrapper(binary, encoding=model.encoding, errors=model.errors,
                            line_buffering=fd == 2 or (fd == 1 and raw.isatty()),
                            write_through=unbuffered)


def _command_status(args: list[str]) -> int:
    """Run the command, as `polygui-solve` does, to its exit status."""
    from . import cli
    from solvers.cli.endings import INTERRUPTED, output_flushed, say_interrupted

    try:
        status = cli.main(args)
    except SystemExit as exit:
        status = _exit_status(exit.code)
    except KeyboardInterrupt:  # Ctrl-C before the command set its own handling
        say_interrupted()
        status = INTERRUPTED
    except BaseException:  # noqa: B902 - reported as Python would, with status 1
        traceback.print_exc()
        status = 1
    flushed = output_flushed(status)
    for thread in threading.enumerate():  # as Python waits for them at exit
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    atexit._run_exitfuncs()
    return status if flushed is None else flushed


def _exit_status(code: object) -> int:
    """The status `sys.exit(code)` ends a process with."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _end_with_caller(connection: socket.socket) -> None:
    """End this process when its caller is gone (the connection closes before the status is
    sent: the caller was killed)."""
    with contextlib.suppress(OSError):
        connection.recv(1)
    os._exit(1)


def _with_fds(connection: socket.socket) -> tuple[bytes, list[int]]:
    """The first bytes of a call, with the descriptors sent along."""
    fds = array.array("i")
    data, ancillary, _, _ = connection.recvmsg(1 << 16, socket.CMSG_LEN(3 * fds.itemsize))
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
    return data, list(fds)


def _closing(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


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
