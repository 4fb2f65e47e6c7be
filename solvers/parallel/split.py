"""A run's tasks by name (solvers.parallel.tasks makes them): apart from the splitting, so
that a run finished by its trial on one thread names its single task without loading it."""

from __future__ import annotations

from ..records import record


@record
class Task:
    """A subtree of the search, named by the choices that lead to it."""

    prefix: tuple[int, ...]  # placement rows, or Sudoku cell * n + value - 1
    share: float  # Knuth's estimate of its part of the tree

    @property
    def name(self) -> str:
        """The prefix as text: how run files and clusters know a task."""
        return ".".join(map(str, self.prefix)) or "root"


@record
class Split:
    """A tree cut into tasks, with what the cutting learned of it."""

    tasks: list[Task]
    dead_share: float  # the part of the tree already known to hold no solution
    target: int = 1  # the number of tasks asked for (it bounds the splitting's work)

    @property
    def most_probes(self) -> int:
        """The most nodes splitting for `target` tasks probes."""
        return PROBES_PER_TASK * MOST_TASKS_PER_TARGET * self.target


PROBES_PER_TASK = 4  # at most this many nodes probed per task allowed: splitting stays cheap
MOST_TASKS_PER_TARGET = 16  # the split stops here even if some share is still too big
