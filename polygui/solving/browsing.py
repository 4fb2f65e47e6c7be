"""What the window browses: the store of solutions found, through the filter when one is on,
with the browser stepping through them and the solution on screen kept across changes.

For a puzzle whose assemblies must come apart, the store holds every assembly and the
browser steps through the solutions among them, or every assembly (the AssemblyChoice beside
it), in the order chosen: the sequence browsed is then an array of store numbers, worked out
again when the store, the filter or the choice changes."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QObject, QPoint, Slot
from PySide6.QtWidgets import QWidget

from solvers import Puzzle, Solution

from ..models.status import plural
from .assembly_choice import AssemblyChoice
from .browser import NO_SOLUTIONS_YET, SolutionBrowser
from .filter_bar import FilterBar
from .store import DEFAULT_MAX_KEPT, SolutionStore

KEEP_SCAN = 200_000  # looked at at once for the solution on screen: about 10 ms of numpy


class Browsing(QObject):
    """`show(solution)` puts a solution on screen; the browser's numbers are the filter's
    matches while a filter is on, else the store's solutions (of a puzzle whose assemblies
    are taken apart: those `choice` picks, in its order)."""

    def __init__(self, browser: SolutionBrowser, filter_bar: FilterBar, puzzle: Puzzle,
                 show: Callable[[Solution], None], parent: QObject | None = None,
                 choice: AssemblyChoice | None = None) -> None:
        super().__init__(parent)
        self.browser, self.filter, self._show = browser, filter_bar, show
        self.choice = choice or AssemblyChoice()
        self.store = SolutionStore(puzzle)
        self.shown = -1  # the store's number of the solution on screen
        self._worker: QObject | None = None  # the run whose verdicts the store takes
        self._order: np.ndarray | None = None  # store numbers browsed, when assemblies
        self._order_key: tuple | None = None  # what _order was worked out from
        browser.current_changed.connect(self._show_solution)
        filter_bar.changed.connect(self._on_filter_changed)
        filter_bar.grown.connect(self.refresh)
        self.choice.changed.connect(self._on_filter_changed)

    def reset(self, puzzle: Puzzle, max_kept: int = DEFAULT_MAX_KEPT) -> SolutionStore:
        """No solutions (yet), no filter; a run will keep up to `max_kept` of them."""
        self.store = SolutionStore(puzzle, max_kept)
        self.shown = -1
        self._worker = None
        self._order, self._order_key = None, None
        self.choice.setVisible(self.store.verdicts is not None)
        self.choice.show_verdict(None, 0, "")
        self.filter.set_conditions(self.store, ())
        self.browser.set_count(0)
        self.browser.set_empty_text(NO_SOLUTIONS_YET)
        return self.store

    def follow(self, worker: QObject) -> None:
        """Keep the verdicts of `worker`'s run (solve.run.SolveWorker) beside its rows."""
        self._worker = worker
        worker.verdicts_found.connect(self._take_verdicts)

    @Slot(object)
    def _take_verdicts(self, verdicts: np.ndarray) -> None:
        if self.sender() is self._worker:  # not a run stopped before this store began
            self.store.add_verdicts(verdicts)

    def count(self) -> int:
        if self._ordered():
            return len(self._sequence())
        return len(self.filter.filter) if self.filter.active else len(self.store)

    def store_index(self, position: int) -> int:
        """The store's number of the solution the browser numbers `position` (0-based)."""
        if self._ordered():
            return int(self._sequence()[position])
        return self.filter.filter.store_index(position) if self.filter.active else position

    def refresh(self) -> None:
        """The store has grown, or the filter found more: the browser follows."""
        self.filter.more_solutions()
        before = self._order
        if self.browser.count != self.count():
            self.browser.set_count(self.count())
        self.browser.set_filter_text(self.filter.empty_text() or self._empty_text())
        if self._ordered() and before is not None and self._order is not before:
            self._keep_shown()  # a new assembly sorted in before the one shown

    def offer_filter(self, cell, where: QPoint, solution: Solution | None,
                     parent: QWidget) -> None:
        """The right-click menu of filters on `cell` of `solution`."""
        self.filter.offer(self.store, solution, cell, where, parent)

    # --- assemblies: which are browsed, in what order --------------------------------------
    def _ordered(self) -> bool:
        return self.store.verdicts is not None

    def _sequence(self) -> np.ndarray:
        """The store numbers browsed, in order (worked out again only when needed)."""
        verdicts = self.store.verdicts
        matches = self.filter.filter if self.filter.active else None
        key = (len(self.store), len(verdicts), id(matches),
               len(matches) if matches is not None else -1, self.choice.state())
        if key != self._order_key:
            found = min(len(self.store), len(verdicts))
            base = matches.matches() if matches is not None else np.arange(found)
            base = base[base < found]
            if not self.choice.showing_all():
                base = base[verdicts.solution_mask(base)]
            self._order, self._order_key = verdicts.ordered(base, self.choice.order()), key
        return self._order

    def _position_of(self, store_index: int) -> int | None:
        where = np.flatnonzero(self._sequence() == store_index)
        return int(where[0]) if len(where) else None

    def _keep_shown(self) -> None:
        position = self._position_of(self.shown) if self.shown >= 0 else None
        if position is not None and position != self.browser.current:
            self.browser.set_current(position)

    def _empty_text(self) -> str | None:
        """While no solution comes apart but assemblies were found: say so."""
        if not self._ordered() or self.choice.showing_all() or not len(self.store):
            return None
        if len(self.store) == 1:
            return "the assembly found does not come apart (All assemblies shows it)"
        return (f"none of the {plural(len(self.store), 'assembly', 'assemblies')} found "
                "comes apart (All assemblies shows them)")

    # --- what is shown --------------------------------------------------------------------
    def _on_filter_changed(self) -> None:
        """Browse the matches, from the solution on screen if it is one (looked for at once
        when it is among the first KEEP_SCAN solutions; the rest is looked at on the timer)."""
        if self.filter.active:
            matches = self.filter.filter
            if 0 <= self.shown < KEEP_SCAN:
                matches.scan(self.shown + 1 - matches.scanned)
        if self._ordered():
            position = self._position_of(self.shown)
        elif self.filter.active:
            position = self.filter.filter.position_of(self.shown)
        else:
            position = self.shown if 0 <= self.shown < len(self.store) else None
        self.browser.set_count(0)
        self.refresh()
        if position is not None:
            self.browser.set_current(position)

    def _show_solution(self, index: int) -> None:
        if self._ordered():
            sequence = self._sequence()
            index = int(sequence[index]) if 0 <= index < len(sequence) else -1
        elif self.filter.active:
            matches = self.filter.filter
            index = matches.store_index(index) if 0 <= index < len(matches) else -1
        self.browser.set_place_among_all(
            f"#{index + 1:,} of all {len(self.store):,}"
            if self.filter.active and 0 <= index < len(self.store) else None)
        if 0 <= index < len(self.store):
            self.shown = index
            solution = self.store.solution(index)
            if self.store.verdicts is not None:
                self.choice.show_verdict(index, self.store.verdicts.status(index),
                                         self.store.verdicts.describe(index))
            self._show(solution)
