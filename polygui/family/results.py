"""A family run's results as the dock shows them: member rows, the designer's checks in words,
and the table as CSV. No Qt.

Glossary
- family: solvers.puzzle.family.Family (name, members, calendar).
- result: solvers' MemberResult (index, name, solutions, seconds, complete), one per member
  whose run has ended.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
LISTED = 5  # members named in a check, at most ("… and 3 more")


def date_text(date: tuple[int, int]) -> str:
    """(2, 30) -> 'Feb 30'."""
    month, day = date
    return f"{MONTHS[month - 1]} {day}"


WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")  # 0 is Monday, as in Python


def member_label(member: Any) -> str:
    """A member as the checks name it: a calendar's by its date (and weekday), others by
    name."""
    if member.date is None:
        return member.name
    weekday = getattr(member, "weekday", None)
    return date_text(member.date) if weekday is None else (
        f"{WEEKDAYS[weekday]} {date_text(member.date)}")


@dataclass
class FamilyResults:
    """The members of `family` and the results of those whose run has ended."""

    family: Any
    results: dict[int, Any] = field(default_factory=dict)  # member index -> MemberResult
    symmetry: str = "distinct"  # the Count mode of the results

    def add(self, result: Any) -> None:
        self.results[result.index] = result

    def count(self, index: int) -> int | None:
        """The member's solutions, None while it has not been solved."""
        result = self.results.get(index)
        return None if result is None else result.solutions

    def is_complete(self) -> bool:
        """Every member solved to the end."""
        return (len(self.results) == len(self.family.members)
                and all(result.complete for result in self.results.values()))

    def solved_counts(self) -> list[int]:
        return [result.solutions for result in self.results.values()]

    def checks(self) -> list[str]:
        """The designer's checks, one sentence each, over the members solved so far."""
        members = self.family.members
        if not self.results:
            return [f"{len(members)} members, none solved yet."]
        noun = "dates" if self.family.calendar else "members"
        done = sorted(self.results)
        lines = []
        if len(done) < len(members) or not self.is_complete():
            unfinished = sum(not result.complete for result in self.results.values())
            lines.append(f"{len(done)} of {len(members)} {noun} solved"
                         + (f" ({unfinished} stopped before the end)" if unfinished else "")
                         + ": the checks speak of those.")
        none = [index for index in done if self.results[index].solutions == 0]
        lines.append(f"Every {noun[:-1]} has a solution." if not none else
                     f"{self._amount(none, noun)} {'has' if len(none) == 1 else 'have'} "
                     f"none: {self._names(none)}.")
        not_one = [index for index in done if self.results[index].solutions != 1]
        lines.append(f"Every {noun[:-1]} has exactly one solution." if not not_one else
                     f"Not every {noun[:-1]} has exactly one solution "
                     f"({self._amount(not_one, noun)} "
                     f"{'does' if len(not_one) == 1 else 'do'} not).")
        fewest = min(self.results[index].solutions for index in done)
        most = max(self.results[index].solutions for index in done)
        lines.append(f"Fewest: {fewest:,} ({self._names(self._with(fewest))}); "
                     f"most: {most:,} ({self._names(self._with(most))}).")
        return lines

    def _with(self, solutions: int) -> list[int]:
        return [index for index in sorted(self.results)
                if self.results[index].solutions == solutions]

    @staticmethod
    def _amount(indices: list[int], noun: str) -> str:
        return f"1 {noun[:-1]}" if len(indices) == 1 else f"{len(indices)} {noun}"

    def _names(self, indices: list[int]) -> str:
        names = [member_label(self.family.members[index]) for index in indices[:LISTED]]
        more = len(indices) - LISTED
        return ", ".join(names) + (f" and {more} more" if more > 0 else "")

    def csv_text(self) -> str:
        """The table: one row per member (in the family's order), unsolved ones left blank."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        calendar = self.family.calendar
        writer.writerow(["member"] + (["month", "day", "weekday"] if calendar else [])
                        + ["solutions", "seconds", "complete"])
        for index, member in enumerate(self.family.members):
            weekday = getattr(member, "weekday", None)
            date = (list(member.date) + ["" if weekday is None else WEEKDAYS[weekday]]
                    if calendar and member.date else ["", "", ""])
            result = self.results.get(index)
            figures = (["", "", ""] if result is None else
                       [result.solutions, f"{result.seconds:.3f}",
                        "yes" if result.complete else "no"])
            writer.writerow([member.name] + (date if calendar else []) + figures)
        return out.getvalue()
