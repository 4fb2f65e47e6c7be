"""The cube editor driven by the mouse: layer grid clicks and drags, clicks in the 3D view
(through the numpy picking path), the region box, pieces, refusals, undo and redo.

The main test builds the Soma cube from nothing by clicks, saves it, reopens it and solves
the reopened file."""

import dataclasses
from collections import deque

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainter

from polygui.editors.cube_editor import CubeEditor
from polygui.editors.piece_list import MIRROR
from polygui.models import PuzzleDocument
from solvers import GridKind, Progress, Puzzle, solve
from solvers.puzzle.fileformat import load_puzzle, save_puzzle

LEFT = Qt.MouseButton.LeftButton
SHIFT = Qt.KeyboardModifier.ShiftModifier
UP = (0, 0, 1)


@pytest.fixture
def editor(qtbot):
    document = PuzzleDocument(Puzzle(GridKind.CUBE, name="Soma by hand"))
    widget = CubeEditor(document)
    qtbot.addWidget(widget)
    widget.resize(1000, 820)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(widget.canvas.gl.isExposed)
    widget.canvas.reset_view()  # fitted to the window's final size
    return widget


def screenshot(editor: CubeEditor, path: str) -> None:
    """The widget with the GL window painted in (a plain grab leaves it blank)."""
    picture = editor.grab()
    painter = QPainter(picture)
    container = editor.canvas.container
    painter.drawImage(container.mapTo(editor, QPoint(0, 0)), editor.canvas.gl.readQImage())
    painter.end()
    picture.save(path)


def click_cell(qtbot, editor: CubeEditor, cell, modifier=Qt.KeyboardModifier.NoModifier):
    """Show the cell's z layer (the layer spin box) and click the cell in the layer grid."""
    editor.layers.layer.setValue(cell[2] + 1)
    grid = editor.layers.grid
    qtbot.mouseClick(grid, LEFT, modifier, grid.cell_centre(cell))


def click_3d(qtbot, editor: CubeEditor, point, modifier=Qt.KeyboardModifier.NoModifier):
    """Click where the world point appears in the 3D view."""
    position = editor.canvas.screen_point(np.asarray(point, dtype=float)).toPoint()
    qtbot.mouseClick(editor.canvas.gl, LEFT, modifier, position)


def face_centre(cell, normal) -> np.ndarray:
    return np.asarray(cell, dtype=float) + 0.5 + 0.5 * np.asarray(normal)


def target_cells(editor: CubeEditor) -> set:
    return set(editor.target.cells(editor.document.puzzle))


def toggle_mirror(qtbot, editor: CubeEditor, row: int) -> None:
    table = editor.pieces.table
    table.setCurrentCell(row, MIRROR)
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Space)


def click_piece_row(qtbot, editor: CubeEditor, row: int) -> None:
    table = editor.pieces.table
    rect = table.visualRect(table.model().index(row, 0))
    qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())


def connected_order(cells, start):
    """`cells` in an order where each is next to an earlier one (or to `start`)."""
    cells, order, queue = set(cells), [], deque([start])
    seen = {start}
    while queue:
        cell = queue.popleft()
        order.append(cell)
        for axis in range(3):
            for step in (-1, 1):
                near = list(cell)
                near[axis] += step
                near = tuple(near)
                if near in cells and near not in seen:
                    seen.add(near)
                    queue.append(near)
    return [cell for cell in order if cell != start or start in cells]


def count_solutions(puzzle: Puzzle, symmetry: str) -> int:
    events = [e for e in solve(puzzle, symmetry, count_only=True) if isinstance(e, Progress)]
    assert events[-1].phase == "done" and events[-1].exhausted
    return events[-1].solutions


def build_region_by_clicks(qtbot, editor: CubeEditor) -> None:
    """Layers 1 and 2 in the layer grid; layer 3 by clicking top faces in the 3D view, far
    cubes first so no cube already added hides the next face (the camera looks from +x, -y)."""
    for z in (0, 1):
        for x in range(3):
            for y in range(3):
                click_cell(qtbot, editor, (x, y, z))
    for x, y in sorted(((x, y) for x in range(3) for y in range(3)), key=lambda c: c[0] - c[1]):
        click_3d(qtbot, editor, face_centre((x, y, 1), UP))
        assert (x, y, 2) in target_cells(editor)


def build_piece_by_clicks(qtbot, editor: CubeEditor, shape) -> None:
    """New piece (one cube at the origin), then its cubes, each next to one already there: a
    cube on top of another, with nothing yet at its height to hide that top face, is clicked
    in 3D; the rest in the layer grid. A starting cube not in the shape is clicked away."""
    qtbot.mouseClick(editor.pieces.add_button, LEFT)
    assert target_cells(editor) == {(0, 0, 0)}
    assert "Editing piece" in editor.editing.text()
    for cell in connected_order(shape, (0, 0, 0)):
        below = (cell[0], cell[1], cell[2] - 1)
        present = target_cells(editor)
        if below in present and all(c[2] < cell[2] for c in present):
            click_3d(qtbot, editor, face_centre(below, UP))
        else:
            click_cell(qtbot, editor, cell)
        assert cell in target_cells(editor), editor.message.text()
    if (0, 0, 0) not in shape:
        click_cell(qtbot, editor, (0, 0, 0))
    assert target_cells(editor) == set(shape)


def test_soma_cube_built_by_clicks_saved_reopened_and_solved(qtbot, editor, asset, tmp_path):
    build_region_by_clicks(qtbot, editor)
    assert len(editor.document.puzzle.board) == 27
    assert "there are no pieces" in editor.summary.text()
    screenshot(editor, "/tmp/3d-region.png")
    soma = asset("soma.json")
    for row, piece in enumerate(soma.pieces):
        build_piece_by_clicks(qtbot, editor, piece.cells)
        # new cube pieces cannot be turned into their mirror image (solid), unasked
        assert editor.document.puzzle.pieces[row].mirror is False
    screenshot(editor, "/tmp/3d-piece.png")
    assert "Board and pieces match" in editor.summary.text()
    built = editor.document.puzzle
    assert [p.cells for p in built.pieces] == [p.cells for p in soma.pieces]
    path = tmp_path / "soma-by-hand.json"
    save_puzzle(built, path)
    reopened = load_puzzle(path)
    assert reopened == built
    distinct = count_solutions(reopened, "distinct")
    assert distinct == 240
    assert distinct == count_solutions(soma, "distinct")


def test_click_on_the_ground_of_an_empty_region_adds_a_cube_at_z0(qtbot, editor):
    click_3d(qtbot, editor, (1.5, 2.5, 0))
    assert editor.document.puzzle.board == ((1, 2, 0),)
    click_3d(qtbot, editor, (7.5, 7.5, 0))  # off the box's ground grid: nothing
    assert editor.document.puzzle.board == ((1, 2, 0),)
    assert "ground grid" in editor.message.text()


def test_shift_click_removes_the_cube_clicked_and_a_face_click_adds_beside_it(qtbot, editor):
    qtbot.mouseClick(editor.fill_button, LEFT)
    assert len(editor.document.puzzle.board) == 27
    click_3d(qtbot, editor, face_centre((2, 0, 2), (1, 0, 0)), SHIFT)
    assert (2, 0, 2) not in target_cells(editor) and len(target_cells(editor)) == 26
    click_3d(qtbot, editor, face_centre((2, 0, 1), UP))  # the top face now uncovered
    assert (2, 0, 2) in target_cells(editor)
    click_3d(qtbot, editor, face_centre((2, 1, 1), (1, 0, 0)))  # outside the 3x3x3 box
    assert len(target_cells(editor)) == 27 and "outside the board box" in editor.message.text()
    qtbot.mouseClick(editor.clear_button, LEFT)
    assert editor.document.puzzle.board == ()


def test_dragging_in_3d_orbits_and_edits_nothing(qtbot, editor):
    qtbot.mouseClick(editor.fill_button, LEFT)
    azimuth = editor.canvas.gl.opts["azimuth"]
    gl = editor.canvas.gl
    start = editor.canvas.screen_point(face_centre((1, 1, 2), UP)).toPoint()
    qtbot.mousePress(gl, LEFT, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(gl, start + QPoint(12 * step, 0))
    qtbot.mouseRelease(gl, LEFT, pos=start + QPoint(60, 0))
    assert gl.opts["azimuth"] != azimuth
    assert len(editor.document.puzzle.board) == 27 and editor.document.undo_stack.count() == 1


def test_a_drag_in_the_layer_grid_is_one_undo_step(qtbot, editor):
    grid = editor.layers.grid
    cells = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0)]
    qtbot.mousePress(grid, LEFT, pos=grid.cell_centre(cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(grid, grid.cell_centre(cell))
    qtbot.mouseRelease(grid, LEFT, pos=grid.cell_centre(cells[-1]))
    assert set(editor.document.puzzle.board) == set(cells)
    assert editor.document.undo_stack.count() == 1
    # A drag starting on a filled cell removes.
    qtbot.mousePress(grid, LEFT, pos=grid.cell_centre((1, 0, 0)))
    qtbot.mouseMove(grid, grid.cell_centre((2, 0, 0)))
    qtbot.mouseRelease(grid, LEFT, pos=grid.cell_centre((2, 0, 0)))
    assert set(editor.document.puzzle.board) == {(0, 0, 0), (2, 1, 0)}
    editor.document.undo_stack.undo()
    assert set(editor.document.puzzle.board) == set(cells)


def test_other_axes_and_layers_edit_the_right_cells(qtbot, editor):
    editor.layers.show_layer(0, 2)  # the slice x = 2: columns are y, rows are z
    grid = editor.layers.grid
    qtbot.mouseClick(grid, LEFT, pos=grid.cell_centre((2, 1, 2)))
    assert editor.document.puzzle.board == ((2, 1, 2),)
    rect = grid.cell_rect((2, 1, 2))
    assert rect.top() < grid.cell_rect((2, 1, 0)).top()  # higher z is drawn higher up


def test_a_piece_edit_that_would_split_it_is_refused_with_the_reason(qtbot, editor):
    qtbot.mouseClick(editor.pieces.add_button, LEFT)
    click_cell(qtbot, editor, (1, 0, 0))
    click_cell(qtbot, editor, (2, 0, 0))
    steps = editor.document.undo_stack.count()
    click_cell(qtbot, editor, (1, 0, 0))  # the middle cube
    assert target_cells(editor) == {(0, 0, 0), (1, 0, 0), (2, 0, 0)}
    assert "not connected" in editor.message.text()
    assert editor.document.undo_stack.count() == steps  # no empty undo step either
    click_cell(qtbot, editor, (4, 4, 0))  # not next to the piece
    assert "not connected" in editor.message.text() and len(target_cells(editor)) == 3
    screenshot(editor, "/tmp/3d-refused.png")
    click_cell(qtbot, editor, (2, 0, 0))
    assert editor.message.text() == ""


def test_undo_and_redo_restore_every_edit_kind_exactly(qtbot, editor):
    document = editor.document
    snapshots = [document.puzzle]

    def record():
        assert document.puzzle != snapshots[-1]
        snapshots.append(document.puzzle)

    click_cell(qtbot, editor, (0, 0, 0)); record()                        # layer click
    grid = editor.layers.grid
    qtbot.mousePress(grid, LEFT, pos=grid.cell_centre((1, 0, 0)))
    qtbot.mouseMove(grid, grid.cell_centre((2, 0, 0)))
    qtbot.mouseRelease(grid, LEFT, pos=grid.cell_centre((2, 0, 0))); record()  # drag
    click_3d(qtbot, editor, face_centre((1, 0, 0), UP)); record()        # 3D add
    click_3d(qtbot, editor, face_centre((1, 0, 1), UP), SHIFT); record()  # 3D remove
    qtbot.mouseClick(editor.fill_button, LEFT); record()                   # fill box
    qtbot.mouseClick(editor.clear_button, LEFT); record()                  # clear
    click_3d(qtbot, editor, (0.5, 0.5, 0)); record()                       # ground click
    qtbot.mouseClick(editor.pieces.add_button, LEFT); record()             # new piece
    click_cell(qtbot, editor, (0, 1, 0)); record()                         # piece cell
    click_3d(qtbot, editor, face_centre((0, 1, 0), UP)); record()          # piece cell in 3D
    qtbot.keyClick(editor.pieces.count_box(0), Qt.Key.Key_Up); record()    # copies
    toggle_mirror(qtbot, editor, 0); record()                              # mirror
    qtbot.mouseClick(editor.region_button, LEFT)
    click_cell(qtbot, editor, (2, 2, 0)); record()                         # region again
    click_piece_row(qtbot, editor, 0)
    qtbot.mouseClick(editor.pieces.delete_button, LEFT); record()          # delete piece
    assert document.undo_stack.count() == len(snapshots) - 1
    for expected in reversed(snapshots[:-1]):
        document.undo_stack.undo()
        assert document.puzzle == expected
        assert editor.layers.grid.filled == target_cells(editor)
    for expected in snapshots[1:]:
        document.undo_stack.redo()
        assert document.puzzle == expected
        assert editor.layers.grid.filled == target_cells(editor)


def test_an_opened_puzzle_shows_its_region_and_each_piece_chosen(qtbot, editor, asset):
    soma = asset("soma.json")
    editor.document.reset(soma)
    assert [spin.value() for spin in editor.box_size] == [3, 3, 3]
    assert editor.layers.grid.filled == set(soma.board)
    for index, piece in enumerate(soma.pieces):
        click_piece_row(qtbot, editor, index)
        assert editor.selected_piece() == index
        assert f"Editing piece {piece.name}" in editor.editing.text()
        assert editor.layers.grid.filled == set(piece.cells)
        assert set(map(tuple, editor.canvas.cells.tolist())) == set(piece.cells)
        assert not editor.fill_button.isEnabled()
    qtbot.mouseClick(editor.region_button, LEFT)
    assert editor.selected_piece() is None and editor.fill_button.isEnabled()
    assert editor.layers.grid.filled == set(soma.board)


def test_the_box_cannot_shrink_below_the_region(qtbot, editor):
    qtbot.mouseClick(editor.fill_button, LEFT)
    spin_x = editor.box_size[0]
    spin_x.setFocus()
    qtbot.keyClick(spin_x, Qt.Key.Key_Down)
    assert spin_x.value() == 3
    qtbot.mouseClick(editor.clear_button, LEFT)
    qtbot.keyClick(spin_x, Qt.Key.Key_Down)
    assert spin_x.value() == 2 and editor.layers.grid.grid_shape() == (2, 3)
    qtbot.mouseClick(editor.fill_button, LEFT)
    assert len(editor.document.puzzle.board) == 2 * 3 * 3
    editor.document.undo_stack.undo()
    editor.document.undo_stack.undo()  # back to the full 3x3x3 region: the box grows again
    assert len(editor.document.puzzle.board) == 27 and spin_x.value() == 3


def test_hovering_outlines_the_cube_a_click_would_add(qtbot, editor):
    qtbot.mouseClick(editor.fill_button, LEFT)
    gl = editor.canvas.gl
    before = editor.canvas.gl.readQImage()
    where = editor.canvas.screen_point(face_centre((1, 1, 2), UP)).toPoint()
    qtbot.mouseMove(gl, where)
    assert editor.canvas.preview == ("add", (1, 1, 3))
    assert editor.canvas.gl.readQImage() != before  # the outline is drawn
    screenshot(editor, "/tmp/3d-hover.png")
    qtbot.keyPress(gl, Qt.Key.Key_Shift)  # Shift held: the cube under the mouse, to remove
    assert editor.canvas.preview == ("remove", (1, 1, 2))
    screenshot(editor, "/tmp/3d-hover-remove.png")
    qtbot.keyRelease(gl, Qt.Key.Key_Shift)
    assert editor.canvas.preview == ("add", (1, 1, 3))
    qtbot.mouseClick(gl, LEFT, pos=where)
    assert (1, 1, 3) not in target_cells(editor)  # outside the 3x3x3 box: refused ...
    assert "outside the board box" in editor.message.text()  # ... with the reason
    qtbot.mouseMove(gl, editor.canvas.screen_point(np.array([-5.0, -5.0, 0.0])).toPoint())
    assert editor.canvas.preview is None


def test_the_layer_shown_in_the_grid_is_outlined_in_3d(qtbot, editor):
    editor.layers.layer.setFocus()
    qtbot.keyClick(editor.layers.layer, Qt.Key.Key_Up)
    assert editor.canvas.slice == (2, 1)
    slab = editor.canvas._slice.pos
    assert (slab.min(axis=0), slab.max(axis=0)) == (pytest.approx((0, 0, 1), abs=0.05),
                                                    pytest.approx((3, 3, 2), abs=0.05))
    editor.layers.axis.setFocus()
    qtbot.keyClick(editor.layers.axis, Qt.Key.Key_Up)  # Y layers
    assert editor.canvas.slice == (1, 1)


def test_the_edited_piece_stays_the_same_when_an_earlier_one_goes(qtbot, editor, asset):
    soma = asset("soma.json")
    editor.document.reset(soma)
    click_piece_row(qtbot, editor, 6)
    assert editor.document.puzzle.pieces[editor.selected_piece()].name == "P"
    editor.document.edit("Delete piece V", lambda p: dataclasses.replace(p, pieces=p.pieces[1:]))
    assert editor.selected_piece() == 5 and "Editing piece P" in editor.editing.text()
    assert editor.layers.grid.filled == set(soma.pieces[6].cells)
    editor.document.undo_stack.undo()
    assert editor.selected_piece() == 6 and editor.layers.grid.filled == set(soma.pieces[6].cells)


def test_soma_by_clicks_in_the_app_saved_reopened_and_solved_by_the_worker(
        qtbot, window, asset, settings, tmp_path):
    from qt_fixtures import show_window

    window.resize(1200, 900)
    window.files.ask_new = lambda parent: Puzzle(GridKind.CUBE, "Soma in the app")
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    editor = window.editor
    assert isinstance(editor, CubeEditor)
    qtbot.waitExposed(editor.canvas.container)
    build_region_by_clicks(qtbot, editor)
    for piece in asset("soma.json").pieces:
        build_piece_by_clicks(qtbot, editor, piece.cells)
    assert window.status_line.text() == "7 pieces cover 27 cells, board has 27"
    path = tmp_path / "soma-in-the-app.json"
    window.files.ask_save_path = lambda: str(path)
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    reopened = show_window(qtbot, settings, tmp_path / "autosave-2")
    assert reopened.open_puzzle(path) and reopened.puzzle == window.puzzle
    assert reopened.panel.symmetry_mode() == "distinct"
    qtbot.keyClick(reopened, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not reopened.is_solving(), timeout=60_000)
    assert reopened.browser.count == 240
    assert reopened.browser.count == count_solutions(asset("soma.json"), "distinct")


def test_the_piece_table_shows_whole_names_beside_the_3d_view(qtbot, editor, asset):
    """The side panel has a fixed width: it is as wide as the piece table needs, so the
    Piece column is not squeezed to its swatch (it once showed "iec" and no name)."""
    editor.document.reset(asset("soma.json"))
    table = editor.pieces.table
    header = table.horizontalHeader()
    needed = header.fontMetrics().horizontalAdvance("Piece 12")
    assert header.sectionSize(0) >= needed
    assert table.horizontalScrollBar().maximum() == 0  # every column in view
