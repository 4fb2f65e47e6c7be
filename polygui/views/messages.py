"""Message areas that never resize the window or move what is around them.

A message can be any length (a puzzle's problems name every piece; a path has no spaces to
wrap at). Shown by a plain QLabel, a long one widens the window past the screen (an unwrapped
label asks for its whole width) or pushes its neighbours down (a wrapped one asks for more
lines). `MessageLabel` keeps the height of a fixed number of lines, asks for no width, wraps
at words (or inside a word too long for a line) and ends with "…" when the text needs more
lines than it has; the whole text is then its tooltip. `StatusBar` does the same for the
temporary messages a QStatusBar draws itself.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent, QResizeEvent, QTextLayout, \
    QTextOption
from PySide6.QtWidgets import (QLabel, QSizeGrip, QSizePolicy, QStatusBar, QStyle, QStyleOption,
                               QWidget)

ELIDE = Qt.TextElideMode.ElideRight


def _line_spans(paragraph: str, font: QFont, width: int) -> list[tuple[int, str]]:
    """`paragraph` broken into lines `width` pixels wide, at spaces or anywhere in a word
    wider than a line: (where each line starts, its text)."""
    layout = QTextLayout(paragraph, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    spans = []
    layout.beginLayout()
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        spans.append((line.textStart(), line.textLength()))
    layout.endLayout()
    return [(start, paragraph[start:start + length].rstrip()) for start, length in spans] or \
        [(0, "")]


def fitted_lines(text: str, font: QFont, width: int, lines: int) -> tuple[list[str], bool]:
    """The lines of `text` (its own line breaks kept) shown `width` pixels wide, at most
    `lines` of them, and whether some text did not fit: the last line then ends with "…"."""
    paragraphs = text.split("\n")
    wrapped = [(number, start, line) for number, paragraph in enumerate(paragraphs)
               for start, line in _line_spans(paragraph, font, width)]
    if len(wrapped) <= lines:
        return [line for _, _, line in wrapped], False
    number, start, _ = wrapped[lines - 1]
    rest = " ".join(filter(None, [paragraphs[number][start:], *paragraphs[number + 1:]]))
    last = QFontMetrics(font).elidedText(rest, ELIDE, width)
    return [line for _, _, line in wrapped[:lines - 1]] + [last], True


class MessageLabel(QLabel):
    """A label of `lines` lines, whatever its text: it never widens its window or moves its
    neighbours. `text()` is the whole text; the tooltip holds it when it is cut, before any
    tooltip of the owner's (`setToolTip`)."""

    def __init__(self, text: str = "", lines: int = 1, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines = lines
        self._whole = ""
        self._tip = ""
        self._cut = False
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        vertical = Qt.AlignmentFlag.AlignVCenter if lines == 1 else Qt.AlignmentFlag.AlignTop
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | vertical)
        self.setText(text)

    # --- the text -----------------------------------------------------------------------
    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._whole = text
        self._fit()

    def text(self) -> str:
        return self._whole

    def clear(self) -> None:
        self.setText("")

    def setToolTip(self, tip: str) -> None:  # noqa: N802 - Qt's name
        """The owner's tooltip: shown as it is while the whole text shows, after it when
        the text is cut."""
        self._tip = tip
        self._show_tip()

    def is_cut(self) -> bool:
        """Whether some of the text does not show (it is in the tooltip)."""
        return self._cut

    def _fit(self) -> None:
        width = self.contentsRect().width() - 2 * self.margin()
        if width <= 0 or not self._whole:  # not laid out yet: fitted when it is
            shown, self._cut = self._whole, False
        else:
            lines, self._cut = fitted_lines(self._whole, self.font(), width, self._lines)
            shown = "\n".join(lines)
        if shown != QLabel.text(self):
            super().setText(shown)
        self._show_tip()

    def _show_tip(self) -> None:
        tips = [self._whole] if self._cut else []
        if self._tip and self._tip not in tips:
            tips.append(self._tip)
        super().setToolTip("\n\n".join(tips))

    # --- its size -------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        height = (self._lines * self.fontMetrics().lineSpacing() + margins.top()
                  + margins.bottom() + 2 * self.margin())
        return QSize(self.fontMetrics().horizontalAdvance("…") + margins.left()
                     + margins.right(), height)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.updateGeometry()  # a bold style sheet: other metrics
            self._fit()


class StatusBar(QStatusBar):
    """A status bar whose temporary messages (showMessage, status tips) end with "…" where
    the bar cuts them, the whole message then in its tooltip. Drawn as QStatusBar draws
    itself, but for the elision."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messageChanged.connect(self._show_tip)

    def message_rect(self) -> QRect:
        """Where the temporary message is drawn: left of the permanent widgets (the only
        ones shown with a message) and of the size grip."""
        right = self.width() - 12
        for child in self.children():
            if isinstance(child, QWidget) and not child.isWindow() and child.isVisible():
                right = min(right, child.x() - (0 if isinstance(child, QSizeGrip) else 2))
        return QRect(6, 0, max(0, right - 6), self.height())

    def shown_message(self) -> str:
        """The temporary message as drawn (elided when it does not fit)."""
        return self.fontMetrics().elidedText(self.currentMessage(), ELIDE,
                                             self.message_rect().width())

    def _show_tip(self) -> None:
        message = self.currentMessage()
        self.setToolTip(message if message and self.shown_message() != message else "")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show_tip()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.currentMessage():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        style, option = self.style(), QStyleOption()
        option.initFrom(self)
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
        for child in self.children():  # the permanent widgets: the others hide meanwhile
            if (isinstance(child, QWidget) and not isinstance(child, QSizeGrip)
                    and not child.isWindow() and child.isVisible()):
                frame = QStyleOption()
                frame.rect = child.geometry().adjusted(-2, -1, 2, 1)
                frame.palette = self.palette()
                frame.state = QStyle.StateFlag.State_None
                style.drawPrimitive(QStyle.PrimitiveElement.PE_FrameStatusBarItem, frame,
                                    painter, child)
        painter.setPen(self.palette().windowText().color())
        painter.drawText(self.message_rect(), Qt.AlignmentFlag.AlignLeading
                         | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextSingleLine,
                         self.shown_message())
        painter.end()
