"""Editing models: the open puzzle as an undoable document (see DESIGN.md's data flow)."""

from .document import PuzzleDocument

__all__ = ["PuzzleDocument"]
