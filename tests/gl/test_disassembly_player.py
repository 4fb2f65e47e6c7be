"""The disassembly player in the cube view: played to the end and back (the pieces where the
analysis's frames put them), stepped, slid between frames, the camera keeping every piece in
view, the layers following the moves, the move list highlighted, copied and exported."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence

from polygui.export.context import file_name
from polygui.solving.run import running_solves
from polygui.views.cells import board_cells
from polygui.views.disassembly_player import move_lines
from puzzles import BURRTOOLS
from qt_fixtures import make_active
from solvers.kernels.status import LOCKED
from solvers.puzzle.burrtools import load_burrtools


@pytest.fixture
def cage(window, qtbot):
    """CubeInCage solved in the window, its one solution taken apart for the player."""
    window.set_puzzle(load_burrtools(BURRTOOLS / "CubeInCage.xmpuzzle"))
    window.start_solve()
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=180_000)
    view = window.current_view()
    qtbot.waitUntil(lambda: view.player.disassembly is not None
                    and not window.solve_page.taking_apart.is_running(), timeout=180_000)
    return view


def expected_offsets(view, frame: np.ndarray) -> np.ndarray:
    """(cells, 3) where each board cell's voxel should be drawn: the offset of the piece
    copy the disassembly puts there, in `frame`."""
    board = {tuple(cell): index for index, cell in enumerate(board_cells(view.puzzle).tolist())}
    offsets = np.zeros((len(board), 3))
    for copy, cells in enumerate(view.player.disassembly.cells):
        for cell in cells:
            offsets[board[tuple(cell)]] = frame[copy]
    return offsets


def on_screen(view) -> np.ndarray:
    """Where every voxel's corners land in the GL window, as (x, y) pixels."""
    gl = view.gl
    size = (0, 0, gl.width(), gl.height())
    matrix = lambda m: np.array(m.data(), dtype=float).reshape(4, 4).T  # noqa: E731
    clip_from_world = matrix(gl.projectionMatrix(size, size)) @ matrix(gl.viewMatrix())
    corners = view._mesh.corners + view.voxel_offsets()
    points = (corners[:, None, :] + np.array([[0, 0, 0], [1, 1, 1]])[None]).reshape(-1, 3)
    clip = clip_from_world @ np.column_stack([points, np.ones(len(points))]).T
    ndc = clip[:2] / clip[3]
    return np.column_stack([(ndc[0] + 1) / 2 * gl.width(), (1 - ndc[1]) / 2 * gl.height()])


def test_a_disassembly_plays_to_its_end_and_back(cage, qtbot):
    view, player = cage, cage.player
    taken, controls = player.disassembly, player.controls
    assert taken.comes_apart and controls.moves == len(taken.moves) == len(taken.frames) - 1
    assert np.array_equal(view.voxel_offsets(), expected_offsets(view, taken.frames[0]))
    seen: list[float] = []
    controls.position_changed.connect(seen.append)
    controls.move_ms = 20
    controls.play_button.click()
    assert controls.is_playing()
    qtbot.waitUntil(lambda: not controls.is_playing(), timeout=30_000)
    assert controls.position == controls.moves and seen == sorted(seen)
    assert np.array_equal(view.voxel_offsets(), expected_offsets(view, taken.frames[-1]))
    vertices = view._faces.opts["meshdata"].vertexes()  # what the GL buffer holds
    assert np.allclose(vertices, view._mesh.moved_vertices(view.voxel_offsets()))
    last_line = player.move_list.text.toPlainText().splitlines()[move_lines(
        player.move_list.text.toPlainText())[len(taken.moves)]]
    assert player.move_list.highlighted_line() == last_line
    assert "out" in last_line  # the last move takes the last part away

    seen.clear()
    controls.play_button.click()  # at the end, Play plays it back together
    qtbot.waitUntil(lambda: not controls.is_playing(), timeout=30_000)
    assert controls.position == 0 and seen == sorted(seen, reverse=True)
    assert np.array_equal(view.voxel_offsets(), np.zeros_like(view.voxel_offsets()))
    assert player.move_list.highlighted_line() == ""


def test_stepping_and_sliding_between_frames(cage, qtbot, window):
    view, player = cage, cage.player
    taken, controls = player.disassembly, player.controls
    make_active(window)
    qtbot.keyClick(window, Qt.Key.Key_Period)  # Step
    qtbot.keyClick(window, Qt.Key.Key_Period)
    assert controls.position == 2
    assert np.array_equal(view.voxel_offsets(), expected_offsets(view, taken.frames[2]))
    qtbot.keyClick(window, Qt.Key.Key_Comma)  # Step back
    assert controls.position == 1
    controls.set_position(1.5)  # half way through move 2
    halfway = (taken.frames[1] + taken.frames[2]) / 2
    assert np.allclose(view.voxel_offsets(), expected_offsets(view, halfway))
    assert player.move_list.highlighted_line().strip().startswith("2. ")
    controls.slider.setValue(5)
    assert controls.position == 5 and controls.label.text() == f"move 5 of {controls.moves}"
    qtbot.keyClick(window, Qt.Key.Key_P)
    assert controls.is_playing()
    qtbot.keyClick(window, Qt.Key.Key_P)
    assert not controls.is_playing()


def test_the_camera_keeps_every_piece_in_view(cage, qtbot):
    view, controls = cage, cage.player.controls
    for position in (0.0, controls.moves / 2, controls.moves - 0.5, float(controls.moves)):
        controls.set_position(position)
        points = on_screen(view)
        assert (points >= 0).all() and (points[:, 0] <= view.gl.width()).all()
        assert (points[:, 1] <= view.gl.height()).all()


def test_the_layers_follow_the_moves(cage, qtbot):
    view, player = cage, cage.player
    taken, controls = player.disassembly, player.controls
    assembled = view.layers._layers[0][1].labels.copy()
    controls.to_end()
    assert "after move" in player.layers_note.text()
    left = [taken.names[copy] for copy in range(len(taken.names))
            if np.any(taken.frames[-1][copy])
            and not set(map(tuple, (np.array(taken.cells[copy]) + taken.frames[-1][copy])
                                .tolist())) <= set(view.puzzle.board)]
    assert left and all(name in player.layers_note.text() for name in left)
    controls.to_start()
    assert player.layers_note.text() == "The layers show the pieces assembled."
    assert np.array_equal(view.layers._layers[0][1].labels, assembled)


def test_the_move_list_is_copied_whole_or_in_part(cage, qtbot):
    player = cage.player
    text = player.disassembly.text(player.title)
    assert player.move_list.text.toPlainText() == text
    assert player.title in text and text.splitlines()[1].startswith("Level 4.9.3, ")
    clipboard = QGuiApplication.clipboard()
    clipboard.clear()
    player.move_list.copy_button.click()
    assert clipboard.text() == text
    clipboard.clear()
    editor = player.move_list.text
    editor.setFocus()
    editor.selectAll()
    qtbot.keySequence(editor, QKeySequence.StandardKey.Copy)
    assert clipboard.text() == text


def test_the_move_list_is_exported_atomically(cage, qtbot, window, tmp_path):
    player = cage.player
    target = tmp_path / "moves.txt"
    asked = []
    window.exports.ask_path = lambda title, start, filters: asked.append(start) or str(target)
    action = next(a for a in window.menus.file_menu.findChildren(type(window.menus.save_action))
                  if a.text() == "&Move List…")
    action.trigger()
    assert target.read_text("utf-8") == player.disassembly.text(player.title) + "\n"
    assert Path(asked[0]).name == f"{file_name(player.title, 'moves')}.txt"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    failures = []
    window.exports.warn = lambda title, text: failures.append((title, text))
    window.exports.ask_path = lambda *args: str(tmp_path / "missing" / "moves.txt")
    assert not window.exports.export_moves()
    assert failures and failures[0][0] == "Cannot export the move list"


def test_a_locked_assembly_plays_nothing_and_says_which_pieces_stay_locked(cage, qtbot,
                                                                          window):
    window.solve_page.assemblies.set_showing_all(True)
    store = window.store
    locked = next(i for i in range(len(store)) if store.verdicts.status(i) == LOCKED)
    window.browser.set_current(window.browsing._position_of(locked))
    player = cage.player
    qtbot.waitUntil(lambda: player.disassembly is not None
                    and not window.solve_page.taking_apart.is_running(), timeout=60_000)
    assert not player.disassembly.comes_apart and player.controls.moves == 0
    assert not player.controls.isEnabled()
    names = [player.disassembly.names[p] for p in player.disassembly.locked]
    assert names and player.note.text().endswith(f"{', '.join(names)} stay locked.")
    assert np.array_equal(cage.voxel_offsets(), np.zeros_like(cage.voxel_offsets()))


def test_stepping_fast_through_assemblies_analyses_only_the_one_left_on_screen(cage, qtbot,
                                                                             window):
    window.solve_page.assemblies.set_showing_all(True)
    browser, taking_apart = window.browser, window.solve_page.taking_apart
    for position in range(20):
        browser.set_current(position)
        started = [run for run in running_solves()
                   if getattr(run, "thread", None) is not None
                   and run.thread.objectName() == "polygui-disassembly"]
        assert not started  # none yet: each solution was passed by at once
    player = cage.player
    qtbot.waitUntil(lambda: player.disassembly is not None and not taking_apart.is_running(),
                    timeout=60_000)
    shown = window.store.solution(window.browsing.store_index(browser.current))
    assert sorted(map(sorted, player.disassembly.cells)) == sorted(
        sorted(cells) for _, cells in shown.pieces)


def test_another_box_opens_while_a_disassembly_is_shown(cage, window, qtbot):
    """Opening a smaller box while the player shows a taken-apart assembly: the pieces go
    back in place on the new box, whose mesh is built first (it once indexed the new
    box's voxels with the old puzzle's pieces and crashed)."""
    cage.player.controls.set_position(cage.player.controls.moves)
    assert cage.player.frames is not None
    window.open_puzzle(Path(__file__).parent.parent.parent / "assets" / "puzzles" / "soma.json")
    view = window.current_view()
    assert view.puzzle.name == window.puzzle.name and view.player.frames is None
    assert np.array_equal(view.voxel_offsets(), np.zeros((27, 3)))
