"""The family picture on screen: drawn to fit the widget; a click names the member under it,
and pointing at a cell shows its member and count."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from .pictures import FamilyPicture, picture_for
from .results import FamilyResults, member_label


class FamilyPictureView(QWidget):
    member_clicked = Signal(int)  # the member's index in the family

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture: FamilyPicture | None = None
        self._boards: dict = {}
        self.setMouseTracking(True)
        self.setMinimumSize(240, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(520, 360)

    def set_results(self, results: FamilyResults | None) -> None:
        """Draw these results (None: nothing), laid out for the widget's shape."""
        if results is None or self.picture is None or results is not self.picture.results:
            self._boards = {}  # the thumbnails' board pictures, kept while the family is shown
        self.picture = None if results is None else picture_for(results, self.width(),
                                                                self.height(), self._boards)
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.picture is not None:  # another number of columns may draw it larger
            self.set_results(self.picture.results)

    def target(self) -> QRectF:
        return QRectF(self.rect())

    def member_at(self, x: float, y: float) -> int | None:
        return None if self.picture is None else self.picture.member_at(QPointF(x, y),
                                                                        self.target())

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.picture is None:
            return
        painter = QPainter(self)
        self.picture.paint(painter, self.target())
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        member = self.member_at(event.position().x(), event.position().y())
        if member is not None:
            self.member_clicked.emit(member)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        member = self.member_at(event.position().x(), event.position().y())
        self.setCursor(Qt.CursorShape.PointingHandCursor if member is not None
                       else Qt.CursorShape.ArrowCursor)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.picture is not None:
            member = self.member_at(event.pos().x(), event.pos().y())  # a QHelpEvent
            if member is None:
                QToolTip.hideText()
            else:
                results = self.picture.results
                count = results.count(member)
                label = member_label(results.family.members[member])
                figure = "not solved yet" if count is None else f"{count:,} solutions"
                QToolTip.showText(event.globalPos(), f"{label}: {figure} (click to open)", self)
            return True
        return super().event(event)
