"""Where Play's flat canvas draws the board and the tray: the tray is a grid of equal slots,
beside or under the board, never over it nor over each other, whichever way the room is
shaped."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from polygui.play.layout import CAPTION, lay_out
from polygui.resources import examples_dir
from solvers.puzzle.fileformat import load_puzzle


@pytest.mark.parametrize("name", ["pentominoes-8x8-hole.json", "meteor.json",
                                  "hexiamonds-6x6.json", "pentominoes-3x20.json"])
@pytest.mark.parametrize("room", [QRectF(0, 0, 960, 520), QRectF(0, 0, 500, 900)])
def test_the_tray_is_a_grid_of_equal_slots_clear_of_the_board(name, room):
    puzzle = load_puzzle(examples_dir() / name)
    layout = lay_out(puzzle, room)
    left, top, right, bottom = layout.board.bounds
    board = QRectF(left, top, right - left, bottom - top)
    slots = [slot.rect.adjusted(0, 0, 0, CAPTION) for slot in layout.slots]
    assert len(slots) == len(puzzle.pieces)
    assert len({(slot.width(), slot.height()) for slot in slots}) == 1
    assert len({round(slot.left(), 6) for slot in slots}) * len(
        {round(slot.top(), 6) for slot in slots}) >= len(slots)  # rows and columns
    for index, slot in enumerate(slots):
        assert not slot.intersects(board)
        assert not any(slot.intersects(other) for other in slots[index + 1:])
