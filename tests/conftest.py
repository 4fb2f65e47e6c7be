"""What every test session shares: the numba kernels run, not a native build of them
(solvers/kernels/native.py), whatever a developer's machine has built. The tests that run a
native build (tests/solvers/test_native.py) make their own and point to it.

The whole suite on several workers (pytest-xdist, `-n auto` in pyproject.toml) first fills
numba's cache of the kernels on every core (solvers/cli/jit_cache.py): each worker then loads
a kernel where it would compile it, and no two compile the same one.

numba's cache is in a folder named by a digest of every kernel file, as in the app
(solvers.kernels.native.keep_jit_cache_by_key): an edit of any kernel starts a fresh one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from solvers.kernels import native  # noqa: F401 (first: it points numba at its cache folder)

ROOT = Path(__file__).resolve().parents[1]

# one empty folder a run: made by the session that starts the workers, which inherit its
# name (a worker stopped by -x or a crash has none to leave behind), and removed by it
_SHARED = "POLYGUI_TESTS_NO_NATIVE"
_MADE_HERE = not os.path.isdir(os.environ.get(_SHARED, ""))
_NO_BUILDS = tempfile.mkdtemp(prefix="polygui-tests-no-native-") if _MADE_HERE \
    else os.environ[_SHARED]
os.environ[_SHARED] = _NO_BUILDS
os.environ["POLYGUI_NATIVE_DIR"] = _NO_BUILDS  # subprocesses (the CLI tests) inherit it
# each CLI call a test makes runs by itself, whatever the user's shell says, and starts no
# warm server (none is left behind); tests/test_warm_server.py has servers of its own
os.environ["POLYGUI_SOLVE_SERVER"] = "0"


def _runs_whole_suite_on_workers(config: pytest.Config) -> bool:
    on_workers = (getattr(config.option, "numprocesses", 0) or 0) > 1
    is_worker = hasattr(config, "workerinput")
    return on_workers and not is_worker and config.args_source is pytest.Config.ArgsSource.TESTPATHS


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput"):
        return  # the session that started the workers did it
    if not _runs_whole_suite_on_workers(session.config):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line("filling numba's cache of the kernels on every core first (minutes "
                            "after a change of a kernel, seconds otherwise)")
    done = subprocess.run([sys.executable, "-m", "solvers.cli.jit_cache"], check=False,
                          capture_output=True, text=True)
    if reporter is not None:
        reporter.write_line((done.stderr.strip().splitlines() or ["(no output)"])[-1])


def pytest_unconfigure(config) -> None:
    if _MADE_HERE:
        shutil.rmtree(_NO_BUILDS, ignore_errors=True)
