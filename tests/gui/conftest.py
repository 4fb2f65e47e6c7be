"""GUI test fixtures: an isolated QSettings store and a check that no solver thread leaks."""

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from polygui.app import share_gl_contexts
from polygui.run import running_solves
from solvers import Solution, solve
from solvers.fileformat import load_puzzle

share_gl_contexts()  # before pytest-qt creates the application

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles"


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


@pytest.fixture
def unhurried_solve(monkeypatch):
    """The real solver for the worker, one solution every half millisecond: a run lasts long
    enough to be paused half way whatever the machine."""
    def unhurried(*args, **kwargs):
        for event in solve(*args, **kwargs):
            if isinstance(event, Solution):
                time.sleep(0.0005)
            yield event

    monkeypatch.setattr("polygui.run.solve", unhurried)
