"""Guided chunks for a cluster: every task once, in order, chunks no bigger than allowed,
shrinking towards single tasks at the end."""

from __future__ import annotations

import random

import pytest

from solvers.parallel.chunks import guided_chunks
from solvers.parallel.tasks import Task


def tasks_with_shares(shares: list[float]) -> list[Task]:
    total = sum(shares)
    return [Task((index,), share / total) for index, share in enumerate(shares)]


@pytest.mark.parametrize("seed", range(20))
def test_chunks_keep_every_task_once_in_order_within_the_bound(seed):
    rng = random.Random(seed)
    tasks = tasks_with_shares([rng.expovariate(1.0) for _ in range(rng.randint(1, 2000))])
    workers = rng.randint(1, 16)
    most = 1.0 / (16 * workers)
    chunks = guided_chunks(tasks, workers, most)
    assert [task for chunk in chunks for task in chunk] == tasks
    for chunk in chunks:
        assert len(chunk) == 1 or sum(task.share for task in chunk) <= most + 1e-12


def test_chunks_shrink_to_single_tasks_at_the_end():
    tasks = tasks_with_shares([1.0] * 1024)
    chunks = guided_chunks(tasks, 2, 1.0 / 32)
    sizes = [len(chunk) for chunk in chunks]
    assert sizes[0] == 32  # capped: 1/32 of the tree, though 1/4 of it is still unassigned
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-4:] == [1, 1, 1, 1]
    assert len(chunks) < 1024 // 8  # far fewer Dask tasks than tasks


def test_a_task_bigger_than_the_bound_is_a_chunk_of_its_own():
    tasks = tasks_with_shares([50.0, 1.0, 1.0, 48.0])
    chunks = guided_chunks(tasks, 2, 0.1)
    assert chunks[0] == [tasks[0]] and chunks[-1] == [tasks[3]]
