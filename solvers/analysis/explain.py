"""Why a puzzle has no solution, as the library's `explain()` gives it: the certificates that
prove it before any search, or else a minimal conflicting set found by searching."""

from __future__ import annotations

from ..puzzle.cancel import CancelCheck
from ..puzzle.model import Puzzle
from ..records import record
from .certificates import Certificate, certificates
from .conflicts import Core, minimal_core


@record
class Explanation:
    solvable: bool
    reasons: tuple[str, ...]  # a sentence each: the certificates, or the minimal set
    certificates: tuple[Certificate, ...] = ()
    core: Core | None = None  # the minimal set, when no certificate proved it


def explain(puzzle: Puzzle, cancel: CancelCheck | None = None) -> Explanation:
    """Certificates first (cell counts, colourings, pieces that fit nowhere: no search), then
    a minimal core (searches). A puzzle with a solution is `solvable`, with no reasons."""
    found = tuple(certificates(puzzle, cancel))
    if found:
        return Explanation(False, tuple(c.text for c in found), found)
    core = minimal_core(puzzle, cancel)
    if core is None:
        return Explanation(True, ())
    return Explanation(False, (core.text(puzzle),), core=core)
