"""Piece ranges and optional cells in Design mode: the Optional tool, the Fewest box of the
piece list, undo, the views' drawing of optional cells, and a puzzle built by clicks that is
saved, reopened and solved to its count."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt

from polygui.editors.board_tools import OPTIONAL, PENCIL
from polygui.files.new_puzzle_dialog import blank_puzzle
from polygui.views.board_picture import OPTIONAL_FILL
from polygui.views.board_view import BoardView
from solvers import GridKind, Piece, Puzzle, Solution, solve
from solvers.puzzle.fileformat import load_puzzle
from test_board_editor import DOMINO, LEFT, add_piece_by_clicks, click, drag, make_editor

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
SQUARE_2X2 = [(0, 0), (1, 0), (0, 1), (1, 1)]


def press_keys(qtbot, widget, key, times: int) -> None:
    for _ in range(times):
        qtbot.keyClick(widget, key)


def solve_in_window(qtbot, window, mode: str) -> int:
    window.panel.symmetry.setCurrentIndex(window.panel.symmetry.findData(mode))
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.is_solving(), timeout=60_000)
    return window.browser.count


def test_a_puzzle_with_a_range_and_an_optional_cell_built_by_clicks_saves_reopens_and_solves(
        window, qtbot, tmp_path):
    """A 2x2 square, its corner (0, 0) optional; dominoes 0 to 2 and a monomino 0 to 1.
    By hand: two dominoes side by side (both ways), or a domino off the corner with the
    monomino beside it (both ways), the corner left empty: 4 in all; the diagonal
    reflection keeps the corner and pairs them: 2 distinct."""
    window.files.ask_new = lambda parent: blank_puzzle("square", "Ranges")
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    editor = window.editor
    drag(qtbot, editor.canvas, SQUARE_2X2[:2])
    drag(qtbot, editor.canvas, SQUARE_2X2[2:])
    qtbot.mouseClick(editor.tools.buttons[OPTIONAL], LEFT)
    click(qtbot, editor.canvas, (0, 0))
    assert window.puzzle.optional == ((0, 0),)
    assert window.menus.undo_action.text() == "&Undo Mark cells optional"
    qtbot.mouseClick(editor.tools.buttons[PENCIL], LEFT)
    add_piece_by_clicks(qtbot, editor, DOMINO)
    qtbot.keyClick(editor.pieces.count_box(0), Qt.Key.Key_Up)
    press_keys(qtbot, editor.pieces.fewest_box(0), Qt.Key.Key_Down, 2)
    add_piece_by_clicks(qtbot, editor, ((0, 0),))
    qtbot.keyClick(editor.pieces.fewest_box(1), Qt.Key.Key_Down)
    built = window.puzzle
    assert [(p.size, p.fewest, p.count) for p in built.pieces] == [(2, 0, 2), (1, 0, 1)]
    assert window.status_line.text() == ("0–3 pieces cover 0–5 cells, board has 4 "
                                         "(1 optional)")
    target = tmp_path / "ranges.json"
    window.files.ask_save_path = lambda: str(target)
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL | SHIFT)
    assert load_puzzle(target) == built
    assert window.open_puzzle(target) and window.puzzle == built
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    assert solve_in_window(qtbot, window, "all") == 4
    assert solve_in_window(qtbot, window, "distinct") == 2


def test_optional_strokes_undo_and_removing_a_board_cell_drops_its_mark(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.SQUARE, "strip",
                                       board=((0, 0), (1, 0), (2, 0), (3, 0))))
    editor.tools.select(OPTIONAL)
    drag(qtbot, editor.canvas, [(1, 0), (2, 0), (3, 0)])
    document = editor.document
    assert document.puzzle.optional == ((1, 0), (2, 0), (3, 0))
    drag(qtbot, editor.canvas, [(3, 0), (2, 0)])  # starts on an optional cell: unmark
    assert document.puzzle.optional == ((1, 0),)
    click(qtbot, editor.canvas, (4, 0))  # off the board: joins it, optional
    assert (4, 0) in document.puzzle.board and (4, 0) in document.puzzle.optional
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.puzzle.optional == ((1, 0), (2, 0), (3, 0))
    editor.tools.select(PENCIL)
    click(qtbot, editor.canvas, (3, 0))  # the pencil takes the cell off the board
    assert (3, 0) not in document.puzzle.board
    assert document.puzzle.optional == ((1, 0), (2, 0))
    assert "(2 optional)" in editor.summary.text()


def test_lowering_count_below_fewest_keeps_a_range_and_undo_restores_it(qtbot):
    editor = make_editor(qtbot, Puzzle(GridKind.SQUARE, "range", board=((0, 0), (1, 0)),
                                       pieces=(Piece("M", ((0, 0),), 3, least=2),)))
    pieces = editor.pieces
    assert pieces.count_box(0).value() == 3 and pieces.fewest_box(0).value() == 2
    qtbot.keyClick(pieces.count_box(0), Qt.Key.Key_Down)
    qtbot.keyClick(pieces.count_box(0), Qt.Key.Key_Down)
    piece = editor.document.puzzle.pieces[0]
    assert (piece.fewest, piece.count, piece.has_range) == (1, 1, False)
    assert pieces.fewest_box(0).maximum() == 1
    editor.document.undo_stack.undo()
    piece = editor.document.puzzle.pieces[0]
    assert (piece.fewest, piece.count) == (2, 2)
    editor.document.undo_stack.undo()
    assert editor.document.puzzle.pieces[0] == Piece("M", ((0, 0),), 3, least=2)


def colours_drawn(qtbot, puzzle: Puzzle, solution=None) -> set[str]:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(400, 200)
    view.set_puzzle(puzzle)
    view.set_solution(solution)
    image = view.grab().toImage()
    return {image.pixelColor(x, y).name() for x in range(0, image.width(), 2)
            for y in range(0, image.height(), 2)}


def test_the_solve_view_draws_empty_optional_cells_pale_and_hatched(qtbot):
    """The puzzle alone shows its optional cell pale; a solution that leaves it empty too;
    one that covers it shows the piece's colour there instead, as the same board without
    optional cells does."""
    board = ((0, 0), (1, 0), (2, 0))
    plain = Puzzle(GridKind.SQUARE, "strip", board=board, pieces=(Piece("D", DOMINO, 2, least=1),
                                                                  ))
    optional = dataclasses.replace(plain, optional=((2, 0),))
    assert OPTIONAL_FILL.name() in colours_drawn(qtbot, optional)
    assert OPTIONAL_FILL.name() not in colours_drawn(qtbot, plain)
    solutions = [e for e in solve(optional, "all") if isinstance(e, Solution)]
    by_cells = {tuple(cell for _, cells in s.pieces for cell in cells): s for s in solutions}
    assert sorted(by_cells) == [((0, 0), (1, 0))]
    left_empty = by_cells[((0, 0), (1, 0))]
    assert OPTIONAL_FILL.name() in colours_drawn(qtbot, optional, left_empty)


def test_ctrl_clicks_in_the_cube_editor_mark_optional_cells_with_undo(qtbot):
    """Ctrl+click in the layer grid marks a board cell optional (hatched there), again
    unmarks it; each stroke is one undo step; a piece being edited has no optional cells."""
    from polygui.editors.cube_editor import CubeEditor
    from polygui.models import PuzzleDocument
    from test_cube_editor import click_cell

    board = tuple((x, y, 0) for x in range(2) for y in range(2))
    document = PuzzleDocument(Puzzle(GridKind.CUBE, "box", board=board,
                                     pieces=(Piece("I", ((0, 0, 0), (1, 0, 0)), 2, False),)))
    editor = CubeEditor(document)
    qtbot.addWidget(editor)
    editor.resize(1000, 700)
    editor.show()
    qtbot.waitExposed(editor)
    click_cell(qtbot, editor, (1, 1, 0), CTRL)
    assert document.puzzle.optional == ((1, 1, 0),) and document.puzzle.board == board
    assert editor.layers.grid.optional == frozenset({(1, 1, 0)})
    assert document.undo_stack.undoText() == "Mark cells optional"
    click_cell(qtbot, editor, (1, 1, 0), CTRL)
    assert document.puzzle.optional == ()
    document.undo_stack.undo()
    assert document.puzzle.optional == ((1, 1, 0),)
    click_cell(qtbot, editor, (1, 1, 0))  # a plain click removes the cube, and its mark
    assert (1, 1, 0) not in document.puzzle.board and document.puzzle.optional == ()
    editor.pieces.select_piece(0)
    click_cell(qtbot, editor, (0, 0, 0), CTRL)
    assert document.puzzle.optional == () and "belong to the board" in editor.message.text()
