"""The solver worker: solutions through Qt signals, exact pause/resume and stop, no leaks."""

import time

import numpy as np
from PySide6.QtCore import QCoreApplication
from run_signals import Collector

from polygui.solving.run import EMIT_INTERVAL, SolveRun
from solvers import (GridKind, Piece, Progress, Puzzle, Solution, SolutionBatch, SudokuGrid,
                     solve)


def finish(qtbot, run: SolveRun, timeout: int = 60_000) -> Collector:
    collector = Collector(run)
    with qtbot.waitSignal(collector.ended, timeout=timeout):
        run.start()
    assert run.thread.wait(5_000)
    return collector


def test_meteor_through_the_worker_gives_2098(qtbot, asset):
    run = SolveRun(asset("meteor.json"), "all")
    result = finish(qtbot, run)
    assert result.status == "done" and not result.errors
    assert len(result.rows) == 2098
    assert len({tuple(row) for row in result.rows.tolist()}) == 2098
    assert result.progress[-1].solutions == 2098 and result.progress[-1].exhausted


def test_pause_and_resume_give_the_same_solutions(qtbot, asset, unhurried_solve):
    puzzle = asset("meteor.json")
    plain = finish(qtbot, SolveRun(puzzle, "distinct"))
    run = SolveRun(puzzle, "distinct")
    collector = Collector(run)
    run.start()
    for _ in range(3):
        arrived = len(collector.batches)
        qtbot.waitUntil(lambda: len(collector.batches) > arrived, timeout=60_000)
        run.worker.pause()
        assert run.worker.paused and collector.status is None  # paused mid-run
        qtbot.wait(150)  # whatever was on its way arrives ...
        held = len(collector.batches)
        qtbot.wait(150)
        assert len(collector.batches) == held  # ... and nothing more while paused
        run.worker.resume()
    qtbot.waitUntil(lambda: collector.status is not None, timeout=60_000)
    assert run.thread.wait(5_000)
    assert collector.status == "done"
    assert collector.rows.tolist() == plain.rows.tolist()


def test_stop_ends_the_run_and_the_thread(qtbot, asset):
    run = SolveRun(asset("mini-bedlam.json"), "distinct")
    collector = Collector(run)
    run.start()
    qtbot.waitUntil(lambda: len(collector.progress) >= 2, timeout=30_000)
    assert run.shutdown()
    QCoreApplication.processEvents()
    assert collector.status == "stopped"
    assert not run.is_running()


def test_limit_stops_after_n_solutions(qtbot, asset):
    result = finish(qtbot, SolveRun(asset("meteor.json"), "all", limit=7))
    assert result.status == "limit"
    assert len(result.rows) == 7


def test_impossible_puzzle_reports_the_reason(qtbot):
    puzzle = Puzzle(GridKind.SQUARE, "short", board=((0, 0), (1, 0), (2, 0)),
                    pieces=(Piece("domino", ((0, 0), (1, 0))),))
    result = finish(qtbot, SolveRun(puzzle, "all"))
    assert result.status == "unsolvable"
    assert result.reasons == ["the pieces cover 2 cells but the board has 3"]
    assert not result.errors and not result.batches


def test_the_thread_ends_when_the_search_ends_even_if_the_gui_thread_is_blocked(qtbot):
    """The end of a run must not wait for the GUI's event loop: a window blocked in wait()
    (closing, say) would otherwise wait in vain, and a QThread destroyed while running aborts
    the process."""
    puzzle = Puzzle(GridKind.SQUARE, "short", board=((0, 0), (1, 0), (2, 0)),
                    pieces=(Piece("domino", ((0, 0), (1, 0))),))
    for _ in range(5):
        run = SolveRun(puzzle, "all")
        run.start()
        assert run.thread.wait(10_000)  # no event processing in between


def dominoes_6x6() -> Puzzle:
    """6,728 domino tilings, found in a fraction of a second: many solutions a slice."""
    board = tuple((x, y) for x in range(6) for y in range(6))
    return Puzzle(GridKind.SQUARE, "dominoes", board=board,
                  pieces=(Piece("domino", ((0, 0), (1, 0)), count=18),))


def test_the_worker_takes_solutions_in_bulk_without_an_object_per_solution(qtbot, monkeypatch):
    """A tuple and a Solution built per solution, in Python, by a thread that yields the CPU
    to every other while it holds the GIL, stalled the window for up to 1.5 s through the
    8x8 domino tilings: the worker takes a slice's solutions as one array."""
    puzzle = dominoes_6x6()
    plain = [list(event.rows) for event in solve(puzzle, "all") if isinstance(event, Solution)]
    built = []
    original = Solution.__init__

    def counted(self, *args, **kwargs) -> None:
        built.append(args[0] if args else kwargs.get("index"))
        original(self, *args, **kwargs)

    monkeypatch.setattr(Solution, "__init__", counted)
    result = finish(qtbot, SolveRun(puzzle, "all"))
    assert result.status == "done" and result.rows.tolist() == plain
    assert built == []


def test_solutions_leave_the_worker_in_the_stores_type_up_to_keep(qtbot):
    """The window keeps the rows as they arrive (one byte a placement number here, 60 of
    them: no conversion on the GUI thread); a bound that falls inside one of the solver's
    batches is kept exactly, and the rest are counted."""
    puzzle = dominoes_6x6()
    plain = [list(event.rows) for event in solve(puzzle, "all") if isinstance(event, Solution)]
    result = finish(qtbot, SolveRun(puzzle, "all", keep=1000))
    assert all(batch.dtype == np.uint8 for batch in result.batches)
    assert result.rows.tolist() == plain[:1000]
    assert result.progress[-1].solutions == len(plain)


def test_progress_between_solutions_reaches_the_window(qtbot, monkeypatch):
    """A run handing out solutions without pause (a parallel run of an empty Sudoku) sends a
    batch every EMIT_INTERVAL; a progress report coming just after one must wait for the next
    send, not be dropped: dropped every time, the panel said "Preparing" for the whole run."""
    puzzle = Puzzle(GridKind.SUDOKU, "empty", sudoku=SudokuGrid(2, 2, (0,) * 16))

    def streaming(*args, **kwargs):
        yield Progress("preparing", symmetry="all")
        for index in range(8):
            time.sleep(EMIT_INTERVAL * 1.5)  # so this solution's batch goes at once...
            yield SolutionBatch(index, np.ones((1, 16), dtype=np.int16))
            yield Progress("searching", solutions=index + 1, symmetry="all")  # ...and this
        yield Progress("done", solutions=8, exhausted=True, symmetry="all")  # is too soon

    monkeypatch.setattr("polygui.solving.run.solve", streaming)
    result = finish(qtbot, SolveRun(puzzle, "all"))
    assert result.status == "done" and len(result.rows) == 8
    searching = [p.solutions for p in result.progress if p.phase == "searching"]
    assert searching and searching == sorted(searching) and searching[-1] >= 6


def test_the_first_solutions_are_sent_at_once_not_with_the_next_event(qtbot, asset,
                                                                      monkeypatch):
    """The run's first batch goes out as it comes, even within EMIT_INTERVAL of the last
    signal: the search's next event may be a whole slice away (here, it is held until the
    batch has arrived, and every signal is "too soon")."""
    import threading

    import polygui.solving.run as run_module

    arrived = threading.Event()

    def first_batch_then_wait(*args, **kwargs):
        for event in solve(*args, **kwargs):
            yield event
            if isinstance(event, SolutionBatch):
                assert arrived.wait(30), "the first solutions were held back"
                break

    monkeypatch.setattr(run_module, "solve", first_batch_then_wait)
    monkeypatch.setattr(run_module, "EMIT_INTERVAL", 3600.0)  # "too soon" all run long
    run = SolveRun(asset("soma.json"), "distinct")
    collector = Collector(run)
    run.worker.solutions_found.connect(lambda rows: arrived.set())
    run.start()
    qtbot.waitUntil(arrived.is_set, timeout=30_000)
    qtbot.waitUntil(lambda: collector.status is not None, timeout=30_000)
    assert run.thread.wait(5_000)
    assert len(collector.rows) >= 1
