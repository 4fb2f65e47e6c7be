"""The `polygui-solve` command's entry point. Once the command has run twice within ten
minutes, its calls run in processes forked from a warm server (polygui.warm_server) that has
imported the solver already. A count of a small BurrTools file then takes 40-65 ms instead of
110-130 ms; Python with numpy alone takes 90-105 ms (docs/benchmarks.md).

POLYGUI_SOLVE_SERVER=0 in the environment turns the server off (every call runs here, and none
starts one); POLYGUI_SOLVE_SERVER=1 starts one at the first call. Otherwise a call that finds no
server runs here, and starts one for the calls after it when the call before it ran within
RECENT_SECONDS: one call now and then (a script's, a CI job's) leaves no process behind. The
server ends once POLYGUI_SOLVE_SERVER_IDLE seconds (default 900) pass with no call coming or
running, or when the code it loaded changes on disk.

The forked process gets this one's standard streams, folder, environment, umask, cores,
priority and signals ignored (a background job's Ctrl-C). Ctrl-C and the other signals sent
here are passed on to it, Ctrl-Z stops it with this one, and it ends if this process dies. It
runs under the same resource limits (ulimit) and in the same control group as this process:
a call whose limits or group differ gets a server of its own, started from it.

Only built-in modules are imported here: a fast start is the whole point."""

from __future__ import annotations

import _signal
import _socket
import array
import os
import struct
import sys
import time
import zlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import NoReturn

SWITCH = "POLYGUI_SOLVE_SERVER"  # "0": no server; "1": one from the first call; else the default
IDLE = "POLYGUI_SOLVE_SERVER_IDLE"
RECENT_SECONDS = 600.0  # by default, a server is started by a call this soon after another
# the environment a server's imports may have read: a call whose values differ gets a server
# of its own (the rest, the forked process takes from the call)
KEY_PREFIXES = ("PYTHON", "POLYGUI", "NUMBA", "OPENBLAS", "OMP_", "MKL_", "LC_", "LANG")
FORWARDED = (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP, _signal.SIGQUIT)
MAX_SOCKET_PATH = 100  # AF_UNIX paths are limited to 108 bytes on Linux
INTERRUPTED = 130  # solvers.cli.endings.INTERRUPTED
# what else a call shares with the server that runs it (Linux): its resource limits (ulimit)
# and its control group (a systemd scope's or a batch job's CPU and memory, and its end)
KEY_FILES = ("/proc/self/limits", "/proc/self/cgroup")


def run() -> NoReturn:
    """`polygui-solve`: through a warm server when one answers, else here (always with the
    switch at 0, and in a frozen bundle: its executable runs no `python -c`)."""
    switch = os.environ.get(SWITCH)
    if switch != "0" and hasattr(os, "fork") and not getattr(sys, "frozen", 0):
        status = served(sys.argv[1:], eager=switch == "1")
        if status is not None:
            os._exit(status)
    from .cli import run as run_here

    run_here()


def served(args: list[str], eager: bool = False) -> int | None:
    """The exit status of the command run by a warm server, or None when none took it (it
    runs here then). When there was none, one is started for the calls after this one if
    `eager`, or if the last call that ran by itself was less than RECENT_SECONDS ago."""
    path = socket_path()
    if path is None or not _streams_open():
        return None
    connection = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        try:
            connection.connect(path)
        except OSError:
            if _called_lately(path) or eager:
                start_server(path)
            return None
        status = _handed_over(connection, args)
        if status is None:  # refused (the server is ending): this call runs by itself
            _called_lately(path)
        return status
    finally:
        connection.close()


def _called_lately(path: str) -> bool:
    """Whether a call that ran by itself (without the server on `path`) did so less than
    RECENT_SECONDS ago; this call, which runs by itself, is noted for the next one."""
    stamp = path.removesuffix(".sock") + ".last"
    try:
        lately = time.time() - os.stat(stamp).st_mtime < RECENT_SECONDS
    except OSError:
        lately = False
    try:
        os.close(os.open(stamp, os.O_WRONLY | os.O_CREAT, 0o600))
        os.utime(stamp)
    except OSError:  # the folder gone: no note, no server
        pass
    return lately


def _streams_open() -> bool:
    """Whether stdin, stdout and stderr are open: they are what the call hands over (and a
    socket made with one closed would take its number)."""
    try:
        for fd in (0, 1, 2):
            os.fstat(fd)
    except OSError:
        return False
    return True


def socket_path() -> str | None:
    """Where this tree's server for this environment listens: in $XDG_RUNTIME_DIR, $TMPDIR or
    /tmp (/tmp if the path would be too long for a socket). None when that folder is not this
    user's alone: another user could stand in for the server."""
    name = f"{zlib.crc32(server_key()):08x}.sock"
    base = os.path.abspath(os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("TMPDIR")
                           or "/tmp")
    folder = os.path.join(base, f"polygui-solve-{os.getuid()}")
    if len(os.path.join(folder, name).encode()) > MAX_SOCKET_PATH:
        folder = os.path.join("/tmp", f"polygui-solve-{os.getuid()}")
    return os.path.join(folder, name) if _private(folder) else None


def _private(folder: str) -> bool:
    """Whether `folder` is a folder only this user can reach (made so if missing)."""
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    status = os.lstat(folder)
    return (status.st_mode & 0o170000 == 0o040000 and status.st_uid == os.getuid()
            and status.st_mode & 0o077 == 0)


def _tree() -> str:
    """The folder that holds this polygui package (and solvers beside it)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def server_key() -> bytes:
    """What a server must share with a call to run it: the Python, this tree, the environment
    its imports read, the resource limits and the control group."""
    settings = sorted(f"{name}={value}" for name, value in os.environ.items()
                      if name.startswith(KEY_PREFIXES) and name not in (SWITCH, IDLE))
    text = "\0".join([sys.executable, _tree(), *settings]).encode("utf-8", "surrogateescape")
    return b"\0".join([text, *map(_contents, KEY_FILES)])


def _contents(path: str) -> bytes:
    """The bytes of a small file (of /proc), empty where there is none."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return b""
    try:
        return os.read(fd, 1 << 16)
    finally:
        os.close(fd)


def start_server(path: str) -> None:
    """A server on `path`, in a session of its own, for the calls after this one."""
    code = (f"import sys; sys.path.insert(0, {_tree()!r}); "
            f"from polygui.warm_server import serve; serve({path!r})")
    quiet = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
    try:  # -P: not the caller's folder first on the path (a polygui/ or numpy.py there)
        os.posix_spawn(sys.executable, [sys.executable, "-P", "-c", code], os.environ,
                       file_actions=quiet, setsid=True)
    except (OSError, NotImplementedError):  # no setsid (not Linux or macOS)
        pass  # no server: every call runs here


def request(args: list[str]) -> bytes:
    """The call, as the server reads it (polygui.warm_server.Call.read)."""
    umask = os.umask(0)
    os.umask(umask)
    affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else ()
    ignored = [signum for signum in FORWARDED if _signal.getsignal(signum) == _signal.SIG_IGN]
    fields = [server_key(), os.getcwd().encode("utf-8", "surrogateescape"), b"%d" % umask,
              _numbers(affinity), b"%d" % os.getpriority(os.PRIO_PROCESS, 0),
              _numbers(ignored),
              b"%d" % len(args), *(os.fsencode(arg) for arg in args),
              *(b"%s=%s" % item for item in os.environb.items())]
    body = b"".join(struct.pack("!I", len(field)) + field for field in fields)
    return struct.pack("!I", len(body)) + body


def _numbers(numbers: Iterable[int]) -> bytes:
    return b",".join(b"%d" % number for number in sorted(numbers))


def _handed_over(connection: _socket.socket, args: list[str]) -> int | None:
    """Send the call with this process's standard streams, pass signals on to the process
    that runs it, and wait for its status. None when the server took no call (it refused it,
    or sending failed): nothing ran, so it runs here."""
    forwarder = _Forwarder()
    previous = {signum: _signal.signal(signum, forwarder) for signum in FORWARDED
                if _signal.getsignal(signum) != _signal.SIG_IGN}  # ignored here: there too
    # Ctrl-Z stops the command too where the server wakes it, should this process die stopped
    if _signal.getsignal(_signal.SIGTSTP) == _signal.SIG_DFL and hasattr(os, "pidfd_open"):
        previous[_signal.SIGTSTP] = _signal.signal(_signal.SIGTSTP, forwarder.suspend)
    try:
        try:
            pid = _started(connection, args)
        except OSError:  # a standard stream closed, the folder gone, the server gone
            pid = None
        if pid is None:
            return None if forwarder.last is None else _ended_by(forwarder.last)
        forwarder.started(pid)
        try:
            status = _received(connection, 1)
        except OSError:
            status = None
    finally:
        for signum, handler in previous.items():
            _signal.signal(signum, handler)
    if status is not None:
        return status[0]
    if forwarder.last is not None:  # the signal ended it: end as it would have ended this
        return _ended_by(forwarder.last)
    os.write(2, b"polygui-solve: the warm solver process ended without an exit status\n")
    return 1


def _started(connection: _socket.socket, args: list[str]) -> int | None:
    """Send the call; the pid of the process the server forked for it, None if refused."""
    message = request(args)
    fds = array.array("i", (0, 1, 2))
    sent = connection.sendmsg([message], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)])
    if sent < len(message):
        connection.sendall(message[sent:])
    pid = _received(connection, 4)
    return None if pid is None else struct.unpack("!i", pid)[0]


def _ended_by(signum: int) -> int:
    """Ctrl-C's status and word, as polygui-solve ends on it; another signal ends this
    process as it ended the one running the command."""
    if signum == _signal.SIGINT:
        os.write(2, b"polygui-solve: interrupted\n")
        return INTERRUPTED
    _signal.signal(signum, _signal.SIG_DFL)
    os.kill(os.getpid(), signum)
    return 128 + signum


def _received(connection: _socket.socket, size: int) -> bytes | None:
    """`size` bytes, or None if the connection closes first."""
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


class _Forwarder:
    """A signal handler passing each signal on to the process running the command (held until
    its pid is known)."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self.held: list[int] = []
        self.last: int | None = None

    def __call__(self, signum: int, frame: object) -> None:
        self.last = signum
        if self.pid is None:
            self.held.append(signum)
        else:
            self._send(signum)

    def suspend(self, signum: int, frame: object) -> None:
        """Ctrl-Z: stop the process running the command, then this one as Ctrl-Z would
        (unless the kernel leaves it running: an orphaned process group), and go on with it
        when this one goes on (`fg`, `bg`). Should this process die stopped, the server
        wakes that one, which then ends (polygui.warm_server)."""
        if self.pid is not None:
            self._send(_signal.SIGSTOP)
        _signal.signal(signum, _signal.SIG_DFL)
        os.kill(os.getpid(), signum)  # stops here until continued
        _signal.signal(signum, self.suspend)
        if self.pid is not None:
            self._send(_signal.SIGCONT)

    def started(self, pid: int) -> None:
        self.pid = pid
        for signum in self.held:
            self._send(signum)
        self.held.clear()

    def _send(self, signum: int) -> None:
        try:
            os.kill(self.pid, signum)
        except ProcessLookupError:
            pass
