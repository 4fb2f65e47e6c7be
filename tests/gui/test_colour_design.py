"""Colour constraints in the flat designer: colours defined, renamed, recoloured and deleted,
rules ticked in the table, cells painted with the Paint tool by the mouse (one undo step a
stroke), paint kept valid when cells go, and the paint shown on the canvases, the tray and
the Solve view (pixels of the constraint colour where a painted cell is drawn)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor

from polygui.editors.board_editor import BoardEditor
from polygui.editors.board_tools import PAINT, PENCIL
from polygui.export.images import render_flat, svg_bytes
from polygui.models import PuzzleDocument
from polygui.resources import examples_dir
from polygui.views.board_picture import fit_transform
from polygui.views.board_view import BoardView
from qt_fixtures import show_widget
from solvers import GridKind, Piece, Puzzle, Solution, solve
from solvers.puzzle.colour_rules import ConstraintColour

LEFT = Qt.MouseButton.LeftButton
RED, BLUE = ConstraintColour("red", "#d62728"), ConstraintColour("blue", "#1f77b4")
ROW = tuple((x, 0) for x in range(4))


def puzzle(**fields) -> Puzzle:
    fields.setdefault("pieces", (Piece("D", ((0, 0), (1, 0)), 2),))
    return Puzzle(GridKind.SQUARE, "Row", board=ROW, **fields)


def editor_for(qtbot, start: Puzzle, tab: str = "Colour constraints") -> BoardEditor:
    editor = show_widget(qtbot, BoardEditor(PuzzleDocument(start)), 1000, 640)
    tabs = editor.side_tabs
    tabs.setCurrentIndex(next(i for i in range(tabs.count()) if tabs.tabText(i) == tab))
    return editor


def drag(qtbot, canvas, cells) -> None:
    qtbot.mousePress(canvas, LEFT, pos=canvas.cell_centre(cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(canvas, canvas.cell_centre(cell))
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.cell_centre(cells[-1]))


def test_colours_are_added_renamed_recoloured_and_deleted_as_undoable_edits(qtbot):
    editor = editor_for(qtbot, puzzle())
    panel, stack = editor.colours, editor.document.undo_stack
    assert panel.isVisible() and not panel.rules.isVisible()  # no colour yet: no table
    qtbot.mouseClick(panel.buttons["add"], LEFT)
    qtbot.mouseClick(panel.buttons["add"], LEFT)
    assert [c.name for c in editor.document.puzzle.constraint_colours] == ["red", "blue"]
    assert panel.brush_colour() == 2 and stack.undoText() == "Add colour blue"
    panel.name_picker = lambda current, parent: "sky"
    qtbot.mouseClick(panel.buttons["rename"], LEFT)
    panel.colour_picker = lambda initial, parent: QColor("#00aaff")
    qtbot.mouseClick(panel.buttons["recolour"], LEFT)
    assert editor.document.puzzle.constraint_colours[1] == ConstraintColour("sky", "#00aaff")
    panel.name_picker = lambda current, parent: "red"  # taken: refused, named
    qtbot.mouseClick(panel.buttons["rename"], LEFT)
    assert "two constraint colours are named 'red'" in editor.message.text()
    assert editor.document.puzzle.constraint_colours[1].name == "sky"
    stack.undo()
    stack.undo()
    assert editor.document.puzzle.constraint_colours[1] == BLUE


def test_ticking_the_rules_table_allows_and_forbids_pairs(qtbot):
    editor = editor_for(qtbot, puzzle(constraint_colours=(RED, BLUE)))
    table, stack = editor.colours.rules, editor.document.undo_stack
    assert table.isVisible() and (table.rowCount(), table.columnCount()) == (2, 2)
    assert "nothing is constrained" in editor.colours.hint.text()
    table.item(0, 1).setCheckState(Qt.CheckState.Checked)
    assert editor.document.puzzle.colour_rules == ((1, 2),)
    assert stack.undoText() == "Allow red on blue"
    assert not editor.colours.hint.isVisible()
    table.item(0, 1).setCheckState(Qt.CheckState.Unchecked)
    assert editor.document.puzzle.colour_rules == () and stack.undoText() == "Forbid red on blue"
    stack.undo()
    assert table.item(0, 1).checkState() == Qt.CheckState.Checked  # the table follows


def test_a_paint_stroke_is_one_step_and_a_stroke_from_that_colour_takes_paint_away(qtbot):
    editor = editor_for(qtbot, puzzle(constraint_colours=(RED, BLUE)))
    qtbot.mouseClick(editor.tools.buttons[PAINT], LEFT)
    assert editor.colours.brush_box.isVisible() and editor.colours.brush_colour() == 1
    assert "paint board cells" in editor.canvas_hint.text()
    canvas, stack = editor.canvas, editor.document.undo_stack
    drag(qtbot, canvas, [(0, 0), (1, 0), (2, 0)])
    assert editor.document.puzzle.board_paint == (((0, 0), 1), ((1, 0), 1), ((2, 0), 1))
    assert stack.count() == 1 and stack.undoText() == "Paint board red"
    assert canvas.painted_colour((1, 0)) == QColor(RED.rgb) and canvas.painted_colour((3, 0)) is None
    drag(qtbot, canvas, [(2, 0), (3, 0)])  # started on red: takes red away
    assert editor.document.puzzle.board_paint == (((0, 0), 1), ((1, 0), 1))
    assert stack.undoText() == "Take paint off board"
    drag(qtbot, canvas, [(0, 1)])  # off the board: nothing to paint, no step
    assert stack.count() == 2
    editor.colours.set_brush(2)
    drag(qtbot, canvas, [(1, 0)])  # red painted blue
    assert editor.document.puzzle.board_paint == (((0, 0), 1), ((1, 0), 2))
    assert stack.count() == 3
    stack.undo()
    stack.undo()
    assert len(editor.document.puzzle.board_paint) == 3


def test_the_piece_canvas_paints_the_piece_and_the_tray_shows_it(qtbot):
    editor = editor_for(qtbot, puzzle(constraint_colours=(RED, BLUE)), "Selected piece")
    editor.pieces.select_piece(0)
    qtbot.mouseClick(editor.tools.buttons[PAINT], LEFT)
    editor.colours.set_brush(2)
    drag(qtbot, editor.piece_canvas, [(1, 0)])
    assert editor.document.puzzle.pieces[0].paint == (((1, 0), 2),)
    assert editor.document.undo_stack.undoText() == "Paint D blue"
    assert editor.piece_canvas.painted_colour((1, 0)) == QColor(BLUE.rgb)
    tray = editor.tray._picture.marks
    assert tray[0].tolist() == [0, 2] and tray[1][2] == QColor(BLUE.rgb)


def test_removing_a_painted_cell_drops_its_paint_in_the_same_step(qtbot):
    start = puzzle(constraint_colours=(RED,), board_paint=(((3, 0), 1),),
                   pieces=(Piece("D", ((0, 0), (1, 0)), 2, paint=(((1, 0), 1),)),))
    editor = editor_for(qtbot, start, "Selected piece")
    qtbot.mouseClick(editor.tools.buttons[PENCIL], LEFT)
    drag(qtbot, editor.canvas, [(3, 0)])  # off the board, and its paint with it
    assert editor.document.puzzle.board == ROW[:3] and editor.document.puzzle.board_paint == ()
    editor.pieces.select_piece(0)
    drag(qtbot, editor.piece_canvas, [(1, 0)])
    assert editor.document.puzzle.pieces[0].paint == ()
    editor.document.undo_stack.undo()
    editor.document.undo_stack.undo()
    assert editor.document.puzzle == start


def test_deleting_a_colour_takes_its_paint_and_rules_and_renumbers_the_rest(qtbot):
    start = puzzle(constraint_colours=(RED, BLUE), board_paint=(((0, 0), 1), ((1, 0), 2)),
                   colour_rules=((1, 2), (2, 2)),
                   pieces=(Piece("D", ((0, 0), (1, 0)), 2, paint=(((0, 0), 2),)),))
    editor = editor_for(qtbot, start)
    editor.colours.set_brush(1)
    qtbot.mouseClick(editor.colours.buttons["delete"], LEFT)
    after = editor.document.puzzle
    assert after.constraint_colours == (BLUE,) and after.board_paint == (((1, 0), 1),)
    assert after.colour_rules == ((1, 1),) and after.pieces[0].paint == (((0, 0), 1),)
    assert editor.document.undo_stack.undoText() == "Delete colour red"


def centre_colour(view: BoardView, cell) -> QColor:
    """The colour drawn at the centre of board cell `cell` in the view."""
    picture = view._picture
    x, y = picture.board.polygons[view.puzzle.board.index(cell)].mean(axis=0)
    point = fit_transform(picture.board.bounds, view._target()).map(QPointF(x, y))
    return view.grab().toImage().pixelColor(point.toPoint())


def test_the_solve_view_marks_the_board_paint_then_the_pieces_as_they_lie(qtbot):
    painted = puzzle(constraint_colours=(RED, BLUE), board_paint=(((0, 0), 2),),
                     pieces=(Piece("D", ((0, 0), (1, 0)), 2, paint=(((0, 0), 1),)),),
                     colour_rules=((1, 1),))
    view = show_widget(qtbot, BoardView(), 600, 300)
    view.set_puzzle(painted)
    assert centre_colour(view, (0, 0)) == QColor(BLUE.rgb)
    assert centre_colour(view, (3, 0)) != QColor(RED.rgb)
    solution = next(e for e in solve(painted, "all") if isinstance(e, Solution))
    view.set_solution(solution)
    reds = [cell for cell in ROW if centre_colour(view, cell) == QColor(RED.rgb)]
    # red on blue is not allowed: (0, 0) holds a neutral end; each domino shows its red end
    assert len(reds) == 2 and (0, 0) not in reds


def count_near(image, colour: QColor, tolerance: int = 12) -> int:
    converted = image.convertToFormat(image.Format.Format_RGB32)  # kept while read
    array = np.frombuffer(converted.constBits(), dtype=np.uint8).reshape(
        converted.height(), converted.bytesPerLine() // 4, 4)[:, :converted.width()]
    rgb = array[..., [2, 1, 0]].astype(int)
    return int((np.abs(rgb - [colour.red(), colour.green(), colour.blue()]).max(axis=2)
                < tolerance).sum())


def test_png_and_svg_exports_draw_the_paint_flat_and_in_layers(asset):
    checkered = asset("pentominoes-checkered.json")
    solution = next(e for e in solve(checkered, "distinct") if isinstance(e, Solution))
    light = QColor(checkered.constraint_colours[1].rgb)
    image = render_flat(checkered, solution, QSize(600, 400))
    assert count_near(image, light) > 30 * 20  # thirty light marks, each some pixels
    assert checkered.constraint_colours[1].rgb.encode() in svg_bytes(checkered, solution,
                                                                     QSize(600, 400))
    cube = Puzzle(GridKind.CUBE, "Bars", board=tuple((x, y, z) for x in range(2)
                                                     for y in range(2) for z in range(2)),
                  pieces=(Piece("B", ((0, 0, 0), (1, 0, 0)), 4, mirror=False),),
                  constraint_colours=(RED,), board_paint=(((1, 1, 1), 1),))
    layers = render_flat(cube, None, QSize(600, 300))  # a cube drawn as its layers
    assert count_near(layers, QColor(RED.rgb)) > 20


def test_the_checkered_example_opens_with_its_paint_in_both_modes(window, qtbot):
    window.open_puzzle(examples_dir() / "pentominoes-checkered.json")
    view = window.current_view()
    assert isinstance(view, BoardView) and view._picture.paint_numbers.sum() == 30 * 1 + 30 * 2
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    editor = window.editor
    assert editor.canvas.painted_colour((0, 0)) == QColor("#3b3b3b")
    assert editor.colours.rules.item(0, 0).checkState() == Qt.CheckState.Checked


def test_importing_meteor_text_keeps_the_paint_of_the_cells_still_on_the_board(qtbot):
    from polygui.editors.meteor_text import import_meteor
    start = Puzzle(GridKind.HEX, "Hex", board=((0, 0), (5, 5)), constraint_colours=(RED,),
                   board_paint=(((0, 0), 1), ((5, 5), 1)))
    document = PuzzleDocument(start)
    assert import_meteor(document, "0 0\n 1 1") is None
    assert document.puzzle.board_paint == (((0, 0), 1),)  # (5, 5) left the board
    assert document.puzzle.constraint_colours == (RED,)


def test_the_paint_tool_paints_hex_and_triangle_boards_too(qtbot):
    for kind, board in ((GridKind.HEX, ((0, 0), (1, 0), (0, 1))),
                        (GridKind.TRIANGLE, ((0, 0, 0), (0, 0, 1), (1, 0, 0)))):
        editor = editor_for(qtbot, Puzzle(kind, "Paint", board=board, constraint_colours=(RED,)))
        qtbot.mouseClick(editor.tools.buttons[PAINT], LEFT)
        drag(qtbot, editor.canvas, list(board[:2]))
        assert editor.document.puzzle.board_paint == tuple((cell, 1) for cell in sorted(board[:2]))
        assert editor.canvas.painted_colour(board[1]) == QColor(RED.rgb)
        assert editor.document.undo_stack.count() == 1
