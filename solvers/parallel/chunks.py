"""Tasks grouped into chunks for a cluster: one Dask task runs a chunk's tasks one by one.

A Dask task costs milliseconds of the scheduler's and the client's time (on a small machine
that time is taken from the workers), so a cluster cannot be sent the hundreds of small tasks
a thread pool runs well; but a few big tasks leave workers idle at the end, waiting for the
last one. Guided self-scheduling does both: each chunk takes a fixed part of the share still
unassigned, so chunks shrink as the run goes on, down to single tasks at the end; and no chunk
exceeds `most_share`, so a worker that dies, or a run killed, loses no more than that.

Chunks keep the tasks' order (the split's shuffle: a fair sample of the tree), and each task
is still counted, checkpointed and reported by its own name.
"""

from __future__ import annotations

from .tasks import Task

GUIDED_PARTS_PER_WORKER = 2  # a chunk takes 1/(this x workers) of the share left


def guided_chunks(tasks: list[Task], workers: int, most_share: float) -> list[list[Task]]:
    """`tasks` in order, cut into chunks of decreasing share, at most `most_share` each
    (a single task bigger than that is a chunk of its own)."""
    left = sum(task.share for task in tasks)
    parts = GUIDED_PARTS_PER_WORKER * max(1, workers)
    chunks: list[list[Task]] = []
    index = 0
    while index < len(tasks):
        target = min(most_share, left / parts)
        chunk, share = [tasks[index]], tasks[index].share
        index += 1
        while index < len(tasks) and share + tasks[index].share <= target:
            share += tasks[index].share
            chunk.append(tasks[index])
            index += 1
        chunks.append(chunk)
        left -= share
    return chunks
