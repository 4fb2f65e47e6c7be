"""The analysis entries of the Solve menu, for the main window."""

from __future__ import annotations

from ..export.context import ExportWindow
from .where_dialog import WherePiecesGo


class AnalysisActions:
    """Opens the Where Pieces Go window over the solutions found (one at a time)."""

    def __init__(self, window: ExportWindow) -> None:
        self.window = window
        self.where: WherePiecesGo | None = None

    def where_pieces_go(self) -> WherePiecesGo | None:
        if not len(self.window.store):
            self.window.statusBar().showMessage(
                "Where pieces go is tallied over the solutions found: solve first (F5)", 8_000)
            return None
        self.close()
        self.where = WherePiecesGo(self.window)
        self.where.show()
        return self.where

    def close(self) -> None:
        """Close the window (stopping its tally): before a new one, or when the app closes."""
        if self.where is not None:
            self.where.close()
            self.where.deleteLater()
            self.where = None
