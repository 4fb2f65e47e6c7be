"""One `polygui-solve` call to the warm server (polygui.warm_server): the call as it is read
from its caller (polygui.warm_client.request), and the process the server forks for it, which
becomes the caller's command, runs it and sends its exit status back."""

from __future__ import annotations

import array
import atexit
import contextlib
import dataclasses
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
            return closing(fds)
        size = struct.unpack("!I", header[:4])[0]
        body = header[4:]
        while len(body) < size:
            chunk = connection.recv(min(size - len(body), 1 << 16))
            if not chunk:
                return closing(fds)
            body += chunk
        fields = _fields(body)
        try:
            count = int(fields[6])
            args = [os.fsdecode(arg) for arg in fields[7:7 + count]]
            environment = dict(item.split(b"=", 1) for item in fields[7 + count:] if item)
            return cls(fields[0], fields[1].decode("utf-8", "surrogateescape"), int(fields[2]),
                       _numbers(fields[3]), int(fields[4]), _numbers(fields[5]), args,
                       environment, fds) if len(fds) == 3 else closing(fds)
        except (IndexError, ValueError):
            return closing(fds)


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


def run_call(servers: tuple[int, ...], connection: socket.socket, call: Call) -> NoReturn:
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


def closing(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)
