"""The puzzle being edited: an immutable `Puzzle` snapshot behind a `QUndoStack`.

Every edit, from any editor, is a function from the current puzzle to the next one. The
document builds the new snapshot, and if it is a valid puzzle pushes a command that swaps
snapshots; undo swaps back. Because snapshots are immutable, a solver that was handed one
keeps working on it whatever is edited afterwards.

An edit whose result is not a valid puzzle (a piece split in two, an empty piece, two pieces
with one name) is refused: nothing changes and `rejected` carries the reason for the user.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from solvers import Puzzle, PuzzleError
from solvers.puzzle.pins import carry_pins

Edit = Callable[[Puzzle], Puzzle]


class _Snapshot(QUndoCommand):
    """Replace the document's puzzle by `after`; undo restores `before`."""

    def __init__(self, document: PuzzleDocument, before: Puzzle, after: Puzzle,
                 text: str) -> None:
        super().__init__(text)
        self.document, self.before, self.after = document, before, after

    def redo(self) -> None:
        self.document._show(self.after)

    def undo(self) -> None:
        self.document._show(self.before)


class PuzzleDocument(QObject):
    """The open puzzle, its file, and its undo history.

    Signals: `changed(Puzzle)` after every edit, undo, redo or reset; `rejected(str)` when an
    edit is refused, with the reason; `modified_changed(bool)` when the unsaved-changes state
    flips; `path_changed(object)` with the new Path or None."""

    changed = Signal(object)
    rejected = Signal(str)
    modified_changed = Signal(bool)
    path_changed = Signal(object)

    def __init__(self, puzzle: Puzzle, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._puzzle = puzzle
        self._path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    @property
    def puzzle(self) -> Puzzle:
        return self._puzzle

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def edit(self, text: str, change: Edit) -> bool:
        """Apply `change` to the current puzzle as one undoable step named `text` ("Add
        cell", "Rename piece"). Returns whether anything changed."""
        try:
            after = carry_pins(self._puzzle, change)  # an edit that breaks a pin drops it
        except PuzzleError as error:
            self.rejected.emit(f"{text}: {error}")
            return False
        if after == self._puzzle:
            return False
        self.undo_stack.push(_Snapshot(self, self._puzzle, after, text))
        return True

    @contextmanager
    def compound(self, text: str) -> Iterator[None]:
        """Group the edits made inside (a mouse drag painting many cells) into one undo step."""
        self.undo_stack.beginMacro(text)
        try:
            yield
        finally:
            self.undo_stack.endMacro()

    def reset(self, puzzle: Puzzle, path: Path | None = None, *, modified: bool = False) -> None:
        """Start over with `puzzle` (a file just opened, or a new puzzle): no history, saved
        unless `modified` (work recovered from an autosave, not in any file yet)."""
        self.undo_stack.clear()
        self.undo_stack.setClean()
        if modified:
            self.undo_stack.resetClean()  # no state of the history is the saved one
        self._set_path(path)
        self._show(puzzle)

    def mark_saved(self, path: Path) -> None:
        """The current puzzle is now what `path` holds."""
        self._set_path(path)
        self.undo_stack.setClean()

    def _on_clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    def _set_path(self, path: Path | None) -> None:
        if path != self._path:
            self._path = path
            self.path_changed.emit(path)

    def _show(self, puzzle: Puzzle) -> None:
        self._puzzle = puzzle
        self.changed.emit(puzzle)
