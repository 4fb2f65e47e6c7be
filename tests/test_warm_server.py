"""`polygui-solve`'s warm server (polygui.warm_client and polygui.warm_server): a call that
finds no server runs itself and starts one (with POLYGUI_SOLVE_SERVER=1, or by default when
the call before it was lately); the calls after it run in a process the server forks, and end
as a run of their own would. The servers are real processes in a
private temp folder, stopped at the end of each test."""

from __future__ import annotations

import array
import os
import re
import resource
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from polygui import warm_call, warm_client, warm_server

ROOT = Path(__file__).resolve().parents[1]
SOMA = ROOT / "assets" / "puzzles" / "soma.json"
# a search of minutes (every solution, rotations and reflections too, on one thread)
LONG_SEARCH = [str(ROOT / "assets" / "puzzles" / "mini-bedlam.json"), "--count-only",
               "--symmetry", "all", "--jobs", "1"]
ENDED = 10.0  # seconds a served command may take to end once told: far less than the search
BURRTOOLS = ROOT / "tests" / "data" / "burrtools" / "DemoMirrorParadox.xmpuzzle"
COMMAND = [sys.executable, "-c", "from polygui.warm_client import run; run()"]
WAIT = 60.0  # seconds a server may take to start on a loaded machine


class Servers:
    """Calls to `polygui-solve` with the switch on, their servers in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.env = {name: value for name, value in os.environ.items()
                    if name not in ("XDG_RUNTIME_DIR", "PYTHONUNBUFFERED")}
        self.env.update(TMPDIR=str(folder), POLYGUI_SOLVE_SERVER="1",
                        POLYGUI_SOLVE_SERVER_IDLE="120")

    @property
    def log(self) -> str:
        return "".join(path.read_text() for path in self.folder.rglob("*.log"))

    def calls(self) -> list[int]:
        """The pids of the processes forked for calls so far."""
        return [int(pid) for pid in re.findall(r"call (\d+):", self.log)]

    def run(self, *args: str, served: bool = True, **options) -> subprocess.CompletedProcess:
        """`polygui-solve args`, through the server when `served` (started first if need be),
        else with the switch off."""
        if served:
            self.started()
        env = options.pop("env", self.env if served else
                          {**self.env, "POLYGUI_SOLVE_SERVER": "0"})
        before = len(self.calls())
        result = subprocess.run([*COMMAND, *map(str, args)], env=env, capture_output=True,
                                text=True, timeout=300, cwd=options.pop("cwd", ROOT), **options)
        assert (len(self.calls()) > before) == served, self.log
        return result

    def long_search(self, before_start) -> tuple[subprocess.Popen, int]:
        """A caller of a long search, started with `before_start` run in it first, and the pid
        of the process the server forked for it."""
        self.started()
        before = len(self.calls())
        caller = subprocess.Popen([*COMMAND, *LONG_SEARCH], env=self.env, text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  preexec_fn=before_start)
        assert until(lambda: len(self.calls()) > before), self.log
        return caller, self.calls()[-1]

    def servers(self) -> list[int]:
        """The pids of the servers started so far."""
        return [int(pid) for pid in re.findall(r"started, pid (\d+)", self.log)]

    def started(self) -> None:
        """A server answering: the first call with the switch starts it."""
        if "started" not in self.log:
            subprocess.run([*COMMAND, "--help"], env=self.env, capture_output=True, timeout=300)
        waited = until(lambda: list(self.folder.rglob("*.sock")) and "started" in self.log)
        assert waited, f"no server started: {self.log!r}"

    def stop(self) -> None:
        for pid in self.calls():  # a test that failed may leave one running
            with_process(pid, signal.SIGKILL)
        for pid in self.servers():
            with_process(pid, signal.SIGTERM)
            until(lambda: not alive(pid))


@pytest.fixture
def servers():
    folder = Path(tempfile.mkdtemp(prefix="pgw", dir="/tmp"))  # short: a socket's path is
    made = Servers(folder)                                     # at most 108 bytes
    yield made
    made.stop()
    shutil.rmtree(folder, ignore_errors=True)


def sigint_as_in_a_terminal() -> None:
    """In the caller: SIGINT's default action, as a command typed at a terminal has it, even
    when the tests run as a background job (whose commands start with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def until(condition, seconds: float = WAIT) -> bool:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def alive(pid: int) -> bool:
    return with_process(pid, 0)


def with_process(pid: int, signum: int) -> bool:
    try:
        os.kill(pid, signum)
        return True
    except ProcessLookupError:
        return False


def timings_out(text: str) -> str:
    """Output without what differs from run to run (seconds, nodes per second)."""
    return re.sub(r"\d[\d,]*(\.\d+)? s\b|\([\d,]+/s\)|\"seconds\": [\d.e-]+", "…", text)


@pytest.mark.parametrize("args", [(SOMA, "--count-only"), (BURRTOOLS,), (SOMA, "--json")],
                         ids=["soma count", "burrtools solution", "soma json"])
def test_a_served_call_prints_and_ends_as_a_call_run_by_itself(servers, args):
    alone = servers.run(*args, served=False)
    served = servers.run(*args)
    assert served.returncode == alone.returncode == 0
    assert timings_out(served.stdout) == timings_out(alone.stdout) != ""
    assert served.stderr == alone.stderr


@pytest.mark.parametrize("args", [("no-such-file.json",), (SOMA, "--no-such-option"),
                                  (SOMA, "--limit", "-1")],
                         ids=["missing file", "unknown option", "bad value"])
def test_bad_input_gets_the_same_message_and_status_through_the_server(servers, args):
    alone = servers.run(*args, served=False)
    served = servers.run(*args)
    assert served.returncode == alone.returncode == 2
    assert served.stderr == alone.stderr and "polygui-solve" in served.stderr


def test_the_forked_command_works_in_the_callers_folder_with_its_umask(servers, tmp_path):
    folder = tmp_path / "work"
    folder.mkdir()
    shutil.copy(SOMA, folder / "mine.json")
    result = servers.run("mine.json", "--limit", "3", "--export-json", "out.json", cwd=folder,
                         preexec_fn=lambda: os.umask(0o077))
    assert result.returncode == 0, result.stderr
    written = folder / "out.json"
    assert written.exists() and '"solutions"' in written.read_text()
    assert stat.S_IMODE(written.stat().st_mode) == 0o600


def test_a_served_image_export_draws_the_same_picture(servers, tmp_path):
    """Qt, imported by the forked process only (the server never loads it)."""
    servers.env["QT_QPA_PLATFORM"] = "offscreen"
    pictures = []
    for served in (False, True):
        picture = tmp_path / f"served-{served}.png"
        result = servers.run(ROOT / "assets" / "puzzles" / "pentominoes-6x10.json",
                             "--export-png", picture, "--solution", "1", served=served,
                             env=servers.env if served else {
                                 **servers.env, "POLYGUI_SOLVE_SERVER": "0"})
        assert result.returncode == 0, result.stderr
        pictures.append(picture.read_bytes())
    assert pictures[0] == pictures[1] and pictures[0].startswith(b"\x89PNG")


@pytest.mark.parametrize("signum, status",
                         [(signal.SIGINT, 130), (signal.SIGTERM, -signal.SIGTERM)],
                         ids=["Ctrl-C", "SIGTERM"])
def test_a_signal_reaches_the_served_command_which_ends_as_it_would_alone(servers, signum,
                                                                           status):
    caller, child = servers.long_search(sigint_as_in_a_terminal)
    try:
        time.sleep(0.5)  # into the search
        caller.send_signal(signum)
        out, err = caller.communicate(timeout=120)
    finally:
        caller.kill()
    assert caller.returncode == status  # 130 for Ctrl-C; ended by SIGTERM as Python would be
    if signum == signal.SIGINT:
        assert err.strip().endswith("polygui-solve: interrupted")
    assert until(lambda: not alive(child), ENDED)


def test_a_caller_that_ignores_ctrl_c_has_it_ignored_by_the_served_command(servers):
    caller, child = servers.long_search(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        caller.send_signal(signal.SIGINT)  # as to a shell's background job: left be
        time.sleep(2.0)
        assert caller.poll() is None and alive(child)
        caller.terminate()
        caller.communicate(timeout=120)
    finally:
        caller.kill()
    assert caller.returncode == -signal.SIGTERM
    assert until(lambda: not alive(child), ENDED)


def test_a_call_with_a_standard_stream_closed_runs_by_itself(servers):
    alone = servers.run(SOMA, "--count-only", served=False)
    servers.started()
    result = servers.run(SOMA, "--count-only", served=False, env=servers.env,
                         preexec_fn=lambda: os.close(0))  # no stdin to hand over
    assert result.returncode == alone.returncode == 0
    assert timings_out(result.stdout) == timings_out(alone.stdout)


def test_a_served_command_ends_when_its_caller_is_killed(servers):
    caller, child = servers.long_search(None)
    assert alive(child)
    caller.kill()
    caller.wait(timeout=60)
    assert until(lambda: not alive(child), ENDED), "the search went on without its caller"


def test_an_idle_server_ends_and_removes_its_socket(servers):
    servers.env["POLYGUI_SOLVE_SERVER_IDLE"] = "0.5"
    servers.started()
    assert until(lambda: "ended: idle" in servers.log), servers.log
    assert not list(servers.folder.rglob("*.sock"))
    servers.run(SOMA, "--count-only", served=False, env=servers.env)  # runs itself, starts one
    assert until(lambda: servers.log.count("started") == 1 and "ended: idle" in servers.log)


@pytest.mark.parametrize("setting", ["soon", "0", "-5", "inf"])
def test_an_idle_time_that_is_no_positive_number_is_logged_and_the_default_kept(servers,
                                                                                 setting):
    servers.env["POLYGUI_SOLVE_SERVER_IDLE"] = setting
    servers.started()
    assert f"POLYGUI_SOLVE_SERVER_IDLE={setting!r} is not a positive number" in servers.log
    assert servers.run(SOMA, "--count-only").returncode == 0  # served: the server lives


def test_a_changed_code_file_is_seen(tmp_path):
    code = tmp_path / "module.py"
    code.write_text("x = 1\n")
    loaded = {str(code): code.stat().st_mtime_ns}
    assert warm_server.changed_file(loaded) is None
    os.utime(code, ns=(code.stat().st_atime_ns, code.stat().st_mtime_ns + 1_000_000))
    assert warm_server.changed_file(loaded) == str(code)
    code.unlink()
    assert warm_server.changed_file(loaded) == str(code)


def test_the_code_files_watched_include_the_kernel_sources():
    kernels = ROOT / "solvers" / "kernels"
    watched = warm_server.code_files()
    assert {str(path) for path in kernels.glob("*.py")} <= set(watched)
    assert str(ROOT / "polygui" / "warm_client.py") in watched


def test_a_call_refused_before_it_ran_runs_itself(servers, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(servers.folder))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    path = warm_client.socket_path()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)

    def refuse() -> None:  # as a server whose code changed: the call read, then closed
        connection, _ = listener.accept()
        with connection:
            warm_call.Call.read(connection)

    refuser = threading.Thread(target=refuse)
    refuser.start()
    try:
        assert warm_client.served(["--count-only"]) is None
    finally:
        refuser.join(timeout=30)
        listener.close()


def test_a_call_reads_back_as_sent(monkeypatch):
    monkeypatch.setenv("POLYGUI_ODD", "a=b é")
    args = ["puzzle file.json", "--limit", "3", "ünïcode", os.fsdecode(b"bad\xff")]
    sender, receiver = socket.socketpair()
    with sender, receiver:
        sender.sendmsg([warm_client.request(args)],
                       [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", (0, 1, 2)))])
        call = warm_call.Call.read(receiver)
    assert call is not None and call.args == args
    assert call.key == warm_client.server_key() and call.folder == os.getcwd()
    assert call.cores == os.sched_getaffinity(0)
    umask = os.umask(0)
    os.umask(umask)
    assert call.niceness == os.getpriority(os.PRIO_PROCESS, 0) and call.umask == umask
    assert call.environment[b"POLYGUI_ODD"] == "a=b é".encode()
    assert len(call.fds) == 3
    for fd in call.fds:
        os.close(fd)


def test_a_folder_other_users_can_reach_is_not_used(servers, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(servers.folder))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    folder = servers.folder / f"polygui-solve-{os.getuid()}"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    assert warm_client.socket_path() is None
    assert warm_client.served(["--help"]) is None
    assert list(folder.iterdir()) == []  # and no server started in it
    folder.chmod(0o700)
    assert warm_client.socket_path() is not None


def test_by_default_the_second_call_in_a_row_starts_a_server_for_the_third(servers):
    del servers.env["POLYGUI_SOLVE_SERVER"]
    first = servers.run(SOMA, "--count-only", served=False, env=servers.env)
    assert list(servers.folder.rglob("*.last")) and not servers.log  # noted, no server
    servers.run(SOMA, "--count-only", served=False, env=servers.env)
    assert until(lambda: "started" in servers.log), "the second call started no server"
    third = servers.run(SOMA, "--count-only", env=servers.env)
    assert third.returncode == first.returncode == 0
    assert timings_out(third.stdout) == timings_out(first.stdout)


def test_a_call_starts_a_server_when_asked_or_when_the_last_call_was_lately(servers,
                                                                             monkeypatch):
    monkeypatch.setenv("TMPDIR", str(servers.folder))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    started = []
    monkeypatch.setattr(warm_client, "start_server", started.append)
    assert warm_client.served(["--count-only"]) is None and started == []  # the first call
    assert warm_client.served(["--count-only"], eager=True) is None and len(started) == 1
    assert warm_client.served(["--count-only"]) is None and len(started) == 2  # in a row
    stamp, = servers.folder.rglob("*.last")
    long_ago = time.time() - warm_client.RECENT_SECONDS - 60
    os.utime(stamp, (long_ago, long_ago))
    assert warm_client.served(["--count-only"]) is None and len(started) == 2  # not lately


def test_with_the_switch_at_0_a_running_server_is_not_used(servers):
    servers.started()
    result = servers.run(SOMA, "--count-only", served=False)  # asserts it was not served
    assert result.returncode == 0


def test_the_server_keeps_no_callers_folder_busy(servers, tmp_path):
    folder = tmp_path / "started-here"
    folder.mkdir()
    servers.run(SOMA, "--count-only", served=False, env=servers.env, cwd=folder)
    assert until(lambda: servers.servers()), servers.log
    assert os.readlink(f"/proc/{servers.servers()[0]}/cwd") == "/"


def test_a_call_under_other_limits_is_sent_to_a_server_of_its_own(servers):
    def fewer_open_files() -> None:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, 256) - 1, hard))

    where = [sys.executable, "-c", "from polygui import warm_client; "
                                   "print(warm_client.socket_path())"]
    paths = [subprocess.run(where, env=servers.env, capture_output=True, text=True, cwd=ROOT,
                            preexec_fn=limits, check=True).stdout for limits in
             (None, fewer_open_files)]
    assert paths[0] != paths[1] and all(path.endswith(".sock\n") for path in paths)


def state(pid: int) -> str:
    """A process's state letter (T: stopped), "" once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return ""


def own_process_group() -> None:
    """In the caller: a process group of its own whose parent (the test) is in the same
    session, as a shell's job is: Ctrl-Z stops it (the kernel leaves an orphaned group's
    processes running, as the tests' own may be under a CI job)."""
    os.setpgid(0, 0)


def test_ctrl_z_stops_the_served_command_with_its_caller_and_fg_goes_on_with_both(servers):
    caller, child = servers.long_search(own_process_group)
    try:
        caller.send_signal(signal.SIGTSTP)
        assert until(lambda: state(caller.pid) == "T" and state(child) == "T", ENDED)
        caller.send_signal(signal.SIGCONT)
        assert until(lambda: state(caller.pid) not in "T" and state(child) not in "T", ENDED)
        assert state(child) != ""  # searching on
    finally:
        caller.kill()
        caller.communicate(timeout=120)
    assert until(lambda: not alive(child), ENDED)


def test_a_stopped_served_command_ends_when_its_caller_is_killed(servers):
    caller, child = servers.long_search(own_process_group)
    try:
        caller.send_signal(signal.SIGTSTP)
        assert until(lambda: state(child) == "T", ENDED)
    finally:
        caller.kill()
        caller.communicate(timeout=120)
    assert until(lambda: not alive(child), ENDED), "left stopped for ever"


def test_a_caller_whose_served_command_is_killed_says_so_and_ends(servers):
    caller, child = servers.long_search(None)
    try:
        os.kill(child, signal.SIGKILL)
        out, err = caller.communicate(timeout=60)  # the server lets go of the connection
    finally:
        caller.kill()
    assert caller.returncode == 1
    assert "the warm solver process ended without an exit status" in err


def test_a_server_is_not_idle_while_a_call_it_forked_runs(servers):
    servers.env["POLYGUI_SOLVE_SERVER_IDLE"] = "3"  # time enough for the call to come
    caller, child = servers.long_search(None)
    try:
        time.sleep(5.0)
        assert "ended" not in servers.log and servers.servers() and alive(servers.servers()[0])
    finally:
        caller.kill()
        caller.communicate(timeout=120)
    assert until(lambda: "ended: idle" in servers.log), servers.log
