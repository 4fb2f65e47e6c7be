"""Difficulty bands for the generator: a rating range ("4.0-6.0") or a named level, and
whether a rating lies in one. Ratings are Sudoku Explainer's ER (solvers.logic.solver)."""

from __future__ import annotations

from ..puzzle.model import PuzzleError
from ..records import record
from .levels import LEVELS as NAMED_LEVELS, level_name
from .solver import Rating
from .techniques import TECHNIQUES

TOP = 12.0  # above SE's hardest ratings: a band reaching it has no upper limit
CHAINS = 6.2  # SE's rating of the first technique past Bivalue Universal Grave + 1 (5.6)


@record
class Band:
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.low:.1f}-{self.high:.1f}" if self.high < TOP else f"{self.low:.1f} up"

    @property
    def open_top(self) -> bool:
        return self.high >= TOP


def _level_bands() -> dict[str, Band]:
    """The named levels of solvers.logic.levels as bands of tenths ('hard': 3.0-4.9), by
    their lower-case names; the last has no upper limit."""
    bands, low = {}, 1.0
    for bound, name in NAMED_LEVELS:
        bands[name.lower()] = Band(low, min(bound - 0.1, TOP))
        low = bound
    return bands


LEVELS: dict[str, Band] = _level_bands()


def reach() -> float:
    """The rating of the hardest technique the logical solver knows: a path that stops
    needs a harder one (to within the techniques of SE's list it has not got)."""
    return max(technique.rating for technique in TECHNIQUES)


def parse_band(text: str) -> Band:
    """'4.0-6.0', '4-6', '6.2-' (no upper limit) or '3' (3.0 exactly); PuzzleError naming
    the problem."""
    low_text, dash, high_text = text.strip().partition("-")
    try:
        low = float(low_text)
        high = (float(high_text) if high_text.strip() else TOP) if dash else low
    except ValueError:
        raise PuzzleError(f"rating {text!r}: write a range like 4.0-6.0") from None
    if not (1.0 <= low <= TOP and 1.0 <= high <= TOP):
        raise PuzzleError(f"rating {text!r}: ratings go from 1.0 to {TOP:.0f}")
    if low > high:
        raise PuzzleError(f"rating {text!r}: the low end is above the high end "
                          f"(did you mean {high_text}-{low_text}?)")
    return Band(low, high)


def level_band(name: str) -> Band:
    try:
        return LEVELS[name.strip().lower()]
    except KeyError:
        raise PuzzleError(f"level {name!r}: use one of {', '.join(LEVELS)}") from None


def in_band(rating: Rating, band: Band | None) -> bool:
    """Whether the rating lies in the band. A path that stopped (complete False) needs a
    technique past the solver's reach, so a rating of at least 6.2 (chains) on SE's scale:
    it fits only a band with no upper limit that starts at or below that."""
    if band is None:
        return True
    if rating.complete:
        return band.low <= rating.rating <= band.high
    return band.open_top and band.low <= max(CHAINS, reach())


def level_of(rating: Rating) -> str:
    """The named level of a rating ('hard'); a path that stopped: 'fiendish or harder'."""
    name = level_name(rating.rating).lower()
    return name if rating.complete else f"{name} or harder"


def rating_summary(rating: Rating) -> str:
    """'ER 2.6 (hardest step: Pointing), level hard'; a path that stopped: 'ER 2.6+ ...'
    (at least that: it needs a technique the solver does not have yet)."""
    plus = "" if rating.complete else "+"
    hardest = f" (hardest step: {rating.technique})" if rating.technique else ""
    return f"ER {rating.rating:.1f}{plus}{hardest}, level {level_of(rating)}"
