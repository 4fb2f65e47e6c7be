"""What every test session shares: the numba kernels run, not a native build of them
(solvers/kernels/native.py), whatever a developer's machine has built. The tests that run a
native build (tests/solvers/test_native.py) make their own and point to it."""

from __future__ import annotations

import os
import shutil
import tempfile

_NO_BUILDS = tempfile.mkdtemp(prefix="polygui-tests-no-native-")
os.environ["POLYGUI_NATIVE_DIR"] = _NO_BUILDS  # subprocesses (the CLI tests) inherit it


def pytest_unconfigure(config) -> None:
    shutil.rmtree(_NO_BUILDS, ignore_errors=True)
