"""Messages that agree with each other (issue 33, defect 6): the hint never says to press
Solve when a proof makes Solve refuse; the keep question says what Keep keeps when the panel
counted more; a finished run's estimate line gives its exact count; a range whose ends are
equal is one number."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from polygui.models.status import summary
from polygui.resources import examples_dir
from polygui.solving.kept_runs import KeptRun
from polygui.solving.keeping import keep_question
from puzzles import pentomino_box
from solvers import GridKind, Piece, Puzzle

WAIT_MS = 90_000  # background jobs run at the lowest priority on a loaded machine
DOMINO = Piece("D", ((0, 0), (1, 0)))


def hint(window) -> str:
    return window.intro.hint.text()


def test_a_colouring_that_makes_solve_refuse_is_what_the_hint_says(window, qtbot):
    window.open_puzzle(examples_dir() / "no-solution.json")
    assert "Press <b>Solve</b>" in hint(window)  # nothing proved yet
    with qtbot.waitSignal(window.analysis.reason_found, timeout=WAIT_MS) as found:
        window.estimating.start()  # at once, not after the delay
    reason = found.args[0]
    assert "checkerboard" in reason
    for _ in range(2):  # once proved, and again after Solve refused
        assert "Press" not in hint(window) and "cannot be solved" in hint(window)
        assert reason in hint(window)
        window.start_solve()
        assert window.run is None and reason in window.panel.status.text()


def kept_run(solutions: int, counted: int | None) -> KeptRun:
    return KeptRun(Path("run.polyrun"), "distinct", 0.4, solutions, False, counted)


def test_the_keep_question_says_which_solutions_keep_keeps():
    """Mini Bedlam stopped: the run file holds 983 solutions (its finished tasks), the panel
    counted 1,031 (its running tasks' too); resuming searches those tasks again."""
    _, details = keep_question(kept_run(983, 1031), closing=False)
    assert "40% searched, 983 solutions found" in details
    assert "other 48 of the 1,031 solutions" in details and "searches those parts again" in details
    _, details = keep_question(kept_run(983, 983), closing=True)
    assert "983" in details and "1,031" not in details and "other" not in details


def test_stop_asks_about_the_count_the_panel_shows(window, qtbot):
    asked: list[KeptRun] = []
    window.keeping.ask_keep = lambda parent, kept, closing: (
        asked.append(kept) or QMessageBox.StandardButton.Discard)
    window.set_puzzle(pentomino_box(3, 4, 5))  # seconds on two threads: stopped half way
    window.start_solve()
    qtbot.waitUntil(lambda: window.keeping.run_file is not None
                    and window.keeping.run_file.exists() and len(window.store) > 0,
                    timeout=60_000)
    window.stop_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=10_000)
    (kept,) = asked
    shown = int(window.panel.counters["solutions"].text().replace(",", ""))
    assert kept.counted == shown >= kept.solutions  # the file keeps finished tasks only
    _, details = keep_question(kept, closing=False)
    assert f"{kept.solutions:,} solution" in details
    assert (f"{shown:,} solutions counted" in details) == (shown > kept.solutions)


def test_a_finished_run_gives_its_exact_count_on_the_estimate_line(window, qtbot):
    window.open_puzzle(examples_dir() / "pentominoes-3x20.json")
    window.estimating.start()  # an estimate under way when Solve is pressed
    window.start_solve()
    assert window.panel.estimate_box.text.text() == "Estimate: –"  # not "stopped"
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=WAIT_MS)
    assert window.panel.status.text() == "Finished: 2 solutions."
    assert window.panel.estimate_box.text.text() == (
        "Exact: 2 solutions, counted by the whole search")


def test_a_range_whose_ends_are_equal_is_one_number():
    board = ((0, 0), (1, 0), (2, 0))
    exact = Puzzle(GridKind.SQUARE, "optional cell", board=board, optional=((2, 0),),
                   pieces=(DOMINO,))
    assert summary(exact) == "1 piece covers 2 cells, board has 3 (1 optional)"
    ranged = Puzzle(GridKind.SQUARE, "range", board=board + ((3, 0),),
                    pieces=(Piece("D", DOMINO.cells, count=2, least=1),))
    assert summary(ranged) == "1–2 pieces cover 2–4 cells, board has 4"
