"""The disassembly player's controls: a move slider, Start / Step back / Play-Pause / Step /
End (keys `Home`-less: `,` and `.` step, `P` plays and pauses), the state of the analysis,
and the move list as text beside the 3D view (selectable, Ctrl+C, a Copy button), the move
under way highlighted.

The player only keeps a position (a float, disassembly_frames) and says when it changes;
the cube view moves the pieces. Play advances it on a timer by the time elapsed, so pieces
slide at an even pace whatever the timer's jitter; at the end Play plays it back.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QElapsedTimer, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QGuiApplication, QKeySequence, QShortcut, QTextCursor, QTextFormat
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QSlider, QStyle,
                               QTextEdit, QVBoxLayout, QWidget)

from solvers.disassembly.moves import Disassembly

from .media_button import media_button

MOVE_MS = 450  # how long one move takes to play
TICK_MS = 16  # the timer's interval while playing (about 60 redraws a second at most)
HIGHLIGHT = QColor("#fde68a")
_MOVE_LINE = re.compile(r"^\s*(\d+)\. ")


def move_lines(text: str) -> dict[int, int]:
    """Move number (1 the first) -> its line in the move list `text`."""
    found = {}
    for line, content in enumerate(text.splitlines()):
        match = _MOVE_LINE.match(content)
        if match:
            found[int(match.group(1))] = line
    return found


class PlayerControls(QWidget):
    """The row under the 3D view. `position_changed(float)`: from 0 (assembled) to the
    number of moves."""

    position_changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.move_ms = MOVE_MS
        self._last = 0
        self._position = 0.0
        self._direction = 1
        self._clock = QElapsedTimer()
        self._timer = QTimer(self, interval=TICK_MS)
        self._timer.timeout.connect(self._tick)
        icons = QStyle.StandardPixmap
        self.start_button = media_button(self, icons.SP_MediaSkipBackward, "Assembled",
                                         self.to_start)
        self.back_button = media_button(self, icons.SP_MediaSeekBackward, "Step back one move (,)",
                                        self.step_back)
        self.play_button = media_button(self, icons.SP_MediaPlay, "Play (P)", self.toggle_play)
        self.step_button = media_button(self, icons.SP_MediaSeekForward, "Step one move (.)",
                                        self.step)
        self.end_button = media_button(self, icons.SP_MediaSkipForward, "Taken apart", self.to_end)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("The moves: drag to any point of the disassembly")
        self.slider.valueChanged.connect(self._on_slider)
        self.label = QLabel()
        self.label.setMinimumWidth(self.label.fontMetrics().horizontalAdvance("move 888 of 888"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        for button in (self.start_button, self.back_button, self.play_button, self.step_button,
                       self.end_button):
            layout.addWidget(button)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.label)
        for key, slot in ((",", self.step_back), (".", self.step), ("P", self.toggle_play)):
            QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WindowShortcut)
        self.set_moves(0)

    # --- state --------------------------------------------------------------------------
    @property
    def position(self) -> float:
        return self._position

    @property
    def moves(self) -> int:
        return self._last

    def is_playing(self) -> bool:
        return self._timer.isActive()

    def set_moves(self, moves: int) -> None:
        """A new disassembly of `moves` moves (0: nothing to play), shown assembled."""
        self.pause()
        self._last = moves
        self.slider.blockSignals(True)
        self.slider.setRange(0, moves)
        self.slider.blockSignals(False)
        self.setEnabled(moves > 0)
        self.set_position(0.0)

    def set_position(self, position: float) -> None:
        position = min(max(position, 0.0), float(self._last))
        changed = position != self._position
        self._position = position
        self.slider.blockSignals(True)
        self.slider.setValue(round(position))
        self.slider.blockSignals(False)
        under_way = math.ceil(position)  # the move under way, or the last one done
        self.label.setText(f"move {under_way:,} of {self._last:,}" if self._last else "")
        self.back_button.setEnabled(position > 0)
        self.start_button.setEnabled(position > 0)
        self.step_button.setEnabled(position < self._last)
        self.end_button.setEnabled(position < self._last)
        self._show_play_button()
        if changed:
            self.position_changed.emit(position)

    def _show_play_button(self) -> None:
        icons = QStyle.StandardPixmap
        playing = self.is_playing()
        self.play_button.setIcon(self.style().standardIcon(
            icons.SP_MediaPause if playing else icons.SP_MediaPlay))
        at_end = self._last > 0 and self._position >= self._last
        self.play_button.setToolTip("Pause (P)" if playing else
                                    "Play back: put it together again (P)" if at_end
                                    else "Play (P)")

    # --- commands -----------------------------------------------------------------------
    def play(self) -> None:
        """Play to the end, or from the end back to the start."""
        if not self._last:
            return
        self._direction = -1 if self._position >= self._last else 1
        self._clock.start()
        self._timer.start()
        self._show_play_button()

    def pause(self) -> None:
        self._timer.stop()
        self._show_play_button()

    def toggle_play(self) -> None:
        self.pause() if self.is_playing() else self.play()

    def step(self) -> None:
        self.pause()
        self.set_position(float(int(self._position) + 1))

    def step_back(self) -> None:
        self.pause()
        whole = int(self._position)
        self.set_position(float(whole - 1 if whole == self._position else whole))

    def to_start(self) -> None:
        self.pause()
        self.set_position(0.0)

    def to_end(self) -> None:
        self.pause()
        self.set_position(float(self._last))

    def _on_slider(self, value: int) -> None:
        self.pause()
        self.set_position(float(value))

    def _tick(self) -> None:
        elapsed = self._clock.restart()
        target = self._position + self._direction * elapsed / max(1, self.move_ms)
        end = float(self._last) if self._direction > 0 else 0.0
        if (target - end) * self._direction >= 0:
            self._timer.stop()
            target = end
        self.set_position(target)


class MoveList(QWidget):
    """The move list: read-only text to select and copy, a Copy button, the move under way
    highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("<b>Moves</b>")
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                          | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.text.setToolTip("Select and Ctrl+C to copy part of it, or Copy for all of it")
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Copy the whole move list")
        self.copy_button.clicked.connect(self.copy_all)
        self._lines: dict[int, int] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.copy_button)

    def set_text(self, text: str) -> None:
        self.text.setPlainText(text)
        self._lines = move_lines(text)
        self.copy_button.setEnabled(bool(text))
        self.highlight(0)

    def copy_all(self) -> None:
        QGuiApplication.clipboard().setText(self.text.toPlainText())

    def highlight(self, move: int) -> None:
        """Mark move `move` (1 the first; 0 none) and scroll to it."""
        line = self._lines.get(move)
        if line is None:
            self.text.setExtraSelections([])
            return
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(HIGHLIGHT)
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        cursor = QTextCursor(self.text.document().findBlockByLineNumber(line))
        selection.cursor = cursor
        self.text.setExtraSelections([selection])
        if not self.text.textCursor().hasSelection():  # never undo what the user selects
            self.text.setTextCursor(cursor)
            self.text.ensureCursorVisible()

    def highlighted_line(self) -> str:
        """The text of the line marked (for tests and screen readers), or ""."""
        selections = self.text.extraSelections()
        return selections[0].cursor.block().text() if selections else ""


def title_of(disassembly: Disassembly | None) -> str:
    """The player's heading: the level and moves, or why there is nothing to play."""
    if disassembly is None:
        return ""
    if disassembly.comes_apart:
        moves = len(disassembly.moves)
        return f"Level {'.'.join(map(str, disassembly.level))}, {moves} move{'s' * (moves != 1)}"
    return "Does not come apart"
