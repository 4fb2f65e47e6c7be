"""Fixtures shared by the Qt test folders (tests/gui, tests/gl); their conftests import them.

Kept out of a top-level conftest so that the solver tests never import PySide6."""

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings

from polygui.run import running_solves
from solvers.fileformat import load_puzzle

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "puzzles"


@pytest.fixture(autouse=True)
def no_leaked_solver_threads(qtbot):
    yield
    leaked = running_solves()
    for run in leaked:
        run.shutdown()
    assert not leaked, f"{len(leaked)} solver thread(s) still running after the test"


@pytest.fixture(autouse=True)
def delete_closed_widgets(qtbot):
    """Run pending deleteLater() calls after each test.

    Left for interpreter exit, the deletion of an OpenGL window whose context is already gone
    crashes the process (status 139) after the last test has passed."""
    yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def asset():
    return lambda name: load_puzzle(ASSETS / name)
