"""Editing models: the open puzzle as an undoable document (every edit a QUndoStack command on
immutable snapshots), and what the status line says about it. Imports solvers and Qt Core/Gui;
no widgets, nothing else of polygui."""

from .document import PuzzleDocument

__all__ = ["PuzzleDocument"]
