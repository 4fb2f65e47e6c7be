"""A minimal unsatisfiable core by deletion: from every member, drop each in turn and keep it
dropped while the rest is still unsatisfiable. What is left is minimal (dropping any one
member of it makes it satisfiable), not necessarily the smallest such set; members tried
first are the likelier to be dropped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Member = TypeVar("Member")


def drop_each(members: Sequence[Member],
              unsatisfiable: Callable[[list[Member]], bool]) -> list[Member]:
    """The members kept, in their order; `unsatisfiable(some)` is asked once per member."""
    kept = list(members)
    for member in members:
        trial = [other for other in kept if other != member]
        if unsatisfiable(trial):
            kept = trial
    return kept
