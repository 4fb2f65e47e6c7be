"""What the window says about a run: at its end, over stale solutions, after a new Count
choice. Plain functions of the facts, so that every message reads the same wherever it
shows."""

from __future__ import annotations

from ..models.status import plural
from .panel import symmetry_label

STALE = ("The puzzle has changed since these solutions were found: they are shown on the "
         "puzzle they solve.")


def stale_banner(running: bool, problems: list[str]) -> str:
    """The banner over solutions of an earlier version of the puzzle: what to do now (never
    "press Solve" while Solve cannot be pressed or would refuse)."""
    if running:
        advice = ("This run goes on solving the puzzle as it was when Solve was pressed; stop "
                  "it, then press Solve to solve the new version.")
    elif problems:
        advice = f"The new version cannot be solved: {'; '.join(problems)}."
    else:
        advice = "Press Solve to solve the new version."
    return f"{STALE} {advice}"


def end_of_run(status: str, count: int, kept: int | None = None,
               max_kept: int = 0, assemblies: int | None = None) -> str | None:
    """The panel's message when a run ends with `status` after counting `count` solutions
    and keeping `kept` of them (None: its own message said it); `assemblies`: of how many
    assemblies, when only those that come apart are solutions."""
    message = _ended(status, count, assemblies)
    if message is not None and kept is not None and count > kept:
        message += f" {not_kept(max_kept)}"
    return message


def not_kept(max_kept: int) -> str:
    return f"The first {max_kept:,} are kept to browse and export; the rest are counted, not kept."


def _ended(status: str, count: int, assemblies: int | None = None) -> str | None:
    found = plural(count, "solution")
    if assemblies is not None:
        found += f" (of {plural(assemblies, 'assembly', 'assemblies')})"
    if status == "done":
        if count == 0 and assemblies:
            return f"No solution: none of the {plural(assemblies, 'assembly', 'assemblies')} " \
                   "comes apart."
        return ("No solution: the whole search found none." if count == 0
                else f"Finished: {found}.")
    if status == "limit":
        return f"Stopped after {found}, as asked."
    if status == "stopped":
        return f"Stopped: {found} found so far."
    return None


def empty_browser(status: str) -> str | None:
    """What the browser says when a run that ended with `status` found nothing."""
    return {"done": "no solutions", "unsolvable": "no solutions",
            "stopped": "none found before Stop"}.get(status)


def count_changed(count: int, solved: str, wanted: str) -> str:
    """After a new Count choice: what the solutions shown were counted as."""
    found = (f"The {plural(count, 'solution')} shown {'was' if count == 1 else 'were'}"
             if count else "The last run")
    if wanted == solved:
        return f"{found} counted this way."
    return (f"{found} counted as “{symmetry_label(solved)}”. "
            f"Press Solve to count “{symmetry_label(wanted)}”.")
