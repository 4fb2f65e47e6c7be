"""Details of the editors a user sees: roomy count boxes, swatches that survive the selection
highlight, the meteor text dialog keeping a text it refuses, compact cube box sizes, and a
piece filling the 3D view while it is edited."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QImage
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QPlainTextEdit

from polygui.editors.board_editor import BoardEditor
from polygui.editors.cube_editor import CubeEditor
from polygui.editors.piece_list import COUNT, NAME, PieceList
from polygui.models import PuzzleDocument
from solvers import GridKind, Piece, Puzzle
from solvers.puzzle.textformats import parse_meteor

LEFT = Qt.MouseButton.LeftButton
SMALL_METEOR = "A A B\n A B B"


def shown(qtbot, widget, width=1000, height=700):
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_count_boxes_have_room_for_two_digits_and_their_arrows(qtbot):
    document = PuzzleDocument(Puzzle(GridKind.HEX, board=((0, 0),),
                                     pieces=(Piece("A", ((0, 0),), count=12),)))
    pieces = shown(qtbot, PieceList(document), 420, 300)
    box = pieces.count_box(0)
    cell = pieces.table.visualRect(pieces.table.model().index(0, COUNT))
    where = box.geometry().translated(box.parentWidget().pos())  # in the viewport
    assert box.hasFrame() and box.width() >= box.sizeHint().width()
    assert box.height() >= box.sizeHint().height()
    for gap in (where.left() - cell.left(), cell.right() - where.right(),
                where.top() - cell.top(), cell.bottom() - where.bottom()):
        assert gap >= 3, "the box touches its cell's edge"


def test_the_selected_rows_swatch_keeps_its_frame_and_colour(qtbot):
    blue = "#4e79a7"  # the colour of a typical selection highlight
    document = PuzzleDocument(Puzzle(GridKind.HEX, board=((0, 0),),
                                     pieces=(Piece("A", ((0, 0),), colour=blue),)))
    pieces = shown(qtbot, PieceList(document), 420, 300)
    pieces.select_piece(0)
    icon = pieces.table.item(0, NAME).icon()
    selected = icon.pixmap(16, 16, QIcon.Mode.Selected).toImage()
    normal = icon.pixmap(16, 16).toImage()
    assert selected == normal  # not tinted by the highlight
    assert selected.pixelColor(0, 0).lightness() < 50  # a dark frame
    assert selected.pixelColor(1, 8) == QColor("white")  # a white ring inside it
    assert selected.pixelColor(8, 8) == QColor(blue)


def test_the_meteor_text_dialog_keeps_a_text_it_cannot_import(qtbot):
    editor = shown(qtbot, BoardEditor(PuzzleDocument(Puzzle(GridKind.HEX, "Pasted"))))
    QGuiApplication.clipboard().setText("A B\nA")  # 'A' in two parts
    seen = {}

    def first_try():
        dialog = QApplication.activeModalWidget()
        text = dialog.findChild(QPlainTextEdit)
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, LEFT)
        seen["still open"] = dialog.isVisible()
        seen["text"] = text.toPlainText()
        seen["problem"] = [label.text() for label in dialog.findChildren(QLabel)
                           if label.isVisible() and "Cannot import" in label.text()]
        text.setPlainText(SMALL_METEOR)  # fixed in place, then imported
        qtbot.mouseClick(ok, LEFT)

    QTimer.singleShot(100, first_try)
    qtbot.mouseClick(editor.import_button, LEFT)  # returns once the dialog is closed
    assert seen["still open"] and seen["text"] == "A B\nA" and seen["problem"]
    assert editor.document.puzzle.board == parse_meteor(SMALL_METEOR).board


def test_cube_box_sizes_sit_in_one_compact_row(qtbot):
    editor = shown(qtbot, CubeEditor(PuzzleDocument(Puzzle(GridKind.CUBE, "Box"))))
    spins = editor.box_size
    assert len({spin.mapTo(editor, spin.rect().topLeft()).y() for spin in spins}) == 1
    assert all(spin.width() < 90 for spin in spins)


def drawn_share_and_centre(image: QImage) -> tuple[float, np.ndarray]:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(
        image.height(), image.bytesPerLine())[:, :3 * image.width()]
    rgb = rows.reshape(image.height(), image.width(), 3).astype(int)
    piece = np.abs(rgb - np.array(QColor("#e6194b").getRgb()[:3])).max(axis=2) < 90
    ys, xs = np.nonzero(piece)
    centre = np.array([xs.mean() / image.width(), ys.mean() / image.height()])
    return float(piece.mean()), centre


def test_a_piece_being_edited_fills_the_3d_view(qtbot):
    puzzle = Puzzle(GridKind.CUBE, "One piece", board=((0, 0, 0), (1, 0, 0), (0, 1, 0)),
                    pieces=(Piece("V", ((0, 0, 0), (1, 0, 0), (0, 1, 0)), colour="#e6194b",
                                  mirror=False),))
    editor = shown(qtbot, CubeEditor(PuzzleDocument(puzzle)))
    qtbot.waitUntil(editor.canvas.gl.isExposed)
    editor.pieces.select_piece(0)  # in a 5x5x5 space, where it sat in a corner, 2% of it
    share, centre = drawn_share_and_centre(editor.canvas.gl.readQImage())
    assert share > 0.05, f"the piece covers {share:.0%} of the view"
    # near the middle (it was at [0.31, 0.71]); a cube off it, as the piece's box is framed
    # whole and its room to grow lies on one side (tests/gl/test_design_cube.py)
    assert np.all(np.abs(centre - 0.5) < 0.15), f"the piece is drawn around {centre}"
