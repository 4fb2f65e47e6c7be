"""Puzzles whose assemblies must come apart, solved in the window: the Solve panel's
assemblies, solutions and levels, the browser through the solutions only or every assembly
marked, in the order chosen, and the end-of-run message. The figures are the solver's own,
run here, and BurrTools' as its files record them."""

from __future__ import annotations

import dataclasses
import json

import pytest

from polygui.models.status import plural
from polygui.solving.assembly_counts import assemblies_text, levels_text
from puzzles import BURRTOOLS
from solvers import count_solutions, solve
from solvers.disassembly.verdicts import summary
from solvers.kernels.status import LOCKED, SOLUTION
from solvers.puzzle.burrtools import load_burrtools
from solvers.search.events import Solution

# the levels BurrTools recorded for these files (tests/data/burrtools/README.md)
RECORDED_LEVELS = {"PelikanBurr.xmpuzzle": "98.2.4.2", "CubeInCage.xmpuzzle": "4.9.3"}


def solve_in_window(window, qtbot, name: str):
    puzzle = load_burrtools(BURRTOOLS / name)
    window.set_puzzle(puzzle)
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=180_000)
    return puzzle


def verdicts_in_store(window, puzzle) -> list[tuple[int, ...]]:
    """The verdict of each assembly the window kept, as the solver gives it (found by its
    placement rows: a run on several threads may find them in another order)."""
    truth = {e.rows: e.verdict for e in solve(puzzle) if isinstance(e, Solution)}
    store = window.store
    assert len(truth) == len(store)
    return [truth[store.solution(index).rows] for index in range(len(store))]


def wait_for_player(window, qtbot):
    """The cube view once its player has the solution shown taken apart (the analysis's
    thread has ended)."""
    view = window.current_view()
    page = window.solve_page
    qtbot.waitUntil(lambda: view.player.disassembly is not None
                    and not page.taking_apart.is_running(), timeout=180_000)
    return view


@pytest.mark.parametrize("name", sorted(RECORDED_LEVELS))
def test_the_panel_shows_assemblies_solutions_and_levels(window, qtbot, name):
    puzzle = solve_in_window(window, qtbot, name)
    final = count_solutions(puzzle)
    recorded = puzzle.extra["burrtools"]
    assert (final.assemblies, final.solutions) == (recorded["assemblies"], recorded["solutions"])
    assert dict(final.levels) == {RECORDED_LEVELS[name]: recorded["solutions"]}
    lines = window.panel.assemblies.text().splitlines()
    assert lines == [assemblies_text(final.solutions, final.assemblies),
                     f"Levels: {levels_text(final.levels)}"]
    assert lines[1] == f"Levels: {RECORDED_LEVELS[name]}: 1"
    assert window.panel.status.text() == (
        f"Finished: {plural(final.solutions, 'solution')} "
        f"(of {plural(final.assemblies, 'assembly', 'assemblies')}).")
    assert window.panel.counters["solutions"].text() == f"{final.solutions:,}"
    assert window.browser.count == final.solutions  # solutions only, by default
    wait_for_player(window, qtbot)


def test_browsing_solutions_only_or_every_assembly_marked(window, qtbot):
    puzzle = solve_in_window(window, qtbot, "PelikanBurr.xmpuzzle")
    kinds = [verdict[0] for verdict in verdicts_in_store(window, puzzle)]
    choice, browser, browsing = window.solve_page.assemblies, window.browser, window.browsing
    assert choice.isVisible() and not choice.showing_all()
    assert browser.count == kinds.count(SOLUTION)
    shown = browsing.store_index(browser.current)
    assert kinds[shown] == SOLUTION
    assert choice.verdict.text().startswith(f"Assembly {shown + 1} comes apart: level ")
    wait_for_player(window, qtbot)

    choice.set_showing_all(True)
    assert browser.count == len(kinds)
    assert browsing.store_index(browser.current) == shown  # the one on screen stays
    for position in range(browser.count):
        browser.set_current(position)
        index = browsing.store_index(position)
        words = "comes apart" if kinds[index] == SOLUTION else "does not come apart"
        assert choice.verdict.text().startswith(f"Assembly {index + 1} {words}")
    assert set(kinds) == {SOLUTION, LOCKED}
    view = wait_for_player(window, qtbot)  # the last assembly, locked: the player says so
    if kinds[browsing.store_index(browser.current)] == LOCKED:
        assert "does not come apart" in view.player.note.text()
        assert "stay locked" in view.player.note.text()

    choice.set_showing_all(False)
    assert browser.count == kinds.count(SOLUTION)
    wait_for_player(window, qtbot)


def test_sorting_by_level_and_by_moves(window, qtbot):
    """SolidSixPieceBurrs: hundreds of solutions of more than one level."""
    puzzle = solve_in_window(window, qtbot, "SolidSixPieceBurrs.xmpuzzle")
    choice, browser, browsing = window.solve_page.assemblies, window.browser, window.browsing
    verdicts = dict(enumerate(verdicts_in_store(window, puzzle)))
    solutions = sorted(i for i, v in verdicts.items() if v[0] == SOLUTION)
    assert len({summary(verdicts[i])[0] for i in solutions}) > 1  # levels to sort
    browsed = lambda: [browsing.store_index(p) for p in range(browser.count)]  # noqa: E731
    assert browsed() == solutions  # as found
    choice.set_order("level")
    by_level = browsed()
    assert sorted(by_level) == solutions
    assert by_level == sorted(solutions, key=lambda i: summary(verdicts[i])[0])  # stable
    choice.set_order("moves")
    by_moves = browsed()
    assert by_moves == sorted(solutions, key=lambda i: summary(verdicts[i])[1])
    browser.set_current(3)
    level, moves = summary(verdicts[by_moves[3]])
    assert choice.verdict.text() == (f"Assembly {by_moves[3] + 1:,} comes apart: level "
                                     f"{'.'.join(map(str, level))}, {moves} moves")
    choice.set_showing_all(True)  # every assembly: the locked ones after the solutions
    everything = browsed()
    assert everything[:len(solutions)] == by_moves
    assert everything[len(solutions):] == sorted(set(verdicts) - set(solutions))
    wait_for_player(window, qtbot)


def test_solutions_as_data_and_where_pieces_go_count_the_solutions_only(window, qtbot,
                                                                       tmp_path):
    puzzle = solve_in_window(window, qtbot, "PelikanBurr.xmpuzzle")
    kinds = [verdict[0] for verdict in verdicts_in_store(window, puzzle)]
    path = tmp_path / "pelikan.json"
    window.exports.ask_path = lambda *args: str(path)
    assert window.exports.export_solutions()
    qtbot.waitUntil(lambda: window.exports.data_job is None, timeout=10_000)
    data = json.loads(path.read_text())
    assert data["count"] == kinds.count(SOLUTION) < len(kinds)
    solution = next(i for i, kind in enumerate(kinds) if kind == SOLUTION)
    written = sorted(tuple(sorted(map(tuple, piece["cells"])))
                     for piece in data["solutions"][0]["pieces"])
    assert written == sorted(tuple(sorted(cells)) for _, cells in
                             window.store.solution(solution).pieces)
    where = window.design_tools.where_pieces_go()
    qtbot.waitUntil(lambda: where.stats is not None, timeout=30_000)
    assert where.stats.solutions == kinds.count(SOLUTION)
    window.design_tools.close()
    wait_for_player(window, qtbot)


def test_assemblies_none_of_which_come_apart(window, qtbot):
    """CubeInCage without its frame group: every assembly stays locked."""
    grouped = load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle")
    puzzle = dataclasses.replace(grouped, pieces=tuple(
        dataclasses.replace(piece, groups=()) for piece in grouped.pieces))
    final = count_solutions(puzzle)
    assert final.solutions == 0 < final.assemblies
    window.set_puzzle(puzzle)
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=180_000)
    many = plural(final.assemblies, "assembly", "assemblies")
    assert window.panel.status.text() == f"No solution: none of the {many} comes apart."
    assert window.browser.count == 0
    assert window.browser.label.text() == (f"none of the {many} found comes apart "
                                           "(All assemblies shows them)")
    why = window.panel.why_box  # the pieces fit: what is said is which of them lock
    qtbot.waitUntil(lambda: why.text.text().endswith("lock."), timeout=180_000)
    assert why.text.text().startswith(f"Why: {many}, none comes apart: the pieces Frame1")
    window.solve_page.assemblies.set_showing_all(True)
    assert window.browser.count == final.assemblies
    wait_for_player(window, qtbot)
