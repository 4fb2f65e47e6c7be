"""The board editor's rectangle and fill tools, driven by the mouse: one undoable edit each,
adding or removing as the press decides, outlined while a rectangle is dragged."""

from __future__ import annotations

from PySide6.QtCore import Qt

from polygui.editors.board_editor import BoardEditor
from polygui.editors.board_tools import FILL, RECTANGLE, connected_area, rectangle_between
from polygui.models import PuzzleDocument
from qt_fixtures import show_widget
from solvers import GridKind, Piece, Puzzle
from solvers.puzzle.grids import offset_to_hex

LEFT = Qt.MouseButton.LeftButton


def editor_for(qtbot, puzzle: Puzzle) -> BoardEditor:
    return show_widget(qtbot, BoardEditor(PuzzleDocument(puzzle)), 1000, 640)


def use(qtbot, editor: BoardEditor, tool: str) -> None:
    qtbot.mouseClick(editor.tools.buttons[tool], LEFT)
    assert editor.tools.tool == tool


def test_a_dragged_rectangle_adds_every_position_in_it_as_one_step(qtbot):
    editor = editor_for(qtbot, Puzzle(GridKind.HEX, "Rectangles"))
    assert "Click or drag" in editor.canvas_hint.text()
    use(qtbot, editor, RECTANGLE)
    assert "corner to corner" in editor.canvas_hint.text()  # the hint follows the tool
    canvas = editor.canvas
    corner, middle, far = offset_to_hex(1, 1), offset_to_hex(2, 2), offset_to_hex(3, 4)
    qtbot.mousePress(canvas, LEFT, pos=canvas.cell_centre(corner))
    qtbot.mouseMove(canvas, canvas.cell_centre(middle))
    qtbot.mouseMove(canvas, canvas.cell_centre(far))
    assert len(canvas.preview) == 12  # outlined before anything changes
    assert editor.document.puzzle.board == ()
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.cell_centre(far))
    expected = {offset_to_hex(row, col) for row in range(1, 4) for col in range(1, 5)}
    assert set(editor.document.puzzle.board) == expected and canvas.preview == []
    stack = editor.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Add a rectangle of board cells"
    inner = offset_to_hex(2, 2), offset_to_hex(2, 3)  # from a board cell: it removes
    qtbot.mousePress(canvas, LEFT, pos=canvas.cell_centre(inner[0]))
    qtbot.mouseMove(canvas, canvas.cell_centre(inner[1]))
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.cell_centre(inner[1]))
    assert set(editor.document.puzzle.board) == expected - set(inner)
    stack.undo()
    stack.undo()
    assert editor.document.puzzle.board == ()


def ring_puzzle() -> Puzzle:
    """A 5x5 square ring of board cells around an empty 3x3 hole."""
    ring = tuple((x, y) for x in range(5) for y in range(5) if x in (0, 4) or y in (0, 4))
    return Puzzle(GridKind.SQUARE, "Ring", board=ring)


def test_fill_paints_the_enclosed_area_and_removes_a_connected_one(qtbot):
    editor = editor_for(qtbot, ring_puzzle())
    use(qtbot, editor, FILL)
    qtbot.mouseClick(editor.canvas, LEFT, pos=editor.canvas.cell_centre((2, 2)))
    hole = {(x, y) for x in range(1, 4) for y in range(1, 4)}
    assert set(editor.document.puzzle.board) == set(ring_puzzle().board) | hole  # not beyond
    assert editor.document.undo_stack.undoText() == "Add an area of board cells"
    qtbot.mouseClick(editor.canvas, LEFT, pos=editor.canvas.cell_centre((0, 0)))
    assert editor.document.puzzle.board == ()  # the whole connected board, at once
    editor.document.undo_stack.undo()
    assert len(editor.document.puzzle.board) == 25


def test_tools_paint_a_piece_over_the_board_and_refusals_are_named(qtbot):
    puzzle = Puzzle(GridKind.SQUARE, "Piece", board=((0, 0),),
                    pieces=(Piece("A", ((0, 0),)),))
    editor = editor_for(qtbot, puzzle)
    editor.pieces.select_piece(0)
    qtbot.mouseClick(editor.piece_target, LEFT)
    use(qtbot, editor, RECTANGLE)
    canvas = editor.canvas
    qtbot.mousePress(canvas, LEFT, pos=canvas.cell_centre((0, 0)))  # on the piece: removes
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.cell_centre((0, 0)))
    assert editor.document.puzzle.pieces[0].cells == ((0, 0),)  # an empty piece is refused
    assert "Remove a rectangle of cells from A" in editor.message.text()
    qtbot.mousePress(canvas, LEFT, pos=canvas.cell_centre((1, 0)))
    qtbot.mouseMove(canvas, canvas.cell_centre((1, 1)))
    qtbot.mouseRelease(canvas, LEFT, pos=canvas.cell_centre((1, 1)))
    assert set(editor.document.puzzle.pieces[0].cells) == {(0, 0), (1, 0), (1, 1)}
    assert editor.document.undo_stack.undoText() == "Add a rectangle of cells to A"


def test_the_geometry_of_rectangles_and_areas():
    assert set(rectangle_between(GridKind.SQUARE, (3, 1), (1, 2))) == {
        (x, y) for x in (1, 2, 3) for y in (1, 2)}
    row = rectangle_between(GridKind.HEX, offset_to_hex(1, 0), offset_to_hex(1, 2))
    assert row == [offset_to_hex(1, col) for col in range(3)]
    positions = [(x, 0) for x in range(6)]
    walls = {(2, 0)}
    assert connected_area(GridKind.SQUARE, positions, (0, 0), walls.__contains__) == \
        {(0, 0), (1, 0)}
