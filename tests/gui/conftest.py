"""GUI test fixtures: an isolated QSettings store and a check that no solver thread leaks."""

import dataclasses
import time

import pytest

from polygui.app import share_gl_contexts
from qt_fixtures import (asset, delete_closed_widgets, no_cross_thread_misuse,
                         no_leaked_solver_threads, no_unexpected_dialogs, private_data_folders,
                         settings, window)
from solvers import Solution, SolutionBatch, solve

share_gl_contexts()  # before pytest-qt creates the application

__all__ = ["asset", "delete_closed_widgets", "no_cross_thread_misuse", "no_leaked_solver_threads",
           "no_unexpected_dialogs", "private_data_folders", "settings", "window"]


@pytest.fixture
def unhurried_solve(monkeypatch):
    """The real solver for the worker, one solution every half millisecond: a run lasts long
    enough to be paused half way whatever the machine."""
    def unhurried(*args, **kwargs):
        for event in solve(*args, **kwargs):
            if isinstance(event, SolutionBatch):  # the worker's: a batch of one at a time
                for offset in range(len(event)):
                    time.sleep(0.0005)
                    yield dataclasses.replace(event, first=event.first + offset,
                                              rows=event.rows[offset:offset + 1])
                continue
            if isinstance(event, Solution):
                time.sleep(0.0005)
            yield event

    monkeypatch.setattr("polygui.solving.run.solve", unhurried)
