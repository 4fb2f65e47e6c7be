"""What every test session shares: the numba kernels run, not a native build of them
(solvers/kernels/native.py), whatever a developer's machine has built. The tests that run a
native build (tests/solvers/test_native.py) make their own and point to it.

The whole suite on several workers (pytest-xdist, `-n auto` in pyproject.toml) first fills
numba's cache of the kernels on every core (solvers/cli/jit_cache.py): each worker then loads
a kernel where it would compile it, and no two compile the same one.

numba keys a cached kernel by its own file only: after an edit of a function it calls from
another file, the cache beside the sources still holds the old machine code. The tests keep
their cache in .numba-cache/KEY instead, KEY a digest of every kernel file (the native build's
key), so an edit of any kernel starts a fresh one; older ones are removed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from solvers.kernels import native

ROOT = Path(__file__).resolve().parents[1]
_NUMBA_CACHES = ROOT / ".numba-cache"
os.environ.setdefault("NUMBA_CACHE_DIR", str(_NUMBA_CACHES / native.build_key()))

_NO_BUILDS = tempfile.mkdtemp(prefix="polygui-tests-no-native-")
os.environ["POLYGUI_NATIVE_DIR"] = _NO_BUILDS  # subprocesses (the CLI tests) inherit it


def _runs_whole_suite_on_workers(config: pytest.Config) -> bool:
    on_workers = (getattr(config.option, "numprocesses", 0) or 0) > 1
    is_worker = hasattr(config, "workerinput")
    return on_workers and not is_worker and config.args_source is pytest.Config.ArgsSource.TESTPATHS


def _remove_older_numba_caches() -> None:
    current = Path(os.environ["NUMBA_CACHE_DIR"])
    if current.parent == _NUMBA_CACHES and _NUMBA_CACHES.is_dir():
        for older in _NUMBA_CACHES.iterdir():
            if older != current:
                shutil.rmtree(older, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput"):
        return  # the session that started the workers did it
    _remove_older_numba_caches()
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
    shutil.rmtree(_NO_BUILDS, ignore_errors=True)
