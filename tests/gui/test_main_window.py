"""The main window as a user meets it: examples, solving, browsing, closing, settings."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from polygui.main_window import MainWindow
from polygui.resources import default_puzzle, examples_dir
from polygui.solving.run import running_solves
from solvers import GridKind, Piece, Puzzle
from solvers.puzzle.fileformat import save_puzzle


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text, *rest: shown.append((title, text)))
    return shown


def image_array(widget) -> np.ndarray:
    image = widget.grab().toImage().convertToFormat(widget.grab().toImage().Format.Format_RGB32)
    data = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(image.height(), image.bytesPerLine())
    return data[:, : image.width() * 4].copy()


def solve_and_wait(qtbot, window, timeout=60_000):
    with qtbot.waitSignal(window.panel.solve_button.clicked, timeout=1000):
        qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=timeout)


def test_opens_with_the_meteor_puzzle_and_its_name_in_the_title(window):
    assert window.open_puzzle(default_puzzle())
    assert window.puzzle.name.lower().startswith("meteor")
    assert window.puzzle.name in window.windowTitle()


def test_examples_menu_lists_every_shipped_puzzle(window):
    names = [action.text() for action in window.menus.example_actions()]
    assert len(names) == len(list(examples_dir().glob("*.json")))
    assert all(action.statusTip() for action in window.menus.example_actions())


def test_examples_are_grouped_by_kind_with_one_line_tooltips(window):
    sections, current = {}, None
    for action in window.menus.examples_menu.actions():
        if action.isSeparator():
            current = action.text()
            sections[current] = []
        else:
            sections[current].append(action.text())
    assert list(sections) == ["Hexagonal boards", "Square boards", "Triangle boards",
                              "Stick grids", "Boxes of cubes", "Balls", "Interlocking puzzles",
                              "Sudoku"]
    assert sections["Stick grids"] == ["Tetrasticks 5x5 without H"]
    assert sections["Boxes of cubes"] == ["Mini Bedlam cube", "Soma cube"]
    assert sections["Balls"] == ["IQ Puzzler PRO 5x11", "IQ Puzzler PRO pyramid", "Kanoodle 5x11",
                                "Kanoodle pyramid"]
    assert sections["Interlocking puzzles"] == ["Puzzle in a cage", "Six-piece burr",
                                                "Sliding-lid box"]
    assert sections["Triangle boards"] == ["Hexiamonds 4x9 parallelogram",
                                           "Hexiamonds 6x6 rhombus"]
    assert all(name.startswith("Pentominoes") or "T-tetrominoes" in name
               or name == "Calendar puzzle" for name in sections["Square boards"])
    tips = {action.text(): action.toolTip() for action in window.menus.example_actions()}
    assert tips["Meteor"] == "50 cells, 10 pieces" and tips["Soma cube"] == "3×3×3 box, 7 pieces"
    assert all(len(tip) <= 40 and "\n" not in tip for tip in tips.values())


def test_every_example_opens_and_renders(window, qtbot):
    for action in window.menus.example_actions():
        action.trigger()
        qtbot.wait(20)
        pixels = image_array(window.current_view())
        assert pixels.size and pixels.std() > 0, f"{action.text()} renders blank"


def test_solving_meteor_in_the_window_and_browsing(window, qtbot):
    window.open_puzzle(default_puzzle())
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    solve_and_wait(qtbot, window)
    assert window.browser.count == 2098
    assert "2,098" in window.panel.status.text()
    first = image_array(window.current_view())
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.browser.current == 1
    assert not np.array_equal(first, image_array(window.current_view()))
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert window.browser.current == 2097
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert window.browser.current == 0


def test_closing_during_a_solve_stops_and_joins_the_thread(window, qtbot, asset):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    window.start_solve()
    qtbot.waitUntil(lambda: window.browser.count > 0, timeout=30_000)
    window.close()
    assert not running_solves()


def test_opening_another_puzzle_while_solving_stops_the_run(window, qtbot):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    window.start_solve()
    qtbot.waitUntil(lambda: window.browser.count > 0, timeout=30_000)
    window.open_puzzle(default_puzzle())
    assert not running_solves()
    assert window.browser.count == 0


def test_unsolvable_puzzle_says_so(window, qtbot):
    window.open_puzzle(examples_dir() / "no-solution.json")
    solve_and_wait(qtbot, window)
    assert window.browser.count == 0
    assert "No solution" in window.panel.status.text()


def test_bad_file_is_refused_and_the_puzzle_kept(window, tmp_path, warnings):
    window.open_puzzle(default_puzzle())
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "polygui-puzzle", "version": 1, "grid": ')
    assert not window.open_puzzle(bad)
    assert warnings and "bad.json" in warnings[0][1]
    assert window.puzzle.name.lower().startswith("meteor")


def test_recent_files_and_geometry_persist(qtbot, settings, tmp_path):
    first = MainWindow(settings, autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(first)
    soma = tmp_path / "soma.json"
    soma.write_bytes((examples_dir() / "soma.json").read_bytes())
    first.open_puzzle(soma)
    first.resize(900, 650)
    first.close()
    second = MainWindow(settings, autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(second)
    assert second.menus.recent_files()[0] == str(soma.resolve())
    assert (second.width(), second.height()) == (900, 650)


def test_pause_and_resume_in_the_window_give_the_uninterrupted_count(window, qtbot,
                                                                     unhurried_solve):
    window.open_puzzle(default_puzzle())
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.browser.count > 0, timeout=60_000)
    qtbot.mouseClick(window.panel.pause_button, Qt.MouseButton.LeftButton)
    assert window.panel.pause_button.text() == "Resume" and window.run.worker.paused
    qtbot.wait(200)  # whatever was on its way has arrived; nothing more comes while paused
    window.runs.refresh_display()
    held = window.browser.count
    qtbot.wait(300)
    window.runs.refresh_display()
    assert window.browser.count == held < 2098
    assert window.is_solving()
    qtbot.mouseClick(window.panel.pause_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    assert window.browser.count == 2098
    assert len({tuple(row) for row in window.store.array().tolist()}) == 2098
    assert "Finished: 2,098" in window.panel.status.text()


def test_stop_button_ends_the_run_and_keeps_what_was_found(window, qtbot):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.browser.count > 0, timeout=30_000)
    qtbot.mouseClick(window.panel.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=10_000)
    assert not running_solves()
    assert window.panel.status.text().startswith("Stopped:")
    assert window.browser.count == len(window.store) > 0
    assert window.panel.solve_button.isEnabled() and not window.panel.stop_button.isEnabled()


def test_browsing_works_while_solutions_stream_in(window, qtbot):
    window.open_puzzle(examples_dir() / "mini-bedlam.json")
    window.start_solve()
    qtbot.waitUntil(lambda: window.browser.count > 3, timeout=30_000)
    assert window.is_solving()
    shown = window.current_view().solution
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.browser.current == 1
    assert window.current_view().solution is not shown
    assert "of" in window.browser.label.text()
    window.stop_solve(wait=True)


@pytest.mark.parametrize("name", ["meteor.json", "pentominoes-6x10.json", "sudoku-4x4-empty.json"])
def test_different_solutions_render_differently(window, qtbot, name):
    window.open_puzzle(examples_dir() / name)
    window.panel.limit.setValue(2)
    solve_and_wait(qtbot, window)
    assert window.browser.count == 2 and window.browser.current == 0
    first = image_array(window.current_view())
    window.browser.next()
    assert not np.array_equal(first, image_array(window.current_view()))


def test_a_solved_sudoku_shows_its_digits(window, qtbot):
    window.open_puzzle(examples_dir() / "sudoku-reference.json")
    unsolved = image_array(window.current_view())
    solve_and_wait(qtbot, window)
    assert window.browser.count == 1
    assert not np.array_equal(unsolved, image_array(window.current_view()))


def test_solve_refuses_a_puzzle_whose_cell_counts_differ_and_says_why(window, qtbot, tmp_path):
    short = Puzzle(GridKind.SQUARE, "Short board", board=((0, 0), (1, 0), (2, 0)),
                   pieces=(Piece("domino", ((0, 0), (1, 0))),))
    path = tmp_path / "short.json"
    save_puzzle(short, path)
    assert window.open_puzzle(path)
    assert "1 piece covers 2 cells, board has 3" in window.status_line.text()
    assert "the pieces cover 2 cells but the board has 3" in window.status_line.text()
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    assert window.run is None and not running_solves()  # refused before any thread starts
    assert window.panel.status.text() == ("Cannot solve: the pieces cover 2 cells but the "
                                          "board has 3.")


def test_a_piece_that_fits_nowhere_is_named_before_solving(window, qtbot, tmp_path):
    straight = tuple((x, 0) for x in range(4))
    ell = ((0, 0), (1, 0), (2, 0), (0, 1))
    path = tmp_path / "ell.json"
    save_puzzle(Puzzle(GridKind.SQUARE, "No room", board=straight, pieces=(Piece("L", ell),)),
                path)
    assert window.open_puzzle(path)
    assert window.status_line.text() == ("1 piece covers 4 cells, board has 4 — cannot be "
                                         "solved: piece 'L' fits nowhere on the board")
    assert window.status_line.toolTip() == window.status_line.text()
    qtbot.mouseClick(window.panel.solve_button, Qt.MouseButton.LeftButton)
    assert window.run is None and not running_solves()  # refused before any thread starts
    assert window.panel.status.text() == "Cannot solve: piece 'L' fits nowhere on the board."


def test_a_piece_whose_every_placement_strands_cells_is_named_by_the_solver(window, qtbot,
                                                                           tmp_path):
    # a 2x3 board: the T fits, but each of its places leaves single cells no domino can fill
    board = tuple((x, y) for x in range(3) for y in range(2))
    tee = ((0, 0), (1, 0), (2, 0), (1, 1))
    path = tmp_path / "tee.json"
    save_puzzle(Puzzle(GridKind.SQUARE, "Stranded", board=board,
                       pieces=(Piece("T", tee), Piece("I", ((0, 0), (1, 0))))), path)
    assert window.open_puzzle(path)
    assert "cannot be solved" not in window.status_line.text()
    solve_and_wait(qtbot, window)
    assert window.panel.status.text() == (
        "No solution: piece 'T' cannot go anywhere without cutting off cells the others cannot "
        "fill.")


def test_a_solver_error_reaches_the_user(window, qtbot, warnings, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("kernel exploded")
        yield  # a generator, like solve()

    monkeypatch.setattr("polygui.solving.run.solve", broken)
    window.open_puzzle(default_puzzle())
    solve_and_wait(qtbot, window)
    assert warnings and "kernel exploded" in warnings[0][1]
    assert "kernel exploded" in window.panel.status.text()


def test_progress_shows_counters_and_the_plot(window, qtbot):
    window.open_puzzle(default_puzzle())
    solve_and_wait(qtbot, window)
    assert window.panel.counters["solutions"].text() == "1,049"
    assert window.panel.counters["nodes"].text() != "–"
    times, solutions, fractions = window.panel.plot.points()
    assert solutions[-1] == 1049 and fractions[-1] == pytest.approx(1.0)
    assert window.panel.progress.value() == 1000


def test_a_run_keeps_at_most_the_set_number_of_solutions_and_counts_the_rest(window, qtbot,
                                                                              settings):
    settings.setValue("solving/keep_at_most", 500)
    window.open_puzzle(default_puzzle())
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData("all"))
    solve_and_wait(qtbot, window)
    assert len(window.store) == 500 == window.browser.count
    assert window.panel.counters["solutions"].text() == "2,098"
    status = window.panel.status.text()
    assert status.startswith("Finished: 2,098 solutions.")
    assert "first 500 are kept to browse and export; the rest are counted, not kept" in status
    window.browser.last()
    assert window.current_view().solution == window.store.solution(499)
