"""Stepping through solutions: first / previous / next / last, a slider, "jump to #"."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSlider, QSpinBox, QStyle, QWidget

from ..views.media_button import media_button

ROOM_FOR = 9_999_999  # the jump box is as wide as this number from the start (see __init__)
NO_SOLUTIONS_YET = "no solutions yet"


class SolutionBrowser(QWidget):
    """Shows "n of N" and emits `current_changed(index)` (0-based, -1 for none)."""

    current_changed = Signal(int)
    notice = Signal(str)  # something to tell the user in passing (the window's status bar)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._count = 0
        self._current = -1
        self._empty_text = NO_SOLUTIONS_YET
        self._filter_text: str | None = None
        self._among_all: str | None = None
        icons = QStyle.StandardPixmap
        self.first_button = media_button(self, icons.SP_MediaSkipBackward, "First solution (Home)",
                                         self.first)
        self.previous_button = media_button(self, icons.SP_ArrowLeft,
                                            "Previous solution (Left)", self.previous)
        self.next_button = media_button(self, icons.SP_ArrowRight, "Next solution (Right)",
                                        self.next)
        self.last_button = media_button(self, icons.SP_MediaSkipForward, "Last solution (End)",
                                        self.last)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimum(1)
        self.slider.valueChanged.connect(lambda value: self.set_current(value - 1))
        self.jump = QSpinBox()
        self.jump.setPrefix("# ")
        self.jump.setMinimum(1)
        self.jump.setKeyboardTracking(False)
        self.jump.setToolTip("Jump to solution number")
        self.jump.setMaximum(ROOM_FOR)  # so it does not widen, and re-lay out the row, with
        self.jump.setMinimumWidth(self.jump.sizeHint().width())  # each digit solutions add
        self.jump.valueChanged.connect(self._jump_to)
        self.jump.editingFinished.connect(self._jumped)
        self.label = QLabel()
        self.label.setMinimumWidth(150)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        for widget in (self.first_button, self.previous_button, self.next_button,
                       self.last_button):
            layout.addWidget(widget)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.jump)
        layout.addWidget(self.label)
        self._refresh()

    @property
    def count(self) -> int:
        return self._count

    @property
    def current(self) -> int:
        return self._current

    def set_count(self, count: int) -> None:
        """More solutions arrived (or the list was cleared); the first is shown at once."""
        self._count = count
        if count == 0:
            self._current = -1
        self._refresh()
        if self._current < 0 and count > 0:
            self.set_current(0)

    def set_empty_text(self, text: str) -> None:
        """What the label says while there is no solution to show: "no solutions yet" before
        and during a run, "no solutions" once a complete search has proved there are none."""
        self._empty_text = text
        self._refresh()

    def set_place_among_all(self, text: str | None) -> None:
        """Where the solution shown stands among all solutions, while a filter browses some
        of them ("#1,204 of all 9,356"; None: no filter)."""
        self._among_all = text
        self._refresh()

    def set_filter_text(self, text: str | None) -> None:
        """What to say, while a filter is on, when no solution matches (None: no filter)."""
        self._filter_text = text
        self._refresh()

    def set_current(self, index: int) -> None:
        if self._count == 0:
            return
        index = max(0, min(index, self._count - 1))
        if index == self._current:
            return
        self._current = index
        self._refresh()
        self.current_changed.emit(index)

    def _jump_to(self, number: int) -> None:
        """A number typed in the jump box (it takes any number, so that typing 5000 is never
        cut to 500): past the last solution, show the last and say why."""
        if number > self._count > 0:
            self.notice.emit(f"There {'is' if self._count == 1 else 'are'} only "
                             f"{self._count:,} solution{'s' * (self._count != 1)}: "
                             f"#{number:,} does not exist, so the last is shown.")
        self.set_current(number - 1)
        self._refresh()  # the box shows the number of the solution shown

    def _jumped(self) -> None:
        """Enter in the jump box: hand the keys back, so the arrows step again (the box's
        text field would keep Left and Right for its cursor)."""
        if self.jump.hasFocus():
            self.slider.setFocus()

    def first(self) -> None:
        self.set_current(0)

    def previous(self) -> None:
        self.set_current(self._current - 1)

    def next(self) -> None:
        self.set_current(self._current + 1)

    def last(self) -> None:
        self.set_current(self._count - 1)

    def _refresh(self) -> None:
        has = self._count > 0
        for widget in (self.slider, self.jump):
            widget.blockSignals(True)
            widget.setMaximum(max(ROOM_FOR, self._count) if widget is self.jump
                              else max(1, self._count))
            widget.setValue(self._current + 1 if has else 1)
            widget.setEnabled(has)
            widget.blockSignals(False)
        self.first_button.setEnabled(has and self._current > 0)
        self.previous_button.setEnabled(has and self._current > 0)
        self.next_button.setEnabled(has and self._current < self._count - 1)
        self.last_button.setEnabled(has and self._current < self._count - 1)
        among = f" ({self._among_all})" if has and self._among_all else ""
        self.label.setText(f"{self._current + 1:,} of {self._count:,}{among}" if has
                           else self._filter_text or self._empty_text)
