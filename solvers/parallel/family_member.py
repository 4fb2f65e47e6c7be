"""One member of a family counted (`count_member`: the ordinary single-thread search), and
what the family run reports of it (`MemberResult`); shared by the run (family.py), its
checkpoint and its cluster tasks."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..puzzle.cancel import Cancelled
from ..puzzle.model import Puzzle, PuzzleError
from ..records import record
from ..search.events import Progress
from ..search.solve import solve


@record
class MemberResult:
    """A member's count: `complete` when its whole tree was searched; `note` says why a
    member has no solution without a search (its board's area, a piece that fits nowhere)."""

    index: int
    name: str
    solutions: int
    seconds: float
    complete: bool
    note: str = ""
    nodes: int = 0  # the search's nodes (0 for a member refused without a search)


@record
class Count:
    """What counting one member found (picklable: it comes back from a cluster)."""

    solutions: int
    complete: bool
    seconds: float
    note: str = ""
    nodes: int = 0


@record
class Running:
    """The members running now, together: their share of the family done (each member's
    fraction, summed) and the nodes they have searched."""

    fraction: float
    nodes: int = 0


def count_member(puzzle: Puzzle, symmetry: str, kernel: str = "auto",
                 stop: Callable[[], bool] | None = None,
                 on_progress: Callable[[Progress], None] | None = None) -> Count:
    """Count `puzzle`'s solutions on this thread; a puzzle that cannot have one (PuzzleError
    while preparing) counts 0, with the reason. `stop` ends it early (complete False);
    `on_progress` hears the member's search progress."""
    start = time.perf_counter()
    last = None
    try:
        for event in solve(puzzle, symmetry, count_only=True, kernel=kernel, cancel=stop):
            last = event
            if on_progress is not None and isinstance(event, Progress):
                on_progress(event)
            if stop is not None and stop():
                break
    except PuzzleError as error:
        return Count(0, True, time.perf_counter() - start, str(error))
    except Cancelled:
        last = None
    seconds = time.perf_counter() - start
    if not isinstance(last, Progress):
        return Count(0, False, seconds)
    return Count(last.solutions, last.exhausted, seconds, nodes=last.nodes)
