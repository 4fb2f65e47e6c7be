"""A search that could not start (issue 33): Solve on a remembered Dask scheduler nobody
listens at says so and why (the hint above the board and the panel, never "No solution" or
"Finished: 0 solutions"), and the next Solve, in this session or the next, runs on this
computer. A real unreachable address (a port just closed), no Dask stand-in; the connect
timeout is cut as tests/solvers/test_cluster.py cuts it."""

from __future__ import annotations

import socket

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from polygui.solving.search_on import ADDRESS_SETTING, SETTING
from qt_fixtures import show_window
from solvers import solve
from solvers.search.solve import SolutionBatch

pytest.importorskip("distributed", reason="the cluster extra is not installed")
from solvers.parallel import cluster  # noqa: E402  (Dask only once the extra is known)


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens at: bound, then let go."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text, *rest: shown.append((title, text)))
    return shown


def solve_and_wait(qtbot, window) -> None:
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)


def solutions_of(puzzle, symmetry: str) -> int:
    return sum(len(event) for event in solve(puzzle, symmetry, batched=True)
               if isinstance(event, SolutionBatch))


def test_an_unreachable_cluster_says_the_search_could_not_start_and_falls_back(
        qtbot, settings, tmp_path, asset, warnings, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    address = f"tcp://127.0.0.1:{closed_port()}"
    settings.setValue(SETTING, f"cluster:{address}")  # remembered from an earlier session
    settings.setValue(ADDRESS_SETTING, address)
    window = show_window(qtbot, settings, tmp_path / "autosave")
    assert window.panel.search_on.jobs_and_cluster()[1].address == address
    puzzle = asset("pentominoes-3x20.json")
    window.set_puzzle(puzzle)

    solve_and_wait(qtbot, window)
    said = window.panel.status.text()
    assert said.startswith(f"The search could not start: cannot reach the Dask scheduler at "
                           f"{address}")
    assert said.endswith("The next Solve runs on this computer; the Solve panel's Search on "
                         "chooses the cluster again.")
    assert window.intro.hint.text() == said  # not "No solution"
    assert warnings == [("The search could not start", said)]
    assert window.panel.counters["solutions"].text() == "–"  # nothing was counted
    assert window.panel.search_on.jobs_and_cluster()[1] is None
    assert str(settings.value(SETTING)).startswith("threads:")

    solve_and_wait(qtbot, window)  # on this computer now
    assert len(warnings) == 1
    found = solutions_of(puzzle, window.solved_symmetry)
    assert window.store.solution_count() == found > 0
    assert window.panel.status.text() == f"Finished: {found:,} solutions."
    assert "could not start" not in window.intro.hint.text()
    window.close()

    later = show_window(qtbot, settings, tmp_path / "autosave2")  # the next session
    assert later.panel.search_on.jobs_and_cluster()[1] is None


def solve_family_and_wait(qtbot, window) -> None:
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    assert window.families.is_running()
    qtbot.waitUntil(lambda: not window.families.is_running(), timeout=60_000)


def test_a_family_on_an_unreachable_cluster_says_so_and_falls_back_too(
        qtbot, settings, tmp_path, warnings, monkeypatch):
    from test_family_window import small_family

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    address = f"tcp://127.0.0.1:{closed_port()}"
    settings.setValue(SETTING, f"cluster:{address}")
    settings.setValue(ADDRESS_SETTING, address)
    window = show_window(qtbot, settings, tmp_path / "autosave")
    assert window.open_puzzle(small_family(tmp_path / "two-ls.json"))

    solve_family_and_wait(qtbot, window)
    said = window.panel.status.text()
    assert said.startswith(f"The search could not start: cannot reach the Dask scheduler at "
                           f"{address}") and said.endswith("chooses the cluster again.")
    assert warnings == [("The search could not start", said)]
    assert window.panel.search_on.jobs_and_cluster()[1] is None
    assert window.families.results.results == {}  # nothing counted, nothing "failed"

    solve_family_and_wait(qtbot, window)  # on this computer now: every member counted
    assert len(warnings) == 1
    assert len(window.families.results.results) == 3
    assert window.panel.status.text() == "3 of 3 members solved."
