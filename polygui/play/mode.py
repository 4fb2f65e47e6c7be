"""Play mode in the window: its page among the window's pages, the Play action (refused, with
the reason as its tooltip, for a puzzle Play cannot show), and the Edit menu's Undo and Redo
driving the play's own history while Play shows."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow

from solvers import GridKind, Puzzle

from .page import PlayPage
from .sudoku_page import SudokuPlayPage

PLAY_TIP = "Play mode (Ctrl+3): solve the puzzle by hand"


def why_not_playable(puzzle: Puzzle) -> str | None:
    """Why Play mode cannot show `puzzle`, or None when it can."""
    if puzzle.kind is GridKind.SUDOKU:
        return None  # its own page: polygui.play.sudoku_page
    if not puzzle.kind.grid.playable:
        return f"Play mode does not take puzzles of the {puzzle.kind.value} grid yet"
    if not puzzle.board or not puzzle.pieces:
        return "Play mode needs a board and pieces: add them in Design mode (Ctrl+1)"
    return None


class PlayMode(QObject):
    """Made by the window after its menus: `window.pages` gets the page, `window.menus`
    (mode_actions["play"], undo_group) is kept in step with the puzzle and the mode."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.page: PlayPage | SudokuPlayPage | None = None  # made when Play first shows
        self._pages: dict[bool, PlayPage | SudokuPlayPage] = {}  # by "is a Sudoku"
        self.menus = window.menus
        window.document.changed.connect(self.puzzle_changed)
        self.puzzle_changed(window.document.puzzle)

    def ensure_page(self) -> PlayPage | SudokuPlayPage:
        """The page for the puzzle's kind (a Sudoku has its own), made when first needed."""
        puzzle = self.window.document.puzzle
        sudoku = puzzle.kind is GridKind.SUDOKU
        if sudoku not in self._pages:
            page = (SudokuPlayPage if sudoku else PlayPage)(puzzle)
            self._pages[sudoku] = page
            self.window.pages.addWidget(page)
            self.menus.undo_group.addStack(page.model.stack)
        self.page = self._pages[sudoku]
        return self.page

    def puzzle_changed(self, puzzle: Puzzle) -> None:
        reason = why_not_playable(puzzle)
        action = self.menus.mode_actions["play"]
        action.setEnabled(reason is None)
        action.setToolTip(reason or PLAY_TIP)
        playing = self.is_playing()
        if self.page is not None and reason is None:
            before = self.page
            self.ensure_page()  # a Sudoku opened after pieces (or back) has its own page
            if self.page is not before and playing:
                self.window.set_mode("play")
            self.page.set_puzzle(puzzle)
        if reason is not None and playing:
            self.window.set_mode("solve")

    def is_playing(self) -> bool:
        return self.page is not None and self.window.pages.currentWidget() is self.page

    def shown(self, mode: str) -> None:
        """The window shows `mode` now: the clock, and which history Undo drives."""
        playing = mode == "play"
        if self.page is not None:
            self.page.set_active(playing)
        stack = self.page.model.stack if playing else self.window.document.undo_stack
        self.menus.undo_group.setActiveStack(stack)

    def shutdown(self) -> None:
        for page in self._pages.values():
            page.shutdown()
