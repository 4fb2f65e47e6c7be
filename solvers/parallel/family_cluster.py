"""A family's members counted on a Dask cluster: one Dask task each, the member's puzzle
sent as its file's JSON text (a worker counts it with the ordinary search)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from ..puzzle.cancel import CancelCheck, Cancelled
from ..puzzle.family import Family
from ..puzzle.fileformat import puzzle_from_json, puzzle_to_json
from .cluster import describe, log, open_client
from .cluster_spec import ClusterSpec, cluster_spec
from .family_member import Count, Running, count_member

WAIT_SECONDS = 0.2  # how often the run looks at `cancel` and says how far it is


def count_member_json(puzzle_json: str, symmetry: str, kernel: str) -> Count:
    """On a worker: count the member the JSON text describes."""
    return count_member(puzzle_from_json(puzzle_json, strict=False), symmetry, kernel)


def cluster_counts(family: Family, pending: list[int], symmetry: str, kernel: str,
                   address: str | ClusterSpec,
                   cancel: CancelCheck | None) -> Iterator[tuple[int, Count] | Running]:
    """(index, count) as each member ends on the cluster, and now and then a Running of
    nothing (a running member's share is not reported)."""
    from distributed import as_completed

    spec = cluster_spec(address)
    client, cluster = open_client(spec)
    futures = []
    try:
        log.info("searching on %s", describe(spec, client))  # polygui-solve shows it
        futures = [client.submit(count_member_json, puzzle_to_json(family.members[i].puzzle),
                                 symmetry, kernel, key=f"polygui-member-{i}-{time.time_ns()}",
                                 pure=False) for i in pending]
        index_of = {future.key: i for future, i in zip(futures, pending)}
        waiting = as_completed(futures)
        while not waiting.is_empty():
            if cancel is not None and cancel():
                raise Cancelled()
            for future in waiting.next_batch(block=False):
                yield index_of[future.key], future.result()
            time.sleep(WAIT_SECONDS if not waiting.has_ready() else 0)
            yield Running(0.0)
    finally:
        client.cancel(futures)
        client.close()
        if cluster is not None:
            cluster.close()
