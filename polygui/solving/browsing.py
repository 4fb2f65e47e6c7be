"""What the window browses: the store of solutions found, through the filter when one is on,
with the browser stepping through them and the solution on screen kept across changes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint
from PySide6.QtWidgets import QWidget

from solvers import Puzzle, Solution

from .browser import NO_SOLUTIONS_YET, SolutionBrowser
from .filter_bar import FilterBar
from .store import DEFAULT_MAX_KEPT, SolutionStore

KEEP_SCAN = 200_000  # looked at at once for the solution on screen: about 10 ms of numpy


class Browsing(QObject):
    """`show(solution)` puts a solution on screen; the browser's numbers are the filter's
    matches while a filter is on, else the store's solutions."""

    def __init__(self, browser: SolutionBrowser, filter_bar: FilterBar, puzzle: Puzzle,
                 show: Callable[[Solution], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.browser, self.filter, self._show = browser, filter_bar, show
        self.store = SolutionStore(puzzle)
        self.shown = -1  # the store's number of the solution on screen
        browser.current_changed.connect(self._show_solution)
        filter_bar.changed.connect(self._on_filter_changed)
        filter_bar.grown.connect(self.refresh)

    def reset(self, puzzle: Puzzle, max_kept: int = DEFAULT_MAX_KEPT) -> SolutionStore:
        """No solutions (yet), no filter; a run will keep up to `max_kept` of them."""
        self.store = SolutionStore(puzzle, max_kept)
        self.shown = -1
        self.filter.set_conditions(self.store, ())
        self.browser.set_count(0)
        self.browser.set_empty_text(NO_SOLUTIONS_YET)
        return self.store

    def count(self) -> int:
        return len(self.filter.filter) if self.filter.active else len(self.store)

    def store_index(self, position: int) -> int:
        """The store's number of the solution the browser numbers `position` (0-based)."""
        return self.filter.filter.store_index(position) if self.filter.active else position

    def refresh(self) -> None:
        """The store has grown, or the filter found more: the browser follows."""
        self.filter.more_solutions()
        if self.browser.count != self.count():
            self.browser.set_count(self.count())
        self.browser.set_filter_text(self.filter.empty_text())

    def offer_filter(self, cell, where: QPoint, solution: Solution | None,
                     parent: QWidget) -> None:
        """The right-click menu of filters on `cell` of `solution`."""
        self.filter.offer(self.store, solution, cell, where, parent)

    def _on_filter_changed(self) -> None:
        """Browse the matches, from the solution on screen if it is one (looked for at once
        when it is among the first KEEP_SCAN solutions; the rest is looked at on the timer)."""
        if self.filter.active:
            matches = self.filter.filter
            if 0 <= self.shown < KEEP_SCAN:
                matches.scan(self.shown + 1 - matches.scanned)
            position = matches.position_of(self.shown)
        else:
            position = self.shown if 0 <= self.shown < len(self.store) else None
        self.browser.set_count(0)
        self.refresh()
        if position is not None:
            self.browser.set_current(position)

    def _show_solution(self, index: int) -> None:
        if self.filter.active:
            matches = self.filter.filter
            index = matches.store_index(index) if 0 <= index < len(matches) else -1
        if 0 <= index < len(self.store):
            self.shown = index
            self._show(self.store.solution(index))
