"""The analysis entries of the Solve menu, for the main window."""

from __future__ import annotations

from ..export.context import ExportWindow
from ..models import PuzzleDocument
from .unique_dialog import UniquenessDesigner
from .where_dialog import WherePiecesGo


class AnalysisWindow(ExportWindow):
    """What the analysis windows need of the main window."""

    document: PuzzleDocument


class AnalysisActions:
    """Opens the Where Pieces Go window over the solutions found, and the Uniqueness
    Designer over the puzzle being designed (one of each at a time)."""

    def __init__(self, window: AnalysisWindow) -> None:
        self.window = window
        self.where: WherePiecesGo | None = None
        self.designer: UniquenessDesigner | None = None

    def uniqueness_designer(self) -> UniquenessDesigner:
        self.close_designer()
        self.designer = UniquenessDesigner(self.window.document, self.window)
        self.designer.show()
        return self.designer

    def close_designer(self) -> None:
        if self.designer is not None:
            self.designer.close()
            self.designer.deleteLater()
            self.designer = None

    def where_pieces_go(self) -> WherePiecesGo | None:
        if not self.window.store.solution_count():
            self.window.statusBar().showMessage(
                "Where pieces go is tallied over the solutions found: solve first (F5)", 8_000)
            return None
        self.close()
        self.where = WherePiecesGo(self.window)
        self.where.show()
        return self.where

    def close(self) -> None:
        """Close the windows (stopping their threads): before a new one, or when the app
        closes."""
        self.close_designer()
        if self.where is not None:
            self.where.close()
            self.where.deleteLater()
            self.where = None
