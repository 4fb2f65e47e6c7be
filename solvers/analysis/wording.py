"""Estimates in words, for the status of the Solve panel and polygui-solve: "about 20 s,
about 19,000 solutions (10,000-40,000)"."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the estimate's kernels load only when an estimate is made
    from .estimate import Estimate, Range


def rounded(value: float, digits: int = 2) -> int:
    """`value` to `digits` significant figures (19,186 -> 19,000)."""
    if value < 1:
        return 0 if value < 0.5 else 1
    scale = 10 ** max(0, int(math.floor(math.log10(value))) + 1 - digits)
    return int(round(value / scale) * scale)


def duration(seconds: float) -> str:
    """"under a second", "20 s", "3 min", "2.5 h", "4 days", "30 years"."""
    if seconds < 1:
        return "under a second"
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 1.5 * size if unit != "min" else seconds >= 90:
            return f"{rounded(seconds / size):,} {unit}"
    return f"{rounded(seconds):,} s"


def solution_count(found: Range, exact: bool, one: str = "solution",
                   many: str = "solutions") -> str:
    """"19,186 solutions", or "about 19,000 solutions (10,000-40,000)"."""
    value = int(round(found.value))
    if exact:
        return f"{value:,} {one if value == 1 else many}"
    spread = f"{rounded(found.low):,}-{rounded(found.high):,}"
    about = rounded(found.value)
    return f"about {about:,} {one if about == 1 else many} ({spread})"


def describe(found: Estimate) -> str:
    """One line: how long the search takes on one thread and what it finds."""
    return _time_and_solutions(found) + _of_assemblies(found)


def _of_assemblies(found: Estimate) -> str:
    """" of 12 assemblies" (", of about 900 assemblies (...)") when they are taken apart."""
    if found.assemblies is None:
        return ""
    what = "of " + solution_count(found.assemblies, found.exact, "assembly", "assemblies")
    if not found.share_known:
        what += ": how many come apart is not known until some are taken apart"
    return " " + what


def _time_and_solutions(found: Estimate) -> str:
    if found.exact:
        return f"{duration(found.seconds.value)}, {solution_count(found.solutions, True)}"
    time = found.seconds
    if time.value < 1:
        when = f"under a second (up to {duration(time.high)})" if time.high >= 1 else duration(0)
    else:
        when = f"about {duration(time.value)} ({duration(time.low)} to {duration(time.high)})"
    return f"{when}, {solution_count(found.solutions, False)}"
