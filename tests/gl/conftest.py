"""3D view fixtures: shared OpenGL contexts, isolated settings, no leaked solver threads.

These tests need an X display with GLX (pytest-xvfb starts Xvfb with +extension GLX)."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from polygui.app import share_gl_contexts
from polygui.run import running_solves
from solvers.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"

share_gl_contexts()  # before pytest-qt creates the application


@pytest.fixture(autouse=True)
def no_leaked_solver_threads(qtbot):
    yield
    leaked = running_solves()
    for run in leaked:
        run.shutdown()
    assert not leaked, f"{len(leaked)} solver thread(s) still running after the test"


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def asset():
    return lambda name: load_puzzle(ASSETS / name)
